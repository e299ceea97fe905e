"""The scanned map under the grid, read in tiles at the zoom shown.

A 12,000 x 9,000 scan is 432 MB as a picture in memory; it is never held whole. The item keeps
a small overview of the whole image (at most :data:`OVERVIEW_SIDE` pixels a side) and asks
worker threads for the tiles the view shows, each read with ``QImageReader``'s clip rectangle
and scaled size at the level of detail the zoom needs (level ``n`` halves the image ``n``
times). A frame never waits: it draws the overview, then the tiles already read; the view is
repainted as tiles arrive. Tiles are kept in a least-recently-used cache of
:data:`CACHE_BYTES`.

Only a baseline JPEG can be read a part at a time without decoding all of it. A PNG or a
progressive JPEG is copied once, band by band, into strips of baseline JPEG in the user's cache
folder, by a converter process of its own (:mod:`hexcombat.ui.image_convert`: a band of the
picture at a time, in its memory, never in the window's), whose progress the window shows with
the overview of the part read so far; tiles are read from the strips from then on.
"""

from __future__ import annotations

import atexit
import hashlib
import math
import os
import sys
import threading
from collections import OrderedDict
from pathlib import Path

from PySide6.QtCore import (
    QObject,
    QProcess,
    QRect,
    QRectF,
    QRunnable,
    QSize,
    QStandardPaths,
    QThreadPool,
)
from PySide6.QtCore import Signal as QtSignal
from PySide6.QtGui import QImage, QImageReader, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from hexcombat.board.layout import Layout
from hexcombat.board.mapfile import HexMap
from hexcombat.board.mapimage import ImageInfo, MapImage, image_info
from hexcombat.ui.image_convert import OVERVIEW_NAME, convert, read_strips, strip_rows

IMAGE_Z = -20.0
"""Beneath the board (-10), which is drawn over the image faintly or not at all."""
TILE = 512
"""Tile side in pixels as drawn (a tile of level ``n`` covers ``TILE << n`` image pixels)."""
OVERVIEW_SIDE = 1024
"""The overview's longest side: drawn whenever a tile is not read yet."""
CACHE_BYTES = 96 * 1024 * 1024
"""The tiles kept in memory (a 1080p screen shows about twelve 1 MB tiles)."""
_FORMAT = QImage.Format.Format_ARGB32_Premultiplied

_MAX_WANTED = 64
"""More tiles wanted than four screens show: the older ones are from a view panned away."""

_WORKER_NICE = 10
"""How much lower a worker thread runs than the window (a nice value; 19 is the lowest)."""
_BATCH = 24
"""The most tiles read as one clip (a 1080p screen shows about twelve)."""

TileKey = tuple[int, int, int]
"""(level, column, row) of a tile."""
OVERVIEW: TileKey = (-1, 0, 0)
"""The key the overview arrives with."""


class _Signals(QObject):
    tile_read = QtSignal(object, object)
    """A tile's key and its QImage (null when it could not be read)."""
    converted = QtSignal(str)
    """The baseline JPEG copy of a PNG is ready (its path), or "" when it could not be made."""
    unreadable = QtSignal(str)
    """The image turned out unreadable past its header: why, for the status bar."""
    progress = QtSignal(int)
    """How far the first open's conversion is, 0 to 100 (100: done, or given up)."""


class _ReadTiles(QRunnable):
    """Reads the tiles one frame lacked in a worker thread, as one clip of the image: a JPEG is
    decoded row by row from its top whatever the clip, so one read of the whole band costs
    what one tile of its last row would."""

    def __init__(self, item: MapImageItem, path: str, keys: list[TileKey]) -> None:
        super().__init__()
        self.signals = item.signals
        self.wanted = item.wanted
        self.size = (item.info.width, item.info.height)
        self.path, self.keys = path, keys

    def run(self) -> None:
        _yield_to_the_window()
        try:
            self._read()
        except RuntimeError:  # the window closed while reading: nobody to tell
            pass

    def _read(self) -> None:
        keys = [key for key in self.keys if key in self.wanted]
        for key in set(self.keys) - set(keys):
            self.signals.tile_read.emit(key, None)
        if not keys:
            return
        level = keys[0][0]
        band = QRect()
        for key in keys:
            band = band.united(tile_rects(key, *self.size)[0])
        if Path(self.path).is_dir():  # the strips copy of a PNG or progressive JPEG
            image = read_strips(Path(self.path), band, level, strip_rows(self.size[0]))
        else:
            reader = QImageReader(self.path)
            reader.setClipRect(band)
            reader.setScaledSize(
                QSize(
                    math.ceil(band.width() / (1 << level)), math.ceil(band.height() / (1 << level))
                )
            )
            image = reader.read()
        for key in keys:
            if image.isNull():
                self.signals.tile_read.emit(key, image)  # null: not asked for again
                continue
            clip, scaled = tile_rects(key, *self.size)
            x, y = (clip.x() - band.x()) >> level, (clip.y() - band.y()) >> level
            tile = image.copy(QRect(x, y, scaled.width(), scaled.height()))
            self.signals.tile_read.emit(key, tile.convertToFormat(_FORMAT))


