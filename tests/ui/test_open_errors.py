"""Any error while opening a file (File > Open, Open Recent, ``hexcombat FILE``) is a dialog that
says what went wrong, and the game already open stays open: never a traceback on stderr."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox

from hexcombat.game.opening import default_tutorial
from hexcombat.game.saves import save_game
from hexcombat.game.state import GameError
from hexcombat.rules.errors import RulesError
from hexcombat.sourcefile import Problem, SourceError
from hexcombat.ui import main_window
from hexcombat.ui.app import open_start
from hexcombat.ui.game_session import GameSession
from hexcombat.ui.main_window import MainWindow
from meaning import says


@pytest.fixture
def dialogs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The title and text of every message box opened (opened, not shown: nothing blocks)."""
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        QMessageBox, "open", lambda box: shown.append((box.windowTitle(), box.text()))
    )
    return shown


@pytest.fixture
def playing(qtbot, tmp_path: Path) -> MainWindow:  # noqa: ANN001
    """A window on the built-in tutorial, its real error dialogs in place."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings)
    win.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    assert win.open_file(default_tutorial())
    return win


def a_bad_scenario(tmp_path: Path) -> Path:
    """The tutorial with a counter named by a list, not an id."""
    tutorial = default_tutorial()
    text = tutorial.read_text(encoding="utf-8")
    text = text.replace('map = "tutorial-14d2d"', f'map = "{tutorial.parent}/tutorial-14d2d.toml"')
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('counter = "su-rifle-xx"', "counter = []"), encoding="utf-8")
    return bad


def open_by(way: str, win: MainWindow, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Open ``path`` the way a player does."""
    if way == "File > Open":
        monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
        win.open_action.trigger()
    elif way == "Open Recent":
        win.settings.setValue("recent_files", [str(path)])
        win._rebuild_recent()
        win.recent_menu.actions()[0].trigger()
    else:
        assert way == "open"
        assert not win.open_file(path)


