"""Every change to a game is one of these commands: each does, undoes exactly, and reports the
:class:`~hexcombat.game.state.Change` it made. The desktop wraps them in ``QUndoCommand``s."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from hexcombat.board.hexes import Hex
from hexcombat.game.conditions import condition_problem
from hexcombat.game.state import (
    Change,
    CombatLogEntry,
    Counter,
    GameDice,
    GameError,
    GameState,
    RuleRefusedError,
    WaitingRoll,
    counters_in,
)
from hexcombat.game.status_commands import StatusChanges, status_effects
from hexcombat.game.turn import new_turn, phase_info, turn_text, unknown_phase
from hexcombat.rules.effects import Effect
from hexcombat.rules.eligibility import CounterAction, CounterInPlay, TurnNow
from hexcombat.rules.errors import RulesError
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.situation import Conditions


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the word in its number: "1 counter", "2 counters"; "1 die", "2 dice" with
    ``many`` given for a word whose plural is not the word and an s."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


@dataclass
class MoveCounters:
    """Move counters (one, or a whole stack) to a hex, on top of the stack there."""

    uids: list[str]
    to_hex: Hex
    text: str = ""
    _from: list[tuple[str, Hex, int]] = field(default_factory=list, repr=False)

    def do(self, state: GameState) -> Change:
        counters = counters_in(state, self.uids)
        state.check_roll_spares(self.uids, {self.to_hex})
        sides = {c.side for c in counters}
        if len(sides) != 1:
            raise GameError("move one side's counters at a time")
        state.check_can_enter(self.to_hex, sides.pop())
        state.check_room({self.to_hex: self.uids})
        self._from = []
        touched = {self.to_hex}
        for uid in reversed(self.uids):  # keep their order: the first uid ends on top
            counter, h, index = state.lift(uid)
            self._from.append((uid, h, index))
            touched.add(h)
            state.place(counter, self.to_hex, 0)
        if not self.text:
            what = counters[0].unit.name if len(counters) == 1 else plural(len(counters), "counter")
            self.text = f"Move {what} to {state.hexmap.label(self.to_hex)}"
        return Change(self.text, frozenset(touched), frozenset(self.uids))

    def undo(self, state: GameState) -> Change:
        touched = {self.to_hex}
        for uid, h, index in reversed(self._from):
            counter, _, _ = state.lift(uid)
            state.place(counter, h, index)
            touched.add(h)
        return Change(f"Undo: {self.text}", frozenset(touched), frozenset(self.uids))


@dataclass
class AddCounter:
    """Put a new counter on the map (from the palette)."""

    counter: Counter
    to_hex: Hex
    text: str = ""

    def do(self, state: GameState) -> Change:
        if self.counter.uid in state.counters:
            raise GameError(f"counter {self.counter.uid} is already on the map")
        state.check_roll_spares([], {self.to_hex})
        state.check_can_enter(self.to_hex, self.counter.side)
        state.check_room({self.to_hex: [self.counter.uid]})
        state.place(self.counter, self.to_hex, 0)
        self.text = self.text or (
            f"Add {self.counter.unit.name} at {state.hexmap.label(self.to_hex)}"
        )
        return Change(self.text, frozenset({self.to_hex}), frozenset({self.counter.uid}))

    def undo(self, state: GameState) -> Change:
        state.lift(self.counter.uid)
        return Change(f"Undo: {self.text}", frozenset({self.to_hex}), frozenset({self.counter.uid}))


@dataclass
class RemoveCounters:
    """Take counters off the map (Delete)."""

    uids: list[str]
    text: str = ""
    _removed: list[tuple[Counter, Hex, int]] = field(default_factory=list, repr=False)

    def do(self, state: GameState) -> Change:
        counters_in(state, self.uids)
        state.check_roll_spares(self.uids)
        self._removed = [state.lift(uid) for uid in self.uids]
        if not self.text:
            one = self._removed[0][0].unit.name if len(self._removed) == 1 else None
            self.text = f"Remove {one}" if one else f"Remove {plural(len(self.uids), 'counter')}"
        return Change(self.text, frozenset(h for _, h, _ in self._removed), frozenset(self.uids))

    def undo(self, state: GameState) -> Change:
        for counter, h, index in reversed(self._removed):
            state.place(counter, h, index)
        return Change(
            f"Undo: {self.text}",
            frozenset(h for _, h, _ in self._removed),
            frozenset(self.uids),
        )


@dataclass
class ReorderStack:
    """Change the order of a stack (the inspector); the first uid goes on top."""

    hex: Hex
    order: list[str]
    text: str = ""
    _old: list[str] = field(default_factory=list, repr=False)

    def do(self, state: GameState) -> Change:
        self._old = state.reorder(self.hex, list(self.order))
        self.text = self.text or f"Reorder stack in {state.hexmap.label(self.hex)}"
        return Change(self.text, frozenset({self.hex}), frozenset(self.order))

    def undo(self, state: GameState) -> Change:
        state.reorder(self.hex, self._old)
        return Change(f"Undo: {self.text}", frozenset({self.hex}), frozenset(self._old))


@dataclass
class ApplyCombat:
    """A resolved combat applied on the map: eliminations, retreats, an advance, the result's
    effects on the counters' status (steps lost, states, markers), a log entry.

    Built by :func:`hexcombat.game.apply_result.apply_combat_command` once the player has
    chosen losses, retreat ends and the advance; the dice were rolled before, so undo and redo
    never re-roll.
    """

    eliminated: list[str]
    moves: dict[str, Hex]
    """Counter -> hex it ends in (retreats, then the advance)."""
    entry: CombatLogEntry
    text: str = ""
    effects: tuple[Effect, ...] = ()
    """The result's effects; those that change a counter's status (steps lost, its state, its
    markers) are applied here (:func:`~hexcombat.game.status_commands.status_effects`)."""
    participants: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """Each side's participants (``attacker``, ``defender`` -> counter uids): an effect that
    names no targets falls on every participant of its side."""
    advanced: tuple[str, ...] = ()
    """The counters that advance, remembered for the turn when the ruleset allows one advance
    per turn per unit (``GameState.advanced``)."""
    _advanced_before: frozenset[str] = field(default=frozenset(), repr=False)
    _status: StatusChanges | None = field(default=None, repr=False)
    _removed: list[tuple[Counter, Hex, int]] = field(default_factory=list, repr=False)
    _moved: list[tuple[str, Hex, int]] = field(default_factory=list, repr=False)
    _pending: WaitingRoll | None = field(default=None, repr=False)
    _roll_logged: bool = field(default=False, repr=False)

    def do(self, state: GameState) -> Change:
        counters_in(state, [*self.eliminated, *self.moves])
        outcome = status_effects(state, self.effects, self.participants, spared=self.eliminated)
        moves = {u: h for u, h in self.moves.items() if u not in outcome.eliminated}
        arrivals: dict[Hex, list[str]] = {}
        for uid, to_hex in moves.items():
            arrivals.setdefault(to_hex, []).append(uid)
        state.check_room(arrivals, leaving=[*self.eliminated, *outcome.eliminated, *moves])
        self.text = self.text or self.entry.text
        if outcome.words and not set(outcome.words) <= set(self.entry.details):  # not on redo
            self.entry.details.extend(outcome.words)
        self._status = StatusChanges(outcome)
        touched = self._status.do(state)
        self._removed = [state.lift(uid) for uid in self.eliminated]
        self._moved = []
        touched |= {h for _, h, _ in self._removed}
        for uid, to_hex in moves.items():
            counter, h, index = state.lift(uid)
            self._moved.append((uid, h, index))
            state.place(counter, to_hex, state.stack_size(to_hex))
            touched |= {h, to_hex}
        self._pending = state.pending_roll
        state.pending_roll = None  # applied: the next attack may roll
        self._advanced_before = state.advanced
        state.advanced = state.advanced | frozenset(self.advanced)
        rolled = self._pending.entry if self._pending is not None else None
        self._roll_logged = bool(state.log) and state.log[-1] is rolled
        if self._roll_logged:
            state.log.pop()  # the combat's entry says all the roll's did, and what was applied
        state.log.append(self.entry)
        uids = frozenset([*self.eliminated, *self.moves, *self._status.uids()])
        return Change(self.text, frozenset(touched), uids, log=True, roll=True)

    def undo(self, state: GameState) -> Change:
        state.log.pop()
        state.advanced = self._advanced_before
        state.pending_roll = self._pending  # the roll is back, waiting to be applied
        if self._roll_logged and self._pending is not None:
            state.log.append(self._pending.entry)
        touched: set[Hex] = set()
        for uid, h, index in reversed(self._moved):
            counter, to_hex, _ = state.lift(uid)
            state.place(counter, h, index)
            touched |= {h, to_hex}
        for counter, h, index in reversed(self._removed):
            state.place(counter, h, index)
            touched.add(h)
        uids = frozenset([*self.eliminated, *self.moves])
        if self._status is not None:
            touched |= self._status.undo(state)
            uids |= self._status.uids()
        return Change(f"Undo: {self.text}", frozenset(touched), uids, log=True, roll=True)


@dataclass
class SetPhase:
    """Set whose player-turn it is and its phase: what the rules allow hangs on it (a counter
    action only in the phase its rule names, conditions a phase sets for every attack in it)."""

    phasing_player: str
    phase: str
    text: str = ""
    _old: tuple[str | None, str] | None = field(default=None, repr=False)
    _advanced: frozenset[str] = field(default=frozenset(), repr=False)

    def do(self, state: GameState) -> Change:
        if phase_info(state.vocabulary, self.phase) is None:
            raise GameError(unknown_phase(state.vocabulary, self.phase))
        state.check_no_roll_waiting("the phase")
        players = state.players
        if players and self.phasing_player not in players:
            raise GameError(
                f"{self.phasing_player!r} is not a side in this game; "
                f"the sides are {', '.join(players)}"
            )
        self._old = (state.chosen_phasing_player, state.phase)
        before = (state.phasing_player, state.phase)
        state.chosen_phasing_player = self.phasing_player or None  # none yet: the first side
        state.phase = self.phase
        self._advanced = state.advanced
        if new_turn(state.vocabulary, before, (state.phasing_player, state.phase)):
            state.advanced = frozenset()  # every unit may advance again
        self.text = self.text or f"Phase: {turn_text(self.phasing_player, self.phase)}"
        return Change(self.text, turn=True)

    def undo(self, state: GameState) -> Change:
        assert self._old is not None, "undo before do"
        state.chosen_phasing_player, state.phase = self._old
        state.advanced = self._advanced
        return Change(f"Undo: {self.text}", turn=True)


@dataclass
class SetWeatherAndDate:
    """Set the game's weather (the ruleset's charts read it) and its date (units' dated
    capabilities change with it): game state, saved with the game and undone like any change."""

    weather: str
    date: str | None
    text: str = ""
    _old: Conditions | None = field(default=None, repr=False)

    def do(self, state: GameState) -> Change:
        state.check_no_roll_waiting("the weather or the date")
        for key, value in (("weather", self.weather), ("date", self.date)):
            problem = condition_problem(state.vocabulary, key, value)
            if problem is not None:
                raise GameError(problem)
        self._old = state.conditions
        state.conditions = replace(state.conditions, weather=self.weather, date=self.date)
        if not self.text:
            changed = []
            if self.weather != self._old.weather:
                changed.append(f"weather {self.weather}")
            if self.date != self._old.date:
                changed.append(f"date {self.date or 'none'}")
            self.text = "Set " + (" and ".join(changed) or f"weather {self.weather}")
        return Change(self.text, conditions=True)

    def undo(self, state: GameState) -> Change:
        assert self._old is not None, "undo before do"
        state.conditions = self._old
        return Change(f"Undo: {self.text}", conditions=True)


def counter_actions(state: GameState, counter: Counter) -> list[CounterAction]:
    """What the game's ruleset lets a player do to ``counter`` now (a menu offers each; one the
    rules forbid now says why when picked)."""
    return get_ruleset(state.ruleset).counter_actions(
        counter_in_play(state, counter), turn_now(state)
    )


def counter_in_play(state: GameState, counter: Counter) -> CounterInPlay:
    """What the ruleset sees of ``counter``: its unit and owner, and for an action that rolls
    (a recovery) its status, its hex's terrain and the counters stacked with it."""
    h = state.hex_of(counter.uid)
    stacked = tuple(
        CounterInPlay(c.unit, c.counter_id, c.side, c.uid, c.status, state.hexmap.terrain[h])
        for c in state.stack_at(h)
        if c.uid != counter.uid
    )
    return CounterInPlay(
        counter.unit,
        counter.counter_id,
        counter.side,
        counter.uid,
        counter.status,
        state.hexmap.terrain[h],
        stacked,
    )


