"""The working of a capability total as steps: each unit's own REs, the conversions and why,
intrinsic ATEC, and what terrain did to each unit's REs (10.B, 10.C, 10.D)."""

from __future__ import annotations

from fractions import Fraction

from hexcombat.rules.charts import Provenanced
from hexcombat.rules.explain import Explanation, Provenance, Step, fmt
from hexcombat.rules.situation import Conditions, Participant
from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.armour_ratio.capability import (
    house_conversion,
    is_german_big_division,
    may_have_intrinsic_atec,
    rule_conversion,
)
from hexcombat.rulesets.armour_ratio.terrain import TerrainChart
from hexcombat.rulesets.armour_ratio.totals import (
    CONVERSION_RULE,
    NAMES,
    VALUE_RULE,
    Capability,
    CapabilityTotal,
    attack_factors,
    defence_factors,
    value_of,
)
from hexcombat.rulesets.europa.units import AecValue, europa


def res_text(value: Fraction) -> str:
    """REs in words: ``1 RE``, ``1/2 RE``, ``3 REs``."""
    return f"{fmt(value)} RE" if value <= 1 else f"{fmt(value)} REs"


def unit_label(p: Participant) -> str:
    """A participant in words: ``Tank X``, or ``2 x Tank X`` for a count."""
    return p.unit.name if p.count == 1 else f"{p.count} x {p.unit.name}"


def _factor_sources(
    p: Participant, cap: Capability, conditions: Conditions, chart: TerrainChart
) -> list[tuple[str, Provenanced]]:
    """The chart values other than x1 that multiply one participant's AEC REs (10.D)."""
    if cap == "atec":
        return []
    factors = (
        attack_factors(p, conditions, chart)
        if cap == "aeca"
        else defence_factors(conditions, chart)
    )
    return [(why, v) for why, v in factors.sources if v.value != 1]


def _conversion_reason(conv: Participant) -> str:
    """Why a unit converts as much as it does (10.C.1, 10.B.3)."""
    unit = conv.unit
    if house_conversion(unit):
        rule, why = rule_conversion(unit)
        return (
            " (its counter's conversion_re converts "
            f"{res_text(europa(unit).conversion_re or rule)}: "
            f"your own house rule; 10.C.1 gives {res_text(rule)}: {why})"
        )
    if is_german_big_division(unit):
        return " (a German panzer division over twelve combat value converts 2 REs)"
    if unit.size in ("XX", "XXX"):
        return " (a division or corps converts 1 RE)"
    return " (1:1)"


def _house_step(
    ex: Explanation, rule: str, text: str, value: Fraction, side: SideName | None = None
) -> None:
    """A step that uses a player's own value in place of rule 10's: never shown as the rule
    (provenance ``assumed``); its warning is the house-rule one, not "assumed chart value"."""
    ex.steps.append(Step(rule, text, value, "assumed", side=side, kind="strength"))


def _house_rules(
    total: CapabilityTotal, participants: tuple[Participant, ...], ex: Explanation
) -> bool:
    """Warn of each player's own value this total used in place of rule 10's: a conversion
    that is not 10.C.1's, intrinsic ATEC on a unit that is not an infantry division (10.C.3).
    True when there was one."""
    found = False
    for c in total.conversions:
        unit = participants[c.converter].unit
        if c.converter != c.converted and house_conversion(unit):
            rule, why = rule_conversion(unit)
            ex.warn(
                f"house rule: {unit.name} converts {res_text(europa(unit).conversion_re or rule)} "
                f"(its conversion_re); 10.C.1 gives {res_text(rule)} ({why}): your own value, "
                "not rule 10's"
            )
            found = True
    for u in total.units if total.capability == "atec" else ():
        unit = participants[u.index].unit
        if europa(unit).intrinsic_atec > 0 and not may_have_intrinsic_atec(unit):
            ex.warn(
                f"house rule: {unit.name} has intrinsic ATEC; 10.C.3 gives intrinsic ATEC only "
                "to infantry and motorized infantry divisions: your own value, not rule 10's"
            )
            found = True
    return found


