"""A map whose shape follows the printed board: places of the frame with no hex (a space in the
terrain rows), as on a board whose alternate columns are one hex longer."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcombat.board.graph import BoardGraph
from hexcombat.board.hexes import Hex
from hexcombat.board.mapfile import check_map_source, load_map, map_from_source
from hexcombat.board.mapwrite import map_to_toml, save_map
from hexcombat.sourcefile import SourceError, TomlSource

# 5 columns x 4 rows, flat, odd: columns 02 and 04 sit half a hex lower, so on the printed board
# they are one hex shorter (no 0204, no 0404); 0501 is cut off the corner too.
SHORT_COLUMNS = """\
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
w = "woods"

[terrain]
rows = [
  "cccc ",
  "cwccc",
  "ccccc",
  "c c c",
]
"""


def load(tmp_path: Path, text: str = SHORT_COLUMNS):  # noqa: ANN201
    path = tmp_path / "board.toml"
    path.write_text(text, encoding="utf-8")
    return load_map(path)


def test_a_space_in_the_terrain_rows_is_a_place_with_no_hex(tmp_path: Path) -> None:
    hexmap = load(tmp_path)
    assert len(hexmap) == 5 * 4 - 3
    for label in ("0204", "0404", "0501"):
        h = hexmap.scheme.parse_label(label)
        assert h not in hexmap
        assert hexmap.in_frame(h)
        with pytest.raises(ValueError, match="no hex there"):
            hexmap.hex_at(label)
    assert [hexmap.label(h) for h in hexmap.missing()] == ["0501", "0204", "0404"]
    assert hexmap.terrain[hexmap.hex_at("0202")] == "woods"
    assert hexmap.hex_at("0304") in hexmap  # the longer column keeps its last hex


def test_a_place_with_no_hex_named_in_the_file_is_refused_at_its_line(tmp_path: Path) -> None:
    text = SHORT_COLUMNS + '\n[[places]]\nhex = "0204"\nname = "Nowhere"\n'
    text += '\n[[hexsides]]\nfeature = "wall"\nhexsides = ["0203/0204"]\n'
    with pytest.raises(SourceError) as caught:
        load(tmp_path, text)
    messages = [str(p) for p in caught.value.problems]
    assert len(messages) == 2
    assert ":24:" in messages[0] and "'0204' is not on the map" in messages[0]
    assert ":29:" in messages[1] and "'0204' is not on the map" in messages[1]


def test_elevation_rows_keep_the_spaces_of_the_terrain_rows(tmp_path: Path) -> None:
    good = SHORT_COLUMNS + '\n[elevation]\nrows = ["0000 ", "01000", "00000", "0 0 2"]\n'
    hexmap = load(tmp_path, good)
    assert hexmap.elevation == {hexmap.hex_at("0202"): 1, hexmap.hex_at("0504"): 2}
    wrong = SHORT_COLUMNS + '\n[elevation]\nrows = ["0000 ", "01 00", "00000", "0 0 2"]\n'
    problems = check_map_source(TomlSource.parse(wrong, tmp_path / "e.toml"))
    assert len(problems) == 1 and "column 3 (hex 0302)" in str(problems[0])


def test_a_map_of_spaces_only_is_refused(tmp_path: Path) -> None:
    text = SHORT_COLUMNS.replace('"cccc ",\n  "cwccc",\n  "ccccc",\n  "c c c",', '"     ",' * 4)
    problems = check_map_source(TomlSource.parse(text, tmp_path / "s.toml"))
    assert any("at least one hex" in str(p) for p in problems)


def test_a_missing_hex_has_no_neighbours_and_takes_no_retreat(tmp_path: Path) -> None:
    hexmap = load(tmp_path)
    graph = BoardGraph(hexmap)
    h0304, h0204, h0404 = (hexmap.scheme.parse_label(t) for t in ("0304", "0204", "0404"))
    assert h0204 not in graph and h0404 not in graph
    assert {hexmap.label(n) for n in graph.neighbours(h0304)} == {"0203", "0303", "0403"}
    assert h0204 not in graph.graph and graph.graph.degree(h0304) == 3
    with pytest.raises(ValueError, match="not on the map"):
        graph.neighbours(h0204)
    # a stack in 0304 attacked from 0303 could retreat only into 0204 or 0404: not there
    assert graph.retreat_paths(h0304, 1, [hexmap.hex_at("0303")], []) == {}
    full = load(tmp_path, SHORT_COLUMNS.replace('"c c c",', '"ccccc",'))
    ends = BoardGraph(full).retreat_paths(h0304, 1, [full.hex_at("0303")], [])
    assert {full.label(h) for h in ends} == {"0204", "0404"}


def test_the_map_is_written_and_read_back_with_its_missing_hexes(tmp_path: Path) -> None:
    hexmap = load(tmp_path)
    hexmap.elevation[hexmap.hex_at("0101")] = 3
    text = map_to_toml(hexmap)
    assert '"cccc ",' in text and '"c c c",' in text and '"3000 ",' in text
    again = map_from_source(TomlSource.parse(text, tmp_path / "again.toml"))
    assert again.terrain == hexmap.terrain and again.elevation == hexmap.elevation
    save_map(hexmap, tmp_path / "saved.toml")
    assert load_map(tmp_path / "saved.toml").missing() == hexmap.missing()


def test_a_map_without_spaces_reads_as_before(tmp_path: Path) -> None:
    text = SHORT_COLUMNS.replace('"cccc ",', '"ccccc",').replace('"c c c",', '"ccccc",')
    hexmap = load(tmp_path, text)
    assert len(hexmap) == 20 and hexmap.missing() == []
    assert Hex(0, 0) in hexmap


def test_the_editor_model_takes_hexes_out_and_puts_them_back_exactly(tmp_path: Path) -> None:
    from hexcombat.board.mapedit import EditError, SetHexes, SetPlace, cut_hexes, restore_hexes

    hexmap = load(tmp_path)
    hexmap.elevation[hexmap.hex_at("0304")] = 2
    before = (dict(hexmap.terrain), dict(hexmap.elevation), dict(hexmap.legend))
    cut = cut_hexes(hexmap, [hexmap.hex_at("0304"), hexmap.hex_at("0103")])
    assert cut is not None
    cut.do(hexmap)
    assert hexmap.scheme.parse_label("0304") not in hexmap and not hexmap.elevation
    back = restore_hexes(hexmap, [hexmap.scheme.parse_label("0404")], "swamp")
    assert back is not None
    back.do(hexmap)
    assert hexmap.terrain[hexmap.hex_at("0404")] == "swamp" and "swamp" in hexmap.legend.values()
    back.undo(hexmap)
    cut.undo(hexmap)
    assert (hexmap.terrain, hexmap.elevation, hexmap.legend) == before
    # a hex with a place or a hexside feature keeps it: the edit is refused, nothing changes
    SetPlace(hexmap.hex_at("0202"), "Farm").do(hexmap)
    edit = cut_hexes(hexmap, [hexmap.hex_at("0202")])
    assert edit is not None
    with pytest.raises(EditError, match="'Farm'"):
        edit.do(hexmap)
    assert hexmap.hex_at("0202") in hexmap
    # nor may the last hex go, nor a place outside the frame come back
    hexmap.places.clear()
    with pytest.raises(EditError, match="at least one hex"):
        SetHexes(dict.fromkeys(hexmap.terrain)).do(hexmap)
    assert len(hexmap) == 17
    assert restore_hexes(hexmap, [Hex(-5, 0)], "clear") is None

