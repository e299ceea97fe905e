"""Keyboard first: a whole attack (set up, rolled with the physical dice, losses ticked, the
retreat picked, applied) with key presses only; every command's keys in its menu, its tooltip
and Help > Keys; the tutorial's steps one key at a time."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QComboBox, QListWidget

from hexcombat.ui.combat_keys import PANEL_KEYS, key_text
from hexcombat.ui.main_window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier


def press(qtbot, window: MainWindow, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier):  # noqa: ANN001, ANN201
    """A key pressed where the keyboard is now, as on a real keyboard: what it queued (a new
    retreat box shown) done before the next key."""
    qtbot.keyClick(QApplication.focusWidget() or window, key, modifier)
    QApplication.processEvents()


@pytest.mark.usefixtures("zoc_free")  # enemy zones of control would leave 0504 no retreat
def test_an_attack_from_set_up_to_applied_with_keys_only(window, qtbot) -> None:
    state, panel = window.session.state, window.combat_panel
    panel.stop()  # the tutorial set its attack up: start from none
    assert panel.target is None
    window.view.setFocus()
    press(qtbot, window, Qt.Key.Key_N)  # Next Target: the Axis stack in 0504, all five stacks
    assert panel.target == state.hexmap.hex_at("0504")
    assert panel.odds.text().startswith("3:1   DRM +1")
    press(qtbot, window, Qt.Key.Key_D)  # Type the Dice
    assert QApplication.focusWidget() is panel.typed_roll
    press(qtbot, window, Qt.Key.Key_6)
    press(qtbot, window, Qt.Key.Key_Return)  # 6 + 1 = 7 at 3:1: DH (generic table, assumed)
    assert panel.resolution is not None and panel.resolution.result.code == "DH"
    press(qtbot, window, Qt.Key.Key_L)  # Choose Losses: the defender loses half its 10 points
    losses = panel.losses
    assert QApplication.focusWidget() is losses and isinstance(losses, QListWidget)
    while "Inf XX" not in losses.currentItem().text():
        press(qtbot, window, Qt.Key.Key_Down)
    (inf,) = [c.uid for c in state.stack_at(panel.target) if c.unit.name == "Inf XX"]
    ticked = inf in panel.chosen_losses()  # the panel may propose it
    press(qtbot, window, Qt.Key.Key_Space)  # Space ticks and unticks the 6-point Inf XX
    assert (inf in panel.chosen_losses()) != ticked
    if ticked:
        press(qtbot, window, Qt.Key.Key_Space)
    assert panel.chosen_losses() == [inf]
    press(qtbot, window, Qt.Key.Key_E)  # Pick Retreat End
    (box,) = panel.retreat_boxes.values()
    assert QApplication.focusWidget() is box and isinstance(box, QComboBox)
    press(qtbot, window, Qt.Key.Key_Down)
    assert box.currentText() == "0506"
    assert panel.problems.text() == ""  # nothing left to choose
    others = [c.uid for c in state.stack_at(panel.target) if c.uid != inf]
    press(qtbot, window, Qt.Key.Key_Return, CTRL)  # Apply Result
    assert state.pending_roll is None and inf not in state.counters
    assert state.stack_at(state.hexmap.hex_at("0504")) == []
    assert [c.uid for c in state.stack_at(state.hexmap.hex_at("0506"))] == others
    logged = window.combat_log.item(window.combat_log.count() - 1)
    assert "0506" in logged.text() + logged.toolTip()  # the log says where they went


def test_every_key_is_in_its_menu_its_tooltip_and_help_keys(tutorial_window) -> None:
    keys = tutorial_window.show_help("keys").text()
    with_keys = [a for a in tutorial_window.findChildren(QAction) if key_text(a) and a.isVisible()]
    assert len(with_keys) >= 20
    for action in with_keys:
        words, key = action.text().replace("&", ""), key_text(action)
        assert action in tutorial_window.menu_actions(), words  # in a menu, which shows the keys
        assert f"({key})" in action.toolTip(), (words, action.toolTip())
        assert f"{key}: {words}" in keys, words
    for key, what in PANEL_KEYS:
        assert f"{key}: {what}" in keys
    for words in ("Next Target", "Type the Dice", "Choose Losses", "Pick Retreat End",
                  "Apply Result", "Roll", "Next Tutorial Step", "Table Mode"):  # fmt: skip
        assert any(a.text().replace("&", "") == words for a in with_keys), words
    assert "(Ctrl+Return, " in tutorial_window.combat_panel.apply_button.toolTip()


def test_the_tutorial_steps_one_key_at_a_time(window, qtbot) -> None:
    tutorial = window.tutorial_panel
    assert tutorial.current == 0 and len(tutorial.steps) >= 3  # a tutorial opens at its first
    window.view.setFocus()
    press(qtbot, window, Qt.Key.Key_S)
    press(qtbot, window, Qt.Key.Key_S)
    assert tutorial.current == 2
    marked = tutorial.text.toHtml()
    assert "#f0e442" in marked.lower()
    press(qtbot, window, Qt.Key.Key_S, Qt.KeyboardModifier.ShiftModifier)
    assert tutorial.current == 1


def test_space_leaves_a_stack_out_of_the_attack_and_takes_it_back(window, qtbot) -> None:
    panel = window.combat_panel
    tree = panel.candidate_tree
    assert panel.odds.text().startswith("3:1")  # all five stacks
    tree.setFocus()
    press(qtbot, window, Qt.Key.Key_End)  # the artillery in 0604, the last stack listed
    assert tree.currentItem().text(0) == "0604"
    press(qtbot, window, Qt.Key.Key_Space)
    assert len(panel.model.taking_part) == 4 and not panel.odds.text().startswith("3:1")
    assert tree.currentItem().checkState(0) == Qt.CheckState.Unchecked
    press(qtbot, window, Qt.Key.Key_Space)
    assert len(panel.model.taking_part) == 5 and panel.odds.text().startswith("3:1")
