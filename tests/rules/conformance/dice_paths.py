"""Every sequence of dice a report can consume, found by asking the resolution itself which die
it rolls next: the chance die when the DRM is given as a chance (10.C), then the combat die. Each
ruleset's resolve tests and the conformance suite compare the chances rolled this way with the
chances the report promised."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hexcombat.rules.registry import Ruleset
from hexcombat.rules.report import CombatResult, Report


class MoreDice(Exception):
    """Raised by :class:`ProbeDice` when a resolution asks for a die beyond its script."""

    def __init__(self, sides: int) -> None:
        super().__init__(f"a d{sides} more")
        self.sides = sides


class ProbeDice:
    """Scripted faces, then :class:`MoreDice` naming the die the resolution wants next."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = faces
        self.sides: list[int] = []

    def roll(self, sides: int = 6) -> int:
        at = len(self.sides)
        self.sides.append(sides)
        if at == len(self.faces):
            raise MoreDice(sides)
        return self.faces[at]


@dataclass(frozen=True)
class Roll:
    """One sequence of faces a resolution consumes, the dice they were on, and the result."""

    faces: tuple[int, ...]
    sides: tuple[int, ...]
    result: CombatResult

    @property
    def chance(self) -> Fraction:
        """How likely this sequence is: one over the product of the dice's faces."""
        chance = Fraction(1)
        for sides in self.sides:
            chance /= sides
        return chance


def every_roll(ruleset: Ruleset, report: Report, most: int = 3) -> list[Roll]:
    """Resolve ``report`` with every sequence of faces it can consume, found by asking the
    resolution itself which die comes next (the chance die, if any, then the combat die)."""
    rolls: list[Roll] = []
    waiting: list[tuple[int, ...]] = [()]
    while waiting:
        faces = waiting.pop()
        dice = ProbeDice(faces)
        try:
            result = ruleset.resolve(report, dice)
        except MoreDice as more:
            assert len(faces) < most, f"the resolution wants more than {most} dice"
            waiting += [(*faces, face) for face in range(more.sides, 0, -1)]
            continue
        rolls.append(Roll(faces, tuple(dice.sides), result))
    return rolls


def outcomes_by_rolling(ruleset: Ruleset, report: Report) -> dict[str, Fraction]:
    """Each result code's exact chance, summed over every sequence of faces the report rolls."""
    chances: dict[str, Fraction] = {}
    for roll in every_roll(ruleset, report):
        chances[roll.result.code] = chances.get(roll.result.code, Fraction(0)) + roll.chance
    return chances
