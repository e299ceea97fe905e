"""The rolls and choices a combat's result calls for once its losses are taken (a morale check,
a leader's loss roll, the vehicle a destruction attempt targets), waiting in the game in order
until each is resolved as its own undoable, logged command.

The ruleset names them (``follow_ups``), says their chances (``follow_up_chances``) and resolves
each (``resolve_follow_up``, rules/follow_ups.py); the game hands it the participants still in
play and applies the effects with the status commands' machinery. Undo puts a follow-up back
waiting; redo applies the very same roll. :class:`FollowUpModel` is what the Combat panel's
follow-up rows show (Qt-free: an operation says what changed, the widget refreshes from it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Literal

from hexcombat.board.hexes import Hex
from hexcombat.game.commands import counter_in_play, plural, turn_now
from hexcombat.game.roll import RecordingDice, roll_time, what_to_type
from hexcombat.game.state import (
    Change,
    CombatLogEntry,
    Command,
    Counter,
    GameError,
    GameState,
    RuleRefusedError,
    counters_in,
)
from hexcombat.game.status_commands import StatusChanges, StatusOutcome, status_effects
from hexcombat.rules.dice import DiceWanted, ScriptedDice, die_words
from hexcombat.rules.effects import Effect
from hexcombat.rules.errors import RulesError
from hexcombat.rules.follow_ups import FollowUp, FollowUpResult
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import CombatResult, Outcome, Report
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.vocabulary import DieSpec
from hexcombat.rules.wording import roll_words


@dataclass(frozen=True)
class PendingFollowUps:
    """The follow-ups one combat's result calls for, still to resolve, in order."""

    report: Report
    """The combat's report, as evaluated before its roll: what the ruleset resolves them by."""
    where: str
    """The attacked hex's label (``0504``), for the log and for why no other attack rolls."""
    queue: tuple[FollowUp, ...]

    def find(self, key: str) -> FollowUp:
        """The follow-up ``key``; :class:`GameError` when none waits under that key."""
        for follow_up in self.queue:
            if follow_up.key == key:
                return follow_up
        raise GameError(f"no follow-up {key!r} waits after the attack on {self.where}")

    def without(self, key: str, more: Sequence[FollowUp] = ()) -> tuple[FollowUp, ...]:
        """The queue with ``key`` resolved: what it calls for (``more``) takes its place."""
        at = [f.key for f in self.queue].index(key)
        return (*self.queue[:at], *more, *self.queue[at + 1 :])


def waiting_text(pending: PendingFollowUps) -> str:
    """Why no other attack rolls now."""
    return (
        f"the attack on {pending.where} has {plural(len(pending.queue), 'follow-up')} to "
        "resolve first (morale checks and the like, in the Combat panel)"
    )


def participant_ids(report: Report) -> list[str]:
    """Every participant's id (the counters that fought), attackers first."""
    situation = report.situation
    return [p.id for p in (*situation.attackers, *situation.defenders) if p.id is not None]


def participant_side(report: Report, uid: str) -> str:
    """``attacker`` or ``defender``: the side ``uid`` fought on."""
    return "attacker" if any(p.id == uid for p in report.situation.attackers) else "defender"


def standing(state: GameState, report: Report) -> dict[str, UnitStatus]:
    """The participants still in play, by id, with their status now."""
    return {
        uid: state.counters[uid].status for uid in participant_ids(report) if uid in state.counters
    }


def standing_sides(state: GameState, report: Report) -> dict[str, list[str]]:
    """Each side's participants still in play: an effect naming no targets falls on them."""
    sides: dict[str, list[str]] = {"attacker": [], "defender": []}
    for uid in standing(state, report):
        sides[participant_side(report, uid)].append(uid)
    return sides


def named(state: GameState, uid: str) -> str:
    """``Guards in 0504``: a participant as a player finds it on the map."""
    if uid not in state.counters:
        return f"{uid} (no longer in play)"
    return f"{state.counters[uid].unit.name} in {state.hexmap.label(state.hex_of(uid))}"