class _ReadOverview(QRunnable):
    """Reads the whole image scaled down to the overview, in a worker thread."""

    def __init__(self, signals: _Signals, path: str, size: QSize) -> None:
        super().__init__()
        self.signals, self.path, self.size = signals, path, size

    def run(self) -> None:
        _yield_to_the_window()
        if Path(self.path).is_dir():  # a strips copy keeps its overview
            reader = QImageReader(str(Path(self.path) / OVERVIEW_NAME))
        else:
            reader = QImageReader(self.path)
            reader.setScaledSize(self.size)
        image = reader.read()
        if not image.isNull():
            image = image.convertToFormat(_FORMAT)
        try:
            self.signals.tile_read.emit(OVERVIEW, image)
        except RuntimeError:  # the window closed while reading
            pass


class _Convert(QRunnable):
    """Makes the strips copy of a PNG (or progressive JPEG) in a worker thread: when no
    converter process can be started (its memory is then the window's, a band's)."""

    def __init__(self, signals: _Signals, source: str, target: str, overview: QSize) -> None:
        super().__init__()
        self.signals, self.source, self.target = signals, source, target
        self.overview = overview

    def run(self) -> None:
        _yield_to_the_window()
        try:
            self._convert()
        except RuntimeError:  # the window closed while converting
            pass

    def _convert(self) -> None:
        def told(share: int) -> None:
            _emit(self.signals.progress, min(99, share))

        def shown(path: Path) -> None:
            image = QImage(str(path))
            path.unlink(missing_ok=True)
            if not image.isNull():
                _emit2(self.signals.tile_read, OVERVIEW, image.convertToFormat(_FORMAT))

        try:
            why = convert(Path(self.source), Path(self.target), told, (self.overview, shown))
        except (OSError, ValueError) as exc:
            why = str(exc)
        _emit(self.signals.progress, 100)
        self.signals.converted.emit(self.target if why is None else "")


