"""A test-only ruleset whose two dice are its own: the tiny ruleset's fire (T1-T4), but each
side rolls a d6 of its own, and the defender loses a step (and checks morale, T4) when the
attacker's d6 beats the defender's d6. Its dice are declared as "attacker's d6" and
"defender's d6": the game must ask for them in these words, not in Europa's (a chance roll,
then the combat die)."""

from __future__ import annotations

from dataclasses import replace

from tiny_ruleset import MORALE, TinyRuleset

from hexcombat.rules.dice import Dice
from hexcombat.rules.effects import DieRoll
from hexcombat.rules.report import CombatResult, Report
from hexcombat.rules.situation import CombatSituation
from hexcombat.rules.vocabulary import DieSpec

ATTACKER_D6 = DieSpec("attacker's d6", 6, rule="T3", side="attacker")
DEFENDER_D6 = DieSpec("defender's d6", 6, rule="T3", side="defender")


class _FireFace:
    """The tiny rules' fire die showing ``face``, then the game's own dice (a morale check)."""

    def __init__(self, face: int, then: Dice) -> None:
        self.face: int | None = face
        self.then = then

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        face, self.face = self.face, None
        return face if face is not None else self.then.roll(sides, purpose)


class DuelRuleset(TinyRuleset):
    id = "duel"
    title = "Duel: each side's own d6 (tests only)"
    vocabulary = replace(TinyRuleset.vocabulary, dice=(ATTACKER_D6, DEFENDER_D6, MORALE))

    def evaluate(self, situation: CombatSituation) -> Report:
        return replace(super().evaluate(situation), dice=(ATTACKER_D6, DEFENDER_D6))

    def resolve(self, report: Report, dice: Dice) -> CombatResult:
        attacker = dice.roll(6, ATTACKER_D6.purpose)
        defender = dice.roll(6, DEFENDER_D6.purpose)
        hits = attacker > defender
        result = super().resolve(report, _FireFace(6 if hits else 1, dice))
        rolls = (
            DieRoll(ATTACKER_D6.purpose, 6, (attacker,), "T3", "attacker"),
            DieRoll(DEFENDER_D6.purpose, 6, (defender,), "T3", "defender"),
        )
        return replace(result, rolls=rolls + result.rolls[1:])


RULESET = DuelRuleset()

OUTSIDE_CONFORMANCE = (
    "the tiny ruleset's fire with each side's die named, for the dice wording, with no "
    "scenario or strategy of its own: tests/game/test_dice_wording.py checks it"
)
"""Why the conformance suite does not run over it as a whole (conformance_helpers)."""
