"""The test rulesets of other families (tests/rules/conformance: odds on 2d6, rules O1-O5; a
differential CRT, rules D1-D5) played in the window as a player does: the saved game opened,
the defender's stack picked and A pressed, the dice typed, the result applied, and the map
drawing the losses and the retreat. Not a rule of Europa's in sight."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from differential_strategies import unit as differential_unit
from family_games import known, saved_game
from odds2d6_strategies import unit as odds_unit
from PySide6.QtCore import Qt
from uihelpers import start_attack

from hexcombat.rules.report import odds_column
from hexcombat.rules.status import UnitStatus
from hexcombat.ui.loss_choosers import StepLosses
from hexcombat.ui.main_window import MainWindow


def type_roll(window: MainWindow, qtbot, dice: str) -> None:  # noqa: ANN001
    panel = window.combat_panel
    panel.typed_roll.setText(dice)
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)


def drawn_uids(window: MainWindow, label: str) -> list[str]:
    """The counters the map draws in hex ``label``, by id."""
    item = window.scene.stack_items.get(window.session.state.hexmap.hex_at(label))
    return [] if item is None else [c.uid for c in item.counters]


@pytest.fixture
def odds_window(window: MainWindow, tmp_path: Path) -> Iterator[MainWindow]:
    infantry, guard = odds_unit("Infantry", 3, 1), odds_unit("Guard", 1, 2, steps=3)
    placed = [(infantry, "Red", "0101"), (infantry, "Red", "0101"), (guard, "Blue", "0201")]
    with known("odds-2d6"):
        assert window.open_file(saved_game("odds-2d6", "cwcccc", placed, tmp_path)), window.errors
        yield window


def test_an_odds_on_2d6_attack_costs_the_guard_two_steps_on_the_map(
    odds_window: MainWindow, qtbot
) -> None:  # noqa: ANN001
    """6 against 2 is 3:1, the woods of 0201 one column left: 2:1 (O1, O2). 6 + 5 = 11 on
    2:1 is D2: the guard loses 2 steps (O4) and stays in 0201."""
    window, panel = odds_window, odds_window.combat_panel
    start_attack(window, qtbot, "0201")
    assert panel.report is not None and odds_column(panel.report) == "2:1"
    assert panel.odds.text() == panel.report.headline  # the ruleset's own headline
    type_roll(window, qtbot, "6 5")
    assert panel.resolution is not None and panel.resolution.result.code == "D2"
    (guard,) = drawn_uids(window, "0201")
    chooser = panel.loss_chooser
    assert isinstance(chooser, StepLosses)
    chooser.set_steps(guard, 2)
    assert panel.apply(), panel.problems.text()
    assert window.session.state.counters[guard].status == UnitStatus(steps_lost=2)
    assert drawn_uids(window, "0201") == [guard]
    item = window.scene.stack_items[window.session.state.hexmap.hex_at("0201")]
    assert item.counters[0].status.steps_lost == 2  # the map draws the counter as it now is


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


def test_a_differential_attack_drives_the_militia_back_two_hexes_on_the_map(
    differential_window: MainWindow, qtbot
) -> None:  # noqa: ANN001
    """Attack 5 against defence 3 is +2 (D1); a 4 on the +2 column is DR: the militia
    retreats 2 hexes away from the cavalry, 0401 to 0201 (D3, D4)."""
    window, panel = differential_window, differential_window.combat_panel
    state = window.session.state
    (militia,) = drawn_uids(window, "0401")
    start_attack(window, qtbot, "0401")
    assert panel.report is not None and panel.report.totals["difference"] == 2
    assert panel.odds.text() == panel.report.headline
    type_roll(window, qtbot, "4")
    assert panel.resolution is not None and panel.resolution.result.code == "DR"
    panel.model.set_retreat(state.hexmap.hex_at("0401"), state.hexmap.hex_at("0201"))
    assert panel.apply(), panel.problems.text()
    assert drawn_uids(window, "0401") == [] and drawn_uids(window, "0201") == [militia]
