"""Render hexcombat's application icon from ``installer/icons/hexcombat.svg``.

Writes beside the SVG: ``hexcombat-<size>.png`` for every size in :data:`SIZES` (the desktop
entry's hicolor icons and the window icon), ``hexcombat.ico`` (Windows) and ``hexcombat.icns``
(macOS), both holding PNG images of several sizes. The results are committed; run this again
after editing the SVG::

    .venv/bin/python installer/make_icons.py
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ICONS = Path(__file__).resolve().parent / "icons"
SVG = ICONS / "hexcombat.svg"
SIZES = (16, 32, 48, 64, 128, 256)
"""PNG sizes: the hicolor theme's usual application sizes."""
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {"icp4": 16, "icp5": 32, "icp6": 64, "ic07": 128, "ic08": 256, "ic09": 512}
"""The PNG-based image types of an Apple icon file and the size each holds."""


def render(size: int, svg: Path = SVG) -> QImage:
    """The SVG drawn on a transparent ``size`` x ``size`` image."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg}: not a valid SVG image")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image.convertToFormat(QImage.Format.Format_ARGB32)


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise OSError("could not encode a PNG image")
    buffer.close()
    return bytes(data.data())


def png_path(size: int, folder: Path = ICONS) -> Path:
    """Where the PNG of ``size`` pixels lives."""
    return folder / f"hexcombat-{size}.png"


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """A Windows icon file holding one PNG per size (supported since Windows Vista)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, png in sorted(images.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in an icon directory entry
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        blobs += png
        offset += len(png)
    return header + entries + blobs


def icns_bytes(images: dict[str, bytes]) -> bytes:
    """An Apple icon file: each image type with its PNG data."""
    body = b"".join(
        kind.encode("ascii") + struct.pack(">I", 8 + len(png)) + png for kind, png in images.items()
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841
    root = ICONS.parents[1]
    for size in SIZES:
        png_path(size).write_bytes(png_bytes(render(size)))
        print(png_path(size).relative_to(root))
    ico = ICONS / "hexcombat.ico"
    ico.write_bytes(ico_bytes({size: png_bytes(render(size)) for size in ICO_SIZES}))
    print(ico.relative_to(root))
    icns = ICONS / "hexcombat.icns"
    icns.write_bytes(icns_bytes({k: png_bytes(render(s)) for k, s in ICNS_TYPES.items()}))
    print(icns.relative_to(root))
    return 0


if __name__ == "__main__":
    sys.exit(main())
