"""Hypothesis strategies for legal Total War combats, and a ruleset whose charts give chances."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from hypothesis import strategies as st
from tw_helpers import situation

from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.units import Unit
from hexcombat.rulesets.europa.units import AecValue, europa_unit
from hexcombat.rulesets.total_war import TotalWarRuleset
from hexcombat.rulesets.total_war.tables import load_tables

RULE_REFERENCE = re.compile(r"^(CRT|\d+(?:[A-Z](?:\d+[a-z]?)?)?|\d+\.[A-Z](?:\.\d+)*)$")
"""A rule reference as the rulebooks print them (``14D2a``, ``14F``, ``10``, ``10.C.1``) or the
combat results table."""

TABLES = load_tables()
TERRAIN = sorted(TABLES.aec.terrain)
WEATHER = sorted(TABLES.aec.weather)
TYPES = [
    "infantry", "armour", "heavy-armour", "engineer-tank", "assault-engineer-tank",
    "flamethrower-tank", "jager", "parachute", "anti-tank", "heavy-anti-tank", "artillery",
]  # fmt: skip
SIZES = [Fraction(1, 2), Fraction(1), Fraction(2), Fraction(3)]


@st.composite
def units(draw: st.DrawFn, *, artillery: bool | None = None) -> Unit:
    """Any ground unit a counter could describe (never the CD side of a CDA unit)."""
    heavy = draw(st.booleans())
    is_art = draw(st.booleans()) if artillery is None else artillery
    return europa_unit(
        name=draw(st.sampled_from(["Inf XX", "Tank X", "Hv Tank X", "Art III", "AT II", "Eng"])),
        re=draw(st.sampled_from(SIZES)),
        unit_type=draw(st.sampled_from(TYPES)),
        attack=draw(st.integers(1, 12)),
        defence=draw(st.integers(1, 12)),
        aeca=draw(st.sampled_from(list(AecValue))),
        aecd=draw(st.sampled_from(list(AecValue))),
        atec=draw(st.sampled_from(list(AecValue))),
        heavy_armour=heavy,
        heavy_antitank=heavy or draw(st.booleans()),
        artillery=is_art,
        light_infantry=draw(st.booleans()),
        engineer=draw(st.sampled_from([None, "combat", "assault"])),
        range=draw(st.sampled_from([1, 2])) if is_art else 1,
    )


@st.composite
def participants(draw: st.DrawFn, *, attacking: bool) -> Participant:
    unit = draw(units())
    rng = draw(st.sampled_from([1, 2])) if attacking and unit.range >= 2 else 1
    return Participant(unit, draw(st.integers(1, 3)), range=rng)


@st.composite
def situations(draw: st.DrawFn) -> CombatSituation:
    """A legal combat: at least one attacker adjacent, strengths on both sides."""
    attackers = draw(st.lists(participants(attacking=True), min_size=1, max_size=8))
    if all(a.range == 2 for a in attackers):
        attackers.append(Participant(draw(units()), 1))
    defenders = draw(st.lists(participants(attacking=False), min_size=1, max_size=5))
    return situation(
        attackers,
        defenders,
        terrain=draw(st.sampled_from(TERRAIN)),
        weather=draw(st.sampled_from(WEATHER)),
        fortification=draw(st.sampled_from([0, 0, -1, -2, -3, -4])),
    )


def chance_ruleset(tmp: Path) -> TotalWarRuleset:
    """The shipped charts with a chance on every AECA band (as some editions print them)."""
    text = (Path(TABLES.armour.path)).read_text()
    text = text.replace("drm = 2\n", 'drm = 2\nchance = { drm = 3, probability = "1/2" }\n', 1)
    text = text.replace("drm = 1\n", 'drm = 1\nchance = { drm = 2, probability = "1/3" }\n', 1)
    path = tmp / "armour_chances.toml"
    path.write_text(text)
    return TotalWarRuleset(armour_effects=path)


RULESET_ID = "total-war"
"""The ruleset these strategies fight under: the conformance suite finds them by it."""
