"""Desktop test helpers: a main window on the shipped 14D2d tutorial (what ``hexcombat`` opens
for a player), with dialogs replaced by recorders so nothing blocks, and settings kept in a
temporary file; and the Combat panel on its own (``bench``), for the many tests of what the panel
shows, which need no window around it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox
from uihelpers import CombatBench, close_and_delete, combat_bench

from hexcombat.game.opening import default_tutorial
from hexcombat.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """A shown main window on the built-in 14D2d tutorial; errors are collected in
    ``window.errors``. Closed and deleted after the test, its game freed with it."""
    win = _tutorial_window(tmp_path / "settings.ini")
    qtbot.addWidget(win)
    qtbot.waitExposed(win)
    yield win
    close_and_delete(win)


def _tutorial_window(settings_file: Path) -> MainWindow:
    """A main window shown at 1400 x 900 on the built-in 14D2d tutorial (its attack on 0504 set
    up), dialogs replaced by recorders: ``errors`` and ``questions``."""
    win = MainWindow(QSettings(str(settings_file), QSettings.Format.IniFormat))
    win.errors = []
    win.show_error = lambda title, text: win.errors.append((title, text))
    win.questions = []
    win.ask_unsaved = lambda: win.questions.append("unsaved") or QMessageBox.StandardButton.Discard
    win.resize(1400, 900)
    win.show()
    assert win.open_file(default_tutorial()), win.errors
    win.view.fit_map()
    return win


@pytest.fixture(scope="session")
def _one_tutorial_window(qapp, tmp_path_factory: pytest.TempPathFactory) -> Iterator[MainWindow]:  # noqa: ANN001
    win = _tutorial_window(tmp_path_factory.mktemp("shared-window") / "settings.ini")
    yield win
    close_and_delete(win)


def _as_shown(win: MainWindow) -> tuple[object, ...]:
    """What a test that only looks must leave as it found it."""
    session, panel = win.session, win.combat_panel
    return (
        win.source_path,
        session.undo_stack.count() if session else None,
        session.modified if session else None,
        panel.target if panel else None,
        win.view.transform().m11(),
        len(win.errors),
        len(win.questions),
    )


@pytest.fixture
def tutorial_window(_one_tutorial_window: MainWindow) -> Iterator[MainWindow]:
    """The main window on the built-in 14D2d tutorial, shared by the tests that only look at it
    (its menus, help, legend, counters as drawn): built once per test process, not once a test.
    A test that changes the game, the attack, the zoom or the file fails here: it wants
    ``window``. Dialogs and other windows it opened are closed after it, as a player closes them."""
    win = _one_tutorial_window
    before = _as_shown(win)
    yield win
    for widget in QApplication.topLevelWidgets():
        if widget is not win and widget.isVisible():
            widget.close()  # as the player closes it (the window keeps its help windows)
    assert _as_shown(win) == before, "this test changed the shared window: give it `window`"



@pytest.fixture
def bench(qtbot) -> CombatBench:  # noqa: ANN001
    """The Combat panel alone on the built-in 14D2d tutorial, its attack on 0504 set up as the
    window sets it up on opening (the ``window`` fixture's panel, without the window)."""
    return combat_bench(qtbot, default_tutorial())
