"""A counter's status in play (steps lost, morale or cohesion state, markers), changed only by
the undoable commands here or by a combat's effects.

The states and markers a counter may carry, and whether units lose steps, are the ruleset's own
(its ``vocabulary``): nothing here names a state or marker of a particular game, and a key the
ruleset does not declare is refused with its name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from hexcombat.board.hexes import Hex
from hexcombat.game.state import Change, Counter, GameError, GameState, counters_in
from hexcombat.rules.effects import Effect, EffectKind
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import Unit
from hexcombat.rules.vocabulary import StateSpec, Vocabulary

STATUS_KINDS = frozenset({"lose-steps", "set-state", "add-marker", "remove-marker"})
"""The kinds of effect that change a counter's status (:func:`status_effects` applies them)."""

MAX_MARKERS = 20
"""The most markers one counter may carry: a tactical game puts two or three on a unit, so a
save listing more is damaged or hand-made, and refused rather than drawn."""


def _declared(kind: str, specs: Sequence[StateSpec]) -> str:
    keys = ", ".join(s.key for s in specs)
    return f"its {kind}s are {keys}" if keys else f"it declares no {kind}s"


def state_problem(key: str, vocabulary: Vocabulary, ruleset: str = "this ruleset") -> str | None:
    """Why ``key`` cannot be a counter's morale or cohesion state ("" is good order), or None."""
    if key == "" or vocabulary.state(key) is not None:
        return None
    return (
        f"{key!r} is not a morale or cohesion state of {ruleset} "
        f"({_declared('state', vocabulary.states)})"
    )


def marker_problem(key: str, vocabulary: Vocabulary, ruleset: str = "this ruleset") -> str | None:
    """Why ``key`` cannot be a marker on a counter, or None."""
    if vocabulary.marker(key) is not None:
        return None
    return f"{key!r} is not a marker of {ruleset} ({_declared('marker', vocabulary.markers)})"


def steps_problem(
    steps_lost: int, vocabulary: Vocabulary, unit: Unit | None = None, ruleset: str = "this ruleset"
) -> str | None:
    """Why a counter cannot have lost ``steps_lost`` steps, or None: never fewer than none,
    none where the ruleset counts strength points, and fewer than the unit has (a unit that
    loses its last step is eliminated, not left on the map)."""
    if steps_lost < 0:
        return f"steps lost must be 0 or more, not {steps_lost}"
    if steps_lost and not vocabulary.steps:
        return f"{ruleset} counts strength points, not steps: its units lose no steps"
    if unit is not None and unit.steps is not None and steps_lost >= unit.steps:
        return (
            f"{unit.name} has {_steps(unit.steps)}: with {steps_lost} lost it is eliminated, "
            "not on the map"
        )
    return None


def status_problem(
    status: UnitStatus,
    vocabulary: Vocabulary,
    unit: Unit | None = None,
    ruleset: str = "this ruleset",
) -> str | None:
    """Why ``status`` cannot be a counter's under the ruleset (of ``unit``, when known), or None."""
    if problem := steps_problem(status.steps_lost, vocabulary, unit, ruleset):
        return problem
    if problem := state_problem(status.state, vocabulary, ruleset):
        return problem
    if len(status.markers) > MAX_MARKERS:
        return f"a counter carries at most {MAX_MARKERS} markers, not {len(status.markers)}"
    for marker in sorted(status.markers):
        if problem := marker_problem(marker, vocabulary, ruleset):
            return problem
    return None


def _steps(n: int) -> str:
    return f"{n} step" if n == 1 else f"{n} steps"


def _ordered_markers(status: UnitStatus, vocabulary: Vocabulary) -> list[str]:
    """The counter's markers in the order the ruleset declares them (unknown ones last)."""
    order = {m.key: i for i, m in enumerate(vocabulary.markers)}
    return sorted(status.markers, key=lambda m: (order.get(m, len(order)), m))


def status_marks(status: UnitStatus, vocabulary: Vocabulary) -> tuple[str, ...]:
    """The letters a counter shows for its state, then for each marker (``D``, ``H``)."""
    marks = []
    if status.state:
        spec = vocabulary.state(status.state)
        marks.append(spec.mark if spec else status.state[:1].upper())
    for key in _ordered_markers(status, vocabulary):
        spec = vocabulary.marker(key)
        marks.append(spec.mark if spec else key[:1].upper())
    return tuple(marks)


def status_words(status: UnitStatus, vocabulary: Vocabulary) -> str:
    """The status as the Stack panel lists it: ``Disrupted; heroic; 1 step lost``; "" when
    the unit is fresh."""
    parts = []
    if status.state:
        spec = vocabulary.state(status.state)
        parts.append(spec.label if spec else status.state)
    for key in _ordered_markers(status, vocabulary):
        spec = vocabulary.marker(key)
        parts.append(spec.label if spec else key)
    if status.steps_lost:
        parts.append(f"{_steps(status.steps_lost)} lost")
    words = [parts[0][:1].upper() + parts[0][1:]] if parts else []
    words += [p[:1].lower() + p[1:] for p in parts[1:]]
    return "; ".join(words)


