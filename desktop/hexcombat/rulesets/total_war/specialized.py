"""Specialized armour (14D1) and the fortification modifier it refers to.

Against a major city or a fortification with a combat DRM of -1, -2 or -3, engineer tanks, heavy
engineer tanks and flamethrower tanks count as combat engineers, assault engineer tanks as
assault engineers. What engineers then do is in an engineer rule the texts do not give: it is
read from an assumed chart and every step that uses it says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from hexcombat.rules.errors import RulesError
from hexcombat.rules.explain import Explanation, fmt
from hexcombat.rules.situation import Conditions
from hexcombat.rules.units import Unit
from hexcombat.rulesets.europa.units import europa
from hexcombat.rulesets.total_war.forces import Force, listing
from hexcombat.rulesets.total_war.tables import EngineerChart, share_text

SPECIALIZED_ARMOUR: Mapping[str, str] = {
    "engineer-tank": "combat",
    "heavy-engineer-tank": "combat",
    "flamethrower-tank": "combat",
    "assault-engineer-tank": "assault",  # 14D1 exception: assault engineers, not combat
}
"""Specialized armour types and the engineer each counts as (14D1)."""

FORTIFICATION_DRMS = (-1, -2, -3)
"""The fortification combat DRMs 14D1 names (Fortifications Effects Chart)."""

MAJOR_CITY = "major-city"


def engineer_role(unit: Unit) -> str | None:
    """``combat`` or ``assault`` for engineers and specialized armour (14D1); None otherwise."""
    return SPECIALIZED_ARMOUR.get(unit.unit_type, europa(unit).engineer)


def fortification(conditions: Conditions, ex: Explanation) -> list[Mapping[int, Fraction]]:
    """The fortification's own combat DRM, as the scenario gives it from the chart (14D1).

    14D1 names fortifications of -1, -2 and -3; the Fortifications Effects Chart is not in the
    texts, so a stronger one (-4) is applied as given, only specialized armour does not count
    as engineers against it (see :func:`engineer_effects`). A fortification never helps the
    attacker, so a positive modifier is refused.
    """
    value = conditions.number("fortification")
    if value == 0:
        return []
    if value > 0:
        raise RulesError(
            f"a fortification's combat die roll modifier is negative (-1, -2, -3, ...), "
            f"not {value:+d}",
            "14D1",
        )
    named = "" if value in FORTIFICATION_DRMS else "; 14D1 names only -1, -2 and -3"
    ex.add(
        "14D1",
        f"fortification: combat die roll modifier {value:+d} (Fortifications Effects Chart){named}",
        value,
        drm=value,
        # a value 14D1 does not name is the player's chart, not the text's
        provenance="rule" if value in FORTIFICATION_DRMS else "assumed",
        side="defender",
    )
    return [{value: Fraction(1)}]


def engineer_target(conditions: Conditions) -> str | None:
    """``a major city`` or ``a -2 fortification`` when engineers help here (14D1), else None."""
    if conditions.terrain == MAJOR_CITY:
        return "a major city"
    value = conditions.number("fortification")
    if value in FORTIFICATION_DRMS:
        return f"a {value:+d} fortification"
    return None


def engineer_effects(
    att: Force, conditions: Conditions, chart: EngineerChart, ex: Explanation
) -> tuple[list[Mapping[int, Fraction]], int]:
    """14D1 steps and the assumed engineer effect.

    Returns the DRM chances it adds and the attack strength multiplier for assault engineers.
    """
    target = engineer_target(conditions)
    engineers = tuple(p for p in att.non_artillery if engineer_role(p.unit))
    if target is None and conditions.number("fortification") < 0:
        _not_engineers_here(att, conditions.number("fortification"), ex)
    if target is None or not engineers or att.non_artillery_res == 0:
        return [], 1
    for p in engineers:
        if p.unit.unit_type in SPECIALIZED_ARMOUR:
            role = SPECIALIZED_ARMOUR[p.unit.unit_type]
            ex.add(
                "14D1",
                f"{p.unit.name} is specialized armour attacking {target}: it counts as "
                f"{'an assault' if role == 'assault' else 'a combat'} engineer",
                side="attacker",
                kind="strength",
            )
    res = sum((europa(p.unit).re * p.count for p in engineers), Fraction(0))
    share = res / att.non_artillery_res
    enough = share >= chart.share
    drm = chart.drm if enough else 0
    comparison = "at least" if enough else "less than"
    ex.add(
        chart.drm_rule,
        f"engineers ({listing(engineers, lambda u: europa(u).re)}) {fmt(res)} of "
        f"{fmt(att.non_artillery_res)} attacking non-artillery REs = {share_text(share)}, "
        f"{comparison} {share_text(chart.share)}: {drm:+d} (the engineer rule is not in the texts)",
        share,
        provenance=chart.drm_provenance,
        drm=drm,
        side="attacker",
    )
    factor = 1
    assault = tuple(p for p in engineers if engineer_role(p.unit) == "assault")
    if assault and chart.assault_factor != 1:
        factor = chart.assault_factor
        ex.add(
            chart.assault_rule,
            f"assault engineers ({listing(assault)}) attack {target} with their attack strength "
            f"x{factor} (the engineer rule is not in the texts)",
            factor,
            provenance=chart.assault_provenance,
            side="attacker",
            kind="strength",
        )
    return [{drm: Fraction(1)}], factor


def _not_engineers_here(att: Force, value: int, ex: Explanation) -> None:
    """14D1 names only -1, -2 and -3 fortifications (and major cities): against any other
    fortification specialized armour is ordinary armour, and the player is told why."""
    specialized = tuple(p for p in att.non_artillery if p.unit.unit_type in SPECIALIZED_ARMOUR)
    if not specialized:
        return
    ex.add(
        "14D1",
        f"{listing(specialized)}: specialized armour counts as engineers only against a major "
        f"city or a fortification of -1, -2 or -3; against this {value:+d} fortification it "
        "does not count as engineers",
        side="attacker",
    )
    ex.warn(
        f"14D1: specialized armour ({listing(specialized)}) does not count as engineers against "
        f"a {value:+d} fortification (14D1 names only -1, -2 and -3)"
    )