def turn_now(state: GameState) -> TurnNow:
    """Whose player-turn and which phase, as the ruleset reads them."""
    return TurnNow(state.phasing_player, state.phase)


@dataclass
class RunCounterAction:
    """Do a counter action the ruleset declares (``key``, see :func:`counter_actions`): the
    counter turns into the counter the action names, keeping its uid, side and place in the
    stack. Refused, in the rule's words, when the ruleset forbids it now."""

    uid: str
    key: str
    text: str = ""
    _before: Counter | None = field(default=None, repr=False)

    def do(self, state: GameState) -> Change:
        (counter,) = counters_in(state, [self.uid])
        state.check_roll_spares([self.uid])
        try:
            action = get_ruleset(state.ruleset).counter_action(
                counter_in_play(state, counter), turn_now(state), self.key
            )
        except RulesError as exc:
            raise RuleRefusedError(str(exc), exc.rule) from exc
        if action.refused is not None:
            raise RuleRefusedError(str(action.refused), action.refused.rule)
        if action.die is not None:  # the game's RollCounterAction rolls it (game/follow_ups.py)
            raise GameError(f"{action.done_text}: it rolls a {action.die.name}; roll it")
        if action.becomes not in state.library:
            raise GameError(
                f"{action.done_text}: its counter {action.becomes!r} is not in the counter sets"
            )
        turned = Counter(counter.uid, state.library[action.becomes], counter.side, action.becomes)
        self._before = state.replace_counter(turned)
        self.text = self.text or action.done_text
        return Change(self.text, frozenset({state.hex_of(self.uid)}), frozenset({self.uid}))

    def undo(self, state: GameState) -> Change:
        assert self._before is not None, "undo before do"
        state.replace_counter(self._before)
        h = state.hex_of(self.uid)
        return Change(f"Undo: {self.text}", frozenset({h}), frozenset({self.uid}))


