"""A small Last Hundred Yards game (lhy-assault) on a tactical map, for the panels' tests:
German squads, an MG and a leader in 0303 next to a US squad in the rural building 0403, on a
map with every kind of tactical terrain, elevation, a wall and a hedgerow."""

from __future__ import annotations

from pathlib import Path

from hexcombat.board.mapfile import load_map
from hexcombat.game.commands import AddCounter
from hexcombat.game.scenario import load_counter_library
from hexcombat.game.state import GameState

MAP = """
name = "Hedgerows"
[layout]
orientation = "flat"
offset = "odd"
label = "{col:02d}{row:02d}"
first = "0101"
columns = 6
rows = 5

[legend]
c = "clear"
w = "woods"
u = "urban-building"
r = "rural-building"
h = "hill"
s = "sunken-road"
m = "marsh"
t = "town"

[terrain]
rows = [
  "cwwcuu",
  "chcccu",
  "cccrcs",
  "mmcccs",
  "ccthcc",
]

[elevation]
rows = [
  "000000",
  "010000",
  "000000",
  "000000",
  "000100",
]

[[hexsides]]
feature = "wall"
hexsides = ["0303/0403"]

[[hexsides]]
feature = "hedgerow"
hexsides = ["0302/0303"]
"""

ATTACKERS = "0303"
TARGET = "0403"


def lhy_game(folder: Path) -> GameState:
    """Two German squads (c1 has lost a step), an MG and a leader in 0303; a US squad (c5) in
    the rural building 0403."""
    path = folder / "hedgerows.toml"
    path.write_text(MAP, encoding="utf-8")
    state = GameState(
        load_map(path), ruleset="lhy-assault", library=load_counter_library("lhy-assault")[0]
    )
    for counter_id, side, label in [
        ("lhy-ge-rifle-sqd", "German", ATTACKERS),
        ("lhy-ge-rifle-sqd", "German", ATTACKERS),
        ("lhy-ge-mg", "German", ATTACKERS),
        ("lhy-ge-leader", "German", ATTACKERS),
        ("lhy-us-rifle-sqd", "US", TARGET),
    ]:
        counter = state.counter_from_library(counter_id, side)
        state.execute(AddCounter(counter, state.hexmap.hex_at(label)))
    return state
