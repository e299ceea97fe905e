"""The attack being prepared, as plain data that says what changed: the Combat panel is a view
of it, and tests drive it without a window.

It holds the target, the stacks that may join and those taking part, the ruleset's conditions
(as its vocabulary declares them), the report, the dice wanted and typed, the rolled resolution,
the player's losses, retreats and advance, and what Apply refuses. Every change goes to the
listeners as one event naming what changed (:data:`AttackEvent`); the game itself changes only
through commands (a roll, an applied result), run by the ``run`` the model is given so a window
can put them on its undo stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from hexcombat.board.hexes import Hex
from hexcombat.game.apply_result import apply_combat_command
from hexcombat.game.attack import (
    AttackSetup,
    Candidate,
    Resolution,
    advance_hexes,
    advance_side,
    advance_uids,
    attack_candidates,
    can_roll,
    default_retreats,
    evaluate_attack,
    phasing_refusal,
    resolve_attack,
    retreat_choosers,
    retreat_options,
    suggested_losses,
)
from hexcombat.game.commands import ApplyCombat, SetPhase, SetWeatherAndDate
from hexcombat.game.follow_ups import ApplyThenFollowUps, PendingFollowUps, waiting_text
from hexcombat.game.retreat import RetreatChooser
from hexcombat.game.roll import RollCombat, dice_rolled
from hexcombat.game.state import Change, Command, Counter, GameError, GameState, counters_in
from hexcombat.game.turn import no_attacks_in, phase_conditions
from hexcombat.rules.dice import DiceWanted, ScriptedDice
from hexcombat.rules.errors import RulesError
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import Report
from hexcombat.rules.situation import Conditions
from hexcombat.rules.vocabulary import ConditionSpec, ConditionValue, PhaseSpec, Vocabulary
from hexcombat.sourcefile import SourceError

AttackEvent = Literal[
    "target",
    "participants",
    "conditions",
    "report",
    "roll",
    "choices",
    "applied",
    "turn",
    "weather",
    "follow-ups",
]
"""What changed: the target (a new attack, or none), who takes part, a condition, the report,
the roll (rolled, taken back, or more dice wanted), a loss/retreat/advance choice or what Apply
refuses, the result applied; and in the game: the phasing player or phase (``turn``), the
weather or date (``weather``), both also when counters came or went (a new side, a dated
counter), or the last combat's follow-ups (``follow-ups``). A change the game refused is told
too, so a view shows the game's own again."""

AttackListener = Callable[[AttackEvent], None]
Runner = Callable[[Command], str]
"""Runs a game command: ``""`` when done, else why it was refused."""
Evaluator = Callable[[GameState, AttackSetup], Report]
"""Evaluates an attack as set up (the ruleset's report): :func:`evaluate_attack` by default."""


def run_on(state: GameState) -> Runner:
    """A runner straight on ``state`` (no undo stack): tests, and tools without a window."""

    def run(command: Command) -> str:
        try:
            state.execute(command)
        except GameError as exc:
            return str(exc)
        return ""

    return run


