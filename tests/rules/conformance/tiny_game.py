"""The tiny test ruleset (:mod:`tiny_ruleset`) played on a map: one attacker of fire 3 next to
one defender of defence 2, each of two steps, in the 14D2d tutorial's map. What the tests that
play a ruleset not shaped like Europa's (no odds, no strength points: a step lost and a morale
check) end to end set up: the game layer's and the window's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hexcombat.board.hexes import Hex
from hexcombat.board.mapfile import load_map
from hexcombat.game.commands import AddCounter
from hexcombat.game.state import Counter, GameState
from hexcombat.rules.registry import register_ruleset
from hexcombat.rules.units import unit_from_mapping

REPO = Path(__file__).resolve().parents[3]
MAP = REPO / "maps" / "tutorial-14d2d.toml"
RIFLES = unit_from_mapping({"name": "Rifles", "re": 1, "attack": 3, "steps": 2}, "tiny rifles")
GUARDS = unit_from_mapping({"name": "Guards", "re": 1, "defence": 2, "steps": 2}, "tiny guards")
ATTACKER_HEX, TARGET_HEX = "0404", "0504"


@contextmanager
def tiny_rules() -> Iterator[None]:
    """The tiny ruleset known as ``tiny`` while the block runs."""
    with register_ruleset("tiny", "tiny_ruleset"):
        yield


def tiny_game() -> GameState:
    """A game under the tiny rules: the Rifles in 0404 next to the Guards in 0504 (fire 3
    against defence 2: T1 gives +1)."""
    state = GameState(load_map(MAP), ruleset="tiny")
    for unit, side, label in [(RIFLES, "Red", ATTACKER_HEX), (GUARDS, "Blue", TARGET_HEX)]:
        state.execute(AddCounter(Counter(state.new_uid(), unit, side), state.hexmap.hex_at(label)))
    return state


def target(state: GameState) -> Hex:
    """The Guards' hex."""
    return state.hexmap.hex_at(TARGET_HEX)


def guards(state: GameState) -> str:
    """The Guards' counter id."""
    return state.stack_at(target(state))[0].uid
