"""Map files: a sound map loads; every mistake a map maker can make is named at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import Hexside
from hexcombat.board.mapfile import (
    TERRAIN_TYPES,
    check_map_source,
    find_map,
    is_map_source,
    load_map,
    map_from_source,
)
from hexcombat.sourcefile import SourceError, TomlSource
from meaning import each_says, says

# A sound 4 x 3 map; the line numbers below count from its first line.
BASE = """\
name = "Test"

[layout]
orientation = "flat"
offset = "odd"
label = "{col:02d}{row:02d}"
first = "0101"
columns = 4
rows = 3

[legend]
c = "clear"
w = "woods"

[terrain]
rows = [
  "cccc",
  "cwcc",
  "cccc",
]
"""
# Anything appended to BASE starts at line 21 (a blank line, then its table header at 22).


def write(tmp_path: Path, text: str, name: str = "bad.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    return [str(p) for p in check_map_source(TomlSource.load(path))]


def bad(tmp_path: Path) -> str:
    """The name ``one_problem`` writes its map under, as messages print it."""
    return str(tmp_path / "bad.toml")


def one_problem(tmp_path: Path, text: str) -> str:
    """The single problem of a map that has exactly one, as ``file:line: message``."""
    path = write(tmp_path, text)
    found = problems(path)
    assert len(found) == 1, found
    return found[0]


# sound maps --------------------------------------------------------------------------------


def test_the_base_map_loads_with_its_terrain(tmp_path: Path) -> None:
    hexmap = load_map(write(tmp_path, BASE, "good.toml"))
    assert hexmap.name == "Test"
    assert (hexmap.columns, hexmap.rows, len(hexmap)) == (4, 3, 12)
    assert hexmap.terrain[hexmap.hex_at("0202")] == "woods"
    assert sum(1 for kind in hexmap.terrain.values() if kind == "clear") == 11
    assert hexmap.extent() == "0101 to 0403"
    assert hexmap.source == tmp_path / "good.toml"


def test_labels_and_membership(tmp_path: Path) -> None:
    hexmap = load_map(write(tmp_path, BASE, "good.toml"))
    h = hexmap.hex_at("0302")
    assert hexmap.label(h) == "0302"
    assert h in hexmap and Hex(40, 40) not in hexmap
    with pytest.raises(ValueError, match=r"hex '0501' is off the map \(0101 to 0403\)"):
        hexmap.hex_at("0501")
    with pytest.raises(ValueError, match="is not a hex label"):
        hexmap.hex_at("x")


def test_rivers_hexsides_places_and_extra_types(tmp_path: Path) -> None:
    text = BASE.replace('w = "woods"', 'w = "woods"\ng = "glacier"').replace(
        '"cccc",\n]', '"cccg",\n]'
    )
    text += """
[extra]
terrain = ["glacier"]
features = ["escarpment"]

[[rivers]]
feature = "minor-river"
name = "Psel"
hexsides = ["0101/0102", "0102/0201", "0201/0202"]

[[hexsides]]
feature = "escarpment"
hexsides = ["0302/0303", "0201/0202"]

