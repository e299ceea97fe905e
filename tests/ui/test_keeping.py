"""Keeping the game: save and reopen the same game, unsaved-changes question, bad files, recent
files, and a screenshot of the main window that shows the map."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMessageBox
from uihelpers import drag, hex_point

from hexcombat.ui.terrain_style import TERRAIN_COLOURS

Answer = QMessageBox.StandardButton


def snapshot(window) -> dict[str, list[tuple[str, str, str]]]:
    state = window.session.state
    return {
        state.hexmap.label(h): [(c.uid, c.unit.name, c.side) for c in stack]
        for h, stack in state.stacks().items()
    }


def test_save_reopen_compare(window, tmp_path: Path) -> None:
    drag(window.view.viewport(), hex_point(window, "0404"), hex_point(window, "0405"))
    assert window.session.modified and window.isWindowModified()
    path = tmp_path / "game.json"
    window.choose_save_path = lambda: str(path)
    assert window.save()
    assert not window.session.modified
    before = snapshot(window)
    assert window.open_file(path)
    assert snapshot(window) == before
    assert window.session.path == path
    assert window.recent_files()[0] == str(path.resolve())


def test_a_save_under_another_name_reopens_as_that_save(window, tmp_path: Path) -> None:
    """A save mailed back as ``game.sav`` opens as the save it is: the moves it holds, Save
    writes it again in place, and the tutorial it carries is not set up afresh over it."""
    drag(window.view.viewport(), hex_point(window, "0404"), hex_point(window, "0405"))
    path = tmp_path / "game.json"
    window.choose_save_path = lambda: str(path)
    assert window.save()
    before = snapshot(window)
    renamed = tmp_path / "game.sav"
    path.rename(renamed)
    window.choose_save_path = lambda: ""  # a question would cancel the save
    assert window.open_file(renamed), window.errors
    assert snapshot(window) == before
    assert window.session.path == renamed and not window.session.modified
    drag(window.view.viewport(), hex_point(window, "0405"), hex_point(window, "0404"))
    assert window.save() and "0404" in renamed.read_text(encoding="utf-8")


def test_the_title_marks_unsaved_changes_without_qt_warnings(window, qtlog) -> None:
    title = window.session.state.title
    assert window.windowTitle().startswith(f"{title}[*] - hexcombat ")
    assert not window.isWindowModified()
    drag(window.view.viewport(), hex_point(window, "0404"), hex_point(window, "0405"))
    assert window.isWindowModified()
    assert not [r.message for r in qtlog.records if "setWindowModified" in r.message]


def test_closing_with_unsaved_changes_asks_first(window, tmp_path: Path) -> None:
    assert window.may_close()  # nothing changed: no question
    assert window.questions == []
    drag(window.view.viewport(), hex_point(window, "0404"), hex_point(window, "0405"))
    window.ask_unsaved = lambda: Answer.Cancel
    assert not window.may_close()
    assert not window.close() and window.isVisible()
    path = tmp_path / "kept.json"
    window.ask_unsaved = lambda: Answer.Save
    window.choose_save_path = lambda: str(path)
    assert window.may_close() and path.is_file()


def test_a_bad_file_names_file_and_line_and_the_window_stays_usable(window, tmp_path) -> None:
    bad = tmp_path / "broken.toml"
    bad.write_text('ruleset = "total-war"\nmap = "tutorial-14d2d"\n[[attacker]]\nnme = "x"\n')
    before = snapshot(window)
    assert not window.open_file(bad)
    title, text = window.errors[-1]
    assert "broken.toml" in title and "broken.toml:" in text
    assert snapshot(window) == before
    drag(window.view.viewport(), hex_point(window, "0404"), hex_point(window, "0405"))
    assert "0405" in snapshot(window)


def test_screenshot_shows_the_map(window, tmp_path: Path) -> None:
    path = tmp_path / "hexcombat.png"
    assert window.grab().save(str(path))
    image = window.grab().toImage()
    colours = {
        QColor(image.pixel(x, y)).name()
        for x in range(0, image.width(), 5)
        for y in range(0, image.height(), 5)
    }
    assert len(colours) > 50
    assert TERRAIN_COLOURS["clear"] in colours and TERRAIN_COLOURS["woods"] in colours
    assert path.stat().st_size > 20_000


def test_a_damaged_save_is_refused_and_the_open_game_is_kept(window, tmp_path: Path) -> None:
    import json

    drag(window.view.viewport(), hex_point(window, "0404"), hex_point(window, "0405"))
    good = tmp_path / "good.json"
    window.choose_save_path = lambda: str(good)
    assert window.save()
    session, before = window.session, snapshot(window)
    for key, value in (("tutorial", 5), ("rolls_used", 10**15), ("ruleset", "nope")):
        data = json.loads(good.read_text())
        data[key] = value
        damaged = tmp_path / f"damaged-{key}.json"
        damaged.write_text(json.dumps(data, indent=1))
        assert not window.open_file(damaged)
        title, text = window.errors[-1]
        assert title == f"Cannot open {damaged.name}"
        assert text.startswith(f"{damaged}:") and key in text
        assert window.session is session and snapshot(window) == before
    window.undo_action.trigger()  # the kept game still works
    assert "0405" not in snapshot(window)


def test_a_recent_file_that_no_longer_opens_leaves_the_list(window, tmp_path: Path) -> None:
    gone = tmp_path / "gone.json"
    path = tmp_path / "kept.json"
    window.choose_save_path = lambda: str(path)
    assert window.save_as()
    assert window.save_as()  # remembered once
    window.choose_save_path = lambda: str(gone)
    assert window.save_as()
    gone.unlink()  # moved away since
    assert window.recent_files()[:2] == [str(gone.resolve()), str(path.resolve())]
    menu = window.recent_menu.actions()
    assert [a.text() for a in menu[:2]] == ["gone.json", "kept.json"]
    menu[0].trigger()
    ((title, text),) = window.errors
    assert title == "Cannot open gone.json" and str(gone.resolve()) in text
    assert str(gone.resolve()) not in window.recent_files()
    assert window.recent_files()[0] == str(path.resolve())
    assert "gone.json" not in [a.text() for a in window.recent_menu.actions()]


def test_the_toolbar_says_undo_and_redo_and_the_tooltip_says_what(window, qtbot) -> None:
    state = window.session.state
    uid = state.stack_at(state.hexmap.hex_at("0403"))[0].uid
    assert window.session.move([uid], state.hexmap.hex_at("0302"))
    button = window.toolbar.widgetForAction(window.undo_action)
    assert button.text() == "Undo"
    words = window.undo_action.text().replace("&", "")
    assert window.undo_action.toolTip() == f"{words} (Ctrl+Z)"  # the command and its keys
    assert window.undo_action.toolTip().startswith("Undo Move")  # the whole command
    width = button.sizeHint().width()
    assert window.session.move([uid], state.hexmap.hex_at("0202"))
    window.undo_action.trigger()
    assert button.text() == "Undo" and button.sizeHint().width() == width
    redo = window.toolbar.widgetForAction(window.redo_action)
    assert redo.text() == "Redo" and window.redo_action.toolTip().startswith("Redo Move")
