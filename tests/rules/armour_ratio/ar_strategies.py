"""Hypothesis strategies for legal armour-ratio combats: any unit the vocabulary can describe,
any stacking, hexside, terrain, weather and declaration."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import Unit
from hexcombat.rulesets.armour_ratio import load_terrain_chart
from hexcombat.rulesets.armour_ratio.ruleset import ArmourRatioRuleset
from hexcombat.rulesets.armour_ratio.tables import ARMOUR_EFFECTS
from hexcombat.rulesets.europa.units import AecValue, europa_unit

CHART = load_terrain_chart()
TYPES = [
    "armour", "heavy-armour", "assault-gun", "panzer-grenadier", "mechanized",
    "motorized-infantry", "infantry", "mountain", "artillery", "anti-tank", "heavy-anti-aircraft",
    "anti-aircraft", "mortar", "rocket", "hq", "engineer",
]  # fmt: skip
SIZES = [None, "II", "III", "X", "XX", "XXX"]
RES = [Fraction(1, 2), Fraction(1), Fraction(2), Fraction(3)]
AEC = list(AecValue)
CAPABLE = [AecValue.DOUBLE, AecValue.FULL, AecValue.HALF]


@st.composite
def units(draw: st.DrawFn, aeca: list[AecValue] = AEC) -> Unit:
    """Any unit: size, type, the three AEC values, heavy flags, intrinsic ATEC, strengths."""
    return europa_unit(
        name=draw(st.sampled_from(["Tank X", "Inf XX", "AT III", "Mot XX", "Hv Tank X", "Art"])),
        re=draw(st.sampled_from(RES)),
        size=draw(st.sampled_from(SIZES)),
        nationality=draw(st.sampled_from(["german", "soviet"])),
        unit_type=draw(st.sampled_from(TYPES)),
        attack=draw(st.integers(1, 20)),
        defence=draw(st.one_of(st.none(), st.integers(1, 20))),
        aeca=draw(st.sampled_from(aeca)),
        aecd=draw(st.sampled_from(AEC)),
        atec=draw(st.sampled_from(AEC)),
        heavy_armour=draw(st.booleans()),
        heavy_antitank=draw(st.booleans()),
        heavy_atec_units=draw(st.integers(1, 2)),
        motorized=draw(st.booleans()),
        artillery=draw(st.booleans()),
        conversion_re=draw(st.sampled_from([None, None, Fraction(1), Fraction(2)])),
        intrinsic_atec=draw(st.sampled_from([Fraction(0), Fraction(0), Fraction(1, 2)])),
    )


@st.composite
def participants(draw: st.DrawFn, attacking: bool, aeca: list[AecValue] = AEC) -> Participant:
    """A unit with a count, a stack, and (attacking) a hexside it may cross."""
    across = draw(st.sampled_from([None, None, *CHART.hexsides])) if attacking else None
    return Participant(
        unit=draw(units(aeca)),
        count=draw(st.integers(1, 3)),
        across=across,
        stack=draw(st.sampled_from([None, "a", "b"])),
    )


conditions = st.builds(
    Conditions,
    terrain=st.sampled_from(list(CHART.terrain)),
    weather=st.sampled_from(list(CHART.weather)),
    fortification=st.sampled_from([0, 0, -1, -2, -3]),
    fortified=st.booleans(),
    entrenched=st.booleans(),
    attacker_declines_aec=st.booleans(),
    defender_declines_aec=st.booleans(),
    overrun=st.booleans(),
)


@st.composite
def situations(draw: st.DrawFn) -> CombatSituation:
    """A legal combat of one to five attacking and one to four defending entries."""
    return CombatSituation(
        "armour-ratio",
        tuple(draw(st.lists(participants(True), min_size=1, max_size=5))),
        tuple(draw(st.lists(participants(False), min_size=1, max_size=4))),
        draw(conditions),
    )


RULESET_ID = "armour-ratio"
"""The ruleset these strategies fight under: the conformance suite finds them by it."""


def chance_ruleset(tmp: Path) -> ArmourRatioRuleset:
    """The armour-ratio ruleset on an Armour Effects Table whose every row without a chance
    gives one (a third of the time one further from zero: up for AECA:ATEC, down for AECA:AECD,
    10.C), as a player's own chart may; written under ``tmp``."""

    def chances(text: str, step: int) -> str:
        return re.sub(
            r"drm = (-?\d+)\nassumed",
            lambda row: (
                f"drm = {row[1]}\nchance = {{ drm = {int(row[1]) + step}, "
                'probability = "1/3" }\nassumed'
            ),
            text,
        )

    atec, aecd = Path(ARMOUR_EFFECTS).read_text().split("[[aeca_aecd]]", 1)
    text = chances(atec, +1) + "[[aeca_aecd]]" + chances(aecd, -1)
    path = tmp / "armour_effects_chances.toml"
    path.write_text(text, encoding="utf-8")
    return ArmourRatioRuleset(armour_effects=path)
