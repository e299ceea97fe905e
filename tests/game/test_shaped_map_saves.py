"""A game on a map whose shape follows the printed board (places with no hex) saves and reopens,
and a save that puts a counter where the board has no hex is refused by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcombat.board.mapfile import load_map
from hexcombat.sourcefile import SourceError

SHAPED = """\
name = "Alternate columns"

[layout]
orientation = "flat"
offset = "odd"
label = "{col:02d}{row:02d}"
first = "0101"
columns = 5
rows = 4

[legend]
c = "clear"

[terrain]
rows = ["cccc ", "ccccc", "ccccc", "c c c"]
"""


def load(tmp_path: Path):  # noqa: ANN201
    path = tmp_path / "board.toml"
    path.write_text(SHAPED, encoding="utf-8")
    return load_map(path)


def test_a_game_on_a_shaped_map_saves_and_reopens_and_names_a_counter_off_its_hexes(
    tmp_path: Path,
) -> None:
    from hexcombat.game.commands import AddCounter
    from hexcombat.game.saves import load_game, save_game
    from hexcombat.game.state import Counter, GameState
    from hexcombat.rules.units import unit_from_mapping

    hexmap = load(tmp_path)
    state = GameState(hexmap, ruleset="armour-ratio", seed=1)
    unit = unit_from_mapping({"name": "Rifle XX", "size": "XX", "attack": 4}, "t")
    state.execute(AddCounter(Counter("c1", unit, "Soviet"), hexmap.hex_at("0304")))
    path = tmp_path / "game.json"
    save_game(state, path)
    again = load_game(path)
    assert again.hexmap.missing() == hexmap.missing()
    assert again.hexmap.label(again.hex_of("c1")) == "0304"
    path.write_text(path.read_text().replace('"hex": "0304"', '"hex": "0404"'))
    with pytest.raises(SourceError) as caught:
        load_game(path)
    assert "'0404' is not on the map" in str(caught.value)