class _Converter(QObject):
    """The converter process making the baseline copy of one picture; items showing the same
    picture share it (the window and the map editor), so the copy is written once."""

    running: dict[str, _Converter] = {}

    def __init__(self, source: str, target: str, overview: QSize) -> None:
        super().__init__()
        self.source, self.target, self.overview = source, target, overview
        self.signals: list[_Signals] = []
        self.errors = b""
        self.output = b""
        self.process = QProcess(self)
        self.process.readyReadStandardOutput.connect(self._read_progress)
        self.process.readyReadStandardError.connect(self._read_errors)
        self.process.finished.connect(self._finished)
        self.process.errorOccurred.connect(self._failed)
        program, arguments = converter_command(source, target)
        arguments += [str(overview.width()), str(overview.height())]
        _Converter.running[target] = self
        self.process.start(program, arguments)

    @classmethod
    def start(cls, signals: _Signals, source: str, target: str, overview: QSize) -> None:
        converter = cls.running.get(target) or cls(source, target, overview)
        converter.signals.append(signals)

    def _read_progress(self) -> None:
        self.output += bytes(self.process.readAllStandardOutput().data())
        *lines, rest = self.output.split(b"\n")
        self.output = rest[-2000:]
        text = [line.decode("utf-8", "replace") for line in lines]
        shares = [line.split()[1] for line in text if line.startswith("progress ")]
        if shares and shares[-1].isdigit():
            for signals in self.signals:
                _emit(signals.progress, min(99, int(shares[-1])))
        for line in text:
            if line.startswith("overview "):
                self._overview(line.removeprefix("overview "))

    def _overview(self, path: str) -> None:
        """The overview the converter wrote as soon as the picture was decoded: shown while the
        copy to read tiles from is written."""
        if Path(path).parent != Path(self.target).parent:
            return
        image = QImage(path)
        Path(path).unlink(missing_ok=True)
        if not image.isNull():
            image = image.convertToFormat(_FORMAT)
            for signals in self.signals:
                _emit2(signals.tile_read, OVERVIEW, image)

    def _read_errors(self) -> None:
        self.errors = (self.errors + bytes(self.process.readAllStandardError().data()))[-2000:]

    def _finished(self, code: int, _status: QProcess.ExitStatus) -> None:
        done = code == 0 and Path(self.target).is_dir()
        self._end(self.target if done else "")

    def _failed(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:  # no converter: convert here instead
            _Converter.running.pop(self.target, None)
            for signals in self.signals:
                _readers().start(_Convert(signals, self.source, self.target, self.overview))
            self.signals = []

    def _end(self, target: str) -> None:
        _Converter.running.pop(self.target, None)
        for signals in self.signals:
            _emit(signals.progress, 100)
            _emit(signals.converted, target)
        self.signals = []


def _emit(signal: QtSignal, value: object) -> None:
    try:
        signal.emit(value)
    except RuntimeError:  # the item's window closed
        pass


def _emit2(signal: QtSignal, first: object, second: object) -> None:
    try:
        signal.emit(first, second)
    except RuntimeError:  # the item's window closed
        pass


def converter_command(source: str, target: str) -> tuple[str, list[str]]:
    """The converter process's program and arguments: the installed program's own hidden
    ``convert-image`` command, or this Python's module."""
    if getattr(sys, "frozen", False):
        return sys.executable, ["convert-image", source, target]
    return sys.executable, ["-m", "hexcombat.ui.image_convert", source, target]


_POOL: list[QThreadPool] = []


@atexit.register
def _stop_readers() -> None:
    """Drop the reads not started and wait for those under way before the program exits: a
    reader thread still running while Qt and Python tear down crashes the process. A converter
    still running is stopped (its half-written copy is never taken for a whole one)."""
    for pool in _POOL:
        pool.clear()
        pool.waitForDone(5000)
    for converter in list(_Converter.running.values()):  # its copy is made next time instead
        converter.process.kill()
        converter.process.waitForFinished(2000)


def _readers() -> QThreadPool:
    """The two threads every map image reads with: shared, so closing a game never waits for
    a read under way (its result then goes nowhere)."""
    if not _POOL:
        pool = QThreadPool()
        pool.setMaxThreadCount(2)
        _POOL.append(pool)
    return _POOL[0]


def _yield_to_the_window() -> None:
    """Lower this worker thread's priority where the system allows it (Linux: each thread has
    its own nice value), so the window's frames come first when the cores are busy."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), _WORKER_NICE)
    except (AttributeError, OSError):
        pass


def tile_rects(key: TileKey, width: int, height: int) -> tuple[QRect, QSize]:
    """The image pixels a tile covers (cut at the image's edge) and its size when read."""
    level, col, row = key
    span = TILE << level
    x, y = col * span, row * span
    w, h = min(span, width - x), min(span, height - y)
    return QRect(x, y, w, h), QSize(
        max(1, math.ceil(w / (1 << level))), max(1, math.ceil(h / (1 << level)))
    )


def overview_level(width: int, height: int) -> int:
    """The level at which the whole image fits :data:`OVERVIEW_SIDE`: tiles are of the levels
    below it."""
    return max(0, math.ceil(math.log2(max(width, height) / OVERVIEW_SIDE)))


def overview_size(width: int, height: int) -> QSize:
    """The overview's size: the whole image at :func:`overview_level`."""
    shrink = 1 << overview_level(width, height)
    return QSize(max(1, math.ceil(width / shrink)), max(1, math.ceil(height / shrink)))


def converted_copy(path: Path, width: int) -> Path:
    """Where the strips copy of a PNG or progressive JPEG lives (a folder,
    :mod:`hexcombat.ui.image_convert`): the user's cache folder, named by the picture's path,
    size and time, so an edited scan is converted again, and by its strips' rows. A copy of an
    older hexcombat (one JPEG of the whole picture, ``NAME.jpg``) is removed."""
    stat = path.stat()
    key = f"{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}".encode()
    folder = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.CacheLocation))
    folder = folder / "map-images"
    folder.mkdir(parents=True, exist_ok=True)
    name = hashlib.sha256(key).hexdigest()[:24]
    (folder / f"{name}.jpg").unlink(missing_ok=True)
    return folder / f"{name}-{strip_rows(width)}"


