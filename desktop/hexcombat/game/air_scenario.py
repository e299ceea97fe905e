"""A scenario's air units on their missions (16A, 23D), with every problem at its file and line.

The rules core flies an ``[[air]]`` entry without knowing where it was written; this module gives
it the air counters the scenario may name (the shipped ones and the scenario's own counter files,
as for ground counters) and places each refusal at the entry's line, so ``check`` and ``explain``
say ``file:line: message``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from hexcombat.game.scenario import Scenario, shipped_counter_files
from hexcombat.rules.air.missions import MISSIONS
from hexcombat.rules.air.scenario import AirReport, evaluate_air_scenario
from hexcombat.rules.air.units import (
    AirUnit,
    air_counters_from_source,
    is_air_counter_source,
)
from hexcombat.rules.errors import RulesError
from hexcombat.sourcefile import Problem, SourceError, TomlSource

AIR_ROLL_REFUSAL = (
    "an air scenario has no combat die to roll: hexcombat gives each air unit's strengths on "
    "its mission (16A, 23D); the air combat rules that roll dice are not in the rules texts"
)
"""Why ``explain --roll`` refuses an air scenario rather than ignoring the dice."""


def scenario_counter_files(scenario: Scenario) -> list[Path]:
    """The scenario's own counter files (``counters = [...]``), relative to the scenario."""
    raw = scenario.data.get("counters", [])
    names = [raw] if isinstance(raw, str) else raw if isinstance(raw, list) else []
    return [(scenario.path.parent / n).resolve() for n in names if isinstance(n, str)]


def scenario_air_counters(scenario: Scenario) -> tuple[dict[str, AirUnit], list[Problem]]:
    """The air counters a scenario may name: every shipped ``[[air_counter]]``, then the
    scenario's own counter files (a scenario's own counter wins a shared id)."""
    found: dict[str, AirUnit] = {}
    problems: list[Problem] = []
    for path in [*shipped_counter_files(), *scenario_counter_files(scenario)]:
        try:
            source = TomlSource.load(path)
        except SourceError as exc:
            problems += exc.problems
            continue
        if is_air_counter_source(source):
            units, bad = air_counters_from_source(source)
            found.update(units)
            problems += bad
    return found, problems


def _key_of(message: str, entry: Mapping[str, object]) -> str | None:
    """The key of an ``[[air]]`` entry a refusal is about, for its line."""
    if "unknown air counter" in message:
        return "counter"
    for key in sorted(entry, key=len, reverse=True):  # "counter" before "count"
        if repr(key) in message or message.startswith(f"{key} "):
            return key
    for key in ("jettison", "switch_to_escort", "escorting", "bombs", "base", "target"):
        if key in entry and key.replace("_", " ") in message:
            return key
    if "mission" in message or any(m in message for m in MISSIONS) or "23D" in message:
        return "mission" if "mission" in entry else None
    return None


def air_problems(scenario: Scenario, source: TomlSource) -> list[Problem]:
    """Every ``[[air]]`` entry that cannot fly, each at its line (check reports them all)."""
    counters, problems = scenario_air_counters(scenario)
    entries = scenario.data.get("air")
    if isinstance(entries, Mapping):  # a single [air] table flies as one entry
        entries = [entries]
    if not isinstance(entries, list) or not entries:
        return [*problems, source.problem(("air",), "write each air unit as an [[air]] table")]
    for i, entry in enumerate(entries):
        one = {"air": [entry], "conditions": scenario.data.get("conditions", {})}
        try:
            evaluate_air_scenario(one, counters)
        except RulesError as exc:
            message = str(exc).replace("air 1: ", "", 1)
            if "unknown air counter" in message:
                message += ": not in counters/ nor the scenario's counter files"
            key = _key_of(message, entry) if isinstance(entry, Mapping) else None
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