def explain_capability(
    total: CapabilityTotal,
    participants: tuple[Participant, ...],
    conditions: Conditions,
    chart: TerrainChart,
    ex: Explanation,
) -> None:
    """Steps for one capability total: own REs, conversions, intrinsic ATEC, terrain, total."""
    cap = total.capability
    side: SideName = "attacker" if cap == "aeca" else "defender"
    name = NAMES[cap]
    conv_rule = CONVERSION_RULE[cap]
    any_converter = any(u.value in VALUE_RULE for u in total.units)
    for u in total.units:
        p = participants[u.index]
        printed = value_of(p.unit, cap)
        if printed == AecValue.DOUBLE and cap == "atec" and u.note:
            for n, value, note in u.parts:
                label = (
                    unit_label(p) if len(u.parts) == 1 else f"{n} of the {p.count} {p.unit.name}"
                )
                ex.add(
                    "10.B.1",
                    f"{label}: {note}",
                    europa(p.unit).re * n * value.factor,
                    side=side,
                    kind="strength",
                )
                if value != AecValue.DOUBLE:
                    reason = note.split(": ", 1)[-1]
                    ex.warn(f"10.B.1: {label} counts only full ATEC, not double: {reason}")
        if len(u.parts) > 1:
            # 10.B.1: some of the units count double, the others only full; the total says both
            counted = ", ".join(
                f"{res_text(europa(p.unit).re * n)} with {value.value} {name} "
                f"({res_text(europa(p.unit).re * n * value.factor)})"
                for n, value, _ in u.parts
            )
            ex.add(
                "10.B.1",
                f"{unit_label(p)}: {counted}: {res_text(u.own_res)} of {name}",
                u.own_res,
                side=side,
                kind="strength",
            )
        elif u.value in VALUE_RULE:
            res = res_text(europa(p.unit).re * p.count)
            text = f"{unit_label(p)}: {res} with {u.value.value} {name}"
            if u.value == AecValue.HALF:
                half = europa(p.unit).re * p.count / 2
                text += f"; its other {res_text(half)} {'is' if half <= 1 else 'are'} neutral"
            ex.add(VALUE_RULE[u.value], text, u.own_res, side=side, kind="strength")
        elif u.value == AecValue.NEUTRAL and u.note and any_converter:
            rule = "10.D" if "10.D" in u.note else "10.B.4"
            ex.add(rule, f"{unit_label(p)}: {u.note}", Fraction(0), side=side, kind="strength")
    for c in total.conversions:
        conv, target = participants[c.converter], participants[c.converted]
        if c.converter == c.converted and value_of(conv.unit, cap) == AecValue.HALF:
            ex.add(
                "10.B.3",
                f"{unit_label(conv)} converts its own neutral half with its half {name}",
                c.res,
                side=side,
                kind="strength",
            )
            continue
        text = (
            f"{unit_label(conv)} converts {res_text(c.res)} of {unit_label(target)} to {name}"
            f"{_conversion_reason(conv)}"
        )
        if house_conversion(conv.unit):
            _house_step(ex, conv_rule, text, c.res, side)
        else:
            ex.add(conv_rule, text, c.res, side=side, kind="strength")
    for u in total.units:
        p = participants[u.index]
        if cap == "atec" and europa(p.unit).intrinsic_atec > 0:
            text = (
                f"{unit_label(p)}: {res_text(u.converted_res)} converted + "
                f"{res_text(europa(p.unit).intrinsic_atec * p.count)} intrinsic ATEC, at most its "
                f"{res_text(europa(p.unit).re * p.count)}: {res_text(u.res)} of ATEC; intrinsic "
                "ATEC converts no other unit"
            )
            if may_have_intrinsic_atec(p.unit):
                ex.add("10.C.3", text, u.res, side=side, kind="strength")
            else:
                _house_step(
                    ex,
                    "10.C.3",
                    f"{text} (your own house rule: 10.C.3 gives intrinsic ATEC only to infantry "
                    "and motorized infantry divisions)",
                    u.res,
                    side,
                )
        if u.neutral_left > 0 and u.value == AecValue.HALF and cap == "atec":
            ex.add(
                "10.B.4",
                f"{unit_label(p)}: {res_text(u.neutral_left)} still neutral; it has ATEC of its "
                "own, so no other unit may convert it to ATEC",
                u.neutral_left,
                side=side,
                kind="strength",
            )
        elif u.neutral_left > 0 and u.value == AecValue.HALF:
            ex.add(
                "10.B.3",
                f"{unit_label(p)}: {res_text(u.neutral_left)} still neutral, for other units to "
                "convert",
                u.neutral_left,
                side=side,
                kind="strength",
            )
    if _house_rules(total, participants, ex):
        _house_step(
            ex,
            conv_rule,
            f"{name} total before terrain, with your own house rule (see the warnings)",
            total.res_before_terrain,
        )
    else:
        ex.add(
            conv_rule,
            f"{name} total before terrain",
            total.res_before_terrain,
            side=side,
            kind="strength",
        )
    if cap == "atec":
        if total.res > 0:
            ex.add(
                "10.D",
                "ATEC is unaffected by terrain and used normally",
                total.res,
                side=side,
                kind="strength",
            )
        return
    for u in total.units:
        if u.res == u.total:
            continue
        p = participants[u.index]
        used = _factor_sources(p, cap, conditions, chart)
        reasons = [f"{why} (x{fmt(v.value)})" for why, v in used]
        for c in total.conversions:
            conv = participants[c.converter]
            if c.converted == u.index and c.converter != u.index and c.value < c.res * u.factor:
                conv_used = _factor_sources(conv, cap, conditions, chart)
                used += conv_used
                reasons.append(
                    f"its converter {conv.unit.name} "
                    + " and ".join(why for why, _ in conv_used)
                    + ", so the conversion counts at its rate"
                )
        prov: Provenance = "assumed" if any(v.provenance == "assumed" for _, v in used) else "rule"
        ex.add(
            "10.D",
            f"{unit_label(p)}: " + "; ".join(reasons) + f": its {res_text(u.res)} of {name} count "
            f"{fmt(u.total)}",
            u.total,
            provenance=prov,
            side=side,
            kind="strength",
        )
    if total.res != total.res_before_terrain:
        ex.add("10.D", f"{name} after terrain", total.res, side=side, kind="strength")