class MapImageItem(QGraphicsItem):
    """Draws the map's image beneath the board, in image pixels placed on the hex layout."""

    def __init__(self, image: MapImage, layout: Layout, info: ImageInfo | None = None) -> None:
        super().__init__()
        self.image = image
        self.info = info or image_info(image.path)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setZValue(IMAGE_Z)
        kx, ky = image.scale(layout.orientation)
        sx, sy = layout.size / kx, layout.size / ky
        ox, oy = layout.origin
        self.setTransform(
            QTransform(sx, 0, 0, sy, ox - image.origin[0] * sx, oy - image.origin[1] * sy)
        )
        self.signals = _Signals()
        self.signals.tile_read.connect(self._tile_read)
        self.signals.converted.connect(self._converted)
        self.pool = _readers()
        self.tiles: OrderedDict[TileKey, QImage] = OrderedDict()
        self.cache_bytes = 0
        self.pending: set[TileKey] = set()
        self.failed: set[TileKey] = set()
        """Tiles the reader could not read (a damaged part of a file): not asked for again."""
        self.wanted: set[TileKey] = set()
        """The tiles the last frame lacked; a worker skips a tile no longer wanted."""
        self._closed = False
        self.wanted_level = -1
        self.top = overview_level(self.info.width, self.info.height)
        self.source: str | None = None
        """The file tiles are read from: the image, or its baseline copy (None until made)."""
        self.overview = QImage()
        self.problem: str | None = None
        """Why the image could not be read (shown in the status bar), or None."""
        self.progress = 1.0
        """How far the first open's conversion is, 0 to 1 (1 when there is none to do)."""
        if self.info.tiled:
            self._use(str(image.path))
        else:
            copy = converted_copy(image.path, self.info.width)
            if copy.is_dir():
                self._use(str(copy))
            else:
                self.progress = 0.0
                self.signals.progress.connect(self._progress)
                size = overview_size(self.info.width, self.info.height)
                _Converter.start(self.signals, str(image.path), str(copy), size)

    # reading -------------------------------------------------------------------------------

    def _use(self, source: str) -> None:
        """Read tiles from ``source``, the overview first (in a worker too: about 0.1 to 0.5 s
        for a 12,000 x 9,000 JPEG, decoded at an eighth of its size); until it comes the board
        is drawn over nothing."""
        self.source = source
        size = overview_size(self.info.width, self.info.height)
        self.pool.start(_ReadOverview(self.signals, source, size))

    def _progress(self, share: int) -> None:
        self.progress = share / 100

    def _converted(self, target: str) -> None:
        if not target:
            self._unreadable("could not be decoded")
            return
        self._use(target)

    def _unreadable(self, why: str) -> None:
        self.problem = f"the map image {self.image.path} {why}; the map is drawn without it"
        self.signals.unreadable.emit(self.problem)

    def _tile_read(self, key: TileKey, image: QImage | None) -> None:
        """A tile arrived (None: skipped, no longer wanted; a null image: unreadable)."""
        self.pending.discard(key)
        if image is None:
            return
        if key == OVERVIEW:
            if image.isNull():
                self._unreadable("could not be read")
            else:
                self.overview = image
                self.update()
            return
        if image.isNull():
            self.failed.add(key)
            return
        self.tiles[key] = image
        self.cache_bytes += image.sizeInBytes()
        while self.cache_bytes > CACHE_BYTES and self.tiles:
            _, old = self.tiles.popitem(last=False)
            self.cache_bytes -= old.sizeInBytes()
        self.update(QRectF(tile_rects(key, self.info.width, self.info.height)[0]))

    def close(self) -> None:
        """Stop reading (the window shows another game): queued reads are dropped, and a read
        under way finishes into nothing."""
        self.wanted.clear()
        if self._closed:  # the map was let go of twice (another game, then the window closed)
            return
        self._closed = True
        try:
            self.signals.tile_read.disconnect(self._tile_read)
            self.signals.converted.disconnect(self._converted)
        except (RuntimeError, TypeError):
            pass

    # drawing -------------------------------------------------------------------------------

    def boundingRect(self) -> QRectF:  # noqa: N802
        return QRectF(0, 0, self.info.width, self.info.height)

    def level_for(self, pixels_per_image_pixel: float) -> int:
        """The tile level whose pixels are at least as fine as the screen's."""
        if pixels_per_image_pixel <= 0:
            return self.top
        return min(self.top, max(0, math.floor(math.log2(1.0 / pixels_per_image_pixel))))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        bounds = self.boundingRect()
        exposed = option.exposedRect.intersected(bounds).intersected(_on_device(painter))
        if exposed.isEmpty() or self.overview.isNull():
            return
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawImage(bounds, self.overview)
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        level = self.level_for(lod)
        if level >= self.top:
            return
        span = TILE << level
        cols = range(int(exposed.left()) // span, int(math.ceil(exposed.right())) // span + 1)
        rows = range(int(exposed.top()) // span, int(math.ceil(exposed.bottom())) // span + 1)
        missing: set[TileKey] = set()
        for row in rows:
            for col in cols:
                key = (level, col, row)
                if col * span >= self.info.width or row * span >= self.info.height:
                    continue
                tile = self.tiles.get(key)
                if tile is None:
                    if key not in self.failed:
                        missing.add(key)
                    self._draw_parent(painter, key)
                    continue
                self.tiles.move_to_end(key)
                painter.drawImage(QRectF(tile_rects(key, *self._size())[0]), tile)
        self._want(missing)

    def _size(self) -> tuple[int, int]:
        """The image's width and height in pixels."""
        return self.info.width, self.info.height

    def _draw_parent(self, painter: QPainter, key: TileKey) -> None:
        """A coarser tile already read stands in for one not read yet."""
        level, col, row = key
        for up in range(1, self.top - level):
            parent = (level + up, col >> up, row >> up)
            tile = self.tiles.get(parent)
            if tile is None:
                continue
            clip = QRectF(tile_rects(key, *self._size())[0])
            pclip = QRectF(tile_rects(parent, *self._size())[0])
            f = 1.0 / (1 << parent[0])
            source = QRectF(
                (clip.x() - pclip.x()) * f,
                (clip.y() - pclip.y()) * f,
                clip.width() * f,
                clip.height() * f,
            )
            painter.drawImage(clip, tile, source)
            return

    def _want(self, missing: set[TileKey]) -> None:
        """Ask the workers for the tiles this frame lacked; tiles of another zoom, or of a view
        long panned away, are no longer wanted (a frame may paint in several parts, so the
        wanted tiles of one zoom add up)."""
        level = next(iter(missing))[0] if missing else self.wanted_level
        if level != self.wanted_level or len(self.wanted) > _MAX_WANTED:
            self.wanted.clear()
            self.wanted_level = level
        self.wanted.update(missing)
        if self.source is None:
            return
        asked = sorted(missing - self.pending, key=lambda k: (k[2], k[1]))
        for start in range(0, len(asked), _BATCH):
            batch = asked[start : start + _BATCH]
            self.pending.update(batch)
            self.pool.start(_ReadTiles(self, self.source, batch))


def _on_device(painter: QPainter) -> QRectF:
    """The part of the item the painter's device shows: a whole-scene render (a grab, a
    print) may expose all of the item, of which only this part is drawn."""
    device = painter.device()
    inverse, invertible = painter.worldTransform().inverted()
    if device is None or not invertible:
        return QRectF()
    return inverse.mapRect(QRectF(0, 0, device.width(), device.height()))


def map_image_item(hexmap: HexMap, layout: Layout) -> tuple[MapImageItem | None, str | None]:
    """The item drawing ``hexmap``'s scanned image, or None and why not (no image named: no
    reason; the image missing, not a picture or too large: the reason, for the window to say
    while the game opens without it; a picture damaged past its header is said by the item's
    ``signals.unreadable`` when its overview cannot be read)."""
    if hexmap.image is None:
        return None, None
    try:
        info = image_info(hexmap.image.path)
    except (OSError, ValueError) as exc:
        return None, f"{exc}; the map is drawn without it"
    return MapImageItem(hexmap.image, layout, info), None
