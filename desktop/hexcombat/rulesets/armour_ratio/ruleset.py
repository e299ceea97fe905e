"""The ``armour-ratio`` ruleset: rule 10 of file 003 (V 11.03.06) on the generic CRT.

``evaluate`` works out every modifier with its rule, the odds and the chance of every outcome;
``resolve`` rolls (chance die first when the Armour Effects Table gives a chance, then the combat
die) and applies the result with the required losses of 10.F. Both are the same function of the
same inputs, so what the panel promises is what the roll applies.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from hexcombat.rules.assumed_values import warn_assumed_counters, warn_undated_changes
from hexcombat.rules.declarations import Declarations
from hexcombat.rules.declared_conditions import refuse_undeclared
from hexcombat.rules.dice import Dice
from hexcombat.rules.eligibility import Refusal
from hexcombat.rules.errors import IllegalAttackError, RulesError
from hexcombat.rules.explain import Explanation, Step, Value, fmt
from hexcombat.rules.references import ReferencesFile
from hexcombat.rules.report import CombatResult, Report, SideResult, drm_chances
from hexcombat.rules.situation import CombatSituation
from hexcombat.rules.units import Unit
from hexcombat.rulesets.armour_ratio.chartfiles import CHART_KINDS
from hexcombat.rulesets.armour_ratio.losses import (
    required_losses,
    who_takes_required_losses,
)
from hexcombat.rulesets.armour_ratio.modifiers import (
    AecUse,
    Distribution,
    armour_modifier,
    combine,
    heavy_armour_modifier,
    heavy_counts,
)
from hexcombat.rulesets.armour_ratio.strengths import Strengths, attack_of, defence_of, strengths
from hexcombat.rulesets.armour_ratio.tables import (
    ARMOUR_EFFECTS,
    SPECIAL_UNIT_COMBAT,
    load_armour_effects,
    load_special_unit_table,
)
from hexcombat.rulesets.armour_ratio.terrain import (
    TERRAIN_EFFECTS,
    TerrainChart,
    load_terrain_chart,
)
from hexcombat.rulesets.armour_ratio.totals import AecTotals, aec_totals, resolved_units
from hexcombat.rulesets.armour_ratio.totals_steps import explain_capability
from hexcombat.rulesets.europa.combat import (
    GENERIC_CRT,
    CombatResultsTable,
    chances_text,
    load_crt,
    odds,
    odds_column,
    roll_on_table,
)
from hexcombat.rulesets.europa.declarations import (
    EUROPA_CHART_KINDS,
    EUROPA_OWN_TABLE,
    EUROPA_REFERENCES,
)
from hexcombat.rulesets.europa.eligibility import EuropaEligibility
from hexcombat.rulesets.europa.features import NotSubject, RequiredLossFigures, SideRequired
from hexcombat.rulesets.europa.losses import EuropaLosses, europa_loss_policy
from hexcombat.rulesets.europa.missing_strengths import (
    NEEDS_STRENGTHS,
    explain_missing,
    missing_strengths,
)
from hexcombat.rulesets.europa.required_losses import converted_max
from hexcombat.rulesets.europa.results import (
    TABLE_WORDING,
    europa_dice,
    europa_features,
    europa_headline,
    europa_payload,
    europa_roll,
    ids,
    loss_points,
    outcome_list,
    result_effects,
    result_headline,
    table_rolls,
)
from hexcombat.rulesets.europa.retreat import EUROPA_RETREAT
from hexcombat.rulesets.europa.vocabulary import EUROPA_VOCABULARY, chart_terrain

RULESET_ID = "armour-ratio"


@dataclass(frozen=True)
class Analysis:
    """Everything ``evaluate`` works out, which ``resolve`` needs again."""

    situation: CombatSituation
    totals: AecTotals
    use: AecUse
    distribution: Distribution
    strengths: Strengths | None
    """None when a unit has no strength (``missing_strengths``): then no odds either."""
    column: str | None
    odds: str | None
    missing_strengths: tuple[str, ...] = ()


def _warn_required_loss_readings(use: AecUse, ex: Explanation) -> None:
    """Before the roll, a warning for each required-loss rule (10.F.1, 10.F.2) whose count a
    result would take from a reading or an assumed value: a part RE rounded up to a whole
    strength point, or ATEC doubled in a hex only an assumed chart value says modifies AEC.
    The result's own step then says which."""
    scratch = Explanation()
    required_losses(use, 99, 99, scratch)  # every required loss a result could call for
    for rule in sorted({s.rule for s in scratch.steps if s.provenance == "assumed"}):
        ex.warn(
            f"{rule}: the required losses a result calls for rest on hexcombat's reading or an "
            "assumed value (a part RE rounded up to a whole strength point, or ATEC doubled "
            "by an assumed terrain value); the result's step says which"
        )


