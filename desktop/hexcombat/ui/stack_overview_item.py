"""Every stack at once for far zooms: one item drawing a coloured square per stack.

Thousands of :class:`StackItem` paint calls per frame would blow the frame budget when the whole
campaign map is in view; this item batches the squares per colour into single ``drawRects``
calls instead, and the scene hides the stack items while it is shown.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from hexcombat.board.hexes import Hex
from hexcombat.board.layout import Layout
from hexcombat.game.state import GameState
from hexcombat.ui.counter_art import counter_colours


class StackOverviewItem(QGraphicsItem):
    """All stacks as squares in their nationality colours."""

    def __init__(self, state: GameState, layout: Layout, bounds: QRectF, size: float) -> None:
        super().__init__()
        self.state = state
        self.layout = layout
        self.size = size
        self._bounds = bounds
        self._batches: list[tuple[QColor, list[QRectF]]] | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._bounds

    def invalidate(self, hexes: frozenset[Hex] = frozenset()) -> None:
        """Stacks changed: rebuild the squares on the next paint."""
        self._batches = None
        if self.isVisible():
            self.update()

    def _build(self) -> list[tuple[QColor, list[QRectF]]]:
        by_colour: dict[int, tuple[QColor, list[QRectF]]] = {}
        s = self.size
        to_pixel = self.layout.hex_to_pixel
        sides = self.state.side_order  # as the map colours them
        for h, stack in self.state.stacks().items():
            top = stack[0]
            colour = counter_colours(top.unit, top.side, sides)[0]
            x, y = to_pixel(h)
            by_colour.setdefault(colour.rgb(), (colour, []))[1].append(
                QRectF(x - s / 2, y - s / 2, s, s)
            )
        return list(by_colour.values())

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._batches is None:
            self._batches = self._build()
        painter.setPen(Qt.PenStyle.NoPen)
        for colour, rects in self._batches:
            painter.setBrush(colour)
            painter.drawRects(rects)
