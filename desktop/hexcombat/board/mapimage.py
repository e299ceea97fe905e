"""A scanned map under the hex grid: the image a map file names and how its hexes sit on it.

A map file may name an image with an ``[image]`` table::

    [image]
    file = "scan.jpg"         # PNG or JPEG, relative to the map file
    origin = [43.5, 38.0]     # pixel centre of the top-left hex (the first label)
    hex_width = 80.5          # pixels across one hex, corner to corner (flat) or side to side
    hex_height = 70.2         #   (pointy); down one hex, side to side (flat) or corner to corner

Width and height are separate because printed maps are seldom drawn with exactly regular hexes,
and a scan stretches a little more. The numbers come from :func:`calibrate`: the player clicks
the centres of two hexes far apart and types their printed labels.

The image is read by its header only here (no Qt in the board): its size and kind, so that a
missing file, a file that is no PNG or JPEG, a picture too large to show and a calibration that
puts the grid off the picture are each said before anything is drawn.
"""

from __future__ import annotations

import json
import math
import os
import re
import struct
from dataclasses import dataclass, replace
from pathlib import Path

from hexcombat.board.hexes import Hex
from hexcombat.board.layout import Layout
from hexcombat.board.offset import OffsetScheme
from hexcombat.sourcefile import is_file, resolved

Point = tuple[float, float]

_SQRT3 = math.sqrt(3.0)

MAX_IMAGE_SIDE = 40_000
"""The widest or tallest map image shown, in pixels: a 1:1 scan of the largest printed map
sheets at 300 dpi is under 15,000 pixels a side."""
MAX_IMAGE_PIXELS = 400_000_000
"""The most pixels a map image may hold (four times a 12,000 x 9,000 scan)."""
MAX_DECODED_BYTES = 512 * 1024 * 1024
"""The largest picture, decoded at four bytes a pixel, that is copied before it is shown (a
PNG, a progressive JPEG: a 12,000 x 9,000 scan is 432 MB). The copy is made band by band
(``hexcombat.ui.image_convert``), but a progressive JPEG's coefficients are all in memory
while it is decoded (3 bytes a pixel, 6 without colour subsampling) and an interlaced PNG is
decoded whole. A baseline JPEG is read in tiles and costs only the tiles shown."""
DECODED_PIXEL_BYTES = 4
"""Bytes a pixel takes once decoded (32-bit colour)."""
HEADER_BYTES = 1 << 20
"""How much of a file is read to find a JPEG's size: its frame header follows the metadata,
which is seldom more than a few kilobytes (an embedded preview can take more)."""


PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".jpe", ".jfif")
"""The names a map image may have: a map from someone else naming any other file (a password
file, ``/proc/self/mem``) has it refused unopened, not its first megabyte read."""


class ImageTooLarge(ValueError):
    """A picture larger than hexcombat shows (refused whatever else it is)."""


@dataclass(frozen=True)
class ImageInfo:
    """What a picture's header says: its size, its kind, and whether it can be read in tiles."""

    width: int
    height: int
    kind: str
    """``"png"`` or ``"jpeg"``."""
    tiled: bool
    """Whether a part of it can be read without decoding all of it into memory: a baseline JPEG
    can (its rows are decoded one by one and thrown away); a PNG or a progressive JPEG cannot."""
    pixel_bytes: int = 4
    """Bytes a pixel takes in the file before compression (from the header: bit depth and
    channels)."""

    def most_file_bytes(self) -> int:
        """The most a file of this picture can sensibly hold: its pixels uncompressed, twice
        over, and a megabyte of metadata. A file larger than that carries something else (a
        module writing half a gigabyte from a few hundred kilobytes)."""
        return 2 * self.width * self.height * self.pixel_bytes + self.height + (1 << 20)


