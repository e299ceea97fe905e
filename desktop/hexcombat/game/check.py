"""``hexcombat check``: validate authored files; report problems as ``file:line: message``."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from hexcombat.board.mapfile import check_map_source, is_map_source
from hexcombat.game.scenario import check_scenario_source, is_scenario_source
from hexcombat.rules.air.units import check_air_counter_source, is_air_counter_source
from hexcombat.rules.chartkinds import check_chart_source, is_chart_source
from hexcombat.rules.counters import check_counter_source, is_counter_source
from hexcombat.sourcefile import Problem, SourceError, TomlSource

Checker = Callable[[TomlSource], list[Problem]]


def _checkers() -> list[tuple[str, Callable[[TomlSource], bool], Checker]]:
    """Each kind of file: its name, how to recognise it, and how to check it."""
    return [
        ("chart", is_chart_source, check_chart_source),
        ("counters", is_counter_source, check_counter_source),
        ("air counters", is_air_counter_source, check_air_counter_source),
        ("scenario", is_scenario_source, check_scenario_source),
        ("map", is_map_source, check_map_source),
    ]


def check_file(path: str | Path) -> list[Problem]:
    """Every problem found in one file (an empty list when it is sound)."""
    try:
        source = TomlSource.load(path)
    except SourceError as exc:
        return exc.problems
    for _kind, recognise, check in _checkers():
        if recognise(source):
            return check(source)
    return [Problem(str(path), 1, "not a hexcombat map, counter set, chart or scenario")]


def check_command(files: list[str]) -> int:
    """Print every problem in ``files``; exit status 1 when there is any, 0 otherwise."""
    found = 0
    for name in files:
        for problem in check_file(name):
            print(problem, file=sys.stdout)
            found += 1
    if found == 0:
        print(f"{len(files)} file(s) checked, no problems")
    return 1 if found else 0