def gone_problem(state: GameState, report: Report, follow_up: FollowUp) -> str | None:
    """Why ``follow_up`` can no longer be resolved (its unit, or every unit it chooses among,
    is out of play), or None."""
    now = standing(state, report)
    if follow_up.target is not None and follow_up.target not in now:
        return f"{follow_up.text}: {named(state, follow_up.target)}, dropped"
    if follow_up.choices and not any(c in now for c in follow_up.choices):
        return f"{follow_up.text}: none of its units is in play any more, dropped"
    return None


def follow_ups_after(
    state: GameState, report: Report, result: CombatResult, where: str
) -> PendingFollowUps | None:
    """What ``result`` calls for, asked of the ruleset with the participants still in play
    (after the losses); None when nothing. :class:`GameError` says what is wrong."""
    try:
        found = tuple(
            get_ruleset(report.ruleset).follow_ups(report, result, standing(state, report))
        )
    except RulesError as exc:
        raise GameError(f"the follow-ups after the attack on {where}: {exc}") from exc
    keys = [f.key for f in found]
    if len(set(keys)) != len(keys):
        raise GameError(f"the ruleset names a follow-up twice after the attack on {where}")
    return PendingFollowUps(report, where, found) if found else None


# --- the combat applied, then its follow-ups waiting ------------------------------------------


@dataclass
class ApplyThenFollowUps:
    """A combat's result applied (``apply``: the losses, retreats, advance), then what it calls
    for waiting in the game (:attr:`GameState.follow_ups`): one undo entry, so undoing the result
    takes its follow-ups back with it."""

    apply: Command
    report: Report
    result: CombatResult
    where: str
    text: str = ""
    _after: PendingFollowUps | None = field(default=None, repr=False)
    _asked: bool = field(default=False, repr=False)

    @property
    def entry(self) -> CombatLogEntry:
        """The combat's log entry (the applied command's)."""
        return self.apply.entry  # type: ignore[attr-defined,no-any-return]

    def do(self, state: GameState) -> Change:
        if isinstance(state.follow_ups, PendingFollowUps):
            raise GameError(waiting_text(state.follow_ups))
        change = self.apply.do(state)
        self.text = self.apply.text
        if not self._asked:
            try:
                self._after = follow_ups_after(state, self.report, self.result, self.where)
            except GameError:
                self.apply.undo(state)
                raise
            self._asked = True
            if self._after is not None:
                self.entry.details.append(
                    "follow-ups: " + "; ".join(f"{f.text} ({f.rule})" for f in self._after.queue)
                )
        state.follow_ups = self._after
        return replace(change, follow_ups=True)

    def undo(self, state: GameState) -> Change:
        state.follow_ups = None
        return replace(self.apply.undo(state), follow_ups=True)


# --- one follow-up resolved -------------------------------------------------------------------


def outcome_of(
    state: GameState, sides: Mapping[str, Sequence[str]], effects: Sequence[Effect]
) -> StatusOutcome:
    """What a follow-up's (or a counter action's) effects do to the counters: its status
    effects (lose steps, set a state, a marker) and the units it eliminates outright; an effect
    naming no targets falls on ``sides`` (side -> counter uids)."""
    doomed: list[str] = []
    for effect in effects:
        if effect.kind == "eliminate":
            targets = effect.targets or tuple(sides.get(effect.side, ()))
            doomed += [u for u in targets if u in state.counters and u not in doomed]
    outcome = status_effects(state, effects, sides, spared=doomed)
    words = [f"{named(state, u)}: eliminated" for u in doomed]
    return StatusOutcome(
        {u: s for u, s in outcome.statuses.items() if u not in doomed},
        (*doomed, *outcome.eliminated),
        (*words, *outcome.words),
    )