@dataclass(frozen=True)
class MapImage:
    """A map's scanned image and the calibration that puts the hex grid on it."""

    file: str
    """The image's name as the map file writes it, relative to the map file's folder."""
    origin: Point
    """The image pixel at the centre of the top-left hex (offset column 0, row 0)."""
    hex_width: float
    hex_height: float
    base: Path | None = None
    """The folder the file name is relative to (the map file's; None for a map from text)."""

    @property
    def path(self) -> Path:
        """Where the image is on this computer."""
        name = Path(self.file)
        return name if name.is_absolute() or self.base is None else self.base / name

    def scale(self, orientation: str) -> tuple[float, float]:
        """Image pixels per unit of a hex size 1 layout, across and down."""
        if orientation == "flat":
            return self.hex_width / 2.0, self.hex_height / _SQRT3
        return self.hex_width / _SQRT3, self.hex_height / 2.0

    def to_image(self, layout: Layout, x: float, y: float) -> Point:
        """The image pixel under the layout point ``(x, y)``."""
        kx, ky = self.scale(layout.orientation)
        ox, oy = layout.origin
        return (
            self.origin[0] + (x - ox) / layout.size * kx,
            self.origin[1] + (y - oy) / layout.size * ky,
        )

    def named_from(self, folder: Path) -> MapImage:
        """The same image named relative to ``folder`` (a map file saved there), so a map
        saved in another folder still finds it; kept as it is for a map read from text."""
        if self.base is None:
            return self
        return replace(self, file=relative_name(self.path, folder), base=folder)

    def hex_centre(self, orientation: str, h: Hex) -> Point:
        """The image pixel at the centre of ``h``."""
        unit = Layout(orientation, 1.0)  # type: ignore[arg-type]
        return self.to_image(unit, *unit.hex_to_pixel(h))


def calibrate(
    scheme: OffsetScheme, first: tuple[str, Point], second: tuple[str, Point]
) -> tuple[Point, float, float]:
    """The ``origin``, ``hex_width`` and ``hex_height`` that put the hexes printed ``first[0]``
    and ``second[0]`` at the image pixels ``first[1]`` and ``second[1]`` (where they were
    clicked).

    ``ValueError`` saying what to do when the two hexes cannot fix the grid: the same hex, two
    hexes in one column or one row (their centres then say nothing about the other direction),
    or clicks in the other order than the labels run, or hexes under a pixel (or over
    :data:`MAX_IMAGE_SIDE`) that no map file may name.
    """
    (label_a, (ua, va)), (label_b, (ub, vb)) = first, second
    a, b = scheme.parse_label(label_a), scheme.parse_label(label_b)
    unit = Layout(scheme.orientation, 1.0)
    (xa, ya), (xb, yb) = unit.hex_to_pixel(a), unit.hex_to_pixel(b)
    if a == b:
        raise ValueError(f"both clicks name hex {label_a}: click two hexes far apart")
    if abs(xb - xa) < 1e-9 or abs(yb - ya) < 1e-9:
        line = "column" if abs(xb - xa) < 1e-9 else "row"
        raise ValueError(
            f"hexes {label_a} and {label_b} are in one {line}: pick two hexes apart both across "
            "and down the map (say near opposite corners), so both the hex width and the hex "
            "height can be measured"
        )
    kx, ky = (ub - ua) / (xb - xa), (vb - va) / (yb - ya)
    if kx <= 0 or ky <= 0:
        raise ValueError(
            f"hex {label_b} was clicked {'left' if kx <= 0 else 'above'} of hex {label_a}, "
            "where the map's numbering cannot have it: check the two labels"
        )
    origin = (ua - kx * xa, va - ky * ya)
    if scheme.orientation == "flat":
        width, height = kx * 2.0, ky * _SQRT3
    else:
        width, height = kx * _SQRT3, ky * 2.0
    if not (1 <= width <= MAX_IMAGE_SIDE and 1 <= height <= MAX_IMAGE_SIDE):
        raise ValueError(
            f"hexes {label_a} and {label_b} clicked there make a hex {width:.2f} x "
            f"{height:.2f} pixels: check the two labels, and click two hexes far apart"
        )
    return origin, width, height


