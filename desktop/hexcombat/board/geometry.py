"""Shapes of the board for drawing and hit tests, made with shapely, handed out as plain points.

The board draws nothing itself and knows no Qt. It builds hex polygons, hexside segments, river
polylines and terrain areas in screen coordinates of a :class:`~hexcombat.board.layout.Layout`;
:func:`point_lists` is the one place where shapely geometry becomes plain ``(x, y)`` tuples, which
the Qt view turns into its own polygons and paths.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING

from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import Hexside
from hexcombat.board.layout import Layout, Point
from hexcombat.board.mapfile import HexMap, River

if TYPE_CHECKING:  # shapely (and numpy under it) is imported where a shape is first made: the
    # program shows its window without them, and merges a big map's rivers on another thread
    from shapely.geometry import LineString, Polygon
    from shapely.geometry.base import BaseGeometry


def hex_polygon(layout: Layout, h: Hex) -> Polygon:
    """The outline of one hex."""
    from shapely.geometry import Polygon

    return Polygon(layout.corners(h))


def hex_polygons(layout: Layout, hexes: Iterable[Hex]) -> list[Polygon]:
    """Outlines of many hexes at once (one vectorised shapely call)."""
    import shapely

    rings = [layout.corners(h) for h in hexes]
    if not rings:
        return []
    return list(shapely.polygons(rings))


def hexside_segment(layout: Layout, side: Hexside) -> LineString:
    """The straight line a hexside runs along."""
    from shapely.geometry import LineString

    return LineString(layout.hexside_endpoints(side))


def merged_lines(layout: Layout, sides: Iterable[Hexside]) -> BaseGeometry:
    """Hexside segments merged into as few polylines as they allow (a ``LineString`` when they
    form one unbroken line, otherwise a ``MultiLineString``; empty when there are none).

    Corners are computed exactly (see :mod:`~hexcombat.board.layout`), so segments that meet
    at a corner share the very same point and merge.
    """
    from shapely.geometry import MultiLineString
    from shapely.ops import linemerge

    segments = [layout.hexside_endpoints(side) for side in sides]
    if not segments:
        return MultiLineString()
    return linemerge(MultiLineString(segments))


def river_lines(layout: Layout, river: River) -> BaseGeometry:
    """One river of a map as polylines (one ``LineString`` for a river drawn without gaps)."""
    return merged_lines(layout, river.hexsides)


def feature_lines(layout: Layout, hexmap: HexMap) -> dict[str, BaseGeometry]:
    """Every hexside feature of a map as merged polylines, one geometry per feature, so a
    view strokes all minor rivers with one pen and all major rivers with another."""
    by_feature: dict[str, list[Hexside]] = defaultdict(list)
    for side, features in hexmap.hexside_features.items():
        for feature in features:
            by_feature[feature].append(side)
    return {feature: merged_lines(layout, sides) for feature, sides in sorted(by_feature.items())}


def terrain_areas(layout: Layout, hexmap: HexMap) -> dict[str, BaseGeometry]:
    """The hexes of each terrain type merged into areas, so the static board is a handful of
    filled shapes instead of one shape per hex."""
    by_terrain: dict[str, list[Hex]] = defaultdict(list)
    for h, kind in hexmap.terrain.items():
        by_terrain[kind].append(h)
    return {kind: _union(hex_polygons(layout, hexes)) for kind, hexes in sorted(by_terrain.items())}


def map_outline(layout: Layout, hexmap: HexMap) -> BaseGeometry:
    """The outline of the whole map (its ragged hex edge)."""
    return _union(hex_polygons(layout, hexmap.terrain))


def _union(polygons: list[Polygon]) -> BaseGeometry:
    import shapely

    # Hexes tile the plane edge to edge; the coverage union exploits that and is much faster.
    coverage_union_all = getattr(shapely, "coverage_union_all", None)
    if coverage_union_all is not None:
        return coverage_union_all(polygons)
    return shapely.union_all(polygons)


def map_bounds(layout: Layout, hexmap: HexMap) -> tuple[float, float, float, float]:
    """``(min x, min y, max x, max y)`` of the map, for the scene rectangle."""
    xs: list[float] = []
    ys: list[float] = []
    for h in _edge_hexes(hexmap):
        for x, y in layout.corners(h):
            xs.append(x)
            ys.append(y)
    return min(xs), min(ys), max(xs), max(ys)


def _edge_hexes(hexmap: HexMap) -> list[Hex]:
    scheme, columns, rows = hexmap.scheme, hexmap.columns, hexmap.rows
    border = {(c, r) for c in range(columns) for r in (0, rows - 1)}
    border |= {(c, r) for r in range(rows) for c in (0, columns - 1)}
    return [scheme.hex_of(c, r) for c, r in border]


def hex_at_point(layout: Layout, hexmap: HexMap, x: float, y: float) -> Hex | None:
    """The map hex under the screen point ``(x, y)``, or ``None`` off the map."""
    h = layout.pixel_to_hex(x, y)
    return h if h in hexmap.terrain else None


def point_lists(geometry: BaseGeometry) -> list[list[Point]]:
    """Shapely geometry as plain lists of ``(x, y)`` points, ready for any drawing toolkit.

    A polygon gives its outer ring then its holes (rings are closed: the last point repeats the
    first; fill them with the odd-even rule); a line gives its points; a point gives one list of
    one point; multi-part geometries and collections give the lists of all their parts in order;
    empty geometry gives an empty list.
    """
    if geometry.is_empty:
        return []
    kind = geometry.geom_type
    if kind == "Polygon":
        rings = [geometry.exterior, *geometry.interiors]
        return [[(float(x), float(y)) for x, y, *_ in ring.coords] for ring in rings]
    if kind in ("LineString", "LinearRing", "Point"):
        return [[(float(x), float(y)) for x, y, *_ in geometry.coords]]
    if hasattr(geometry, "geoms"):
        out: list[list[Point]] = []
        for part in geometry.geoms:
            out.extend(point_lists(part))
        return out
    raise TypeError(f"cannot turn {kind} into point lists")
