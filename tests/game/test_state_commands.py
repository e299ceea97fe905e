"""Moving, adding, removing and reordering counters; undo puts the board back exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcombat.board.mapfile import load_map
from hexcombat.game.commands import AddCounter, MoveCounters, RemoveCounters, ReorderStack
from hexcombat.game.state import Change, Counter, GameState, IllegalMoveError
from hexcombat.rules.units import unit_from_mapping

REPO = Path(__file__).resolve().parents[2]
"""The repository root, for the shipped files under test."""

TANK = unit_from_mapping({"name": "Tank X", "size": "X", "aeca": "full", "attack": 6}, "t")
RIFLE = unit_from_mapping({"name": "Rifle XX", "size": "XX", "re": 2, "attack": 4}, "t")
INF = unit_from_mapping({"name": "Inf XX", "size": "XX", "defence": 8}, "t")


def snapshot(state: GameState) -> dict[str, list[str]]:
    """The board as labels -> uids top first, for comparing before and after."""
    return {state.hexmap.label(h): [c.uid for c in s] for h, s in sorted(state.stacks().items())}


@pytest.fixture
def state() -> GameState:
    game = GameState(load_map(REPO / "maps" / "tutorial-14d2d.toml"))
    at = game.hexmap.hex_at
    for unit, side, label in [
        (TANK, "Soviet", "0403"),
        (RIFLE, "Soviet", "0403"),
        (RIFLE, "Soviet", "0503"),
        (INF, "Axis", "0504"),
    ]:
        game.execute(AddCounter(Counter(game.new_uid(), unit, side), at(label)))
    return game


def test_added_counters_stack_with_the_newest_on_top(state: GameState) -> None:
    assert snapshot(state) == {"0403": ["c2", "c1"], "0503": ["c3"], "0504": ["c4"]}


def test_move_joins_the_stack_there_and_undo_restores_it(state: GameState) -> None:
    before = snapshot(state)
    move = MoveCounters(["c3"], state.hexmap.hex_at("0403"))
    change = state.execute(move)
    assert snapshot(state) == {"0403": ["c3", "c2", "c1"], "0504": ["c4"]}
    assert change.hexes == {state.hexmap.hex_at("0403"), state.hexmap.hex_at("0503")}
    assert move.text == "Move Rifle XX to 0403"
    move.undo(state)
    assert snapshot(state) == before


def test_moving_a_whole_stack_keeps_its_order(state: GameState) -> None:
    before = snapshot(state)
    move = MoveCounters(["c2", "c1"], state.hexmap.hex_at("0603"))
    state.execute(move)
    assert snapshot(state)["0603"] == ["c2", "c1"]
    move.undo(state)
    assert snapshot(state) == before


def test_sides_may_not_share_a_hex(state: GameState) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match="hex 0504 is held by Axis"):
        state.execute(MoveCounters(["c1"], state.hexmap.hex_at("0504")))
    assert snapshot(state) == before


def test_off_the_map_is_refused(state: GameState) -> None:
    from hexcombat.board.hexes import Hex

    with pytest.raises(IllegalMoveError, match="off the map"):
        state.execute(MoveCounters(["c1"], Hex(40, 40)))


def test_remove_and_undo(state: GameState) -> None:
    before = snapshot(state)
    remove = RemoveCounters(["c2", "c4"])
    state.execute(remove)
    assert snapshot(state) == {"0403": ["c1"], "0503": ["c3"]}
    remove.undo(state)
    assert snapshot(state) == before


def test_reorder_and_undo(state: GameState) -> None:
    h = state.hexmap.hex_at("0403")
    reorder = ReorderStack(h, ["c1", "c2"])
    state.execute(reorder)
    assert [c.uid for c in state.stack_at(h)] == ["c1", "c2"]
    reorder.undo(state)
    assert [c.uid for c in state.stack_at(h)] == ["c2", "c1"]


def test_subscribers_hear_every_change(state: GameState) -> None:
    heard: list[Change] = []
    state.subscribe(heard.append)
    state.execute(MoveCounters(["c3"], state.hexmap.hex_at("0403")))
    assert [c.text for c in heard] == ["Move Rifle XX to 0403"]


def test_new_uids_are_never_reused(state: GameState) -> None:
    state.execute(RemoveCounters(["c4"]))
    assert state.new_uid() == "c5"
