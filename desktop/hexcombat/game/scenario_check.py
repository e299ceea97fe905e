"""A scenario checked as a combat, not only as a file: evaluated by its ruleset (or flown, for an
air scenario), with every refusal placed at the line that caused it.

The rules core refuses an illegal combat with a named error citing the rule but knows nothing
of files; this module finds the line the refusal is about (a condition, a side entry, the key of
that entry) so ``hexcombat check`` and ``hexcombat explain`` both say
``file:line: message``.
"""

from __future__ import annotations

from collections.abc import Mapping

from hexcombat.game.air_scenario import air_problems, fly_scenario
from hexcombat.game.conditions import vocabulary_of
from hexcombat.game.evaluation import evaluate_scenario, scenario_situation
from hexcombat.game.opening import game_from_scenario
from hexcombat.game.scenario import (
    SIDES,
    Scenario,
    scenario_from_source,
)
from hexcombat.game.state import GameError
from hexcombat.game.tutorial_steps import entry_uids, tutorial_problems
from hexcombat.rules.errors import RulesError
from hexcombat.rules.missions import MissionReport
from hexcombat.rules.references import cited
from hexcombat.rules.report import Report
from hexcombat.sourcefile import KeyPath, Problem, SourceError, TomlSource

Refusal = RulesError | GameError
"""What evaluating a scenario's combat may refuse it with: a rule of its ruleset, or the board (no
attacker left on the map, two sides in one hex)."""


def locate(error: Refusal, scenario: Scenario, source: TomlSource) -> Problem:
    """``error`` at the line of what it is about: a condition it names, the hexside an entry
    crosses, the unit it names, a unit firing from beyond the adjacent hexes; else the first entry
    of the side it speaks of."""
    return source.problem(_where(str(error), scenario, source), str(error))


def _where(text: str, scenario: Scenario, source: TomlSource) -> KeyPath:
    conditions = source.data.get("conditions", {})
    if isinstance(conditions, Mapping):
        for key, value in conditions.items():
            if f"{key} {value!r}" in text:  # terrain 'moon', weather 'fog'
                return ("conditions", key)
            number = isinstance(value, int) and not isinstance(value, bool)
            if number and key in text and f"{value}" in text.split(key, 1)[1]:
                return ("conditions", key)  # a fortification's modifier is ..., not -4
    entries = [(side, i, p) for side in SIDES for i, p in enumerate(scenario.side(side))]
    for side, i, placement in entries:
        if placement.across and repr(placement.across) in text:
            return (side, i, "across")
    if "two hexes" in text or "hexes away" in text:  # the reach of a unit firing from afar
        for side, i, placement in entries:
            if side == "attacker" and placement.range >= 2:
                return (side, i, "range")
    for side, i, placement in entries:
        if placement.unit.name and placement.unit.name in text:
            return (side, i)
    side = "defender" if "defend" in text else "attacker"  # "the defenders have no defence..."
    return (side, 0) if scenario.side(side) else ()


def hexside_problems(scenario: Scenario, source: TomlSource) -> list[Problem]:
    """Without a map, the scenario states what each attacker crosses: only features hexcombat
    reads, so a typo never silently drops a river."""
    if scenario.map_name is not None:
        return []  # on a map, the board says which hexside each attacker crosses
    vocabulary = vocabulary_of(scenario.ruleset)
    if vocabulary is None:
        return []  # an unknown ruleset is refused at its own line
    features = vocabulary.hexside_features
    known = ", ".join(features) or "none"
    rule = cited(vocabulary.hexside_rule)
    problems = []
    for side in SIDES:
        for i, placement in enumerate(scenario.side(side)):
            if placement.across is not None and placement.across not in features:
                problems.append(
                    source.problem(
                        (side, i, "across"),
                        f"unknown hexside feature {placement.across!r} to attack across; "
                        f"known: {known}{rule}",
                    )
                )
    return problems


def entry_problems(scenario: Scenario, source: TomlSource) -> list[Problem]:
    """Problems of single side entries, which stand apart from the rest of the file: a hexside
    feature the ruleset does not read, a hex not on the map (or no hex), a unit beyond its
    reach of the defender, a map that is not there."""
    problems = hexside_problems(scenario, source)
    try:
        scenario_situation(scenario)
    except SourceError as exc:
        problems += exc.problems
    except (RulesError, GameError):
        pass  # a refusal of the combat itself (or no attacker left): said elsewhere, at its line
    return problems


def combat_problems(scenario: Scenario, source: TomlSource) -> list[Problem]:
    """Everything that stops the scenario's combat (or air missions) being evaluated."""
    if "air" in scenario.data:
        return air_problems(scenario, source)
    problems = entry_problems(scenario, source)
    if problems:
        return problems
    try:
        if scenario.map_name is not None:  # each unit on its hex, no hex held by both sides
            game_from_scenario(scenario)
        evaluate_scenario(scenario)
    except SourceError as exc:
        return exc.problems
    except (RulesError, GameError) as exc:
        return [locate(exc, scenario, source)]
    return []


def check_scenario(source: TomlSource) -> list[Problem]:
    """``hexcombat check`` of a scenario: the file's problems, then the combat's (an illegal
    attack or mission, an unknown terrain, an attacker with no strength); when the file has
    problems, also those that stand apart from them: each sound entry's own (a hex off the map,
    out of reach) and the combat's problems with its conditions and map."""
    scenario, problems = scenario_from_source(source)
    if scenario is None:
        return problems
    if not problems:
        return combat_problems(scenario, source) or walkthrough_problems(scenario, source)
    # the file has problems, but a condition the combat refuses (an unknown terrain) or a map
    # that is not there is still said: bad conditions were left at their defaults, so the rest
    # is judged as written
    conditions = source.data.get("conditions", {})
    lines = (
        {source.line_of("conditions", k) for k in conditions}
        if isinstance(conditions, Mapping)
        else set()
    )
    if "map" in source.data:  # a map that cannot be found is said the same way
        lines.add(source.line_of("map"))
    reported = {p.line for p in problems}
    own = [] if "air" in scenario.data else entry_problems(scenario, source)
    return (
        problems
        + [p for p in own if p.line not in reported]
        + [
            p
            for p in combat_problems(scenario, source)
            if p.line in lines and p.line not in reported
        ]
    )


def walkthrough_problems(scenario: Scenario, source: TomlSource) -> list[Problem]:
    """A sound scenario's tutorial steps against its combat: each value a step shows is in the
    report, each hex and entry it points at is there (game/tutorial_steps.py)."""
    if not scenario.tutorial_steps:
        return []
    if "air" in scenario.data:
        report: Report | MissionReport = fly_scenario(scenario)
    else:
        report = evaluate_scenario(scenario)
    try:
        hexmap = game_from_scenario(scenario).hexmap if scenario.map_name is not None else None
    except SourceError as exc:  # an air scenario's missing map is found here first
        return exc.problems
    entries = entry_uids(scenario.placements)  # a fate names an entry's first counter
    flags = [c.key for c in vocabulary_of(scenario.ruleset).conditions if c.kind == "bool"]
    return tutorial_problems(scenario.tutorial_steps, report, source, hexmap, entries, flags)


def evaluate_located(scenario: Scenario) -> Report:
    """The scenario's report; a refusal raises :class:`SourceError` with its file and line."""
    source = TomlSource.load(scenario.path)
    problems = hexside_problems(scenario, source)
    if problems:
        raise SourceError(problems)
    try:
        return evaluate_scenario(scenario)
    except (RulesError, GameError) as exc:
        raise SourceError([locate(exc, scenario, source)]) from exc
