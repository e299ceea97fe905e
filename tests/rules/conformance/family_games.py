"""The test rulesets of other families (odds on 2d6, differential) played on a map: one row of
hexes, 0101 to 0801 (``c`` clear, ``w`` woods, ``t`` a city), so each hex touches only the ones
beside it and a retreat has one way to go. A game is laid out, saved and opened again (as a
player opens a saved game), then fought through the attack model as the Combat panel does."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hexcombat.board.hexes import Hex
from hexcombat.board.mapfile import map_from_source
from hexcombat.game.commands import AddCounter
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import Counter, GameState
from hexcombat.rules.registry import register_ruleset
from hexcombat.rules.units import Unit
from hexcombat.sourcefile import TomlSource

MODULES = {"odds-2d6": "odds2d6_ruleset", "differential": "differential_ruleset"}


@contextmanager
def known(ruleset_id: str) -> Iterator[None]:
    """The test ruleset ``ruleset_id`` known while the block runs."""
    with register_ruleset(ruleset_id, MODULES[ruleset_id]):
        yield


def row_map_text(row: str) -> str:
    """A one-row map of ``row``, a letter a hex."""
    return f"""
name = "a row of hexes"
[layout]
orientation = "flat"
offset = "odd"
label = "{{col:02d}}{{row:02d}}"
first = "0101"
columns = {len(row)}
rows = 1
[legend]
c = "clear"
w = "woods"
t = "city"
[terrain]
rows = ["{row}"]
"""


def saved_game(
    ruleset_id: str,
    row: str,
    placed: list[tuple[Unit, str, str]],
    folder: Path,
) -> Path:
    """A game under ``ruleset_id`` on the row ``row`` with each (unit, side, hex) of
    ``placed``, saved in ``folder``: the saved file."""
    text = row_map_text(row)
    state = GameState(map_from_source(TomlSource.parse(text, "row.toml")), ruleset=ruleset_id)
    state.map_text = text  # a save embeds it
    for unit, side, label in placed:
        state.execute(AddCounter(Counter(state.new_uid(), unit, side), state.hexmap.hex_at(label)))
    path = folder / f"{ruleset_id}.json"
    save_game(state, path)
    return path


def opened_game(
    ruleset_id: str,
    row: str,
    placed: list[tuple[Unit, str, str]],
    folder: Path,
) -> GameState:
    """The game of :func:`saved_game`, opened again."""
    return load_game(saved_game(ruleset_id, row, placed, folder))


def at(state: GameState, label: str) -> Hex:
    return state.hexmap.hex_at(label)


def uids_at(state: GameState, label: str) -> list[str]:
    """The counters in hex ``label``, by id."""
    return [c.uid for c in state.stack_at(at(state, label))]


def where(state: GameState, uid: str) -> str | None:
    """The hex counter ``uid`` stands in (None: off the map, eliminated)."""
    if uid not in state.counters:
        return None
    return state.hexmap.label(state.hex_of(uid))
