"""The calculator at the table: air counters picked from the counter sets, table mode, the
what-if figures, the reports, its keys in Help > Keys, and closing with the main window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QMessageBox, QTableWidget

from hexcombat.game.calculator import find_counters, new_combat
from hexcombat.game.roll import dice_rolled
from hexcombat.rules.registry import ruleset_ids
from hexcombat.rules.report import odds_column
from hexcombat.ui.calculator_window import CalculatorWindow
from hexcombat.ui.combat_keys import key_text
from hexcombat.ui.table_mode import HEADLINE_SCALE, desktop_points
from hexcombat.ui.what_if_view import report_what_if, what_if_lines
from hexcombat_cli import explain_json

CASES = Path(__file__).parents[1] / "cases"
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def calculator(qtbot) -> CalculatorWindow:  # noqa: ANN001
    win = CalculatorWindow(new_combat("total-war"))
    win.errors = []
    win.show_error = lambda title, text: win.errors.append((title, text))
    win.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    return win


def keys(qtbot, key: Qt.Key, mod=Qt.KeyboardModifier.NoModifier) -> None:  # noqa: ANN001
    qtbot.keyClick(QApplication.focusWidget(), key, mod)




def test_an_air_counter_is_picked_from_the_counter_sets_by_keys(
    calculator, qtbot, tmp_path
) -> None:  # noqa: ANN001, E501
    win = calculator
    keys(qtbot, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)  # &Side
    keys(qtbot, Qt.Key.Key_End)  # its last choice: air mission
    assert win.side_box.currentText() == "air mission" and win.mission.isVisibleTo(win)
    keys(qtbot, Qt.Key.Key_M, Qt.KeyboardModifier.AltModifier)  # &Mission
    qtbot.keyClicks(QApplication.focusWidget(), "airb")
    assert win.mission.currentText() == "airbase-bombing"  # (no rule number: none is printed)
    keys(qtbot, Qt.Key.Key_F, CTRL)  # Find Counter
    qtbot.keyClicks(QApplication.focusWidget(), "me 109e")
    keys(qtbot, Qt.Key.Key_3, CTRL)  # Fly as Air Mission
    assert win.setup_problem.text() == ""
    assert win.mission.isVisibleTo(win)  # the mission flown is on show
    assert win.combat.entries("air") == [{"counter": "ge-me-109e", "mission": "airbase-bombing"}]
    assert win.lists["air"].item(0).text() == "Me 109E (ge-me-109e): airbase-bombing"
    # 23D1: a Me 109E (7F5) on a bombing mission carries bombs: "an air attack strength of 5
    # and an air defense strength of 4"
    assert win.report.totals["air_attack"] == 5 and win.report.totals["air_defence"] == 4
    win.combat.save(tmp_path / "air.toml")
    assert win.report.to_json() == explain_json(tmp_path / "air.toml")
    win.lists["air"].setFocus()
    keys(qtbot, Qt.Key.Key_Delete)
    assert not win.combat.is_air and win.lists["attacker"].isVisibleTo(win)
    win.search.setText("su-tank-x")
    assert win.add_searched("attacker") and win.combat.entries("attacker")


def test_no_air_mission_is_offered_by_a_ruleset_without_air_rules(calculator) -> None:  # noqa: ANN001
    calculator.ruleset_box.setCurrentIndex(calculator.ruleset_box.findData("armour-ratio"))
    sides = [calculator.side_box.itemText(i) for i in range(calculator.side_box.count())]
    assert sides == ["attacker", "defender"]
    assert not calculator.actions_by_method["add_air_mission"].isEnabled()


def test_table_mode_reaches_the_calculator_both_ways(window, qtbot) -> None:  # noqa: ANN001
    window.table_mode_action.setChecked(False)
    calc = window.show_calculator(CASES / "tw-14d2d.toml")
    calc.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    before = calc.steps.font().pointSizeF()
    window.table_mode_action.setChecked(True)  # Ctrl+T in the map's window
    assert calc.table_mode and calc.steps.font().pointSizeF() > before
    calc.typed_roll.setText("4")
    rolled = calc.use_typed_roll()
    # the numbers that matter biggest: odds, DRM, the roll and the result, in one large line
    big = f"font-size:{desktop_points(HEADLINE_SCALE):.1f}pt"
    line = calc.headline.text().split("<br>")[0]
    assert big in line and "3:1   DRM +1" in line
    assert "roll <b>4</b>" in line and f"<b>{rolled.result.code}</b>" in line
    calc.resize(1280, 800)
    QApplication.processEvents()
    for widget in (calc.steps, calc.bars, calc.typed_roll, calc.table_orders, calc.search):
        assert widget.isVisible() and widget.height() > 0 and widget.width() > 0
    QApplication.processEvents()
    viewport = calc.setup_scroll.viewport()
    for field in (calc.ruleset_box, calc.search, calc.inline, calc.across, calc.terrain):
        right = field.mapTo(viewport, field.rect().topRight()).x()
        assert right < viewport.width(), f"{field.objectName()} cut off at the pane's right"
    calc.table_mode_action.trigger()  # Ctrl+T in the calculator: every window follows
    assert not window.table_mode_action.isChecked()
    assert calc.steps.font().pointSizeF() == before
    assert "Ctrl+T" in calc.table_mode_action.toolTip()


def test_the_calculator_shows_the_what_if_figures(calculator, qtbot) -> None:  # noqa: ANN001
    calculator.open_path(CASES / "tw-14d2d.toml")
    figures = report_what_if(calculator.report)
    assert figures is not None and calculator.what_if.text() == "\n".join(what_if_lines(figures))
    assert calculator.what_if.toggle.isVisibleTo(calculator)
    keys(qtbot, Qt.Key.Key_I, CTRL)  # What If unfolds
    assert calculator.what_if.isVisibleTo(calculator)


def test_the_calculator_exports_the_combat_it_resolved(calculator, tmp_path) -> None:  # noqa: ANN001
    calculator.open_path(CASES / "tw-14d2d.toml")
    calculator.typed_roll.setText("4")
    rolled = calculator.use_typed_roll()
    calculator.reports.choose_path = lambda _title: str(tmp_path / "combat.md")
    assert calculator.reports.export_combat()
    text = (tmp_path / "combat.md").read_text()
    for step in calculator.report.steps:
        assert step.rule in text and step.text in text
    assert "+1" in text  # 14D2d: "an overall net effect of +1"
    assert "Dice typed in at" in text and rolled.result.code in text
    for effect in rolled.result.effects:
        assert effect.text in text  # what to do on the table
    calculator.reports.choose_path = lambda _title: str(tmp_path / "log.html")
    assert calculator.reports.export_log() and "<html" in (tmp_path / "log.html").read_text()


def test_main_help_keys_lists_the_calculator_s_keys(window) -> None:  # noqa: ANN001
    table = window.show_help("keys").findChild(QTableWidget)
    rows = {table.item(r, 1).text(): table.item(r, 0).text() for r in range(table.rowCount())}
    assert rows["Calculator: Roll"] == "Ctrl+R"
    assert rows["Calculator: Fly as Air Mission"] == "Ctrl+3"
    assert rows["Calculator: Type Dice"] == "Ctrl+E"


def test_closing_the_main_window_closes_the_calculators_asking_first(window, qtbot) -> None:  # noqa: ANN001
    calc = window.show_calculator()
    calc.search.setText("su-tank-x")
    assert calc.add_searched("attacker") and calc.dirty
    asked: list[str] = []
    calc.ask_unsaved = lambda: asked.append("calc") or QMessageBox.StandardButton.Cancel
    assert not window.close()  # Cancel: the player keeps the combat, and the main window
    assert asked == ["calc"] and calc.isVisible() and window.isVisible()
    calc.ask_unsaved = lambda: asked.append("calc") or QMessageBox.StandardButton.Discard
    assert window.close()
    assert asked == ["calc", "calc"] and not calc.isVisible()


def test_alt_n_goes_to_the_count(calculator, qtbot) -> None:  # noqa: ANN001
    label = next(
        w for w in calculator.findChildren(QLabel) if w.text() == "Cou&nt"
    )  # shown as "Count" with N underlined, not "Cou&nt"
    assert label.buddy() is calculator.count


def test_every_calculator_command_has_keys_in_its_menu_tooltip_and_help(calculator) -> None:  # noqa: ANN001
    """Keyboard first: each command of the calculator's menus has keys, its tooltip says them,
    and its Help > Keys lists them (the reports' commands included)."""
    table = calculator.show_keys().findChild(QTableWidget)
    rows = {table.item(r, 1).text(): table.item(r, 0).text() for r in range(table.rowCount())}
    actions = [
        a
        for top in calculator.menuBar().actions()
        for a in top.menu().actions()
        if not a.isSeparator()
    ]
    assert len(actions) >= 20
    for action in actions:
        words = action.text().replace("&", "")
        keys = key_text(action)
        assert keys, f"{words} has no keys"
        assert f"({keys})" in action.toolTip(), (words, action.toolTip())
        assert rows[words] == keys, words


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_every_ruleset_fights_in_the_calculator_and_a_typed_roll_is_that_roll(
    calculator, ruleset: str, tmp_path: Path
) -> None:  # noqa: ANN001
    win = calculator
    win.ruleset_box.setCurrentIndex(win.ruleset_box.findData(ruleset))
    # the first two ground counters the picker offers: the ruleset's own game's
    (first, _), (second, _) = find_counters(win.combat.library, "", own=win.combat.own_ids)[:2]
    assert {first, second} <= set(win.combat.own_ids)
    for side, counter in (("attacker", first), ("defender", second)):
        win.side_box.setCurrentText(side)
        win.search.setText(counter)
        assert win.add_searched(side), win.setup_problem.text()
    assert win.report is not None, win.setup_problem.text()
    faces = " ".join("3" for _ in dice_rolled(win.report))
    win.typed_roll.setText(faces)
    rolled = win.use_typed_roll()
    assert rolled is not None and rolled.rolls == tuple(int(f) for f in faces.split())
    assert rolled.typed
    win.combat.save(tmp_path / "combat.toml")
    explained = explain_json(tmp_path / "combat.toml", faces)
    assert rolled.result.to_json() == explained["result"]


def test_a_saved_calculator_combat_is_reopened_from_open_recent(window, tmp_path) -> None:  # noqa: ANN001
    calc = window.show_calculator()
    calc.search.setText("su-tank-x")
    assert calc.add_searched("attacker")
    calc.search.setText("ax-inf-xx")
    assert calc.add_searched("defender")
    assert calc._save_to(tmp_path / "combat.toml")
    assert window.recent_files()[0] == str((tmp_path / "combat.toml").resolve())
    calc.close()
    assert window.open_recent(window.recent_files()[0])
    again = window.calculators[-1]
    assert again.combat.entries("attacker") == [{"counter": "su-tank-x"}]
    assert again.report is not None and odds_column(again.report) == odds_column(calc.report)


def test_an_air_counter_sent_to_the_attackers_says_how_to_fly_it(calculator) -> None:  # noqa: ANN001
    calculator.search.setText("ge-me-109e  \u2014  Me 109E (air, 16A)")  # as completed
    assert not calculator.add_searched("attacker")
    assert calculator.setup_problem.text().startswith("ge-me-109e is an air counter: Ctrl+3")
    assert calculator.add_air_mission() and calculator.combat.entries("air")


def test_a_unit_s_count_and_hexside_change_by_keys(calculator, qtbot) -> None:  # noqa: ANN001
    win = calculator
    for counter, side in (("su-tank-x", "attacker"), ("su-rifle-xx", "attacker")):
        win.search.setText(counter)
        assert win.add_searched(side)
    win.search.setText("ax-inf-xx")
    assert win.add_searched("defender")
    keys(qtbot, Qt.Key.Key_U, CTRL)  # Choose Unit: the attackers' list, its first unit
    assert QApplication.focusWidget() is win.lists["attacker"]
    keys(qtbot, Qt.Key.Key_Down)  # the Rifle XX
    keys(qtbot, Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)  # Cou&nt
    assert QApplication.focusWidget() in (win.count, win.count.findChild(QLineEdit))
    keys(qtbot, Qt.Key.Key_Up)
    keys(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)  # attacking &across
    keys(qtbot, Qt.Key.Key_Down)  # the first hexside feature
    assert win.combat.entries("attacker")[1] == {
        "counter": "su-rifle-xx", "count": 2, "across": win.across.itemData(1),
    }  # fmt: skip
    assert win.combat.entries("attacker")[0] == {"counter": "su-tank-x"}


def test_after_a_roll_in_table_mode_on_the_table_is_read_whole(calculator, qtbot) -> None:  # noqa: ANN001
    """14D2d in the calculator at 1280 x 800 in table mode, rolled: what to do with the
    counters and why, all in view (not three lines and a scroll bar)."""
    win = calculator
    win.resize(1280, 800)
    win.set_table_mode(True)
    for side, counter, count in [
        ("attacker", "su-hv-tank-xx", 1), ("attacker", "su-rifle-xx", 2),
        ("attacker", "su-hv-tank-x", 1), ("attacker", "su-tank-x", 2),
        ("attacker", "su-art-iii", 2), ("defender", "ax-inf-xx", 1),
        ("defender", "ax-hv-mot-aa-ii", 1), ("defender", "ax-art-iii", 1),
    ]:  # fmt: skip
        win.combat.add_counter(side, counter, count)
    win.refresh()
    win.typed_roll.setText("1")  # HX
    assert win.use_typed_roll() is not None
    qtbot.wait(100)
    orders = win.table_orders
    assert orders.toPlainText().startswith("Dice 1 (typed in)")
    assert orders.verticalScrollBar().maximum() == 0  # every line in view
    assert win.steps.isVisible()  # the working a scroll away, not gone
