"""The combat panel's Roll is a game change (logged, undoable, not repeatable until the result is
applied or the roll undone), and its weather and date are the game's, undone and saved."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from uihelpers import start_attack

from hexcombat.game.opening import default_tutorial
from hexcombat.game.state import GameDice
from meaning import each_says, says, says_in

LEFT = Qt.MouseButton.LeftButton


def log_lines(window) -> list[str]:
    """Each log row's summary line, after the time of its roll (test_combat_log.py reads the
    time and the losses, retreats and advance below the summary)."""
    log = window.combat_log
    rows = [log.item(i).text().split("\n")[0] for i in range(log.count())]
    return [re.sub(r"^\d\d:\d\d  ", "", row) for row in rows]


def test_roll_is_logged_and_cannot_be_pressed_again_until_undone(window, qtbot) -> None:
    state = window.session.state
    start_attack(window, qtbot)
    panel = window.combat_panel
    first_die = GameDice(state.dice.seed).roll()
    qtbot.mouseClick(panel.roll_button, LEFT)
    assert panel.dice.rolls == [first_die]
    assert len(log_lines(window)) == 1
    assert says_in(
        log_lines(window)[0],
        figures=[str(first_die), "0504", "3:1", "+1"],
        names=["Roll", "game dice", "DRM"],
    )
    assert window.session.undo_stack.count() == 1 and window.session.modified
    # the history names the roll, the log adds that it is not applied yet
    assert f"{window.session.undo_stack.text(0)}, not applied yet" == log_lines(window)[0]
    # Roll, R and a typed roll all refuse now: the result stands until applied or undone
    assert not panel.roll_button.isEnabled() and not panel.typed_roll.isEnabled()
    assert not window.roll_action.isEnabled()  # the Game menu and toolbar follow the panel
    assert not panel.setup_pane.isEnabled()  # the result is for this set-up
    window.roll_action.trigger()
    assert panel.roll() is None and panel.roll([6]) is None
    assert state.dice.used == 1 and len(log_lines(window)) == 1
    assert window.session.undo_stack.count() == 1
    # another attack waits too
    window.scene.select_hex(state.hexmap.hex_at("0403"))
    assert not window.attack_selected()
    assert panel.target == state.hexmap.hex_at("0504") and panel.resolution is not None
    refused = "The attack on 0504 is rolled: apply its result, or undo the roll."
    assert window.statusBar().currentMessage() == refused
    assert panel.problems.text() == refused and panel.title.text().startswith("<b>Attack on 0504")
    window.undo_action.trigger()
    assert log_lines(window) == [] and state.dice.used == 0 and state.pending_roll is None
    assert panel.resolution is None and not panel.result_box.isVisible()
    assert panel.roll_button.isEnabled() and panel.setup_pane.isEnabled()
    assert window.roll_action.isEnabled()
    qtbot.mouseClick(panel.roll_button, LEFT)  # the dice were put back: the same die again
    assert panel.dice.rolls == [first_die]
    window.undo_action.trigger()
    window.redo_action.trigger()  # redo shows the very same roll, rolling nothing new
    assert panel.dice.rolls == [first_die] and state.dice.used == 1
    assert panel.resolution is state.pending_roll.resolution and panel.result_box.isVisible()


def test_weather_and_date_are_undoable_game_changes(window, qtbot) -> None:
    state = window.session.state
    panel = window.combat_panel
    start_attack(window, qtbot)
    assert (panel.weather.currentText(), state.conditions.weather) == ("clear", "clear")
    panel.weather.setCurrentText("mud")  # as the player picks it
    assert state.conditions.weather == "mud"
    assert panel.report.situation.conditions.weather == "mud"
    # mud does not allow AEC: the 14D2a heavy armour +1 is lost (Total War 14D2a)
    assert "DRM +1" not in panel.odds.text()
    panel.date.clear()
    qtbot.keyClicks(panel.date, "1943-08")
    qtbot.keyClick(panel.date, Qt.Key.Key_Return)
    assert state.conditions.date == "1943-08"
    stack = window.session.undo_stack
    assert [stack.text(i) for i in range(stack.count())] == [
        "Set weather mud",
        "Set date 1943-08",
    ]
    panel.date.setText("August")
    qtbot.keyClick(panel.date, Qt.Key.Key_Return)  # no month: refused, the game's date again
    assert state.conditions.date == "1943-08" and panel.date.text() == "1943-08"
    assert stack.count() == 2 and "YYYY-MM" in window.statusBar().currentMessage()
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert (panel.weather.currentText(), panel.date.text()) == ("clear", "")
    assert (state.conditions.weather, state.conditions.date) == ("clear", None)
    assert "DRM +1" in panel.odds.text()
    window.redo_action.trigger()
    assert panel.weather.currentText() == "mud" and state.conditions.weather == "mud"


def test_weather_and_date_are_saved_and_shown_after_loading(window, qtbot, tmp_path) -> None:
    panel = window.combat_panel
    panel.weather.setCurrentText("snow")
    panel.date.setText("1942-01")
    qtbot.keyClick(panel.date, Qt.Key.Key_Return)
    path = tmp_path / "winter.json"
    window.choose_save_path = lambda: str(path)
    assert window.save()
    assert window.open_file(default_tutorial())  # another game in between
    assert window.combat_panel.weather.currentText() == "clear"
    assert window.open_file(path)
    state, panel = window.session.state, window.combat_panel
    assert (state.conditions.weather, state.conditions.date) == ("snow", "1942-01")
    assert (panel.weather.currentText(), panel.date.text()) == ("snow", "1942-01")
    start_attack(window, qtbot)
    assert panel.report.situation.conditions.weather == "snow"


@pytest.mark.usefixtures("zoc_free")  # a DR with somewhere to retreat to
def test_a_game_saved_with_a_roll_to_apply_reopens_showing_it(window, qtbot, tmp_path) -> None:
    start_attack(window, qtbot)
    panel = window.combat_panel
    panel.typed_roll.setText("4")  # 3:1, 4 + 1 = 5: DR
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    path = tmp_path / "rolled.json"
    window.choose_save_path = lambda: str(path)
    assert window.save()
    assert window.open_file(path)
    panel, state = window.combat_panel, window.session.state
    assert panel.target == state.hexmap.hex_at("0504")
    assert panel.resolution is state.pending_roll.resolution
    assert panel.resolution.result.code == "DR" and panel.dice.rolls == [4]
    assert not panel.roll_button.isEnabled()
    assert each_says(
        log_lines(window),
        dict(
            figures=["4", "0504", "3:1", "+1", "5"],
            names=["typed in", "DRM", "DR", "not applied yet"],
        ),
    )
    (start,) = panel.retreat_boxes
    assert panel.pick_retreat(start, next(iter(panel.retreat_ends[start])))
    assert panel.apply(), panel.problems.text()
    assert len(log_lines(window)) == 1 and log_lines(window)[0].endswith("roll 4 = 5: DR")
    assert state.pending_roll is None


def test_a_reopened_roll_is_undone_with_ctrl_z_as_the_panel_says(window, qtbot, tmp_path) -> None:
    start_attack(window, qtbot)
    panel = window.combat_panel
    panel.roll()  # the game's seeded dice
    first = list(panel.dice.rolls)
    path = tmp_path / "rolled.json"
    window.choose_save_path = lambda: str(path)
    assert window.save()
    assert window.open_file(path)
    panel, state, stack = window.combat_panel, window.session.state, window.session.undo_stack
    assert says(
        panel.roll_button.toolTip(), names=["Rolled", "apply the result", "undo the roll", "Ctrl+Z"]
    )
    assert window.undo_action.isEnabled() and not window.session.modified
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert state.pending_roll is None and state.log == [] and state.dice.used == 0
    assert panel.roll_button.isEnabled() and panel.resolution is None
    assert window.session.modified  # the game differs from the save now
    panel.roll()  # the dice were given back: the same roll comes again
    assert panel.dice.rolls == first and state.dice.used == 1
    assert stack.count() == 1 and stack.text(0).startswith("Roll ")
    # a reopened typed-in roll is taken back the same way; the game's dice are not touched
    stack.undo()
    panel.typed_roll.setText("4")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert window.save()
    assert window.open_file(path)
    state = window.session.state
    window.undo_action.trigger()
    assert state.pending_roll is None and state.dice.used == 0
    window.redo_action.trigger()
    assert state.pending_roll is not None and window.combat_panel.dice.rolls == [4]


@pytest.mark.usefixtures("zoc_free")  # a DR with somewhere to retreat to
def test_typed_dice_are_cleared_once_their_result_is_applied(bench, qtbot) -> None:
    bench.attack()
    panel = bench.combat_panel
    panel.typed_roll.setText("4")  # 3:1, 4 + 1 = 5: DR
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.resolution.result.code == "DR" and panel.typed_roll.text() == "4"
    (start,) = panel.retreat_boxes
    assert panel.pick_retreat(start, next(iter(panel.retreat_ends[start])))
    assert panel.apply(), panel.problems.text()
    assert panel.typed_roll.text() == ""  # the next attack's dice are typed afresh