@dataclass
class ReopenedRoll:
    """The roll a reopened save was waiting on, as the undo history's first entry: undo takes it
    back as it could be in the game it was rolled in (the result goes, its combat log line goes,
    and the game's dice go back, so the same roll comes again). Done already when made."""

    pending: WaitingRoll
    text: str = ""
    _before: tuple[int, object] | None = field(default=None, repr=False)
    _after: tuple[int, object] | None = field(default=None, repr=False)

    @classmethod
    def of(cls, state: GameState) -> ReopenedRoll | None:
        """The reopened game's waiting roll, or None when no roll waits."""
        pending = state.pending_roll
        if pending is None:
            return None
        command = cls(pending, pending.entry.text.removesuffix(", not applied yet"))
        if not pending.typed:  # the game's dice: before the roll they had rolled fewer
            command._after = state.dice.snapshot()
            before = GameDice(state.dice.seed, max(state.dice.used - len(pending.rolls), 0))
            command._before = before.snapshot()
        return command

    def do(self, state: GameState) -> Change:
        state.check_no_roll_waiting("the roll")
        state.pending_roll = self.pending
        state.log.append(self.pending.entry)
        if self._after is not None:
            state.dice.restore(self._after)
        return Change(self.text, log=True, roll=True)

    def undo(self, state: GameState) -> Change:
        if state.log and state.log[-1] is self.pending.entry:
            state.log.pop()
        state.pending_roll = None
        if self._before is not None:
            state.dice.restore(self._before)
        return Change(f"Undo: {self.text}", log=True, roll=True)