class AttackModel:
    """The attack being prepared on one target hex, and its rolled result until applied."""

    def __init__(
        self, state: GameState, run: Runner | None = None, evaluate: Evaluator | None = None
    ) -> None:
        self.state = state
        self._run = run or run_on(state)
        self._evaluate = evaluate or evaluate_attack
        self._listeners: list[AttackListener] = []
        self.target: Hex | None = None
        self.candidates: list[Candidate] = []
        self.taking_part: set[Hex] = set()
        """The candidate stacks ticked to take part (all their units, or some)."""
        self.left_out: set[str] = set()
        """The units unticked in a stack that takes part (ticks are per unit), by uid."""
        self.counted: dict[str, bool] = {}
        """Under the ruleset's counting limits, the counters the player counts (True) or leaves
        out (False) by uid; one not named: the ruleset picks."""
        self.values: dict[str, ConditionValue] = {}
        """The player's choice of each condition the ruleset declares (a phase-set one is the
        phase's, :meth:`condition`)."""
        self.report: Report | None = None
        self.problem = ""
        """Why there is no report (the phasing player's own stack, a chart edited badly)."""
        self.refusal = ""
        """Why the last :meth:`start` could not set up an attack ("" when it could)."""
        self.follow_up: list[DiceWanted] = []
        """Dice the resolution asked for beyond those it rolls first (a typed roll that ran
        out: a morale check the result calls for), in order."""
        self.roll_problem = ""
        """Why the last roll was refused, or which die is wanted next ("": none)."""
        self.resolution: Resolution | None = None
        self.rolls: tuple[int, ...] = ()
        self.losses: list[str] = []
        self.retreat_ends: dict[Hex, dict[Hex, tuple[Hex, ...]]] = {}
        self.retreats: dict[Hex, Hex] = {}
        self.advance: list[str] = []
        self.advance_into: Hex | None = None
        """The hex the advance goes into, when the result offers several (:meth:`advance_hexes`)."""
        self._applied_choices: (
            tuple[Resolution, list[str], dict[Hex, Hex], list[str], Hex | None] | None
        ) = None
        """The last result applied and the choices it was applied with: undoing the Apply
        brings them back (the losses, retreats and advance ticked), not the suggestions."""
        self.apply_problem = ""
        """What Apply refuses; once refused, each choice checks again."""
        self._apply_refused = False
        self.applied = ""
        """The log line of the result applied last."""
        state.subscribe(self.on_change)

    # listeners -----------------------------------------------------------------------------

    def subscribe(self, listener: AttackListener) -> None:
        """Call ``listener`` with every :data:`AttackEvent`."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: AttackListener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def detach(self) -> None:
        """Stop following the game."""
        self.state.unsubscribe(self.on_change)

    def _emit(self, event: AttackEvent) -> None:
        for listener in list(self._listeners):
            listener(event)

    # the ruleset's words -------------------------------------------------------------------

    @property
    def vocabulary(self) -> Vocabulary:
        """What the game's ruleset declares: its conditions, phases and dice."""
        return get_ruleset(self.state.ruleset).vocabulary

    def phase(self) -> PhaseSpec | None:
        """The game's phase as the ruleset declares it (None: a phase it does not know)."""
        return self.vocabulary.phase(self.state.phase)

    def set_by_phase(self, spec: ConditionSpec) -> ConditionValue | None:
        """What the game's phase sets ``spec`` to (an overrun in the movement phase), its
        default in a phase that sets nothing; None for a condition the player chooses."""
        if not spec.set_by_phase:
            return None
        return phase_conditions(self.vocabulary, self.state.phase)[spec.key]

    def condition(self, key: str) -> ConditionValue:
        """The condition ``key`` of this attack: the phase's, else the player's choice."""
        spec = self.vocabulary.condition(key)
        if spec is None:
            raise GameError(f"the ruleset has no condition {key!r}")
        phase_value = self.set_by_phase(spec)
        return phase_value if phase_value is not None else self.values.get(key, spec.default)

    def conditions(self) -> Conditions:
        """The game's conditions (weather, date) with this attack's choices. A number or a
        choice left as the game has it is not written over (a scenario's fortification)."""
        game = self.state.conditions
        chosen: dict[str, ConditionValue] = {}
        for spec in self.vocabulary.conditions:
            value = self.condition(spec.key)
            if spec.kind == "bool" or value != game.choice(spec.key, spec.default):
                chosen[spec.key] = value
        return game.with_choices(**chosen)

    # setting up ----------------------------------------------------------------------------

    def start(self, target: Hex) -> bool:
        """Set up an attack on the stack in ``target``: every stack that may join it ticked,
        the conditions as the game has them. False, with :attr:`refusal`, if impossible (a
        rolled attack elsewhere waits to be applied; the phasing player's own stack)."""
        state = self.state
        pending = state.pending_roll
        if pending is not None and pending.resolution.setup.target != target:
            rolled = state.hexmap.label(pending.resolution.setup.target)
            self.refusal = f"The attack on {rolled} is rolled: apply its result, or undo the roll."
            self._emit("target")
            return False
        try:
            refusal = phasing_refusal(state, target)
            if refusal is not None:
                raise GameError(refusal[0].upper() + refusal[1:] + ".")
            candidates = attack_candidates(state, target)
        except GameError as exc:
            self.refusal = str(exc)
            self._emit("target")
            return False
        self.refusal = ""
        self.target = target
        self.candidates = candidates
        self.taking_part = {c.hex for c in candidates if c.counters}
        self.values = self._game_values()
        self.counted = {}
        self.left_out = set()
        self._clear_roll()
        if pending is not None:  # the rolled attack: the set-up it was rolled with
            setup = pending.resolution.setup
            self.taking_part = {
                c.hex for c in candidates if any(u.uid in setup.attacker_uids for u in c.counters)
            }
            self.left_out = {
                u.uid
                for c in candidates
                if c.hex in self.taking_part
                for u in c.counters
                if u.uid not in setup.attacker_uids
            }
            self.values.update(setup.conditions.as_choices())
            self.counted = dict(setup.counted)
        self._emit("target")
        self.evaluate()
        if pending is not None:
            self._take_roll(pending.resolution, pending.rolls)
        return True

    def _game_values(self) -> dict[str, ConditionValue]:
        """Each declared condition as the game has it (a scenario's), else its default."""
        game = self.state.conditions
        specs = self.vocabulary.conditions
        return {spec.key: game.choice(spec.key, spec.default) for spec in specs}

    def stop(self) -> None:
        """No attack: the conditions back to the game's."""
        self.refusal = ""
        self.values = self._game_values()
        self.target = None
        self.candidates = []
        self.taking_part = set()
        self.left_out = set()
        self.report = None
        self.problem = ""
        self._clear_roll()
        self._emit("target")

    def set_taking_part(self, stack: Hex, taking_part: bool) -> None:
        """Tick or untick the candidate stack in ``stack``: all its units, or none."""
        if self._rolled():
            raise GameError("the dice are rolled: apply the result, or undo the roll")
        candidate = self._candidate_at(stack)
        if candidate is None:
            raise GameError(f"no stack in {self.state.hexmap.label(stack)} may join this attack")
        uids = {c.uid for c in candidate.counters}
        self._set_ticks(lambda: self._tick_stack(stack, uids, taking_part))

    def set_unit_taking_part(self, uid: str, taking_part: bool) -> None:
        """Tick or untick one unit of a candidate stack (the stack's tick follows: all, some
        or none of its units); a unit the rules bar from attacking cannot be ticked."""
        if self._rolled():
            raise GameError("the dice are rolled: apply the result, or undo the roll")
        candidate = next((c for c in self.candidates if uid in {u.uid for u in c.counters}), None)
        if candidate is None:
            raise GameError(f"{self._unit_name(uid)} may not join this attack")
        stack, uids = candidate.hex, {c.uid for c in candidate.counters}
        ticked = self._ticked_in(candidate) - {uid} | ({uid} if taking_part else set())

        def tick() -> None:
            self._tick_stack(stack, uids, bool(ticked))
            self.left_out |= uids - ticked if ticked else set()

        self._set_ticks(tick)

    def stack_ticks(self, stack: Hex) -> Literal["all", "some", "none"]:
        """How much of the candidate stack in ``stack`` takes part (its tri-state box)."""
        candidate = self._candidate_at(stack)
        if candidate is None or stack not in self.taking_part:
            return "none"
        ticked = self._ticked_in(candidate)
        return "all" if len(ticked) == len(candidate.counters) else "some" if ticked else "none"

    def _candidate_at(self, stack: Hex) -> Candidate | None:
        return next((c for c in self.candidates if c.hex == stack and c.counters), None)

    def _ticked_in(self, candidate: Candidate) -> set[str]:
        if candidate.hex not in self.taking_part:
            return set()
        return {c.uid for c in candidate.counters} - self.left_out

    def _tick_stack(self, stack: Hex, uids: set[str], taking_part: bool) -> None:
        """The whole stack in or out, its units' own ticks forgotten."""
        self.left_out -= uids
        self.taking_part.discard(stack)
        if taking_part:
            self.taking_part.add(stack)

    def _set_ticks(self, change: Callable[[], None]) -> None:
        """Make ``change`` to the ticks; the report follows when the attackers changed."""
        before = self.attacker_uids()
        change()
        if self.attacker_uids() != before:
            self._emit("participants")
            self.evaluate()

    def _unit_name(self, uid: str) -> str:
        counter = self.state.counters.get(uid)
        return counter.unit.name if counter is not None else uid

    def attacker_uids(self) -> list[str]:
        """The units ticked in the stacks taking part, in the candidates' order."""
        return [
            c.uid
            for cand in self.candidates
            if cand.hex in self.taking_part
            for c in cand.counters
            if c.uid not in self.left_out
        ]

    def set_condition(self, key: str, value: ConditionValue) -> None:
        """The player sets a condition; :class:`GameError` says why a value cannot be (out of
        its bounds, one the phase sets)."""
        spec = self.vocabulary.condition(key)
        if spec is None:
            raise GameError(f"the ruleset has no condition {key!r}")
        if spec.set_by_phase:
            raise GameError(f"{spec.label} ({spec.rule}) is set by the phase, not chosen")
        if (problem := spec.problem(value)) is not None:
            raise GameError(problem)
        if self._rolled():
            raise GameError("the dice are rolled: apply the result, or undo the roll")
        if self.values.get(key) == value:
            return
        self.values[key] = value
        self._emit("conditions")
        self.evaluate()

    def countable(self) -> list[tuple[str, list[Counter]]]:
        """The counters a player may count or leave out under the ruleset's counting limits,
        by side (defenders first, then the attackers taking part); none without limits."""
        if not self.vocabulary.counting_limits or self.target is None:
            return []
        attackers = counters_in(self.state, self.attacker_uids())
        return [("defender", self.state.stack_at(self.target)), ("attacker", attackers)]

    def set_counted(self, uid: str, counted: bool | None) -> None:
        """Count ``uid`` (True), leave it out (False) or let the ruleset pick (None)."""
        if self._rolled():
            raise GameError("the dice are rolled: apply the result, or undo the roll")
        if not self.vocabulary.counting_limits:
            raise GameError("every unit counts under this ruleset: it has no counting limits")
        if self.counted.get(uid) == counted:
            return
        if counted is None:
            del self.counted[uid]
        else:
            self.counted[uid] = counted
        self._emit("participants")
        self.evaluate()

    def setup(self) -> AttackSetup | None:
        """The attack as set up now."""
        if self.target is None:
            return None
        counted = {u: c for u, c in self.counted.items() if u in self.state.counters}
        return AttackSetup(self.target, self.attacker_uids(), self.conditions(), counted)

    # the report ----------------------------------------------------------------------------

    def evaluate(self) -> Report | None:
        """The report of the attack as set up now (None, with :attr:`problem`, when there is
        none)."""
        setup = self.setup()
        if setup is None:
            return None
        try:
            refusal = phasing_refusal(self.state, setup.target)  # the phasing player changed
            if refusal is not None:
                raise GameError(refusal)
            self.report, self.problem = self._evaluate(self.state, setup), ""
        except (GameError, RulesError, SourceError) as exc:  # a chart the player edited badly
            self.report, self.problem = None, str(exc)
        self.follow_up = []
        self._emit("report")
        return self.report

    def warnings(self) -> list[str]:
        """What the player should know about the report: the phase has no attacks, assumed
        chart values, waived capabilities."""
        if self.report is None:
            return []
        found = list(self.report.warnings)
        if (no_attacks := no_attacks_in(self.state.vocabulary, self.state.phase)) is not None:
            found.insert(0, f"{self.state.turn}: {no_attacks}")
        return found

    # the dice ------------------------------------------------------------------------------

    def dice_wanted(self) -> list[int]:
        """The faces of each die a typed roll needs: those the resolution rolls first, then
        each follow-up die it has asked for. Raises what a bad chart raises."""
        if self.report is None:
            return []
        return dice_rolled(self.report) + [d.sides for d in self.follow_up]

    def at_once(self) -> bool:
        """Whether the attack is resolved at once, before any roll (the report rolls no dice
        yet has results): Apply resolves and applies it."""
        report = self.report
        return can_roll(report) and report is not None and not report.dice

    def resolve_at_once(self) -> bool:
        """Resolve an attack decided before any roll and apply it with the suggested choices;
        False when refused (:attr:`roll_problem`) or when a choice is wanted first (the
        result then waits, as a rolled one, with :attr:`apply_problem`)."""
        if not self.at_once():
            self._refuse_roll("this attack is rolled: it is not resolved at once")
            return False
        if self.roll() is None:
            return False
        return self.apply()

    def roll_or_resolve(self, typed: list[int] | None = None) -> Resolution | None:
        """What Roll does: roll (:meth:`roll`), or, for an attack the rules decide before any
        roll with no dice typed, resolve and apply it (:meth:`resolve_at_once`). The result
        rolled; None once applied, or refused; the result while a choice waits to apply."""
        if self.at_once() and not typed:
            self.resolve_at_once()
            return self.resolution
        return self.roll(typed)

    def rollable(self) -> bool:
        """Whether a roll may be made now: a report that can be rolled, and no rolled result
        waiting."""
        return (
            can_roll(self.report)
            and self.state.pending_roll is None
            and self.state.follow_ups is None  # the last combat's follow-ups come first
        )

    def roll(self, typed: list[int] | None = None) -> Resolution | None:
        """Roll for the attack (the game's dice, or the ``typed`` physical dice) as one game
        command. Typed dice that run out before the resolution is done ask for the next die
        (:attr:`follow_up`, :attr:`roll_problem`): the player types it and rolls again."""
        setup = self.setup()
        if setup is None or self.report is None:
            return None
        if self.state.pending_roll is not None:
            self._refuse_roll("The dice are rolled: apply the result, or undo the roll.")
            return None
        if isinstance(self.state.follow_ups, PendingFollowUps):
            text = waiting_text(self.state.follow_ups)
            self._refuse_roll(text[:1].upper() + text[1:] + ".")
            return None
        if typed is not None and self._wants_more(setup, typed):
            return None
        command = RollCombat(setup, typed)
        refusal = self._run(command)
        if refusal:
            self._refuse_roll(refusal)
            return None
        self.roll_problem = ""
        assert command.pending is not None
        if self.resolution is not command.pending.resolution:  # not yet taken from the game
            self._take_roll(command.pending.resolution, command.pending.rolls)
        return self.resolution

    def _wants_more(self, setup: AttackSetup, typed: list[int]) -> bool:
        """Resolve with ``typed`` beforehand (the game's dice untouched): when they run out,
        note the die wanted next and say so. False when they are enough (or refused later)."""
        try:
            first = len(dice_rolled(self.report)) if self.report is not None else 0
            resolve_attack(self.state, setup, ScriptedDice(typed))
        except DiceWanted as wanted:
            if len(typed) < first:
                return False  # fewer than the first dice: the roll says so in its own words
            self.follow_up = [*self.follow_up[: len(typed) - first], wanted]
            what = f" for the {wanted.purpose}" if wanted.purpose else ""
            self._refuse_roll(
                f"the result calls for one more die: roll a d{wanted.sides}{what} and type it "
                "after the others"
            )
            return True
        except (GameError, RulesError, SourceError, ValueError):
            return False  # the roll itself refuses, in its words
        return False

    def _refuse_roll(self, text: str) -> None:
        self.roll_problem = text
        self._emit("roll")

    def _rolled(self) -> bool:
        return self.state.pending_roll is not None

    def _clear_roll(self) -> None:
        self.resolution = None
        self.rolls = ()
        self.follow_up = []
        self.roll_problem = ""
        self.losses, self.retreats, self.advance = [], {}, []
        self.advance_into = None
        self.retreat_ends = {}
        self.apply_problem, self._apply_refused = "", False

    def _take_roll(self, resolution: Resolution, rolls: tuple[int, ...]) -> None:
        """The game's rolled result: the suggested losses ticked, nothing else chosen; a result
        whose Apply was undone comes back with the choices it was applied with (the losses,
        retreats, advance), for the player to change one and apply again."""
        self.resolution, self.rolls = resolution, rolls
        self.roll_problem = ""
        self.apply_problem, self._apply_refused = "", False
        applied = self._applied_choices
        if applied is not None and applied[0] is resolution:
            _, losses, retreats, advance, into = applied
            self.losses = list(losses)
            self.retreat_ends = retreat_options(self.state, resolution, self.losses)
            self.retreats = dict(retreats)
            self.advance, self.advance_into = list(advance), into
        else:
            self.losses = list(suggested_losses(self.state, resolution))
            self._offer_retreats()
        self._emit("roll")

    def _offer_retreats(self) -> None:
        """The retreats the losses ticked leave, chosen afresh: a stack with one legal end goes
        there, one with several waits for the player (hexcombat never picks for them); nobody
        is ticked to advance."""
        assert self.resolution is not None
        self.retreat_ends = retreat_options(self.state, self.resolution, self.losses)
        self.retreats = {s: next(iter(e)) for s, e in self.retreat_ends.items() if len(e) == 1}
        self.advance = []
        self.advance_into = None

    # the player's choices ------------------------------------------------------------------

    def set_losses(self, uids: list[str]) -> None:
        """The counters the player ticks as lost (the retreats to choose follow them)."""
        if self.resolution is None or uids == self.losses:
            return
        self.losses = list(uids)
        self._offer_retreats()
        self._choices_changed()

    def set_loss(self, uid: str, lost: bool) -> None:
        """Tick or untick one counter as lost."""
        kept = [u for u in self.losses if u != uid]
        self.set_losses(kept + [uid] if lost else kept)

    def set_retreat(self, start: Hex, end: Hex | None) -> None:
        """Where the stack from ``start`` retreats (None: not chosen)."""
        if self.resolution is None:
            return
        if end is None:
            self.retreats.pop(start, None)
        else:
            self.retreats[start] = end
        self._choices_changed()

    def pick_retreat_at(self, end: Hex) -> bool:
        """A click on the map: the first retreating stack that may end there goes there."""
        for start, ends in self.retreat_ends.items():
            if end in ends:
                self.set_retreat(start, end)
                return True
        return False

    def retreat_choosers(self) -> dict[Hex, RetreatChooser]:
        """Who picks where each retreating stack goes (its retreat effect's ``chooser``), by
        the hex it starts from."""
        if self.resolution is None:
            return {}
        starts = list(self.retreat_ends)
        return retreat_choosers(self.state, self.resolution, self.losses, starts)

    def default_retreats(self) -> dict[Hex, Hex]:
        """The end the program would pick for each retreating stack, in the interest of the
        player who picks it (the owner: the safest end; the opponent: the worst for it)."""
        if self.resolution is None:
            return {}
        return default_retreats(self.state, self.resolution, self.losses, self.retreat_ends)

    def pick_for_choosers(self, start: Hex | None = None) -> bool:
        """The program picks for the player who chooses: the stack from ``start`` (every
        stack still to pick when None) goes to its default end, which the player sees and may
        change before Apply. False when there is nothing to pick."""
        defaults = self.default_retreats()
        if start is not None:
            defaults = {start: defaults[start]} if start in defaults else {}
        else:
            defaults = {s: e for s, e in defaults.items() if s not in self.retreats}
        if not defaults:
            return False
        self.retreats.update(defaults)
        self._choices_changed()
        return True

    def advance_choices(self) -> list[str]:
        """The units that may be ticked to advance: the survivors of the side the result lets
        advance (the attackers, or the defenders below -1 in The Last Hundred Yards)."""
        if self.resolution is None:
            return []
        return [u for u in advance_uids(self.resolution) if u not in self.losses]

    def advance_side(self) -> str | None:
        """``attacker`` or ``defender``: who the result lets advance; None: nobody."""
        return None if self.resolution is None else advance_side(self.resolution)

    def advance_hexes(self) -> list[Hex]:
        """Where the advance may go: the attacked hex for the attackers, the hexes the
        attackers assaulted from for the defenders."""
        if self.resolution is None:
            return []
        return advance_hexes(self.state, self.resolution)

    def set_advance_into(self, into: Hex | None) -> None:
        """The hex the advance goes into (None: not chosen)."""
        if self.resolution is None or into == self.advance_into:
            return
        self.advance_into = into
        self._choices_changed()

    def set_advance(self, uids: list[str]) -> None:
        """The attackers that advance into the vacated hex."""
        if self.resolution is None or uids == self.advance:
            return
        self.advance = list(uids)
        self._choices_changed()

    def _choices_changed(self) -> None:
        """After a refused Apply each choice says what is still wrong, by Apply's own check."""
        if self._apply_refused:
            try:
                self.apply_command()
                self.apply_problem = ""
            except GameError as exc:
                self.apply_problem = str(exc)
        self._emit("choices")

    def apply_command(self) -> ApplyCombat:
        """The result with the player's choices as one command; :class:`GameError` says what
        Apply refuses."""
        if self.resolution is None:
            raise GameError("nothing is rolled to apply")
        return apply_combat_command(
            self.state,
            self.resolution,
            self.losses,
            self.retreats,
            self.advance,
            self.advance_into,
        )

    def apply(self) -> bool:
        """Apply the result with the player's choices; False with :attr:`apply_problem`."""
        if self.resolution is None:
            return False
        try:
            applied = self.apply_command()
        except GameError as exc:
            self._apply_refused = True
            self.apply_problem = str(exc)
            self._emit("choices")
            return False
        where = self.state.hexmap.label(self.resolution.setup.target)
        chosen = (self.resolution, list(self.losses), dict(self.retreats), list(self.advance))
        # the result's follow-ups (morale checks) wait in the game once its losses are taken
        command = ApplyThenFollowUps(applied, self.resolution.report, self.resolution.result, where)
        refusal = self._run(command)
        if refusal:
            self.apply_problem = refusal
            self._emit("choices")
            return False
        self._applied_choices = (*chosen, self.advance_into)  # an undone Apply brings them back
        if self.target is not None:  # the game's change did not end it (a runner that defers)
            self.stop()
        self.applied = command.entry.text
        self._emit("applied")
        return True

    # the game's turn and weather -----------------------------------------------------------

    def set_turn(self, player: str, phase: str) -> str:
        """The player picks the phasing player or the phase: one game command, through the
        runner (undoable). ``""`` when done or nothing changed, else why it was refused (then
        ``turn`` is told, for the game's turn to be shown again)."""
        if (player, phase) == (self.state.phasing_player, self.state.phase):
            return ""
        refusal = self._run(SetPhase(player, phase))
        if refusal:
            self._emit("turn")
        return refusal

    def set_weather_and_date(self, weather: str, date: str | None) -> str:
        """The player sets the game's weather or month (``None``: none): one game command,
        through the runner. ``""`` when done or nothing changed, else why it was refused (a
        date that is no month; then ``weather`` is told, for the game's to be shown again)."""
        conditions = self.state.conditions
        if (weather, date) == (conditions.weather, conditions.date):
            return ""
        refusal = self._run(SetWeatherAndDate(weather, date))
        if refusal:
            self._emit("weather")
        return refusal

    # following the game --------------------------------------------------------------------

    def on_change(self, change: Change) -> None:
        """The game changed: the attack follows it (:meth:`_follow`), then what changed in
        the game is told: the turn, the weather or date, the follow-ups."""
        self._follow(change)
        if change.turn or change.counters:
            self._emit("turn")  # a new side may have come onto the map
        if change.follow_ups:
            self._emit("follow-ups")
        if change.conditions or change.counters:
            self._emit("weather")  # a dated counter asks for the date

    def _follow(self, change: Change) -> None:
        """A roll made, undone or applied; the turn or the weather (the conditions and the
        report follow); stacks moved (start over on the same target)."""
        if change.roll:
            self._roll_changed(change)
            return
        if self.target is None:
            return
        if (change.turn or change.conditions) and self.resolution is None:
            self._emit("conditions")  # a phase may set a condition
            self.evaluate()
        if self.resolution is not None and not change.hexes:
            return
        if self.target in change.hexes or any(c.hex in change.hexes for c in self.candidates):
            if self.state.stack_at(self.target):
                self.start(self.target)
            else:
                self.stop()

    def _roll_changed(self, change: Change) -> None:
        pending = self.state.pending_roll
        if pending is not None:
            if self.resolution is not pending.resolution:
                if self.target == pending.resolution.setup.target:
                    self._take_roll(pending.resolution, pending.rolls)
                else:
                    self.start(pending.resolution.setup.target)
        elif self.resolution is not None:
            if change.hexes:  # applied (Apply, or redo): the attack is over
                self.stop()
            else:  # the roll taken back: the set-up is the player's again
                self._clear_roll()
                self._emit("roll")
                self.evaluate()
