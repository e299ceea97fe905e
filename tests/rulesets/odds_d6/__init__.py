"""``odds-d6``: a classic odds game kept in the tests, to show that a ruleset is one folder.

Attack strength against defence strength as odds, 1:2 to 6:1 (O1), woods -1 (O2), one d6 on the
combat results table beside this file (O3), a step lost by the side the result names. The folder
brings everything the program needs besides the code: its rule references (``references.toml``),
its chart (``crt.toml``, a chart kind it declares), a counter set (``counters/``) and a tutorial
on a map of its own (``tutorials/``). Copied into the rulesets package (or installed as a
plug-in), it is played with no other file changed. Tests only.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from hexcombat.rules.declarations import Declarations
from hexcombat.rules.declared_conditions import refuse_undeclared
from hexcombat.rules.dice import Dice
from hexcombat.rules.effects import DieRoll, Effect
from hexcombat.rules.eligibility import BasicEligibility
from hexcombat.rules.errors import IllegalAttackError, RulesError, UnitDataError
from hexcombat.rules.explain import Explanation
from hexcombat.rules.references import ReferencesFile
from hexcombat.rules.report import (
    CombatResult,
    DrmChances,
    ModifiedRoll,
    OddsColumn,
    Outcome,
    Report,
    SideResult,
    final_drm,
    participant_id,
)
from hexcombat.rules.report import odds_column as report_column
from hexcombat.rules.retreat import RetreatRules
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.step_losses import StepLosses
from hexcombat.rules.vocabulary import DieSpec, Vocabulary
from hexcombat.sourcefile import Problem, TomlSource

HERE = Path(__file__).resolve().parent
CRT_CHART = "odds-d6-crt"
COLUMNS = ("1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1")
CODES = {"AL": "attacker loses a step", "NE": "no effect", "DL": "defender loses a step"}
DIE = DieSpec("combat die", 6, rule="O3", side="attacker")
TERRAIN_DRM = {"clear": 0, "woods": -1}  # O2


def crt_from_source(source: TomlSource) -> tuple[dict[str, tuple[str, ...]], list[Problem]]:
    """The combat results table: each odds column's six results, die 1 to 6 (O3)."""
    raw = source.data.get("columns")
    if not isinstance(raw, dict):
        return {}, [source.problem(("columns",), "[columns] must map odds to six results")]
    problems = []
    for column in COLUMNS:
        results = raw.get(column)
        if not isinstance(results, list) or len(results) != 6:
            problems.append(source.problem(("columns",), f"column {column} needs six results"))
        elif bad := [r for r in results if r not in CODES]:
            problems.append(
                source.problem(("columns", column), f"{bad[0]!r} is none of {', '.join(CODES)}")
            )
    table = {c: tuple(raw[c]) for c in COLUMNS if isinstance(raw.get(c), list)}
    return table, problems


def odds_column(attack: int, defence: int) -> str:
    """O1: attack to defence, rounded in the defender's favour, 6:1 at most; below 1:2 the
    attack is not allowed."""
    if attack >= defence:
        return f"{min(attack // defence, 6)}:1"
    if 2 * attack >= defence:
        return "1:2"
    raise IllegalAttackError(f"odds of {attack} to {defence} are below 1:2", "O1")


def _strength(side: tuple[Participant, ...], kind: str) -> int:
    """O1: the side's strength; every unit fights adjacent to the defended hex, one or more of
    it, with a strength of 1 or more."""
    for p in side:
        if p.range != 1:
            raise IllegalAttackError(f"{p.unit.name} is {p.range} hexes away: adjacent only", "O1")
        strength = getattr(p.unit, kind)
        if strength is None or strength < 1 or p.count < 1:
            raise UnitDataError(f"{p.unit.name}: needs `{kind}` and a count of 1 or more", "O1")
    return sum(getattr(p.unit, kind) * p.count for p in side)


