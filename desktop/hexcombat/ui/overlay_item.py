"""Highlights drawn over the board for an attack being set up: the target hex, the hexes of
stacks taking part, the hexsides they cross (rivers in strong colours), and the retreat ends a
player may pick (in the colour of the side that picks). A handful of outlines, drawn by one
item."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import MAJOR_RIVER, MINOR_RIVER, Hexside
from hexcombat.board.layout import Layout
from hexcombat.ui.qtgeometry import hex_polygon, marks_bounds

STYLES = {
    "target": ("#e0262b", 0.12, 60),
    "attacker": ("#1f9be0", 0.08, 45),
    "candidate": ("#1f9be0", 0.04, 0),
    "retreat": ("#20b050", 0.1, 70),
    "retreat-chosen": ("#006b2e", 0.16, 150),
    "advance": ("#f0a020", 0.1, 50),
}
"""Role -> outline colour, width (share of a hex) and fill alpha."""
ORDER = {
    "candidate": 0,
    "attacker": 1,
    "advance": 2,
    "retreat": 3,
    "retreat-chosen": 4,
    "target": 5,
}
"""Drawing order of the roles: later ones are drawn over the hexsides they share."""
TARGET_DASH = QColor("#ffffff")


class OverlayItem(QGraphicsItem):
    """Outlined hexes and emphasised hexsides, above the board and below the counters."""

    def __init__(self, layout: Layout) -> None:
        super().__init__()
        self.layout = layout
        self.hexes: dict[Hex, str] = {}
        self.hexsides: dict[Hexside, frozenset[str]] = {}
        self.paths: list[tuple[Hex, ...]] = []
        """Each chosen retreat's way, start to end: drawn as a line with the end marked."""
        self.tints: dict[Hex, QColor] = {}
        """Retreat ends outlined in the colour of the side that picks them."""
        self._bounds = QRectF()
        self.setZValue(-5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def highlight(
        self,
        hexes: dict[Hex, str],
        hexsides: dict[Hexside, frozenset[str]],
        paths: list[tuple[Hex, ...]] | None = None,
        tints: dict[Hex, QColor] | None = None,
    ) -> None:
        """Highlight ``hexes`` (hex -> role) and ``hexsides`` (with their features); ``paths``:
        the chosen retreats, each from its start to its end; ``tints``: retreat ends drawn in
        the colour of the side that picks them rather than the plain retreat green."""
        self.prepareGeometryChange()
        self.tints = dict(tints or {})
        self.hexes = dict(hexes)
        self.hexsides = dict(hexsides)
        self.paths = [p for p in paths or [] if len(p) > 1]
        every = [*self.hexes, *(h for p in self.paths for h in p)]
        self._bounds = marks_bounds(self.layout, every, self.hexsides, 10)
        self.update()

    def clear(self) -> None:
        """Remove every highlight."""
        self.highlight({}, {})

    def drawing_order(self) -> list[tuple[Hex, str]]:
        """The highlighted hexes, the target last: its outline shares hexsides with the
        attackers' and must never be hidden under theirs."""
        return sorted(self.hexes.items(), key=lambda item: ORDER.get(item[1], 0))

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        size = self.layout.size
        for h, role in self.drawing_order():
            colour, width, alpha = STYLES.get(role, STYLES["candidate"])
            outline_colour = QColor(colour)
            if role.startswith("retreat") and h in self.tints:  # bolder: a pale side colour
                outline_colour = QColor(self.tints[h])  # (field grey) must still stand out
                width, alpha = width * 1.4, max(alpha, 120)
            fill = QColor(outline_colour)
            fill.setAlpha(alpha)
            pen = QPen(outline_colour, size * width)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.setBrush(fill)
            outline: QPolygonF = hex_polygon(self.layout, h)
            painter.drawPolygon(outline)
            if role.startswith("retreat") and h in self.tints:  # a dark edge: any side's colour
                edge = QPen(QColor("#202020"), size * 0.02)  # shows on any terrain
                edge.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
                painter.setPen(edge)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPolygon(outline)
            if role == "target":  # a white dashed line along the red: the target's own style
                dash = QPen(TARGET_DASH, size * 0.035, Qt.PenStyle.DashLine)
                dash.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
                painter.setPen(dash)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPolygon(outline)
        for side, features in self.hexsides.items():
            if MAJOR_RIVER in features:
                colour, width = "#0030ff", 0.3
            elif MINOR_RIVER in features:
                colour, width = "#0090ff", 0.22
            else:
                colour, width = "#80ffffff", 0.06
            pen = QPen(QColor(colour), size * width)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            a, b = self.layout.hexside_endpoints(side)
            painter.drawLine(*a, *b)
        self._paint_paths(painter)

    def _paint_paths(self, painter: QPainter) -> None:
        """Each chosen retreat: a line from the stack's hex through the way it goes, ending in
        a dot on the end chosen, so it stands out from the ends not chosen."""
        size = self.layout.size
        for path in self.paths:
            colour = QColor(self.tints.get(path[-1], QColor(STYLES["retreat-chosen"][0])))
            points = [QPointF(*self.layout.hex_to_pixel(h)) for h in path]
            pen = QPen(colour, size * 0.12)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolyline(QPolygonF(points))
            painter.setBrush(colour)
            painter.drawEllipse(points[-1], size * 0.22, size * 0.22)
