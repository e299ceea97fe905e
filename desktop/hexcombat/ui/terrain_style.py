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
    # tactical maps
    "town": "#e6bb8f",
    "entrenchment": "#b9b88a",
    "hill": "#dcc488",
    "urban-building": "#a8a39b",
    "rural-building": "#e6d9aa",
    "sunken-road": "#c4a877",
    "marsh": "#b3cdb3",
    "jungle": "#3f7a3a",
    "river": "#9ccbe8",
}
"""Fill colours chosen to read like a printed Europa map (or, for the tactical terrain, a
tactical one) and stay distinct from each other."""

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
    dots: bool = False
    """Dashes drawn with round caps, so very short ones read as dots (a hedgerow's bushes)."""
    edge: str = ""
    """A darker line drawn under it, a little wider, so its dashes read as stones on a
    mortar line (a wall); empty: none."""
    looks: str = ""
    """How the legend describes it (``grey line of stones``); empty: a solid or broken line."""


WALL = HexsideStyle("#9a958c", 0.1, (1.1, 0.35), edge="#4a4640", looks="grey line of stones")
"""A stone wall: grey blocks along a dark mortar line."""
HEDGEROW = HexsideStyle("#2f6b25", 0.12, (0.01, 1.25), dots=True, looks="green dotted line")
"""A hedgerow: a row of round dark-green bushes."""

