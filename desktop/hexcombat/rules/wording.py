"""How a combat is put in words where a player reads it in one line: the Combat panel's
heading, the roll as it is announced, the combat log's line and the result's first lines. The
words are the ruleset's (a game read on a table's column says it as its players always have);
:class:`PlainWording` says it with the report's and the result's own headlines."""

from __future__ import annotations

from dataclasses import dataclass

from hexcombat.rules.effects import DieRoll
from hexcombat.rules.report import CombatResult, Report


@dataclass(frozen=True)
class ResultWords:
    """A rolled result in the words a player reads it in, where they read it."""

    rolled: str
    """The roll announced (the roll line, the entry of a roll not applied yet)."""
    logged: str
    """The combat log's line for the applied result, after the hexes."""
    shown: tuple[str, ...]
    """The Combat panel's lines after the result code: the first beside the code."""


def roll_words(roll: DieRoll) -> str:
    """``morale check 5 + 4 = 9``: one roll by its purpose (``fire die 4``)."""
    faces = " + ".join(str(f) for f in roll.faces)
    total = f" = {roll.total}" if len(roll.faces) > 1 else ""
    return f"{roll.purpose or 'die'} {faces}{total}"


def follow_up_rolls(report: Report, result: CombatResult) -> list[DieRoll]:
    """The rolls the result called for after the dice the combat rolls first (a morale
    check): each one the player rolled and should see."""
    return list(result.rolls[len(report.dice) :]) if report.dice else []


class PlainWording:
    """A combat in the words of its report and result: their headlines, then the rolls."""

    def report_words(self, report: Report) -> str:
        """The Combat panel's heading for ``report``: its headline."""
        return report.headline

    def result_words(self, report: Report, result: CombatResult) -> ResultWords:
        """The result's headline, then each follow-up roll; the panel lists every roll."""
        words = result.headline or f"{report.headline}: {result.code}"
        follow = "; ".join(roll_words(r) for r in follow_up_rolls(report, result))
        said = f"{words}; {follow}" if follow else words
        shown = (result.headline,)
        if result.rolls:
            shown += ("Dice: " + "; ".join(roll_words(r) for r in result.rolls),)
        return ResultWords(said, said, shown)


PLAIN_WORDING = PlainWording()
"""The words every ruleset has unless it says a combat otherwise."""
