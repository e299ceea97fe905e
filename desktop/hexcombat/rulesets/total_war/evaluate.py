"""Evaluate a Total War combat: every modifier with its rule, the odds, the chance of each outcome.

The steps follow the worked example 14D2d: the non-artillery totals, heavy armour (14D2a), AECA,
the defence, heavy antitank (14D2c), ATEC, then what 14D1 and 14F add, the net DRM and the odds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from hexcombat.rules.assumed_values import warn_assumed_counters, warn_undated_changes
from hexcombat.rules.declared_conditions import refuse_undeclared
from hexcombat.rules.errors import RulesError, UnitDataError
from hexcombat.rules.explain import Explanation, Provenance, Value
from hexcombat.rules.report import Report
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.units import Unit
from hexcombat.rulesets.europa.combat import CombatResultsTable, odds, odds_column
from hexcombat.rulesets.europa.missing_strengths import (
    NEEDS_STRENGTHS,
    explain_missing,
    missing_strengths,
)
from hexcombat.rulesets.europa.results import (
    europa_dice,
    europa_features,
    europa_headline,
    europa_payload,
    outcome_list,
)
from hexcombat.rulesets.europa.units import europa
from hexcombat.rulesets.europa.vocabulary import EUROPA_VOCABULARY
from hexcombat.rulesets.total_war import armour, artillery, heavy, specialized
from hexcombat.rulesets.total_war.coast_defence import CoastDefenceData
from hexcombat.rulesets.total_war.forces import force, listing, on_date
from hexcombat.rulesets.total_war.light_infantry import (
    LightInfantryData,
    is_light_infantry,
    terrain_exception,
)
from hexcombat.rulesets.total_war.tables import Tables

RULESET_ID = "total-war"


@dataclass(frozen=True)
class Data:
    """Everything an evaluation reads besides the situation: charts, CRT, 14A4 and 14F data."""

    tables: Tables
    crt: CombatResultsTable
    coast_defence: CoastDefenceData
    light_infantry: LightInfantryData


def evaluate(situation: CombatSituation, data: Data) -> Report:
    """The report for ``situation``; an illegal combat raises a :class:`RulesError`."""
    if situation.ruleset not in (RULESET_ID, ""):
        raise RulesError(f"this combat is for the {situation.ruleset} rules, not {RULESET_ID}")
    cond = situation.conditions
    refuse_undeclared(
        cond, EUROPA_VOCABULARY, "10", weather=False
    )  # what Total War does not read is refused
    attackers = on_date(situation.attackers, cond.date)
    defenders = on_date(situation.defenders, cond.date)
    artillery.check_attack(attackers, defenders, data.coast_defence)
    ex = Explanation()
    warn_assumed_counters(attackers, defenders, cond.date is not None, EUROPA_VOCABULARY, ex)
    warn_undated_changes(attackers, defenders, cond.date, EUROPA_VOCABULARY, ex)
    _declining_note(cond.flag("attacker_declines_aec"), cond.flag("defender_declines_aec"), ex)
    att, dfn = force(attackers), force(defenders)

    ex.add(
        "14D2a",
        f"attacking non-artillery REs: {listing(att.non_artillery, _re)}{_left_out(att.artillery)}",
        att.non_artillery_res,
        side="attacker",
        kind="strength",
    )
    artillery.explain_two_hexes(attackers, ex)
    aec = heavy.aec_conditions(cond.terrain, cond.weather, data.tables.aec, ex)

    chances: list[Mapping[int, Fraction]] = []
    attacker_heavy = heavy.heavy_armour_attack(att, aec, ex)
    if attacker_heavy:
        chances.append({1: Fraction(1)})
    aeca = armour.aeca_effect(att, aec, data.tables.armour, ex)
    if aeca is not None:
        chances.append(aeca)

    ex.add(
        "14D2b",
        f"defending non-artillery REs: {listing(dfn.non_artillery, _re)}{_left_out(dfn.artillery)}",
        dfn.non_artillery_res,
        side="defender",
        kind="strength",
    )
    for drm in (
        heavy.heavy_armour_defence(dfn, aec, ex),
        heavy.heavy_antitank(dfn, attacker_heavy, ex),
    ):
        if drm:
            chances.append({drm: Fraction(1)})
    atec = armour.atec_effect(aeca is not None, dfn, data.tables.armour, ex)
    if atec is not None:
        chances.append(atec)
    armour.aecd_note(dfn, ex)
    if aeca is not None or atec is not None:
        armour.required_losses_note(ex)

    chances += specialized.fortification(cond, ex)
    engineer_chances, assault_factor = specialized.engineer_effects(
        att, cond, data.tables.engineer, ex
    )
    chances += engineer_chances
    _light_infantry_note((*attackers, *defenders), cond.terrain, data.light_infantry, ex)
    _hexside_note(attackers, ex)

    distribution = _combine(chances)
    net = min(distribution)
    assumed = sorted({s.rule for s in ex.steps if s.drm is not None and s.provenance == "assumed"})
    ex.add(
        "CRT",
        f"combat die roll modifier: {_sum_text(ex)}"
        + (f" (from assumed values: {', '.join(assumed)})" if assumed else ""),
        net,
        provenance="assumed" if assumed else "rule",  # a sum of assumed terms is assumed
    )

    missing = missing_strengths(attackers, "attack", _attack) + missing_strengths(
        defenders, "defence", _defence
    )
    if missing:  # the texts' worked examples give no strengths: the modifiers need none
        explain_missing(missing, "CRT", ex)
        strengths, column, outcomes = {}, None, {}
    else:
        strengths, column, outcomes = _odds_and_outcomes(
            attackers, defenders, assault_factor, distribution, data.crt, ex
        )
    totals: dict[str, Value] = {
        "attack_non_artillery_res": att.non_artillery_res,
        "defence_non_artillery_res": dfn.non_artillery_res,
        "heavy_armour_attack_res": att.heavy_armour_units,
        "heavy_armour_defence_res": dfn.heavy_armour_units,
        "heavy_antitank_defence_res": dfn.heavy_atec_units,
        "aeca_res": att.aeca_res,
        "aecd_res": dfn.aecd_res,
        "atec_res": dfn.atec_res,
        **strengths,
    }
    return Report(
        ruleset=RULESET_ID,
        situation=situation,
        totals=totals,
        outcomes=outcomes,
        explanation=ex,
        missing_strengths=tuple(missing),
        needs_strengths=NEEDS_STRENGTHS,
        headline=europa_headline(column, distribution, bool(missing)),
        outcome_list=outcome_list(data.crt, outcomes),
        payload=europa_payload(column, distribution),
        dice=() if column is None else europa_dice(data.crt, distribution, "CRT"),
        features=europa_features(column, distribution, _worked_from(strengths)),
    )


def _worked_from(strengths: dict[str, Value]) -> tuple[Fraction, Fraction] | None:
    """The attack and defence strengths the odds were worked from (None without odds)."""
    attack, defence = strengths.get("attack_strength"), strengths.get("defence_strength")
    if not isinstance(attack, int | Fraction) or not isinstance(defence, int | Fraction):
        return None
    return Fraction(attack), Fraction(defence)


def _attack(unit: Unit) -> int | None:
    return unit.attack


def _defence(unit: Unit) -> int | None:
    return unit.defence


def _odds_and_outcomes(
    attackers: tuple[Participant, ...],
    defenders: tuple[Participant, ...],
    assault_factor: int,
    distribution: Mapping[int, Fraction],
    crt: CombatResultsTable,
    ex: Explanation,
) -> tuple[dict[str, Value], str, dict[str, Fraction]]:
    """Strengths, odds (rounded in the defender's favour), the CRT column and each outcome."""
    attack, attack_text = _strength(attackers, "attack", assault_factor)
    defence, defence_text = _strength(defenders, "defence", 1)
    ex.add("CRT", f"attack strength: {attack_text}", attack, side="attacker", kind="strength")
    ex.add("CRT", f"defence strength: {defence_text}", defence, side="defender", kind="strength")
    ratio = odds(attack, defence)
    label = f"{ratio[0]}:{ratio[1]}"
    ex.add(
        "CRT",
        f"odds {attack} to {defence}, rounded in the defender's favour",
        label,
        kind="strength",
    )
    column = odds_column(crt, ratio, ex)
    outcomes = crt.outcome_distribution(column, distribution)
    ex.add(
        crt.rule,
        f"chance of each result on the {column} column of {crt.title}",
        column,
        provenance=_crt_provenance(crt, distribution),
        kind="result",
    )
    strengths: dict[str, Value] = {
        "attack_strength": attack,
        "defence_strength": defence,
        "odds": label,
    }
    return strengths, column, outcomes


def _re(unit: Unit) -> Fraction:
    return europa(unit).re


def _left_out(parts: tuple[Participant, ...]) -> str:
    return f" (artillery left out: {listing(parts)})" if parts else ""


def _combine(chances: Iterable[Mapping[int, Fraction]]) -> dict[int, Fraction]:
    """The distribution of the sum of independent DRMs."""
    total: dict[int, Fraction] = {0: Fraction(1)}
    for dist in chances:
        nxt: dict[int, Fraction] = {}
        for a, pa in total.items():
            for b, pb in dist.items():
                nxt[a + b] = nxt.get(a + b, Fraction(0)) + pa * pb
        total = nxt
    return dict(sorted(total.items()))


def _sum_text(ex: Explanation) -> str:
    terms = [f"{s.drm:+d} ({s.rule})" for s in ex.steps if s.drm]
    return " ".join(terms) if terms else "no modifiers"


def _strength(parts: tuple[Participant, ...], kind: str, assault_factor: int) -> tuple[int, str]:
    """Total printed attack or defence strength, and the working as text."""
    total = 0
    items = []
    for p in parts:
        value = getattr(p.unit, kind)
        if value is None:
            raise UnitDataError(f"{p.unit.name} has no {kind} strength: give `{kind}` for the odds")
        factor = assault_factor if specialized.engineer_role(p.unit) == "assault" else 1
        total += value * factor * p.count
        item = f"{p.unit.name} {value}" + (f" (x{factor} assault engineer)" if factor != 1 else "")
        items.append(item + (f" x{p.count}" if p.count > 1 else ""))
    return total, " + ".join(items)


def _light_infantry_note(
    parts: tuple[Participant, ...], terrain: str, data: LightInfantryData, ex: Explanation
) -> None:
    """Light infantry in adverse terrain count toward adverse terrain expertise (14F, 14G)."""
    exception = terrain_exception(terrain, data)
    light = tuple(p for p in parts if is_light_infantry(p.unit, data))
    if exception is None or not light:
        return
    ex.add(
        "14F",
        f"light infantry ({listing(light)}) in {terrain} count toward adverse terrain expertise; "
        "that rule (14G) is not in the texts, so no modifier is applied",
    )
    ex.warn("14F: adverse terrain expertise (14G) is not in the rules texts; not applied")


def _declining_note(attacker: bool, defender: bool, ex: Explanation) -> None:
    """Declining AEC/ATEC is rule 10.F of the armour-ratio rules; the Total War texts (14D2)
    give no such choice, so a declaration here changes nothing, and the player is told."""
    who = " and ".join(
        side for side, declines in (("attacker", attacker), ("defender", defender)) if declines
    )
    if who:
        ex.warn(
            f"10.F: the {who} declined AEC/ATEC, a choice of the armour-ratio rules; the Total War "
            "texts give none, so armour effects are counted (14D2)"
        )


def _hexside_note(attackers: tuple[Participant, ...], ex: Explanation) -> None:
    crossing = sorted({p.across for p in attackers if p.across})
    if crossing:
        ex.warn(
            f"attacking across {', '.join(crossing)}: Total War hexside effects on strength are "
            "not in the rules texts; not applied"
        )


def _crt_provenance(crt: CombatResultsTable, distribution: Mapping[int, Fraction]) -> Provenance:
    rolls = {
        max(crt.min_roll, min(crt.max_roll, face + drm))
        for drm in distribution
        for face in range(1, crt.die + 1)
    }
    codes = set()
    assumed = False
    for roll in rolls:
        assumed |= crt.row_provenance[roll][0] == "assumed"
        codes.update(crt.rows[roll])
    assumed |= any(crt.effects[c].provenance == "assumed" for c in codes)
    return "assumed" if assumed else "rule"


__all__ = ["Data", "RULESET_ID", "evaluate"]