def typed_dice_problem(follow_up: FollowUp, typed: Sequence[int]) -> str | None:
    """Why ``typed`` cannot be dice for ``follow_up`` (a face its die does not have), or None."""
    die = follow_up.die or DieSpec("die", 6)
    if not typed:
        return "no dice typed"
    for face in typed:
        if not 1 <= face <= die.sides:
            return f"{die_words(die)} has no {face}"
    return None


def follow_up_dice_text(follow_up: FollowUp) -> str:
    """What to type for ``follow_up``, as the typed-dice prompts say every die
    (:func:`~hexcombat.game.roll.what_to_type`): ``2 numbers: the morale check (2d6), e.g. 4
    2``."""
    die = follow_up.die
    if die is None:
        return "no dice"
    return what_to_type([die] * die.count)


@dataclass
class ResolveFollowUp:
    """Resolve the waiting follow-up ``key``: rolled with the game's dice or the ``typed``
    physical dice, among its choices the player's ``choice``; its effects applied to the
    counters, its roll written to the combat log, what it calls for queued after it. A
    follow-up whose unit is no longer in play is dropped with a note instead. Undo puts it back
    waiting; redo applies the same roll."""

    key: str
    typed: list[int] | None = None
    choice: str | None = None
    text: str = ""
    _pending: PendingFollowUps | None = field(default=None, repr=False)
    _result: FollowUpResult | None = field(default=None, repr=False)
    _entry: CombatLogEntry | None = field(default=None, repr=False)
    _changes: StatusChanges | None = field(default=None, repr=False)
    _before: tuple[int, object] | None = field(default=None, repr=False)
    _after: tuple[int, object] | None = field(default=None, repr=False)

    def do(self, state: GameState) -> Change:
        pending = state.follow_ups
        if not isinstance(pending, PendingFollowUps):
            raise GameError("no follow-up waits: the last combat's result called for none")
        follow_up = pending.find(self.key)
        if self._entry is None:
            self._resolve(state, pending, follow_up)
        elif self._after is not None:  # redo: the game's dice as they were after this roll
            state.dice.restore(self._after)
        assert self._entry is not None
        more = self._result.more if self._result is not None else ()
        touched: set[Hex] = set()
        uids: frozenset[str] = frozenset()
        if self._result is not None:
            sides = standing_sides(state, pending.report)
            try:
                outcome = outcome_of(state, sides, self._result.effects)
            except GameError:  # an effect the game cannot make: as if never rolled
                self._forget(state)
                raise
            self._changes = StatusChanges(outcome)
            touched = self._changes.do(state)
            uids = self._changes.uids()
            self._entry.changes = list(outcome.words) or ["no change"]
        self._pending = pending
        left = PendingFollowUps(pending.report, pending.where, pending.without(self.key, more))
        state.follow_ups = left if left.queue else None
        state.log.append(self._entry)
        return Change(self.text, frozenset(touched), uids, log=True, follow_ups=True)

    def _forget(self, state: GameState) -> None:
        """Take back a roll whose effects were refused: the game's dice as before it."""
        if self._before is not None and self.typed is None and self._after is not None:
            state.dice.restore(self._before)
        self._entry = self._result = None
        self.text = ""

    def _resolve(self, state: GameState, pending: PendingFollowUps, follow_up: FollowUp) -> None:
        """Roll (or take the typed dice and the choice) and ask the ruleset what happens."""
        where = pending.where
        if (gone := gone_problem(state, pending.report, follow_up)) is not None:
            self.text = self.text or f"{where}: {gone}"
            self._entry = CombatLogEntry(self.text, [f"{follow_up.rule}: {gone}"], roll_time())
            self._entry.changes = ["none: dropped"]
            return
        now = standing(state, pending.report)
        if follow_up.choices:
            choices = [c for c in follow_up.choices if c in now]
            if self.choice is None:
                raise GameError(f"{follow_up.text}: choose one of {units_of(state, choices)}")
            if self.choice not in choices:
                raise GameError(
                    f"{follow_up.text}: {named(state, self.choice)} is not among its choices "
                    f"({units_of(state, choices)})"
                )
        if self.typed is not None and (why := typed_dice_problem(follow_up, self.typed)):
            raise GameError(f"{follow_up.text}: {why}: type {follow_up_dice_text(follow_up)}")
        self._before = state.dice.snapshot()
        typed = ScriptedDice(list(self.typed)) if self.typed is not None else None
        dice = RecordingDice(typed or state.dice)
        try:
            result = get_ruleset(pending.report.ruleset).resolve_follow_up(
                pending.report,
                follow_up,
                now,
                dice,
                self.choice,  # type: ignore[arg-type]
            )
        except DiceWanted as wanted:
            state.dice.restore(self._before)
            what = f" for the {wanted.purpose}" if wanted.purpose else ""
            raise GameError(
                f"{follow_up.text}: one more die is wanted: roll a d{wanted.sides}{what} and "
                "type it after the others"
            ) from None
        except (RulesError, ValueError) as exc:
            state.dice.restore(self._before)
            raise GameError(f"{follow_up.text}: {exc}") from exc
        if typed is not None and self.typed is not None and typed.used != len(self.typed):
            state.dice.restore(self._before)
            raise GameError(
                f"{follow_up.text}: it rolls {plural(typed.used, 'die', 'dice')}, but "
                f"{len(self.typed)} {'was' if len(self.typed) == 1 else 'were'} typed in"
            )
        self._after = state.dice.snapshot() if self.typed is None else None
        self._result = result
        how = "typed in" if self.typed is not None else "game dice"
        faces = " ".join(str(r) for r in dice.rolls)
        rolled = f"roll {faces} ({how}): " if faces else ""
        chosen = f" [{named(state, self.choice)}]" if self.choice is not None else ""
        self.text = self.text or f"{where}: {follow_up.text}{chosen}: {rolled}{result.headline}"
        details = [f"{follow_up.rule}: {follow_up.text}{chosen}"]
        if result.rolls:
            details.append("dice: " + "; ".join(roll_words(r) for r in result.rolls))
        if result.more:
            details.append("calls for: " + "; ".join(f"{f.text} ({f.rule})" for f in result.more))
        self._entry = CombatLogEntry(self.text, details, rolled_at=roll_time())

    def undo(self, state: GameState) -> Change:
        assert self._pending is not None, "undo before do"
        if state.log and state.log[-1] is self._entry:
            state.log.pop()
        state.follow_ups = self._pending
        touched: set[Hex] = set()
        uids: frozenset[str] = frozenset()
        if self._changes is not None:
            touched = self._changes.undo(state)
            uids = self._changes.uids()
        if self._before is not None and self.typed is None:
            state.dice.restore(self._before)
        return Change(f"Undo: {self.text}", frozenset(touched), uids, log=True, follow_ups=True)