@pytest.mark.parametrize("way", ["File > Open", "Open Recent", "open"])
def test_a_bad_file_is_a_dialog_and_the_game_stays(
    playing: MainWindow,
    dialogs: list[tuple[str, str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    way: str,
) -> None:
    session, state = playing.session, playing.session.state
    bad = a_bad_scenario(tmp_path)
    open_by(way, playing, bad, monkeypatch)
    ((title, text),) = dialogs
    assert title == "Cannot open bad.toml" and str(bad) in text
    assert playing.session is session and playing.session.state is state
    assert playing.source_path == default_tutorial()


FAILURES = [
    (
        SourceError([Problem("bad.toml", 7, "unknown terrain 'lava'")]),
        "bad.toml:7: unknown terrain 'lava'",
    ),
    (RulesError("a rule refuses it"), "{path}: a rule refuses it"),
    (GameError("the game refuses it"), "{path}: the game refuses it"),
    (PermissionError(13, "Permission denied"), "{path}: Permission denied"),
    (UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"), "could not open {path}: "),
    (TypeError("unhashable type: 'list'"), "could not open {path}: TypeError: unhashable type"),
    (OverflowError("cannot convert Infinity"), "could not open {path}: OverflowError: cannot"),
    (RecursionError(), "could not open {path}: RecursionError"),
    (KeyError("terrain"), "could not open {path}: KeyError: 'terrain'"),
]


@pytest.mark.parametrize(("error", "says"), FAILURES, ids=[type(e).__name__ for e, _ in FAILURES])
def test_every_error_loading_can_raise_is_a_dialog_that_says_it(
    playing: MainWindow,
    dialogs: list[tuple[str, str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    error: Exception,
    says: str,
) -> None:
    def fails(path: Path) -> None:
        raise error

    monkeypatch.setattr(main_window, "open_game", fails)
    state = playing.session.state
    path = tmp_path / "bad.toml"
    assert not playing.open_file(path)
    ((title, text),) = dialogs
    assert title == "Cannot open bad.toml"
    assert text.startswith(says.format(path=path))
    assert playing.session.state is state


def test_a_file_on_the_command_line_that_breaks_loading_still_opens_the_tutorial(
    qtbot,  # noqa: ANN001
    dialogs: list[tuple[str, str]],
    tmp_path: Path,
) -> None:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings)
    qtbot.addWidget(win)
    bad = a_bad_scenario(tmp_path)
    assert open_start(win, str(bad))
    ((title, text),) = dialogs
    assert title == "Cannot open bad.toml" and str(bad) in text
    assert win.source_path == default_tutorial()


def test_opening_a_save_removes_a_killed_save_s_temporary_file(
    playing: MainWindow, tmp_path: Path, dialogs: list[tuple[str, str]]
) -> None:
    """The program's open cleans up what a killed save left (``hexcombat check`` does not)."""
    assert playing.session is not None
    path = tmp_path / "game.json"
    save_game(playing.session.state, path)
    left = tmp_path / ".game.json.a1b2c3d4.tmp"
    left.write_text('{"format": "hexcombat-save", "half a save')
    assert playing.open_file(path)
    assert dialogs == []
    assert not left.exists()
    assert path.exists()


def board(win: MainWindow) -> dict[str, list[str]]:
    state = win.session.state
    return {state.hexmap.label(h): [c.uid for c in s] for h, s in state.stacks().items()}


def fails_for_any_game_but(
    piece: str, keep: GameSession | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Make building ``piece`` (a part of the window ``show_game`` builds) fail for every game
    but the one of session ``keep`` (None: for every game)."""
    real = getattr(main_window, piece)
    mine = set() if keep is None else {id(keep), id(keep.state), id(keep.state.library)}

    def build(first: object, *args: object, **kwargs: object) -> object:
        if id(first) not in mine:
            raise RuntimeError("cannot build it")
        return real(first, *args, **kwargs)

    monkeypatch.setattr(main_window, piece, build)


PIECES = ["MapScene", "StackInspector", "CounterPalette", "CombatPanel", "CombatLog"]


@pytest.mark.slow
@pytest.mark.parametrize("piece", PIECES)
def test_a_game_that_fails_to_show_is_a_dialog_and_the_game_before_stays_usable(
    playing: MainWindow,
    dialogs: list[tuple[str, str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    piece: str,
) -> None:
    session = playing.session
    assert session is not None
    other = tmp_path / "other.json"
    save_game(session.state, other)
    before = board(playing)
    panel = playing.combat_panel
    panel.roll()
    assert panel.apply(), panel.problems.text()  # the previous game has a combat to undo
    after = board(playing)
    assert after != before
    listeners = len(session.state._listeners)
    fails_for_any_game_but(piece, session, monkeypatch)

    assert not playing.open_file(other)
    ((title, said),) = dialogs
    assert title == "Cannot open other.json"
    assert says(said, names=[f"could not open {other}", "RuntimeError", "cannot build it"])
    # the game before, whole: its map, panels and undo history, each on that game
    assert playing.session is session and playing.source_path == default_tutorial()
    assert playing.view.scene() is playing.scene and playing.scene.state is session.state
    assert playing._docks["Combat"].widget() is playing.combat_panel
    assert playing.combat_panel.session is session
    assert playing._docks["Stack"].widget() is playing.inspector
    assert playing._docks["Combat Log"].widget() is playing.combat_log
    assert playing.combat_log.count() == 1
    assert len(session.state._listeners) == listeners  # no leftover piece still listening
    assert session.modified and playing.isWindowModified()
    assert board(playing) == after
    playing.undo_action.trigger()  # the combat's result comes off the map
    assert board(playing) == before
    assert playing.set_up_tutorial_attack()
    assert "DRM +1" in playing.combat_panel.odds.text()  # 14D2d: net +1


def test_a_first_game_that_fails_to_show_leaves_no_half_built_window(
    qtbot,  # noqa: ANN001
    dialogs: list[tuple[str, str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings)
    qtbot.addWidget(win)
    fails_for_any_game_but("CombatLog", None, monkeypatch)
    assert not win.open_file(default_tutorial())
    ((title, said),) = dialogs
    assert title == f"Cannot open {default_tutorial().name}"
    assert says(
        said, names=[f"could not open {default_tutorial()}", "RuntimeError", "cannot build it"]
    )
    assert win.session is None and win.scene is None and win.view.scene() is None
    assert not win.attack_action.isEnabled() and not win.roll_action.isEnabled()
    assert win.windowTitle().startswith("hexcombat")
    monkeypatch.undo()
    assert win.open_file(default_tutorial())  # the window works: the next open shows it
    assert win.session is not None and win.view.scene() is win.scene
