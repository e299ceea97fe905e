"""The one place board geometry (shapely shapes as plain point lists) becomes Qt polygons and
paths, so no other view module touches shapely or converts coordinates by hand."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from hexcombat.board.geometry import point_lists
from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import Hexside
from hexcombat.board.layout import Layout, Point


def polygon(points: Iterable[Point]) -> QPolygonF:
    """A Qt polygon through ``points``."""
    return QPolygonF([QPointF(x, y) for x, y in points])


def hex_prototype(layout: Layout) -> QPolygonF:
    """The outline of a hex centred on (0, 0): translate it to draw any hex without recomputing
    its corners (one C++ call per hex when painting thousands)."""
    origin = Hex(0, 0)
    cx, cy = layout.hex_to_pixel(origin)
    return polygon((x - cx, y - cy) for x, y in layout.corners(origin))


def hex_polygon(layout: Layout, h: Hex) -> QPolygonF:
    """The outline of one hex (highlights, hit areas of overlays)."""
    return polygon(layout.corners(h))


def marks_bounds(
    layout: Layout, hexes: Iterable[Hex], hexsides: Iterable[Hexside], margin: float
) -> QRectF:
    """The rectangle around the hexes and hexsides a map overlay marks, ``margin`` wider on
    every side for its outlines."""
    rect = QRectF()
    for h in hexes:
        rect = rect.united(hex_polygon(layout, h).boundingRect())
    for side in hexsides:
        rect = rect.united(polygon(layout.hexside_endpoints(side)).boundingRect())
    return rect.adjusted(-margin, -margin, margin, margin)


def line_path(lines: Sequence[Sequence[Point]]) -> QPainterPath:
    """Polylines (open) as one path, e.g. all rivers of one kind."""
    path = QPainterPath()
    for points in lines:
        if not points:
            continue
        path.moveTo(*points[0])
        for x, y in points[1:]:
            path.lineTo(x, y)
    return path


def geometry_lines(geometry: object) -> list[tuple[QPainterPath, QRectF]]:
    """Shapely lines as one path per polyline with its bounds, so a tile strokes only the
    polylines that cross it."""
    out = []
    for points in point_lists(geometry):  # type: ignore[arg-type]
        path = line_path([points])
        out.append((path, path.boundingRect()))
    return out


def geometry_path(geometry: object) -> QPainterPath:
    """Shapely polygons as a filled path (rings closed, holes by the odd-even rule)."""
    path = QPainterPath()
    for points in point_lists(geometry):  # type: ignore[arg-type]
        path.addPolygon(polygon(points))
        path.closeSubpath()
    return path


def exposed_on_device(painter: QPainter, option: QStyleOptionGraphicsItem) -> QRectF:
    """The part of an item's exposed rectangle that reaches the device: ``render()`` (a
    screenshot, an overview) may expose the whole item, and a large map must not then be
    drawn hex by hex outside the picture."""
    exposed = QRectF(option.exposedRect)
    inverse, invertible = painter.worldTransform().inverted()
    if invertible:
        device = inverse.mapRect(QRectF(painter.viewport()))
        if painter.hasClipping():
            device = device.intersected(painter.clipBoundingRect())
        exposed = exposed.intersected(device)
    return exposed
