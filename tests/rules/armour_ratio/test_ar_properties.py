"""Properties over every legal combination: monotone armour, terrain never turns a sign, the
roll reproduces the promised chances, every step cites a rule, nothing raises."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

import pytest
from ar_strategies import CAPABLE, CHART, participants, situations
from dice_paths import outcomes_by_rolling
from hypothesis import given, settings
from hypothesis import strategies as st

from hexcombat.rules.dice import SeededDice
from hexcombat.rules.explain import Explanation
from hexcombat.rules.report import drm_chances
from hexcombat.rules.situation import CombatSituation
from hexcombat.rulesets.armour_ratio import RULESET, adjust_for_terrain, aec_totals, armour_modifier
from hexcombat.rulesets.armour_ratio.modifiers import aec_modifier_before_terrain
from hexcombat.rulesets.armour_ratio.tables import load_armour_effects
from hexcombat.rulesets.armour_ratio.totals import resolved_units
from hexcombat.rulesets.europa.features import required_of

pytestmark = pytest.mark.slow  # hypothesis searches each property over many combats

RULE = re.compile(r"^(10\.[A-I](\.\d)?|CRT|Fortifications Effects Chart)$")


@settings(max_examples=200, deadline=None)
@given(situations(), st.integers(0, 10_000))
def test_nothing_raises_on_a_legal_combination_and_every_step_cites_a_rule(
    situation: CombatSituation, seed: int
) -> None:
    report = RULESET.evaluate(situation)
    result = RULESET.resolve(report, SeededDice(seed))
    for step in (*report.steps, *result.steps):
        assert RULE.match(step.rule), step
    assert sum(report.outcomes.values()) == 1
    assert sum(drm_chances(report).values()) == 1
    assert result.code in report.outcomes
    assert 0 <= required_of(result, "attacker").required_losses <= result.attacker.loss_points
    assert 0 <= required_of(result, "defender").required_losses <= result.defender.loss_points


@settings(max_examples=150, deadline=None)
@given(situations(), participants(True, aeca=CAPABLE))
def test_adding_an_aeca_unit_never_lowers_the_armour_modifier(
    situation: CombatSituation, extra
) -> None:  # type: ignore[no-untyped-def]
    before = drm_chances(RULESET.evaluate(situation))
    more = replace(situation, attackers=(*situation.attackers, extra))
    after = drm_chances(RULESET.evaluate(more))
    assert min(after) >= min(before)
    assert max(after) >= max(before)


@settings(max_examples=150, deadline=None)
@given(situations(), participants(True, aeca=CAPABLE))
def test_adding_an_aeca_unit_never_lowers_the_aeca_total(situation: CombatSituation, extra) -> None:  # type: ignore[no-untyped-def]
    more = replace(situation, attackers=(*situation.attackers, extra))
    before, after = aec_totals(situation).aeca, aec_totals(more).aeca
    assert after.res >= before.res
    assert after.res_before_terrain >= before.res_before_terrain


@given(
    st.dictionaries(st.integers(-4, 5), st.integers(1, 6), min_size=1, max_size=3),
    st.integers(-5, 0),
)
def test_terrain_never_turns_a_modifiers_sign(weights: dict[int, int], modifier: int) -> None:
    total = sum(weights.values())
    distribution = {d: Fraction(w, total) for d, w in weights.items()}
    adjusted = adjust_for_terrain(distribution, modifier)
    assert sum(adjusted.values()) == 1
    if all(d >= 0 for d in distribution):
        assert all(0 <= a <= max(distribution) for a in adjusted)
    if all(d <= 0 for d in distribution):
        assert all(min(distribution) <= a <= 0 for a in adjusted)


@settings(max_examples=150, deadline=None)
@given(situations())
def test_terrain_never_turns_the_sign_of_the_combats_armour_modifier(
    situation: CombatSituation,
) -> None:
    resolved = resolved_units(situation)
    totals = aec_totals(resolved, CHART)
    table = load_armour_effects()
    before, _ = aec_modifier_before_terrain(totals, resolved.conditions, table, Explanation())
    after, _ = armour_modifier(totals, resolved.conditions, table, CHART, Explanation())
    (sign,) = {(d > 0) - (d < 0) for d in before} - {0} or {0}
    assert all((d > 0) - (d < 0) in (0, sign) for d in after)


@settings(max_examples=60, deadline=None)
@given(situations())
def test_every_roll_reproduces_the_reports_outcome_chances(situation: CombatSituation) -> None:
    report = RULESET.evaluate(situation)
    assert outcomes_by_rolling(RULESET, report) == report.outcomes


@settings(max_examples=100, deadline=None)
@given(situations())
def test_per_unit_contributions_add_up_and_terrain_only_reduces(
    situation: CombatSituation,
) -> None:
    totals = aec_totals(situation)
    for total in (totals.aeca, totals.aecd, totals.atec):
        assert sum(u.total for u in total.units) == total.res
        assert sum(u.res for u in total.units) == total.res_before_terrain
        assert total.res <= total.res_before_terrain
    assert totals.atec.res == totals.atec.res_before_terrain  # 10.D: ATEC unaffected
