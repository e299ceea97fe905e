"""Who may join an attack, and where a beaten stack may retreat: answers from the board's
graph on the 14A3 tutorial map, worked out by hand from the map's comments."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcombat.board.mapfile import load_map
from hexcombat.game.attack import AttackSetup, attack_candidates, build_situation
from hexcombat.game.commands import AddCounter
from hexcombat.game.state import Counter, GameError, GameState
from hexcombat.rules.situation import Conditions
from hexcombat.rules.units import unit_from_mapping

REPO = Path(__file__).resolve().parents[2]
"""The repository root, for the shipped files under test."""

RIFLE = unit_from_mapping({"name": "Rifle XX", "size": "XX", "re": 2, "attack": 4}, "t")
LRA = unit_from_mapping(
    {"name": "Hv Art III", "size": "III", "type": "artillery", "artillery": True, "range": 2},
    "t",
)
ART = unit_from_mapping({"name": "Art III", "size": "III", "artillery": True}, "t")
INF = unit_from_mapping({"name": "Inf XX", "size": "XX", "defence": 8}, "t")


@pytest.fixture
def state() -> GameState:
    game = GameState(load_map(REPO / "maps" / "tutorial-14a3-lra.toml"))
    for unit, side, label in [
        (INF, "Axis", "0504"),
        (RIFLE, "Soviet", "0403"),
        (RIFLE, "Soviet", "0604"),
        (LRA, "Soviet", "0704"),  # two hexes, across the major river
        (ART, "Soviet", "0304"),  # two hexes but not long-range: may not fire
        (RIFLE, "Soviet", "0801"),  # far away
        (INF, "Axis", "0503"),  # the defender's neighbour, same side: never a candidate
    ]:
        game.execute(AddCounter(Counter(game.new_uid(), unit, side), game.hexmap.hex_at(label)))
    return game


def test_candidates_are_adjacent_stacks_and_long_range_artillery(state: GameState) -> None:
    found = attack_candidates(state, state.hexmap.hex_at("0504"))
    assert [(c.label, c.range) for c in found] == [("0403", 1), ("0604", 1), ("0704", 2)]
    assert [c.unit.name for c in found[2].counters] == ["Hv Art III"]


def test_situation_carries_range_and_the_crossed_hexside(state: GameState) -> None:
    uids = [
        c.uid for x in attack_candidates(state, state.hexmap.hex_at("0504")) for c in x.counters
    ]
    situation = build_situation(
        state, AttackSetup(state.hexmap.hex_at("0504"), uids, Conditions(terrain="woods"))
    )
    assert [(p.hex, p.range, p.across) for p in situation.attackers] == [
        ("0403", 1, None),
        ("0604", 1, None),
        ("0704", 2, None),
    ]
    assert situation.conditions.terrain == "clear"  # the map's terrain wins over the panel's
    assert [p.unit.name for p in situation.defenders] == ["Inf XX"]


def test_attacking_an_empty_hex_is_refused(state: GameState) -> None:
    with pytest.raises(GameError, match="hex 0505 is empty: there is nobody to attack"):
        attack_candidates(state, state.hexmap.hex_at("0505"))
