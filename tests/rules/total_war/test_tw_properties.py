"""Properties over any legal Total War combat (hypothesis)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from dice_paths import outcomes_by_rolling
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tw_strategies import (
    RULE_REFERENCE,
    TABLES,
    chance_ruleset,
    situations,
    units,
)

from hexcombat.rules.report import Report, drm_chances, final_drm, odds_column
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.units import Unit
from hexcombat.rulesets.europa.units import AecValue, with_europa
from hexcombat.rulesets.total_war import RULESET, TotalWarRuleset

pytestmark = pytest.mark.slow  # hypothesis searches each property over many combats

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def aeca_drm(report: Report) -> int:
    found = [s.drm for s in report.steps if s.text.startswith("AECA (")]
    return found[0] or 0 if found else 0


@SETTINGS
@given(situations())
def test_nothing_raises_on_a_legal_combat_and_the_working_adds_up(
    situation: CombatSituation,
) -> None:
    report = RULESET.evaluate(situation)
    assert final_drm(report) == sum(s.drm for s in report.steps if s.drm)
    assert sum(drm_chances(report).values()) == 1
    assert sum(report.outcomes.values()) == 1
    crt = RULESET.data().crt
    assert odds_column(report) in (*crt.columns, crt.below_column)
    assert report.to_json()["ruleset"] == "total-war"


@SETTINGS
@given(situations())
def test_every_step_cites_a_rule(situation: CombatSituation) -> None:
    for step in RULESET.evaluate(situation).steps:
        assert step.rule and RULE_REFERENCE.match(step.rule), step
        assert step.text


@SETTINGS
@given(situations(), units(artillery=False), st.integers(1, 3))
def test_adding_an_aeca_unit_never_lowers_the_armour_modifier(
    situation: CombatSituation, extra: Unit, count: int
) -> None:
    tank = with_europa(extra, aeca=AecValue.FULL, heavy_armour=False)
    more = replace(situation, attackers=(*situation.attackers, Participant(tank, count)))
    assert aeca_drm(RULESET.evaluate(more)) >= aeca_drm(RULESET.evaluate(situation))


@settings(max_examples=400)
@given(st.fractions(min_value=0, max_value=3), st.fractions(min_value=0, max_value=3))
def test_the_shipped_armour_chart_is_monotonic(a: Fraction, b: Fraction) -> None:
    lo, hi = sorted((a, b))
    if lo > 0:
        assert TABLES.armour.lookup("aeca", lo).drm <= TABLES.armour.lookup("aeca", hi).drm
        assert TABLES.armour.lookup("atec", lo).drm >= TABLES.armour.lookup("atec", hi).drm


def test_resolving_every_roll_reproduces_the_outcome_chances(tmp_path: Path) -> None:
    ruleset = chance_ruleset(tmp_path)

    @SETTINGS
    @given(situations())
    def check(situation: CombatSituation) -> None:
        for rules in (RULESET, ruleset):
            report = rules.evaluate(situation)
            assert outcomes_by_rolling(rules, report) == report.outcomes

    check()


def test_preview_and_resolution_read_the_same_crt(tmp_path: Path) -> None:
    assert isinstance(RULESET, TotalWarRuleset)
    assert chance_ruleset(tmp_path).data().crt is RULESET.data().crt
