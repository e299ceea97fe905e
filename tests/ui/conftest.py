"""Desktop test helpers: a main window on the shipped 14D2d tutorial (what ``hexcombat`` opens
for a player), with dialogs replaced by recorders so nothing blocks, and settings kept in a
temporary file; and the Combat panel on its own (``bench``), for the many tests of what the panel
shows, which need no window around it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox
from uihelpers import CombatBench, close_and_delete, combat_bench

from hexcombat.game.opening import default_tutorial
from hexcombat.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """A shown main window on the built-in 14D2d tutorial; errors are collected in
    ``window.errors``. Closed and deleted after the test, its game freed with it."""
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
    assert win.open_file(default_tutorial()), win.errors
    win.view.fit_map()
    yield win
    close_and_delete(win)



@pytest.fixture
def bench(qtbot) -> CombatBench:  # noqa: ANN001
    """The Combat panel alone on the built-in 14D2d tutorial, its attack on 0504 set up as the
    window sets it up on opening (the ``window`` fixture's panel, without the window)."""
    return combat_bench(qtbot, default_tutorial())
