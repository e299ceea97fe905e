"""The first open of a scan that cannot be read a part at a time (a PNG, a progressive JPEG):
decoded once into a baseline JPEG copy, in a process of its own.

Decoding such a picture holds all of it in memory (a 12,000 x 9,000 PNG is 432 MB decoded, a
progressive JPEG's coefficients as much again), so the window does not do it: it starts this
converter (``hexcombat convert-image SOURCE TARGET``, or ``python -m hexcombat.ui.image_convert``)
and stays within its own memory, showing the progress the converter prints (``progress N``, N
from 0 to 100, as the file is read and the copy written) and the overview it writes as soon as
the picture is decoded (``overview PATH``), and reads tiles from the copy when it is there. The
copy is written to ``TARGET.part`` and renamed, so a copy that is there is whole.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QIODevice, QSize, Qt
from PySide6.QtGui import QImageReader, QImageWriter

MAX_DECODE_MB = 2048
"""Qt refuses to decode a picture over 256 MB; the largest picture shown needs more, once."""
READ_SHARE = 85
"""The share of the progress bar the reading takes (decoding runs as the file is read)."""


class _CountedFile(QIODevice):
    """A file read for Qt's image readers that says how far they have read."""

    def __init__(self, path: Path, told: Callable[[int], None]) -> None:
        super().__init__()
        self._file = path.open("rb")
        self._size = os.fstat(self._file.fileno()).st_size
        self._told = told
        self._said = -1

    def isSequential(self) -> bool:  # noqa: N802 (Qt's name)
        return False

    def size(self) -> int:
        return self._size

    def seek(self, pos: int) -> bool:
        self._file.seek(pos)
        return super().seek(pos)

    def readData(self, maxlen: int) -> bytes:  # noqa: N802 (Qt's name)
        data = self._file.read(maxlen)
        share = READ_SHARE * self._file.tell() // max(1, self._size)
        if share > self._said:
            self._said = share
            self._told(share)
        return data

    def writeData(self, data: bytes) -> int:  # noqa: N802 (Qt's name)
        return -1

    def close(self) -> None:
        self._file.close()
        super().close()


def convert(
    source: Path,
    target: Path,
    told: Callable[[int], None],
    overview: tuple[QSize, Callable[[Path], None]] | None = None,
) -> str | None:
    """Write a baseline JPEG copy of ``source`` to ``target``; None when done, else why not.
    With ``overview`` (a size and whom to tell), the picture scaled to that size is written
    beside the copy as soon as it is decoded, before the copy (which takes as long again)."""
    device = _CountedFile(source, told)
    device.open(QIODevice.OpenModeFlag.ReadOnly)
    QImageReader.setAllocationLimit(MAX_DECODE_MB)
    reader = QImageReader(device)
    image = reader.read()
    device.close()
    if image.isNull():
        return f"could not be decoded ({reader.errorString()})"
    if overview is not None:
        size, tell = overview
        small = target.with_name(f"{target.name}.overview.png")
        scaled = image.scaled(
            size, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation
        )
        if scaled.save(str(small), "PNG"):
            tell(small)
    part = target.with_name(f"{target.name}.part")
    writer = QImageWriter(str(part), b"jpeg")
    writer.setQuality(90)
    if not writer.write(image):
        return f"its copy could not be written to {part} ({writer.errorString()})"
    del image
    part.replace(target)
    told(100)
    return None


def main(argv: list[str]) -> int:
    """``SOURCE TARGET [W H]``: convert, printing ``progress N`` lines (and ``overview PATH``
    when the overview of W x H pixels is written); exit status 1 with the reason on stderr when
    the picture cannot be converted."""
    if len(argv) not in (2, 4) or not all(a.isdigit() for a in argv[2:]):
        print("usage: convert-image SOURCE TARGET [OVERVIEW-W OVERVIEW-H]", file=sys.stderr)
        return 2

    def told(share: int) -> None:
        print(f"progress {share}", flush=True)

    def overview_ready(path: Path) -> None:
        print(f"overview {path}", flush=True)

    wanted = None
    if len(argv) == 4:
        wanted = (QSize(int(argv[2]), int(argv[3])), overview_ready)
    try:
        why = convert(Path(argv[0]), Path(argv[1]), told, wanted)
    except OSError as exc:
        why = str(exc)
    if why is not None:
        print(why, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