class ArmourRatioRuleset(EuropaEligibility):
    """Rule 10 armour/anti-tank effects by ratio. Charts may be replaced by a player's own."""

    def attack_range(self, unit: Unit) -> int:
        """Rule 10 has no fire from two hexes (Total War's 14A3): every attacker is adjacent."""
        return 1

    def reach_refusal(self, unit: Unit, hexes: int) -> Refusal | None:
        """Under rule 10 only adjacent units attack."""
        if hexes == 1:
            return None
        return Refusal(
            "under rule 10 only adjacent units attack: fire from two hexes is Total War's "
            "long-range artillery, which the armour-ratio ruleset does not have",
            "10",
        )

    id = RULESET_ID
    title = "Armour and anti-tank effects by ratio (rule 10, V 11.03.06)"
    vocabulary = EUROPA_VOCABULARY
    retreat = EUROPA_RETREAT  # assumed: rule 10 states no retreat rules
    wording = TABLE_WORDING  # the odds column, the DRM and the roll, as players read them
    references = ReferencesFile(EUROPA_REFERENCES)
    declares = Declarations(
        game="Europa rule 10 revision (armour ratios)",
        chart_kinds={**EUROPA_CHART_KINDS, **CHART_KINDS},
        own_table=EUROPA_OWN_TABLE,
    )

    def __init__(
        self,
        *,
        crt: str | Path = GENERIC_CRT,
        armour_effects: str | Path = ARMOUR_EFFECTS,
        special_unit_combat: str | Path = SPECIAL_UNIT_COMBAT,
        terrain_effects: str | Path = TERRAIN_EFFECTS,
    ) -> None:
        self._paths = (crt, armour_effects, special_unit_combat, terrain_effects)
        # the terrain it knows is the Terrain Effects Chart's (10.D): any other is refused
        self.vocabulary = replace(EUROPA_VOCABULARY, terrain=chart_terrain(Path(terrain_effects)))

    @property
    def crt(self) -> CombatResultsTable:
        """The combat results table (the generic, assumed one unless replaced)."""
        return load_crt(self._paths[0])

    def crt_for(self, situation: CombatSituation) -> CombatResultsTable:
        """The table ``situation`` is fought on: its own CRT when it names one."""
        crt = situation.conditions.crt
        return self.crt if crt is None else load_crt(crt)

    def analyse(self, situation: CombatSituation, ex: Explanation) -> Analysis:
        """Work out the combat, writing each step to ``ex``."""
        if situation.ruleset not in (RULESET_ID, ""):
            raise RulesError(
                f"this combat is for the {situation.ruleset!r} ruleset; the armour-ratio rules "
                "cannot evaluate it"
            )
        # what it does not read is refused before anything is evaluated
        refuse_undeclared(situation.conditions, self.vocabulary, "10", weather=False)
        if not situation.attackers:
            raise IllegalAttackError("a combat needs at least one attacking unit")
        if not situation.defenders:
            raise IllegalAttackError("a combat needs at least one defending unit")
        aet = load_armour_effects(self._paths[1])
        sucat = load_special_unit_table(self._paths[2])
        chart = load_terrain_chart(self._paths[3])
        crt = self.crt_for(situation)
        situation = resolved_units(situation)
        c = situation.conditions
        if c.flag("overrun"):
            ex.add(
                "10.G",
                "overrun: armour and anti-tank effects are calculated normally (the overrun "
                "table of rule 12 is not in the texts; the combat results table is used)",
            )
        _dated_steps(situation, ex)
        dated = c.date is not None
        warn_assumed_counters(situation.attackers, situation.defenders, dated, self.vocabulary, ex)
        warn_undated_changes(situation.attackers, situation.defenders, c.date, self.vocabulary, ex)
        totals = aec_totals(situation, chart)
        explain_capability(totals.aeca, situation.attackers, c, chart, ex)
        explain_capability(totals.aecd, situation.defenders, c, chart, ex)
        explain_capability(totals.atec, situation.defenders, c, chart, ex)
        distribution, use = armour_modifier(totals, c, aet, chart, ex)
        distribution = combine(distribution, heavy_armour_modifier(situation, sucat, ex))
        fort = c.number("fortification")
        if fort > 0:  # as Total War refuses it (14D1): never a help to the attacker
            raise RulesError(
                "a fortification's combat die roll modifier is negative (-1, -2, -3, ...), "
                f"not {fort:+d}",
                "Fortifications Effects Chart",
            )
        if fort:
            ex.add(
                "Fortifications Effects Chart",
                f"the fortification's combat modifier as the scenario gives it: {fort:+d}",
                fort,
                drm=fort,
                side="defender",
            )
            distribution = {d + fort: p for d, p in distribution.items()}
        modifier_steps = list(ex.steps)  # everything the die roll modifier was worked from
        missing = _missing_strengths(situation)
        power, column, label = (
            (None, None, None) if missing else self._odds(situation, chart, crt, ex)
        )
        if missing:  # the texts' worked examples give no strengths: the modifiers need none
            explain_missing(missing, "CRT", ex)
        if use.terrain_modifies_aec and use.atec > 0:
            how = (
                " (only an assumed chart value makes the hex modify AEC, so the doubling is "
                "assumed too)"
                if use.modifies_by_assumed
                else ""
            )
            ex.add(
                "10.F.2",
                f"the defender's hex modifies AEC: its ATEC of {fmt(use.atec)} counts "
                f"{fmt(use.atec_for_losses)} for the attacker's required losses{how}",
                use.atec_for_losses,
                provenance="assumed" if use.modifies_by_assumed else "rule",
                side="attacker",
            )
        _final_modifier_step(distribution, modifier_steps, ex)
        return Analysis(
            situation=situation,
            totals=totals,
            use=use,
            distribution=distribution,
            strengths=power,
            column=column,
            odds=label,
            missing_strengths=tuple(missing),
        )

    def _odds(
        self,
        situation: CombatSituation,
        chart: TerrainChart,
        crt: CombatResultsTable,
        ex: Explanation,
    ) -> tuple[Strengths, str, str]:
        """Both sides' strengths, the odds (rounded in the defender's favour) and the column."""
        power = strengths(situation, chart, ex)
        ratio = odds(power.attack, power.defence)
        ex.add(
            "CRT",
            f"attack strength {fmt(power.attack)} against defence strength "
            f"{fmt(power.defence)}: odds {ratio[0]}:{ratio[1]}, rounded in the defender's favour",
            f"{ratio[0]}:{ratio[1]}",
            kind="strength",
        )
        column = odds_column(crt, ratio, ex)
        ex.add(
            crt.rule,
            f"{crt.title}: the {column} column is used",
            column,
            provenance="assumed"
            if any(p == "assumed" for p, _ in crt.row_provenance.values())
            else "rule",
            kind="result",
        )
        return power, column, f"{ratio[0]}:{ratio[1]}"

    def evaluate(self, situation: CombatSituation) -> Report:
        """Every modifier with its rule, the odds, and the chance of every outcome."""
        ex = Explanation()
        a = self.analyse(situation, ex)
        _warn_required_loss_readings(a.use, ex)
        counts = heavy_counts(a.situation)
        totals: dict[str, Value] = {
            "aeca_res": a.totals.aeca.res,
            "aecd_res": a.totals.aecd.res,
            "atec_res": a.totals.atec.res,
            "aeca_res_before_terrain": a.totals.aeca.res_before_terrain,
            "aecd_res_before_terrain": a.totals.aecd.res_before_terrain,
            "atec_intrinsic_res": a.totals.atec.intrinsic,
            "atec_res_for_losses": a.use.atec_for_losses,
            "aeca_atec_ratio": a.use.aeca_atec_ratio,
            "aeca_aecd_ratio": a.use.aeca_aecd_ratio,
            "heavy_armour_attacker": counts.attacker_heavy_armour,
            "heavy_atec_defender": counts.defender_heavy_atec,
            "heavy_armour_defender": counts.defender_heavy_armour,
            "heavy_atec_attacker": counts.attacker_heavy_atec,
        }
        if a.strengths is not None and a.column is not None and a.odds is not None:
            totals |= {
                "attack_strength": a.strengths.attack,
                "defence_strength": a.strengths.defence,
                "odds": a.odds,
                "column": a.column,
            }
        crt = self.crt_for(situation)
        outcomes = {} if a.column is None else crt.outcome_distribution(a.column, a.distribution)
        return Report(
            ruleset=RULESET_ID,
            situation=situation,
            totals=totals,
            outcomes=outcomes,
            explanation=ex,
            missing_strengths=a.missing_strengths,
            needs_strengths=NEEDS_STRENGTHS,
            headline=europa_headline(a.column, a.distribution, bool(a.missing_strengths)),
            outcome_list=outcome_list(crt, outcomes),
            payload=europa_payload(a.column, a.distribution),
            dice=() if a.column is None else europa_dice(crt, a.distribution, "10.C"),
            features=europa_features(
                a.column,
                a.distribution,
                (a.strengths.attack, a.strengths.defence)
                if a.strengths is not None and a.column is not None and a.odds is not None
                else None,
            ),
        )

    def resolve(self, report: Report, dice: Dice) -> CombatResult:
        """Roll the chance die (if any), then the combat die; apply the result and 10.F."""
        if report.ruleset != RULESET_ID:
            raise RulesError(f"a {report.ruleset!r} report cannot be resolved by armour-ratio")
        report.require_strengths()
        a = self.analyse(report.situation, Explanation())
        power = a.strengths
        assert power is not None and a.column is not None  # as the report's: it has odds
        crt = self.crt_for(report.situation)
        ex = Explanation()
        distribution = drm_chances(report)
        roll = roll_on_table(crt, a.column, distribution, dice, ex, "10.C")
        code, effect = roll.code, roll.effect
        att_loss, def_loss = loss_points(effect, power.printed_attack, power.printed_defence)
        if att_loss or def_loss:
            ex.add(
                crt.rule,
                f"strength points lost: attacker {att_loss} of {power.printed_attack}, "
                f"defender {def_loss} of {power.printed_defence}",
                att_loss + def_loss,
                provenance=effect.provenance,
                kind="result",
            )
        required = required_losses(a.use, att_loss, def_loss, ex)
        s = a.situation
        att_rule, def_rule = who_takes_required_losses(
            a.use,
            a.totals,
            s.attackers,
            s.defenders,
            (
                [attack_of(p) * p.count for p in s.attackers],
                [defence_of(p) * p.count for p in s.defenders],
            ),
            required,
            (att_loss, def_loss),
            ex,
        )
        attacker = SideResult(
            eliminated=att_loss >= power.printed_attack,
            loss_fraction=effect.attacker.loss_fraction,
            loss_points=att_loss,
            retreat_hexes=effect.attacker.retreat_hexes,
        )
        defender = SideResult(
            eliminated=def_loss >= power.printed_defence,
            loss_fraction=effect.defender.loss_fraction,
            loss_points=def_loss,
            retreat_hexes=effect.defender.retreat_hexes,
        )
        ten_f = RequiredLossFigures(  # 10.F
            SideRequired(
                Fraction(att_rule.required() if att_rule else 0),
                converted_max(att_loss) if att_rule and att_rule.converted else 0,
                att_rule,
            ),
            SideRequired(
                Fraction(def_rule.required() if def_rule else 0),
                converted_max(def_loss) if def_rule and def_rule.converted else 0,
                def_rule,
            ),
        )
        return CombatResult(
            code=code,
            attacker=attacker,
            defender=defender,
            advance=effect.advance,
            steps=ex.steps,
            headline=result_headline(roll, a.column),
            rolls=table_rolls(crt, roll, distribution, "10.C"),
            effects=result_effects(
                attacker,
                defender,
                effect,
                (ids(s.attackers, "attacker"), ids(s.defenders, "defender")),
            ),
            features=(europa_roll(roll), ten_f, NotSubject(())),  # no unit is exempt here
        )

    def loss_policy(self, report: Report, result: CombatResult) -> EuropaLosses:
        """The Europa loss policy with 10.F's required losses, the exchange read from the
        table the combat was fought on."""
        return europa_loss_policy(report, result, self.crt_for(report.situation))


