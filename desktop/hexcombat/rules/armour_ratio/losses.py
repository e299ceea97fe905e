"""Strength points lost and required losses from armour units (10.F, 10.F.1, 10.F.2).

The combat results table says how much each side loses; rule 10 says how much of that must come
from the units whose armour or anti-tank effects were used: at least one strength point per RE
of AEC (before terrain), at most the opposing ATEC (for AECA) or AECA (for AECD and ATEC), never
more than the result calls for, and converted units at most half of the factors eliminated.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from hexcombat.rules.armour_ratio.modifiers import AecUse
from hexcombat.rules.combat import ResultEffect
from hexcombat.rules.explain import Explanation, fmt


@dataclass(frozen=True)
class RequiredLosses:
    """Strength points each side must take from its AEC/ATEC units (10.F)."""

    attacker: int
    defender: int
    attacker_converted_max: int
    """Of the attacker's losses, at most this many from converted units (10.F.1)."""
    defender_converted_max: int


def loss_points(effect: ResultEffect, attack_points: int, defence_points: int) -> tuple[int, int]:
    """Strength points the attacker and the defender lose for a result.

    A share of a side's printed strength, rounded up; an exchange costs the attacker at least as
    many points as the defender lost, never more than it has.
    """
    defender = min(defence_points, math.ceil(effect.defender.loss_fraction * defence_points))
    attacker = math.ceil(effect.attacker.loss_fraction * attack_points)
    if effect.exchange:
        attacker = max(attacker, defender)
    return min(attacker, attack_points), defender


def _points(res: Fraction) -> int:
    """At least one strength point per RE; strength points are whole, so a part RE rounds up."""
    return math.ceil(res)


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
        ex.add(
            "10.F.1",
            f"the attacker used {fmt(use.aeca_before_terrain)} REs of AECA before terrain; at "
            f"most the defender's ATEC of {fmt(cap)}{doubled} counts: at least one strength point "
            f"per RE, {attacker} of its {attacker_loss} lost strength points must come from "
            f"units with at least 1/2 AEC (or converted units); the other "
            f"{attacker_loss - attacker} may come from any units",
            attacker,
        )
    defender = 0
    if use.aecd_compared and use.aecd_before_terrain > 0 and defender_loss > 0:
        counted = min(use.aecd_before_terrain, use.aeca)
        part = _points(counted)
        defender += part
        ex.add(
            "10.F.1",
            f"the defender used {fmt(use.aecd_before_terrain)} REs of AECD before terrain; at "
            f"most the attacker's AECA of {fmt(use.aeca)} counts: {part} strength points from "
            "units with at least 1/2 AEC (or converted units)",
            part,
        )
    if use.atec_compared and use.atec_non_intrinsic > 0 and defender_loss > 0:
        counted = min(use.atec, use.aeca)
        part = _points(counted)
        defender += part
        ex.add(
            "10.F.2",
            f"the defender used {fmt(use.atec)} REs of ATEC against AECA; at most the attacker's "
            f"AECA of {fmt(use.aeca)} counts: {part} strength points from units with at least "
            "1/2 ATEC (or converted units); intrinsic ATEC counts only if the whole infantry or "
            "motorized division is eliminated",
            part,
        )
    if defender > defender_loss:
        ex.add(
            "10.F",
            f"never more required losses than the combat result calls for: {defender_loss}",
            defender_loss,
        )
        defender = defender_loss
    result = RequiredLosses(attacker, defender, attacker_loss // 2, defender_loss // 2)
    if attacker and use.aeca_uses_conversions:
        ex.add(
            "10.F.1",
            f"converted units may give at most {result.attacker_converted_max} of the "
            f"attacker's {attacker_loss} lost strength points (half the factors eliminated)",
            result.attacker_converted_max,
        )
    if defender and use.defence_uses_conversions:
        ex.add(
            "10.F.2",
            f"converted units may give at most {result.defender_converted_max} of the "
            f"defender's {defender_loss} lost strength points (half the factors eliminated)",
            result.defender_converted_max,
        )
    return result