class OddsD6Ruleset(BasicEligibility):
    id = "odds-d6"
    title = "Classic odds, one d6 (tests only)"
    retreat = RetreatRules(enemy_zoc_blocks=True, friendly_units_cancel_zoc=True)  # no retreats
    vocabulary = Vocabulary(dice=(DIE,), steps=True, dated=False, terrain=tuple(TERRAIN_DRM))  # O2
    references = ReferencesFile(HERE / "references.toml")
    declares = Declarations(
        game="Classic odds (one d6)",
        chart_kinds={CRT_CHART: crt_from_source},
        tutorials=(HERE / "tutorials",),
        counter_sets=(HERE / "counters",),
    )

    def _table(self) -> dict[str, tuple[str, ...]]:
        table, problems = crt_from_source(TomlSource.load(HERE / "crt.toml"))
        if problems:
            raise RulesError(str(problems[0]), "O3")
        return table

    def _drm(self, situation: CombatSituation, ex: Explanation) -> int:
        terrain = situation.conditions.terrain
        if terrain not in TERRAIN_DRM:
            raise IllegalAttackError(f"the odds-d6 rules know no terrain {terrain!r}", "O2")
        drm = TERRAIN_DRM[terrain]
        ex.add("O2", f"the defender is in {terrain}: {drm:+d}", drm=drm, side="defender")
        return drm

    def evaluate(self, situation: CombatSituation) -> Report:
        if situation.ruleset not in (self.id, ""):
            raise RulesError(f"this combat is for the {situation.ruleset} rules, not {self.id}")
        if not situation.attackers or not situation.defenders:
            raise IllegalAttackError("an attack needs an attacker and a defender", "O1")
        refuse_undeclared(situation.conditions, self.vocabulary, "O2")
        attack = _strength(situation.attackers, "attack")
        defence = _strength(situation.defenders, "defence")
        ex = Explanation()
        column = odds_column(attack, defence)
        ex.add("O1", f"attack {attack} to defence {defence}: odds {column}", column)
        drm = self._drm(situation, ex)
        results = self._table()[column]
        chances: dict[str, Fraction] = {}
        for face in range(1, 7):
            code = results[min(max(face + drm, 1), 6) - 1]
            chances[code] = chances.get(code, Fraction(0)) + Fraction(1, 6)
        favours = {"AL": "defender", "NE": "neither", "DL": "attacker"}
        return Report(
            ruleset=self.id,
            situation=situation,
            totals={"attack": attack, "defence": defence},
            features=(
                OddsColumn(column, Fraction(attack), Fraction(defence)),
                DrmChances({drm: Fraction(1)}),
            ),
            outcomes=chances,
            explanation=ex,
            headline=f"{column}, DRM {drm:+d}",
            outcome_list=tuple(Outcome(c, p, favours[c], CODES[c]) for c, p in chances.items()),
            payload={},
            dice=(DIE,),
        )

    def resolve(self, report: Report, dice: Dice) -> CombatResult:
        if report.ruleset != self.id:
            raise RulesError(f"a {report.ruleset} report cannot be resolved by the odds-d6 rules")
        drm, column = final_drm(report), report_column(report)
        assert column is not None
        face = dice.roll(6, DIE.purpose)
        roll = min(max(face + drm, 1), 6)
        code = self._table()[column][roll - 1]
        ex = Explanation()
        ex.add("O3", f"die {face} {drm:+d} on {column}: {CODES[code]}", code, kind="result")
        effects = []
        if code != "NE":
            side = "attacker" if code == "AL" else "defender"
            members = report.situation.attackers if code == "AL" else report.situation.defenders
            targets = tuple(participant_id(p, side, i) for i, p in enumerate(members, 1))
            effects.append(Effect("lose-steps", side, "O3", CODES[code], targets, 1))
        return CombatResult(
            code=code,
            features=(ModifiedRoll(face, drm, roll),),
            attacker=SideResult(),
            defender=SideResult(),
            advance=False,
            steps=ex.steps,
            headline=f"die {face} {drm:+d} on {column}: {code}",
            rolls=(DieRoll(DIE.purpose, 6, (face,), "O3", "attacker"),),
            effects=tuple(effects),
        )

    def loss_policy(self, report: Report, result: CombatResult) -> StepLosses:
        """O3: the step a result costs, from a unit of that side the player chooses."""
        return StepLosses(report, result)

    # on a map: every unit fights, adjacent only (O1), and no result leaves one alone

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
        raise RulesError(f"the odds-d6 rules have no counter action {key!r}")


RULESET = OddsD6Ruleset()
