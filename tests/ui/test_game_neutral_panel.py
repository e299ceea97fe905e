"""The Combat panel shows a combat as its ruleset declares it: a game read on odds with no die
roll modifier (the odds-on-2d6 test ruleset, O1-O5) or on attack minus defence (D1-D5) has no
DRM column in its steps and no "DRM" in its what-if; the stack panel says nothing of REs for
units that have none. The 14D2d tutorial keeps its DRM column and what-if as Europa's players
read them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from differential_strategies import unit as differential_unit
from family_games import known, saved_game
from odds2d6_strategies import unit as odds_unit
from PySide6.QtWidgets import QMessageBox
from uihelpers import start_attack

from hexcombat.game.calculator import new_combat
from hexcombat.ui.calculator_window import CalculatorWindow
from hexcombat.ui.main_window import MainWindow
from hexcombat.ui.steps_table import DRM_COLUMN, STEP_COLUMNS


def shown_columns(window: MainWindow) -> list[str]:
    """The steps table's column headings a player sees."""
    table = window.combat_panel.steps
    return [STEP_COLUMNS[c] for c in range(table.columnCount()) if not table.isColumnHidden(c)]


@pytest.fixture
def odds_window(window: MainWindow, tmp_path: Path) -> Iterator[MainWindow]:
    infantry, guard = odds_unit("Infantry", 3, 1), odds_unit("Guard", 1, 2, steps=3)
    placed = [(infantry, "Red", "0101"), (infantry, "Red", "0101"), (guard, "Blue", "0201")]
    with known("odds-2d6"):
        assert window.open_file(saved_game("odds-2d6", "cwcccc", placed, tmp_path)), window.errors
        yield window


@pytest.fixture
def differential_window(window: MainWindow, tmp_path: Path) -> Iterator[MainWindow]:
    placed = [
        (differential_unit("Cavalry", 5, 1), "Red", "0501"),
        (differential_unit("Militia", 1, 3), "Blue", "0401"),
    ]
    with known("differential"):
        path = saved_game("differential", "cccccccc", placed, tmp_path)
        assert window.open_file(path), window.errors
        yield window


def test_a_2d6_odds_attack_has_no_drm_column_and_no_drm_in_its_what_if(
    odds_window: MainWindow, qtbot
) -> None:  # noqa: ANN001
    """6 against 2 in woods: 2:1 (O1, O2), read on 2d6 with no modifier."""
    start_attack(odds_window, qtbot, "0201")
    assert shown_columns(odds_window) == ["Rule", "Step", "Value"]
    what_if = odds_window.combat_panel.what_if
    # the ruleset declares no column boundaries and has no DRM: the what-if has nothing to weigh
    assert what_if.toggle.isHidden() and what_if.text() == ""


def test_a_differential_attack_has_no_drm_column(differential_window: MainWindow, qtbot) -> None:  # noqa: ANN001
    start_attack(differential_window, qtbot, "0401")
    assert shown_columns(differential_window) == ["Rule", "Step", "Value"]


def test_the_europa_tutorial_keeps_its_drm_column_and_its_drm_what_if(window: MainWindow) -> None:
    """14D2d: the DRM column shows each step's DRM (+1 for heavy armour, 14D2a)."""
    assert shown_columns(window) == STEP_COLUMNS
    table = window.combat_panel.steps
    drms = [table.item(r, DRM_COLUMN).text() for r in range(table.rowCount())]
    assert "+1" in drms
    assert "DRM" in window.combat_panel.what_if.toggle.text()


def test_the_tutorial_after_a_game_without_drm_shows_its_drm_column_again(
    odds_window: MainWindow, qtbot, tmp_path: Path
) -> None:  # noqa: ANN001
    """The steps table is the panel's one table: a column hidden for one game is shown for
    the next that has it."""
    from hexcombat.game.opening import default_tutorial

    start_attack(odds_window, qtbot, "0201")
    assert odds_window.open_file(default_tutorial()), odds_window.errors
    start_attack(odds_window, qtbot, "0504")
    assert shown_columns(odds_window) == STEP_COLUMNS


def test_the_stack_panel_says_nothing_of_res_for_a_game_whose_units_have_none(
    differential_window: MainWindow,
) -> None:
    """The militia (attack 1, defence 3, D1) has no RE, no steps and no size: the panel counts
    the counter and names its type, with no "no REs" and no blank for its size."""
    window = differential_window
    window.scene.select_hex(window.session.state.hexmap.hex_at("0401"))
    inspector = window.inspector
    title = inspector.title.text()
    assert "RE" not in title
    assert title.endswith("Blue: 1 counter")
    row = inspector.list.item(0)
    assert row.text().split("\n")[1] == "infantry"
    assert "RE" not in row.toolTip()


def calculator_on(qtbot, ruleset_id: str) -> CalculatorWindow:  # noqa: ANN001
    calculator = CalculatorWindow(new_combat())
    calculator.errors = []
    calculator.show_error = lambda title, text: calculator.errors.append((title, text))
    calculator.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(calculator)
    index = calculator.ruleset_box.findData(ruleset_id)
    assert index >= 0
    calculator.ruleset_box.setCurrentIndex(index)
    return calculator


def test_the_calculator_shows_a_differential_combat_without_size_or_drm(qtbot) -> None:  # noqa: ANN001
    """Its inline example is a unit of the game (no Europa size), typed in as it stands it is
    taken, and the working of 3 against 2 (D1) has no DRM column."""
    with known("differential"):
        calculator = calculator_on(qtbot, "differential")
        example = calculator.inline.placeholderText()
        assert "size" not in example
        calculator.combat.add_inline("attacker", example)
        calculator.combat.add_inline("defender", 'name = "Militia", attack = 1, defence = 2')
        calculator.refresh()
        assert calculator.report is not None and calculator.report.totals["difference"] == 1
        table = calculator.report_view.steps
        assert table.isColumnHidden(DRM_COLUMN)
        assert calculator.errors == []
        calculator.close()


def test_the_calculator_keeps_europa_s_example_and_drm_column(qtbot) -> None:  # noqa: ANN001
    calculator = calculator_on(qtbot, "total-war")
    assert calculator.inline.placeholderText().startswith('name = "Tank II", size = "II"')
    calculator.close()


def test_the_stack_panel_counts_no_re_a_game_does_not_declare(window: MainWindow) -> None:
    """The tiny game's guards are written with ``re = 1``, but the tiny ruleset declares no RE
    (T1-T3): the panel counts their steps, never "1 RE"."""
    from tiny_game import TARGET_HEX, tiny_game, tiny_rules

    with tiny_rules():
        window.show_game(tiny_game())
        window.scene.select_hex(window.session.state.hexmap.hex_at(TARGET_HEX))
        title = window.inspector.title.text()
        assert "RE" not in title
        assert title.endswith("Blue: 1 counter, 2 of 2 steps")
        assert "RE" not in window.inspector.list.item(0).toolTip()