# --- effects ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StatusOutcome:
    """What a combat's status effects do to counters: each changed counter's new status, the
    units that lost their last step (eliminated), and the changes in words for the log."""

    statuses: Mapping[str, UnitStatus] = field(default_factory=dict)
    eliminated: tuple[str, ...] = ()
    words: tuple[str, ...] = ()


def status_effects(
    state: GameState,
    effects: Iterable[Effect],
    participants: Mapping[str, Sequence[str]],
    vocabulary: Vocabulary | None = None,
    spared: Iterable[str] = (),
) -> StatusOutcome:
    """The status effects among ``effects`` (lose steps, set a state, add or remove a marker)
    worked out on the game's counters: an effect falls on the counters it targets, or on every
    participant of its side (``participants``: side -> counter uids) when it targets none. A
    unit that loses its last step is eliminated. Counters ``spared`` (eliminated by the
    combat's losses already) take nothing more. A state or marker the ruleset does not declare,
    or a target that is no counter, raises :class:`GameError` naming it; the game is unchanged."""
    vocabulary = vocabulary or state.vocabulary
    gone = set(spared)
    statuses: dict[str, UnitStatus] = {}
    eliminated: list[str] = []
    words: list[str] = []
    for effect in effects:
        if effect.kind not in STATUS_KINDS:
            continue
        targets = effect.targets or tuple(participants.get(effect.side, ()))
        for counter in counters_in(state, targets):
            if counter.uid in gone:
                continue
            before = statuses.get(counter.uid, counter.status)
            after = _affected(before, effect, vocabulary, counter, f"ruleset {state.ruleset!r}")
            if after is None:
                gone.add(counter.uid)
                eliminated.append(counter.uid)
                statuses[counter.uid] = replace(
                    before, steps_lost=before.steps_lost + int(effect.amount)
                )
                words.append(
                    f"{_where(state, counter)}: loses its last step, eliminated ({effect.rule})"
                )
                continue
            if after != before:
                statuses[counter.uid] = after
                words.append(f"{_where(state, counter)}: {effect.text} ({effect.rule})")
    return StatusOutcome(statuses, tuple(eliminated), tuple(words))


def _where(state: GameState, counter: Counter) -> str:
    return f"{counter.unit.name} in {state.hexmap.label(state.hex_of(counter.uid))}"


def _refused(effect: Effect, why: str) -> GameError:
    """The effect refused, under its rule when it has one (a player's own change has none)."""
    return GameError(f"{effect.rule}: {why}" if effect.rule else why)


def _affected(
    status: UnitStatus, effect: Effect, vocabulary: Vocabulary, counter: Counter, ruleset: str
) -> UnitStatus | None:
    """``status`` after ``effect``; None when the unit loses its last step (eliminated)."""
    if effect.kind == "lose-steps":
        amount = effect.amount
        if not isinstance(amount, int | Fraction) or amount != int(amount) or amount < 1:
            raise _refused(effect, f"a unit loses a whole number of steps, not {amount}")
        lost = status.steps_lost + int(amount)
        if not vocabulary.steps:
            raise _refused(
                effect, f"{counter.unit.name}: {steps_problem(lost, vocabulary, None, ruleset)}"
            )
        if counter.unit.steps is not None and lost >= counter.unit.steps:
            return None
        return replace(status, steps_lost=lost)
    if effect.kind == "set-state":
        if why := state_problem(effect.state, vocabulary, ruleset):
            raise _refused(effect, why)
        return replace(status, state=effect.state)
    if why := marker_problem(effect.state, vocabulary, ruleset):
        raise _refused(effect, why)
    if effect.kind == "add-marker":
        if len(status.markers | {effect.state}) > MAX_MARKERS:
            raise _refused(effect, f"{counter.unit.name} carries {MAX_MARKERS} markers, the most")
        return replace(status, markers=status.markers | {effect.state})
    return replace(status, markers=status.markers - {effect.state})


@dataclass
class StatusChanges:
    """A :class:`StatusOutcome` made on the map, undoably: the counters with their new status,
    the eliminated lifted off. :class:`ApplyCombat` and the status commands share it."""

    outcome: StatusOutcome
    _before: list[Counter] = field(default_factory=list, repr=False)
    _removed: list[tuple[Counter, Hex, int]] = field(default_factory=list, repr=False)

    def uids(self) -> frozenset[str]:
        """The counters changed."""
        return frozenset([*self.outcome.statuses, *self.outcome.eliminated])

    def do(self, state: GameState) -> set[Hex]:
        """Make the changes; the hexes touched."""
        touched = {state.hex_of(uid) for uid in self.uids()}
        self._before = [
            state.replace_counter(replace(state.counters[uid], status=status))
            for uid, status in self.outcome.statuses.items()
        ]
        self._removed = [state.lift(uid) for uid in self.outcome.eliminated]
        return touched

    def undo(self, state: GameState) -> set[Hex]:
        """Put every counter back as it was; the hexes touched."""
        touched = set()
        for counter, h, index in reversed(self._removed):
            state.place(counter, h, index)
        for counter in reversed(self._before):
            state.replace_counter(counter)
            touched.add(state.hex_of(counter.uid))
        touched |= {h for _, h, _ in self._removed}
        return touched


