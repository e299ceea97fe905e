"""A scenario's ``[[air]]`` entries flown by its ruleset's air rules, with every problem at its
file and line.

A ruleset that flies air missions declares its air rules (:mod:`hexcombat.rules.missions`); they
fly an ``[[air]]`` entry without knowing where it was written. This module finds them through
the registry, gives them the air counters the scenario may name (the shipped ones and the
scenario's own counter files, as for ground counters), reads the hexes an entry names on the
scenario's map, and places each refusal at the entry's line, so ``check`` and ``explain`` say
``file:line: message``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from hexcombat.board.mapfile import map_from_source
from hexcombat.board.offset import OffsetScheme
from hexcombat.game.scenario import Scenario, scenario_map_file, shipped_counter_files
from hexcombat.rules.errors import RulesError
from hexcombat.rules.missions import (
    AirCounter,
    AirRules,
    MissionReport,
    air_rules_of,
    no_air_rules,
)
from hexcombat.sourcefile import Problem, SourceError, TomlSource, load_shared

__all__ = [
    "air_problems",
    "air_roll_refusal",
    "air_units_in",
    "evaluate_air",
    "fly_scenario",
    "hex_problems",
    "scenario_air_units",
]


def _air_rules(scenario: Scenario) -> AirRules:
    """The air rules the scenario's ruleset declares; a ruleset with none refuses its
    ``[[air]]`` entries (the loader says so at their lines first)."""
    air = air_rules_of(scenario.ruleset)
    if air is None:
        raise RulesError(no_air_rules(scenario.ruleset))
    return air


def air_roll_refusal(scenario: Scenario) -> str:
    """Why the scenario's air missions are not rolled, in its air rules' words."""
    return _air_rules(scenario).roll_refusal


def scenario_air_units(scenario: Scenario) -> tuple[dict[str, AirCounter], list[Problem]]:
    """The air counters a scenario may name: every shipped one, then the scenario's own counter
    files (a scenario's own counter wins a shared id), as its ruleset's air rules read them."""
    air = air_rules_of(scenario.ruleset)
    if air is None:
        return {}, []
    return air_units_in([*shipped_counter_files(), *scenario.counter_files], air)


def air_units_in(paths: list[Path], air: AirRules) -> tuple[dict[str, AirCounter], list[Problem]]:
    """The air counters ``air`` reads in the counter files ``paths`` (a later file's counter
    wins a shared id), with each problem at its line."""
    found: dict[str, AirCounter] = {}
    problems: list[Problem] = []
    for path in paths:
        try:
            source = load_shared(path)  # read only
        except SourceError as exc:
            problems += exc.problems
            continue
        if air.is_counter_source(source):
            units, bad = air.counters_from_source(source)
            found.update(units)
            problems += bad
    return found, problems


def _hex_reader(scenario: Scenario) -> Callable[[str], object]:
    """What reads a hex label in this scenario: its map's (labels must be on the map), or,
    without a map, the usual Europa label ``CCRR`` (``0504``)."""
    name = scenario.map_name
    if name is not None:
        try:
            path = scenario_map_file(scenario.path, name)
            return map_from_source(TomlSource.load(path)).hex_at
        except (FileNotFoundError, ValueError, SourceError):
            pass  # a bad map is reported at `map`; the labels are read the usual way
    return OffsetScheme().parse_label


def hex_problems(
    scenario: Scenario, source: TomlSource, entries: list[object], air: AirRules
) -> list[Problem]:
    """Every entry's hex (the air rules' ``hex_keys``) that is not one (on the map, if there is
    one), at its line, in the air rules' words."""
    read = _hex_reader(scenario)
    problems = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, Mapping):
            continue
        for key in air.hex_keys:
            value = entry.get(key)
            if not isinstance(value, str):
                continue  # absent, or reported as not text
            try:
                read(value)
            except ValueError as exc:
                problems.append(
                    source.problem(("air", i, key), air.not_a_hex(i, key, value, str(exc)))
                )
    return problems


def air_problems(scenario: Scenario, source: TomlSource) -> list[Problem]:
    """Every ``[[air]]`` entry that cannot fly, each at its line (check reports them all)."""
    air = air_rules_of(scenario.ruleset)
    if air is None:  # the loader refuses it first; said here too, not flown by other rules
        return [source.problem(("air",), no_air_rules(scenario.ruleset))]
    counters, problems = air_units_in([*shipped_counter_files(), *scenario.counter_files], air)
    entries = scenario.data.get("air")
    if isinstance(entries, Mapping):  # a single [air] table flies as one entry
        entries = [entries]
    if not isinstance(entries, list) or not entries:
        return [*problems, source.problem(("air",), "write each air unit as an [[air]] table")]
    bad_hexes = hex_problems(scenario, source, entries, air)
    problems += bad_hexes
    unflown = {p.message.split(":", 1)[0] for p in bad_hexes}  # "air 2"
    for i, entry in enumerate(entries):
        if f"air {i + 1}" in unflown:
            continue  # its mission cannot be judged from a hex that is not one
        one = {"air": [entry], "conditions": scenario.data.get("conditions", {})}
        try:
            air.evaluate(one, counters)
        except RulesError as exc:
            message = str(exc).replace("air 1: ", "", 1)
            if "unknown air counter" in message:
                message += ": not in counters/ nor the scenario's counter files"
            key = air.entry_key(message, entry) if isinstance(entry, Mapping) else None
            where = ("air", i, key) if key else ("air", i)
            problems.append(source.problem(where, f"air {i + 1}: {message}"))
    return problems


def fly_scenario(scenario: Scenario) -> MissionReport:
    """The air report of a scenario its loader and :func:`air_problems` found sound; a
    refusal of its air rules raises :class:`RulesError`."""
    counters, _ = scenario_air_units(scenario)
    return _air_rules(scenario).evaluate(scenario.data, counters)


def evaluate_air(scenario: Scenario) -> MissionReport:
    """The air report of a scenario; any problem raises :class:`SourceError` with its line."""
    source = TomlSource.load(scenario.path)
    problems = air_problems(scenario, source)
    if problems:
        raise SourceError(problems)
    return fly_scenario(scenario)
