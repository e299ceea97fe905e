"""Every condition of an attack (phase, weather, date, the 10.B.1, 10.F and 10.G boxes) is in
view and usable in the combat panel of a 1400 x 900 window, at the offscreen default font and at
a common desktop one, where two columns of boxes no longer fit the panel's width."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QWidget

from hexcombat.ui.main_window import MainWindow

MAPS = Path(__file__).resolve().parents[2] / "maps"
TUTORIAL_10F1 = MAPS / "tutorial-10f1-required-losses-scenario.toml"


@pytest.fixture(params=[9.0, 11.0], ids=["9pt", "11pt"])
def font_size(request, qapp: QApplication):  # noqa: ANN201
    """The application's font at the size the player's desktop gives, set before the window."""
    before = QFont(qapp.font())
    font = QFont(before)
    font.setPointSizeF(request.param)
    qapp.setFont(font)
    yield request.param
    qapp.setFont(before)


@pytest.fixture
def window(font_size: float, window: MainWindow) -> MainWindow:
    """The shared window (built at ``font_size``), on the 10.F.1 tutorial."""
    assert window.size().width() == 1400 and window.size().height() == 900
    assert window.open_file(TUTORIAL_10F1), window.errors
    return window


def condition_widgets(window: MainWindow) -> dict[str, QWidget]:
    panel = window.combat_panel
    return {
        "phasing player": panel.phasing_player,
        "phase": panel.phase,
        "weather": panel.weather,
        "date": panel.date,
        **panel.condition_boxes,
    }


def shown_whole(widget: QWidget, viewport: QWidget) -> bool:
    """Whether all of ``widget`` is drawn, inside the scroll area's ``viewport``."""
    inside = QRect(widget.mapTo(viewport, widget.rect().topLeft()), widget.size())
    return (
        widget.isVisible()
        and widget.visibleRegion().boundingRect() == widget.rect()
        and viewport.rect().contains(inside)
    )


def test_every_condition_is_in_view_at_1400_by_900(window, qtbot) -> None:
    panel = window.combat_panel
    assert QApplication.font().pointSizeF() in (9.0, 11.0)
    viewport = panel.setup_pane.viewport()
    widgets = condition_widgets(window)
    qtbot.waitUntil(lambda: all(shown_whole(w, viewport) for w in widgets.values()), timeout=2000)
    assert not panel.setup_pane.verticalScrollBar().isVisible()
    # the attackers' columns (hex, units, across) are not cut off at the right either
    tree = panel.candidate_tree
    assert shown_whole(tree, viewport)
    header = tree.header()
    assert header.sectionViewportPosition(2) + header.sectionSize(2) <= tree.viewport().width()


def test_every_condition_box_can_be_ticked_where_it_is_shown(window, qtbot) -> None:
    panel = window.combat_panel
    viewport = panel.setup_pane.viewport()
    for name, box in panel.condition_boxes.items():
        qtbot.waitUntil(lambda box=box: shown_whole(box, viewport), timeout=2000)
        if name == "overrun":  # the phase decides an overrun (10.G), not the box
            assert not box.isEnabled()
            continue
        # a click on the middle of its words, as a player clicks it
        words = QPoint(box.sizeHint().width() // 2, box.height() // 2)
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=words)
        assert box.isChecked(), name
        assert panel.report.situation.conditions.choice(name) is True, name
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=words)
        assert not box.isChecked(), name


def test_the_overrun_note_and_boxes_stay_in_view_in_the_movement_phase(window, qtbot) -> None:
    panel = window.combat_panel
    panel.phase.setCurrentText("movement")  # an attack now is an overrun (10.G)
    assert panel.condition_boxes["overrun"].isChecked()
    viewport = panel.setup_pane.viewport()
    widgets = [*condition_widgets(window).values(), panel.phase_note]
    qtbot.waitUntil(lambda: all(shown_whole(w, viewport) for w in widgets), timeout=2000)


def test_a_long_summary_of_the_set_up_does_not_widen_the_panel_over_the_map(window, qtbot) -> None:
    panel = window.combat_panel
    dock, map_width = window._docks["Combat"].width(), window.view.width()
    panel.date.setText("1943-08")
    qtbot.keyClick(panel.date, Qt.Key.Key_Return)
    for name, box in panel.condition_boxes.items():
        if name != "overrun":
            box.setChecked(True)
    panel.phase.setCurrentText("movement")  # and an overrun (10.G)
    summary = (
        "Attackers and conditions: 3 of 3 stacks, movement phase, clear, 1943-08, fortified, "
        "entrenched, attacker declines aec, defender declines aec/atec, overrun"
    )
    qtbot.wait(50)
    assert window._docks["Combat"].width() == dock and window.view.width() == map_width
    assert panel.setup_toggle.toolTip().startswith(summary)  # the whole of it, on hover
    shown = panel.setup_toggle.text()
    assert shown.endswith("\u2026") and summary.startswith(shown[:-1])
