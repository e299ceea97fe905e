"""A ruleset file played on a map: the river-crossing test file registered as a test ruleset
(as the conformance suite registers it), an attacker of attack 24 in 0404 next to a defender
of defence 4 in the woods of 0504 on the 14D2d tutorial's map: doubled to 8 (7.2), 24 : 8 is
3:1 (7.1)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hexcombat.board.hexes import Hex
from hexcombat.board.mapfile import load_map
from hexcombat.game.commands import AddCounter
from hexcombat.game.state import Counter, GameState
from hexcombat.rules.registry import register_ruleset
from hexcombat.rules.units import Unit

REPO = Path(__file__).resolve().parents[2]
MAP = REPO / "maps" / "tutorial-14d2d.toml"
CONFORMANCE = REPO / "tests" / "rules" / "conformance"
ATTACKER_HEX, TARGET_HEX = "0404", "0504"


@contextmanager
def registered(ruleset_id: str, module: str) -> Iterator[None]:
    """A test ruleset file known by its id while the block runs (its module in
    tests/rules/conformance, as the conformance suite registers it)."""
    if str(CONFORMANCE) not in sys.path:
        sys.path.insert(0, str(CONFORMANCE))
    with register_ruleset(ruleset_id, module):
        yield


@contextmanager
def river_rules() -> Iterator[None]:
    """The river-crossing file known as ``river-crossing`` while the block runs."""
    with registered("river-crossing", "river_crossing_ruleset"):
        yield


def river_game(attack: int = 24, defence: int = 4) -> GameState:
    state = GameState(load_map(MAP), ruleset="river-crossing")
    a = Unit(name="Rifles", attack=attack, defence=2)
    d = Unit(name="Guards", attack=2, defence=defence)
    for unit, side, label in [(a, "Red", ATTACKER_HEX), (d, "Blue", TARGET_HEX)]:
        state.execute(AddCounter(Counter(state.new_uid(), unit, side), state.hexmap.hex_at(label)))
    return state


def target(state: GameState) -> Hex:
    return state.hexmap.hex_at(TARGET_HEX)


def uid_at(state: GameState, label: str) -> str:
    return state.stack_at(state.hexmap.hex_at(label))[0].uid
