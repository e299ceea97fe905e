"""A test ruleset of a differential family: the attackers' attack minus the defenders' defence
(woods +1 defence, a city +2, each level of entrenchment +1, rain -1 to the difference), one d6
read on the difference's column; the loser retreats or the defender is eliminated. Its rules,
numbered D1-D5, are in :data:`REFERENCES`.

It gives nothing of another family: no DRM, no odds column, no RE (a game's own types only)."""

from __future__ import annotations

from fractions import Fraction

from hexcombat.rules.declared_conditions import refuse_undeclared
from hexcombat.rules.dice import Dice
from hexcombat.rules.effects import DieRoll, Effect
from hexcombat.rules.eligibility import BasicEligibility
from hexcombat.rules.errors import IllegalAttackError, RulesError, UnitDataError
from hexcombat.rules.explain import Explanation
from hexcombat.rules.report import CombatResult, Outcome, Report, SideResult, participant_id
from hexcombat.rules.retreat import RetreatRules
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.step_losses import StepLosses
from hexcombat.rules.vocabulary import ConditionSpec, DieSpec, Vocabulary

REFERENCES = {
    "D1": "Difference: the attackers' attack minus the defenders' defence.",
    "D2": "Terrain and weather: woods +1 defence, a city +2, each level of entrenchment (0-2) "
    "+1; rain -1 to the difference. Attacks are made in clear, woods or a city.",
    "D3": "Combat results table: roll a d6 on the difference's column, -1 or less to +3 or more.",
    "D4": "Results: AR the attackers retreat 1 hex, DR the defenders retreat 2, DE the "
    "defenders are eliminated, NE nothing.",
    "D5": "Units fight adjacent only, each with its attack or defence.",
}
COLUMNS = (-1, 0, 1, 2, 3)
"""D3: the columns, the first for -1 or less, the last for +3 or more."""
CRT: dict[int, str] = {
    -1: "AAANND",
    0: "AANNDD",
    1: "ANNDDD",
    2: "NNDDDE",
    3: "NDDDEE",
}
"""D3: each column's result for the faces 1 to 6 (A: AR, N: NE, D: DR, E: DE)."""
CODES = {"A": "AR", "N": "NE", "D": "DR", "E": "DE"}
TERRAIN = {"clear": 0, "woods": 1, "city": 2}
"""D2: the defence each terrain adds."""
WEATHER = {"clear": 0, "rain": -1}
"""D2: what each weather adds to the difference."""
DIE = DieSpec("combat die", 6, rule="D3", side="attacker")
TEXT = {
    "AR": "the attackers retreat 1 hex",
    "NE": "no effect",
    "DR": "the defenders retreat 2 hexes",
    "DE": "the defenders are eliminated",
}
FAVOURS = {"AR": "defender", "NE": "neither", "DR": "attacker", "DE": "attacker"}
SUFFERS = {"AR": ("attacker",), "NE": (), "DR": ("defender",), "DE": ("defender",)}


def result_of(difference: int, face: int) -> str:
    """D3: the result of ``face`` on the column of ``difference``."""
    column = max(COLUMNS[0], min(COLUMNS[-1], difference))
    return CODES[CRT[column][face - 1]]


def _strength(side: tuple[Participant, ...], kind: str) -> int:
    for p in side:
        if p.range != 1:
            raise IllegalAttackError(f"{p.unit.name} is {p.range} hexes away", "D5")
        if p.count < 1 or getattr(p.unit, kind) is None:
            raise UnitDataError(f"{p.unit.name}: needs `{kind}` and a count of 1 or more", "D5")
    return sum(getattr(p.unit, kind) * p.count for p in side)


