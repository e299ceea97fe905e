"""Strength points lost and required losses from armour units (10.F, 10.F.1, 10.F.2).

The combat results table says how much each side loses; rule 10 says how much of that must come
from the units whose armour or anti-tank effects were used: at least one strength point per RE
of AEC (before terrain), at most the opposing ATEC (for AECA) or AECA (for AECD and ATEC), never
more than the result calls for, and converted units at most half of the factors eliminated.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

from hexcombat.rules.explain import Explanation, fmt
from hexcombat.rules.situation import Participant
from hexcombat.rulesets.armour_ratio.modifiers import AecUse
from hexcombat.rulesets.armour_ratio.totals import AecTotals, CapabilityTotal
from hexcombat.rulesets.armour_ratio.totals_steps import res_text, unit_label
from hexcombat.rulesets.europa.required_losses import RequiredLossRule, converted_max, usable_points
from hexcombat.rulesets.europa.units import AecValue


@dataclass(frozen=True)
class RequiredLosses:
    """Strength points each side must take from its AEC/ATEC units (10.F)."""

    attacker: int
    defender: int
    defender_aecd: int = 0
    """Of the defender's, the points its AECD calls for (10.F.1)."""
    defender_atec_res: Fraction = Fraction(0)
    """REs of ATEC counted for the defender's required losses (10.F.2), before rounding up."""


def _points(res: Fraction) -> int:
    """At least one strength point per RE; strength points are whole, so a part RE rounds up
    (our reading: the text does not say; :func:`_rounded` names it in the step)."""
    return math.ceil(res)


def _rounded(res: Fraction) -> str:
    """What the step says when a part RE was rounded up to a whole strength point."""
    if res == int(res):
        return ""
    return (
        f" ({fmt(res)} REs: a part RE rounds up to a whole strength point, hexcombat's reading; "
        "10.F says 'at least one strength point per RE')"
    )


def required_losses(
    use: AecUse,
    attacker_loss: int,
    defender_loss: int,
    ex: Explanation | None = None,
) -> RequiredLosses:
    """Required losses of both sides for the strength points the result takes (10.F)."""
    ex = ex if ex is not None else Explanation()
    attacker = 0
    if use.aeca_before_terrain > 0 and attacker_loss > 0:
        cap = use.atec_for_losses
        counted = min(use.aeca_before_terrain, cap)
        attacker = min(_points(counted), attacker_loss)
        doubled = (
            f" (its {fmt(use.atec)} REs of ATEC doubled: the defender's hex modifies AEC, 10.F.2)"
            if use.terrain_modifies_aec and use.atec > 0
            else ""
        )
        assumed = (bool(doubled) and use.modifies_by_assumed) or bool(_rounded(counted))
        ex.add(
            "10.F.1",
            f"the attacker used {fmt(use.aeca_before_terrain)} REs of AECA before terrain; at "
            f"most the defender's ATEC of {fmt(cap)}{doubled} counts: at least one strength point "
            f"per RE{_rounded(counted)}, {attacker} of its {attacker_loss} lost strength points "
            f"must come from units with at least 1/2 AEC (or converted units); the other "
            f"{attacker_loss - attacker} may come from any units",
            attacker,
            provenance="assumed" if assumed else "rule",
            side="attacker",
            kind="result",
        )
    defender = 0
    aecd_part = Fraction(0)
    atec_res = Fraction(0)
    # The attacker's "AECA value" that caps the defender's AECD and ATEC required losses
    # (10.F.1, 10.F.2) is its AECA before terrain: the figure 10.F.1 counts the attacker's own
    # required losses by ("per RE of AEC (before terrain modifiers are counted)"), so one combat
    # uses one AECA for all its required losses.
    aeca = use.aeca_before_terrain
    if use.aecd_compared and use.aecd_before_terrain > 0 and defender_loss > 0:
        counted = min(use.aecd_before_terrain, aeca)
        part = _points(counted)
        aecd_part = part
        defender += part
        ex.add(
            "10.F.1",
            f"the defender used {fmt(use.aecd_before_terrain)} REs of AECD before terrain; at "
            f"most the attacker's AECA of {fmt(aeca)} before terrain (the AECA counted for "
            f"required losses) counts: {part} strength points{_rounded(counted)} from its "
            "armour, units with at least 1/2 AECD (or units converted to AECD)",
            part,
            provenance="assumed" if _rounded(counted) else "rule",
            side="defender",
            kind="result",
        )
    if use.atec_compared and use.atec_non_intrinsic > 0 and defender_loss > 0:
        counted = min(use.atec, aeca)
        part = _points(counted)
        atec_res = counted
        defender += part
        ex.add(
            "10.F.2",
            f"the defender used {fmt(use.atec)} REs of ATEC against AECA; at most the attacker's "
            f"AECA of {fmt(aeca)} before terrain (the AECA counted for required losses) counts: "
            f"{part} strength points{_rounded(counted)} from units with at least 1/2 ATEC (or "
            "converted units); intrinsic ATEC counts only if the whole infantry or motorized "
            "division is eliminated",
            part,
            provenance="assumed" if _rounded(counted) else "rule",
            side="defender",
            kind="result",
        )
    if defender > defender_loss:
        ex.add(
            "10.F",
            f"never more required losses than the combat result calls for: {defender_loss}",
            defender_loss,
            side="defender",
            kind="result",
        )
        defender = defender_loss
    return RequiredLosses(attacker, defender, int(aecd_part), atec_res)


