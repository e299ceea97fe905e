"""Starting the desktop program."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

from hexcombat import __version__


class MainWindow(QMainWindow):
    """The hexcombat main window."""

    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle(f"hexcombat {__version__}")
        self.setCentralWidget(QLabel("hexcombat"))
        self.resize(1200, 800)


def run(file: str | None = None) -> int:
    """Open the main window (on ``file`` when given) and run the event loop until it closes."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = MainWindow()
    window.show()
    return app.exec()