def grid_off_image(
    image: MapImage, scheme: OffsetScheme, columns: int, rows: int, info: ImageInfo
) -> str | None:
    """Why the calibrated grid does not lie on the picture, or None when it does: each corner
    hex's centre must fall on it (a hex or so of margin allowed for half hexes at the edges)."""
    margin_x, margin_y = image.hex_width, image.hex_height
    for col, row in ((0, 0), (columns - 1, 0), (0, rows - 1), (columns - 1, rows - 1)):
        h = scheme.hex_of(col, row)
        x, y = image.hex_centre(scheme.orientation, h)
        if not (
            -margin_x <= x <= info.width + margin_x and -margin_y <= y <= info.height + margin_y
        ):
            return (
                f"hex {scheme.label(h)} falls at pixel ({x:.0f}, {y:.0f}), off the "
                f"{info.width} x {info.height} image: check origin, hex_width and hex_height"
            )
    return None


# image headers ---------------------------------------------------------------------------------


def image_info(path: Path) -> ImageInfo:
    """The size and kind of the picture at ``path``, read from its header.

    ``ValueError`` (or ``OSError`` for a file that cannot be read) saying why it cannot be
    shown: not a PNG or JPEG, or larger than :data:`MAX_IMAGE_SIDE` / :data:`MAX_IMAGE_PIXELS`.
    """
    if path.suffix.lower() not in PICTURE_SUFFIXES:  # never opened: a map may name any path
        raise ValueError(
            f"{path} is not a PNG or JPEG image: its name must end in .png, .jpg or .jpeg"
        )
    if not is_file(path):
        if path.exists():
            raise OSError(f"{path} is not a file")
        raise FileNotFoundError(f"the map image {path} is missing")
    with path.open("rb") as file:
        head = file.read(HEADER_BYTES)
    return header_info(head, str(path))


def header_info(head: bytes, name: str) -> ImageInfo:
    """The size and kind of the picture whose first bytes (up to a megabyte) are ``head``;
    ``ValueError`` naming ``name`` as :func:`image_info` says it."""
    path = name
    if not head.startswith((b"\x89PNG\r\n\x1a\n", b"\xff\xd8")):
        raise ValueError(f"{path} is not a PNG or JPEG image")
    try:
        info = _png_info(head) if head.startswith(b"\x89") else _jpeg_info(head)
    except ValueError as exc:  # a damaged header: said with the file's name
        raise ValueError(f"{path}: {exc}") from None
    if (
        info.width > MAX_IMAGE_SIDE
        or info.height > MAX_IMAGE_SIDE
        or (info.width * info.height > MAX_IMAGE_PIXELS)
    ):
        raise ImageTooLarge(
            f"{path} is {info.width} x {info.height} pixels, more than hexcombat shows "
            f"(at most {MAX_IMAGE_SIDE:,} pixels a side and {MAX_IMAGE_PIXELS // 1_000_000} "
            "million pixels)"
        )
    if info.width < 1 or info.height < 1:
        raise ValueError(f"{path} says it is {info.width} x {info.height} pixels")
    decoded = info.width * info.height * DECODED_PIXEL_BYTES
    if not info.tiled and decoded > MAX_DECODED_BYTES:
        kind = "PNG" if info.kind == "png" else "progressive JPEG"
        raise ImageTooLarge(
            f"{path} is a {kind} of {info.width} x {info.height} pixels, {decoded >> 20:,} MB "
            f"decoded: more than the {MAX_DECODED_BYTES >> 20} MB hexcombat allows a picture it "
            "must copy before showing; save it as a baseline (not progressive) JPEG, which is "
            "read in tiles as it is"
        )
    return info


