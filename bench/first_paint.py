"""Run ``hexcombat FILE`` as a player does and print, on the first painted map, the wall-clock
time (``time.time()``); ``bench/desktop.py`` starts this in a new process and subtracts the time
it started it, so interpreter start and every import count.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/first_paint.py FILE
"""

from __future__ import annotations

import os
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QObject, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402


class _FirstMapPaint(QObject):
    """Watches paint events; after the first one of the map view's viewport, reports."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint and type(watched.parent()).__name__ == "MapView":
            QTimer.singleShot(0, self.report)  # after this paint has been drawn
        return False

    def report(self) -> None:
        print(f"{time.time():.6f}", flush=True)
        os._exit(0)  # the figure is taken: no teardown


def main() -> int:
    app = QApplication(sys.argv[:1])
    watcher = _FirstMapPaint()
    app.installEventFilter(watcher)
    from hexcombat.cli import main as hexcombat

    return hexcombat([sys.argv[1]])  # the program's own start: the window, the open, exec()


if __name__ == "__main__":
    sys.exit(main())
