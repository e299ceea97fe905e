"""The window as a player first sees it at 1400 x 900: room for the combat working, a short log
under the map, the result in view after a roll, and the same layout on the next start."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QHeaderView, QTabBar, QWidget
from uihelpers import start_attack

from hexcombat.game.opening import default_tutorial
from hexcombat.ui.main_window import MainWindow


def in_view(widget: QWidget) -> bool:
    """Whether all of ``widget`` is on screen (not scrolled away, covered or folded)."""
    return widget.isVisible() and widget.visibleRegion().boundingRect() == widget.rect()


def tab_groups(window: MainWindow) -> list[set[str]]:
    """The titles on each tab bar the player sees (Qt parks unused ones outside the window), in
    order from left to right, top to bottom: a stray second bar for one group shows too."""
    bars = [
        bar
        for bar in window.findChildren(QTabBar)
        if bar.isVisible() and window.rect().intersects(bar.geometry())
    ]
    bars.sort(key=lambda bar: (bar.geometry().left(), bar.geometry().top()))
    return [{bar.tabText(i) for i in range(bar.count())} for bar in bars]


def test_the_steps_get_room_and_wrap_in_a_stretching_column(window, qtbot) -> None:
    assert window.size() == QSize(1400, 900)
    start_attack(window, qtbot)
    panel = window.combat_panel
    steps = panel.steps
    assert steps.viewport().height() >= 250  # several steps at once, not a peephole
    header = steps.horizontalHeader()
    assert header.sectionResizeMode(1) == QHeaderView.ResizeMode.Stretch
    assert header.sectionSize(1) > 2 * sum(header.sectionSize(c) for c in (0, 2, 3))
    assert not steps.horizontalScrollBar().isVisible()
    texts = [steps.item(row, 1).text() for row in range(steps.rowCount())]
    longest = max(range(len(texts)), key=lambda row: len(texts[row]))
    shortest = min(range(len(texts)), key=lambda row: len(texts[row]))
    assert steps.rowHeight(longest) >= 2 * steps.rowHeight(shortest)  # wrapped, not cut off
    assert texts[longest] in steps.item(longest, 1).toolTip()
    # once laid out, the set-up shows every attacker and condition without scrolling
    setup = [panel.candidate_tree, panel.condition_boxes["overrun"], panel.odds, panel.roll_button]
    qtbot.waitUntil(lambda: all(in_view(widget) for widget in setup))
    assert not panel.setup_pane.verticalScrollBar().isVisible()


def test_the_log_under_the_map_is_short_with_the_combat_log_in_front(window) -> None:
    log = window._docks["Combat Log"]
    assert 100 <= log.height() <= 180
    assert in_view(window.combat_log) and window.history.visibleRegion().isEmpty()
    # the log sits under the map only: the combat panel runs the full height beside it
    combat = window._docks["Combat"]
    assert combat.geometry().bottom() >= log.geometry().bottom()
    assert log.geometry().right() < combat.geometry().left()
    assert tab_groups(window) == [{"Counters", "Tutorial"}, {"History", "Combat Log"}]


def test_a_roll_brings_the_result_and_apply_into_view(window, qtbot) -> None:
    start_attack(window, qtbot)
    panel = window.combat_panel
    assert panel.result_pane.isHidden()
    window.roll_action.trigger()
    assert panel.resolution is not None
    shown = [panel.result_label, panel.losses, panel.apply_button, panel.dice, panel.odds]
    qtbot.waitUntil(lambda: all(in_view(widget) for widget in shown), timeout=2000)
    assert panel.result_label.text().startswith(f"<b>{panel.resolution.result.code}</b>")
    # the set-up folded away to make room, its summary still says what was set up
    assert panel.setup_pane.isHidden() and not panel.setup_toggle.isChecked()
    assert panel.setup_toggle.text().endswith("5 of 5 stacks, combat phase, clear")
    qtbot.mouseClick(panel.setup_toggle, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: in_view(panel.candidate_tree) and in_view(panel.odds))
    assert panel.result_pane.isVisible() and panel.result_pane.height() >= 200
    qtbot.mouseClick(panel.setup_toggle, Qt.MouseButton.LeftButton)
    assert panel.setup_pane.isHidden()
    # the roll taken back, the set-up comes back for a new attack in other conditions
    window.undo_action.trigger()
    assert panel.resolution is None and panel.result_pane.isHidden()
    qtbot.waitUntil(lambda: in_view(panel.weather) and in_view(panel.candidate_tree))
    panel.weather.setCurrentText("mud")
    assert panel.setup_toggle.text().endswith("stacks, combat phase, mud")
    qtbot.waitUntil(lambda: in_view(panel.weather) and in_view(panel.candidate_tree))


def test_the_layout_comes_back_on_the_next_start(window, qtbot) -> None:
    window._docks["Tutorial"].toggleViewAction().trigger()  # the player closes the tutorial
    qtbot.waitUntil(lambda: tab_groups(window) == [{"History", "Combat Log"}])
    assert window.close()
    again = MainWindow(window.settings)
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert again.open_file(default_tutorial())
    assert again._docks["Tutorial"].isVisible()  # a tutorial always opens with its steps
    for title, dock in again._docks.items():
        area = window.dockWidgetArea(window._docks[title])
        assert again.dockWidgetArea(dock) == area, title
    assert in_view(again.combat_log)
    assert tab_groups(again) == [{"Counters", "Tutorial"}, {"History", "Combat Log"}]


def test_after_a_long_dr_result_apply_is_in_view_and_warnings_clear_the_steps(
    window, qtbot, tmp_path
) -> None:
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QScrollArea

    panel = window.combat_panel
    for size in (QSize(1400, 900), QSize(1100, 680)):
        window.resize(size)
        start_attack(window, qtbot)
        panel.typed_roll.setText("4")  # 3:1, die 4 + 1 = 5: DR, with losses, retreat and advance
        qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
        assert panel.resolution.result.code == "DR"
        assert "\u26a0 CRT: assumed chart value used" in panel.warnings.text()
        qtbot.waitUntil(lambda: in_view(panel.apply_button), timeout=2000)
        assert window.grab().save(str(tmp_path / f"dr-{size.width()}.png"))
        # Apply lies inside the panel, below the result, and nothing covers it
        where = QRect(panel.apply_button.mapTo(panel, panel.apply_button.rect().topLeft()),
                      panel.apply_button.size())  # fmt: skip
        assert panel.rect().contains(where)
        assert panel.visibleRegion().boundingRect().contains(where)
        # the warnings sit under the steps, in their own scroll area: no overlap, and every
        # wrapped line of them a scroll away (none cut off)
        steps = panel.steps.geometry()
        warnings = panel.findChild(QScrollArea, "CombatWarnings").geometry()
        assert warnings.top() >= steps.bottom()
        assert warnings.bottom() <= panel.findChild(QScrollArea, "CombatOutcomes").geometry().top()
        label = panel.warnings
        assert label.height() >= label.heightForWidth(label.width())
        # the click reaches Apply: 0504 has no legal retreat (enemy zones of control), so the
        # result applies at once, the defenders eliminated
        qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
        assert panel.resolution is None, panel.problems.text()
        assert window.session.state.stack_at(window.session.state.hexmap.hex_at("0504")) == []
        window.undo_action.trigger()  # the result, then the roll: back to the start
        window.undo_action.trigger()
        assert window.session.state.pending_roll is None


def test_a_save_reopened_with_a_roll_waiting_keeps_the_steps_room(window, qtbot, tmp_path) -> None:  # noqa: ANN001
    start_attack(window, qtbot)
    panel = window.combat_panel
    panel.typed_roll.setText("4")  # DR, not applied: the roll waits in the save
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    qtbot.wait(100)
    rows_before = panel.steps.height()
    assert panel.setup_pane.isHidden()  # the result took the set-up's place
    assert window._save_to(tmp_path / "waiting.json")
    assert window.open_file(tmp_path / "waiting.json"), window.errors
    qtbot.wait(100)
    panel = window.combat_panel
    assert panel.resolution is not None and panel.resolution.result.code == "DR"
    assert panel.setup_pane.isHidden()  # as it was when saved
    assert panel.steps.height() >= rows_before - 2
