"""Who may be converted (10.B.4) and how much a unit converts (10.B.3, 10.C.1)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from ar_helpers import inline, unit

from hexcombat.rulesets.armour_ratio import conversion_capacity
from hexcombat.rulesets.armour_ratio.capability import (
    aec_convertible,
    atec_convertible,
    converting_capacity,
)
from hexcombat.rulesets.europa.units import AecValue


@pytest.mark.parametrize(
    ("unit_type", "motorized", "artillery", "convertible"),
    [
        ("infantry", False, False, True),
        ("motorized-infantry", True, False, True),
        ("hq", False, False, False),
        ("anti-aircraft", True, False, False),
        ("heavy-anti-aircraft", True, False, False),
        ("anti-tank", False, False, False),
        ("heavy-anti-tank", True, False, False),
        ("artillery", False, True, False),
        ("artillery", True, True, True),
        ("mortar", False, False, True),
    ],
)
def test_neutral_types_convertible_to_aec(
    unit_type: str, motorized: bool, artillery: bool, convertible: bool
) -> None:
    u = inline("U", unit_type=unit_type, motorized=motorized, artillery=artillery)
    assert aec_convertible(u) is convertible  # 10.B.4


@pytest.mark.parametrize(
    ("unit_type", "convertible"),
    [("mortar", False), ("rocket", False), ("artillery", True), ("anti-aircraft", True),
     ("hq", True), ("infantry", True)],
)  # fmt: skip
def test_neutral_types_convertible_to_atec(unit_type: str, convertible: bool) -> None:
    assert atec_convertible(inline("U", unit_type=unit_type)) is convertible  # 10.B.4


@pytest.mark.parametrize(
    ("size", "re", "capacity"),
    [("II", Fraction(1, 2), Fraction(1, 2)), ("III", 1, 1), ("X", 1, 1), ("XX", 3, 1),
     ("XXX", 3, 1)],
)  # fmt: skip
def test_small_formations_convert_1_to_1_and_divisions_and_corps_1_re(
    size: str, re: Fraction, capacity: Fraction
) -> None:
    assert conversion_capacity(inline("U", re, size=size)) == capacity  # 10.C.1


def test_german_panzer_divisions_over_twelve_convert_2_res() -> None:
    assert conversion_capacity(unit("ge-pz-xx-16-10")) == 2  # 10.C.1
    twelve = unit("ge-pz-xx-16-10", attack=12, defence=12)
    assert conversion_capacity(twelve) == 1  # "greater than twelve"
    pzgr = unit("ge-pzgr-xx", attack=13)
    assert conversion_capacity(pzgr) == 2
    soviet = unit("ge-pz-xx-16-10", nationality="soviet")
    assert conversion_capacity(soviet) == 1


def test_a_counter_may_state_its_conversion() -> None:
    assert conversion_capacity(unit("su-tank-xx", conversion_re=Fraction(2))) == 2


def test_half_capable_units_convert_half_and_double_units_their_normal_amount() -> None:
    brigade = unit("ge-stug-x")
    assert converting_capacity(brigade, AecValue.HALF) == Fraction(1, 2)  # 10.B.3
    assert converting_capacity(unit("ge-pzgr-xx"), AecValue.HALF) == Fraction(1, 2)
    assert converting_capacity(unit("ge-pz-xx-16-10"), AecValue.DOUBLE) == 2  # not 4
    assert converting_capacity(brigade, AecValue.NEUTRAL) == 0
    assert converting_capacity(brigade, AecValue.NONE) == 0
