"""Writing maps: every map reads back equal from the text map_to_toml writes, and save_map
refuses (leaving the file alone) a map that would not load, every problem at its line."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import Hexside
from hexcombat.board.mapfile import HexMap, River, load_map, map_from_source
from hexcombat.board.mapwrite import map_to_toml, save_map, toml_string
from hexcombat.board.offset import OffsetScheme
from hexcombat.paths import maps_dir
from hexcombat.sourcefile import SourceError, TomlSource

DATA = Path(__file__).parent / "data"


def same(a: HexMap, b: HexMap) -> bool:
    """Equal maps, wherever each was read from."""
    return dataclasses.replace(a, source=None) == dataclasses.replace(b, source=None)


def reread(hexmap: HexMap) -> HexMap:
    return map_from_source(TomlSource.parse(map_to_toml(hexmap), "written.toml"))


MAPS = sorted(p for p in maps_dir().glob("*.toml") if "scenario" not in p.name)


@pytest.mark.parametrize("path", MAPS + sorted(DATA.glob("*.toml")), ids=lambda p: p.name)
def test_every_shipped_map_reads_back_equal(path: Path) -> None:
    hexmap = load_map(path)
    assert same(reread(hexmap), hexmap)


def test_rivers_stay_rivers_in_their_order_and_other_features_are_lists() -> None:
    hexmap = load_map(maps_dir() / "tutorial-10d-river.toml")
    text = map_to_toml(hexmap)
    assert text.count("[[rivers]]") == 1 and 'name = "Seim"' in text
    assert '"0103/0104", "0104/0203", "0203/0204"' in text
    assert "[[hexsides]]" not in text


def small_map() -> HexMap:
    scheme = OffsetScheme("pointy", "even", "{col}.{row}", "1.1")
    terrain = {scheme.hex_of(c, r): "clear" for c in range(4) for r in range(3)}
    return HexMap('Odd "names"\n\\ and all', scheme, 4, 3, terrain, legend={"c": "clear"})


def test_names_with_quotes_backslashes_and_newlines_read_back_as_written() -> None:
    hexmap = small_map()
    at = hexmap.scheme.hex_of
    hexmap.places[at(1, 1)] = 'Hill "112"\u2028\x7f'
    hexmap.terrain[at(0, 0)] = "glacier"  # a type of its own: [extra], and a letter for it
    hexmap.terrain_types = hexmap.terrain_types | {"glacier", 'ice "shelf"'}
    hexmap.feature_types = hexmap.feature_types | {"escarpment"}
    side = Hexside(at(2, 2), at(3, 2))
    hexmap.hexside_features[side] = frozenset({"escarpment"})
    back = reread(hexmap)
    assert back.places == hexmap.places and back.name == hexmap.name
    assert back.terrain == hexmap.terrain and back.features(*side.hexes) == {"escarpment"}
    assert back.terrain_types == hexmap.terrain_types
    assert back.legend["g"] == "glacier"


def test_elevation_is_written_only_when_a_hex_is_above_level_0() -> None:
    hexmap = small_map()
    assert "[elevation]" not in map_to_toml(hexmap)
    hexmap.elevation = {Hex(1, 0): 3, Hex(0, 2): 9}
    text = map_to_toml(hexmap)
    assert "[elevation]" in text
    assert reread(hexmap).elevation == {Hex(1, 0): 3, Hex(0, 2): 9}


def test_toml_string_escapes_what_toml_cannot_hold_raw() -> None:
    assert toml_string('a"b\\c\nd\x1b') == '"a\\"b\\\\c\\nd\\u001B"'


def test_save_map_writes_a_map_that_loads(tmp_path: Path) -> None:
    hexmap = small_map()
    river = River("Brook", "minor-river", (Hexside(Hex(0, 0), Hex(1, 0)),))
    hexmap.rivers = (river,)
    hexmap.hexside_features[river.hexsides[0]] = frozenset({"minor-river"})
    path = tmp_path / "map.toml"
    save_map(hexmap, path)
    assert same(load_map(path), hexmap)
    assert [p.name for p in tmp_path.iterdir()] == ["map.toml"]  # no temporary file left


def test_save_map_refuses_a_map_that_would_not_load_and_leaves_the_file(tmp_path: Path) -> None:
    path = tmp_path / "map.toml"
    path.write_text("kept", encoding="utf-8")
    hexmap = small_map()
    hexmap.name = "  "
    hexmap.places[Hex(1, 1)] = ""
    with pytest.raises(SourceError) as caught:
        save_map(hexmap, path)
    lines = map_to_toml(hexmap).splitlines()
    found = [(p.line, p.message) for p in caught.value.problems]
    assert [line for line, _ in found] == [1, lines.index('name = ""') + 1]
    assert "name is blank" in found[0][1] and "must name the place" in found[1][1]
    assert all(p.file == str(path) for p in caught.value.problems)
    assert path.read_text(encoding="utf-8") == "kept"


def test_a_map_saved_in_another_folder_still_names_its_image(tmp_path: Path) -> None:
    """Save As elsewhere: the [image] file is named relative to the new map file (it was
    written as before, and the save refused for a missing image)."""
    from test_map_image import png

    from hexcombat.board.mapimage import MapImage

    (tmp_path / "scans").mkdir()
    (tmp_path / "scans" / "board.png").write_bytes(png(400, 400))
    hexmap = load_map(DATA / "flat-even.toml")
    hexmap.image = MapImage("scans/board.png", (10.0, 10.0), 20.0, 18.0, tmp_path)
    target = tmp_path / "elsewhere" / "deeper" / "copy.toml"
    target.parent.mkdir(parents=True)
    save_map(hexmap, target)
    reopened = load_map(target)
    assert reopened.image is not None and reopened.image.file == "../../scans/board.png"
    assert reopened.image.path.resolve() == (tmp_path / "scans" / "board.png").resolve()
    assert hexmap.image.path.resolve() == reopened.image.path.resolve()  # saved again alike
