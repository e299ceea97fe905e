"""How each terrain type looks: a fill colour for every zoom and a small printed-map symbol for
close zooms, recorded once as a ``QPicture`` per terrain and replayed at each hex centre."""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPicture, QPolygonF

TERRAIN_COLOURS: dict[str, str] = {
    "clear": "#e8e2c4",
    "woods": "#a9c98a",
    "forest": "#5f8f4e",
    "rough": "#c9b48a",
    "mountain": "#a68a6d",
    "swamp": "#9fc2b3",
    "city": "#d9c6a0",
    "major-city": "#d2b48c",
    "fortification": "#d8cdb0",
    "sea": "#7fb2d9",
}
"""Fill colours chosen to read like a printed Europa map and stay distinct from each other."""

BACKGROUND = QColor("#2b3038")
"""Behind the map: dark, so the map's ragged edge shows."""
GRID = QColor(90, 80, 60, 110)
MINOR_RIVER = QColor("#3f7fc0")
MAJOR_RIVER = QColor("#1f5fa8")
LABEL = QColor(60, 50, 35, 200)


@dataclass(frozen=True)
class HexsideStyle:
    """How a hexside feature is stroked along its hexsides, as a printed map keys it."""

    colour: str
    width: float
    """Pen width as a fraction of the hex size."""
    dashes: tuple[float, ...] = ()
    """Qt dash pattern (dash, gap, ...) in pen widths; empty for a solid line."""


HEXSIDE_STYLES: dict[str, HexsideStyle] = {
    "minor-river": HexsideStyle(MINOR_RIVER.name(), 0.09),
    "major-river": HexsideStyle(MAJOR_RIVER.name(), 0.2),
    "escarpment": HexsideStyle("#6b3a1a", 0.13, (0.6, 0.5)),  # a brown hachured edge
    "road": HexsideStyle("#b8312f", 0.06),  # red, as printed maps draw roads
}
"""The features the map format documents (the two standard rivers, and escarpment and road as
its examples of a map's own features), each in a style of its own."""


def hexside_style(feature: str) -> HexsideStyle:
    """The style of ``feature``; any other feature a map declares is a thin dash-dot line in a
    stable colour of its own name, so it never passes for a river, escarpment or road."""
    known = HEXSIDE_STYLES.get(feature)
    if known is not None:
        return known
    hue = zlib.crc32(feature.encode()) % 360
    return HexsideStyle(QColor.fromHsv(hue, 200, 150).name(), 0.07, (3.0, 1.5, 0.5, 1.5))


def hexside_pen(feature: str, size: float) -> QPen:
    """The pen that strokes ``feature`` on a map of hexes of ``size``."""
    style = hexside_style(feature)
    pen = QPen(QColor(style.colour), size * style.width)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap if style.dashes else Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    if style.dashes:
        pen.setDashPattern(list(style.dashes))
    return pen


def terrain_colour(kind: str) -> QColor:
    """The fill of ``kind``; a map's own extra terrain gets a stable colour from its name."""
    known = TERRAIN_COLOURS.get(kind)
    if known is not None:
        return QColor(known)
    hue = zlib.crc32(kind.encode()) % 360
    return QColor.fromHsv(hue, 70, 210)


def _trees(p: QPainter, s: float, colour: str, spots: list[tuple[float, float]], r: float) -> None:
    p.setPen(QPen(QColor(colour).darker(130), s * 0.02))
    p.setBrush(QColor(colour))
    for x, y in spots:
        p.drawEllipse(QPointF(x * s, y * s), r * s, r * s)


