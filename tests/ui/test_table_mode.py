"""Table mode: large type and high contrast for a laptop beside a face-to-face game, the odds
and DRM biggest, one keystroke to switch, remembered for the next start; and at 1280 x 800 every
widget of the Combat panel still in view, nothing cut off, before and after a roll."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QScrollArea, QWidget

from hexcombat.game.opening import default_tutorial
from hexcombat.ui.main_window import MainWindow
from hexcombat.ui.table_mode import SETTINGS_KEY


def clipped(panel: QWidget, window: MainWindow) -> list[str]:
    """The Combat panel's shown widgets that are not whole inside the window: cut off by the
    window's edge or by a pane they sit in (scrolled partly out of view, squeezed by the
    splitter). The warnings are left out: they scroll by design, two lines in view."""
    warnings = panel.findChild(QScrollArea, "CombatWarnings").viewport()
    found = []
    for widget in [panel, *panel.findChildren(QWidget)]:
        if not widget.isVisible() or warnings.isAncestorOf(widget):
            continue
        where = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
        shown = where & window.rect()
        parent = widget.parentWidget()
        while parent is not None and parent is not window:
            shown &= QRect(parent.mapTo(window, QPoint(0, 0)), parent.size())
            parent = parent.parentWidget()
        if shown != where:
            found.append(f"{type(widget).__name__} {widget.objectName()!r} {where} {shown}")
    return found


def test_one_keystroke_makes_the_numbers_large_and_another_brings_them_back(window, qtbot) -> None:
    panel = window.combat_panel
    assert panel.report.headline.startswith("3:1")  # the tutorial's attack is set up
    before = {w: w.font().pointSizeF() for w in (panel.steps, panel.odds, panel.dice)}
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert window.table_mode_action.isChecked()
    now = {w: w.font().pointSizeF() for w in before}
    assert all(now[w] > before[w] for w in before), (before, now)
    assert now[panel.odds] > 1.8 * now[panel.steps]  # the odds and DRM the biggest
    assert panel.odds.font().bold() and panel.odds.text().startswith("3:1")
    assert window.combat_log.font().pointSizeF() > before[panel.steps]
    assert window.settings.value(SETTINGS_KEY, type=bool) is True
    assert "Ctrl+T" in window.table_mode_action.toolTip()
    qtbot.keyClick(window.view, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert not window.table_mode_action.isChecked()
    assert {w: w.font().pointSizeF() for w in before} == before
    assert window.settings.value(SETTINGS_KEY, type=bool) is False


def test_table_mode_comes_back_on_the_next_start(window, qtbot) -> None:
    window.table_mode_action.trigger()
    assert window.close()
    again = MainWindow(window.settings)
    qtbot.addWidget(again)
    again.show()
    assert again.open_file(default_tutorial())
    assert again.table_mode_action.isChecked()
    assert again.combat_panel.property("tableMode") is True


@pytest.mark.slow
def test_at_1280_by_800_every_widget_of_the_combat_panel_stays_in_view(window, qtbot) -> None:
    window.resize(QSize(1280, 800))
    panel = window.combat_panel
    window.table_mode_action.trigger()
    qtbot.wait(200)
    assert clipped(panel, window) == []
    assert panel.steps.isVisible() and panel.bars.isVisible() and panel.odds.isVisible()
    panel.typed_roll.setText("4")  # 3:1, die 4 + 1 = 5: DR, a retreat and an advance to choose
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.resolution.result.code == "DR"
    shown = [panel.result_label, panel.apply_button, panel.dice, panel.advance]
    qtbot.waitUntil(lambda: all(w.isVisible() for w in shown), timeout=3000)
    qtbot.wait(200)  # the panes share the height once laid out
    assert clipped(panel, window) == []


def test_in_table_mode_the_warnings_show_a_whole_line_after_a_roll(window, qtbot) -> None:
    window.resize(QSize(1280, 800))
    panel = window.combat_panel
    window.table_mode_action.trigger()
    panel.typed_roll.setText("1")  # HX: the result takes the room, the warnings keep a line
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    qtbot.wait(200)
    warnings = panel.findChild(QScrollArea, "CombatWarnings")
    assert warnings.verticalScrollBar().value() == 0
    image = warnings.viewport().grab().toImage()
    inked = [
        (x, y)
        for x in range(0, image.width(), 2)
        for y in range(image.height())
        if image.pixelColor(x, y).red() > 110 and image.pixelColor(x, y).blue() < 60
    ]  # the warnings' dark orange letters
    assert len(inked) > 50
    rows = {y for _x, y in inked}
    assert max(rows) - min(rows) >= panel.warnings.fontMetrics().ascent() * 0.6  # not a sliver


def test_at_1280_by_800_in_table_mode_the_map_and_every_loss_tick_stay_in_view(
    window, qtbot
) -> None:
    """The 14D2d HX: eleven units to tick; the map between the docks still shows its counters
    at a readable size."""
    window.resize(QSize(1280, 800))
    qtbot.wait(50)
    panel = window.combat_panel
    window.table_mode_action.trigger()
    panel.typed_roll.setText("1")  # 3:1, die 1 + 1 = 2: HX
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    qtbot.wait(200)
    assert window.view.width() >= 400  # was about 235-310 px
    listing = panel.loss_chooser.list
    assert listing.count() == 11
    pane = panel.findChild(QScrollArea, "CombatResult").viewport()
    seen = QRect(pane.mapTo(window, QPoint(0, 0)), pane.size())
    for i in range(listing.count()):
        row = listing.visualItemRect(listing.item(i))
        where = QRect(listing.viewport().mapTo(window, row.topLeft()), row.size())
        assert seen.contains(where), (i, listing.item(i).text())
    assert "combat die 1 +1 = 2" in panel.result_label.toolTip()  # the working, on demand


def test_in_table_mode_the_unit_fates_show_their_last_row(window, qtbot) -> None:
    """LHY 3: two defenders and four attackers, each with its end-state chances; in table
    mode's larger type the table still grows to all its rows (the Pz IVH last)."""
    from pathlib import Path

    window.resize(QSize(1280, 800))
    maps = Path(__file__).resolve().parents[2] / "maps"
    assert window.open_file(maps / "tutorial-lhy-saint-clair-scenario.toml"), window.errors
    window.table_mode_action.trigger()
    qtbot.wait(200)
    fates = window.combat_panel.unit_fates
    assert fates.isVisible() and fates.verticalScrollBar().maximum() == 0
    group = fates.topLevelItem(fates.topLevelItemCount() - 1)
    last = group.child(group.childCount() - 1)
    assert last.text(0) == "Pz IVH"
    assert fates.viewport().rect().contains(fates.visualItemRect(last))
