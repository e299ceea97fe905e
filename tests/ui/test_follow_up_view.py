"""The Combat panel's follow-up rows, in the window, end to end under the follow-up test ruleset
(follow_up_ruleset.py): fire 4 against defence 3 is +1 (T1), a typed 4 hits (T3), the Guards
take the step; then each defender checks morale on 2d6 (F1: above 7 disrupted) and the attacker
pins one of them on a d6 of 5-6 (F3), each its own row with its chances, typed or rolled."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from follow_up_game import follow_up_game, follow_up_rules, uid_of
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from uihelpers import start_attack

from hexcombat.game.status_commands import SetState
from hexcombat.rules.status import UnitStatus
from hexcombat.ui import counter_actions
from hexcombat.ui.follow_up_view import FollowUpView
from hexcombat.ui.main_window import MainWindow
from meaning import says


@pytest.fixture
def game(window: MainWindow) -> Iterator[MainWindow]:
    with follow_up_rules():
        window.show_game(follow_up_game())
        yield window


def log_text(window: MainWindow) -> list[str]:
    log = window.combat_log
    return [log.item(i).text() for i in range(log.count())]


def fight(window: MainWindow, qtbot) -> FollowUpView:  # noqa: ANN001
    """Attack 0504 with a typed 4; the Guards take the step; Apply."""
    panel = window.combat_panel
    start_attack(window, qtbot, "0504")
    panel.typed_roll.setText("4")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.resolution is not None and panel.resolution.result.code == "L"
    panel.model.set_losses([uid_of(window.session.state, "Guards")])
    assert panel.apply(), panel.problems.text()
    return panel.follow_ups


def test_follow_ups_show_as_rows_are_typed_undone_and_saved(
    game: MainWindow,
    qtbot,  # noqa: ANN001
    tmp_path: Path,
) -> None:
    window, state = game, game.session.state
    view = fight(window, qtbot)
    guards, militia = uid_of(state, "Guards"), uid_of(state, "Militia")
    assert view.isVisible() and len(view.rows) == 3
    first = view.rows[0]
    assert [label.text() for label in first.chance_labels] == [
        "holds 58.3%",
        "disrupted 38.9%",
        "disrupted, routs 2.8%",
    ]
    assert first.chance_labels[1].toolTip() == "disrupted: 7/18 exactly"
    pin = view.rows[2]
    assert pin.chooser is not None
    assert [pin.chooser.itemText(i) for i in range(pin.chooser.count())] == [
        "Guards in 0504",
        "Militia in 0504",
    ]
    window.grab().save(str(tmp_path / "follow-ups.png"))
    # the Guards' morale check, typed: 5 + 5 = 10, disrupted (F1)
    assert first.typed is not None
    first.typed.setText("5 5")
    qtbot.keyClick(first.typed, Qt.Key.Key_Return)
    assert state.counters[guards].status == UnitStatus(steps_lost=1, state="disrupted")
    assert says(
        log_text(window)[-1].split("  ", 1)[1],
        figures=["0504", "7", "5", "5", "10", "0504"],
        names=["Guards", "morale check", "disrupted", "Changed", "F1"],
    )
    assert len(view.rows) == 2 and view.rows[0].key == f"morale:{militia}"
    window.undo_action.trigger()
    assert state.counters[guards].status == UnitStatus(steps_lost=1)
    assert len(view.rows) == 3 and view.rows[0].key == f"morale:{guards}"
    window.redo_action.trigger()
    assert state.counters[guards].status == UnitStatus(steps_lost=1, state="disrupted")
    # a typed die the check has not: refused under the rows, nothing changes
    militia_row = view.rows[0]
    assert militia_row.typed is not None
    militia_row.typed.setText("5 9")
    qtbot.keyClick(militia_row.typed, Qt.Key.Key_Return)
    assert "the morale check (2d6) has no 9" in view.problem.text() and len(view.rows) == 2
    # the Militia's check on the game's dice: it goes (a 12 would queue a rout before the pin)
    used = state.dice.used
    qtbot.mouseClick(militia_row.roll_button, Qt.MouseButton.LeftButton)
    assert state.dice.used == used + 2 and "(game dice)" in log_text(window)[-1]
    assert [row.key for row in view.rows][-1] == "pin"
    # save and reopen with what still waits
    path = tmp_path / "follow-ups.json"
    window.session.save(path)
    waiting = [row.key for row in view.rows]
    assert window.open_file(path), window.errors
    reopened = window.combat_panel.follow_ups
    assert [row.key for row in reopened.rows] == waiting


def test_the_chooser_picks_the_unit_a_choice_falls_on(game: MainWindow, qtbot) -> None:  # noqa: ANN001
    window, state = game, game.session.state
    view = fight(window, qtbot)
    militia = uid_of(state, "Militia")
    panel = window.combat_panel
    start_attack(window, qtbot, "0504")  # the next attack waits for the follow-ups
    assert panel.report is not None and not panel.roll_button.isEnabled()
    assert says(panel.roll_button.toolTip(), names=["last attack's follow-ups", "first"])
    for _ in range(2):  # both morale checks hold: 1 + 1
        row = view.rows[0]
        assert row.typed is not None
        row.typed.setText("1 1")
        qtbot.keyClick(row.typed, Qt.Key.Key_Return)
    (pin,) = view.rows
    assert pin.chooser is not None
    pin.chooser.setCurrentIndex(1)
    pin.chooser.activated.emit(1)
    (pin,) = view.rows  # rebuilt with the choice kept
    assert pin.chooser is not None and pin.chooser.currentText() == "Militia in 0504"
    assert pin.typed is not None
    pin.typed.setText("6")
    qtbot.keyClick(pin.typed, Qt.Key.Key_Return)
    assert state.counters[militia].status.markers == frozenset({"pinned"})
    assert "[Militia in 0504]" in log_text(window)[-1]
    assert not view.isVisible() and state.follow_ups is None
    assert panel.target is not None and panel.roll_button.isEnabled()  # the next may roll


def test_the_map_menu_rallies_a_disrupted_unit_with_typed_or_game_dice(
    game: MainWindow,
    qtbot,  # noqa: ANN001
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window, state = game, game.session.state
    guards = uid_of(state, "Guards")
    assert window.session.run(SetState(guards, state="disrupted"))
    asked: list[str] = []

    def typed(dice: str):  # noqa: ANN202
        def ask(parent, action):  # noqa: ANN001, ANN202
            asked.append(action.done_text)
            return dice

        return ask

    def rally() -> None:
        menu = window.context_menu(state.hexmap.hex_at("0504"))
        (found,) = [a for a in menu.actions() if a.text().startswith("Rally")]
        assert found.text() == "Rally (F4)..."  # it asks for the dice first
        found.trigger()

    monkeypatch.setattr(counter_actions, "ask_dice", typed("4 4"))  # 8, -1 stacked: 7 (F4)
    rally()
    assert asked == ["Rally Guards (F4)"]
    assert state.counters[guards].status == UnitStatus()
    assert says(
        log_text(window)[-1].split("  ", 1)[1],
        figures=["0504", "4", "4", "8", "-1", "7", "0504"],
        names=["Rally Guards", "F4", "rally roll", "rallied", "Changed", "back in good order"],
    )
    window.undo_action.trigger()
    assert state.counters[guards].status == UnitStatus(state="disrupted")
    monkeypatch.setattr(counter_actions, "ask_dice", typed("4 x"))
    rally()
    assert "type the dice as numbers" in window.statusBar().currentMessage()
    monkeypatch.setattr(counter_actions, "ask_dice", typed(""))  # the game's dice
    used = state.dice.used
    rally()
    assert state.dice.used == used + 2 and "(game dice)" in log_text(window)[-1]
    window.undo_action.trigger()
    assert state.counters[guards].status == UnitStatus(state="disrupted")
    monkeypatch.setattr(counter_actions, "ask_dice", typed(None))  # cancelled: nothing
    before = state.dice.used, len(state.log)
    rally()
    assert (state.dice.used, len(state.log)) == before


def test_a_follow_up_that_can_end_only_one_way_offers_no_roll(qtbot) -> None:  # noqa: ANN001
    """LHY 14.3.2: a side with no undisrupted combat unit, LATW or FP left makes no vehicle
    destruction attempt; the row says so and offers no Roll and no typed die."""
    from fractions import Fraction

    from hexcombat.game.follow_ups import Chance, FollowUpRow
    from hexcombat.rulesets.lhy_assault.follow import NO_ATTEMPT
    from hexcombat.ui.follow_up_view import FollowUpRowView

    taken: list[str] = []

    class Model:
        def roll(self, key: str) -> None:
            taken.append(key)

        def chosen(self, _key: str) -> None:
            return None

    row = FollowUpRow(
        "destruction:attacker", "the attacker tries to destroy a vehicle", "14.3.2",
        "d10 (vehicle destruction)", "1 die (d10)", (("v1", "Tank in 0504"),), "attacker",
        (Chance(NO_ATTEMPT, Fraction(1)),), "",
    )  # fmt: skip
    view = FollowUpRowView(Model(), row, True)  # type: ignore[arg-type]
    qtbot.addWidget(view)
    assert view.roll_button.text() != "Roll" and view.typed is None
    (note,) = [w for w in view.findChildren(QLabel) if w.objectName() == "FollowUpCertain"]
    assert note.text() == f"Nothing to roll: {NO_ATTEMPT}"
    view.roll_button.click()
    assert taken == ["destruction:attacker"]  # noted in the log, the next follow-up comes


def test_a_follow_up_row_fits_a_narrow_panel(qtbot) -> None:  # noqa: ANN001
    """LHY's vehicle destruction row: its long target names and dice words never make the
    row wider than the Combat panel, where its right edge would be cut off."""
    from fractions import Fraction

    from hexcombat.game.follow_ups import Chance, FollowUpRow
    from hexcombat.ui.follow_up_view import FollowUpRowView

    class Model:
        def roll(self, key: str) -> None: ...

        def chosen(self, _key: str) -> None:
            return None

    row = FollowUpRow(
        "destruction:defender", "the defender tries to destroy a vehicle: the chosen target is "
        "destroyed on 10 or more", "14.3.2", "d10 (vehicle destruction)",
        "1 number from 1 to 10 (the vehicle destruction, d10)",
        (("v1", "Pz IVH (Kampfgruppe Meyer, 2nd company) in 0406"), ("v2", "StuG III in 0405")),
        "defender",
        (Chance("Pz IVH (Kampfgruppe Meyer) destroyed", Fraction(1, 10)),
         Chance("Pz IVH (Kampfgruppe Meyer) survives", Fraction(9, 10))),
        "",
    )  # fmt: skip
    view = FollowUpRowView(Model(), row, False)  # type: ignore[arg-type]
    qtbot.addWidget(view)
    assert view.minimumSizeHint().width() <= 320  # a Combat panel at 1280 x 800, table mode
