"""Starting the desktop program: ``hexcombat`` opens the start page of tutorials over the 14D2d
tutorial ready to attack, ``hexcombat FILE`` opens a map, scenario or saved game."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication

from hexcombat.game.opening import default_tutorial
from hexcombat.paths import icons_dir
from hexcombat.ui.main_window import MainWindow


def start_file(file: str | None) -> Path | None:
    """What to open: the file given, else the built-in tutorial when it is installed."""
    if file:
        return Path(file)
    tutorial = default_tutorial()
    return tutorial if tutorial.is_file() else None


def make_window(file: str | None = None) -> MainWindow:
    """A main window showing ``file`` (or the tutorial)."""
    window = MainWindow()
    open_start(window, file)
    return window


def open_start(window: MainWindow, file: str | None) -> bool:
    """Open what the command line asked for. A file that cannot be opened gets its error dialog,
    then the built-in tutorial opens in its place (the status bar says so): the player gets a
    game to work in, never an empty window."""
    path = start_file(file)
    if path is None:
        return False
    if window.open_file(path):
        tutorial = start_file(None)
        if window.session is None and tutorial is not None:  # a map-less combat: calculator
            window.open_file(tutorial)  # the main window behind it is not left empty
        return True
    tutorial = start_file(None)
    if tutorial is None or tutorial == path or not window.open_file(tutorial):
        return False
    window.statusBar().showMessage(
        f"Could not open {path.name}: showing the built-in tutorial {tutorial.name} instead"
    )
    return True


def greet(window: MainWindow, file: str | None) -> bool:
    """Opened with no file: the start page (every tutorial, by rule and by game) over the
    built-in tutorial, which stays open behind it. True when it was shown."""
    if file:
        return False
    window.show_start_page()
    return True


def app_icon() -> QIcon:
    """hexcombat's icon in every PNG size it ships (null when none is found)."""
    icon = QIcon()
    for png in sorted(icons_dir().glob("hexcombat-*.png")):
        icon.addFile(str(png))
    return icon


def name_application(app: QApplication) -> None:
    """Give the application the names the desktop knows it by: settings are kept under
    ``hexcombat``, and Wayland and X11 docks match its windows to ``hexcombat.desktop`` (the
    installer's menu entry) so they show its icon rather than a generic one."""
    app.setApplicationName("hexcombat")
    app.setOrganizationName("hexcombat")
    app.setDesktopFileName("hexcombat")
    app.setWindowIcon(app_icon())


def run(file: str | None = None) -> int:
    """Open the main window (on ``file`` when given) and run the event loop until it closes."""
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
        Qt.HighDpiScaleFactorRoundingPolicy.PassThrough
    )
    app = QApplication.instance() or QApplication(sys.argv[:1])
    name_application(app)
    window = make_window(file)
    window.show()
    greet(window, file)
    return app.exec()
