"""The first open of a scan that cannot be read a part at a time (a PNG, a progressive JPEG):
copied once, band by band, into strips of baseline JPEG, in a process of its own.

The copy is a folder of strips of :func:`strip_rows` rows (``0000.jpg``, ``0001.jpg`` ...)
and the picture's overview (``overview.png``); tiles are read from the strips, a strip at a
time, and a later open shows the overview at once. The folder is written as ``TARGET.part``
and renamed, so a copy that is there is whole.

The picture is never decoded whole. A PNG's compressed rows are inflated as the file is read
and handed to Qt's PNG reader a strip's rows at a time, each band preceded by the last row
of the band before (PNG rows are filtered against the row above), so the memory is a band's,
whatever the picture's size. A progressive JPEG keeps its coefficients in memory while decoded
(libjpeg needs them all for any row: about 3 bytes a pixel, 6 without colour subsampling,
within the 4 bytes a pixel :func:`hexcombat.board.mapimage.header_info` allows); its overview
is read first at an eighth of its size, then its strips in bands, never the whole picture
decoded beside the coefficients. An interlaced PNG, whose rows come in seven passes over the
whole picture, is decoded whole (within :data:`~hexcombat.board.mapimage.MAX_DECODED_BYTES`).

The window starts this converter (``hexcombat convert-image SOURCE TARGET W H``, or
``python -m hexcombat.ui.image_convert``) and stays within its own memory, showing the progress
the converter prints (``progress N``, N from 0 to 100) and each overview it writes
(``overview PATH``: the part of the picture read so far, every half second or so, then all
of it), and reads tiles from the copy when it is there.
"""

from __future__ import annotations

import math
import shutil
import struct
import sys
import time
import zlib
from array import array
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QLoggingCategory,
    QPoint,
    QRect,
    QSize,
    Qt,
)
from PySide6.QtGui import QImage, QImageReader, QImageWriter, QPainter

from hexcombat.board.mapimage import MAX_DECODED_BYTES, ImageInfo, header_info

STRIP = 512
"""The most rows in one strip of the copy (and in one band of a PNG as it is read)."""
BAND_BYTES = 24 << 20
"""The most memory a strip takes decoded (four bytes a pixel): the converter holds a few, so
its memory stays within a few of these whatever the picture's size."""
PROGRESSIVE_STRIPS = 2
"""Strips of a progressive JPEG decoded at once: each band decodes the file down to its foot
again, so fewer, taller bands are quicker (at a band's memory more)."""


def strip_rows(width: int) -> int:
    """Rows in one strip of the copy of a picture ``width`` pixels wide: :data:`STRIP`, halved
    until a strip takes at most :data:`BAND_BYTES` (128 rows for the widest picture shown). A
    power of two from 64 up: a multiple of 16, so the strips of a subsampled JPEG meet without
    a seam, and of every tile level's shrink, so a tile's rows start on a whole row of each."""
    rows = STRIP
    while rows > 64 and width * 4 * rows > BAND_BYTES:
        rows //= 2
    return rows


QUALITY = 90
OVERVIEW_EVERY = 0.5
"""Seconds between the overviews written while a PNG is read (the part read so far)."""
_INFLATE_OUT = 1 << 20
"""The most inflated bytes taken from one piece of compressed data at a time: a PNG whose
rows compress a thousand to one never inflates more than this beyond the band."""
_READ = 1 << 18
"""Bytes of a PNG's data read from the file at a time (a PNG may hold all in one chunk)."""

# A PNG's bytes per pixel (its filters' unit) -> a PNG type of the same unit that Qt reads
# back byte for byte: (colour type, bit depth).
_STAND_IN = {1: (0, 8), 2: (0, 16), 3: (2, 8), 4: (6, 8), 6: (2, 16), 8: (6, 16)}
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}


class Unreadable(ValueError):
    """The picture cannot be read past its header (cut short, damaged): why."""


def strip_name(index: int) -> str:
    """The file name of strip ``index`` in a copy's folder."""
    return f"{index:04d}.jpg"


OVERVIEW_NAME = "overview.png"


