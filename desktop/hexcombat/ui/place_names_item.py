"""Place names (towns, woods, objectives) drawn above the counters.

A name printed on the board tiles disappears under the stack standing in its hex, which is just
where a player needs it ("the attack on Dubrava wood"). One item draws the names of the hexes in
view, each on a pale plate at the foot of its hex, above every stack.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from hexcombat.board.hexes import Hex
from hexcombat.board.layout import Layout
from hexcombat.board.mapfile import HexMap
from hexcombat.ui import terrain_style
from hexcombat.ui.map_layout import hexes_in_rect
from hexcombat.ui.qtgeometry import exposed_on_device

NAME_Z = 50.0
"""Above the stacks (z 0) and below a stack being dragged (z 100)."""
SMALLEST_PX = 6.0
"""Names smaller than this on screen are not drawn (far zooms)."""
MANY_PLACES = 500
"""With more names than this, only the hexes in view are looked up."""
LARGEST_PX = 36.0
"""Names are drawn no bigger than this on screen: zoomed far in, a name scaled with the map
would cover the counters around it, so its plate shrinks back to this size (and lets the map
show through) instead."""
PLATE = QColor(255, 255, 255, 215)
PLATE_ZOOMED = QColor(255, 255, 255, 170)


class PlaceNamesItem(QGraphicsItem):
    """Every named hex's name, readable over the counters."""

    def __init__(self, hexmap: HexMap, layout: Layout) -> None:
        super().__init__()
        self.hexmap = hexmap
        self.layout = layout
        self.name_font = QFont("Sans Serif")
        self.name_font.setPixelSize(max(1, round(layout.size * 0.24)))
        self._metrics = QFontMetricsF(self.name_font)
        self.plates: dict[Hex, QRectF] = {h: self.plate(h) for h in hexmap.places}
        """Where each name is drawn, in scene units."""
        bounds = QRectF()
        for rect in self.plates.values():
            bounds = bounds.united(rect)
        self._bounds = bounds
        self.setZValue(NAME_Z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def plate(self, h: Hex) -> QRectF:
        """The plate of ``h``'s name: centred below the counter, inside the hex's lower part."""
        size = self.layout.size
        x, y = self.layout.hex_to_pixel(h)
        width = self._metrics.horizontalAdvance(self.hexmap.places[h]) + size * 0.16
        height = self._metrics.height() + size * 0.04
        return QRectF(x - width / 2, y + size * 0.5, width, height)

    def shrink(self, lod: float) -> float:
        """How much smaller than the map's scale a name is drawn at ``lod`` (1: not at all), so
        it is never more than :data:`LARGEST_PX` tall on screen."""
        shown = lod * self.name_font.pixelSize()
        return min(1.0, LARGEST_PX / shown) if shown > 0 else 1.0

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        if lod * self.name_font.pixelSize() < SMALLEST_PX:
            return
        exposed = exposed_on_device(painter, option)
        places = self.hexmap.places
        size = self.layout.size
        near: list[Hex] | dict[Hex, str] = places
        if len(places) > MANY_PLACES:  # look only at the hexes in view
            near = hexes_in_rect(
                self.layout, exposed.left(), exposed.top() - size, exposed.right(), exposed.bottom()
            )
        shrink = self.shrink(lod)
        painter.setFont(self.name_font)
        for h in near:
            name = places.get(h)
            plate = self.plates.get(h)
            if name is None or plate is None or not plate.intersects(exposed):
                continue
            painter.save()
            if shrink < 1:  # zoomed far in: the plate keeps to the top of its place
                top = plate.center().x(), plate.top()
                painter.translate(*top)
                painter.scale(shrink, shrink)
                painter.translate(-top[0], -top[1])
            painter.setPen(Qt.PenStyle.NoPen)
            # a plate: the name reads over any counter or terrain
            painter.setBrush(PLATE if shrink >= 1 else PLATE_ZOOMED)
            painter.drawRoundedRect(plate, size * 0.06, size * 0.06)
            painter.setPen(QPen(terrain_style.LABEL))
            painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, name)
            painter.restore()
