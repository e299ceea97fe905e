"""A campaign-sized game stays quick where it grows: a save's counters are parsed once per kind,
and whose turn it is follows the counters without counting them all at every change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexcombat.board.mapfile import load_map
from hexcombat.game.commands import MoveCounters, RemoveCounters
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import Counter, GameState
from hexcombat.rules.units import unit_from_mapping
from hexcombat.sourcefile import SourceError

REPO = Path(__file__).resolve().parents[2]
RIFLE = unit_from_mapping({"name": "Rifle XX", "size": "XX", "attack": 4}, "t")
INF = unit_from_mapping({"name": "Inf XX", "size": "XX", "defence": 8}, "t")


def small_game() -> GameState:
    state = GameState(load_map(REPO / "maps" / "tutorial-14d2d.toml"))
    at = state.hexmap.hex_at
    for unit, side, label in [
        (RIFLE, "Soviet", "0403"),
        (RIFLE, "Soviet", "0403"),
        (RIFLE, "Soviet", "0503"),
        (INF, "Axis", "0504"),
    ]:
        state.place(Counter(state.new_uid(), unit, side), at(label))
    return state


def test_counters_of_one_kind_share_the_unit_read_once(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(small_game(), path)
    again = load_game(path)
    rifles = [c.unit for c in again.counters.values() if c.unit.name == "Rifle XX"]
    assert len(rifles) == 3 and all(unit is rifles[0] for unit in rifles)
    assert rifles[0] == RIFLE
    assert again.counters["c4"].unit == INF


def test_a_bad_counter_after_good_ones_of_its_kind_is_named(tmp_path: Path) -> None:
    """A damaged copy of a kind read before is still read, and refused with its own uid."""
    path = tmp_path / "game.json"
    save_game(small_game(), path)
    data = json.loads(path.read_text())
    data["counters"][2]["unit"]["attack"] = "lots"
    path.write_text(json.dumps(data, indent=1))
    with pytest.raises(SourceError) as refused:
        load_game(path)
    uid = data["counters"][2]["uid"]
    assert f"counter {uid}" in str(refused.value)


def test_the_sides_on_the_map_follow_moves_removals_and_flips() -> None:
    state = small_game()
    assert state.sides == ["Soviet", "Axis"] and state.phasing_player == "Soviet"
    state.execute(RemoveCounters(["c1", "c2", "c3"]))
    assert state.sides == ["Axis"] and state.phasing_player == "Axis"
    state.execute(MoveCounters(["c4"], state.hexmap.hex_at("0403")))
    assert state.sides == ["Axis"]
    state.replace_counter(Counter("c4", INF, "Soviet"))
    assert state.sides == ["Soviet"]
    state.lift("c4")
    assert state.sides == [] and state.phasing_player == ""


class _Uncountable(dict):
    """The game's counters, refusing to be walked: a move must not look at every counter."""

    def values(self):  # type: ignore[override]
        raise AssertionError("every counter was scanned")

    def __iter__(self):
        raise AssertionError("every counter was scanned")


def test_a_move_and_its_turn_never_scan_every_counter() -> None:
    state = small_game()
    state.counters = _Uncountable(state.counters)
    seen = []
    state.subscribe(seen.append)
    state.execute(MoveCounters(["c3"], state.hexmap.hex_at("0603")))
    assert seen and state.turn == "Soviet's combat phase"
