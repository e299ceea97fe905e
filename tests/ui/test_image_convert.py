"""The converter's PNG bands: every kind of PNG read band by band gives the picture Qt reads
whole, pixel for pixel; a PNG cut short is refused by the row where it stops; and the
converter's memory is a band's, not the picture's (issue 28)."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QImage, QImageReader, QPainter

from hexcombat.ui.image_convert import STRIP, Unreadable, png_bands

WIDTH, HEIGHT = 31, 17
"""Odd sizes: rows of one-bit pixels end inside a byte; bands of 3 rows leave 2 over."""


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def written_png(
    path: Path, rows: list[bytes], width: int, colour: int, depth: int, extra: bytes = b""
) -> None:
    """A PNG of ``rows`` (the samples, unfiltered), its rows filtered by each of the five PNG
    filters in turn, so every band boundary meets each of them."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    unit = max(1, channels * depth // 8)
    above = bytes(len(rows[0]))
    data = bytearray()
    for y, row in enumerate(rows):
        kind = y % 5
        out = bytearray([kind])
        for i, x in enumerate(row):
            a = row[i - unit] if i >= unit else 0
            b, c = above[i], above[i - unit] if i >= unit else 0
            guess = (0, a, b, (a + b) // 2, _paeth(a, b, c))[kind]
            out.append((x - guess) % 256)
        data += out
        above = row

    header = struct.pack(">IIBBBBB", width, len(rows), depth, colour, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + extra
        + _chunk(b"IDAT", zlib.compress(bytes(data), 9))
        + _chunk(b"IEND", b"")
    )


def _samples(y: int, count: int, depth: int) -> bytes:
    """A row of ``count`` samples that changes from pixel to pixel and row to row."""
    top = (1 << depth) - 1
    values = [(x * 37 + y * 91 + (x * y) % 13) % (top + 1) for x in range(count)]
    if depth == 16:
        return b"".join(struct.pack(">H", v) for v in values)
    if depth == 8:
        return bytes(values)
    bits = "".join(format(v, f"0{depth}b") for v in values)
    bits += "0" * (-len(bits) % 8)
    return bytes(int(bits[i : i + 8], 2) for i in range(0, len(bits), 8))


HAND_MADE = {
    "grey and alpha": (4, 8, b""),
    "grey, 4 bits": (0, 4, b""),
    "grey, 16 bits": (0, 16, b""),
    "colour, 16 bits": (2, 16, b""),
    "colour with a transparent colour": (2, 8, struct.pack(">HHH", 37, 91, 0)),
    "palette, 2 bits": (3, 2, b""),
}


def hand_made(path: Path, kind: str) -> None:
    colour, depth, trns = HAND_MADE[kind]
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    rows = [_samples(y, WIDTH * channels, depth) for y in range(HEIGHT)]
    extra = b""
    if colour == 3:
        extra += _chunk(b"PLTE", bytes([0, 0, 0, 200, 30, 30, 30, 200, 30, 240, 240, 240]))
    if trns:
        extra += _chunk(b"tRNS", trns)
    written_png(path, rows, WIDTH, colour, depth, extra)


QT_MADE = [
    QImage.Format.Format_RGB32,
    QImage.Format.Format_ARGB32,
    QImage.Format.Format_Grayscale8,
    QImage.Format.Format_Grayscale16,
    QImage.Format.Format_RGBA64,
    QImage.Format.Format_RGBX64,
    QImage.Format.Format_Indexed8,
    QImage.Format.Format_Mono,
]


def qt_made(path: Path, fmt: QImage.Format) -> None:
    """A picture of colours and half-transparent strokes, saved by Qt (which filters each row
    adaptively) in the PNG kind ``fmt`` gives."""
    image = QImage(WIDTH, HEIGHT, QImage.Format.Format_ARGB32)
    for y in range(HEIGHT):
        for x in range(WIDTH):
            image.setPixelColor(x, y, QColor((x * 37) % 256, (y * 53) % 256, (x * y) % 256, 255))
    painter = QPainter(image)
    painter.setPen(QColor(20, 90, 200, 120))
    painter.drawLine(0, 0, WIDTH, HEIGHT)
    painter.end()
    assert image.convertToFormat(fmt).save(str(path), "PNG")


def assert_bands_are_the_picture(path: Path) -> None:
    whole = QImageReader(str(path)).read()
    assert not whole.isNull()
    top = 0
    for band in png_bands(path, 3):
        rows = band.height()
        expected = whole.copy(0, top, whole.width(), rows)
        assert band.convertToFormat(QImage.Format.Format_RGBA64) == expected.convertToFormat(
            QImage.Format.Format_RGBA64
        ), f"rows {top} to {top + rows - 1}"
        top += rows
    assert top == whole.height()


@pytest.mark.parametrize("fmt", QT_MADE, ids=lambda f: f.name)
def test_a_png_saved_by_qt_read_in_bands_is_the_whole_picture(
    qapp, tmp_path: Path, fmt: QImage.Format
) -> None:  # noqa: ANN001
    qt_made(tmp_path / "scan.png", fmt)
    assert_bands_are_the_picture(tmp_path / "scan.png")


@pytest.mark.parametrize("kind", HAND_MADE)
def test_a_png_of_every_filter_read_in_bands_is_the_whole_picture(
    qapp, tmp_path: Path, kind: str
) -> None:  # noqa: ANN001
    hand_made(tmp_path / "scan.png", kind)
    assert_bands_are_the_picture(tmp_path / "scan.png")


def test_a_png_cut_short_is_refused_by_the_row_it_stops_at(qapp, tmp_path: Path) -> None:  # noqa: ANN001
    rows = [_samples(y, 3 * 400, 8) for y in range(300)]
    written_png(tmp_path / "whole.png", rows, 400, 2, 8)
    data = (tmp_path / "whole.png").read_bytes()
    (tmp_path / "cut.png").write_bytes(data[: len(data) // 2])
    with pytest.raises(Unreadable, match=r"stops at row [0-9,]+ of 300"):
        list(png_bands(tmp_path / "cut.png", 16))


# memory ---------------------------------------------------------------------------------------


def tall_png(path: Path, width: int, height: int) -> None:
    """A PNG of ``height`` rows of colour written a row at a time (never whole in memory)."""
    pack = zlib.compressobj(1)
    with path.open("wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n")
        file.write(_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        pattern = bytes((x * 7) % 251 for x in range(3 * width))
        for y in range(height):
            data = pack.compress(b"\x01" + pattern[y % 97 :] + pattern[: y % 97])  # Sub
            if data:
                file.write(_chunk(b"IDAT", data))
        file.write(_chunk(b"IDAT", pack.flush()))
        file.write(_chunk(b"IEND", b""))


CONVERT = """
import json, resource, sys
from pathlib import Path
from PySide6.QtCore import QSize
from hexcombat.ui.image_convert import convert
why = convert(Path(sys.argv[1]), Path(sys.argv[2]), lambda share: None, (QSize(64, 64), print))
print(json.dumps([why, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024]))
"""


def converter_peak_mb(source: Path, target: Path) -> int:
    """The converter's peak memory (MB) converting ``source``, in a process of its own."""
    done = subprocess.run(
        [sys.executable, "-c", CONVERT, str(source), str(target)],
        capture_output=True, text=True, check=True, timeout=120,
    )  # fmt: skip
    why, peak = json.loads(done.stdout.strip().splitlines()[-1])
    assert why is None
    return peak


@pytest.mark.slow
def test_the_converter_holds_a_band_of_a_png_never_the_whole_picture(tmp_path: Path) -> None:
    """The same width, eight times the rows: the converter's peak memory grows by a few
    megabytes (its strips' file names, the overview), not by the 300 MB more the picture
    takes decoded; and stays within the process, a few bands and a megabyte of data."""
    width = 6_000
    band_mb = width * STRIP * 4 / 2**20  # a band decoded: 11.7 MB
    short, tall = tmp_path / "short.png", tmp_path / "tall.png"
    tall_png(short, width, 2 * STRIP)
    tall_png(tall, width, 16 * STRIP)
    small = converter_peak_mb(short, tmp_path / "short")
    large = converter_peak_mb(tall, tmp_path / "tall")
    decoded_more_mb = width * 14 * STRIP * 4 / 2**20  # 164 MB
    assert large - small < 0.1 * decoded_more_mb, (small, large)
    baseline = converter_peak_mb_of_nothing(tmp_path)
    assert large - baseline < 8 * band_mb, (baseline, large)
    assert len(list((tmp_path / "tall").glob("*.jpg"))) == 16
    assert QImageReader(str(tmp_path / "tall" / "0015.jpg")).size() == QSize(width, STRIP)


def converter_peak_mb_of_nothing(tmp_path: Path) -> int:
    """The converter process's peak memory for a one-row picture: Python and Qt loaded."""
    tall_png(tmp_path / "one.png", 16, 1)
    return converter_peak_mb(tmp_path / "one.png", tmp_path / "one")


# progressive JPEG ------------------------------------------------------------------------------

MAKE_PROGRESSIVE = """
import sys
from PySide6.QtGui import QColor, QImage, QImageWriter, QPainter
width, height = int(sys.argv[2]), int(sys.argv[3])
image = QImage(width, height, QImage.Format.Format_RGB32)
image.fill(QColor(236, 226, 196))
painter = QPainter(image)
for y in range(0, height, 64):  # a stripe of colour every 64 rows, its hue by the row
    painter.fillRect(0, y + 30, width, 20, QColor.fromHsv((y // 64 * 37) % 360, 200, 200))
painter.end()
writer = QImageWriter(sys.argv[1], b"jpeg")
writer.setProgressiveScanWrite(True)
writer.setQuality(85)
assert writer.write(image)
"""


def progressive_jpeg(path: Path, width: int, height: int) -> None:
    """A progressive JPEG (made in a process of its own: the test keeps its memory)."""
    subprocess.run(
        [sys.executable, "-c", MAKE_PROGRESSIVE, str(path), str(width), str(height)],
        check=True, timeout=120,
    )  # fmt: skip


def test_a_progressive_jpeg_is_copied_in_bands_without_a_seam(qapp, tmp_path: Path) -> None:  # noqa: ANN001
    """Bands of 1,024 rows each decoded from a frame cut below them: the strips hold the
    picture's rows where they are, across every band's edge."""
    from hexcombat.ui.image_convert import convert

    progressive_jpeg(tmp_path / "scan.jpg", 300, 4 * STRIP + 300)
    said: list[object] = []
    assert convert(tmp_path / "scan.jpg", tmp_path / "copy", said.append) is None
    whole = QImageReader(str(tmp_path / "scan.jpg")).read()
    assert [p.name for p in sorted((tmp_path / "copy").glob("*.jpg"))] == [
        f"{i:04d}.jpg" for i in range(5)
    ]
    for y in (0, 40, 1023, 1024, 1063, 2047, 2048, 2087, 2343):  # paper, stripe, paper ...
        strip = QImage(str(tmp_path / "copy" / f"{y // STRIP:04d}.jpg"))
        for x in (5, 150, 295):
            got, want = strip.pixelColor(x, y % STRIP), whole.pixelColor(x, y)
            assert abs(got.hue() - want.hue()) <= 12 or want.saturation() < 40, (x, y)
            assert abs(got.value() - want.value()) <= 12, (x, y)
    assert said[-1] == 100


@pytest.mark.slow
def test_a_progressive_jpeg_is_never_decoded_whole_beside_its_coefficients(
    tmp_path: Path,
) -> None:
    """libjpeg keeps a progressive JPEG's coefficients (3 bytes a pixel at 4:2:0) while it
    decodes any row; the converter adds bands to them, never the 4 bytes a pixel of the whole
    picture decoded."""
    width, height = 3_000, 12_288
    progressive_jpeg(tmp_path / "tall.jpg", width, height)
    coefficients_mb = width * height * 3 / 2**20  # 105 MB
    decoded_mb = width * height * 4 / 2**20  # 141 MB
    peak = converter_peak_mb(tmp_path / "tall.jpg", tmp_path / "tall")
    baseline = converter_peak_mb_of_nothing(tmp_path)
    assert peak - baseline < coefficients_mb + decoded_mb / 2, (baseline, peak)
    assert len(list((tmp_path / "tall").glob("*.jpg"))) == height // STRIP


def test_a_damaged_chunk_before_the_data_is_refused_unread(qapp, tmp_path: Path) -> None:  # noqa: ANN001
    """A chunk saying it holds 2 GB (a text, a palette) is skipped or refused, never read."""
    hand_made(tmp_path / "good.png", "palette, 2 bits")
    data = (tmp_path / "good.png").read_bytes()
    at = data.index(b"PLTE") - 4
    text = struct.pack(">I", 0x7FFFFFF0) + b"tEXt"  # a text chunk running past the file
    (tmp_path / "text.png").write_bytes(data[:at] + text + data[at:])
    with pytest.raises(Unreadable, match="cut short before its image data"):
        list(png_bands(tmp_path / "text.png", 16))
    palette = data[:at] + struct.pack(">I", 0x7FFFFFF0) + data[at + 4 :]
    (tmp_path / "palette.png").write_bytes(palette)
    with pytest.raises(Unreadable, match="a damaged chunk"):
        list(png_bands(tmp_path / "palette.png", 16))


def interlaced_png(path: Path, rows: list[bytes], width: int) -> None:
    """An 8-bit grey PNG of ``rows`` saved interlaced (Adam7's seven passes, unfiltered)."""
    passes = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2))
    passes += ((0, 1, 1, 2),)
    data = bytearray()
    for x0, y0, dx, dy in passes:
        for y in range(y0, len(rows), dy):
            picked = rows[y][x0::dx]
            if picked:
                data += b"\x00" + picked
    header = struct.pack(">IIBBBBB", width, len(rows), 8, 0, 0, 0, 1)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(bytes(data)))
        + _chunk(b"IEND", b"")
    )


