"""Evaluating a scenario's combat with its ruleset: the one place the game layer asks the rules."""

from __future__ import annotations

from hexcombat.game.scenario import Scenario
from hexcombat.rules.dice import Dice
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import CombatResult, Report


def evaluate_scenario(scenario: Scenario) -> Report:
    """The report for the combat the scenario states (its participants as written)."""
    return get_ruleset(scenario.ruleset).evaluate(scenario.situation())


def resolve_report(report: Report, dice: Dice) -> CombatResult:
    """Resolve a report with ``dice`` by the ruleset that made it."""
    return get_ruleset(report.ruleset).resolve(report, dice)
