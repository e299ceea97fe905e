"""The smallest ruleset the combat contract carries, for tests and for docs/rulesets.md: fire on a
d6 plus a DRM, a step lost, and a 2d6 morale check rolled inside the resolution that may leave
the defender ``disrupted``. No odds, no strength points, no Europa field: what it uses is what
every ruleset has. Its rules, numbered T1-T5, are in :data:`REFERENCES`. What it does not
declare (a terrain not in :data:`TERRAIN`, a weather or a condition its vocabulary does not
name) it refuses by name (T5), never evaluates as if it were not there."""

from __future__ import annotations

from fractions import Fraction

from hexcombat.rules.declared_conditions import refuse_undeclared
from hexcombat.rules.dice import Dice
from hexcombat.rules.effects import DieRoll, Effect
from hexcombat.rules.eligibility import BasicEligibility
from hexcombat.rules.errors import IllegalAttackError, RulesError, UnitDataError
from hexcombat.rules.explain import Explanation
from hexcombat.rules.report import (
    CombatResult,
    DrmChances,
    ModifiedRoll,
    Outcome,
    Report,
    SideResult,
    final_drm,
    participant_id,
)
from hexcombat.rules.retreat import RetreatRules
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.step_losses import StepLosses
from hexcombat.rules.vocabulary import ConditionSpec, DieSpec, StateSpec, Vocabulary

REFERENCES = {
    "T1": "Fire: the attackers' fire against the defenders' defence; more fire gives +1.",
    "T2": "A dug-in defender gives -1; each disrupted attacker -1.",
    "T3": "Fire table: d6 + DRM; 4 or more and the defender loses a step, else no effect.",
    "T4": "Morale: a defender that lost a step rolls 2d6; above 7 it is disrupted.",
    "T5": "Fire is fought in clear, woods or a city, in clear weather; nothing else is read.",
}
TERRAIN = ("clear", "woods", "city")
"""T5: the terrain a fire may be fought in (none changes it)."""
FIRE_DIE = DieSpec("fire die", 6, rule="T3", side="attacker")
MORALE = DieSpec("morale check", 6, count=2, rule="T4", side="defender", follow_up=True)
FAILS = Fraction(sum(a + b > 7 for a in range(1, 7) for b in range(1, 7)), 36)  # T4: 15/36
TEXT = {"NE": "no effect", "L": "defender loses a step", "LD": "defender loses a step, disrupted"}


def _strength(side: tuple[Participant, ...], kind: str) -> int:
    for p in side:
        if p.range != 1:
            raise IllegalAttackError(
                f"{p.unit.name} is {p.range} hexes away: fire is adjacent", "T1"
            )
        if p.count < 1 or getattr(p.unit, kind) is None:
            raise UnitDataError(f"{p.unit.name}: needs `{kind}` and a count of 1 or more", "T1")
    return sum(getattr(p.unit, kind) * p.count for p in side)


