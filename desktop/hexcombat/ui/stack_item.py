"""One item per occupied hex: the stack's top counter, the edges of those beneath, its count.

Dragging moves the whole stack (Shift: only the top counter); on release the stack snaps back
and the scene asks for a move to the hex under the mouse, found through the layout. The game
command then moves it for real and the scene redraws from the change, so a refused move simply
leaves the stack where it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from hexcombat.board.hexes import Hex
from hexcombat.game.state import Counter
from hexcombat.ui.counter_art import counter_colours, draw_counter

if TYPE_CHECKING:
    from hexcombat.ui.map_scene import MapScene

SHADOW_STEP = 0.09
"""Offset of each counter edge shown beneath the top one, as a share of the counter's size."""
MAX_SHADOWS = 3


class StackItem(QGraphicsItem):
    """The counters in one hex, top first."""

    def __init__(self, map_scene: MapScene, h: Hex, counters: list[Counter]) -> None:
        super().__init__()
        self.map_scene = map_scene
        self.hex = h
        self.counters = counters
        self.role: str | None = None
        """``target``, ``attacker`` or ``candidate`` while an attack is being set up."""
        self.size = map_scene.counter_size
        half = self.size / 2
        reach = self.size * SHADOW_STEP * MAX_SHADOWS
        self._bounds = QRectF(
            -half - 2, -half - reach - 2, self.size + reach + 4, self.size + reach + 4
        )
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setAcceptHoverEvents(False)
        self._press: QPointF | None = None
        self._dragging = False
        self._top_only = False

    def set_counters(self, counters: list[Counter]) -> None:
        """The stack changed (a move, a reorder)."""
        self.counters = counters
        self.update()

    @property
    def uids(self) -> list[str]:
        """The stack's counters, top first."""
        return [c.uid for c in self.counters]

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        pixels = lod * self.size
        s = self.size
        rect = QRectF(-s / 2, -s / 2, s, s)
        top = self.counters[0]
        if pixels < 12:
            painter.fillRect(rect, counter_colours(top.unit, top.side)[0])
            return
        below = min(len(self.counters) - 1, MAX_SHADOWS)
        step = s * SHADOW_STEP
        for k in range(below, 0, -1):
            under = self.counters[k]
            draw_counter(painter, rect.translated(k * step, -k * step), under.unit, under.side, 10)
            painter.setPen(QPen(QColor(0, 0, 0, 120), s * 0.02))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(rect.translated(k * step, -k * step))
        draw_counter(painter, rect, top.unit, top.side, pixels)
        self._draw_role(painter, rect)
        if len(self.counters) > 1 and pixels >= 20:
            centre = QPointF(rect.right() - s * 0.04, rect.bottom() - s * 0.04)
            painter.setPen(QPen(QColor("#ffffff"), s * 0.025))
            painter.setBrush(QColor("#202020"))
            painter.drawEllipse(centre, s * 0.15, s * 0.15)
            font = QFont("Sans Serif")
            font.setBold(True)
            font.setPixelSize(max(1, round(s * 0.18)))
            painter.setFont(font)
            box = QRectF(centre.x() - s * 0.15, centre.y() - s * 0.15, s * 0.3, s * 0.3)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(len(self.counters)))

    def _draw_role(self, painter: QPainter, rect: QRectF) -> None:
        colour = None
        if self.isSelected():
            colour = QColor("#ffd21f")
        elif self.role == "target":
            colour = QColor("#e0262b")
        elif self.role == "attacker":
            colour = QColor("#1f9be0")
        if colour is not None:
            painter.setPen(QPen(colour, self.size * 0.08))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 4, 4)

    # dragging ---------------------------------------------------------------------------------

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.scenePos()
            self._dragging = False
            self._top_only = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if self._press is None:
            return
        delta = event.scenePos() - self._press
        if not self._dragging:
            distance = event.screenPos() - event.buttonDownScreenPos(Qt.MouseButton.LeftButton)
            if distance.manhattanLength() < QApplication.startDragDistance():
                return
            self._dragging = True
            self.setZValue(100)
        self.setPos(self.map_scene.hex_centre(self.hex) + delta)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        dragged, self._dragging = self._dragging, False
        self._press = None
        if dragged:
            self.setZValue(0)
            self.setPos(self.map_scene.hex_centre(self.hex))
            uids = self.uids[:1] if self._top_only else self.uids
            self.map_scene.drop_counters(uids, event.scenePos())
            event.accept()
            return
        super().mouseReleaseEvent(event)
