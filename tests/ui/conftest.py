"""Desktop test helpers: a main window on a test copy of the 14D2d tutorial, with dialogs
replaced by recorders so nothing blocks, and settings kept in a temporary file."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from hexcombat.ui.main_window import MainWindow

DATA = Path(__file__).parent / "data"
SCENARIO = DATA / "tutorial-14d2d-scenario.toml"


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    """A shown main window on the 14D2d scenario; errors are collected in ``window.errors``."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings)
    win.errors = []
    win.show_error = lambda title, text: win.errors.append((title, text))
    win.questions = []
    win.ask_unsaved = lambda: win.questions.append("unsaved") or QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    assert win.open_file(SCENARIO), win.errors
    win.view.fit_map()
    return win