class TinyRuleset(BasicEligibility):
    id = "tiny"
    title = "Tiny: fire, a step, a morale check (tests only)"
    retreat = RetreatRules(enemy_zoc_blocks=True, friendly_units_cancel_zoc=True)  # no retreats
    references = REFERENCES
    vocabulary = Vocabulary(
        conditions=(ConditionSpec("dug_in", "bool", "Dug in", "T2"),),
        terrain=TERRAIN,  # T5: the calculator offers these, any other is refused
        dice=(FIRE_DIE, MORALE),
        states=(StateSpec("disrupted", "Disrupted", "T4", rank=1),),
        steps=True,
    )

    def evaluate(self, situation: CombatSituation) -> Report:
        if situation.ruleset not in (self.id, ""):
            raise RulesError(f"this combat is for the {situation.ruleset} rules, not tiny")
        if not situation.attackers or not situation.defenders:
            raise IllegalAttackError("a fire needs an attacker and a defender", "T1")
        if situation.conditions.terrain not in TERRAIN:
            known = ", ".join(TERRAIN)
            raise IllegalAttackError(f"terrain {situation.conditions.terrain!r}: {known}", "T5")
        refuse_undeclared(situation.conditions, self.vocabulary, "T5")
        fire = _strength(situation.attackers, "attack")
        defence = _strength(situation.defenders, "defence")
        ex = Explanation()
        ex.add(
            "T1", f"fire {fire} against defence {defence}", fire, side="attacker", kind="strength"
        )
        drm = 1 if fire > defence else 0
        ex.add(
            "T1",
            "more fire than defence: +1" if drm else "no more fire: 0",
            drm=drm,
            side="attacker",
        )
        if situation.conditions.flag("dug_in"):
            drm -= 1
            ex.add("T2", "the defender is dug in: -1", drm=-1, side="defender")
        for p in situation.attackers:
            if p.status.state == "disrupted":
                drm -= p.count
                ex.add(
                    "T2", f"{p.unit.name} is disrupted: -{p.count}", drm=-p.count, side="attacker"
                )
        hits = Fraction(sum(face + drm >= 4 for face in range(1, 7)), 6)
        chances = {"NE": 1 - hits, "L": hits * (1 - FAILS), "LD": hits * FAILS}
        outcomes = {code: p for code, p in chances.items() if p}
        favours = {"NE": "neither", "L": "attacker", "LD": "attacker"}
        return Report(
            ruleset=self.id,
            situation=situation,
            totals={"fire": fire, "defence": defence},
            outcomes=outcomes,
            explanation=ex,
            headline=f"fire {fire} against {defence}, DRM {drm:+d}",
            outcome_list=tuple(Outcome(c, p, favours[c], TEXT[c]) for c, p in outcomes.items()),
            payload={"fire": fire, "defence": defence},
            features=(DrmChances({drm: Fraction(1)}),),
            dice=(FIRE_DIE,),
        )

    def resolve(self, report: Report, dice: Dice) -> CombatResult:
        if report.ruleset != self.id:
            raise RulesError(f"a {report.ruleset} report cannot be resolved by the tiny rules")
        drm = final_drm(report)
        face = dice.roll(6, FIRE_DIE.purpose)
        rolls = [DieRoll(FIRE_DIE.purpose, 6, (face,), "T3", "attacker")]
        code = "L" if face + drm >= 4 else "NE"
        ex, effects = Explanation(), []
        ex.add("T3", f"fire die {face} {drm:+d} = {face + drm}: {TEXT[code]}", code, kind="result")
        targets = tuple(
            participant_id(p, "defender", i) for i, p in enumerate(report.situation.defenders, 1)
        )
        if code == "L":
            effects += [
                Effect("lose-steps", "defender", "T3", "the defender loses a step", targets, 1),
                Effect("morale-check", "defender", "T4", "the defender checks morale", targets),
            ]
            morale = (dice.roll(6, MORALE.purpose), dice.roll(6, MORALE.purpose))
            rolls.append(DieRoll(MORALE.purpose, 6, morale, "T4", "defender"))
            fails = sum(morale) > 7
            said = "above 7: disrupted" if fails else "7 or less: holds"
            ex.add(
                "T4",
                f"morale check {sum(morale)}, {said}",
                sum(morale),
                side="defender",
                kind="roll",
            )
            if fails:
                code = "LD"
                effects.append(
                    Effect(
                        "set-state",
                        "defender",
                        "T4",
                        "the defender is disrupted",
                        targets,
                        state="disrupted",
                    )
                )
        return CombatResult(
            code=code,
            attacker=SideResult(),
            defender=SideResult(),
            advance=False,
            steps=ex.steps,
            headline=f"fire die {face} {drm:+d} = {face + drm}: {code}",
            rolls=tuple(rolls),
            effects=tuple(effects),
            features=(ModifiedRoll(face, drm, face + drm),),
        )

    def loss_policy(self, report: Report, result: CombatResult) -> StepLosses:
        """T3: the step a hit costs, taken from a defender the player chooses."""
        return StepLosses(report, result)

    # on a map: every unit fights, adjacent only (T1), and no result leaves one alone

    def ground_combat_refusal(self, unit: object) -> None:
        return None

    def attack_refusal(self, unit: object) -> None:
        return None

    def attack_range(self, unit: object) -> int:
        return 1

    def result_exemption(self, participant: Participant) -> None:
        return None

    def chart_problems(self, source: object, counters: object) -> list[object]:
        return []

    def counter_actions(self, counter: object, turn: object) -> list[object]:
        return []

    def counter_action(self, counter: object, turn: object, key: str) -> object:
        raise RulesError(f"the tiny rules have no counter action {key!r}")


RULESET = TinyRuleset()