HEXSIDE_STYLES: dict[str, HexsideStyle] = {
    "minor-river": HexsideStyle(MINOR_RIVER.name(), 0.09),
    "major-river": HexsideStyle(MAJOR_RIVER.name(), 0.2),
    "wall": WALL,
    "hedgerow": HEDGEROW,
    "escarpment": HexsideStyle("#6b3a1a", 0.13, (0.6, 0.5)),  # a brown hachured edge
    "road": HexsideStyle("#b8312f", 0.06),  # red, as printed maps draw roads
}
"""The features the map format documents (the standard rivers, walls and hedgerows, and
escarpment and road as its examples of a map's own features), each in a style of its own."""


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
    flat = style.dashes and not style.dots
    pen.setCapStyle(Qt.PenCapStyle.FlatCap if flat else Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    if style.dashes:
        pen.setDashPattern(list(style.dashes))
    return pen


def hexside_pens(feature: str, size: float) -> list[QPen]:
    """The pens that stroke ``feature``, first first: a wall's mortar line under its stones,
    else the one pen of :func:`hexside_pen`."""
    style = hexside_style(feature)
    pen = hexside_pen(feature, size)
    if not style.edge:
        return [pen]
    under = QPen(QColor(style.edge), pen.widthF() * 1.35)
    under.setCapStyle(Qt.PenCapStyle.FlatCap)
    return [under, pen]


ELEVATION_TINT = QColor("#7a4a1e")
"""The brown laid over a hex above level 0 of the map's ``[elevation]``, more for each level."""
CONTOUR = QColor("#6b3f17")
"""The contour line drawn where two hexes' levels differ."""


def elevation_tint(level: int) -> QColor | None:
    """The tint over a hex at ``level`` (None at level 0): a printed contour map's brown, one
    step darker per level, so higher ground reads at a glance (up to level 6)."""
    if level <= 0:
        return None
    tint = QColor(ELEVATION_TINT)
    tint.setAlpha(min(level, 6) * 26)
    return tint


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


HOLLOW = QColor(0, 0, 0, 0)
"""A see-through brush for outlines: a recorded picture keeps no "no brush" (it is the
default), so an outline replayed on the board would take the board's last fill."""


def _tactical_symbol(p: QPainter, kind: str, s: float) -> None:
    """The symbols of tactical terrain (the assault player aids' words)."""
    if kind == "town":  # a few houses with red roofs
        for x, y in [(-0.32, -0.18), (0.08, -0.3), (0.22, 0.12), (-0.15, 0.22)]:
            _house(p, s, x, y, 0.2, "#f1e6d0", "#a8322a")
    elif kind == "rural-building":  # one farmhouse
        _house(p, s, -0.05, 0.0, 0.36, "#efe2c2", "#7a4a25")
    elif kind == "urban-building":  # a large block of stone buildings
        p.setPen(QPen(QColor("#2e2e2e"), s * 0.03))
        p.setBrush(QColor("#5d5a55"))
        p.drawRect(QRectF(-0.42 * s, -0.32 * s, 0.84 * s, 0.64 * s))
        p.setPen(QPen(QColor("#8d8a84"), s * 0.025))
        p.drawLine(QPointF(0.0, -0.32 * s), QPointF(0.0, 0.32 * s))
        p.drawLine(QPointF(-0.42 * s, 0.0), QPointF(0.42 * s, 0.0))
    elif kind == "entrenchment":  # a zigzag trench line with its spoil
        pen = QPen(QColor("#4c3a22"), s * 0.07)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        p.setPen(pen)
        trench = QPainterPath(QPointF(-0.45 * s, 0.05 * s))
        for i, x in enumerate((-0.27, -0.09, 0.09, 0.27, 0.45)):
            trench.lineTo(x * s, (-0.12 if i % 2 == 0 else 0.05) * s)
        p.setBrush(HOLLOW)
        p.drawPath(trench)
        p.setPen(QPen(QColor("#7d6840"), s * 0.03))
        for x in (-0.36, -0.18, 0.0, 0.18, 0.36):
            p.drawLine(QPointF(x * s, 0.17 * s), QPointF(x * s, 0.27 * s))
    elif kind == "hill":  # the contour lines of a rise, one inside the other
        p.setPen(QPen(QColor("#8a6428"), s * 0.04))
        p.setBrush(HOLLOW)
        for w, h in ((0.42, 0.36), (0.28, 0.24), (0.14, 0.12)):
            top = (0.25 - h * 1.3) * s
            hump = QPainterPath(QPointF(-w * s, 0.25 * s))
            hump.cubicTo(QPointF(-w * s, top), QPointF(w * s, top), QPointF(w * s, 0.25 * s))
            p.drawPath(hump)
    elif kind == "sunken-road":  # a road between hatched banks
        p.setPen(QPen(QColor("#8c6a3c"), s * 0.12))
        p.drawLine(QPointF(-0.5 * s, 0.0), QPointF(0.5 * s, 0.0))
        p.setPen(QPen(QColor("#5a4120"), s * 0.025))
        for x in (-0.4, -0.25, -0.1, 0.05, 0.2, 0.35):
            for y, dy in ((-0.09, -0.1), (0.09, 0.1)):
                p.drawLine(QPointF(x * s, y * s), QPointF((x + 0.05) * s, (y + dy) * s))
    elif kind == "marsh":  # reed tufts on still water
        p.setPen(QPen(QColor("#5a8d7a"), s * 0.03))
        for y in (-0.22, 0.12, 0.38):
            p.drawLine(QPointF(-0.3 * s, y * s), QPointF(0.3 * s, y * s))
        p.setPen(QPen(QColor("#2f5d35"), s * 0.03))
        for x, y in [(-0.25, -0.22), (0.15, -0.22), (-0.05, 0.12), (0.28, 0.38), (-0.3, 0.38)]:
            for dx in (-0.05, 0.0, 0.05):
                p.drawLine(QPointF(x * s, y * s), QPointF((x + dx * 1.6) * s, (y - 0.14) * s))
    elif kind == "jungle":  # dense palm fronds
        p.setPen(QPen(QColor("#173f17"), s * 0.04))
        for x, y in [(-0.28, -0.18), (0.25, -0.25), (0.0, 0.2), (-0.35, 0.3), (0.35, 0.28)]:
            for dx, dy in ((-0.12, 0.05), (0.12, 0.05), (-0.08, -0.08), (0.08, -0.08)):
                p.drawLine(QPointF(x * s, y * s), QPointF((x + dx) * s, (y + dy) * s))
    elif kind == "river":  # water flowing through the hex
        p.setPen(QPen(QColor("#2f6fb0"), s * 0.05))
        p.setBrush(HOLLOW)
        for y in (-0.18, 0.14):
            wave = QPainterPath(QPointF(-0.45 * s, y * s))
            for i in range(3):
                x = -0.45 + i * 0.3
                wave.quadTo(
                    QPointF((x + 0.075) * s, (y - 0.08) * s), QPointF((x + 0.15) * s, y * s)
                )
                wave.quadTo(QPointF((x + 0.225) * s, (y + 0.08) * s), QPointF((x + 0.3) * s, y * s))
            p.drawPath(wave)


def _house(p: QPainter, s: float, x: float, y: float, w: float, wall: str, roof: str) -> None:
    """A house seen from the side: a wall and a pitched roof, its foot at ``y + w / 2``."""
    p.setPen(QPen(QColor("#3a2a1a"), s * 0.02))
    p.setBrush(QColor(wall))
    p.drawRect(QRectF((x - w / 2) * s, y * s, w * s, w * 0.5 * s))
    p.setBrush(QColor(roof))
    p.drawPolygon(QPolygonF([QPointF((x - w * 0.6) * s, y * s), QPointF(x * s, (y - w * 0.45) * s),
                             QPointF((x + w * 0.6) * s, y * s)]))  # fmt: skip


TACTICAL_SYMBOLS = frozenset(
    {"town", "rural-building", "urban-building", "entrenchment", "hill", "sunken-road", "marsh",
     "jungle", "river"}
)  # fmt: skip
"""The tactical terrain drawn by :func:`_tactical_symbol`."""


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
            if kind in TACTICAL_SYMBOLS:
                _tactical_symbol(painter, kind, self.size)
            else:
                _draw_symbol(painter, kind, self.size)
            painter.end()
            self._pictures[kind] = None if picture.isNull() else picture
        return self._pictures[kind]


def brush(kind: str) -> QBrush:
    """A solid brush of the terrain's colour."""
    return QBrush(terrain_colour(kind))
