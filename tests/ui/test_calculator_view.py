"""The calculator is a view of its plain combat: a change to the combat (another ruleset, a
terrain, units) shows in the window as the presenter (game/combat_view_model.py) decides it,
in the Combat panel's own report and roll views. Built on a combat alone, no main window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QComboBox, QMessageBox

from hexcombat.game.calculator import new_combat, open_combat
from hexcombat.game.combat_view_model import calculator_conditions, calculator_headline
from hexcombat.ui.calculator_window import CalculatorWindow
from hexcombat.ui.report_view import ReportView
from hexcombat.ui.roll_view import RollView

CASES = Path(__file__).parents[1] / "cases"


def shown(rich_text: str) -> str:
    """What a label showing ``rich_text`` reads (spaces as the text lays them out)."""
    document = QTextDocument()
    document.setHtml(rich_text)
    return document.toPlainText()


def items(box: QComboBox) -> list[str]:
    return [box.itemText(i) for i in range(box.count())]


@pytest.fixture
def calculator(qtbot) -> CalculatorWindow:  # noqa: ANN001
    win = CalculatorWindow(new_combat("total-war"))
    win.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    return win


def test_another_ruleset_on_the_combat_shows_its_own_choices(calculator: CalculatorWindow) -> None:
    win = calculator
    assert "sunken-road" not in items(win.terrain)  # a tactical map's, not Europa's
    win.combat.set_ruleset("lhy-assault")
    win.show_combat()
    shown = calculator_conditions(win.combat)
    assert shown is not None
    assert items(win.terrain) == list(shown.terrain.items)
    assert "sunken-road" in items(win.terrain) and "minor-city" not in items(win.terrain)
    assert items(win.across)[1:] == list(shown.across)
    assert not win.conditions_form.isRowVisible(win.weather)  # the assault knows one weather
    labels = [c.spec.label for c in win.controls]
    assert labels == [spec.label for spec, _v in shown.conditions]
    assert "Fortified" not in labels  # 10.B.1 is Europa's
    win.combat.set_ruleset("hill-and-ford")
    win.show_combat()
    assert items(win.terrain) == ["clear", "woods", "city", "rough"]  # its file's [terrain]
    assert not win.conditions_form.isRowVisible(win.date)  # its rules read no date


def test_the_headline_is_the_presenter_s(qtbot) -> None:  # noqa: ANN001
    win = CalculatorWindow(open_combat(CASES / "tw-14d2d.toml"))
    qtbot.addWidget(win)
    said = calculator_headline(win.report, [], None)
    assert said.title == "3:1   DRM +1" and said.title in shown(win.headline.text())
    win.typed_roll.setText("4")
    rolled = win.use_typed_roll()
    assert rolled is not None
    text = win.headline.text()
    assert "3:1   DRM +1" in shown(text) and "roll <b>4</b>" in text and "<b>DR</b>" in text
    win.combat.data["attacker"] = []  # the model changed: evaluated and shown again
    win.refresh()
    assert "pick at least one attacker and one defender" in win.headline.text()
    assert not win.roll_button.isEnabled() and not win.typed_roll.isEnabled()
    win.dirty = False


def test_the_working_and_the_roll_are_the_combat_panel_s_views(
    calculator: CalculatorWindow,
) -> None:
    assert isinstance(calculator.report_view, ReportView)
    assert isinstance(calculator.roll_view, RollView)
    assert calculator.steps is calculator.report_view.steps
    assert calculator.typed_roll is calculator.roll_view.typed


def test_the_dice_field_follows_the_ruleset_chosen_with_no_combat_yet(qtbot) -> None:  # noqa: ANN001
    """Total War's d6 asked for, then the assault chosen with units it cannot read: the field
    asks for the assault's d10 at once, not Total War's combat die."""
    win = CalculatorWindow(open_combat(CASES / "tw-14d2d.toml"))
    win.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    assert "the combat die (d6)" in win.typed_roll.placeholderText()  # the CRT's die
    win.ruleset_box.setCurrentIndex(win.ruleset_box.findData("lhy-assault"))
    assert win.report is None and not win.typed_roll.isEnabled()
    prompt = win.typed_roll.placeholderText()
    assert "the assault die (d10)" in prompt and "d6" not in prompt  # Assault Results
