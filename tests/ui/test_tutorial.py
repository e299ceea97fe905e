"""The tutorial dock: the built-in tutorial opens with its walkthrough in front, numbered and
wrapped to the dock; a plain map hides it, and View > Tutorial brings it back."""

from __future__ import annotations

import json
import time

from PySide6.QtGui import QTextListFormat
from PySide6.QtWidgets import QDockWidget

from hexcombat.game.opening import default_tutorial
from hexcombat.game.saves import save_game
from hexcombat.paths import maps_dir


def listed_steps(panel) -> list[tuple[str, str]]:
    """Each list item in the dock's text as (its number as drawn, its text)."""
    document = panel.document()
    items = []
    block = document.begin()
    while block.isValid():
        if block.textList() is not None:
            items.append((block.textList().itemText(block), block.text()))
        block = block.next()
    return items


def test_the_tutorial_opens_with_its_steps_in_front(window, qtbot) -> None:
    dock = window.findChild(QDockWidget, "TutorialDock")
    panel = window.tutorial_panel
    assert dock.windowTitle() == "Tutorial" and dock.widget() is panel
    assert dock.isVisible() and not panel.text.visibleRegion().isEmpty()  # the tab in front
    state = window.session.state
    text = panel.document().toPlainText()
    assert state.title in text and "Dubrava wood (0504) in clear weather" in text
    steps = listed_steps(panel)
    assert [number for number, _ in steps] == [f"{n}." for n in range(1, len(state.tutorial) + 1)]
    assert len(steps) == 10
    # the file's own "1. " is not drawn twice: the list numbers the steps
    assert steps[1] == ("2.", state.tutorial[1].removeprefix("2. "))
    first = panel.document().begin()
    while first.textList() is None:
        first = first.next()
    assert first.textList().format().style() == QTextListFormat.Style.ListDecimal
    # word-wrapped to the dock: no sideways scrolling, long steps take several lines
    assert not panel.text.horizontalScrollBar().isVisible()
    assert panel.document().size().width() <= panel.text.viewport().width() + 1
    while first.isValid() and "Heavy antitank" not in first.text():
        first = first.next()
    assert first.layout().lineCount() > 2


def test_a_plain_map_hides_the_tutorial_and_view_menu_brings_it_back(window, qtbot) -> None:
    dock = window._docks["Tutorial"]
    assert window.open_file(maps_dir() / "tutorial-14d2d.toml"), window.errors
    assert window.session.state.tutorial == []
    assert not dock.isVisible()
    assert listed_steps(window.tutorial_panel) == []
    toggle = next(a for a in window.view_menu.actions() if a.text() == "Tutorial")
    assert toggle is dock.toggleViewAction() and not toggle.isChecked()
    toggle.trigger()
    assert dock.isVisible()
    toggle.trigger()
    assert not dock.isVisible()
    # opening the tutorial again shows its steps again
    assert window.open_file(default_tutorial())
    assert dock.isVisible() and len(listed_steps(window.tutorial_panel)) == 10


def test_every_panel_can_be_brought_back_from_the_view_menu(window) -> None:
    switches = {*window.display_actions.values(), window.table_mode_action}  # View > Show
    listed = [a.text() for a in window.view_menu.actions() if a.isCheckable() and a not in switches]
    assert listed == ["Tutorial", "Counters", "Stack", "Combat", "Combat Log", "History"]


def test_a_shared_game_with_one_endless_word_opens_in_moments(window, tmp_path) -> None:
    # a received save whose title, description and step are each one word of 300,000 letters:
    # laid out as one unbreakable line, the dock took over half a minute (a million letters,
    # minutes); the word now breaks where the dock needs it, every letter still shown
    word = "x" * 300_000
    path = tmp_path / "shared.json"
    save_game(window.session.state, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(title=word, description=word, tutorial=[word])
    path.write_text(json.dumps(data), encoding="utf-8")
    start = time.monotonic()
    assert window.open_file(path), window.errors
    window.tutorial_panel.text.viewport().repaint()
    assert time.monotonic() - start < 5
    shown = window.tutorial_panel.document().toPlainText().replace("\u200b", "")
    assert shown.count(word) == 3
