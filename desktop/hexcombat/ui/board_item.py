"""The static board (terrain, patterns, hexsides, rivers, hex labels) as ONE scene item.

Painting 50,000 hexes every frame is out of the question, and so is one item per hex. The board
is rendered into cached tiles per zoom level, decided in :meth:`BoardItem.paint` from
``levelOfDetailFromTransform`` (Qt's 40,000-chip example): far out, one overview image with a
pixel cell per half hex; closer, 512-pixel tiles rendered at the next power-of-two scale with
symbols and, closer still, printed hex labels. Hit tests never ask this item: the view maps a
point to a hex through the layout.

The view never waits for a tile: on the screen, a tile not rendered yet is asked of a worker
thread (:class:`TileWorker`, drawing into a ``QImage`` as Qt allows off the GUI thread) and
drawn meanwhile from what is ready (the same place at a coarser level, else the overview), then
refined when the tile arrives. Painting into an image (printing, ``QGraphicsScene.render``)
draws every tile at once, so a picture of the map is always the finished map.
"""

from __future__ import annotations

import atexit
import math
import sys
import threading
import time
import weakref
from array import array
from collections import OrderedDict
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QFont, QImage, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from hexcombat.board.geometry import feature_lines, map_bounds
from hexcombat.board.hexside import RIVER_FEATURES, Hexside
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
MIN_LEVEL, MAX_LEVEL = 0.125, 8.0
"""The coarsest and finest tile scales."""
PAD = 2
"""Extra pixels rendered around each tile so smooth scaling never samples past its edge."""
CACHE_BYTES = 96 * 1024 * 1024
"""How much tile memory the board keeps (least recently used tiles go first)."""
TILE_BYTES = (TILE_PX + 2 * PAD) ** 2 * 4
FIRST_VIEW_SECONDS = 0.5
"""How long the first paint of a map may draw its tiles itself rather than wait for the worker:
the first view is sharp (about ten tiles at a laptop's size)."""
SWITCH_INTERVAL = 0.001
"""Seconds a thread holds the interpreter before another may take it, while tiles render."""
OVERVIEW = 0.0
"""The level of the overview picture's job (tiles have levels of 1/8 to 8)."""

TileKey = tuple[BoardDisplay, float, int, int]
"""A tile as the worker is asked for it: the display switches, its level, its column and row."""
Rendered = QImage | list[QImage]
"""A tile's image, or the overview's images (:func:`pyramid`)."""


_WORKERS: weakref.WeakSet[TileWorker] = weakref.WeakSet()
"""Every worker alive: each stops before the program exits, never in the middle of a tile."""


@atexit.register
def _stop_workers() -> None:
    for worker in list(_WORKERS):
        worker.stop(wait=True)


