"""Evaluating a scenario's combat with its ruleset: the one place the game layer asks the rules."""

from __future__ import annotations

from hexcombat.board.hexes import distance
from hexcombat.game.scenario import Scenario
from hexcombat.rules.dice import Dice
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import CombatResult, Report, with_ids
from hexcombat.rules.situation import CombatSituation
from hexcombat.sourcefile import Problem, SourceError


def scenario_situation(scenario: Scenario) -> CombatSituation:
    """The combat a scenario describes. On a map, the board says what each attacker crosses,
    its range and the defender's terrain (as the desktop does); without one, the file says.
    Every participant has an id its results address: the counter's on a map, else
    ``attacker-1``, ``defender-1``, ... by its place in the file."""
    return with_ids(_situation(scenario))


def _situation(scenario: Scenario) -> CombatSituation:
    if scenario.map_name is None or not scenario.placements:
        return scenario.situation()
    from hexcombat.game.attack import AttackSetup, build_situation
    from hexcombat.game.scenario_game import game_from_scenario

    targets = {p.hex for p in scenario.side("defender")}
    if len(targets) != 1 or None in targets:
        return scenario.situation()
    state = game_from_scenario(scenario)
    target = state.hexmap.hex_at(str(targets.pop()))
    problems = []
    for placement in scenario.side("attacker"):
        gap = distance(state.hexmap.hex_at(str(placement.hex)), target)
        why = get_ruleset(scenario.ruleset).reach_refusal(placement.unit, gap)
        if why is not None:
            problems.append(
                Problem(
                    str(scenario.path),
                    placement.line,
                    f"{placement.unit.name} in {placement.hex} is {gap} hexes from the defender "
                    f"in {state.hexmap.label(target)}: {why}",
                )
            )
    if problems:
        raise SourceError(problems)
    attackers = [c.uid for h, stack in state.stacks().items() if h != target for c in stack]
    return build_situation(state, AttackSetup(target, attackers, scenario.conditions))


def evaluate_scenario(scenario: Scenario) -> Report:
    """The report for the combat the scenario states."""
    return get_ruleset(scenario.ruleset).evaluate(scenario_situation(scenario))


def resolve_report(report: Report, dice: Dice) -> CombatResult:
    """Resolve a report with ``dice`` by the ruleset that made it."""
    return get_ruleset(report.ruleset).resolve(report, dice)
