"""Resolving a report: the chance die, the combat die, the result and its required losses."""

from __future__ import annotations

from fractions import Fraction

from ar_helpers import evaluate, inline, only, p, unit

from hexcombat.rules.dice import ScriptedDice, SeededDice
from hexcombat.rulesets.armour_ratio import RULESET
from hexcombat.rulesets.europa.features import required_of
from meaning import says_in


def five_to_one():  # type: ignore[no-untyped-def]
    tank_ii = inline("Tank II", Fraction(1, 2), size="II", unit_type="armour", aeca="full")
    return evaluate([p("su-tank-xxx", 8), p("su-tank-x"), p(tank_ii)], [p("su-at-x", 5)])


def test_the_chance_die_comes_first_low_faces_take_the_lower_modifier() -> None:
    report = five_to_one()
    low = RULESET.resolve(report, ScriptedDice([3, 1]))
    high = RULESET.resolve(report, ScriptedDice([4, 1]))
    assert (low.table_roll().drm, high.table_roll().drm) == (3, 4)
    assert says_in(only(low.steps, "10.C", "chance roll").text, figures=["3", "+3"], names=["d6"])


def test_a_single_modifier_needs_no_chance_roll() -> None:
    report = evaluate([p("su-tank-x")], [p("ax-inf-xx")])
    dice = ScriptedDice([6])
    result = RULESET.resolve(report, dice)
    assert dice.used == 1
    assert result.table_roll().die == 6


def test_the_result_applies_losses_retreat_and_advance() -> None:
    report = five_to_one()  # 102 against 20: 5:1
    result = RULESET.resolve(report, ScriptedDice([4, 1]))  # +4: modified 5 on 5:1
    assert result.code == "DE"
    assert result.defender.eliminated
    assert result.defender.loss_points == 20
    assert result.advance
    # ATEC 5 used against AECA: required ATEC losses capped at the loss (10.F.2)
    assert required_of(result, "defender").required_losses == 5
    assert required_of(result, "attacker").required_losses == 0


def test_a_retreat_result() -> None:
    report = evaluate([p(unit("su-tank-x", attack=2))], [p("ax-inf-xx")])  # 2:7 -> 1:4
    result = RULESET.resolve(report, ScriptedDice([6]))  # unbounded AECA +4: 10 -> row 10
    assert result.code == "AS"
    assert result.table_roll().modified_roll == 10


def test_every_result_step_cites_a_rule() -> None:
    report = five_to_one()
    for seed in range(20):
        result = RULESET.resolve(report, SeededDice(seed))
        assert all(s.rule for s in result.steps)
        assert result.to_json()["result"] == result.code
