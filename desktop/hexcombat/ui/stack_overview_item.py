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
        self._squares: dict[Hex, tuple[QColor, QRectF]] | None = None
        """Each stack's square, kept between changes (None: not built yet)."""
        self._stale: set[Hex] = set()
        """Hexes whose squares are to be made again."""
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._bounds

    def invalidate(self, hexes: frozenset[Hex] | None = None) -> None:
        """Stacks changed: redraw the squares of ``hexes`` (every stack when None, as when a
        new side takes its colours) on the next paint, without going over the others."""
        if hexes is None:
            self._squares = None
        elif self._squares is not None:
            for h in hexes:
                self._squares.pop(h, None)
                self._stale.add(h)
        self._batches = None
        if self.isVisible():
            self.update()

    def _square(
        self, h: Hex, colours: dict[tuple[int, str], QColor] | None = None
    ) -> tuple[QColor, QRectF] | None:
        """The square of the stack in ``h`` in its top counter's colour; None when empty.
        ``colours`` keeps each kind's colour while the squares are made (counters of one kind
        share their unit)."""
        stack = self.state.stack_at(h)
        if not stack:
            return None
        top = stack[0]
        key = (id(top.unit), top.side)
        colour = colours.get(key) if colours is not None else None
        if colour is None:
            colour = counter_colours(top.unit, top.side, self.state.side_order)[0]  # as the map
            if colours is not None:
                colours[key] = colour
        x, y = self.layout.hex_to_pixel(h)
        s = self.size
        return colour, QRectF(x - s / 2, y - s / 2, s, s)

    def _build(self) -> list[tuple[QColor, list[QRectF]]]:
        if self._squares is None:
            self._squares = {}
            self._stale = set(self.state.stacks())
        colours: dict[tuple[int, str], QColor] = {}
        for h in self._stale:
            square = self._square(h, colours)
            if square is not None:
                self._squares[h] = square
        self._stale = set()
        by_colour: dict[int, tuple[QColor, list[QRectF]]] = {}
        for colour, rect in self._squares.values():
            by_colour.setdefault(colour.rgb(), (colour, []))[1].append(rect)
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
