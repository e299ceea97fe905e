"""PySide6-Essentials 6.12.0 on Python 3.11 drops a reference to None on every void call and the
process aborts after a few thousand (docs/design.md). The installed combination must survive."""

from __future__ import annotations

import sys

from PySide6 import __version__ as pyside_version
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QGraphicsRectItem


def test_installed_pyside_is_not_the_aborting_combination() -> None:
    assert not (pyside_version == "6.12.0" and sys.version_info < (3, 12))


def test_twenty_thousand_void_calls_survive(qapp) -> None:
    item = QGraphicsRectItem(0, 0, 10, 10)
    brushes = [QBrush(QColor("red")), QBrush(QColor("blue"))]
    for i in range(20_000):
        item.setBrush(brushes[i % 2])
    # the last call (i = 19,999) set the second brush
    assert item.brush().color() == QColor("blue")
