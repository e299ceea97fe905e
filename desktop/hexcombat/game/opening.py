"""Opening whatever file a player gives: a saved game (JSON), a scenario, or a bare map."""

from __future__ import annotations

from pathlib import Path

from hexcombat.board.mapfile import is_map_source, map_from_source
from hexcombat.game.default_game import TUTORIAL, default_ruleset, default_tutorial
from hexcombat.game.saves import load_game
from hexcombat.game.scenario import (
    is_scenario_source,
    load_counter_library,
    scenario_from_source,
)
from hexcombat.game.scenario_game import game_from_scenario
from hexcombat.game.state import GameState
from hexcombat.sourcefile import Problem, SourceError, TomlSource, read_capped

__all__ = [
    "TUTORIAL",
    "default_ruleset",
    "default_tutorial",
    "game_from_scenario",
    "is_save_path",
    "open_game",
]


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
        # a bare map to lay out, played with the built-in tutorial's ruleset: every shipped
        # counter set is on the palette
        ruleset = default_ruleset()
        state = GameState(
            map_from_source(source), ruleset=ruleset, library=load_counter_library(ruleset)[0]
        )
        state.map_text = path.read_text(encoding="utf-8")
        return state
    raise SourceError([Problem(str(path), 1, "not a hexcombat map, scenario or saved game")])