def _png_info(head: bytes) -> ImageInfo:
    if len(head) < 33 or head[12:16] != b"IHDR":
        raise ValueError("a damaged PNG: no image header")
    width, height = struct.unpack(">II", head[16:24])
    depth, colour = head[24], head[25]
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(colour, 4)
    pixel_bytes = max(1, channels * max(depth, 8) // 8)
    return ImageInfo(width, height, "png", tiled=False, pixel_bytes=pixel_bytes)


_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
_PROGRESSIVE = {0xC2, 0xC6, 0xCA, 0xCE}


def _jpeg_info(head: bytes) -> ImageInfo:
    """Walk the JPEG's markers to its frame header (the first SOF)."""
    i = 2
    while i + 4 <= len(head):
        if head[i] != 0xFF:
            raise ValueError("a damaged JPEG: a marker was expected")
        marker = head[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        (length,) = struct.unpack(">H", head[i + 2 : i + 4])
        if length < 2:
            raise ValueError("a damaged JPEG: a segment of no length")
        if marker in _SOF:
            if i + 9 > len(head):
                break
            precision = head[i + 4]
            height, width = struct.unpack(">HH", head[i + 5 : i + 9])
            channels = head[i + 9] if i + 9 < len(head) else 4
            pixel_bytes = max(1, min(channels, 4)) * (2 if precision > 8 else 1)
            return ImageInfo(
                width, height, "jpeg", tiled=marker not in _PROGRESSIVE, pixel_bytes=pixel_bytes
            )
        if marker in (0xD9, 0xDA):  # end of image, or scan data before any frame header
            break
        i += 2 + length
    raise ValueError(f"a damaged JPEG: no frame header in its first {HEADER_BYTES >> 10} kB")


def truncation(path: Path, info: ImageInfo) -> str | None:
    """Why the picture at ``path`` is cut short (a download or copy that stopped), or None: a
    PNG whose chunks run past the file's end before its end chunk, which the window cannot show
    at all; a JPEG without its end-of-image marker, shown grey where its data stops. Reads the
    PNG's chunk headers only and the JPEG's last megabyte, so a large scan is checked at once."""
    size = path.stat().st_size
    with path.open("rb") as file:
        if info.kind == "png":
            at = 8
            while at + 12 <= size:
                file.seek(at)
                length, kind = struct.unpack(">I4s", file.read(8))
                at += 12 + length
                if at > size:
                    break
                if kind == b"IEND":
                    return None
            return (
                f"{path} is cut short: its data stops at byte {size:,}, before the PNG's end; "
                "the picture cannot be shown (copy or download it again)"
            )
        file.seek(max(0, size - (1 << 20)))
        if b"\xff\xd9" in file.read():
            return None
        return (
            f"{path} is cut short: the JPEG has no end-of-image marker, so the part of the picture "
            "after its data stops would show grey (copy or download it again)"
        )


def image_problem(image: MapImage) -> str | None:
    """Why the map's image cannot be shown (missing, not a picture, too large), or None."""
    try:
        image_info(image.path)
    except (OSError, ValueError) as exc:
        return str(exc)
    return None


def absolute_image(image: MapImage) -> str:
    """The image's full path, as a save records it so the game reopens with it anywhere."""
    return str(resolved(image.path))


def relative_name(image: Path, folder: Path) -> str:
    """``image``'s name relative to a map file's ``folder`` (its full path on another drive)."""
    try:
        return Path(os.path.relpath(resolved(image), resolved(folder))).as_posix()
    except ValueError:
        return str(resolved(image))


def image_table(image: MapImage) -> str:
    """The ``[image]`` table naming ``image`` and its calibration, as a map file writes it."""
    x, y = image.origin
    return (
        "[image]\n"
        f"file = {json.dumps(image.file, ensure_ascii=False)}\n"
        f"origin = [{x:.3f}, {y:.3f}]\n"
        f"hex_width = {image.hex_width:.4f}\n"
        f"hex_height = {image.hex_height:.4f}\n"
    )


_TABLE_HEADER = re.compile(r"^\s*\[")
_IMAGE_HEADER = re.compile(r"^\s*\[\s*image\s*\]\s*(#.*)?$")


def with_image_table(text: str, image: MapImage) -> str:
    """A map file's ``text`` naming ``image``: its ``[image]`` table replaced (or added at the
    end), every other line as the map maker wrote it."""
    lines = text.splitlines(keepends=True)
    kept: list[str] = []
    inside = False
    for line in lines:
        if _TABLE_HEADER.match(line):
            inside = _IMAGE_HEADER.match(line) is not None
        if not inside:
            kept.append(line)
    body = "".join(kept).rstrip("\n")
    return f"{body}\n\n{image_table(image)}"
