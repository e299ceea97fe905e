"""Who counts, who converts and who may be converted under rule 10 (10.B, 10.C).

These are the unit-type questions the rules text answers in words: which neutral types may be
converted to AEC or to ATEC (10.B.4), how many REs a unit converts (10.C.1), and which double
ATEC units need fortification and infantry to count double (10.B.1).
"""

from __future__ import annotations

from fractions import Fraction

from hexcombat.rules.units import Unit
from hexcombat.rulesets.europa.units import SMALL_FORMATIONS, AecValue, europa
from hexcombat.rulesets.europa.units import conversion_capacity as size_conversion

CM_TYPES = frozenset(
    {
        "armour", "heavy-armour", "assault-gun", "heavy-assault-gun", "tank-destroyer",
        "heavy-tank-destroyer", "engineer-tank", "heavy-engineer-tank", "flamethrower-tank",
        "assault-engineer-tank", "mechanized", "panzer-grenadier",
    }
)  # fmt: skip
"""c/m (combat motorized) types: terrain that "normally halves c/m units" halves their attack
(10.D). Motorized infantry is not c/m: 10.D says it attacks such terrain at full strength."""

INFANTRY_TYPES = frozenset(
    {
        "infantry", "rifle", "mountain", "high-mountain", "light-infantry", "jager", "commando",
        "parachute", "parachute-infantry", "air-landing", "glider", "motorized-infantry",
    }
)  # fmt: skip
"""Infantry REs for the 10.B.1 test: double ATEC needs three times its REs of infantry."""

NOT_AEC_CONVERTIBLE = frozenset(
    {"hq", "anti-aircraft", "heavy-anti-aircraft", "anti-tank", "heavy-anti-tank"}
)
"""10.B.4: HQs, AA and anti-tank may not be converted to AEC (nor non-motorized artillery)."""

NOT_ATEC_CONVERTIBLE = frozenset({"mortar", "rocket"})
"""10.B.4: mortars and rockets may not be converted to ATEC."""

CONDITIONAL_DOUBLE_ATEC = frozenset(
    {"anti-tank", "heavy-anti-tank", "anti-aircraft", "heavy-anti-aircraft"}
)
"""10.B.1: Soviet AT units and German heavy AA count double ATEC only when fortified or entrenched
before the reaction phase and stacked with three times their REs of infantry. Assault guns and
panzer units count double without these conditions (10.B.1 note)."""

GERMAN_BIG_DIVISION_TYPES = frozenset({"armour", "panzer-grenadier"})
"""10.C.1: German panzer and panzergrenadier divisions over twelve combat value convert 2 REs."""


def is_artillery(unit: Unit) -> bool:
    """Artillery by flag or type (10.B.4 names non-motorized artillery)."""
    return europa(unit).artillery or unit.unit_type in ("artillery", "coast-defence-artillery")


def aec_convertible(unit: Unit) -> bool:
    """Whether a neutral unit of this type may be converted to AECA/AECD (10.B.4)."""
    if unit.unit_type in NOT_AEC_CONVERTIBLE:
        return False
    return not (is_artillery(unit) and not europa(unit).motorized)


def aec_exclusion(unit: Unit) -> str:
    """Why a neutral unit may not be converted to AEC, in a player's words (10.B.4)."""
    if unit.unit_type == "hq":
        return "HQs may not be converted to AEC"
    if unit.unit_type in ("anti-aircraft", "heavy-anti-aircraft"):
        return "AA units may not be converted to AEC"
    if unit.unit_type in ("anti-tank", "heavy-anti-tank"):
        return "anti-tank units may not be converted to AEC"
    return "non-motorized artillery may not be converted to AEC"


def atec_convertible(unit: Unit) -> bool:
    """Whether a neutral unit of this type may be converted to ATEC (10.B.4)."""
    return unit.unit_type not in NOT_ATEC_CONVERTIBLE


def combat_value(unit: Unit) -> int | None:
    """The printed combat value (Europa prints one: the attack strength, e.g. the 16 of 16-10)."""
    return unit.attack if unit.attack is not None else unit.defence


def is_german_big_division(unit: Unit) -> bool:
    """A German panzer/panzergrenadier division with combat value over twelve (10.C.1)."""
    value = combat_value(unit)
    return (
        unit.nationality == "german"
        and unit.unit_type in GERMAN_BIG_DIVISION_TYPES
        and unit.size == "XX"
        and value is not None
        and value > 12
    )


def rule_conversion(unit: Unit) -> tuple[Fraction, str]:
    """What 10.C.1 lets a unit convert, whatever its counter says, and why in words."""
    if is_german_big_division(unit):
        return Fraction(2), "a German panzer division over twelve combat value converts 2 REs"
    if unit.size in SMALL_FORMATIONS:
        return europa(unit).re, "brigades, regiments and battalions convert 1:1"
    if unit.size is None:
        return Fraction(1), "a unit without a size mark converts 1 RE, as a division"
    return Fraction(1), "a division or corps converts 1 RE"


def house_conversion(unit: Unit) -> bool:
    """A counter's ``conversion_re`` that is not 10.C.1's value: the player's own house rule."""
    return (
        europa(unit).conversion_re is not None
        and europa(unit).conversion_re != rule_conversion(unit)[0]
    )


def may_have_intrinsic_atec(unit: Unit) -> bool:
    """10.C.3: "Infantry and motorized infantry divisions may have an intrinsic ATEC factor";
    on any other unit it is the player's own house rule."""
    return unit.size == "XX" and unit.unit_type in INFANTRY_TYPES


def conversion_capacity(unit: Unit) -> Fraction:
    """REs of neutral units one unit of this type converts (10.C.1).

    A counter's own ``conversion_re`` wins; otherwise German panzer or panzergrenadier divisions
    over twelve combat value convert 2 REs, and the unit's size decides the rest.
    """
    if europa(unit).conversion_re is None and is_german_big_division(unit):
        return Fraction(2)
    return size_conversion(unit)


def converting_capacity(unit: Unit, value: AecValue) -> Fraction:
    """REs one unit converts with capability ``value``: half-capable units convert half (10.B.3).

    The 10.B.3 examples: a 1 RE half-AEC brigade converts 1/2 RE, a panzergrenadier division
    "1/2 of its 1 RE divisional conversion". Double units convert their normal amount (10.C.1:
    the 16-10 panzer division with double AEC converts 2 REs, not 4).
    """
    if value in (AecValue.NEUTRAL, AecValue.NONE):
        return Fraction(0)
    return conversion_capacity(unit) * min(value.factor, Fraction(1))