def units_of(state: GameState, uids: Sequence[str]) -> str:
    """``Tank in 0504, Carrier in 0504``: participants to choose among."""
    return ", ".join(named(state, u) for u in uids) or "none in play"


# --- what the Combat panel's follow-up rows show ----------------------------------------------


@dataclass(frozen=True)
class Chance:
    """One way a follow-up can end, with its exact chance."""

    text: str
    probability: Fraction

    @property
    def percent(self) -> str:
        """``41.7%``: the chance as a player reads it (the exact fraction in a tooltip)."""
        return f"{float(self.probability) * 100:.1f}%"


@dataclass(frozen=True)
class FollowUpRow:
    """One waiting follow-up as the panel shows it."""

    key: str
    text: str
    rule: str
    die: str
    """``2d6 (morale check)``, or "" for a choice alone."""
    dice_text: str
    """What to type for it."""
    choices: tuple[tuple[str, str], ...]
    """(participant id, ``Tank in 0504``) to choose among, those in play; empty: none."""
    chooser: str
    """Who chooses (a side), "" without choices."""
    chances: tuple[Chance, ...]
    """For the choice made (the first, until one is), each outcome's chance."""
    gone: str
    """Why it will be dropped (its unit is out of play), or ""."""


FollowUpEvent = Literal["follow-ups", "problem"]
"""What changed: the waiting follow-ups (one resolved, undone, or a new combat's), or what the
last action was refused for."""


