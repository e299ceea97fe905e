"""A test ruleset of a classic odds family other than Europa's: attack against defence as odds
(1:2 to 4:1), woods, a city and mud shift the column left, and two dice added together (2d6)
read on the column give step losses. Its rules, numbered O1-O5, are in :data:`REFERENCES`.

Its odds column is declared as the report's :class:`OddsColumn` feature (a what-if can ask for
it); it gives no DRM, no modified roll and no RE: nothing of another family."""

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
    OddsColumn,
    Outcome,
    Report,
    SideResult,
    odds_column,
    participant_id,
)
from hexcombat.rules.retreat import RetreatRules
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.step_losses import StepLosses
from hexcombat.rules.vocabulary import DieSpec, Vocabulary

REFERENCES = {
    "O1": "Odds: the attackers' attack against the defenders' defence, rounded down to 1:2, "
    "1:1, 2:1, 3:1 or 4:1 (below 1:2 is 1:2, above 4:1 is 4:1).",
    "O2": "Terrain and weather: woods one column left, a city two, mud one more; never left "
    "of 1:2. Attacks are made in clear, woods or a city, in clear weather or mud.",
    "O3": "Combat results table: roll 2d6 on the column.",
    "O4": "Results: A1 the attackers lose a step, D1 the defenders one, D2 two, NE nothing.",
    "O5": "Units fight adjacent only, each with its attack or defence and its steps.",
}
COLUMNS = ("1:2", "1:1", "2:1", "3:1", "4:1")
TERRAIN = {"clear": 0, "woods": -1, "city": -2}
"""O2: the columns each terrain shifts."""
WEATHER = {"clear": 0, "mud": -1}
"""O2: the columns each weather shifts."""
COMBAT_ROLL = DieSpec("combat roll", 6, count=2, rule="O3", side="attacker")
CRT: dict[str, tuple[tuple[int, int, str], ...]] = {
    "1:2": ((2, 6, "A1"), (7, 10, "NE"), (11, 12, "D1")),
    "1:1": ((2, 4, "A1"), (5, 8, "NE"), (9, 11, "D1"), (12, 12, "D2")),
    "2:1": ((2, 3, "A1"), (4, 6, "NE"), (7, 10, "D1"), (11, 12, "D2")),
    "3:1": ((2, 2, "A1"), (3, 5, "NE"), (6, 9, "D1"), (10, 12, "D2")),
    "4:1": ((2, 3, "NE"), (4, 8, "D1"), (9, 12, "D2")),
}
"""O3: each column's rows, lowest roll, highest roll and result, 2 to 12."""
TEXT = {
    "A1": "the attackers lose a step",
    "NE": "no effect",
    "D1": "the defenders lose a step",
    "D2": "the defenders lose 2 steps",
}
FAVOURS = {"A1": "defender", "NE": "neither", "D1": "attacker", "D2": "attacker"}
LOSSES = {"A1": ("attacker", 1), "D1": ("defender", 1), "D2": ("defender", 2)}


def result_of(column: str, roll: int) -> str:
    """O3: the result of a 2d6 ``roll`` on ``column``."""
    return next(code for low, high, code in CRT[column] if low <= roll <= high)


