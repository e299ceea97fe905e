"""The calculator window: a combat with no map set up and rolled from the keyboard alone,
showing what ``hexcombat explain`` shows for the same units; map-less scenarios open in it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from hexcombat.game.calculator import new_combat, open_combat
from hexcombat.rules.registry import ruleset_ids
from hexcombat.rules.report import final_drm
from hexcombat.ui.calculator_window import CalculatorWindow
from hexcombat_cli import explain_json
from meaning import says

CASES = sorted((Path(__file__).parents[1] / "cases").glob("*.toml"))


@pytest.fixture
def calculator(qtbot) -> CalculatorWindow:  # noqa: ANN001
    win = CalculatorWindow(new_combat("total-war"))
    win.errors = []
    win.show_error = lambda title, text: win.errors.append((title, text))
    win.ask_unsaved = lambda: __import__("PySide6.QtWidgets").QtWidgets.QMessageBox.Discard
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    return win


def type_keys(qtbot, win: CalculatorWindow, text: str) -> None:  # noqa: ANN001
    """Type ``text`` into the widget with the focus, as keys."""
    qtbot.keyClicks(QApplication.focusWidget() or win, text)


def press(qtbot, win: CalculatorWindow, key: Qt.Key, mod=Qt.KeyboardModifier.NoModifier) -> None:  # noqa: ANN001
    qtbot.keyClick(QApplication.focusWidget() or win, key, mod)


def test_14d2d_by_keys_only_matches_explain(calculator: CalculatorWindow, qtbot, tmp_path) -> None:  # noqa: ANN001
    win = calculator
    ctrl = Qt.KeyboardModifier.ControlModifier
    for text, key in [
        ("su-hv-tank-xx", Qt.Key.Key_1), ("2 su-rifle-xx", Qt.Key.Key_1),
        ("su-hv-tank-x", Qt.Key.Key_1), ("2 su-tank-x", Qt.Key.Key_1),
        ("2 su-art-iii", Qt.Key.Key_1), ("ax-inf-xx", Qt.Key.Key_2),
        ("ax-hv-mot-aa-ii", Qt.Key.Key_2), ("ax-art-iii", Qt.Key.Key_2),
    ]:  # fmt: skip
        press(qtbot, win, Qt.Key.Key_F, ctrl)  # Find Counter
        assert QApplication.focusWidget() is win.search
        type_keys(qtbot, win, text)
        press(qtbot, win, key, ctrl)  # Add to Attackers / Defenders
        assert win.setup_problem.text() == "", win.setup_problem.text()
    assert win.lists["attacker"].count() == 5 and win.lists["defender"].count() == 3
    press(qtbot, win, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)  # &Terrain
    assert QApplication.focusWidget() in (win.terrain, win.terrain.lineEdit())
    type_keys(qtbot, win, "woods")
    press(qtbot, win, Qt.Key.Key_Return)
    assert win.combat.conditions()["terrain"] == "woods"
    assert "3:1   DRM +1" in win.headline.text()  # 14D2d: "an overall net effect of +1"
    press(qtbot, win, Qt.Key.Key_E, ctrl)  # Type Dice
    assert QApplication.focusWidget() is win.typed_roll
    type_keys(qtbot, win, "4")
    press(qtbot, win, Qt.Key.Key_Return)
    assert win.rolled is not None and win.rolled.rolls == (4,)
    win.combat.save(tmp_path / "calc.toml")
    explained = explain_json(tmp_path / "calc.toml", 4)
    report = win.report.to_json()
    assert report == {k: v for k, v in explained.items() if k != "result"}
    assert win.rolled.result.to_json() == explained["result"]
    assert win.steps.rowCount() == len(explained["steps"])
    assert win.bars.outcomes and win.bars.highlight == explained["result"]["result"]
    orders = win.table_orders.toPlainText()
    assert orders.startswith("Dice 4 (typed in)")
    for effect in explained["result"]["effects"]:
        assert effect["text"] in orders


def test_a_typed_roll_that_is_no_die_is_refused_under_the_field(calculator, qtbot) -> None:  # noqa: ANN001
    win = calculator
    win.combat.add_counter("attacker", "su-tank-x")
    win.combat.add_counter("defender", "ax-inf-xx")
    win.refresh()
    win.typed_roll.setText("9")
    assert win.use_typed_roll() is None
    assert "the combat die (d6) has no 9" in win.roll_problem.text()


def test_an_inline_unit_the_vocabulary_refuses_is_said(calculator) -> None:  # noqa: ANN001
    calculator.inline.setText('name = "Tank II", size = "IIII"')
    assert not calculator.add_inline()
    assert "IIII" in calculator.setup_problem.text()


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_every_ruleset_opens_in_the_calculator(calculator, ruleset: str) -> None:  # noqa: ANN001
    index = calculator.ruleset_box.findData(ruleset)
    calculator.ruleset_box.setCurrentIndex(index)
    assert calculator.combat.ruleset == ruleset
    from hexcombat.rules.registry import get_ruleset

    vocabulary = get_ruleset(ruleset).vocabulary
    assert [c.spec.key for c in calculator.controls] == [s.key for s in vocabulary.conditions]
    assert calculator.weather.count() == len(vocabulary.weather)


def test_a_mapless_scenario_opens_in_the_calculator_from_the_main_window(window) -> None:  # noqa: ANN001
    case = next(c for c in CASES if c.stem == "tw-14d2d")
    assert window.open_file(case), window.errors
    calculator = window.calculators[-1]
    assert calculator.isVisible() and calculator.report is not None
    assert final_drm(calculator.report) == 1  # 14D2d's net +1, as explain gives it
    assert window.errors == []
    calculator.close()


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_every_mapless_scenario_shows_its_steps_and_its_units_lists(qtbot, case: Path) -> None:  # noqa: ANN001
    calculator = CalculatorWindow(open_combat(case))
    qtbot.addWidget(calculator)
    calculator.show()
    assert calculator.report is not None
    assert calculator.steps.rowCount() == len(calculator.report.steps)
    air = "air" in calculator.combat.data
    assert calculator.lists["air"].isVisibleTo(calculator) == air
    assert calculator.lists["attacker"].isVisibleTo(calculator) == (not air)


def test_the_calculator_is_in_the_file_view_and_tutorials_menus(window) -> None:  # noqa: ANN001
    action = window.calculator_action
    assert action in window.view_menu.actions() and action in window.tutorials_menu.actions()
    assert action in window.toolbar.actions()  # on the first screen, one click away
    action.trigger()
    assert window.calculators and window.calculators[-1].isVisible()


def test_a_bad_calculator_file_is_refused_with_its_line(window, tmp_path: Path) -> None:  # noqa: ANN001
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'ruleset = "total-war"\n[conditions]\nweather = "fog"\n'
        '[[attacker]]\ncounter = "su-tank-x"\n[[defender]]\ncounter = "ax-inf-xx"\n'
    )
    assert not window.open_file(bad)
    assert window.errors and f"{bad}:3:" in window.errors[-1][1]


@pytest.mark.parametrize("size", [(1400, 900), (1280, 800)])
def test_the_calculator_fits_the_screen(calculator, size, tmp_path) -> None:  # noqa: ANN001
    calculator.open_path(CASES[[c.stem for c in CASES].index("tw-14d2d")])
    calculator.resize(*size)
    QApplication.processEvents()
    for widget in (calculator.steps, calculator.bars, calculator.typed_roll, calculator.search):
        assert widget.isVisible() and widget.height() > 0
    shot = tmp_path / f"calc-{size[0]}.png"
    assert calculator.grab().save(str(shot))


def test_choosing_a_unit_lets_its_count_and_hexside_change(calculator, qtbot) -> None:  # noqa: ANN001
    win = calculator
    win.combat.add_counter("attacker", "su-tank-x")
    win.combat.add_counter("attacker", "su-rifle-xx")
    win.combat.add_counter("defender", "ax-inf-xx")
    win.refresh()
    listing = win.lists["attacker"]
    listing.setFocus()
    listing.setCurrentRow(1)
    win.across.setCurrentIndex(win.across.findData("minor-river"))
    win.count.setValue(2)
    assert win.combat.entries("attacker")[1] == {
        "counter": "su-rifle-xx", "across": "minor-river", "count": 2,
    }  # fmt: skip
    assert win.combat.entries("attacker")[0] == {"counter": "su-tank-x"}
    assert says(
        listing.currentItem().text(),
        figures=["2"],
        names=["Rifle XX", "su-rifle-xx", "minor-river"],
    )
    qtbot.keyClick(listing, Qt.Key.Key_Delete)
    assert [e["counter"] for e in win.combat.entries("attacker")] == ["su-tank-x"]


def test_help_keys_lists_the_calculator_s_shortcuts(calculator) -> None:  # noqa: ANN001
    keys = calculator.show_keys()
    from PySide6.QtWidgets import QTableWidget

    table = keys.findChild(QTableWidget)
    rows = {table.item(r, 1).text(): table.item(r, 0).text() for r in range(table.rowCount())}
    assert rows["Roll"] == "Ctrl+R" and rows["Type Dice"] == "Ctrl+E"
    assert rows["Add to Attackers"] == "Ctrl+1" and rows["Find Counter"] == "Ctrl+F"


def test_attacking_across_is_offered_for_an_attacker_only(calculator) -> None:  # noqa: ANN001
    assert calculator.side_box.currentText() == "attacker"
    assert calculator.across.isVisible() and calculator.across_label.isVisible()
    for side in ("defender", "air mission"):  # a defender crosses nothing, nor does an aircraft
        calculator.side_box.setCurrentText(side)
        assert not calculator.across.isVisible() and not calculator.across_label.isVisible()
    calculator.side_box.setCurrentText("attacker")
    assert calculator.across.isVisible()


def test_return_on_a_completion_adds_once_and_ctrl_keys_work_in_the_counter_field(
    calculator, qtbot
) -> None:  # noqa: ANN001
    """The README's steps by keys: a completion taken with Return adds the counter and empties
    the field (Ctrl+1 next adds nothing twice); Ctrl+E and Ctrl+U answer in the Counter field
    (Type Dice, Choose Unit) instead of editing it."""
    win = calculator
    ctrl = Qt.KeyboardModifier.ControlModifier
    win.combat.add_counter("defender", "ax-inf-xx")
    win.refresh()
    press(qtbot, win, Qt.Key.Key_F, ctrl)
    type_keys(qtbot, win, "su-hv-tank-x")
    popup = win.search.completer().popup()
    assert popup.isVisible()
    qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    qtbot.wait(20)
    assert win.lists["attacker"].count() == 1 and win.search.text() == ""
    press(qtbot, win, Qt.Key.Key_1, ctrl)  # the README's next step: nothing to add twice
    assert win.lists["attacker"].count() == 1
    win.search.setFocus()
    type_keys(qtbot, win, "ax-art")
    popup = win.search.completer().popup()
    asked = []
    win.actions_by_method["type_dice"].triggered.connect(lambda: asked.append("type dice"))
    qtbot.keyClick(popup, Qt.Key.Key_E, ctrl)  # the completions open: the keys go to them
    assert asked == ["type dice"] and not popup.isVisible()
    assert win.search.text() == "ax-art"
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    win.search.setFocus()
    assert QApplication.focusWidget() is win.search
    press(qtbot, win, Qt.Key.Key_E, ctrl)  # Type Dice, from the Counter field
    assert QApplication.focusWidget() is win.typed_roll
    type_keys(qtbot, win, "4")
    assert win.typed_roll.text() == "4" and win.search.text() == "ax-art"
    win.search.setFocus()
    press(qtbot, win, Qt.Key.Key_U, ctrl)  # Choose Unit, and the field keeps its text
    assert win.search.text() == "ax-art"
    assert QApplication.focusWidget() is win.lists["attacker"]


def test_a_refused_counter_name_goes_when_the_player_types_again(calculator, qtbot) -> None:  # noqa: ANN001
    win = calculator
    win.search.setFocus()
    type_keys(qtbot, win, "zz-no-such")
    press(qtbot, win, Qt.Key.Key_Return)
    assert win.setup_problem.text()  # refused, in red under the field
    press(qtbot, win, Qt.Key.Key_Backspace)
    assert win.setup_problem.text() == ""
    win.setup_problem.setText("no counter matches 'zz'")
    win.new_combat()
    assert win.setup_problem.text() == ""