def test_an_interlaced_png_is_copied_whole(qapp, tmp_path: Path) -> None:  # noqa: ANN001
    """Its rows come in seven passes over the picture: decoded whole, then cut in strips."""
    from hexcombat.ui.image_convert import convert

    rows = [bytes(((x // 40 + y // 40) % 2) * 200 + 20 for x in range(300)) for y in range(700)]
    interlaced_png(tmp_path / "scan.png", rows, 300)
    assert convert(tmp_path / "scan.png", tmp_path / "copy", lambda share: None) is None
    strip = QImage(str(tmp_path / "copy" / "0001.jpg"))
    assert strip.size() == QSize(300, 700 - STRIP)
    for x, y in ((20, 530), (60, 530), (20, 610), (60, 610)):  # checks of 40 pixels
        want = rows[y][x]
        assert abs(QColor(strip.pixel(x, y - STRIP)).red() - want) < 12, (x, y)


# strips of a wide picture ---------------------------------------------------------------------


def test_a_strip_of_any_picture_shown_takes_at_most_its_band_of_memory() -> None:
    from hexcombat.board.mapimage import MAX_IMAGE_SIDE
    from hexcombat.ui.image_convert import BAND_BYTES, strip_rows

    assert [strip_rows(w) for w in (1_000, 12_000, 13_000, 24_000, 40_000)] == [
        512, 512, 256, 256, 128,
    ]  # fmt: skip
    for width in range(1, MAX_IMAGE_SIDE + 1, 97):
        assert width * 4 * strip_rows(width) <= BAND_BYTES


def blocks_png(path: Path, width: int, height: int) -> None:
    """A PNG of 64-pixel squares, each of its own colour (written a row at a time)."""
    pack = zlib.compressobj(1)
    with path.open("wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n")
        file.write(_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        for y in range(height):
            row = b"".join(block_colour(x, y) * 64 for x in range(0, width, 64))[: 3 * width]
            file.write(_chunk(b"IDAT", pack.compress(b"\x00" + row)))
        file.write(_chunk(b"IDAT", pack.flush()))
        file.write(_chunk(b"IEND", b""))


def block_colour(x: int, y: int) -> bytes:
    col, row = x // 64, y // 64
    return bytes(((col * 53) % 200 + 30, (row * 71) % 200 + 30, ((col + row) * 29) % 200 + 30))


def test_a_wide_picture_is_copied_in_shorter_strips_and_read_across_them(
    qapp, tmp_path: Path
) -> None:  # noqa: ANN001
    """13,000 pixels wide: strips of 256 rows; a part read across three of them, whole and
    at a quarter of its size, holds the picture's colours where they are."""
    from PySide6.QtCore import QRect

    from hexcombat.ui.image_convert import convert, read_strips

    blocks_png(tmp_path / "wide.png", 13_000, 700)
    assert convert(tmp_path / "wide.png", tmp_path / "copy", lambda share: None) is None
    assert sorted(p.name for p in (tmp_path / "copy").glob("*.jpg")) == [
        "0000.jpg", "0001.jpg", "0002.jpg",
    ]  # fmt: skip
    clip = QRect(12_288, 0, 712, 700)
    for level in (0, 2):
        part = read_strips(tmp_path / "copy", clip, level, 256)
        assert part.size() == QSize(-(-712 // (1 << level)), -(-700 // (1 << level)))
        for x, y in ((12_320, 32), (12_320, 288), (12_960, 544), (12_640, 672)):  # centres
            want = block_colour(x, y)
            got = part.pixelColor((x - clip.x()) >> level, (y - clip.y()) >> level)
            assert abs(got.red() - want[0]) < 10 and abs(got.green() - want[1]) < 10, (x, y)
            assert abs(got.blue() - want[2]) < 10, (level, x, y)


def test_a_copy_left_half_made_is_made_again_whole(qapp, tmp_path: Path) -> None:  # noqa: ANN001
    """The window closed while a copy was made: its strips and overviews are replaced."""
    from hexcombat.ui.image_convert import convert

    hand_made(tmp_path / "scan.png", "grey, 16 bits")
    (tmp_path / "copy.part").mkdir()
    (tmp_path / "copy.part" / "0007.jpg").write_bytes(b"half")
    (tmp_path / "copy.part.overview-42.png").write_bytes(b"half")
    assert convert(tmp_path / "scan.png", tmp_path / "copy", lambda share: None) is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy", "scan.png"]
    assert sorted(p.name for p in (tmp_path / "copy").iterdir()) == ["0000.jpg", "overview.png"]
