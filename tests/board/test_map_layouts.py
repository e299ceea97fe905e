"""Map files in the layouts the tutorial maps do not use: pointy-top (odd and even rows shoved)
and flat-top with even columns shoved. Each loads with its terrain on the printed labels, its
neighbours as the printed map shows them, and every hex found again under its own pixels.

The expected answers are read off the diagrams at the top of each file in ``tests/board/data``
(worked out by hand from which rows or columns sit half a hex over), not from the code.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from hexcombat.board.geometry import hex_at_point, map_bounds
from hexcombat.board.graph import BoardGraph
from hexcombat.board.hexside import Hexside
from hexcombat.board.layout import Layout
from hexcombat.board.mapfile import HexMap, check_map_source, load_map
from hexcombat.sourcefile import TomlSource

DATA = Path(__file__).resolve().parent / "data"
ROOT3 = math.sqrt(3)


def board(name: str) -> BoardGraph:
    return BoardGraph(load_map(DATA / f"{name}.toml"))


def neighbour_labels(g: BoardGraph, label: str) -> set[str]:
    return {g.map.label(h) for h in g.neighbours(g.map.hex_at(label))}


def layout_of(hexmap: HexMap) -> Layout:
    """Hexes of size 10 with the top-left hex centred on the origin, as the view places them."""
    return Layout(hexmap.orientation, 10.0, (0.0, 0.0))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["pointy-odd", "pointy-even", "flat-even"])
def test_the_map_file_is_sound(name: str) -> None:
    assert check_map_source(TomlSource.load(DATA / f"{name}.toml")) == []
    hexmap = load_map(DATA / f"{name}.toml")
    assert len(hexmap) == 20
    assert len({hexmap.label(h) for h in hexmap}) == 20


# pointy-top, odd rows shoved right ------------------------------------------------------------


def test_pointy_odd_terrain_labels_and_places() -> None:
    g = board("pointy-odd")
    at = g.map.hex_at
    assert (g.map.orientation, g.map.scheme.parity) == ("pointy", "odd")
    assert g.map.extent() == "0101 to 0504"
    assert {k: g.terrain(at(k)) for k in ["0201", "0302", "0103", "0404", "0504", "0303"]} == {
        "0201": "woods",
        "0302": "forest",
        "0103": "rough",
        "0404": "sea",
        "0504": "sea",
        "0303": "clear",
    }
    assert g.map.places == {at("0302"): "Forest hill"}
    assert g.features(at("0202"), at("0203")) == {"minor-river"}
    assert g.features(at("0304"), at("0303")) == {"minor-river"}
    assert g.features(at("0303"), at("0203")) == frozenset()


def test_pointy_odd_neighbours() -> None:
    g = board("pointy-odd")
    # 0303 in an unshoved row: the shoved rows 02 and 04 touch it with columns 02 and 03.
    assert neighbour_labels(g, "0303") == {"0203", "0403", "0202", "0302", "0204", "0304"}
    # 0302 in a shoved row: rows 01 and 03 touch it with columns 03 and 04.
    assert neighbour_labels(g, "0302") == {"0202", "0402", "0301", "0401", "0303", "0403"}
    assert neighbour_labels(g, "0101") == {"0201", "0102"}
    assert neighbour_labels(g, "0502") == {"0402", "0501", "0503"}
    assert neighbour_labels(g, "0104") == {"0204", "0103", "0203"}


def test_pointy_odd_pixels() -> None:
    hexmap = load_map(DATA / "pointy-odd.toml")
    layout = layout_of(hexmap)
    # Pointy hexes: 10 sqrt 3 wide, rows 15 apart; row 02 sits half a hex (5 sqrt 3) right.
    assert layout.hex_to_pixel(hexmap.hex_at("0101")) == pytest.approx((0.0, 0.0))
    assert layout.hex_to_pixel(hexmap.hex_at("0201")) == pytest.approx((10 * ROOT3, 0.0))
    assert layout.hex_to_pixel(hexmap.hex_at("0102")) == pytest.approx((5 * ROOT3, 15.0))
    assert layout.hex_to_pixel(hexmap.hex_at("0303")) == pytest.approx((20 * ROOT3, 30.0))
    # Left edge: 0101's side at -5 sqrt 3; right edge: 0502 (shoved) at 45 sqrt 3 + 5 sqrt 3.
    # Top: 0101's upper corner at -10; bottom: row 04's centres at 45, lower corners at 55.
    assert map_bounds(layout, hexmap) == pytest.approx((-5 * ROOT3, -10.0, 50 * ROOT3, 55.0))


# pointy-top, even rows shoved right (so rows 2 and 4 lie half a hex left of 1 and 3) -------


def test_pointy_even_terrain_labels_and_places() -> None:
    g = board("pointy-even")
    at = g.map.hex_at
    assert (g.map.orientation, g.map.scheme.parity) == ("pointy", "even")
    assert g.map.extent() == "1.1 to 5.4"
    assert {k: g.terrain(at(k)) for k in ["5.1", "2.2", "1.4", "3.3"]} == {
        "5.1": "mountain",
        "2.2": "city",
        "1.4": "mountain",
        "3.3": "clear",
    }
    assert g.map.places == {at("2.2"): "Novgorod"}
    assert g.features(at("3.4"), at("3.3")) == {"major-river"}
    assert g.features(at("4.4"), at("3.3")) == {"major-river"}
    assert g.features(at("2.3"), at("3.3")) == frozenset()


def test_pointy_even_neighbours() -> None:
    g = board("pointy-even")
    # 3.3 in a shoved row: rows 2 and 4 touch it with columns 3 and 4.
    assert neighbour_labels(g, "3.3") == {"2.3", "4.3", "3.2", "4.2", "3.4", "4.4"}
    # 3.2 in an unshoved row: rows 1 and 3 touch it with columns 2 and 3.
    assert neighbour_labels(g, "3.2") == {"2.2", "4.2", "2.1", "3.1", "2.3", "3.3"}
    assert neighbour_labels(g, "1.1") == {"2.1", "1.2", "2.2"}
    assert neighbour_labels(g, "1.2") == {"2.2", "1.1", "1.3"}
    assert neighbour_labels(g, "5.2") == {"4.2", "4.1", "5.1", "4.3", "5.3"}


def test_pointy_even_pixels() -> None:
    hexmap = load_map(DATA / "pointy-even.toml")
    layout = layout_of(hexmap)
    assert layout.hex_to_pixel(hexmap.hex_at("1.1")) == pytest.approx((0.0, 0.0))
    assert layout.hex_to_pixel(hexmap.hex_at("1.2")) == pytest.approx((-5 * ROOT3, 15.0))
    assert layout.hex_to_pixel(hexmap.hex_at("1.3")) == pytest.approx((0.0, 30.0))
    # Left edge: 1.2's side at -10 sqrt 3; right edge: 5.1 at 40 sqrt 3, its side 5 sqrt 3 on.
    assert map_bounds(layout, hexmap) == pytest.approx((-10 * ROOT3, -10.0, 45 * ROOT3, 55.0))


# flat-top, even columns shoved (columns 02 and 04 sit half a hex higher) ----------------------


def test_flat_even_terrain_labels_and_river() -> None:
    g = board("flat-even")
    at = g.map.hex_at
    assert (g.map.orientation, g.map.scheme.parity) == ("flat", "even")
    assert {k: g.terrain(at(k)) for k in ["0201", "0502", "0303", "0101"]} == {
        "0201": "woods",
        "0502": "swamp",
        "0303": "woods",
        "0101": "clear",
    }
    course = [("0203", "0303"), ("0303", "0204"), ("0304", "0204")]
    (river,) = g.map.rivers
    assert (river.name, river.feature) == ("Test brook", "minor-river")
    assert river.hexsides == tuple(Hexside(at(a), at(b)) for a, b in course)
    for a, b in course:
        assert g.features(at(a), at(b)) == {"minor-river"}
    assert g.features(at("0203"), at("0204")) == frozenset()


def test_flat_even_neighbours() -> None:
    g = board("flat-even")
    # 0303 in an unshoved column: columns 02 and 04 touch it with rows 03 and 04.
    assert neighbour_labels(g, "0303") == {"0302", "0304", "0203", "0204", "0403", "0404"}
    # 0202 in a column half a hex higher: columns 01 and 03 touch it with rows 01 and 02.
    assert neighbour_labels(g, "0202") == {"0201", "0203", "0101", "0102", "0301", "0302"}
    assert neighbour_labels(g, "0101") == {"0201", "0202", "0102"}
    assert neighbour_labels(g, "0501") == {"0401", "0402", "0502"}
    assert neighbour_labels(g, "0204") == {"0304", "0303", "0203", "0103", "0104"}


def test_flat_even_pixels() -> None:
    hexmap = load_map(DATA / "flat-even.toml")
    layout = layout_of(hexmap)
    # Flat hexes: columns 15 apart, 10 sqrt 3 high; column 02 half a hex (5 sqrt 3) higher.
    assert layout.hex_to_pixel(hexmap.hex_at("0201")) == pytest.approx((15.0, -5 * ROOT3))
    assert layout.hex_to_pixel(hexmap.hex_at("0301")) == pytest.approx((30.0, 0.0))
    assert layout.hex_to_pixel(hexmap.hex_at("0102")) == pytest.approx((0.0, 10 * ROOT3))
    # Top: 0201's upper side at -10 sqrt 3; bottom: 0104's lower side at 35 sqrt 3.
    assert map_bounds(layout, hexmap) == pytest.approx((-10.0, -10 * ROOT3, 70.0, 35 * ROOT3))


# every layout: label -> hex -> pixel -> hex -> label -----------------------------------------


@pytest.mark.parametrize("name", ["pointy-odd", "pointy-even", "flat-even"])
def test_every_hex_round_trips_through_its_label_and_pixels(name: str) -> None:
    hexmap = load_map(DATA / f"{name}.toml")
    layout = layout_of(hexmap)
    for h in hexmap:
        label = hexmap.label(h)
        assert hexmap.hex_at(label) == h
        x, y = layout.hex_to_pixel(h)
        assert layout.pixel_to_hex(x, y) == h
        assert hex_at_point(layout, hexmap, x, y) == h
        # Just inside each corner is still this hex, on the screen and by the hit test.
        for cx, cy in layout.corners(h):
            px, py = x + 0.95 * (cx - x), y + 0.95 * (cy - y)
            assert layout.pixel_to_hex(px, py) == h
            assert hexmap.label(hex_at_point(layout, hexmap, px, py)) == label  # type: ignore[arg-type]
    assert hex_at_point(layout, hexmap, -500.0, -500.0) is None
