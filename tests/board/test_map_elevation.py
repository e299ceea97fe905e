"""A tactical map's elevation: optional ``[elevation]`` rows, one digit a hex, each mistake
named at its line."""

from __future__ import annotations

from hexcombat.board.mapfile import check_map_source, map_from_source
from hexcombat.sourcefile import TomlSource
from meaning import each_says

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
    assert each_says(
        problems(text), dict(at=("hill.toml", 19), figures=["2", "0", "9"], names=["'-'", "'x'"])
    )


def test_elevation_rows_of_the_wrong_shape_are_named() -> None:
    text = BASE + '[elevation]\nrows = [\n  "0123",\n]\n'
    assert each_says(
        problems(text),
        dict(at=("hill.toml", 17), figures=["1", "2"], names=["layout.rows"]),
        dict(at=("hill.toml", 18), figures=["1", "4", "3"], names=["layout.columns"]),
    )


def test_elevation_must_be_rows_of_strings() -> None:
    assert each_says(
        problems(BASE + "[elevation]\nrows = [1, 2]\n"),
        dict(at=("hill.toml", 17), figures=["1"], names=["elevation.rows"]),
        dict(at=("hill.toml", 17), figures=["2"], names=["elevation.rows"]),
    )
    assert each_says(
        problems(BASE + "[elevation]\nlevels = 3\n"),
        dict(at=("hill.toml", 16), names=["elevation.rows", "missing"]),
        dict(at=("hill.toml", 17), names=["'levels'", "unknown"]),
    )
