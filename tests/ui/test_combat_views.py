"""The Combat panel and the calculator show a combat with the same views (ui/report_view.py,
ui/roll_view.py): the same working for the same combat, a refused roll said the same way, the
chances all in view in table mode."""

from __future__ import annotations

from pathlib import Path

import pytest
from uihelpers import CombatBench

from hexcombat.game.calculator import open_combat
from hexcombat.ui.calculator_window import CalculatorWindow

CASES = Path(__file__).resolve().parents[1] / "cases"


@pytest.fixture
def calculator(qtbot) -> CalculatorWindow:  # noqa: ANN001
    """The calculator on the 14D2d example (the tutorial's combat without its map)."""
    win = CalculatorWindow(open_combat(CASES / "tw-14d2d.toml"))
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    return win


def figures(table) -> list[tuple[str, str, str]]:  # noqa: ANN001
    """Each step's rule, value and DRM (the words name units as each window groups them)."""
    return [tuple(table.item(r, c).text() for c in (0, 2, 3)) for r in range(table.rowCount())]


def test_the_panel_and_the_calculator_show_the_14d2d_working_alike(
    bench: CombatBench, calculator: CalculatorWindow
) -> None:
    panel = bench.combat_panel
    assert panel.report is not None and calculator.report is not None
    assert panel.odds.text().split() == ["3:1", "DRM", "+1"]  # 14D2d
    assert figures(calculator.steps) == figures(panel.steps) != []
    assert ("14D2d", "3/5", "+2") in figures(panel.steps)  # AECA 6 of 10 REs: +2
    assert [o.code for o in calculator.bars.outcomes] == [o.code for o in panel.bars.outcomes]


def test_a_refused_typed_roll_is_said_under_the_field_in_both(
    bench: CombatBench, calculator: CalculatorWindow
) -> None:
    for window in (bench.combat_panel, calculator):
        window.typed_roll.setText("9")
        assert window.use_typed_roll() is None
        said = window.roll_problem.text()  # the die named as its ruleset declares it
        assert "has no 9" in said and "combat die (d6)" in said
        assert window.roll_problem.isVisibleTo(window)
        assert "border" in window.typed_roll.styleSheet()  # the field framed in red
    calculator.typed_roll.setText("4")
    assert calculator.use_typed_roll() is not None  # put right: the refusal goes
    assert calculator.roll_problem.text() == "" and not calculator.roll_problem.isVisibleTo(
        calculator
    )
    assert calculator.typed_roll.styleSheet() == ""


def test_in_table_mode_the_calculator_s_chances_are_all_in_view(
    calculator: CalculatorWindow, qtbot
) -> None:  # noqa: ANN001
    calculator.set_table_mode(True)
    qtbot.wait(10)
    outcomes = calculator.report_view.outcomes
    assert len(calculator.bars.outcomes) == 4  # DH, DR, EX, HX on the 3:1 column
    assert outcomes.height() >= calculator.bars.sizeHint().height()
    assert outcomes.verticalScrollBar().maximum() == 0
