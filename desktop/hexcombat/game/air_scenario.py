"""A scenario's ``[[air]]`` entries flown by the air rules, with every problem at its file and line.

The rules core flies an ``[[air]]`` entry without knowing where it was written; this module gives
it the air counters the scenario may name (the shipped ones and the scenario's own counter files,
as for ground counters), reads the hexes an entry names on the scenario's map, and places each
refusal at the entry's line, so ``check`` and ``explain`` say ``file:line: message``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from hexcombat.board.mapfile import map_from_source
from hexcombat.board.offset import OffsetScheme
from hexcombat.game.scenario import Scenario, scenario_map_file, shipped_counter_files
from hexcombat.rules.air.scenario import (
    AIR_ROLL_REFUSAL,
    HEX_KEYS,
    AirReport,
    entry_key,
    evaluate_air_scenario,
    not_a_hex,
)
from hexcombat.rules.air.units import (
    AirUnit,
    air_counters_from_source,
    is_air_counter_source,
)
from hexcombat.rules.errors import RulesError
from hexcombat.sourcefile import Problem, SourceError, TomlSource, load_shared

__all__ = [
    "AIR_ROLL_REFUSAL",
    "air_counters_in",
    "air_problems",
    "evaluate_air",
    "hex_problems",
    "scenario_air_counters",
]
"""``AIR_ROLL_REFUSAL`` is the air rules' (``rules/air/scenario.py``), kept importable here."""


def scenario_air_counters(scenario: Scenario) -> tuple[dict[str, AirUnit], list[Problem]]:
    """The air counters a scenario may name: every shipped ``[[air_counter]]``, then the
    scenario's own counter files (a scenario's own counter wins a shared id)."""
    return air_counters_in([*shipped_counter_files(), *scenario.counter_files])


def air_counters_in(paths: list[Path]) -> tuple[dict[str, AirUnit], list[Problem]]:
    """The ``[[air_counter]]`` tables of the counter files ``paths`` (a later file's counter
    wins a shared id), with each problem at its line."""
    found: dict[str, AirUnit] = {}
    problems: list[Problem] = []
    for path in paths:
        try:
            source = load_shared(path)  # read only
        except SourceError as exc:
            problems += exc.problems
            continue
        if is_air_counter_source(source):
            units, bad = air_counters_from_source(source)
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


def hex_problems(scenario: Scenario, source: TomlSource, entries: list[object]) -> list[Problem]:
    """Every entry's hex (``HEX_KEYS``) that is not one (on the map, if there is one), at its
    line, in the air rules' words."""
    read = _hex_reader(scenario)
    problems = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, Mapping):
            continue
        for key in HEX_KEYS:
            value = entry.get(key)
            if not isinstance(value, str):
                continue  # absent, or reported as not text
            try:
                read(value)
            except ValueError as exc:
                problems.append(source.problem(("air", i, key), not_a_hex(i, key, value, str(exc))))
    return problems


def air_problems(scenario: Scenario, source: TomlSource) -> list[Problem]:
    """Every ``[[air]]`` entry that cannot fly, each at its line (check reports them all)."""
    counters, problems = scenario_air_counters(scenario)
    entries = scenario.data.get("air")
    if isinstance(entries, Mapping):  # a single [air] table flies as one entry
        entries = [entries]
    if not isinstance(entries, list) or not entries:
        return [*problems, source.problem(("air",), "write each air unit as an [[air]] table")]
    bad_hexes = hex_problems(scenario, source, entries)
    problems += bad_hexes
    unflown = {p.message.split(":", 1)[0] for p in bad_hexes}  # "air 2"
    for i, entry in enumerate(entries):
        if f"air {i + 1}" in unflown:
            continue  # its mission cannot be judged from a hex that is not one
        one = {"air": [entry], "conditions": scenario.data.get("conditions", {})}
        try:
            evaluate_air_scenario(one, counters)
        except RulesError as exc:
            message = str(exc).replace("air 1: ", "", 1)
            if "unknown air counter" in message:
                message += ": not in counters/ nor the scenario's counter files"
            key = entry_key(message, entry) if isinstance(entry, Mapping) else None
            where = ("air", i, key) if key else ("air", i)
            problems.append(source.problem(where, f"air {i + 1}: {message}"))
    return problems


def evaluate_air(scenario: Scenario) -> AirReport:
    """The air report of a scenario; any problem raises :class:`SourceError` with its line."""
    source = TomlSource.load(scenario.path)
    problems = air_problems(scenario, source)
    if problems:
        raise SourceError(problems)
    counters, _ = scenario_air_counters(scenario)
    return evaluate_air_scenario(scenario.data, counters)