class FollowUpModel:
    """The follow-ups waiting in ``state``, for a view: each as a row, rolled or typed, chosen,
    through the ``run`` given (the window's undo stack)."""

    def __init__(self, state: GameState, run: Callable[[Command], str]) -> None:
        self.state = state
        self._run = run
        self._listeners: list[Callable[[FollowUpEvent], None]] = []
        self.choices: dict[str, str] = {}
        """The participant the player picked for each follow-up with choices."""
        self.problem = ""
        """Why the last roll or choice was refused ("" when it was not)."""
        state.subscribe(self.on_change)

    def subscribe(self, listener: Callable[[FollowUpEvent], None]) -> None:
        self._listeners.append(listener)

    def detach(self) -> None:
        """Stop following the game."""
        self.state.unsubscribe(self.on_change)

    def _emit(self, event: FollowUpEvent) -> None:
        for listener in list(self._listeners):
            listener(event)

    def on_change(self, change: Change) -> None:
        """Follow-ups resolved, undone or queued; a unit they are about moved or gone."""
        if change.follow_ups or change.counters:
            self.problem = ""
            self._emit("follow-ups")

    @property
    def pending(self) -> PendingFollowUps | None:
        pending = self.state.follow_ups
        return pending if isinstance(pending, PendingFollowUps) else None

    def rows(self) -> list[FollowUpRow]:
        """Every waiting follow-up, in order."""
        pending = self.pending
        if pending is None:
            return []
        return [self._row(pending, f) for f in pending.queue]

    def _row(self, pending: PendingFollowUps, follow_up: FollowUp) -> FollowUpRow:
        state, report = self.state, pending.report
        now = standing(state, report)
        choices = tuple((c, named(state, c)) for c in follow_up.choices if c in now)
        choice = self.choice_of(follow_up, choices)
        gone = gone_problem(state, report, follow_up) or ""
        chances: tuple[Chance, ...] = ()
        if not gone:
            try:
                found = get_ruleset(report.ruleset).follow_up_chances(
                    report, follow_up, now, choice
                )
                chances = tuple(_chance(o) for o in found)
            except RulesError as exc:
                chances = (Chance(f"no chances: {exc}", Fraction(0)),)
        die = follow_up.die
        return FollowUpRow(
            key=follow_up.key,
            text=follow_up.text,
            rule=follow_up.rule,
            die=f"{die.name} ({die.purpose})" if die is not None else "",
            dice_text=follow_up_dice_text(follow_up),
            choices=choices,
            chooser=(follow_up.chooser or follow_up.side) if follow_up.choices else "",
            chances=chances,
            gone=gone,
        )

    def choice_of(
        self, follow_up: FollowUp, choices: Sequence[tuple[str, str]] | None = None
    ) -> str | None:
        """The participant chosen for ``follow_up`` (the first in play until one is picked)."""
        if not follow_up.choices:
            return None
        if choices is None:
            pending = self.pending
            now = standing(self.state, pending.report) if pending is not None else {}
            choices = [(c, "") for c in follow_up.choices if c in now]
        picked = self.choices.get(follow_up.key)
        ids = [c for c, _ in choices]
        return picked if picked in ids else (ids[0] if ids else None)

    def chosen(self, key: str) -> str | None:
        """The participant chosen for the waiting follow-up ``key`` (None: it has no choices)."""
        pending = self.pending
        if pending is None:
            return None
        try:
            return self.choice_of(pending.find(key))
        except GameError:
            return None

    def choose(self, key: str, uid: str) -> None:
        """The player picks ``uid`` among the follow-up's choices (its chances follow)."""
        self.choices[key] = uid
        self.problem = ""
        self._emit("follow-ups")

    def roll(self, key: str, typed: list[int] | None = None) -> bool:
        """Resolve the follow-up ``key`` (the game's dice, or ``typed`` physical dice) as one
        command; False with :attr:`problem` when refused."""
        pending = self.pending
        if pending is None:
            return self._refuse("no follow-up waits")
        try:
            follow_up = pending.find(key)
        except GameError as exc:
            return self._refuse(str(exc))
        refusal = self._run(ResolveFollowUp(key, typed, self.choice_of(follow_up)))
        if refusal:
            return self._refuse(refusal)
        self.choices.pop(key, None)
        return True

    def roll_typed(self, key: str, text: str) -> bool:
        """Resolve ``key`` with the dice typed as ``text`` (numbers apart by spaces or commas)."""
        try:
            typed = [int(part) for part in text.replace(",", " ").split()]
        except ValueError:
            pending = self.pending
            what = follow_up_dice_text(pending.find(key)) if pending is not None else "the dice"
            return self._refuse(f"type the dice as numbers: {what}")
        if not typed:
            return self._refuse("no dice typed: press Roll for the game's dice, or type them")
        return self.roll(key, typed)

    def _refuse(self, text: str) -> bool:
        self.problem = text
        self._emit("problem")
        return False