def column_of(attack: int, defence: int) -> int:
    """O1: the column index of attack against defence, rounded down (1:2 below 1:1, 4:1 at
    4:1 and above)."""
    return 0 if attack < defence else min(len(COLUMNS) - 1, attack // defence)


def _strength(side: tuple[Participant, ...], kind: str) -> int:
    for p in side:
        if p.range != 1:
            raise IllegalAttackError(f"{p.unit.name} is {p.range} hexes away", "O5")
        if p.count < 1 or getattr(p.unit, kind) is None or getattr(p.unit, kind) < 1:
            raise UnitDataError(
                f"{p.unit.name}: needs `{kind}` of 1 or more and a count of 1 or more", "O5"
            )
    return sum(getattr(p.unit, kind) * p.count for p in side)


class Odds2d6Ruleset(BasicEligibility):
    id = "odds-2d6"
    title = "Odds on 2d6: step losses (tests only)"
    retreat = RetreatRules(enemy_zoc_blocks=True, friendly_units_cancel_zoc=True)  # no retreats
    references = REFERENCES
    terrain = tuple(TERRAIN)
    vocabulary = Vocabulary(dice=(COMBAT_ROLL,), steps=True, weather=tuple(WEATHER), dated=False)

    def evaluate(self, situation: CombatSituation) -> Report:
        if situation.ruleset not in (self.id, ""):
            raise RulesError(f"this combat is for the {situation.ruleset} rules, not {self.id}")
        if not situation.attackers or not situation.defenders:
            raise IllegalAttackError("an attack needs an attacker and a defender", "O5")
        c = situation.conditions
        if c.terrain not in TERRAIN:
            raise IllegalAttackError(f"terrain {c.terrain!r}: {', '.join(TERRAIN)}", "O2")
        refuse_undeclared(c, self.vocabulary, "O2")
        attack = _strength(situation.attackers, "attack")
        defence = _strength(situation.defenders, "defence")
        ex = Explanation()
        ex.add("O1", f"attack {attack} against defence {defence}", attack, kind="strength")
        index = column_of(attack, defence)
        ex.add("O1", f"odds {COLUMNS[index]}", COLUMNS[index], kind="shift")
        for shift, why in ((TERRAIN[c.terrain], c.terrain), (WEATHER[c.weather], c.weather)):
            if shift:
                index = max(0, index + shift)
                ex.add("O2", f"{why}: {shift:+d} column, {COLUMNS[index]}", shift, kind="shift")
        column = COLUMNS[index]
        counts: dict[str, Fraction] = {}
        for a in range(1, 7):
            for b in range(1, 7):
                code = result_of(column, a + b)
                counts[code] = counts.get(code, Fraction(0)) + Fraction(1, 36)
        outcomes = {code: counts[code] for code in TEXT if code in counts}
        return Report(
            ruleset=self.id,
            situation=situation,
            totals={"attack": attack, "defence": defence},
            features=(OddsColumn(column, attack, defence),),  # the column a 2d6 is read on (O1)
            outcomes=outcomes,
            explanation=ex,
            headline=f"{column}: attack {attack} against {defence}",
            outcome_list=tuple(
                Outcome(code, p, FAVOURS[code], TEXT[code], _suffers(code))
                for code, p in outcomes.items()
            ),
            payload={},
            dice=(COMBAT_ROLL,),
        )

    def resolve(self, report: Report, dice: Dice) -> CombatResult:
        if report.ruleset != self.id:
            raise RulesError(f"a {report.ruleset} report cannot be resolved by the {self.id} rules")
        column = odds_column(report)
        assert column is not None
        faces = (dice.roll(6, COMBAT_ROLL.purpose), dice.roll(6, COMBAT_ROLL.purpose))
        roll = sum(faces)
        code = result_of(column, roll)
        ex = Explanation()
        said = f"combat roll {faces[0]} + {faces[1]} = {roll} on {column}: {TEXT[code]}"
        ex.add("O3", said, code, kind="result")
        effects = []
        if code in LOSSES:
            side, steps = LOSSES[code]
            group = report.situation.attackers if side == "attacker" else report.situation.defenders
            targets = tuple(participant_id(p, side, i) for i, p in enumerate(group, 1))
            effects.append(Effect("lose-steps", side, "O4", TEXT[code], targets, steps))
        return CombatResult(
            code=code,
            attacker=SideResult(),
            defender=SideResult(),
            advance=False,
            steps=ex.steps,
            headline=f"{roll} on {column}: {code}",
            rolls=(DieRoll(COMBAT_ROLL.purpose, 6, faces, "O3", "attacker"),),
            effects=tuple(effects),
        )

    def loss_policy(self, report: Report, result: CombatResult) -> StepLosses:
        """O4: the steps a result costs, taken from the units the player chooses."""
        return StepLosses(report, result)


def _suffers(code: str) -> tuple[str, ...]:
    return (LOSSES[code][0],) if code in LOSSES else ()


RULESET = Odds2d6Ruleset()
