"""``hexcombat check``: validate authored files; report problems as ``file:line: message``.

A scenario is also evaluated (an illegal attack or air mission is a problem at its line), and
a ruleset checks its charts against the counter sets (counter ids a chart names exist).
A saved game (JSON) is read by the save loader, which names the line of what it refuses.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from hexcombat.board.mapfile import check_map_source, is_map_source
from hexcombat.game.conditions import vocabulary_of
from hexcombat.game.opening import is_save_path
from hexcombat.game.saves import load_game
from hexcombat.game.scenario import is_scenario_source, load_counter_library
from hexcombat.game.scenario_check import check_scenario
from hexcombat.rules.chartkinds import check_chart_source, is_chart_source
from hexcombat.rules.counters import check_counter_source, is_counter_source
from hexcombat.rules.missions import counter_air_rules
from hexcombat.rules.registry import (
    find_beside,
    get_ruleset,
    left_out,
    ruleset_file_problems,
    ruleset_ids,
)
from hexcombat.sourcefile import Problem, SourceError, TomlSource, said_once

Checker = Callable[[TomlSource], list[Problem]]


def _checkers() -> list[tuple[str, Callable[[TomlSource], bool], Checker]]:
    """Each kind of file: its name, how to recognise it, and how to check it."""
    return [
        ("ruleset", lambda source: ruleset_file_problems(source) is not None, check_ruleset_file),
        ("chart", is_chart_source, check_chart),
        ("counters", is_counter_source, check_counters),
        ("air counters", is_air_counter_file, check_air_counter_file),
        ("scenario", is_scenario_source, check_scenario),
        ("map", is_map_source, check_map_source),
    ]


def check_ruleset_file(source: TomlSource) -> list[Problem]:
    """A ruleset file's problems (docs/ruleset-file.md), every one at its line."""
    return ruleset_file_problems(source) or []


def check_counters(source: TomlSource) -> list[Problem]:
    """A counter set's problems, its units' ``rules`` values checked against its game's
    ruleset."""
    game = source.data.get("game")
    if isinstance(game, str) and source.path.parent.is_dir():  # a game whose ruleset file is
        found = find_beside(source.path.parent, game)  # beside its counters: checked by it
        if found:
            return found
    return check_counter_source(source, vocabulary_of)


def is_air_counter_file(source: TomlSource) -> bool:
    """A counter file holding the air counters of a ruleset that declares air rules."""
    return counter_air_rules(source) is not None


def check_air_counter_file(source: TomlSource) -> list[Problem]:
    """Every problem of a file's air counters, as the air rules that read them say it."""
    air = counter_air_rules(source)
    return [] if air is None else air.counters_from_source(source)[1]


def check_chart(source: TomlSource) -> list[Problem]:
    """A chart's own problems, then what each ruleset checks of it against the counter sets
    (a chart naming counters names ones that exist)."""
    problems = check_chart_source(source)
    if problems:
        return problems
    for ruleset in ruleset_ids():
        problems += get_ruleset(ruleset).chart_problems(
            source, lambda r=ruleset: load_counter_library(r)[0]
        )
    return problems


def check_file(path: str | Path) -> list[Problem]:
    """Every problem found in one file (an empty list when it is sound), each once."""
    if is_save_path(path):
        return save_problems(path)
    try:
        source = TomlSource.load(path)
    except SourceError as exc:
        return exc.problems
    found = [check for _kind, recognise, check in _checkers() if recognise(source)]
    if found[:2] == [check_counters, check_air_counter_file]:
        # a counter set may hold both: the air counters are checked whatever the ground
        # counters' problems
        return said_once([*check_counters(source), *check_air_counter_file(source)])
    if found:
        return said_once(found[0](source))
    return [
        Problem(str(path), 1, "not a hexcombat map, counter set, chart, scenario or saved game")
    ]


def save_problems(path: str | Path) -> list[Problem]:
    """A saved game's problems: what the save loader refuses (it stops at the first), located."""
    try:
        load_game(path)
    except SourceError as exc:
        return exc.problems
    return []


def check_command(files: list[str]) -> int:
    """Print every problem in ``files``; exit status 1 when there is any, 0 otherwise. A ruleset
    folder or plug-in left out (it fails to import, names no ruleset, takes a taken id) is said
    first: a file naming its ruleset is then refused as naming an unknown one."""
    for broken in left_out():
        print(f"note: {broken}", file=sys.stdout)
    found = 0
    for name in files:
        for problem in check_file(name):
            print(problem, file=sys.stdout)
            found += 1
    if found == 0:
        print(f"{len(files)} file(s) checked, no problems")
    return 1 if found else 0