def _missing_strengths(situation: CombatSituation) -> list[str]:
    """Units without the printed strength the odds need (a defender may print one combat value,
    which then defends too)."""
    return missing_strengths(situation.attackers, "attack", _attack) + missing_strengths(
        situation.defenders, "defence", _defence
    )


def _attack(unit: Unit) -> int | None:
    return unit.attack


def _defence(unit: Unit) -> int | None:
    return unit.defence if unit.defence is not None else unit.attack


def _final_modifier_step(
    distribution: Distribution, modifier_steps: list[Step], ex: Explanation
) -> None:
    """10.C: the final modifier, ``assumed`` when an assumed value went into it (a row stretched
    past the ratio the text gives, an assumed terrain value, a player's house rule), naming
    those steps' rules, so a player never reads it as a value the rules text gives."""
    low, high = min(distribution), max(distribution)
    chance = "" if low == high else f" ({chances_text(distribution)})"
    assumed = list(dict.fromkeys(s.rule for s in modifier_steps if s.provenance == "assumed"))
    text = f"final modifier to the combat die roll: {low:+d}{chance}"
    if assumed:
        text += f"; assumed values went into it ({', '.join(assumed)})"
    ex.add("10.C", text, low, provenance="assumed" if assumed else "rule")


def _dated_steps(situation: CombatSituation, ex: Explanation) -> None:
    """10.H: capabilities that changed by the combat's date, as the counter lists them."""
    date = situation.conditions.date
    if date is None:
        return
    seen: set[str] = set()
    for p in (*situation.attackers, *situation.defenders):
        if p.unit.name in seen:
            continue
        seen.add(p.unit.name)
        for change in p.unit.changes:
            if change.date <= date:
                what = ", ".join(f"{k} {getattr(v, 'value', v)}" for k, v in change.values.items())
                ex.add("10.H", f"{p.unit.name} from {change.date}: {what} (in force {date})")


RULESET = ArmourRatioRuleset()
"""The ruleset the registry finds as ``armour-ratio``."""
