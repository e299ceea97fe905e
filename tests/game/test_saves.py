"""Saved games: reopen exactly, written atomically, and bad saves explained by file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexcombat.board.mapfile import load_map
from hexcombat.game.commands import AddCounter
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import CombatLogEntry, Counter, GameState
from hexcombat.rules.situation import Conditions
from hexcombat.rules.units import unit_from_mapping
from hexcombat.sourcefile import SourceError

REPO = Path(__file__).resolve().parents[2]
"""The repository root, for the shipped files under test."""

PZ = unit_from_mapping(
    {
        "name": "16-10 Pz XX",
        "size": "XX",
        "attack": 16,
        "movement": 10,
        "aeca": "half",
        "conversion_re": 2,
        "changes": [{"date": "1943-07", "aeca": "double"}],
    },
    "t",
)
AA = unit_from_mapping({"name": "Hv Mot AA II", "size": "II", "heavy_antitank": True}, "t")


def game() -> GameState:
    state = GameState(
        load_map(REPO / "maps" / "tutorial-14d2d.toml"),
        ruleset="armour-ratio",
        conditions=Conditions(weather="mud", date="1943-08", fortified=True),
        seed=42,
    )
    state.execute(AddCounter(Counter("c1", PZ, "Axis", "ax-pz"), state.hexmap.hex_at("0403")))
    state.execute(AddCounter(Counter("c2", AA, "Axis"), state.hexmap.hex_at("0403")))
    state.execute(AddCounter(Counter("c3", AA, "Soviet"), state.hexmap.hex_at("0504")))
    state.log.append(CombatLogEntry("0403 -> 0504: 2:1", ["14D2a: heavy armour"]))
    state.tutorial = ["1. Select the stack in 0504."]
    state.description = "A panzer division in mud."
    state.dice.roll()
    state.dice.roll()
    return state


def picture(state: GameState) -> object:
    stacks = {
        state.hexmap.label(h): [(c.uid, c.side, c.counter_id, c.unit) for c in s]
        for h, s in state.stacks().items()
    }
    log = [(e.text, e.details) for e in state.log]
    return stacks, state.conditions, state.ruleset, log, state.tutorial, state.description


def test_save_and_reopen_is_the_same_game(tmp_path: Path) -> None:
    state = game()
    path = tmp_path / "game.json"
    save_game(state, path)
    again = load_game(path)
    assert picture(again) == picture(state)
    assert again.hexmap.terrain == state.hexmap.terrain
    # the dice go on where they stopped, not from the start
    assert [again.dice.roll() for _ in range(5)] == [state.dice.roll() for _ in range(5)]


def test_save_survives_the_map_file_moving(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(game(), path)
    data = json.loads(path.read_text())
    assert "Tutorial 14D2d" in data["map_toml"] and data["format"] == "hexcombat-save"


def test_save_replaces_the_old_file_whole_and_leaves_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old")
    save_game(game(), path)
    assert json.loads(path.read_text())["version"] == 1
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_failed_save_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old save")
    state = game()
    state.map_text = None
    state.hexmap.source = None
    with pytest.raises(ValueError):
        save_game(state, path)
    assert path.read_text() == "old save"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def bad(tmp_path: Path, text: str) -> str:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SourceError) as caught:
        load_game(path)
    (problem,) = caught.value.problems
    return str(problem).replace(str(tmp_path) + "/", "")


def test_broken_json_names_the_line(tmp_path: Path) -> None:
    assert bad(tmp_path, '{\n "format": "hexcombat-save",\n "version": 1,,\n}') == (
        "bad.json:3: not a valid save (JSON): Expecting property name enclosed in double quotes"
    )


def test_not_a_save(tmp_path: Path) -> None:
    assert bad(tmp_path, '{"a": 1}') == (
        'bad.json:1: not a hexcombat saved game (no "format": "hexcombat-save")'
    )


def test_newer_format_is_refused(tmp_path: Path) -> None:
    text = '{\n "format": "hexcombat-save",\n "version": 9\n}'
    assert bad(tmp_path, text) == (
        "bad.json:3: saved by a different hexcombat (save format version 9; "
        "this program reads version 1)"
    )


def test_counter_off_the_map_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    save_game(game(), path)
    text = path.read_text().replace('"hex": "0504"', '"hex": "9999"')
    line = text[: text.index('"uid": "c3"')].count("\n") + 1
    message = bad(tmp_path, text)
    assert message.startswith(f"bad.json:{line}: hex '9999' is off the map")