def _chance(outcome: Outcome) -> Chance:
    return Chance(outcome.text or outcome.code, outcome.probability)


# --- a counter action with a roll (a recovery) ------------------------------------------------


def typed_faces(text: str, what: str) -> list[int]:
    """The dice a player typed (numbers apart by spaces or commas); :class:`GameError` says
    what to type (``what``) when they are not numbers."""
    try:
        return [int(part) for part in text.replace(",", " ").split()]
    except ValueError:
        raise GameError(f"type the dice as numbers: {what}") from None


def counter_roll_text(die: DieSpec) -> str:
    """What to type for a counter action's die, as every typed-dice prompt says a die: ``2
    numbers: the rally roll (2d6), e.g. 4 2``."""
    return what_to_type([die] * die.count)


@dataclass
class RollCounterAction:
    """Do a counter action that rolls a die (a recovery): the game's dice or the ``typed``
    physical dice, the ruleset's ``counter_action_roll`` says what happens; its effects go on
    the counter (and it turns into the counter the action ``becomes``, when it names one), and
    the roll goes to the combat log. Refused in the rule's words when the rules forbid it now.
    Undo takes it back (the game's dice too); redo applies the same roll."""

    uid: str
    key: str
    typed: list[int] | None = None
    text: str = ""
    _result: FollowUpResult | None = field(default=None, repr=False)
    _becomes: str = field(default="", repr=False)
    """The counter the action turns it into ("" none), as the ruleset said when rolled."""
    _entry: CombatLogEntry | None = field(default=None, repr=False)
    _turned: Counter | None = field(default=None, repr=False)
    _changes: StatusChanges | None = field(default=None, repr=False)
    _before: tuple[int, object] | None = field(default=None, repr=False)
    _after: tuple[int, object] | None = field(default=None, repr=False)

    def do(self, state: GameState) -> Change:
        (counter,) = counters_in(state, [self.uid])
        state.check_roll_spares([self.uid])
        if self._entry is None:
            self._roll(state, counter)
        elif self._after is not None:
            state.dice.restore(self._after)
        assert self._result is not None and self._entry is not None
        h = state.hex_of(self.uid)
        self._turned = None
        if self._becomes:
            turned = Counter(
                counter.uid, state.library[self._becomes], counter.side, self._becomes,
                counter.status,
            )  # fmt: skip
            self._turned = state.replace_counter(turned)
        one = {"attacker": [self.uid], "defender": [self.uid]}  # its effects fall on it
        try:
            outcome = outcome_of(state, one, self._result.effects)
        except GameError:  # an effect the game cannot make: nothing done, the dice as before
            if self._turned is not None:
                state.replace_counter(self._turned)
            if self._before is not None and self.typed is None:
                state.dice.restore(self._before)
            self._entry = self._result = None
            self.text = ""
            raise
        words = outcome.words
        self._changes = StatusChanges(outcome)
        touched = self._changes.do(state) | {h}
        self._entry.changes = list(words) or ["no change"]
        state.log.append(self._entry)
        uids = self._changes.uids() | {self.uid}
        return Change(self.text, frozenset(touched), uids, log=True)

    def _roll(self, state: GameState, counter: Counter) -> None:
        ruleset = get_ruleset(state.ruleset)
        in_play, turn = counter_in_play(state, counter), turn_now(state)
        try:
            action = ruleset.counter_action(in_play, turn, self.key)
        except RulesError as exc:
            raise RuleRefusedError(str(exc), exc.rule) from exc
        if action.refused is not None:
            raise RuleRefusedError(str(action.refused), action.refused.rule)
        die = action.die
        if die is None:
            raise GameError(f"{action.done_text}: it rolls no die")
        if action.becomes and action.becomes not in state.library:
            raise GameError(
                f"{action.done_text}: its counter {action.becomes!r} is not in the counter sets"
            )
        want = f"type {counter_roll_text(die)}"
        if self.typed is not None:
            if not self.typed:
                raise GameError(f"{action.done_text}: no dice typed: {want}")
            if bad := [f for f in self.typed if not 1 <= f <= die.sides]:
                raise GameError(f"{action.done_text}: {die_words(die)} has no {bad[0]}: {want}")
        self._before = state.dice.snapshot()
        typed = ScriptedDice(list(self.typed)) if self.typed is not None else None
        dice = RecordingDice(typed or state.dice)
        try:
            result = ruleset.counter_action_roll(in_play, turn, self.key, dice)  # type: ignore[arg-type]
            if typed is not None and self.typed is not None and typed.used != len(self.typed):
                raise GameError(
                    f"it rolls {plural(typed.used, 'die', 'dice')}, but {len(self.typed)} "
                    f"{'was' if len(self.typed) == 1 else 'were'} typed in: {want}"
                )
        except DiceWanted as wanted:
            state.dice.restore(self._before)
            raise GameError(
                f"{action.done_text}: one more die is wanted: roll a d{wanted.sides} for the "
                f"{wanted.purpose or 'roll'} ({want})"
            ) from None
        except (RulesError, ValueError, GameError) as exc:
            state.dice.restore(self._before)
            raise GameError(f"{action.done_text}: {exc}") from exc
        self._after = state.dice.snapshot() if self.typed is None else None
        self._result = result
        self._becomes = action.becomes
        how = "typed in" if self.typed is not None else "game dice"
        faces = " ".join(str(r) for r in dice.rolls)
        where = state.hexmap.label(state.hex_of(self.uid))
        self.text = (
            self.text or f"{where}: {action.done_text}: roll {faces} ({how}): {result.headline}"
        )
        details = [f"{action.rule}: {action.help}"]
        if result.rolls:
            details.append("dice: " + "; ".join(roll_words(r) for r in result.rolls))
        self._entry = CombatLogEntry(self.text, details, rolled_at=roll_time())

    def undo(self, state: GameState) -> Change:
        assert self._changes is not None, "undo before do"
        if state.log and state.log[-1] is self._entry:
            state.log.pop()
        touched = self._changes.undo(state)
        if self._turned is not None:
            state.replace_counter(self._turned)
        if self._before is not None and self.typed is None:
            state.dice.restore(self._before)
        touched.add(state.hex_of(self.uid))
        return Change(
            f"Undo: {self.text}", frozenset(touched), self._changes.uids() | {self.uid}, log=True
        )
