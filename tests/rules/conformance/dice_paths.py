"""Every sequence of dice a report can consume, found by asking the resolution itself which die
it rolls next: the chance die when the DRM is given as a chance (10.C), then the combat die. Each
ruleset's resolve tests and the conformance suite compare the chances rolled this way with the
chances the report promised."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hexcombat.rules.dice import DiceWanted, ScriptedDice
from hexcombat.rules.follow_ups import FollowUp, FollowUpResult, Standing
from hexcombat.rules.registry import Ruleset
from hexcombat.rules.report import CombatResult, Report


class ProbeDice(ScriptedDice):
    """Scripted faces, then :class:`DiceWanted` naming the die the resolution wants next; the
    dice asked for (faces and purposes) are noted in order."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        super().__init__(faces)
        self.sides: list[int] = []
        self.purposes: list[str] = []

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        self.sides.append(sides)
        self.purposes.append(purpose)
        return super().roll(sides, purpose)


@dataclass(frozen=True)
class Roll:
    """One sequence of faces a resolution consumes, the dice they were on, and the result."""

    faces: tuple[int, ...]
    sides: tuple[int, ...]
    result: CombatResult
    purposes: tuple[str, ...] = ()
    """What each die was asked for (``combat die``, ``morale check``)."""

    @property
    def chance(self) -> Fraction:
        """How likely this sequence is: one over the product of the dice's faces."""
        chance = Fraction(1)
        for sides in self.sides:
            chance /= sides
        return chance


def every_roll(ruleset: Ruleset, report: Report, most: int = 4) -> list[Roll]:
    """Resolve ``report`` with every sequence of faces it can consume, found by asking the
    resolution itself which die comes next (the chance die, if any, then the combat die)."""
    rolls: list[Roll] = []
    waiting: list[tuple[int, ...]] = [()]
    while waiting:
        faces = waiting.pop()
        dice = ProbeDice(faces)
        try:
            result = ruleset.resolve(report, dice)
        except DiceWanted as more:
            assert len(faces) < most, f"the resolution wants more than {most} dice"
            assert more.purpose, f"a d{more.sides} was asked for without saying what for"
            waiting += [(*faces, face) for face in range(more.sides, 0, -1)]
            continue
        rolls.append(Roll(faces, tuple(dice.sides), result, tuple(dice.purposes)))
    return rolls


def outcomes_by_rolling(ruleset: Ruleset, report: Report) -> dict[str, Fraction]:
    """Each result code's exact chance, summed over every sequence of faces the report rolls."""
    chances: dict[str, Fraction] = {}
    for roll in every_roll(ruleset, report):
        chances[roll.result.code] = chances.get(roll.result.code, Fraction(0)) + roll.chance
    return chances


@dataclass(frozen=True)
class FollowUpRoll:
    """One sequence of faces a follow-up's resolution consumes, and what it resolved to."""

    faces: tuple[int, ...]
    sides: tuple[int, ...]
    purposes: tuple[str, ...]
    result: FollowUpResult

    @property
    def chance(self) -> Fraction:
        chance = Fraction(1)
        for sides in self.sides:
            chance /= sides
        return chance


def every_follow_up_roll(
    ruleset: Ruleset,
    report: Report,
    follow_up: FollowUp,
    standing: Standing,
    choice: str | None = None,
    most: int = 6,
) -> list[FollowUpRoll]:
    """Resolve ``follow_up`` with every sequence of faces it can consume (over every face of
    every die it asks for, in turn)."""
    rolls: list[FollowUpRoll] = []
    waiting: list[tuple[int, ...]] = [()]
    while waiting:
        faces = waiting.pop()
        dice = ProbeDice(faces)
        try:
            result = ruleset.resolve_follow_up(report, follow_up, standing, dice, choice)
        except DiceWanted as more:
            assert len(faces) < most, f"{follow_up.key} wants more than {most} dice"
            assert more.purpose, f"a d{more.sides} was asked for without saying what for"
            waiting += [(*faces, face) for face in range(more.sides, 0, -1)]
            continue
        rolls.append(FollowUpRoll(faces, tuple(dice.sides), tuple(dice.purposes), result))
    return rolls
