"""Opening whatever file a player gives: a saved game (JSON), a scenario, or a bare map."""

from __future__ import annotations

from pathlib import Path

from hexcombat.board.hexes import Hex
from hexcombat.board.mapfile import find_map, is_map_source, map_from_source
from hexcombat.game.saves import load_game
from hexcombat.game.scenario import (
    Scenario,
    is_scenario_source,
    load_counter_library,
    scenario_from_source,
)
from hexcombat.game.state import GameState, scenario_sides
from hexcombat.paths import maps_dir
from hexcombat.sourcefile import Problem, SourceError, TomlSource, read_capped, resolved

TUTORIAL = "tutorial-14d2d-scenario.toml"
"""The scenario ``hexcombat`` opens with no file: the 14D2d worked example, ready to attack."""


RULESET = "total-war"
"""The ruleset of a game started from a bare map (a scenario or save names its own)."""


def default_tutorial() -> Path:
    """The built-in tutorial scenario."""
    return maps_dir() / TUTORIAL


def is_save_path(path: str | Path) -> bool:
    """A saved game (JSON): named ``*.json``, or starting with ``{``, which no TOML file does."""
    path = Path(path)
    if path.suffix.lower() == ".json":
        return True
    try:
        return read_capped(path, 255).lstrip().startswith(b"{")  # never a pipe or a device
    except OSError:
        return False


def open_game(path: str | Path) -> GameState:
    """A game from ``path``; any problem raises :class:`SourceError` naming the file and line."""
    path = Path(path)
    if is_save_path(path):
        return load_game(path)
    source = TomlSource.load(path)
    if is_scenario_source(source):
        scenario, problems = scenario_from_source(source)
        if problems or scenario is None:
            raise SourceError(problems)
        if scenario.map_name is None:
            raise SourceError(
                [
                    source.problem(
                        ("ruleset",),
                        'this scenario has no map; give it `map = "..."` '
                        "to play it on the map (hexcombat explain works without one)",
                    )
                ]
            )
        return game_from_scenario(scenario)
    if is_map_source(source):
        # a bare map to lay out: every shipped counter set is on the palette
        state = GameState(map_from_source(source), library=load_counter_library(RULESET)[0])
        state.map_text = path.read_text(encoding="utf-8")
        return state
    raise SourceError([Problem(str(path), 1, "not a hexcombat map, scenario or saved game")])


def game_from_scenario(scenario: Scenario) -> GameState:
    """The scenario laid out on its map; every unit needs a hex on it. Problems name the line."""
    path = scenario.path
    try:
        map_path = find_map(_relative(str(scenario.map_name), path))
        map_source = TomlSource.load(map_path)
        hexmap = map_from_source(map_source)
    except (FileNotFoundError, ValueError) as exc:
        raise SourceError([Problem(str(path), _map_line(scenario), str(exc))]) from exc
    problems: list[Problem] = [
        Problem(str(path), p.line, f"{p.unit.name} has no hex on the map")
        for p in scenario.placements
        if p.hex is None
    ]
    sides = scenario_sides(scenario)
    held: dict[Hex, str] = {}
    for placement in scenario.placements:
        if placement.hex is None:
            continue
        try:
            h = hexmap.hex_at(placement.hex)
        except ValueError as exc:
            problems.append(Problem(str(path), placement.line, f"{placement.unit.name}: {exc}"))
            continue
        side = sides[placement.side]
        holder = held.setdefault(h, side)
        if holder != side:  # as on the map, and as a save is refused with two sides in a hex
            problems.append(
                Problem(
                    str(path),
                    placement.line,
                    f"{placement.unit.name}: hex {hexmap.label(h)} is held by {holder}: sides "
                    "may not share a hex",
                )
            )
    if problems:
        raise SourceError(problems)
    state = GameState.from_scenario(scenario, hexmap)
    state.map_text = map_source.path.read_text(encoding="utf-8")
    return state


def _map_line(scenario: Scenario) -> int:
    """The line of the scenario's ``map = ...`` (1 when it cannot be read again)."""
    try:
        return TomlSource.load(scenario.path).line_of("map")
    except SourceError:
        return 1


def _relative(name: str, scenario_path: Path) -> str | Path:
    """A map named by path is relative to the scenario's folder; a bare name is a shipped map."""
    if "/" in name or name.endswith(".toml"):
        return resolved(scenario_path.parent / name)
    return name
