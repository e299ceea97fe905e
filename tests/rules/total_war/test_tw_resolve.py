"""Resolving a Total War report with dice: the same inputs as the preview, every roll."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from dice_paths import outcomes_by_rolling
from tw_helpers import evaluate, golden_attack, golden_defence, situation
from tw_strategies import chance_ruleset

from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.errors import RulesError
from hexcombat.rules.report import DrmChances, drm_chances, final_drm, odds_column
from hexcombat.rulesets.total_war import RULESET
from meaning import one_says, says


def test_every_roll_of_the_golden_case_reproduces_its_outcome_chances() -> None:
    report = evaluate(golden_attack(), golden_defence(), terrain="woods")
    assert outcomes_by_rolling(RULESET, report) == report.outcomes


def test_a_chance_modifier_is_drawn_then_the_combat_die_rolled(tmp_path: Path) -> None:
    ruleset = chance_ruleset(tmp_path)
    report = ruleset.evaluate(situation(golden_attack(), golden_defence(), terrain="woods"))
    assert drm_chances(report) == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    assert final_drm(report) == 1
    aeca = [s for s in report.steps if s.text.startswith("AECA")][0]
    assert aeca.drm == 2 and "+2, 1/2 chance of +3" in aeca.text
    assert outcomes_by_rolling(ruleset, report) == report.outcomes
    low = ruleset.resolve(report, ScriptedDice([3, 4]))  # chance faces 1-3 give the lower +1
    high = ruleset.resolve(report, ScriptedDice([4, 4]))  # 4-6 give +2
    assert (low.table_roll().drm, low.table_roll().modified_roll) == (1, 5)
    assert (high.table_roll().drm, high.table_roll().modified_roll) == (2, 6)
    assert says(high.steps[0].text, figures=["4", "+2", "+1", "50%", "+2", "50%"])


def test_the_result_carries_losses_retreats_and_advance() -> None:
    report = evaluate(golden_attack(), golden_defence(), terrain="woods")
    assert odds_column(report) == "3:1"
    result = RULESET.resolve(report, ScriptedDice([6]))  # 3:1, 6 + 1 = 7: DH on the generic CRT
    roll = result.table_roll()
    assert (result.code, roll.die, roll.drm, roll.modified_roll) == ("DH", 6, 1, 7)
    assert result.defender.loss_fraction == Fraction(1, 2)
    assert result.defender.loss_points == 6  # half of 11, rounded up
    assert result.defender.retreat_hexes == 2
    assert result.advance
    assert result.steps[0].provenance == "assumed"  # the generic CRT
    assert says(result.steps[0].text, figures=["6", "+1", "7", "3:1"], names=["defender", "DH"])


def test_the_modified_roll_is_limited_to_the_table() -> None:
    report = evaluate(golden_attack(), golden_defence(), terrain="woods")
    high = replace(report, features=(DrmChances({9: Fraction(1)}), *report.features))
    result = RULESET.resolve(high, ScriptedDice([6]))
    assert result.table_roll().modified_roll == 12


def test_a_report_of_another_ruleset_is_refused() -> None:
    report = replace(evaluate(golden_attack(), golden_defence()), ruleset="armour-ratio")
    with pytest.raises(RulesError) as caught:
        RULESET.resolve(report, ScriptedDice([1]))
    assert says(str(caught.value), names=["armour-ratio", "total-war"])


def test_running_out_of_scripted_rolls_is_reported() -> None:
    report = evaluate(golden_attack(), golden_defence())
    with pytest.raises(ValueError, match="no more scripted die rolls"):
        RULESET.resolve(report, ScriptedDice([]))


def test_an_exchange_step_does_not_claim_the_defender_lost_its_least_loss() -> None:
    """14D2d on the generic table, die 1 + DRM 1 = 2 at 3:1: HX. The defender chooses its losses
    on the map (at least half), so the step may not say it lost exactly its least loss: the
    attacker owes as many points as the defender really loses, at least that many."""
    report = evaluate(golden_attack(), golden_defence(), terrain="woods")
    result = RULESET.resolve(report, ScriptedDice([1]))
    assert result.code == "HX"
    step = next(s for s in result.steps if s.text.startswith("exchange"))
    assert "as many as the defender lost" not in step.text
    assert one_says(step.text, names=["defender"])
    assert step.value == result.attacker.loss_points
