"""One item per occupied hex: the stack's top counter, the edges of those beneath, its count.

Dragging moves the whole stack (Shift: only the top counter); on release the stack snaps back
and the scene asks for a move to the hex under the mouse, found through the layout. The game
command then moves it for real and the scene redraws from the change, so a refused move simply
leaves the stack where it was.
"""

from __future__ import annotations

from typing import Protocol

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
from hexcombat.game.status_commands import status_marks
from hexcombat.ui.counter_art import counter_colours, draw_counter

ROLE_COLOURS = {"target": QColor("#e0262b"), "attacker": QColor("#1f9be0")}
SELECTED = QColor("#ffd21f")
COUNT_FILL = QColor("#ffffff")
COUNT_EDGE = QColor("#202020")
"""The stack count tab: dark figures on white, unlike any counter's colours."""
SHADOW_STEP = 0.09
"""Offset of each counter edge shown beneath the top one, as a share of the counter's size."""
MAX_SHADOWS = 3


class StackHost(Protocol):
    """What a stack item asks of the map scene it stands in (a :class:`MapScene`): the size
    counters are drawn at, the sides in map-colour order, where a hex is, and the move a drop
    asks for."""

    counter_size: float
    sides: tuple[str, ...]

    def hex_centre(self, h: Hex) -> QPointF: ...

    def drop_counters(self, uids: list[str], pos: QPointF) -> None: ...


class StackItem(QGraphicsItem):
    """The counters in one hex, top first."""

    def __init__(self, map_scene: StackHost, h: Hex, counters: list[Counter]) -> None:
        super().__init__()
        self.map_scene = map_scene
        self.hex = h
        self.counters = counters
        self.role: str | None = None
        """``target``, ``attacker`` or ``candidate`` while an attack is being set up."""
        self.size = map_scene.counter_size
        half = self.size / 2
        reach = self.size * SHADOW_STEP * MAX_SHADOWS
        tab = self.count_tab(QRectF(-half, -half, self.size, self.size))
        right = max(half + reach, tab.right())
        self._bounds = QRectF(-half, -half - reach, right + half, tab.bottom() + half + reach)
        ring = 3 + self.size * 0.16  # the role and selection rings around the counter
        self._bounds.adjust(-ring, -ring, ring, ring)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        # Drawn once per zoom into a cached image, then copied: a frame of a hundred counters
        # drawn in full costs no more than its tiles; panning and dragging keep the cache.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
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
        sides = self.map_scene.sides
        if pixels < 12:
            painter.fillRect(rect, counter_colours(top.unit, top.side, sides)[0])
            return
        shadows = self.counter_rects()[1:]
        for k in range(len(shadows), 0, -1):
            under = self.counters[k]
            draw_counter(painter, shadows[k - 1], under.unit, under.side, 10, sides)
            painter.setPen(QPen(QColor(0, 0, 0, 120), s * 0.02))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(shadows[k - 1])
        fresh = top.status.fresh
        marks = () if fresh else status_marks(top.status, self.map_scene.state.vocabulary)
        draw_counter(painter, rect, top.unit, top.side, pixels, sides, top.status, marks)
        self._draw_role(painter, rect)
        if len(self.counters) > 1 and pixels >= 20:
            self._draw_count(painter, rect)

    def counter_rects(self) -> list[QRectF]:
        """Where the counters are drawn, in item coordinates: the top counter, then the edges of
        those beneath it (up to :data:`MAX_SHADOWS`), each a step up and to the right."""
        s = self.size
        rect = QRectF(-s / 2, -s / 2, s, s)
        step = s * SHADOW_STEP
        below = min(len(self.counters) - 1, MAX_SHADOWS)
        return [rect.translated(k * step, -k * step) for k in range(below + 1)]

    def count_tab(self, rect: QRectF) -> QRectF:
        """Where the stack's count is shown: a white tab on the counter's right edge, clear of
        the printed strengths so it never reads as one of them (nor as the coloured range
        number some counters print between them), and clear of the place name below it."""
        s = self.size
        return QRectF(rect.right() - s * 0.08, rect.bottom() - s * 0.36, s * 0.4, s * 0.24)

    def _draw_count(self, painter: QPainter, rect: QRectF) -> None:
        s = self.size
        tab = self.count_tab(rect)
        painter.setPen(QPen(COUNT_EDGE, s * 0.025))
        painter.setBrush(COUNT_FILL)
        painter.drawRoundedRect(tab, s * 0.05, s * 0.05)
        font = QFont("Sans Serif")
        font.setBold(True)
        font.setPixelSize(max(1, round(s * 0.17)))
        painter.setFont(font)
        painter.drawText(tab, Qt.AlignmentFlag.AlignCenter, f"\u00d7{len(self.counters)}")

    def _draw_role(self, painter: QPainter, rect: QRectF) -> None:
        """The stack's part in the attack being set up (red target, blue attacker) around it,
        and the selection around that, so a selected target still shows it is the target."""
        painter.setBrush(Qt.BrushStyle.NoBrush)
        width = self.size * 0.08
        colour = ROLE_COLOURS.get(self.role or "")
        if colour is not None:
            painter.setPen(QPen(colour, width))
            painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 4, 4)
        if self.isSelected():
            out = 2 if colour is None else 2 + width * 0.85
            painter.setPen(QPen(SELECTED, width if colour is None else width * 0.7))
            painter.drawRoundedRect(rect.adjusted(-out, -out, out, out), 4, 4)

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