CAPABLE = (AecValue.DOUBLE, AecValue.FULL, AecValue.HALF)
"""At least 1/2 AEC/ATEC: a unit that may take required losses as itself (10.F.1, 10.F.2)."""


def _capable_and_converted(*totals: CapabilityTotal) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Units with at least 1/2 of a capability used, and the other units converted by one."""
    capable = sorted({u.index for t in totals for u in t.units if u.value in CAPABLE})
    converted = sorted(
        {c.converted for t in totals for c in t.conversions if c.converted not in capable}
    )
    return tuple(capable), tuple(converted)


def _most(rule: RequiredLossRule, strengths: list[int]) -> int:
    """The most the side's units can give towards the required losses when it loses exactly
    ``rule.loss_points``: all its capable units, its converted ones up to half (10.F.1); with
    AECD and ATEC parts, each part from its own units and at most what it needs."""
    every = dict(enumerate(strengths))
    return usable_points(every, rule.pools(), converted_max(rule.loss_points))


def who_takes_required_losses(
    use: AecUse,
    totals: AecTotals,
    attackers: tuple[Participant, ...],
    defenders: tuple[Participant, ...],
    strengths: tuple[list[int], list[int]],
    required: RequiredLosses,
    losses: tuple[int, int],
    ex: Explanation,
) -> tuple[RequiredLossRule | None, RequiredLossRule | None]:
    """Which units may take each side's required losses, and the points each side must take
    when its capable and converted units cannot give all of them (10.F.1, 10.F.2).

    ``strengths`` are each participant's strength points (attack, defence), ``losses`` the
    points each side loses.
    """
    attacker_rule = None
    if required.attacker:
        capable, converted = _capable_and_converted(totals.aeca)
        attacker_rule = RequiredLossRule(
            "10.F.1", required.attacker, Fraction(0), capable, converted, (), losses[0]
        )
        attacker_rule = _enforce(attacker_rule, strengths[0], attackers, "attacker", ex)
    defender_rule = None
    if required.defender:
        aecd, atec = required.defender_aecd > 0, required.defender_atec_res > 0
        # 10.F.1: AECD losses come from the defending armour; 10.F.2: ATEC losses from the
        # anti-tank units. Used together, each part keeps to its own units.
        capable, converted = _capable_and_converted(totals.atec if atec else totals.aecd)
        aec_capable, aec_converted = None, ()
        if aecd and atec:
            aec_capable, aec_converted = _capable_and_converted(totals.aecd)
        intrinsic = tuple(
            (u.index, u.intrinsic_res) for u in totals.atec.units if atec and u.intrinsic_res > 0
        )
        defender_rule = RequiredLossRule(
            "10.F.2" if atec else "10.F.1",
            required.defender_aecd,
            required.defender_atec_res,
            capable,
            converted,
            intrinsic,
            losses[1],
            aec_capable=aec_capable,
            aec_converted=aec_converted,
        )
        defender_rule = _enforce(defender_rule, strengths[1], defenders, "defender", ex)
        _intrinsic_steps(defender_rule, defenders, strengths[1], ex)
    return attacker_rule, defender_rule


def _enforce(
    rule: RequiredLossRule,
    strengths: list[int],
    participants: tuple[Participant, ...],
    side: str,
    ex: Explanation,
) -> RequiredLossRule:
    """Say who may take the required losses, and cap them at what those units can give."""
    cap = converted_max(rule.loss_points)
    if rule.aec_capable is not None:
        aecd = _from(rule.aec_capable, rule.aec_converted, participants)
        atec = _from(rule.capable, rule.converted, participants)
        text = (
            f"the {side}'s required losses: the {rule.fixed} for AECD come from its armour, "
            f"{aecd} (10.F.1), the {math.ceil(rule.atec_res)} for ATEC from {atec} "
            "(10.F.2); a strength point counts for one of them only"
        )
        if rule.converted or rule.aec_converted:
            text += (
                f"; converted units give at most {cap} points in all: half the "
                f"{rule.loss_points} factors eliminated"
            )
        ex.add(
            rule.rule,
            text,
            cap if rule.converted or rule.aec_converted else None,
            side=side,
            kind="result",
        )
    else:
        names = ", ".join(unit_label(participants[i]) for i in rule.capable) or "none"
        text = f"the {side}'s required losses come from {names}"
        if rule.converted:
            converted = ", ".join(unit_label(participants[i]) for i in rule.converted)
            text += (
                f", or from converted units ({converted}), these at most {cap} points: half "
                f"the {rule.loss_points} factors eliminated"
            )
        ex.add(rule.rule, text, cap if rule.converted else None, side=side, kind="result")
    most = _most(rule, strengths)
    wanted = rule.required()  # before its cap: what the result and 10.F ask
    if wanted > most:
        ex.add(
            rule.rule,
            f"those units can give only {most} of the {wanted} required points "
            f"(converted units at most half the factors eliminated): {most} required",
            most,
            side=side,
            kind="limit",
        )
    return replace(rule, most=most, strengths=tuple(strengths))


def _intrinsic_steps(
    rule: RequiredLossRule,
    defenders: tuple[Participant, ...],
    strengths: list[int],
    ex: Explanation,
) -> None:
    """10.F.2 exception: a division eliminated entirely counts its intrinsic ATEC."""
    for index, res in rule.intrinsic:
        whole = rule.required({index})
        if whole == rule.required():
            continue
        ex.add(
            "10.F.2",
            f"if the whole {unit_label(defenders[index])} ({strengths[index]} strength points) is "
            f"eliminated, its {res_text(res)} of intrinsic ATEC counts as part of the required "
            f"losses: {whole} instead of {rule.required()} points from the other ATEC units",
            whole,
            side="defender",
            kind="result",
        )


def _from(capable: tuple[int, ...], converted: tuple[int, ...], ps: tuple[Participant, ...]) -> str:
    """Units that may take one part of the required losses, in words."""
    text = ", ".join(unit_label(ps[i]) for i in capable) or "none"
    if converted:
        text += f" or converted units ({', '.join(unit_label(ps[i]) for i in converted)})"
    return text
