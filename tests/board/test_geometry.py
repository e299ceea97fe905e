"""Shapes for drawing and clicking: rivers as unbroken lines, areas that add up, exact hit tests."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from shapely.geometry import GeometryCollection, LineString, MultiLineString, Point, Polygon

from hexcombat.board.geometry import (
    feature_lines,
    hex_at_point,
    hex_polygon,
    hex_polygons,
    hexside_segment,
    map_bounds,
    map_outline,
    merged_lines,
    point_lists,
    river_lines,
    terrain_areas,
)
from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import Hexside
from hexcombat.board.layout import Layout
from hexcombat.board.mapfile import HexMap, load_map

REPO = Path(__file__).resolve().parents[2]
"""The repository root, for the shipped files under test."""

HEX_AREA = 3 * math.sqrt(3) / 2 * 10.0**2  # a hex of size 10
LAYOUT = Layout("flat", 10.0)


def tutorial(name: str) -> HexMap:
    return load_map(REPO / "maps" / f"{name}.toml")


def test_a_hex_polygon_is_a_regular_hexagon() -> None:
    poly = hex_polygon(LAYOUT, Hex(3, -1))
    assert poly.is_valid and len(poly.exterior.coords) == 7
    assert poly.area == pytest.approx(HEX_AREA)
    assert [p.area for p in hex_polygons(LAYOUT, [Hex(0, 0), Hex(1, 0)])] == pytest.approx(
        [HEX_AREA, HEX_AREA]
    )
    assert hex_polygons(LAYOUT, []) == []


def test_a_hexside_segment_is_the_edge_both_hexes_share() -> None:
    a, b = Hex(0, 0), Hex(1, 0)
    segment = hexside_segment(LAYOUT, Hexside(a, b))
    assert segment.length == pytest.approx(10.0)
    shared = hex_polygon(LAYOUT, a).intersection(hex_polygon(LAYOUT, b))
    assert shared.length == pytest.approx(10.0)
    assert shared.buffer(1e-9).contains(segment)


def test_a_river_merges_into_one_unbroken_line() -> None:
    hexmap = tutorial("tutorial-10d-river")
    (seim,) = hexmap.rivers
    line = river_lines(LAYOUT, seim)
    assert isinstance(line, LineString)
    assert line.length == pytest.approx(15 * 10.0)  # 15 hexsides of length 10
    first = set(LAYOUT.hexside_endpoints(seim.hexsides[0]))
    last = set(LAYOUT.hexside_endpoints(seim.hexsides[-1]))
    ends = {line.coords[0], line.coords[-1]}
    assert len(ends & first) == 1 and len(ends & last) == 1


def test_feature_lines_give_one_geometry_per_feature() -> None:
    lines = feature_lines(LAYOUT, tutorial("tutorial-14a3-lra"))
    assert list(lines) == ["major-river"]
    assert isinstance(lines["major-river"], LineString)
    assert lines["major-river"].length == pytest.approx(13 * 10.0)
    assert feature_lines(LAYOUT, tutorial("tutorial-14d2d")) == {}


def test_separate_hexsides_stay_separate_lines() -> None:
    far_apart = [Hexside(Hex(0, 0), Hex(1, 0)), Hexside(Hex(5, 5), Hex(5, 6))]
    merged = merged_lines(LAYOUT, far_apart)
    assert isinstance(merged, MultiLineString) and len(merged.geoms) == 2
    assert merged_lines(LAYOUT, []).is_empty


def test_terrain_areas_add_up_to_the_map() -> None:
    hexmap = tutorial("tutorial-14a3-lra")
    areas = terrain_areas(LAYOUT, hexmap)
    assert set(areas) == {"clear", "woods", "rough", "sea"}
    assert sum(a.area for a in areas.values()) == pytest.approx(len(hexmap) * HEX_AREA)
    # 3 + 4 + 5 sea hexes in the south-west corner form one body of water.
    assert isinstance(areas["sea"], Polygon)
    assert areas["sea"].area == pytest.approx(12 * HEX_AREA)
    outline = map_outline(LAYOUT, hexmap)
    assert isinstance(outline, Polygon) and not outline.interiors
    assert outline.area == pytest.approx(len(hexmap) * HEX_AREA)


def test_map_bounds_worked_out_by_hand() -> None:
    # 8 x 6 flat map, size 10, 0101 centred on the origin. Left: 0101's west corner at x -10;
    # right: column 08's centre at 7 * 15 = 105 plus 10. Top: 0101's top edge at -5 sqrt 3;
    # bottom: 0806, in a shoved column, centred 5.5 hex heights down (55 sqrt 3) plus 5 sqrt 3.
    x0, y0, x1, y1 = map_bounds(LAYOUT, tutorial("tutorial-14d2d"))
    assert (x0, x1) == pytest.approx((-10.0, 115.0))
    assert (y0, y1) == pytest.approx((-5 * math.sqrt(3), 60 * math.sqrt(3)))


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_hit_test_finds_the_hex_under_the_point(orientation: str) -> None:
    hexmap = tutorial("tutorial-14d2d")
    layout = Layout(orientation, 24.0, (30.0, 40.0))  # type: ignore[arg-type]
    for h in hexmap:
        x, y = layout.hex_to_pixel(h)
        assert hex_at_point(layout, hexmap, x, y) == h
        # just inside a corner still hits the same hex
        cx, cy = layout.corners(h)[2]
        assert hex_at_point(layout, hexmap, x + 0.95 * (cx - x), y + 0.95 * (cy - y)) == h
    assert hex_at_point(layout, hexmap, -500.0, -500.0) is None


def test_point_lists_of_a_polygon_with_a_hole() -> None:
    square = [(0, 0), (10, 0), (10, 10), (0, 10)]
    hole = [(4, 4), (6, 4), (6, 6), (4, 6)]
    rings = point_lists(Polygon(square, [hole]))
    assert rings == [
        [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0), (0.0, 0.0)],
        [(4.0, 4.0), (6.0, 4.0), (6.0, 6.0), (4.0, 6.0), (4.0, 4.0)],
    ]
    assert all(isinstance(x, float) for ring in rings for point in ring for x in point)


def test_point_lists_of_lines_points_collections_and_nothing() -> None:
    assert point_lists(LineString([(0, 0), (1, 2)])) == [[(0.0, 0.0), (1.0, 2.0)]]
    assert point_lists(MultiLineString([[(0, 0), (1, 0)], [(5, 5), (6, 5)]])) == [
        [(0.0, 0.0), (1.0, 0.0)],
        [(5.0, 5.0), (6.0, 5.0)],
    ]
    assert point_lists(Point(3, 4)) == [[(3.0, 4.0)]]
    mixed = GeometryCollection([Point(1, 1), LineString([(0, 0), (0, 1)])])
    assert point_lists(mixed) == [[(1.0, 1.0)], [(0.0, 0.0), (0.0, 1.0)]]
    assert point_lists(Polygon()) == []