[[places]]
hex = "0202"
name = "Oboyan"
"""
    hexmap = load_map(write(tmp_path, text, "good.toml"))
    at = hexmap.hex_at
    assert hexmap.terrain[at("0403")] == "glacier"
    assert hexmap.features(at("0102"), at("0101")) == {"minor-river"}
    assert hexmap.features(at("0202"), at("0201")) == {"minor-river", "escarpment"}
    assert hexmap.features(at("0303"), at("0302")) == {"escarpment"}
    assert hexmap.features(at("0303"), at("0203")) == frozenset()
    (river,) = hexmap.rivers
    assert (river.name, river.feature) == ("Psel", "minor-river")
    assert river.hexsides == (
        Hexside(at("0101"), at("0102")),
        Hexside(at("0102"), at("0201")),
        Hexside(at("0201"), at("0202")),
    )
    assert hexmap.places == {at("0202"): "Oboyan"}


def test_standard_terrain_types() -> None:
    for kind in ("clear", "woods", "forest", "rough", "mountain", "swamp", "city"):
        assert kind in TERRAIN_TYPES
    for kind in ("major-city", "fortification", "sea"):
        assert kind in TERRAIN_TYPES


def test_a_map_is_recognised_by_its_tables() -> None:
    assert is_map_source(TomlSource.parse(BASE))
    assert not is_map_source(
        TomlSource.parse('ruleset = "total-war"\n[conditions]\nterrain = "woods"\n')
    )
    assert is_map_source(TomlSource.parse('name = "half a map"\n[legend]\nc = "clear"\n'))


def test_map_from_source_raises_every_problem_sorted_by_line(tmp_path: Path) -> None:
    text = BASE.replace('"cwcc"', '"cwxc"').replace('"cccc",\n]', '"ccc",\n]')
    text = text.replace('offset = "odd"', 'offset = "up"')
    with pytest.raises(SourceError) as caught:
        map_from_source(TomlSource.load(write(tmp_path, text)))
    lines = [p.line for p in caught.value.problems]
    assert lines == [5, 18, 19]


# located problems, one case each ---------------------------------------------------------------


def test_unknown_terrain_letter_names_letter_row_column_and_hex(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE.replace('"cwcc"', '"cwqc"'))
    assert says(
        found,
        at=(str(tmp_path / "bad.toml"), 18),
        figures=["2", "3", "0302"],
        names=["'q'", "unknown"],
    )


def test_repeated_unknown_letter_is_one_problem_listing_every_place(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE.replace('"cccc",\n]', '"xcxc",\n]'))
    assert says(
        found,
        at=(str(bad(tmp_path)), 19),
        figures=["3", "1", "3", "0103", "0303"],
        names=["'x'", "unknown"],
    )


def test_row_of_the_wrong_length_says_expected_and_found(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE.replace('"cwcc"', '"cwccc"'))
    assert says(
        found, at=(str(bad(tmp_path)), 18), figures=["2", "5", "4"], names=["layout.columns"]
    )


def test_wrong_number_of_rows(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE.replace('  "cwcc",\n', ""))
    assert says(found, at=(str(bad(tmp_path)), 16), figures=["2", "3"], names=["layout.rows"])


def test_hexside_between_hexes_that_are_not_adjacent(tmp_path: Path) -> None:
    text = BASE + (
        '\n[[hexsides]]\nfeature = "minor-river"\nhexsides = [\n  "0101/0102",\n  "0101/0103",\n]\n'
    )
    found = one_problem(tmp_path, text)
    assert says(
        found,
        at=(str(bad(tmp_path)), 26),
        figures=["0101/0103", "0101", "0103"],
        names=["'0101/0103'", "not adjacent"],
    )


def test_hexside_with_a_hex_off_the_map(tmp_path: Path) -> None:
    text = BASE + '\n[[hexsides]]\nfeature = "minor-river"\nhexsides = ["0401/0501"]\n'
    found = one_problem(tmp_path, text)
    assert says(
        found,
        at=(str(bad(tmp_path)), 24),
        figures=["0401/0501", "0501", "0101", "0403"],
        names=["'0401/0501'", "'0501'", "off the map"],
    )


def test_hexside_with_bad_label_syntax(tmp_path: Path) -> None:
    text = BASE + '\n[[hexsides]]\nfeature = "minor-river"\nhexsides = ["0101/A102"]\n'
    found = one_problem(tmp_path, text)
    assert says(
        found,
        at=(str(bad(tmp_path)), 24),
        figures=["0101", "0101"],
        names=["'0101/A102'", "'A102'", "'0101'", "'{col:02d}{row:02d}'", "not a hex label"],
    )


def test_hexside_with_both_halves_wrong_is_one_problem(tmp_path: Path) -> None:
    text = BASE + '\n[[hexsides]]\nfeature = "minor-river"\nhexsides = ["A101/A102"]\n'
    assert says(
        one_problem(tmp_path, text),
        at=(str(bad(tmp_path)), 24),
        figures=["0101"],
        names=["'A101/A102'", "'A101'", "'A102'", "'0101'", "'{col:02d}{row:02d}'"],
    )
    text = BASE + '\n[[rivers]]\nfeature = "minor-river"\nhexsides = ["0501/0601"]\n'
    assert says(
        one_problem(tmp_path, text),
        at=(str(bad(tmp_path)), 24),
        figures=["0501/0601", "0501", "0601", "0101", "0403"],
        names=["'0501/0601'", "'0501'", "'0601'", "off the map"],
    )


@pytest.mark.parametrize("written", ["/", "0101/", "/0102", " / "])
def test_hexside_with_an_empty_half_is_one_problem(tmp_path: Path, written: str) -> None:
    text = BASE + f'\n[[hexsides]]\nfeature = "minor-river"\nhexsides = ["{written}"]\n'
    assert says(
        one_problem(tmp_path, text),
        at=(bad(tmp_path), 24),
        names=[f"'{written}'", "two hexes", "'/'", "'0101/0102'"],
    )


def test_hexside_naming_one_hex_twice(tmp_path: Path) -> None:
    text = BASE + '\n[[hexsides]]\nfeature = "minor-river"\nhexsides = ["0202/0202"]\n'
    assert says(
        one_problem(tmp_path, text),
        at=(str(bad(tmp_path)), 24),
        figures=["0202/0202", "0202"],
        names=["'0202/0202'", "twice"],
    )


def test_hexside_not_written_as_two_labels(tmp_path: Path) -> None:
    text = BASE + '\n[[hexsides]]\nfeature = "minor-river"\nhexsides = ["0101-0102"]\n'
    found = one_problem(tmp_path, text)
    assert says(
        found,
        at=(str(bad(tmp_path)), 24),
        figures=["0101", "0102", "0101/0102"],
        names=["'0101-0102'", "'/'", "'0101/0102'", "e.g"],
    )


def test_hexside_listed_twice(tmp_path: Path) -> None:
    text = BASE + (
        '\n[[hexsides]]\nfeature = "minor-river"\nhexsides = [\n  "0101/0102",\n  "0102/0101",\n]\n'
    )
    found = one_problem(tmp_path, text)
    assert says(
        found,
        at=(str(bad(tmp_path)), 26),
        figures=["0102/0101", "25"],
        names=["'0102/0101'", "twice"],
    )


def test_unknown_hexside_feature(tmp_path: Path) -> None:
    text = BASE + '\n[[hexsides]]\nfeature = "creek"\nhexsides = ["0101/0102"]\n'
    found = one_problem(tmp_path, text)
    assert says(
        found,
        at=(str(bad(tmp_path)), 23),
        names=["'creek'", "major-river", "minor-river", "unknown"],
    )


def test_minor_and_major_river_on_one_hexside(tmp_path: Path) -> None:
    text = BASE + (
        '\n[[hexsides]]\nfeature = "minor-river"\nhexsides = ["0101/0102"]\n'
        '\n[[hexsides]]\nfeature = "major-river"\nhexsides = ["0102/0101"]\n'
    )
    found = one_problem(tmp_path, text)
    assert says(
        found,
        at=(str(bad(tmp_path)), 28),
        figures=["0102/0101", "24"],
        names=["'0102/0101'", "minor-river", "major-river"],
    )


def test_river_clash_is_reported_at_the_second_entry_whatever_its_table(tmp_path: Path) -> None:
    # The river comes first in the file, the [[hexsides]] list that clashes with it second.
    text = BASE + (
        '\n[[rivers]]\nfeature = "minor-river"\nhexsides = ["0101/0102"]\n'
        '\n[[hexsides]]\nfeature = "major-river"\nhexsides = ["0102/0101"]\n'
    )
    assert says(
        one_problem(tmp_path, text),
        at=(str(bad(tmp_path)), 28),
        figures=["0102/0101", "24"],
        names=["'0102/0101'", "minor-river", "major-river"],
    )
    # And the other way round: the [[hexsides]] list first, the river second.
    text = BASE + (
        '\n[[hexsides]]\nfeature = "major-river"\nhexsides = ["0102/0101"]\n'
        '\n[[rivers]]\nfeature = "minor-river"\nhexsides = ["0101/0102"]\n'
    )
    assert says(
        one_problem(tmp_path, text),
        at=(str(bad(tmp_path)), 28),
        figures=["0101/0102", "24"],
        names=["'0101/0102'", "major-river", "minor-river"],
    )


def test_river_hexsides_must_follow_on_from_each_other(tmp_path: Path) -> None:
    text = BASE + (
        '\n[[rivers]]\nfeature = "minor-river"\nname = "Psel"\nhexsides = [\n'
        '  "0101/0102",\n  "0301/0302",\n]\n'
    )
    found = one_problem(tmp_path, text)
    assert says(
        found,
        at=(str(bad(tmp_path)), 27),
        figures=["0301/0302", "0101/0102"],
        names=["'Psel'", "'0301/0302'", "'0101/0102'"],
    )


def test_river_may_not_turn_back_at_the_corner_it_came_in_by(tmp_path: Path) -> None:
    # 0101, 0102 and 0201 meet at one corner; all three sides around it would be a "Y".
    text = BASE + (
        '\n[[rivers]]\nfeature = "minor-river"\nhexsides = [\n'
        '  "0101/0102",\n  "0102/0201",\n  "0101/0201",\n]\n'
    )
    found = one_problem(tmp_path, text)
    assert says(
        found,
        at=(str(bad(tmp_path)), 27),
        figures=["1", "0101/0201", "0102/0201"],
        names=["'0101/0201'", "'0102/0201'"],
    )


def test_missing_required_key(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE.replace("columns = 4\n", ""))
    assert found == bad(tmp_path) + (":3: missing required key layout.columns")


def test_missing_layout_table(tmp_path: Path) -> None:
    text = BASE.replace(BASE[BASE.index("[layout]") : BASE.index("[legend]")], "")
    found = one_problem(tmp_path, text)
    assert found == bad(tmp_path) + (":1: missing required table [layout]")


def test_missing_name(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE.replace('name = "Test"\n', "\n"))
    assert found == bad(tmp_path) + (":1: missing required key name")


def test_missing_terrain_rows(tmp_path: Path) -> None:
    text = BASE[: BASE.index("rows = [")] + 'legend = "x"\n'
    found = problems(write(tmp_path, text))
    assert each_says(
        found,
        dict(at=(str(bad(tmp_path)), 15), names=["terrain.rows", "missing"]),
        dict(at=(str(bad(tmp_path)), 16), names=["'legend'", "unknown"]),
    )


def test_bad_orientation(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE.replace('"flat"', '"flat-top"'))
    assert says(
        found, at=(str(bad(tmp_path)), 4), names=["pointy", "flat-top", "layout.orientation"]
    )


def test_bad_parity(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE.replace('offset = "odd"', 'offset = "up"'))
    assert says(found, at=(str(bad(tmp_path)), 5), names=["odd", "even", "up", "layout.offset"])


def test_bad_label_format(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE.replace('"{col:02d}{row:02d}"', '"{col}{row}"'))
    assert says(found, at=(str(bad(tmp_path)), 6), names=["'{col}{row}'", "e.g", "zero-padded"])


def test_first_label_that_does_not_match_the_format(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE.replace('first = "0101"', 'first = "A1"'))
    assert says(found, at=(str(bad(tmp_path)), 7), names=["'A1'", "'{col:02d}{row:02d}'"])


def test_label_written_as_a_number(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE.replace('first = "0101"', "first = 101"))
    assert says(
        found,
        at=(str(bad(tmp_path)), 7),
        figures=["101"],
        names=["layout.first", "must be a string"],
    )


def test_columns_must_be_a_positive_whole_number(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE.replace("columns = 4", 'columns = "4"'))
    assert says(
        found,
        at=(str(bad(tmp_path)), 8),
        figures=["1", "4"],
        names=["layout.columns", "whole number"],
    )


def test_label_format_too_narrow_for_the_map(tmp_path: Path) -> None:
    text = BASE.replace("columns = 4", "columns = 120").replace('"cccc"', '"' + "c" * 120 + '"')
    text = text.replace('"cwcc"', '"cw' + "c" * 118 + '"')
    found = one_problem(tmp_path, text)
    assert says(
        found,
        at=(str(bad(tmp_path)), 6),
        figures=["120", "3", "0101", "120", "3"],
        names=["'{col:02d}{row:02d}'", "'0101'", "e.g"],
    )


def test_unknown_terrain_type_in_the_legend(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE.replace('w = "woods"', 'w = "wood"'))
    assert says(
        found,
        at=(str(bad(tmp_path)), 13),
        names=[
            "'wood'",
            "'w'",
            "major-city",
            "rural-building",
            "sunken-road",
            "urban-building",
            "unknown",
        ],
    )


def test_legend_keys_are_single_characters(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE.replace('c = "clear"', 'c = "clear"\ncl = "clear"'))
    assert says(found, at=(str(bad(tmp_path)), 13), names=["'cl'"])


def test_unknown_top_level_key(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE + '\n[[hexside]]\nfeature = "minor-river"\n')
    assert says(found, at=(str(bad(tmp_path)), 22), names=["'hexside'", "unknown"])


def test_place_off_the_map(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE + '\n[[places]]\nhex = "0904"\nname = "Kursk"\n')
    assert says(
        found,
        at=(str(bad(tmp_path)), 23),
        figures=["0904", "0101", "0403"],
        names=["'Kursk'", "'0904'", "off the map"],
    )


def test_place_label_written_as_a_number(tmp_path: Path) -> None:
    found = one_problem(tmp_path, BASE + '\n[[places]]\nhex = 202\nname = "Kursk"\n')
    assert says(
        found, at=(str(bad(tmp_path)), 23), figures=["0101", "202"], names=["'Kursk'", "'0101'"]
    )


def test_two_places_in_one_hex(tmp_path: Path) -> None:
    text = BASE + (
        '\n[[places]]\nhex = "0202"\nname = "Kursk"\n\n[[places]]\nhex = "0202"\nname = "Orel"\n'
    )
    found = one_problem(tmp_path, text)
    assert says(
        found, at=(str(bad(tmp_path)), 27), figures=["0202", "22"], names=["'0202'", "'Kursk'"]
    )


def test_duplicate_key_names_the_key_its_table_and_the_first_line(tmp_path: Path) -> None:
    with pytest.raises(SourceError) as caught:
        load_map(write(tmp_path, BASE.replace("rows = 3\n", "rows = 3\nrows = 4\n")))
    assert each_says(
        [str(p) for p in caught.value.problems],
        dict(at=(str(bad(tmp_path)), 10), figures=["9"], names=["'rows'", "twice"]),
    )


def test_duplicate_key_in_a_river_names_which_river(tmp_path: Path) -> None:
    text = BASE + (
        '\n[[rivers]]\nfeature = "minor-river"\nhexsides = ["0101/0102"]\n'
        '\n[[rivers]]\nfeature = "minor-river"\nname = "Psel"\nname = "Seim"\n'
    )
    with pytest.raises(SourceError) as caught:
        load_map(write(tmp_path, text))
    assert each_says(
        [str(p) for p in caught.value.problems],
        dict(at=(str(bad(tmp_path)), 29), figures=["2", "28"], names=["'name'", "twice"]),
    )


def test_problems_after_a_multi_line_description_keep_their_lines(tmp_path: Path) -> None:
    text = BASE.replace(
        'name = "Test"\n',
        'name = "Test"\ndescription = """\nA test map.\ncolumns = 9\n[legend]\n"""\n',
    )
    # Five lines more before [terrain]: the row with the unknown letter moves from 18 to 23.
    found = one_problem(tmp_path, text.replace('"cwcc"', '"cwqc"'))
    assert says(
        found, at=(str(bad(tmp_path)), 23), figures=["2", "3", "0302"], names=["'q'", "unknown"]
    )


def test_a_map_saved_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    path = tmp_path / "notepad.toml"
    path.write_bytes(b"\xef\xbb\xbf" + BASE.encode("utf-8"))
    hexmap = load_map(path)
    assert hexmap.name == "Test"
    assert hexmap.terrain[hexmap.hex_at("0202")] == "woods"


def test_missing_file_is_a_problem_not_a_traceback(tmp_path: Path) -> None:
    with pytest.raises(SourceError) as caught:
        load_map(tmp_path / "nowhere.toml")
    (problem,) = caught.value.problems
    assert problem.line == 1 and "cannot read the file" in problem.message


# finding shipped maps ------------------------------------------------------------------------


def test_find_map_resolves_a_bare_name_to_the_shipped_file() -> None:
    from hexcombat.paths import maps_dir

    assert find_map("tutorial-14d2d") == maps_dir() / "tutorial-14d2d.toml"


def test_find_map_takes_a_path_as_it_is(tmp_path: Path) -> None:
    path = write(tmp_path, BASE, "mine.toml")
    assert find_map(str(path)) == path
    assert find_map(path) == path


def test_find_map_names_the_shipped_maps_when_nothing_matches() -> None:
    with pytest.raises(FileNotFoundError, match="no map 'kursk-salient'.*tutorial-14d2d"):
        find_map("kursk-salient")


# empty values: a blank name names nothing ----------------------------------------------------

BLANKS = """\
name = ""
[layout]
orientation = "flat"
offset = "odd"
label = "{col:02d}{row:02d}"
first = "0101"
columns = 2
rows = 2
[extra]
terrain = [""]
features = [" "]
[legend]
c = ""
[terrain]
rows = ["cc","cc"]
[[hexsides]]
feature = " "
hexsides = ["0101/0102"]
[[rivers]]
feature = "minor-river"
hexsides = []
[[hexsides]]
feature = "minor-river"
hexsides = []
[[rivers]]
feature = "minor-river"
name = "  "
hexsides = ["0101/0102"]
[[places]]
hex = "0101"
name = ""
"""


def test_every_blank_name_and_empty_hexside_list_is_reported_at_its_line(tmp_path: Path) -> None:
    found = problems(write(tmp_path, BLANKS))
    where = bad(tmp_path)
    assert each_says(
        found,
        dict(at=(str(where), 1), names=["name", "blank"]),
        dict(at=(str(where), 10), names=["extra.terrain", "blank"]),
        dict(at=(str(where), 11), names=["extra.features", "blank"]),
        dict(at=(str(where), 13), names=["'c'", "blank"]),
        dict(at=(str(where), 17), names=["hexsides.feature", "blank"]),
        dict(at=(str(where), 21), figures=["1"], names=["no hexsides"]),
        dict(at=(str(where), 24), figures=["2"], names=["no hexsides"]),
        dict(at=(str(where), 27), names=["rivers.name", "blank"]),
        dict(at=(str(where), 31), names=["places.name", "blank"]),
    )


# a hexside listed twice across entries -------------------------------------------------------


def test_a_hexside_in_two_rivers_is_listed_twice_at_the_second(tmp_path: Path) -> None:
    text = BASE + (
        '\n[[rivers]]\nfeature = "minor-river"\nname = "A"\nhexsides = ["0101/0201"]\n'
        '\n[[rivers]]\nfeature = "minor-river"\nname = "B"\nhexsides = ["0201/0101"]\n'
    )
    assert says(
        one_problem(tmp_path, text),
        at=(str(bad(tmp_path)), 30),
        figures=["0201/0101", "25"],
        names=["'0201/0101'", "minor-river", "twice"],
    )


def test_a_river_hexside_also_in_a_hexsides_list_is_named_where_it_comes_second(
    tmp_path: Path,
) -> None:
    # The [[hexsides]] list comes second in the file, though the reader takes lists first.
    text = BASE + (
        '\n[[rivers]]\nfeature = "major-river"\nhexsides = ["0101/0201"]\n'
        '\n[[hexsides]]\nfeature = "major-river"\nhexsides = ["0101/0201"]\n'
    )
    assert says(
        one_problem(tmp_path, text),
        at=(str(bad(tmp_path)), 28),
        figures=["0101/0201", "24"],
        names=["'0101/0201'", "major-river", "twice"],
    )
    text = BASE + (
        '\n[[hexsides]]\nfeature = "major-river"\nhexsides = ["0101/0201"]\n'
        '\n[[rivers]]\nfeature = "major-river"\nhexsides = ["0101/0201"]\n'
    )
    assert says(
        one_problem(tmp_path, text),
        at=(str(bad(tmp_path)), 28),
        figures=["0101/0201", "24"],
        names=["'0101/0201'", "major-river", "twice"],
    )


def test_a_road_may_cross_a_river_hexside(tmp_path: Path) -> None:
    text = BASE + (
        '\n[extra]\nfeatures = ["road"]\n'
        '\n[[rivers]]\nfeature = "minor-river"\nhexsides = ["0101/0201"]\n'
        '\n[[hexsides]]\nfeature = "road"\nhexsides = ["0201/0101"]\n'
    )
    hexmap = load_map(write(tmp_path, text))
    assert hexmap.features(Hex(0, 0), Hex(1, 0)) == {"minor-river", "road"}


# a map with its tables written wrongly is still a map ----------------------------------------

WRONG_TYPES = """\
name = 5
layout = "flat"
legend = ["c"]
terrain = "ccc"
rivers = {feature="minor-river"}
places = 3
"""


def test_a_map_whose_tables_have_the_wrong_type_is_told_what_each_must_be(
    tmp_path: Path,
) -> None:
    from hexcombat.game.check import check_file

    path = write(tmp_path, WRONG_TYPES)
    assert is_map_source(TomlSource.load(path))
    where = bad(tmp_path)
    assert each_says(
        [str(p) for p in check_file(path)],
        dict(at=(str(where), 1), figures=["5"], names=["name", "must be a string"]),
        dict(at=(str(where), 2), names=["layout", "must be a table", '"flat"']),
        dict(at=(str(where), 3), names=["legend", "must be a table", "a list"]),
        dict(at=(str(where), 4), names=["terrain", "must be a table", '"ccc"']),
        dict(at=(str(where), 5), names=["rivers", "[[rivers]] tables"]),
        dict(at=(str(where), 6), names=["places", "[[places]] tables"]),
    )


# rows and places the numbering cannot place -------------------------------------------------


def test_a_row_beyond_the_map_is_reported_as_extra_not_as_hexes_off_the_map(
    tmp_path: Path,
) -> None:
    # A fourth row on a 3-row map, with a letter the legend lacks: the row is the mistake.
    text = BASE.replace('  "cccc",\n]', '  "cccc",\n  "cxcc",\n]')
    assert says(
        one_problem(tmp_path, text),
        at=(str(bad(tmp_path)), 20),
        figures=["4", "3"],
        names=["layout.rows"],
    )


def test_an_unknown_letter_past_the_row_end_names_no_hex_off_the_map(tmp_path: Path) -> None:
    found = problems(write(tmp_path, BASE.replace('"cwcc"', '"cwccx"')))
    assert each_says(
        found,
        dict(at=(str(bad(tmp_path)), 18), figures=["2", "5", "4"], names=["layout.columns"]),
        dict(at=(str(bad(tmp_path)), 18), figures=["2", "5"], names=["'x'", "unknown"]),
    )


def test_a_place_hex_of_the_wrong_type_is_reported_when_the_layout_is_bad_too(
    tmp_path: Path,
) -> None:
    text = BASE.replace('first = "0101"', "first = 101") + (
        '\n[[places]]\nhex = {a = 1}\nname = "Kursk"\n'
    )
    assert each_says(
        problems(write(tmp_path, text)),
        dict(
            at=(str(bad(tmp_path)), 7), figures=["101"], names=["layout.first", "must be a string"]
        ),
        dict(
            at=(str(bad(tmp_path)), 23), figures=["0101", "1"], names=["'Kursk'", "'0101'", "'a'"]
        ),
    )
