"""The tactical test ruleset (:mod:`tactical_ruleset`) played on a map: Rifles (fire 3, two
steps) and a Leader in 0404 next to the Guards (defence 2, two steps) in 0504, on the 14D2d
tutorial's map. What the tests of the game layer's and the panel's tactical pieces set up."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tiny_game import ATTACKER_HEX, GUARDS, MAP, RIFLES, TARGET_HEX

from hexcombat.board.mapfile import load_map
from hexcombat.game.commands import AddCounter
from hexcombat.game.state import Counter, GameState
from hexcombat.rules.registry import register_ruleset
from hexcombat.rules.units import unit_from_mapping

LEADER = unit_from_mapping(
    {"name": "Leader", "re": 1, "attack": 0, "rules": {"leader": True}}, "tactical leader"
)


@contextmanager
def tactical_rules() -> Iterator[None]:
    """The tactical test ruleset known as ``tactical`` while the block runs."""
    with register_ruleset("tactical", "tactical_ruleset"):
        yield


def tactical_game() -> GameState:
    """Rifles (c1) and a Leader (c2) in 0404 next to the Guards (c3) in 0504."""
    state = GameState(load_map(MAP), ruleset="tactical")
    for unit, side, label in [
        (RIFLES, "Red", ATTACKER_HEX),
        (LEADER, "Red", ATTACKER_HEX),
        (GUARDS, "Blue", TARGET_HEX),
    ]:
        state.execute(AddCounter(Counter(state.new_uid(), unit, side), state.hexmap.hex_at(label)))
    return state
