"""A closed window lets go of its game: a long session (or a test run building hundreds of
windows) holds the memory of the windows still open, not of every one ever shown."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox
from uihelpers import close_and_delete

from hexcombat.game.opening import default_tutorial
from hexcombat.ui.main_window import MainWindow


def test_a_closed_window_frees_its_game_map_and_undo_history(qtbot, tmp_path: Path) -> None:
    win = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    win.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show()
    assert win.open_file(default_tutorial())
    assert win.session is not None and win.scene is not None
    kept = [weakref.ref(win), weakref.ref(win.session.state), weakref.ref(win.scene)]
    kept.append(weakref.ref(win.session.undo_stack))
    close_and_delete(win)
    del win
    gc.collect()
    assert [ref() is None for ref in kept] == [True, True, True, True]