def _draw_symbol(p: QPainter, kind: str, s: float) -> None:
    if kind == "woods":
        _trees(p, s, "#5e8d44", [(-0.35, -0.2), (0.3, -0.3), (0.0, 0.25), (0.42, 0.3)], 0.13)
    elif kind == "forest":
        spots = [(-0.45, -0.1), (-0.15, -0.4), (0.2, -0.35), (0.45, 0.0), (0.15, 0.1),
                 (-0.2, 0.25), (0.3, 0.42), (-0.4, 0.45)]  # fmt: skip
        _trees(p, s, "#2f5e2a", spots, 0.15)
    elif kind == "rough":
        pen = QPen(QColor("#7d6640"), s * 0.045)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        for x, y in [(-0.4, -0.2), (0.1, -0.4), (0.35, 0.1), (-0.15, 0.3), (0.3, 0.45)]:
            p.drawLine(QPointF((x - 0.1) * s, y * s), QPointF((x + 0.1) * s, (y - 0.1) * s))
    elif kind == "mountain":
        p.setPen(QPen(QColor("#4d3a28"), s * 0.04))
        p.setBrush(QColor("#8a6d50"))
        for x, y, w in [(-0.25, 0.25, 0.35), (0.25, 0.3, 0.28)]:
            peak = QPolygonF(
                [QPointF((x - w) * s, y * s), QPointF(x * s, (y - w * 1.5) * s),
                 QPointF((x + w) * s, y * s)]
            )  # fmt: skip
            p.drawPolygon(peak)
    elif kind == "swamp":
        p.setPen(QPen(QColor("#3d6e5e"), s * 0.045))
        for y in (-0.3, 0.0, 0.3):
            p.drawLine(QPointF(-0.4 * s, y * s), QPointF(0.4 * s, y * s))
            for x in (-0.2, 0.1, 0.3):
                p.drawLine(QPointF(x * s, y * s), QPointF(x * s, (y - 0.12) * s))
    elif kind in ("city", "major-city"):
        p.setPen(QPen(QColor("#3a3a3a"), s * 0.03))
        p.setBrush(QColor("#6b6b6b"))
        blocks = [(-0.2, -0.2, 0.4, 0.4)]
        if kind == "major-city":
            blocks = [(-0.5, -0.35, 0.45, 0.35), (0.02, -0.3, 0.45, 0.3), (-0.4, 0.05, 0.38, 0.35),
                      (0.05, 0.05, 0.4, 0.38)]  # fmt: skip
        for x, y, w, h in blocks:
            p.drawRect(QRectF(x * s, y * s, w * s, h * s))
    elif kind == "fortification":
        p.setPen(QPen(QColor("#5a3a2a"), s * 0.06))
        p.setBrush(Qt.BrushStyle.NoBrush)
        teeth = QPainterPath()
        teeth.moveTo(-0.45 * s, 0.2 * s)
        for i in range(6):
            x = -0.45 + i * 0.15
            teeth.lineTo((x + 0.075) * s, -0.05 * s)
            teeth.lineTo((x + 0.15) * s, 0.2 * s)
        p.drawPath(teeth)
    elif kind == "sea":
        p.setPen(QPen(QColor("#4f8bbf"), s * 0.035))
        p.setBrush(Qt.BrushStyle.NoBrush)
        for y in (-0.25, 0.15):
            wave = QPainterPath(QPointF(-0.4 * s, y * s))
            wave.cubicTo(QPointF(-0.2 * s, (y - 0.12) * s), QPointF(0.0, (y + 0.12) * s),
                         QPointF(0.2 * s, y * s))  # fmt: skip
            wave.cubicTo(QPointF(0.3 * s, (y - 0.08) * s), QPointF(0.35 * s, (y - 0.05) * s),
                         QPointF(0.4 * s, y * s))  # fmt: skip
            p.drawPath(wave)


class TerrainSymbols:
    """Each terrain's symbol recorded once for hexes of size ``size``."""

    def __init__(self, size: float) -> None:
        self.size = size
        self._pictures: dict[str, QPicture | None] = {}

    def picture(self, kind: str) -> QPicture | None:
        """The recorded symbol of ``kind`` centred on (0, 0); None for terrain with none."""
        if kind not in self._pictures:
            picture = QPicture()
            painter = QPainter(picture)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            _draw_symbol(painter, kind, self.size)
            painter.end()
            self._pictures[kind] = None if picture.isNull() else picture
        return self._pictures[kind]


def brush(kind: str) -> QBrush:
    """A solid brush of the terrain's colour."""
    return QBrush(terrain_colour(kind))
