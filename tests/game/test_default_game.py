"""What a game naming no ruleset is played with: the built-in tutorial's ruleset, read from its
scenario file (no ruleset id is written in the game layer); and a save always names its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexcombat.board.mapfile import load_map
from hexcombat.game.calculator import new_combat
from hexcombat.game.default_game import default_ruleset, default_tutorial
from hexcombat.game.opening import open_game
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import GameState
from hexcombat.paths import maps_dir
from hexcombat.rules.registry import ruleset_ids
from hexcombat.sourcefile import SourceError, TomlSource

V1 = Path(__file__).resolve().parent / "data" / "v1"


def tutorial_ruleset() -> str:
    ruleset = TomlSource.load(default_tutorial()).data["ruleset"]
    assert ruleset in ruleset_ids()
    return str(ruleset)


def test_a_bare_map_is_played_with_the_built_in_tutorials_ruleset() -> None:
    assert default_ruleset() == tutorial_ruleset()
    state = open_game(maps_dir() / "sample.toml")
    assert state.ruleset == tutorial_ruleset()
    assert GameState(load_map(maps_dir() / "sample.toml")).ruleset == tutorial_ruleset()


def test_a_new_calculator_combat_is_under_the_built_in_tutorials_ruleset() -> None:
    assert new_combat().ruleset == tutorial_ruleset()
    other = next(r for r in ruleset_ids() if r != tutorial_ruleset())
    assert new_combat(other).ruleset == other


@pytest.mark.parametrize("version", [1, 2])
def test_saves_of_both_versions_open_under_the_ruleset_they_name(
    tmp_path: Path, version: int
) -> None:
    if version == 1:
        path = V1 / "rule10-required-losses.json"
    else:
        path = tmp_path / "v2.json"
        save_game(open_game(maps_dir() / "tutorial-lhy-immediate-scenario.toml"), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == version
    assert load_game(path).ruleset == data["ruleset"] != tutorial_ruleset()


def test_a_save_naming_no_ruleset_is_refused_not_guessed(tmp_path: Path) -> None:
    # hexcombat has written "ruleset" in every save since format version 1: one without it was
    # made by hand, and is not taken for a game of some ruleset by default
    data = json.loads((V1 / "tutorial-14d2d.json").read_text(encoding="utf-8"))
    del data["ruleset"]
    path = tmp_path / "no-ruleset.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    with pytest.raises(SourceError) as refused:
        load_game(path)
    (problem,) = refused.value.problems
    assert problem.file.endswith("no-ruleset.json") and problem.line == 1
    assert "names no ruleset" in problem.message
    assert all(rid in problem.message for rid in ruleset_ids())
