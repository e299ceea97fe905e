"""The follow-up test ruleset (:mod:`follow_up_ruleset`) played on a map: the Rifles (fire 4)
in 0404 next to the Guards (defence 2, two steps) and the Militia (defence 1, one step) in
0504, in the 14D2d tutorial's map. Fire 4 against defence 3 gives +1 (T1), so a fire die of 3
or more hits (T3); after the step is taken, each defender in play checks morale (F1) and the
attacker pins one of them (F3)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tiny_game import MAP

from hexcombat.board.mapfile import load_map
from hexcombat.game.commands import AddCounter
from hexcombat.game.state import Counter, GameState
from hexcombat.rules.registry import register_ruleset
from hexcombat.rules.units import unit_from_mapping

RULESET = "tiny-follow-ups"
RIFLES = unit_from_mapping({"name": "Rifles", "re": 1, "attack": 4, "steps": 2}, "rifles")
GUARDS = unit_from_mapping({"name": "Guards", "re": 1, "defence": 2, "steps": 2}, "guards")
MILITIA = unit_from_mapping({"name": "Militia", "re": 1, "defence": 1, "steps": 1}, "militia")
ATTACKER_HEX, TARGET_HEX = "0404", "0504"


@contextmanager
def follow_up_rules() -> Iterator[None]:
    """The follow-up ruleset known as ``tiny-follow-ups`` while the block runs."""
    with register_ruleset(RULESET, "follow_up_ruleset"):
        yield


def follow_up_game() -> GameState:
    """The Rifles in 0404; the Guards on top of the Militia in 0504."""
    state = GameState(load_map(MAP), ruleset=RULESET)
    for unit, side, label in [
        (RIFLES, "Red", ATTACKER_HEX),
        (MILITIA, "Blue", TARGET_HEX),
        (GUARDS, "Blue", TARGET_HEX),
    ]:
        state.execute(AddCounter(Counter(state.new_uid(), unit, side), state.hexmap.hex_at(label)))
    return state


def uid_of(state: GameState, name: str) -> str:
    """The counter of the unit called ``name``."""
    return next(uid for uid, c in state.counters.items() if c.unit.name == name)