def read_strips(folder: Path, clip: QRect, level: int, rows: int) -> QImage:
    """The part ``clip`` of the picture a copy's ``folder`` (strips of ``rows`` rows) holds,
    shrunk ``level`` times by half: read from the strips it crosses, each a part of a baseline
    JPEG (libjpeg decodes only the rows down to the part's bottom, and at a half, a quarter or
    an eighth of the size directly). A null image when a strip cannot be read."""
    shrink = 1 << level
    out = QImage(
        max(1, math.ceil(clip.width() / shrink)),
        max(1, math.ceil(clip.height() / shrink)),
        QImage.Format.Format_RGB32,
    )
    painter = QPainter(out)
    try:
        for index in range(clip.top() // rows, clip.bottom() // rows + 1):
            part = clip.intersected(QRect(clip.left(), index * rows, clip.width(), rows))
            reader = QImageReader(str(folder / strip_name(index)))
            reader.setClipRect(part.translated(0, -index * rows))
            reader.setScaledSize(
                QSize(
                    max(1, math.ceil(part.width() / shrink)),
                    max(1, math.ceil(part.height() / shrink)),
                )
            )
            piece = reader.read()
            if piece.isNull():
                return QImage()
            painter.drawImage(QPoint(0, (part.top() - clip.top()) // shrink), piece)
    finally:
        painter.end()
    return out


# PNG bands -------------------------------------------------------------------------------------


def _chunk(kind: bytes, *data: bytes | memoryview) -> list[bytes | memoryview]:
    """A PNG chunk as pieces to join (no copy of ``data`` until then)."""
    length = sum(len(d) for d in data)
    crc = zlib.crc32(kind)
    for piece in data:
        crc = zlib.crc32(piece, crc)
    return [struct.pack(">I", length), kind, *data, struct.pack(">I", crc)]


def _stored(rows: list[memoryview]) -> list[bytes | memoryview]:
    """``rows`` as a zlib stream of stored (not compressed) deflate blocks: Qt's reader then
    only copies them, and nothing is spent compressing what is read at once."""
    out: list[bytes | memoryview] = [b"\x78\x01"]
    adler = 1
    blocks = [r[at : at + 0xFFFF] for r in rows for at in range(0, len(r), 0xFFFF)]
    for index, block in enumerate(blocks):
        size = len(block)
        out += [struct.pack("<BHH", index == len(blocks) - 1, size, size ^ 0xFFFF), block]
        adler = zlib.adler32(block, adler)
    if not blocks:
        out.append(b"\x01\x00\x00\xff\xff")
    out.append(struct.pack(">I", adler))
    return out


def _png(
    width: int, height: int, colour: int, depth: int, extra: bytes, rows: list[memoryview]
) -> bytes:
    """A PNG of ``rows`` (filtered, as a PNG holds them), stored without compression: read by
    Qt at the speed of a copy."""
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    return b"".join(
        [
            b"\x89PNG\r\n\x1a\n",
            *_chunk(b"IHDR", header),
            extra,
            *_chunk(b"IDAT", *_stored(rows)),
            *_chunk(b"IEND"),
        ]
    )


def _decoded(data: bytes) -> QImage:
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer, b"png")
    image = reader.read()
    if image.isNull():
        raise Unreadable(f"could not be decoded ({reader.errorString()})")
    return image


def _raw_row(image: QImage, y: int, colour: int, depth: int) -> bytes:
    """Row ``y`` of a stand-in picture as the PNG's bytes (unfiltered): what the next band's
    first row is filtered against."""
    width = image.width()
    if colour == 0 and depth == 8:
        row = image.copy(0, y, width, 1).convertToFormat(QImage.Format.Format_Grayscale8)
        return bytes(row.constBits())[:width]
    if depth == 8:
        fmt = QImage.Format.Format_RGB888 if colour == 2 else QImage.Format.Format_RGBA8888
        row = image.copy(0, y, width, 1).convertToFormat(fmt)
        return bytes(row.constBits())[: width * (3 if colour == 2 else 4)]
    fmt = QImage.Format.Format_Grayscale16 if colour == 0 else QImage.Format.Format_RGBA64
    row = image.copy(0, y, width, 1).convertToFormat(fmt)
    values = array("H")
    values.frombytes(bytes(row.constBits())[: width * (2 if colour == 0 else 8)])
    if colour == 2:
        del values[3::4]  # RGBA64's alpha: the PNG has none
    if sys.byteorder == "little":
        values.byteswap()  # a PNG's samples are big-endian
    return values.tobytes()


def _png_parts(path: Path) -> tuple[bytes, Iterator[bytes]]:
    """A PNG's header chunk data and its palette and transparency chunks (whole), and its
    compressed image data, piece by piece as the file is read."""
    file = path.open("rb")
    if file.read(8) != b"\x89PNG\r\n\x1a\n":
        file.close()
        raise Unreadable("could not be decoded (it is not a PNG)")
    header, extra = b"", b""
    while True:
        top = file.read(8)
        if len(top) < 8:
            file.close()
            raise Unreadable("could not be decoded (it is cut short before its image data)")
        length, kind = struct.unpack(">I4s", top)
        if kind == b"IDAT":
            break
        if kind not in (b"IHDR", b"PLTE", b"tRNS"):  # text, colour profile ...: not read
            file.seek(length + 4, 1)
            continue
        data = file.read(min(length, 1024))  # IHDR 13 bytes, a palette at most 768
        file.read(4)
        if len(data) < length:
            file.close()
            raise Unreadable("could not be decoded (a damaged chunk before its image data)")
        if kind == b"IHDR":
            header = data
        else:
            extra += b"".join(_chunk(kind, data))

    def pieces() -> Iterator[bytes]:
        nonlocal length, kind
        with file:
            while kind == b"IDAT":
                left = length
                while left:
                    piece = file.read(min(left, _READ))
                    if not piece:
                        return
                    left -= len(piece)
                    yield piece
                file.read(4)
                top = file.read(8)
                if len(top) < 8:
                    return
                length, kind = struct.unpack(">I4s", top)

    return header + extra, pieces()


def png_bands(path: Path, rows: int) -> Iterator[QImage]:
    """The picture of a (not interlaced) PNG, ``rows`` rows at a time, top to bottom, each
    decoded by Qt as the whole picture would be; ``Unreadable`` when its data stops short or
    is damaged. Memory: a band (and a megabyte of inflated data), whatever the picture's size."""
    parts, pieces = _png_parts(path)
    header, extra = parts[:13], parts[13:]
    if len(header) < 13:
        raise Unreadable("could not be decoded (no image header before its image data)")
    width, height, depth, colour, _c, _f, interlace = struct.unpack(">IIBBBBB", header)
    if depth not in _DEPTHS.get(colour, ()) or interlace or not (width and height):
        raise Unreadable(f"could not be decoded (a PNG of colour type {colour}, {depth} bits)")
    channels = _CHANNELS[colour]
    line = (width * channels * depth + 7) // 8
    unit = max(1, channels * depth // 8)
    stand_colour, stand_depth = _STAND_IN[unit]
    stand_width = line // unit
    same = (colour, depth) == (stand_colour, stand_depth) and b"tRNS" not in extra
    inflate = zlib.decompressobj()
    pending = bytearray()
    above = b""  # the row before the band, unfiltered
    done = 0

    def band(filtered: bytes, count: int) -> QImage:
        nonlocal above
        rows = [memoryview(b"\x00" + above)] if above else []
        rows.append(memoryview(filtered))
        total = count + len(rows) - 1
        stand = _decoded(_png(stand_width, total, stand_colour, stand_depth, b"", rows))
        if same:
            image = stand
        else:
            image = _decoded(_png(width, total, colour, depth, extra, rows))
        above = _raw_row(stand, total - 1, stand_colour, stand_depth)
        return image.copy(0, total - count, width, count) if total > count else image

    for piece in pieces:
        tail = piece
        while tail:
            try:
                pending += inflate.decompress(tail, _INFLATE_OUT)
            except zlib.error as exc:
                raise Unreadable(f"could not be decoded (its data is damaged: {exc})") from None
            tail = inflate.unconsumed_tail
            while len(pending) >= rows * (line + 1) and done < height:
                count = min(rows, height - done)
                size = count * (line + 1)
                with memoryview(pending) as view:
                    filtered = bytes(view[:size])
                del pending[:size]
                yield band(filtered, count)
                del filtered
                done += count
    while done < height and len(pending) >= line + 1:
        count = min(rows, height - done, len(pending) // (line + 1))
        size = count * (line + 1)
        with memoryview(pending) as view:
            filtered = bytes(view[:size])
        del pending[:size]
        yield band(filtered, count)
        del filtered
        done += count
    if done < height:
        raise Unreadable(
            f"could not be decoded (its data stops at row {done:,} of {height:,}: cut short)"
        )


# the copy --------------------------------------------------------------------------------------


class _Copy:
    """The copy's folder as it is written: strips, and the overview built band by band."""

    def __init__(
        self,
        part: Path,
        info: ImageInfo,
        overview: tuple[QSize, Callable[[Path], None]] | None,
    ) -> None:
        self.part, self.info = part, info
        self.strip_rows = strip_rows(info.width)
        if part.exists():  # a copy left half made (the window closed while it was made)
            shutil.rmtree(part)
        for shown in part.parent.glob(f"{part.name}.overview-*.png"):
            shown.unlink(missing_ok=True)
        part.mkdir(parents=True)
        self.size = overview[0] if overview else QSize(1, 1)
        self.tell = overview[1] if overview else None
        self.small = QImage(self.size, QImage.Format.Format_ARGB32_Premultiplied)
        self.small.fill(Qt.GlobalColor.transparent)
        self.said = 0
        self.last = -math.inf
        self.fresh = False
        """Whether the overview has rows the window was not shown yet."""
        self.rows = 0
        self.writer = ThreadPoolExecutor(max_workers=1)
        """Writes one strip while the next band is decoded (Qt lets go of Python meanwhile)."""
        self.writing: Future[None] | None = None

    def strip(self, top: int, image: QImage, paint: bool = True) -> None:
        """Write the rows from ``top`` (a multiple of a strip's rows) as strips, and put them
        on the overview (unless it is whole already). One strip is written at a time, beside
        the band being decoded: the memory of two bands."""
        for at in range(0, image.height(), self.strip_rows):
            rows = min(self.strip_rows, image.height() - at)
            piece = image if rows == image.height() else image.copy(0, at, image.width(), rows)
            self.written()
            path = self.part / strip_name((top + at) // self.strip_rows)
            self.writing = self.writer.submit(_write_strip, piece, path)
        self.rows = top + image.height()
        if paint:
            self._paint(top, image)

    def written(self) -> None:
        """Wait for the strip being written (``OSError`` when it could not be)."""
        if self.writing is not None:
            writing, self.writing = self.writing, None
            writing.result()

    def close(self) -> None:
        self.writer.shutdown(wait=True, cancel_futures=True)

    def _paint(self, top: int, image: QImage) -> None:
        sy = self.size.height() / self.info.height
        y0, y1 = round(top * sy), round((top + image.height()) * sy)
        if y1 <= y0:
            return
        scaled = image.scaled(
            QSize(self.size.width(), y1 - y0),
            Qt.AspectRatioMode.IgnoreAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
        painter = QPainter(self.small)
        painter.drawImage(QPoint(0, y0), scaled)
        painter.end()
        self.fresh = True

    def show(self, whole: QImage | None = None, force: bool = False) -> None:
        """Tell the window of the overview so far, when it has more to show (at most every
        :data:`OVERVIEW_EVERY` s unless ``force``)."""
        if whole is not None:
            self.small = whole.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
            self.fresh = True
        if self.tell is None or not self.fresh:
            return
        if not force and time.monotonic() - self.last < OVERVIEW_EVERY:
            return
        self.last, self.fresh = time.monotonic(), False
        self.said += 1
        shown = self.part.with_name(f"{self.part.name}.overview-{self.said}.png")
        if self.small.save(str(shown), "PNG", 100):  # 100: not compressed, written at once
            self.tell(shown)

    def finish(self, target: Path) -> None:
        self.written()
        self.small.save(str(self.part / OVERVIEW_NAME), "PNG")
        if target.exists():
            shutil.rmtree(target)
        self.part.replace(target)


def _write_strip(piece: QImage, path: Path) -> None:
    writer = QImageWriter(str(path), b"jpeg")
    writer.setQuality(QUALITY)
    if not writer.write(piece):
        raise OSError(f"its copy could not be written to {path} ({writer.errorString()})")


def convert(
    source: Path,
    target: Path,
    told: Callable[[int], None],
    overview: tuple[QSize, Callable[[Path], None]] | None = None,
) -> str | None:
    """Write the strips copy of ``source`` to the folder ``target``; None when done, else why
    not. ``told`` hears the progress (0 to 100); with ``overview`` (a size and whom to tell),
    the overview of the part read so far is written beside the copy as the picture is read,
    and all of it as soon as it is whole."""
    with source.open("rb") as file:
        info = header_info(file.read(1 << 20), str(source))
    part = target.with_name(f"{target.name}.part")
    copy = _Copy(part, info, overview)
    limit = QImageReader.allocationLimit()
    QImageReader.setAllocationLimit(MAX_DECODED_BYTES >> 20)  # Qt's own: 256 MB
    try:
        if info.kind == "png" and not _interlaced(source):
            _from_png(source, info, copy, told)
        elif info.kind == "jpeg" and not info.tiled:
            _from_progressive(source, info, copy, told)
        else:
            _whole(source, copy, told)
        copy.show(force=True)
        copy.finish(target)
    except Unreadable as exc:
        copy.close()  # the strip being written first
        shutil.rmtree(part, ignore_errors=True)
        return str(exc)
    except OSError:
        copy.close()
        shutil.rmtree(part, ignore_errors=True)
        raise
    finally:
        copy.close()
        QImageReader.setAllocationLimit(limit)
    told(100)
    return None


def _interlaced(source: Path) -> bool:
    with source.open("rb") as file:
        return file.read(29)[28:29] == b"\x01"


def _from_png(source: Path, info: ImageInfo, copy: _Copy, told: Callable[[int], None]) -> None:
    top = 0
    for band in png_bands(source, copy.strip_rows):
        copy.strip(top, band)
        top += band.height()
        told(99 * top // info.height)
        copy.show(force=top == band.height())  # the first band at once, then every half second


def _from_progressive(
    source: Path, info: ImageInfo, copy: _Copy, told: Callable[[int], None]
) -> None:
    """The overview first (decoded at an eighth: the coefficients, no picture), then the
    strips in bands of :data:`PROGRESSIVE_STRIPS` strips (the coefficients down to the band's
    bottom, and the band).

    Each band is read from a copy of the file whose frame header says the picture ends at the
    band's bottom: libjpeg then decodes each scan's data down to there only and skips the rest
    (warning of "extraneous bytes", silenced in the converter process), so the bands together
    cost about half the file's decoding per band, not all of it each time."""
    reader = QImageReader(str(source))
    reader.setScaledSize(copy.size)
    small = reader.read()
    if small.isNull():
        raise Unreadable(f"could not be decoded ({reader.errorString()})")
    copy.show(small, force=True)
    told(5)
    at = _frame_height_at(source)
    cut = copy.part / "source.jpg"
    shutil.copyfile(source, cut)
    band_rows = PROGRESSIVE_STRIPS * copy.strip_rows
    bands = math.ceil(info.height / band_rows)
    try:
        for index in range(bands):
            top = index * band_rows
            rows = min(band_rows, info.height - top)
            with cut.open("r+b") as file:
                file.seek(at)
                # an MCU row more than the band: its last row's colours are smoothed with the
                # next row's, as in the whole picture
                file.write(struct.pack(">H", min(info.height, top + rows + 16)))
            reader = QImageReader(str(cut))
            reader.setClipRect(QRect(0, top, info.width, rows))
            band = reader.read()
            if band.isNull():
                raise Unreadable(f"could not be decoded ({reader.errorString()})")
            copy.strip(top, band, paint=False)
            told(5 + 94 * (index + 1) // bands)
    finally:
        cut.unlink(missing_ok=True)


def _frame_height_at(source: Path) -> int:
    """Where a JPEG's frame header gives the picture's height (its byte offset)."""
    with source.open("rb") as file:
        head = file.read(1 << 20)
    at = 2
    while at + 4 <= len(head):
        marker = head[at + 1]
        if head[at] != 0xFF or marker in (0xD9, 0xDA):
            break
        if marker == 0xFF:
            at += 1
            continue
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            return at + 5
        (length,) = struct.unpack(">H", head[at + 2 : at + 4])
        at += 2 + length
    raise Unreadable("could not be decoded (no frame header)")


def _whole(source: Path, copy: _Copy, told: Callable[[int], None]) -> None:
    """An interlaced PNG: decoded whole (its rows come in seven passes over the picture)."""
    reader = QImageReader(str(source))
    image = reader.read()
    if image.isNull():
        raise Unreadable(f"could not be decoded ({reader.errorString()})")
    told(50)
    copy.strip(0, image)
    told(99)


def main(argv: list[str]) -> int:
    """``SOURCE TARGET [W H]``: convert, printing ``progress N`` lines (and ``overview PATH``
    when the overview of W x H pixels, or of the part read so far, is written); exit status 1
    with the reason on stderr when the picture cannot be converted."""
    if len(argv) not in (2, 4) or not all(a.isdigit() for a in argv[2:]):
        print("usage: convert-image SOURCE TARGET [OVERVIEW-W OVERVIEW-H]", file=sys.stderr)
        return 2

    def told(share: int) -> None:
        print(f"progress {share}", flush=True)

    def overview_ready(path: Path) -> None:
        print(f"overview {path}", flush=True)

    # a progressive JPEG's bands end short of its data on purpose (see _from_progressive)
    QLoggingCategory.setFilterRules("qt.gui.imageio.jpeg.warning=false")
    wanted = None
    if len(argv) == 4:
        wanted = (QSize(int(argv[2]), int(argv[3])), overview_ready)
    try:
        why = convert(Path(argv[0]), Path(argv[1]), told, wanted)
    except (OSError, ValueError) as exc:
        why = str(exc)
    if why is not None:
        print(why, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