class DifferentialRuleset(BasicEligibility):
    id = "differential"
    title = "Differential: attack minus defence, retreats (tests only)"
    retreat = RetreatRules(enemy_zoc_blocks=False, friendly_units_cancel_zoc=False)
    references = REFERENCES
    terrain = tuple(TERRAIN)
    vocabulary = Vocabulary(
        conditions=(
            ConditionSpec("entrenchment", "int", "Entrenchment", "D2", default=0, low=0, high=2),
        ),
        dice=(DIE,),
        weather=tuple(WEATHER),
        dated=False,
    )

    def evaluate(self, situation: CombatSituation) -> Report:
        if situation.ruleset not in (self.id, ""):
            raise RulesError(f"this combat is for the {situation.ruleset} rules, not {self.id}")
        if not situation.attackers or not situation.defenders:
            raise IllegalAttackError("an attack needs an attacker and a defender", "D5")
        c = situation.conditions
        if c.terrain not in TERRAIN:
            raise IllegalAttackError(f"terrain {c.terrain!r}: {', '.join(TERRAIN)}", "D2")
        refuse_undeclared(c, self.vocabulary, "D2")
        attack = _strength(situation.attackers, "attack")
        defence = _strength(situation.defenders, "defence")
        ex = Explanation()
        ex.add("D1", f"attack {attack}", attack, side="attacker", kind="strength")
        ex.add("D1", f"defence {defence}", defence, side="defender", kind="strength")
        extra = TERRAIN[c.terrain] + c.number("entrenchment")
        if TERRAIN[c.terrain]:
            ex.add("D2", f"{c.terrain}: +{TERRAIN[c.terrain]} defence", side="defender")
        if c.number("entrenchment"):
            ex.add("D2", f"entrenchment +{c.number('entrenchment')} defence", side="defender")
        difference = attack - defence - extra + WEATHER[c.weather]
        if WEATHER[c.weather]:
            ex.add("D2", f"{c.weather}: {WEATHER[c.weather]:+d} to the difference")
        ex.add("D1", f"difference {difference:+d}", difference, kind="shift")
        chances: dict[str, Fraction] = {}
        for face in range(1, 7):
            code = result_of(difference, face)
            chances[code] = chances.get(code, Fraction(0)) + Fraction(1, 6)
        outcomes = {code: chances[code] for code in TEXT if code in chances}
        return Report(
            ruleset=self.id,
            situation=situation,
            totals={"attack": attack, "defence": defence + extra, "difference": difference},
            outcomes=outcomes,
            explanation=ex,
            headline=f"difference {difference:+d}: attack {attack} against {defence + extra}",
            outcome_list=tuple(
                Outcome(code, p, FAVOURS[code], TEXT[code], SUFFERS[code])
                for code, p in outcomes.items()
            ),
            payload={},
            dice=(DIE,),
        )

    def resolve(self, report: Report, dice: Dice) -> CombatResult:
        if report.ruleset != self.id:
            raise RulesError(f"a {report.ruleset} report cannot be resolved by the {self.id} rules")
        difference = int(report.totals["difference"])  # type: ignore[arg-type]
        face = dice.roll(6, DIE.purpose)
        code = result_of(difference, face)
        ex = Explanation()
        ex.add("D3", f"combat die {face} on {difference:+d}: {TEXT[code]}", code, kind="result")
        situation = report.situation
        if code == "AR":
            ids = tuple(
                participant_id(p, "attacker", i) for i, p in enumerate(situation.attackers, 1)
            )
            effects = (Effect("retreat", "attacker", "D4", TEXT[code], ids, 1),)
        else:
            ids = tuple(
                participant_id(p, "defender", i) for i, p in enumerate(situation.defenders, 1)
            )
            effects = {
                "NE": (),
                "DR": (Effect("retreat", "defender", "D4", TEXT[code], ids, 2),),
                "DE": (Effect("eliminate", "defender", "D4", TEXT[code], ids),),
            }[code]
        return CombatResult(
            code=code,
            attacker=SideResult(),
            defender=SideResult(),
            advance=False,
            steps=ex.steps,
            headline=f"combat die {face} on {difference:+d}: {code}",
            rolls=(DieRoll(DIE.purpose, 6, (face,), "D3", "attacker"),),
            effects=effects,
        )

    def loss_policy(self, report: Report, result: CombatResult) -> StepLosses:
        """D4: no step is lost; a retreat or an elimination is the result's own effect."""
        return StepLosses(report, result)


RULESET = DifferentialRuleset()
