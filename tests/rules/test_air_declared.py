"""Air rules are a capability a ruleset declares: Total War declares its air rules (16A, 23D),
the other shipped rulesets none; the Europa family's unit values declare the 16A1 air types as
plain values, which must be the air rules' own."""

from __future__ import annotations

import pytest

from hexcombat.rules.missions import MissionReport, air_rules_of, air_rulesets, no_air_rules
from hexcombat.rules.registry import declared_unit_types, ruleset_ids
from hexcombat.rulesets.europa.air.capability import AIR
from hexcombat.rulesets.europa.air.scenario import AIR_ROLL_REFUSAL, AirReport
from hexcombat.rulesets.europa.air.units import AirType, Category
from hexcombat.rulesets.europa.units import AIR_CATEGORIES, AIR_TYPE_LETTERS
from meaning import says


def test_the_unit_vocabulary_s_air_types_are_the_air_rules_own() -> None:
    """16A1: F, HF, AF, DF (fighters), B, A, D (bombers), T (transports)."""
    assert AIR_TYPE_LETTERS == tuple(t.value for t in AirType)
    assert AIR_CATEGORIES == {c.value for c in Category}
    assert not AIR_CATEGORIES & declared_unit_types(steps=True)  # no squad is an air unit


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_only_total_war_declares_air_rules(ruleset: str) -> None:
    assert (air_rules_of(ruleset) is AIR) == (ruleset == "total-war")
    assert (air_rules_of(ruleset) is None) == (ruleset != "total-war")


def test_an_unknown_ruleset_flies_nothing_and_the_refusal_names_who_does() -> None:
    assert air_rules_of("no-such-rules") is None
    assert air_rulesets() == (("total-war", AIR),)
    assert says(
        no_air_rules("armour-ratio"),
        rules=["16A", "23D"],
        names=["armour-ratio", 'ruleset = "total-war"', "[[air]]"],
    )


def test_an_air_report_is_a_mission_report_with_no_die_to_roll() -> None:
    report = AirReport([])
    assert isinstance(report, MissionReport)
    assert report.roll_refusal == AIR_ROLL_REFUSAL == AIR.roll_refusal
    assert says(report.roll_refusal, rules=["16A", "23D"])
