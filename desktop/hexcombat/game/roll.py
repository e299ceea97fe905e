"""Rolling the dice for an attack, as an undoable command that goes into the combat log.

A roll is part of the game, not a preview: once the dice are down the result stands until it is
applied on the map, or the roll itself is undone (which puts the game's dice back, so the same
roll comes again). Rolling twice for one attack would let a player pick the better result.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from hexcombat.game.attack import AttackSetup, Resolution, evaluate_attack, resolve_attack
from hexcombat.game.combat_log import result_details, result_words
from hexcombat.game.commands import plural
from hexcombat.game.evaluation import resolve_report
from hexcombat.game.state import Change, CombatLogEntry, GameError, GameState
from hexcombat.rules.dice import DiceWanted, ScriptedDice, die_words
from hexcombat.rules.errors import RulesError
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import Report
from hexcombat.rules.vocabulary import DieSpec


def roll_time() -> str:
    """Now, in the player's local time with its UTC offset (ISO 8601): when a roll was made, for
    the combat log (a save opened elsewhere still shows the moment right)."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


class RecordingDice:
    """Dice that remember what they rolled, so the log and the panel show the faces."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.rolls: list[int] = []

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        value = self.inner.roll(sides, purpose)  # type: ignore[attr-defined]
        self.rolls.append(value)
        return value


class _AskedDice:
    """Dice that note which die each roll asks for (and show 1): resolving a report with them
    tells what a player must roll, by the very resolution the roll makes."""

    def __init__(self) -> None:
        self.sides: list[int] = []
        self.purposes: list[str] = []

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        self.sides.append(sides)
        self.purposes.append(purpose)
        return 1


def dice_rolled(report: Report) -> list[int]:
    """The faces of each die resolving ``report`` rolls first, in order, as the resolution
    itself asks for them (a chance roll before the combat die when a chart gives a chance)."""
    dice = _AskedDice()
    resolve_report(report, dice)
    return dice.sides


def dice_asked(report: Report, follow_up: Sequence[DiceWanted] = ()) -> list[DieSpec]:
    """Each die a typed roll gives, in the order the resolution asks for it (a DRM's chance roll
    before the combat die; the defenders' die first when they fire first), as its ruleset
    declares it (:class:`DieSpec`); then each follow-up die the resolution has asked for (a
    morale check). A die the ruleset rolls but does not declare is named by its purpose."""
    dice = _AskedDice()
    resolve_report(report, dice)
    asked = list(zip(dice.sides, dice.purposes, strict=True))
    asked += [(d.sides, d.purpose) for d in follow_up]
    declared = [*report.dice, *get_ruleset(report.ruleset).vocabulary.dice]
    found = []
    for sides, purpose in asked:
        spec = next((d for d in declared if (d.purpose, d.sides) == (purpose, sides)), None)
        found.append(spec or DieSpec(purpose or "next die", sides))
    return found


_EXAMPLE = (4, 2, 5, 3, 1, 6)
"""The faces an example roll shows, each no more than its die has."""


def dice_words(dice: Sequence[DieSpec]) -> str:
    """``dice`` (:func:`dice_asked`) in order, each as its ruleset names it
    (:func:`~hexcombat.rules.dice.die_words`): ``the attacker's table die (d6), then the
    defender's table die (d6)``. The dice of one roll added together (a 2d6 morale check) are
    said once, with how many numbers they are."""
    groups: list[tuple[DieSpec, int]] = []
    for die in dice:
        if groups and groups[-1][0] == die and groups[-1][1] < die.count:
            groups[-1] = (die, groups[-1][1] + 1)
        else:
            groups.append((die, 1))
    if len(groups) == 1:  # one die, or the dice of one roll: their count is said already
        return die_words(groups[0][0])
    return ", then ".join(die_words(d) + (f", {n} numbers" if n > 1 else "") for d, n in groups)


def what_to_type(dice: Sequence[DieSpec]) -> str:
    """What to type for ``dice``, with an example: ``one number: the combat die (d6), e.g.
    4``; ``2 numbers: the attacker's table die (d6), then the defender's table die (d6), e.g.
    4 2``."""
    example = " ".join(str(min(d.sides, _EXAMPLE[i % len(_EXAMPLE)])) for i, d in enumerate(dice))
    count = "one number" if len(dice) == 1 else f"{len(dice)} numbers"
    return f"{count}: {dice_words(dice)}, e.g. {example}"


def typed_roll_prompt(report: Report, follow_up: Sequence[DiceWanted] = ()) -> str:
    """The typed-dice field's prompt for ``report``'s dice, the same in the Combat panel and
    the calculator: ``or type one number: the combat die (d6), e.g. 4``; for several dice the
    first is named by its purpose (``or type 2 numbers, the attacker's table die first``) and the
    tooltip names them all; ``type ...`` once the
    result has asked for a ``follow_up`` die, which only typed dice give now. Raises what
    resolving a bad chart raises."""
    dice = dice_asked(report, follow_up)
    if not dice:
        return "no dice: the rules decide it before any roll"
    verb = "type" if follow_up else "or type"
    if (
        len(dice) == 1
        or all(d == dice[0] for d in dice[: dice[0].count])
        and len(dice) == dice[0].count
    ):  # one die, or the dice of one roll: said whole, as short as that is
        return f"{verb} {what_to_type(dice)}"
    # several dice: the first named (the order is what a player gets wrong), the rest in the
    # tooltip (typed_roll_help), so the prompt fits the field
    return f"{verb} {len(dice)} numbers, the {dice[0].purpose} first"


def typed_roll_help(report: Report, follow_up: Sequence[DiceWanted] = ()) -> str:
    """The typed-dice field's tooltip: ``The physical roll: one number: the combat die (d6),
    e.g. 4; then Return``."""
    return f"The physical roll: {what_to_type(dice_asked(report, follow_up))}; then Return"


_TYPED_NUMBER = re.compile(r"[+-]?\d+")
"""A typed die: decimal digits, one sign at most."""


def read_typed_roll(text: str, dice: Sequence[DieSpec]) -> list[int]:
    """The dice a player typed (numbers apart by spaces or commas) for an attack that rolls
    ``dice`` (:func:`dice_asked`); :class:`GameError` says what is wrong, naming the die, and
    what to type."""
    if not dice:  # an assault the rules decide before any roll (an immediate resolution)
        raise GameError("this combat is decided before any roll: there are no dice to type")
    want = f"type {what_to_type(dice)}"
    parts = text.replace(",", " ").split()
    if not parts:
        raise GameError(f"no dice typed: {want}")
    for part in parts:
        if not _TYPED_NUMBER.fullmatch(part):  # what int() reads: not "\u00b2" or "--5"
            raise GameError(f"'{part}' is not a number: {want}")
    rolls = [int(part) for part in parts]
    if len(rolls) != len(dice):
        typed = f"{plural(len(rolls), 'number')} {'was' if len(rolls) == 1 else 'were'} typed"
        raise GameError(
            f"this attack rolls {plural(len(dice), 'die', 'dice')}, but {typed}: {want}"
        )
    for roll, die in zip(rolls, dice, strict=True):
        if not 1 <= roll <= die.sides:
            raise GameError(f"{die_words(die)} has no {roll}: {want}")
    return rolls


@dataclass(frozen=True)
class PendingRoll:
    """A rolled attack whose result is not applied yet."""

    resolution: Resolution
    rolls: tuple[int, ...]
    """The dice as they fell, in the order the ruleset rolled them."""
    typed: bool
    """Whether the player typed in a physical roll (else the game's seeded dice)."""
    entry: CombatLogEntry
    """The roll's line in the combat log; applying the result replaces it with the combat's."""


@dataclass
class RollCombat:
    """Roll for the attack ``setup``: with the game's seeded dice, or the physical ``typed`` dice.

    Refused while another roll waits to be applied. Undo takes the roll back (and the game's dice
    with it); redo puts back the very same roll, never a new one."""

    setup: AttackSetup
    typed: list[int] | None = None
    text: str = ""
    pending: PendingRoll | None = field(default=None, repr=False)
    _before: tuple[int, object] | None = field(default=None, repr=False)
    _after: tuple[int, object] | None = field(default=None, repr=False)

    def do(self, state: GameState) -> Change:
        if state.pending_roll is not None:
            raise GameError(
                "the dice are already rolled for an attack: apply its result, or undo the roll"
            )
        if self.pending is None:
            self._roll(state)
        elif self._after is not None:  # redo: the game's dice as they were after this roll
            state.dice.restore(self._after)
        assert self.pending is not None
        state.pending_roll = self.pending
        state.log.append(self.pending.entry)
        return Change(self.text, log=True, roll=True)

    def _roll(self, state: GameState) -> None:
        self._before = state.dice.snapshot()
        faces = self.typed
        typed = ScriptedDice(faces) if faces is not None else None
        dice = RecordingDice(typed or state.dice)
        try:
            if faces is not None:  # at least the dice the attack rolls first, in plain words
                rolled = len(dice_rolled(evaluate_attack(state, self.setup)))
                if len(faces) < rolled:
                    self._refuse_typed_count(rolled, len(faces))
            resolution = resolve_attack(state, self.setup, dice)  # type: ignore[arg-type]
            if faces is not None and typed is not None and typed.used != len(faces):
                self._refuse_typed_count(typed.used, len(faces))  # more typed than rolled
        except (RulesError, ValueError) as exc:
            state.dice.restore(self._before)
            raise GameError(str(exc)) from exc
        except GameError:
            state.dice.restore(self._before)
            raise
        self._after = state.dice.snapshot() if self.typed is None else None
        result = resolution.result
        faces = " ".join(str(r) for r in dice.rolls)
        how = "typed in" if self.typed is not None else "game dice"
        label = state.hexmap.label(self.setup.target)
        words = result_words(resolution.report, result)
        if not dice.rolls:  # decided before any roll (an assault resolved at once)
            name = state.vocabulary.attack_name
            self.text = self.text or f"{name} on {label} resolved at once, no roll: {words}"
        self.text = self.text or f"Roll {faces} ({how}) for {label}: {words}"
        details = result_details(result)
        self.pending = PendingRoll(
            resolution,
            tuple(dice.rolls),
            self.typed is not None,
            CombatLogEntry(f"{self.text}, not applied yet", details, rolled_at=roll_time()),
        )

    @staticmethod
    def _refuse_typed_count(rolled: int, typed: int) -> None:
        """Refuse typed dice that are not as many as the resolution rolls (follow-up rolls,
        such as a morale check the result calls for, count once asked for)."""
        raise GameError(
            f"this attack rolls {plural(rolled, 'die', 'dice')}, but {typed} "
            f"{'was' if typed == 1 else 'were'} typed in"
        )

    def undo(self, state: GameState) -> Change:
        state.log.pop()
        state.pending_roll = None
        if self._before is not None and self.typed is None:
            state.dice.restore(self._before)
        return Change(f"Undo: {self.text}", log=True, roll=True)
