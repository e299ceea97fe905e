"""A test ruleset shaped like a tactical assault's retreats and advance (The Last Hundred Yards'
14.3.3), for the game layer's tests: a d6 decides, the loser retreats 2 to 4 hexes (exactly 4 on
a 6), the winner may advance, once per turn per unit. Its rules, numbered R1-R4, are in
:data:`REFERENCES`; it reads units' ``kind`` (towed-gun, fp, vehicle, squad) and ``loaded``,
their ``movement``, and their ``shocked`` marker."""

from __future__ import annotations

from fractions import Fraction

from hexcombat.rules.dice import Dice
from hexcombat.rules.effects import DieRoll, Effect
from hexcombat.rules.eligibility import BasicEligibility, Refusal
from hexcombat.rules.errors import IllegalAttackError, RulesError
from hexcombat.rules.explain import Explanation
from hexcombat.rules.losses import LossPolicy
from hexcombat.rules.report import CombatResult, Outcome, Report, SideResult
from hexcombat.rules.retreat import FreeRetreat, RetreatRules
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.step_losses import StepLosses
from hexcombat.rules.vocabulary import (
    CapabilitySpec,
    ConditionSpec,
    DieSpec,
    PhaseSpec,
    StateSpec,
    Vocabulary,
)

REFERENCES = {
    "R1": "Assault: d6; 1 the attackers retreat 2-4, 2-5 the defenders retreat 2-4, 6 they "
    "retreat 4; the winner may advance.",
    "R2": "Towed guns not loaded, shocked vehicles and FPs are eliminated instead of retreating.",
    "R3": "Retreat: at most 3 hexes through marsh or a river hex, or at night; not across a major "
    "river; 4 MPs vehicles retreat freely and are marked in motion.",
    "R4": "Advance is allowed once per turn per unit.",
}
DIE = DieSpec("assault die", 6, rule="R1", side="attacker")
TEXT = {
    "AR": "the attackers retreat 2-4 hexes",
    "DR": "the defenders retreat 2-4 hexes",
    "DR4": "the defenders retreat 4 hexes",
}


def code_of(face: int) -> str:
    """R1: the result of a face."""
    return "AR" if face == 1 else ("DR4" if face == 6 else "DR")


class RetreatTestRuleset(BasicEligibility):
    id = "retreat-test"
    title = "Retreat test: ranged retreats, limits, advance once per turn (tests only)"
    retreat = RetreatRules(
        enemy_zoc_blocks=False,
        friendly_units_cancel_zoc=False,
        prohibited_terrain=frozenset({"sea"}),
        prohibited_hexside_features=frozenset({"major-river"}),
        limit_hexes=3,
        limiting_terrain=frozenset({"marsh", "river"}),
        limiting_conditions=frozenset({"night"}),
        rule="R3",
    )
    references = REFERENCES
    vocabulary = Vocabulary(
        conditions=(ConditionSpec("night", "bool", "Night", "R3"),),
        capabilities=(
            CapabilitySpec("kind", "choice", "Kind", "R2", ("squad", "fp", "towed-gun", "vehicle")),
            CapabilitySpec("loaded", "bool", "Loaded", "R2"),
        ),
        dice=(DIE,),
        phases=(PhaseSpec("assault", "Assault"), PhaseSpec("rally", "Rally", attacks=False)),
        default_phase="assault",
        markers=(
            StateSpec("shocked", "Shocked", "R2"),
            StateSpec("in-motion", "In motion", "R3"),
        ),
        advance_once_per_turn="R4",
    )

    def evaluate(self, situation: CombatSituation) -> Report:
        if not situation.attackers or not situation.defenders:
            raise IllegalAttackError("an assault needs an attacker and a defender", "R1")
        ex = Explanation()
        ex.add("R1", "the assault die decides", 0, side="attacker", kind="note")
        chances = {"AR": Fraction(1, 6), "DR": Fraction(4, 6), "DR4": Fraction(1, 6)}
        favours = {"AR": "defender", "DR": "attacker", "DR4": "attacker"}
        return Report(
            ruleset=self.id,
            situation=situation,
            totals={},
            outcomes=chances,
            explanation=ex,
            headline="assault",
            outcome_list=tuple(Outcome(c, p, favours[c], TEXT[c]) for c, p in chances.items()),
            payload={},
            dice=(DIE,),
        )

    def resolve(self, report: Report, dice: Dice) -> CombatResult:
        if report.ruleset != self.id:
            raise RulesError(f"a {report.ruleset} report cannot be resolved by these rules")
        face = dice.roll(6, DIE.purpose)
        code = code_of(face)
        loser, winner = ("attacker", "defender") if code == "AR" else ("defender", "attacker")
        most = 4 if code == "DR4" else None
        retreat = Effect(
            "retreat", loser, "R1", TEXT[code], amount=4 if most else 2, most=most or 4
        )
        advance = Effect("advance", winner, "R1", f"the {winner}s may advance")
        return CombatResult(
            code=code,
            attacker=SideResult(),
            defender=SideResult(),
            advance=True,
            headline=f"assault die {face}: {code}",
            rolls=(DieRoll(DIE.purpose, 6, (face,), "R1", "attacker"),),
            effects=(retreat, advance),
        )

    def loss_policy(self, report: Report, result: CombatResult) -> LossPolicy:
        """No losses but those of the retreat."""
        return StepLosses(report, result)

    def retreat_elimination(self, participant: Participant) -> Refusal | None:
        """R2: unloaded towed guns, shocked units and FPs do not retreat."""
        unit = participant.unit
        kind = unit.rule_value("kind")
        if kind == "towed-gun" and not unit.rule_value("loaded", False):
            return Refusal("an unloaded towed gun is eliminated instead of retreating", "R2")
        if kind == "fp":
            return Refusal("an FP is eliminated instead of retreating", "R2")
        if "shocked" in participant.status.markers:
            return Refusal("a shocked vehicle is eliminated instead of retreating", "R2")
        return None

    def free_retreat(self, participant: Participant) -> FreeRetreat | None:
        """R3: 4 MPs vehicles retreat freely, marked in motion."""
        unit = participant.unit
        if unit.rule_value("kind") == "vehicle" and unit.movement == 4:
            return FreeRetreat("4 MPs vehicles can retreat freely", "R3", "in-motion")
        return None


RULESET = RetreatTestRuleset()

OUTSIDE_CONFORMANCE = (
    "a retreat and advance for the game layer, with no scenario or strategy of its own: "
    "test_retreat_declarations.py and tests/game/test_tactical_retreats.py check it"
)
"""Why the conformance suite does not run over it as a whole (conformance_helpers)."""
