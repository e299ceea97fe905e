"""The static board (terrain, patterns, hexsides, rivers, hex labels) as ONE scene item.

Painting 50,000 hexes every frame is out of the question, and so is one item per hex. The board
is rendered into cached tiles per zoom level, decided in :meth:`BoardItem.paint` from
``levelOfDetailFromTransform`` (Qt's 40,000-chip example): far out, one overview image with a
pixel cell per half hex; closer, 512-pixel tiles rendered at the next power-of-two scale with
symbols and, closer still, printed hex labels. Hit tests never ask this item: the view maps a
point to a hex through the layout.
"""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QImage, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from hexcombat.board.geometry import feature_lines, map_bounds
from hexcombat.board.hexside import RIVER_FEATURES
from hexcombat.board.layout import Layout
from hexcombat.board.mapfile import HexMap
from hexcombat.ui import terrain_style
from hexcombat.ui.display_options import BoardDisplay
from hexcombat.ui.map_layout import hexes_in_rect
from hexcombat.ui.qtgeometry import exposed_on_device, geometry_lines, hex_prototype

TILE_PX = 512
"""Edge of a cached tile in device pixels."""
OVERVIEW_HEX_PX = 7.0
"""Below this many screen pixels per hex the overview image is drawn instead of tiles."""
SYMBOL_LEVEL = 0.5
"""From this tile scale on, terrain symbols and the hex grid are drawn."""
LABEL_LEVEL = 2.0
"""From this tile scale on, printed hex labels are drawn."""
PAD = 2
"""Extra pixels rendered around each tile so smooth scaling never samples past its edge."""
CACHE_BYTES = 96 * 1024 * 1024
"""How much tile memory the board keeps (least recently used tiles go first)."""