# --- the commands -------------------------------------------------------------------------------


@dataclass
class _StatusCommand:
    """One status change to one counter, checked against the ruleset's vocabulary."""

    uid: str
    text: str = ""
    _changes: StatusChanges | None = field(default=None, repr=False)

    def outcome(self, state: GameState, counter: Counter) -> StatusOutcome:
        """What the command does to ``counter``; raises :class:`GameError` when it cannot."""
        raise NotImplementedError

    def words(self, counter: Counter, vocabulary: Vocabulary) -> str:
        """The change in words, after the unit's name."""
        raise NotImplementedError

    def do(self, state: GameState) -> Change:
        (counter,) = counters_in(state, [self.uid])
        state.check_roll_spares([self.uid])
        words = self.words(counter, state.vocabulary)
        outcome = self.outcome(state, counter)
        if not outcome.statuses:
            raise GameError(f"{counter.unit.name}: nothing to change ({words})")
        self.text = self.text or f"{counter.unit.name}: {words}"
        self._changes = StatusChanges(outcome)
        touched = self._changes.do(state)
        return Change(self.text, frozenset(touched), self._changes.uids())

    def undo(self, state: GameState) -> Change:
        assert self._changes is not None, "undo before do"
        touched = self._changes.undo(state)
        return Change(f"Undo: {self.text}", frozenset(touched), self._changes.uids())


def _one(
    state: GameState, counter: Counter, kind: EffectKind, key: str = "", amount: int = 0
) -> StatusOutcome:
    """The outcome of one effect on ``counter`` alone (a player's own change, no rule)."""
    effect = Effect(kind, "attacker", "", kind, (counter.uid,), amount=amount, state=key)
    return status_effects(state, [effect], {})


def _label(spec: StateSpec | None, key: str) -> str:
    return spec.label if spec is not None else key


@dataclass
class SetState(_StatusCommand):
    """Set a counter's morale or cohesion state (``state`` "": back to good order)."""

    state: str = ""

    def words(self, counter: Counter, vocabulary: Vocabulary) -> str:
        return _label(vocabulary.state(self.state), self.state) if self.state else "good order"

    def outcome(self, state: GameState, counter: Counter) -> StatusOutcome:
        return _one(state, counter, "set-state", self.state)


@dataclass
class AddMarker(_StatusCommand):
    """Put a marker the ruleset declares on a counter."""

    marker: str = ""

    def words(self, counter: Counter, vocabulary: Vocabulary) -> str:
        return f"{_label(vocabulary.marker(self.marker), self.marker)} marker added"

    def outcome(self, state: GameState, counter: Counter) -> StatusOutcome:
        return _one(state, counter, "add-marker", self.marker)


@dataclass
class RemoveMarker(_StatusCommand):
    """Take a marker off a counter."""

    marker: str = ""

    def words(self, counter: Counter, vocabulary: Vocabulary) -> str:
        return f"{_label(vocabulary.marker(self.marker), self.marker)} marker removed"

    def outcome(self, state: GameState, counter: Counter) -> StatusOutcome:
        return _one(state, counter, "remove-marker", self.marker)


@dataclass
class LoseSteps(_StatusCommand):
    """A counter loses ``steps``; losing its last step eliminates it."""

    steps: int = 1

    def words(self, counter: Counter, vocabulary: Vocabulary) -> str:
        return f"loses {_steps(self.steps)}"

    def outcome(self, state: GameState, counter: Counter) -> StatusOutcome:
        return _one(state, counter, "lose-steps", amount=self.steps)


@dataclass
class RestoreSteps(_StatusCommand):
    """A counter gets back ``steps`` it had lost (replacements, a rally)."""

    steps: int = 1

    def words(self, counter: Counter, vocabulary: Vocabulary) -> str:
        return f"gets back {_steps(self.steps)}"

    def outcome(self, state: GameState, counter: Counter) -> StatusOutcome:
        lost = counter.status.steps_lost
        if not 1 <= self.steps <= lost:
            raise GameError(
                f"{counter.unit.name} has lost {_steps(lost)}: it cannot get back {self.steps}"
            )
        return StatusOutcome({counter.uid: replace(counter.status, steps_lost=lost - self.steps)})
