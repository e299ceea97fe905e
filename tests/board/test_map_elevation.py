"""A tactical map's elevation: optional ``[elevation]`` rows, one digit a hex, each mistake
named at its line."""

from __future__ import annotations

from hexcombat.board.mapfile import check_map_source, map_from_source
from hexcombat.sourcefile import TomlSource

BASE = """\
name = "Hill"

[layout]
orientation = "flat"
offset = "odd"
label = "{col:02d}{row:02d}"
first = "0101"
columns = 3
rows = 2

[legend]
c = "clear"

[terrain]
rows = ["ccc", "ccc"]
"""


def problems(text: str) -> list[str]:
    return [str(p) for p in check_map_source(TomlSource.parse(text, "hill.toml"))]


def test_a_map_without_elevation_is_all_at_level_0() -> None:
    assert map_from_source(TomlSource.parse(BASE, "hill.toml")).elevation == {}


def test_elevation_rows_give_each_hex_its_level() -> None:
    hexmap = map_from_source(TomlSource.parse(BASE + '[elevation]\nrows = ["012", "900"]\n'))
    assert {hexmap.label(h): level for h, level in hexmap.elevation.items()} == {
        "0201": 1,
        "0301": 2,
        "0102": 9,
    }


def test_a_letter_in_an_elevation_row_is_named_at_its_line() -> None:
    text = BASE + '[elevation]\nrows = [\n  "012",\n  "0x-",\n]\n'
    assert problems(text) == [
        "hill.toml:19: elevation row 2 holds '-', 'x'; each hex's level is one digit, 0 to 9"
    ]


def test_elevation_rows_of_the_wrong_shape_are_named() -> None:
    text = BASE + '[elevation]\nrows = [\n  "0123",\n]\n'
    assert problems(text) == [
        "hill.toml:17: elevation has 1 rows; expected 2 (layout.rows)",
        "hill.toml:18: elevation row 1 has 4 hexes; expected 3 (layout.columns)",
    ]


def test_elevation_must_be_rows_of_strings() -> None:
    assert problems(BASE + "[elevation]\nrows = [1, 2]\n") == [
        "hill.toml:17: elevation.rows must hold strings in quotes, not 1",
        "hill.toml:17: elevation.rows must hold strings in quotes, not 2",
    ]
    assert problems(BASE + "[elevation]\nlevels = 3\n") == [
        "hill.toml:16: missing required key elevation.rows",
        "hill.toml:17: unknown key 'levels' in [elevation]; expected rows",
    ]
