"""Place names (towns, woods, objectives), each in its hex's foot, clear of counters and labels.

A name drawn over the stack in its hex hides the very counters the player is attacking, and one
wider than its hex runs over the neighbours' counters and the printed hex label of the hex below.
So each name sits in the strip between its counter's foot and the hex's lower edge, as wide as
the neighbouring counters allow, in the largest type that fits there (on two lines when that
reads bigger), and it is drawn beneath the stacks: a stack dragged over it hides it, never the
other way round.
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

NAME_Z = -2.0
"""Above the board (z -10) and the attack's highlights (z -5), beneath the stacks (z 0)."""
SMALLEST_PX = 6.0
"""Names smaller than this on screen are not drawn (far zooms)."""
MANY_PLACES = 500
"""With more names than this, only the hexes in view are looked up."""
PLATE = QColor(255, 255, 255, 215)

FOOT: dict[str, tuple[float, float, float, float]] = {
    # (left, top, right, bottom) of the strip a name may use, in hex sizes from the hex centre.
    # Top: below the counter (half of 0.95) and the attack's outline round it (0.57; a
    # selection ring, 0.62, may cross the plate's upper margin).
    # Flat hexes: the lower edge is at 0.866 and the hex below prints its label from 0.87; the
    # neighbours below left and right hold counters from 1.025 to the sides (their lower stacks
    # show up to 0.77 to the right).
    "flat": (-0.74, 0.56, 0.74, 0.85),
    # Pointy hexes: the lower corner is at 1.0; the labels of the two hexes below start 0.57 to
    # either side.
    "pointy": (-0.5, 0.56, 0.5, 0.95),
}
LARGEST = 0.2
"""The biggest type a name gets, as a share of the hex size (hex labels use 0.24)."""
SMALLEST = 0.1
"""The smallest; a name that does not fit even so is cut short with an ellipsis."""
PAD = 0.05
"""The plate's margin left and right of the name, as a share of the hex size."""
PAD_Y = 0.02
"""Its margin above and below the name."""


class PlaceNamesItem(QGraphicsItem):
    """Every named hex's name, in its hex's foot."""

    def __init__(self, hexmap: HexMap, layout: Layout) -> None:
        super().__init__()
        self.hexmap = hexmap
        self.layout = layout
        self._fonts: dict[int, QFont] = {}
        self.texts: dict[Hex, tuple[QFont, str]] = {}
        """Each name's type and text (a newline where it is split in two)."""
        self.plates: dict[Hex, QRectF] = {}
        """Where each name is drawn, in scene units."""
        for h, name in hexmap.places.items():
            font, text = self._fit(name)
            self.texts[h] = (font, text)
            self.plates[h] = self.plate(h)
        bounds = QRectF()
        for rect in self.plates.values():
            bounds = bounds.united(rect)
        self._bounds = bounds
        self._largest_px = max((font.pixelSize() for font, _text in self.texts.values()), default=0)
        """The biggest type of any name: zoomed out below legibility, nothing is looked at."""
        self.setZValue(NAME_Z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def foot(self) -> QRectF:
        """The strip a name may use, relative to its hex's centre (:data:`FOOT`)."""
        size = self.layout.size
        left, top, right, bottom = (v * size for v in FOOT[self.layout.orientation])
        return QRectF(left, top, right - left, bottom - top)

    def _font(self, pixels: int) -> QFont:
        font = self._fonts.get(pixels)
        if font is None:
            font = QFont("Sans Serif")
            font.setPixelSize(pixels)
            self._fonts[pixels] = font
        return font

    def _fit(self, name: str) -> tuple[QFont, str]:
        """The biggest type in which ``name`` fits the foot, on one line or split in two."""
        foot, size = self.foot(), self.layout.size
        room_w, room_h = foot.width() - 2 * PAD * size, foot.height() - 2 * PAD_Y * size
        probe = QFontMetricsF(self._font(100))
        best: tuple[float, list[str]] | None = None
        for lines in _layouts(name):
            wide = max(probe.horizontalAdvance(line) for line in lines) / 100
            tall = probe.height() * len(lines) / 100
            fit_w = room_w / wide if wide > 0 else LARGEST * size  # a zero-width name fits
            pixels = min(LARGEST * size, fit_w, room_h / tall)
            if best is None or pixels > best[0] + 0.5:
                best = (pixels, lines)
        assert best is not None
        pixels, lines = best
        font = self._font(max(1, int(max(pixels, SMALLEST * size))))
        metrics = QFontMetricsF(font)
        elide = Qt.TextElideMode.ElideRight
        lines = [metrics.elidedText(line, elide, room_w) for line in lines]
        return font, "\n".join(lines)

    def plate(self, h: Hex) -> QRectF:
        """The plate of ``h``'s name: centred in its hex's foot, just round the name."""
        font, text = self.texts[h]
        metrics = QFontMetricsF(font)
        lines = text.split("\n")
        size = self.layout.size
        width = max(metrics.horizontalAdvance(line) for line in lines) + 2 * PAD * size
        height = metrics.height() * len(lines) + 2 * PAD_Y * size
        x, y = self.layout.hex_to_pixel(h)
        foot = self.foot().translated(x, y)
        return QRectF(x - width / 2, foot.center().y() - height / 2, width, height)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        exposed = exposed_on_device(painter, option)
        places = self.hexmap.places
        size = self.layout.size
        if lod * self._largest_px < SMALLEST_PX:
            return  # too far out for any name to be read (a whole map of 200,000 hexes)
        near: list[Hex] | dict[Hex, str] = places
        in_view = exposed.width() * exposed.height() / (2.6 * size * size)  # a hex: 2.6 s^2
        if len(places) > MANY_PLACES and in_view < len(places):  # only the hexes in view
            near = hexes_in_rect(
                self.layout, exposed.left(), exposed.top() - size, exposed.right(), exposed.bottom()
            )
        for h in near:
            plate = self.plates.get(h)
            if plate is None or not plate.intersects(exposed):
                continue
            font, text = self.texts[h]
            if lod * font.pixelSize() < SMALLEST_PX:
                continue
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(PLATE)  # a plate: the name reads over any terrain or river
            painter.drawRoundedRect(plate, size * 0.06, size * 0.06)
            painter.setFont(font)
            painter.setPen(QPen(terrain_style.LABEL))
            painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, text)


def _layouts(name: str) -> list[list[str]]:
    """``name`` on one line, and split in two at the space nearest its middle."""
    words = name.split()
    if len(words) < 2:
        return [[name]]
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    first, second = min(splits, key=lambda pair: abs(len(pair[0]) - len(pair[1])))
    return [[name], [first, second]]