class TileWorker(QObject):
    """Renders tiles one at a time on a thread of its own, the most recently asked first.

    :meth:`want` puts the tiles asked for first (at a new scale or display, in place of what was
    wanted: tiles the view no longer shows are never rendered); finished images are handed to
    ``deliver`` on the GUI thread, through a queued signal."""

    _finished = Signal()

    def __init__(
        self,
        render: Callable[[TileKey], Rendered],
        deliver: Callable[[dict[TileKey, Rendered]], None],
    ) -> None:
        super().__init__()
        self._render = render
        self._deliver_to = deliver
        self._cond = threading.Condition()
        self._wanted: list[TileKey] = []
        self._busy: TileKey | None = None
        self._done: dict[TileKey, Rendered] = {}
        self._stopped = False
        self._thread: threading.Thread | None = None
        self._finished.connect(self.deliver, Qt.ConnectionType.QueuedConnection)
        _WORKERS.add(self)

    def want(self, keys: list[TileKey]) -> None:
        """Render ``keys`` (first first), then what was wanted before at the same display and
        scale: a repaint of one delivered tile's square asks for the tiles missing there only,
        and must not drop the rest of the view. A new scale or display replaces what was
        wanted (tiles the view no longer shows are never rendered)."""
        with self._cond:
            kinds = {(k[0], k[1]) for k in keys}
            new = set(keys)
            kept = [k for k in self._wanted if (k[0], k[1]) in kinds and k not in new]
            self._wanted = [k for k in (*keys, *kept) if k not in self._done and k != self._busy]
            if self._wanted and not self._stopped:
                if self._thread is None:
                    # The worker's drawing is Python too: hand the interpreter back to the GUI
                    # thread within a millisecond (not the default five), so a frame painted
                    # while a tile renders is not held up waiting for it.
                    sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
                    self._thread = threading.Thread(
                        target=self._run, name="hexcombat tiles", daemon=True
                    )
                    self._thread.start()
                self._cond.notify_all()

    def pending(self) -> bool:
        """Whether tiles are wanted, being rendered, or rendered and not delivered yet."""
        with self._cond:
            return bool(self._wanted or self._busy is not None or self._done)

    def wait(self, timeout: float = 10.0) -> bool:
        """Block until every wanted tile is rendered, then deliver them (tests, benchmarks)."""
        with self._cond:
            idle = self._cond.wait_for(
                lambda: not self._wanted and self._busy is None, timeout=timeout
            )
        self.deliver()
        return idle

    def stop(self, wait: bool = False) -> None:
        """Render nothing more; the thread ends after the tile it is drawing (``wait``: once
        it has, as before the program exits; a map closed for another need not wait)."""
        with self._cond:
            self._stopped = True
            self._wanted = []
            self._cond.notify_all()
        thread = self._thread
        if wait and thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5.0)

    def deliver(self) -> None:
        """Hand the finished tiles to the board (on the GUI thread)."""
        with self._cond:
            done, self._done = self._done, {}
        if done:
            self._deliver_to(done)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._wanted or self._stopped)
                if self._stopped:
                    return
                key = self._busy = self._wanted.pop(0)
            image = self._render(key)
            with self._cond:
                self._busy = None
                self._done[key] = image
                self._cond.notify_all()
            self._finished.emit()


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
        self._river_lines: list[tuple[QPen, list]] | None = None
        self._drawing = threading.RLock()
        """Held while drawing: the worker and a picture drawn on the GUI thread share the
        symbols and river lines, each made on first use."""
        self._tiles: OrderedDict[TileKey, QImage] = OrderedDict()
        self._first_view_budget = FIRST_VIEW_SECONDS  # spent drawing the first view sharp
        self._first_level: float | None = None  # the level the map was first seen at
        self._tile_bytes = 0
        self._overview: QImage | None = None
        self._pyramid: list[QImage] = []
        """The overview at its full size, then halved again and again (see :func:`pyramid`)."""
        self._cells: QImage | None = None
        self._worker: TileWorker | None = None
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

    def stop_rendering(self) -> None:
        """The map is closed: the worker thread renders nothing more."""
        if self._worker is not None:
            self._worker.stop()

    def wait_for_tiles(self, timeout: float = 10.0) -> bool:
        """Block until the tiles asked for are rendered and delivered (tests, benchmarks)."""
        return self._worker is None or self._worker.wait(timeout)

    def tiles_pending(self) -> bool:
        """Whether tiles the view asked for are still to come."""
        return self._worker is not None and self._worker.pending()

    # geometry --------------------------------------------------------------------------------

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self._bounds

    @property
    def _rivers(self) -> list[tuple[QPen, list]]:
        """Each hexside feature's pen and lines, merged on first use (by whichever thread
        draws first: merging a big map's rivers takes a while)."""
        with self._drawing:
            if self._river_lines is None:
                self._river_lines = self._river_pens_and_lines()
            return self._river_lines

    def _river_pens_and_lines(self) -> list[tuple[QPen, list]]:
        """Each hexside feature's pen (its own style: terrain_style.hexside_pen) and lines."""
        drawn = []
        for feature, geometry in feature_lines(self.layout, self.hexmap).items():
            pens = terrain_style.hexside_pens(feature, self.layout.size)
            pen = pens[-1]
            river = feature in RIVER_FEATURES
            # rivers first, major on top of minor; then the other features, thinnest last, so a
            # road along a river hexside stays visible on it
            order = (0, pen.widthF()) if river else (1, -pen.widthF())
            # Bounds grown by the pen: a lone straight hexside has a bounding box of no height
            # (or width), which intersects no tile, so it was never drawn.
            pad = max(p.widthF() for p in pens)
            lines = [
                (path, bounds.adjusted(-pad, -pad, pad, pad))
                for path, bounds in geometry_lines(geometry)
            ]
            for layer, each in enumerate(pens):  # a wall's mortar line under its stones
                drawn.append(((*order, layer), each, lines))
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
        # On the screen nothing waits for a tile; into an image every tile is drawn at once.
        on_screen = isinstance(painter.device(), QWidget)
        if scale * self.layout.size < OVERVIEW_HEX_PX:
            if not on_screen:
                self.overview()
            overview = self._overview_for(self._bounds.width() * scale)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            painter.drawImage(self._bounds, overview, QRectF(overview.rect()))
            return
        level = tile_level(scale)
        span = TILE_PX / level
        i0, i1 = math.floor(exposed.left() / span), math.floor(exposed.right() / span)
        j0, j1 = math.floor(exposed.top() / span), math.floor(exposed.bottom() / span)
        antialiased = painter.testRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # no seams between tiles
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, level != scale)
        source = QRectF(PAD, PAD, TILE_PX, TILE_PX)
        display = self.display
        missing: list[tuple[int, int]] = []
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                tile = self._cached((display, level, i, j))
                if tile is None and not on_screen:
                    tile = self.tile(level, i, j)
                if tile is None:
                    missing.append((i, j))
                    continue
                painter.drawImage(QRectF(i * span, j * span, span, span), tile, source)
        if missing:
            centre = exposed.center()
            missing.sort(key=lambda ij: ((ij[0] + 0.5) * span - centre.x()) ** 2
                         + ((ij[1] + 0.5) * span - centre.y()) ** 2)  # fmt: skip
            missing = self._draw_at_once(painter, level, missing)
        if missing:
            self._draw_meanwhile(painter, level, missing)
            self._want([(display, level, i, j) for i, j in missing])
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, antialiased)

    def _draw_at_once(
        self, painter: QPainter, level: float, missing: list[tuple[int, int]]
    ) -> list[tuple[int, int]]:
        """The map just opened: its first view drawn sharp at once, the middle first, within
        :data:`FIRST_VIEW_SECONDS` (no blurred tiles, no cut labels while the worker catches up);
        the tiles left over are returned for the worker."""
        if self._first_level is None:
            self._first_level = level
        if level != self._first_level:  # a zoom later on: the worker's, the view never waits
            return missing
        span = TILE_PX / level
        source = QRectF(PAD, PAD, TILE_PX, TILE_PX)
        while missing and self._first_view_budget > 0:
            i, j = missing[0]
            began = time.perf_counter()
            tile = self.tile(level, i, j)
            self._first_view_budget -= time.perf_counter() - began
            painter.drawImage(QRectF(i * span, j * span, span, span), tile, source)
            missing = missing[1:]
        return missing

    def _cached(self, key: TileKey) -> QImage | None:
        image = self._tiles.get(key)
        if image is not None:
            self._tiles.move_to_end(key)
        return image

    def _draw_meanwhile(
        self, painter: QPainter, level: float, missing: list[tuple[int, int]]
    ) -> None:
        """Where tiles are still to come, the same place from what is ready: a coarser level's
        tile when one is cached, else the overview (its cells at first), slightly blurred."""
        span = TILE_PX / level
        overview = self._ready_overview()
        scale_x = overview.width() / self._bounds.width()
        scale_y = overview.height() / self._bounds.height()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        for i, j in missing:
            target = QRectF(i * span, j * span, span, span)
            if self._draw_coarser(painter, level, target):
                continue
            part = target.intersected(self._bounds)
            if part.isEmpty():
                continue
            painter.drawImage(
                part,
                overview,
                QRectF(
                    (part.left() - self._bounds.left()) * scale_x,
                    (part.top() - self._bounds.top()) * scale_y,
                    part.width() * scale_x,
                    part.height() * scale_y,
                ),
            )

    def _draw_coarser(self, painter: QPainter, level: float, target: QRectF) -> bool:
        """Draw ``target`` from a cached tile of a coarser level; False when none is cached."""
        coarser = level / 2
        while coarser >= MIN_LEVEL:
            span = TILE_PX / coarser
            i, j = math.floor(target.left() / span), math.floor(target.top() / span)
            tile = self._cached((self.display, coarser, i, j))
            if tile is not None:
                source = QRectF(
                    PAD + (target.left() - i * span) * coarser,
                    PAD + (target.top() - j * span) * coarser,
                    target.width() * coarser,
                    target.height() * coarser,
                )
                painter.drawImage(target, tile, source)
                return True
            coarser /= 2
        return False

    def _want(self, keys: list[TileKey]) -> None:
        if self._worker is None:
            self._worker = TileWorker(self._render_key, self._delivered)
        self._worker.want(keys)

    def _render_key(self, key: TileKey) -> Rendered:
        """Render a tile, or the overview (level :data:`OVERVIEW`), for the worker."""
        display, level, i, j = key
        if level == OVERVIEW:
            return pyramid(self._render_overview())
        return self._render_tile(level, i, j, display)

    def _delivered(self, done: dict[TileKey, Rendered]) -> None:
        """Tiles came from the worker: keep those of the current display and show them."""
        if not shiboken6.isValid(self):  # the map was closed meanwhile
            return
        for key, image in done.items():
            display, level, i, j = key
            if level == OVERVIEW:
                self._overview, self._pyramid = image[0], image
                self.update()
            elif display == self.display:
                self._keep(key, image)
                span = TILE_PX / level
                self.update(QRectF(i * span, j * span, span, span))

    def _keep(self, key: TileKey, image: QImage) -> None:
        self._tiles[key] = image
        self._tile_bytes += TILE_BYTES
        while self._tile_bytes > CACHE_BYTES and len(self._tiles) > 1:
            self._tiles.popitem(last=False)
            self._tile_bytes -= TILE_BYTES

    def tile(self, level: float, i: int, j: int) -> QImage:
        """The cached tile ``(i, j)`` at scale ``level``, rendered now when it is not cached."""
        key = (self.display, level, i, j)
        image = self._cached(key)
        if image is None:
            image = self._render_tile(level, i, j)
            self._keep(key, image)
        return image

    def _render_tile(
        self, level: float, i: int, j: int, display: BoardDisplay | None = None
    ) -> QImage:
        """Tile ``(i, j)`` at scale ``level``, drawn into an image (on any thread)."""
        span = TILE_PX / level
        pad = PAD / level
        rect = QRectF(i * span - pad, j * span - pad, span + 2 * pad, span + 2 * pad)
        image = QImage(TILE_PX + 2 * PAD, TILE_PX + 2 * PAD, QImage.Format.Format_RGB32)
        image.fill(terrain_style.BACKGROUND)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.scale(level, level)
        painter.translate(-rect.left(), -rect.top())
        with self._drawing:
            self.tiles_rendered += 1
            self.draw_board(painter, rect, level, display)
        painter.end()
        return image

    def draw_board(
        self, painter: QPainter, rect: QRectF, level: float, display: BoardDisplay | None = None
    ) -> None:
        """Draw the board within ``rect`` (scene units) at screen scale ``level``, with
        ``display``'s switches (the board's own when not given)."""
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
        show = display or self.display
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
        if self.hexmap.elevation:
            self._draw_elevation(painter, centres, grid)
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

    def _draw_elevation(self, painter: QPainter, centres: list, contours: bool) -> None:
        """Higher ground of the map's ``[elevation]``: each hex above level 0 tinted brown, a
        step darker per level, and (close up) a contour line along each hexside where the
        level changes, as a tactical map prints its hills."""
        elevation = self.hexmap.elevation
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        proto = self._hex
        for h, _kind, (x, y) in centres:
            tint = terrain_style.elevation_tint(elevation.get(h, 0))
            if tint is not None:
                painter.setBrush(tint)
                painter.drawPolygon(proto.translated(x, y))
        if contours:
            painter.setPen(QPen(terrain_style.CONTOUR, self.layout.size * 0.045))
            ends, terrain = self.layout.hexside_endpoints, self.hexmap.terrain
            for h, _kind, _centre in centres:
                level = elevation.get(h, 0)
                for n in h.neighbours():
                    # from both hexes: a tile holding only one of them still draws the line
                    if n in terrain and level != elevation.get(n, 0):
                        a, b = ends(Hexside(h, n))
                        painter.drawLine(QPointF(*a), QPointF(*b))
        painter.restore()

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

    def overview(self) -> QImage:
        """The whole map as one picture for far zooms: a pixel cell per half hex, rivers on top,
        built once (now, when the worker has not built it yet)."""
        if self._overview is None:
            self._pyramid = pyramid(self._render_overview())
            self._overview = self._pyramid[0]
        return self._overview

    def _overview_for(self, width: float) -> QImage:
        """The overview drawn ``width`` device pixels wide: the smallest of its halvings that is
        at least that wide, so a frame scales down no more pixels than the screen shows (a
        200,000-hex map's full overview took 250 ms a frame to scale down)."""
        if not self._pyramid:
            return self._ready_overview()
        fits = [image for image in self._pyramid if image.width() >= width]
        return fits[-1] if fits else self._pyramid[0]

    def _ready_overview(self) -> QImage:
        """The overview if it is built, else its terrain cells (quick to make) while the worker
        builds it with the rivers."""
        if self._overview is not None:
            return self._overview
        self._want([(self.display, OVERVIEW, 0, 0)])
        return self.overview_cells()

    def _cell_grid(self) -> tuple[float, float, int, int]:
        """The overview's cell size (half a hex) and how many columns and rows of cells."""
        s = self.layout.size
        flat = self.layout.orientation == "flat"
        cell_w, cell_h = (
            (1.5 * s, math.sqrt(3) / 2 * s) if flat else (math.sqrt(3) / 2 * s, 1.5 * s)
        )
        b = self._bounds
        cols = max(1, math.ceil(b.width() / cell_w) + 1)
        rows = max(1, math.ceil(b.height() / cell_h) + 1)
        return cell_w, cell_h, cols, rows

    def overview_cells(self) -> QImage:
        """The terrain as one pixel cell per half hex (two cells per hex, along its long
        axis), computed for all hexes at once."""
        with self._drawing:
            if self._cells is None:
                self._cells = self._render_cells()
            return self._cells

    def _render_cells(self) -> QImage:
        cell_w, cell_h, cols, rows = self._cell_grid()
        pixels = array("I", [terrain_style.BACKGROUND.rgb() & 0xFFFFFFFF]) * (cols * rows)
        terrain = self.hexmap.terrain
        if not terrain:
            return QImage(pixels.tobytes(), cols, rows, cols * 4, QImage.Format.Format_RGB32)
        colours = {
            kind: terrain_style.terrain_colour(kind).rgb() & 0xFFFFFFFF
            for kind in set(terrain.values())
        }
        flat = self.layout.orientation == "flat"
        # A hex's cell is whole-number arithmetic of its coordinates: on a flat map its column
        # is q and its row 2r + q, each plus one offset for the whole map (a pointy map the
        # other way round); the offsets come from one hex placed as Layout.hex_to_pixel does.
        h = next(iter(terrain))
        x, y = self.layout.hex_to_pixel(h)
        left, top = self._bounds.left(), self._bounds.top()
        if flat:
            di = int((x - left) / cell_w) - h.q
            dj = int((y - top) / cell_h - 0.5) - (2 * h.r + h.q)
            step = cols  # the hex's lower half: the cell below
        else:
            di = int((x - left) / cell_w - 0.5) - (2 * h.q + h.r)
            dj = int((y - top) / cell_h) - h.r
            step = 1  # the hex's right half: the cell beside
        last = len(pixels) - 1
        for h, kind in terrain.items():
            q, r = h.q, h.r
            if flat:
                cell = (2 * r + q + dj) * cols + q + di
            else:
                cell = (r + dj) * cols + 2 * q + r + di
            colour = colours[kind]
            pixels[cell] = colour
            pixels[min(cell + step, last)] = colour
        image = QImage(pixels.tobytes(), cols, rows, cols * 4, QImage.Format.Format_RGB32)
        return image.copy()  # its own pixels, not the bytes'

    def _render_overview(self) -> QImage:
        """The cells scaled to the map's bounds with the rivers stroked at a visible width."""
        cell_w, cell_h, cols, rows = self._cell_grid()
        cells = self.overview_cells()
        b = self._bounds
        width = min(4096, max(256, cols * 4))
        height = max(1, round(width * b.height() / b.width()))
        image = QImage(width, height, QImage.Format.Format_RGB32)
        image.fill(terrain_style.BACKGROUND)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.scale(width / b.width(), height / b.height())
        painter.translate(-b.left(), -b.top())
        painter.drawImage(QRectF(b.left(), b.top(), cols * cell_w, rows * cell_h), cells)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        with self._drawing:
            for pen, lines in self._rivers:
                wide = QPen(pen)
                wide.setWidthF(max(pen.widthF(), 1.5 * b.width() / width))
                painter.setPen(wide)
                for path, _bounds in lines:
                    painter.drawPath(path)
        painter.end()
        return image


def pyramid(image: QImage, smallest: int = 128) -> list[QImage]:
    """``image`` and its smooth halvings down to ``smallest`` pixels wide."""
    images = [image]
    while images[-1].width() >= 2 * smallest:
        last = images[-1]
        images.append(
            last.scaled(
                last.width() // 2,
                max(1, last.height() // 2),
                Qt.AspectRatioMode.IgnoreAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        )
    return images


def tile_level(scale: float) -> float:
    """The tile scale drawn at screen scale ``scale``: the next power of two, within limits."""
    level = 2.0 ** math.ceil(math.log2(scale))
    return max(MIN_LEVEL, min(level, MAX_LEVEL))
