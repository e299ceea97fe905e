"""Normal armour effects by proportion (Rule 10 as 14D2d uses it): the AECA share of the
attacking non-artillery REs and the ATEC share of the defending ones, read from the armour
effects chart. Only two points of that chart are in the texts; the rest are assumed.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from hexcombat.rules.explain import Explanation, fmt
from hexcombat.rules.units import Unit
from hexcombat.rulesets.europa.units import europa
from hexcombat.rulesets.total_war.forces import Force, listing
from hexcombat.rulesets.total_war.heavy import AecConditions
from hexcombat.rulesets.total_war.tables import ArmourChart, Band, share_text

ARMOUR_RULE = "10"
"""Total War's normal armour/antitank effects rule, which 14D2 refers to."""


def _chance_text(band: Band) -> str:
    if len(band.chances) == 1:
        return f"{band.drm:+d}"
    (low, _), (high, p_high) = sorted(band.chances.items())
    return f"{low:+d}, {share_text(p_high)} chance of {high:+d}"


def aeca_effect(
    att: Force, aec: AecConditions, chart: ArmourChart, ex: Explanation
) -> Mapping[int, Fraction] | None:
    """The AECA step; the chance distribution of its DRM, or None when the attacker uses no AEC."""
    if att.aeca_res == 0 or att.non_artillery_res == 0:
        ex.add(ARMOUR_RULE, "no attacking AECA REs: no armour effect", Fraction(0), side="attacker")
        return None
    share = att.aeca_res / att.non_artillery_res
    if not aec.attack_allowed:
        ex.add(
            ARMOUR_RULE,
            f"AECA {fmt(att.aeca_res)} REs, but {aec.why_not()}: no armour effect",
            share,
            side="attacker",
        )
        return None
    band = chart.lookup("aeca", share)
    units = listing((p for p in att.non_artillery if europa(p.unit).aeca.factor), _aeca_of)
    ex.add(
        band.rule,
        f"AECA ({units}) {fmt(att.aeca_res)} of {fmt(att.non_artillery_res)} attacking "
        f"non-artillery REs = {share_text(share)} ({band.describe()}): {_chance_text(band)}",
        share,
        provenance=band.provenance,
        drm=band.drm,
        side="attacker",
    )
    return band.chances


def atec_effect(
    uses_aec: bool, dfn: Force, chart: ArmourChart, ex: Explanation
) -> Mapping[int, Fraction] | None:
    """The ATEC step, which answers an attacker using AECA; its DRM chances or None."""
    if dfn.atec_res == 0 or dfn.non_artillery_res == 0:
        if uses_aec:
            ex.add(
                ARMOUR_RULE,
                "no defending ATEC REs: no antitank effect",
                Fraction(0),
                side="defender",
            )
        return None
    share = dfn.atec_res / dfn.non_artillery_res
    if not uses_aec:
        ex.add(
            ARMOUR_RULE,
            f"ATEC {fmt(dfn.atec_res)} REs: the attacker uses no AEC, so no antitank effect "
            "(ATEC answers the attacker's AECA)",
            share,
            side="defender",
        )
        return None
    band = chart.lookup("atec", share)
    units = listing((p for p in dfn.non_artillery if europa(p.unit).atec.factor), _atec_of)
    ex.add(
        band.rule,
        f"ATEC ({units}) {fmt(dfn.atec_res)} of {fmt(dfn.non_artillery_res)} defending "
        f"non-artillery REs = {share_text(share)} ({band.describe()}): {_chance_text(band)}",
        share,
        provenance=band.provenance,
        drm=band.drm,
        side="defender",
    )
    return band.chances


def aecd_note(dfn: Force, ex: Explanation) -> None:
    """Say that the defender's AECD is counted but its effect is not in the texts."""
    if dfn.aecd_res > 0:
        ex.add(
            ARMOUR_RULE,
            f"AECD {fmt(dfn.aecd_res)} defending REs: the Total War AECD effect is not in the "
            "rules texts and is not applied",
            dfn.aecd_res,
            side="defender",
        )
        ex.warn(f"{ARMOUR_RULE}: the defender's AECD effect is not in the rules texts; not applied")


REQUIRED_LOSSES_WARNING = (
    f"{ARMOUR_RULE}: Total War's required armour losses (the Rule {ARMOUR_RULE} that 14D2 "
    "builds on) are not in the rules texts: no loss is required from the AECA or ATEC units"
)
"""Said whenever AEC/ATEC changed the DRM: the result then requires no armour losses, which a
Europa player would otherwise expect (the armour-ratio rules require them, 10.F)."""


def required_losses_note(ex: Explanation) -> None:
    """Warn that an AEC/ATEC effect used here carries no required losses (not in the texts)."""
    ex.warn(REQUIRED_LOSSES_WARNING)


def _aeca_of(unit: Unit) -> Fraction:
    return europa(unit).re * europa(unit).aeca.factor


def _atec_of(unit: Unit) -> Fraction:
    return europa(unit).re * europa(unit).atec.factor