class BoardItem(QGraphicsItem):
    """The whole printed map: draws cached tiles, never one item per hex."""

    def __init__(self, hexmap: HexMap, layout: Layout) -> None:
        super().__init__()
        self.hexmap = hexmap
        self.layout = layout
        x0, y0, x1, y1 = map_bounds(layout, hexmap)
        self._bounds = QRectF(x0, y0, x1 - x0, y1 - y0)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(-10)
        self._hex = hex_prototype(layout)
        self._symbols = terrain_style.TerrainSymbols(layout.size)
        self._brushes: dict[str, object] = {}
        self._rivers = self._river_pens_and_lines()
        self._tiles: OrderedDict[tuple[float, int, int], QPixmap] = OrderedDict()
        self._tile_bytes = 0
        self._overview: QPixmap | None = None
        self.tiles_rendered = 0
        """How many tiles were rendered so far (benchmarks and tests read it)."""
        self.display = BoardDisplay()
        """Which printed extras (labels, place names, grid, symbols) are drawn."""

    def set_display(self, display: BoardDisplay) -> None:
        """Draw the board with ``display``'s switches (View menu); the cached tiles go."""
        if display == self.display:
            return
        self.display = display
        self._tiles.clear()
        self._tile_bytes = 0
        self.update()

    # geometry --------------------------------------------------------------------------------

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self._bounds

    def _river_pens_and_lines(self) -> list[tuple[QPen, list]]:
        """Each hexside feature's pen (its own style: terrain_style.hexside_pen) and lines."""
        drawn = []
        for feature, geometry in feature_lines(self.layout, self.hexmap).items():
            pen = terrain_style.hexside_pen(feature, self.layout.size)
            river = feature in RIVER_FEATURES
            # rivers first, major on top of minor; then the other features, thinnest last, so a
            # road along a river hexside stays visible on it
            order = (0, pen.widthF()) if river else (1, -pen.widthF())
            # Bounds grown by the pen: a lone straight hexside has a bounding box of no height
            # (or width), which intersects no tile, so it was never drawn.
            pad = pen.widthF()
            lines = [
                (path, bounds.adjusted(-pad, -pad, pad, pad))
                for path, bounds in geometry_lines(geometry)
            ]
            drawn.append((order, pen, lines))
        drawn.sort(key=lambda item: item[0])
        return [(pen, lines) for _order, pen, lines in drawn]

    # painting --------------------------------------------------------------------------------

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        dpr = painter.device().devicePixelRatioF() if painter.device() else 1.0
        scale = lod * dpr
        exposed = exposed_on_device(painter, option).intersected(self._bounds)
        if scale * self.layout.size < OVERVIEW_HEX_PX:
            overview = self.overview()
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            painter.drawPixmap(self._bounds, overview, QRectF(overview.rect()))
            return
        level = 2.0 ** math.ceil(math.log2(scale))
        level = max(0.125, min(level, 8.0))
        span = TILE_PX / level
        i0, i1 = math.floor(exposed.left() / span), math.floor(exposed.right() / span)
        j0, j1 = math.floor(exposed.top() / span), math.floor(exposed.bottom() / span)
        antialiased = painter.testRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # no seams between tiles
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, level != scale)
        source = QRectF(PAD, PAD, TILE_PX, TILE_PX)
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                tile = self.tile(level, i, j)
                painter.drawPixmap(QRectF(i * span, j * span, span, span), tile, source)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, antialiased)

    def tile(self, level: float, i: int, j: int) -> QPixmap:
        """The cached tile ``(i, j)`` at scale ``level``, rendered on first use."""
        key = (level, i, j)
        pixmap = self._tiles.get(key)
        if pixmap is not None:
            self._tiles.move_to_end(key)
            return pixmap
        pixmap = self._render_tile(level, i, j)
        self._tiles[key] = pixmap
        self._tile_bytes += TILE_PX * TILE_PX * 4
        while self._tile_bytes > CACHE_BYTES and len(self._tiles) > 1:
            self._tiles.popitem(last=False)
            self._tile_bytes -= TILE_PX * TILE_PX * 4
        return pixmap

    def _render_tile(self, level: float, i: int, j: int) -> QPixmap:
        self.tiles_rendered += 1
        span = TILE_PX / level
        pad = PAD / level
        rect = QRectF(i * span - pad, j * span - pad, span + 2 * pad, span + 2 * pad)
        pixmap = QPixmap(TILE_PX + 2 * PAD, TILE_PX + 2 * PAD)
        pixmap.fill(terrain_style.BACKGROUND)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.scale(level, level)
        painter.translate(-rect.left(), -rect.top())
        self.draw_board(painter, rect, level)
        painter.end()
        return pixmap

    def draw_board(self, painter: QPainter, rect: QRectF, level: float) -> None:
        """Draw the board within ``rect`` (scene units) at screen scale ``level``."""
        terrain = self.hexmap.terrain
        hexes = [
            h
            for h in hexes_in_rect(
                self.layout, rect.left(), rect.top(), rect.right(), rect.bottom()
            )
            if h in terrain
        ]
        to_pixel = self.layout.hex_to_pixel
        centres = [(h, terrain[h], to_pixel(h)) for h in hexes]
        show = self.display
        grid = level >= SYMBOL_LEVEL
        if grid and show.hex_grid:
            painter.setPen(QPen(terrain_style.GRID, 1.0 / level))
        else:
            painter.setPen(Qt.PenStyle.NoPen)
        proto = self._hex
        last = None
        for _h, kind, (x, y) in centres:
            if kind != last:
                painter.setBrush(terrain_style.terrain_colour(kind))
                last = kind
            painter.drawPolygon(proto.translated(x, y))
        if grid and show.terrain_symbols:
            symbols = self._symbols
            for _h, kind, (x, y) in centres:
                picture = symbols.picture(kind)
                if picture is not None:
                    painter.drawPicture(QPointF(x, y), picture)
        painter.setBrush(Qt.BrushStyle.NoBrush)  # a river is a line: never fill its bend
        for pen, lines in self._rivers:
            painter.setPen(pen)
            for path, bounds in lines:
                if bounds.intersects(rect):
                    painter.drawPath(path)
        if level >= LABEL_LEVEL and show.hex_labels:
            self._draw_labels(painter, centres)

    def label_box(self, x: float, y: float) -> QRectF:
        """Where the printed label of the hex centred at ``(x, y)`` goes: along its top."""
        size = self.layout.size
        top = 0.86 * size if self.layout.orientation == "flat" else 0.95 * size
        return QRectF(x - size * 0.5, y - top, size, size * 0.3)

    def _draw_labels(self, painter: QPainter, centres: list) -> None:
        size = self.layout.size
        font = QFont("Sans Serif")
        font.setPixelSize(max(1, round(size * 0.24)))
        painter.setFont(font)
        painter.setPen(terrain_style.LABEL)
        label = self.hexmap.label
        for h, _kind, (x, y) in centres:
            painter.drawText(self.label_box(x, y), Qt.AlignmentFlag.AlignCenter, label(h))

    # the overview ----------------------------------------------------------------------------

    def overview(self) -> QPixmap:
        """The whole map as one picture for far zooms: a pixel cell per half hex, rivers on top,
        built once."""
        if self._overview is None:
            self._overview = self._render_overview()
        return self._overview

    def _render_overview(self) -> QPixmap:
        s = self.layout.size
        flat = self.layout.orientation == "flat"
        cell_w, cell_h = (
            (1.5 * s, math.sqrt(3) / 2 * s) if flat else (math.sqrt(3) / 2 * s, 1.5 * s)
        )
        b = self._bounds
        cols = max(1, math.ceil(b.width() / cell_w) + 1)
        rows = max(1, math.ceil(b.height() / cell_h) + 1)
        image = QImage(cols, rows, QImage.Format.Format_RGB32)
        image.fill(terrain_style.BACKGROUND)
        colours = {k: terrain_style.terrain_colour(k).rgb() for k in self.hexmap.terrain_types}
        to_pixel = self.layout.hex_to_pixel
        x_base, y_base = b.left(), b.top()
        for h, kind in self.hexmap.terrain.items():
            x, y = to_pixel(h)
            colour = colours.get(kind) or terrain_style.terrain_colour(kind).rgb()
            if flat:
                i = int((x - x_base) / cell_w)
                j = int((y - y_base) / cell_h - 0.5)
                image.setPixel(i, j, colour)
                image.setPixel(i, j + 1, colour)
            else:
                i = int((x - x_base) / cell_w - 0.5)
                j = int((y - y_base) / cell_h)
                image.setPixel(i, j, colour)
                image.setPixel(i + 1, j, colour)
        # scale the cells to the map's bounds, then stroke rivers at a visible width
        width = min(4096, max(256, cols * 4))
        height = max(1, round(width * b.height() / b.width()))
        pixmap = QPixmap(width, height)
        pixmap.fill(terrain_style.BACKGROUND)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.scale(width / b.width(), height / b.height())
        painter.translate(-b.left(), -b.top())
        painter.drawImage(QRectF(x_base, y_base, cols * cell_w, rows * cell_h), image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for pen, lines in self._rivers:
            wide = QPen(pen)
            wide.setWidthF(max(pen.widthF(), 1.5 * b.width() / width))
            painter.setPen(wide)
            for path, _bounds in lines:
                painter.drawPath(path)
        painter.end()
        return pixmap
