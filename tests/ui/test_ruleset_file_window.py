"""A ruleset file played in the window as a player does (tests/rules/datafile/data/barrage.toml:
a fire table read on d66): the saved game opened, the target's stack picked and the attack
started, the d66 typed as two d6, the step chosen and the result applied; the panel shows the
file's own headline and the counter is drawn disrupted with a step lost."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from family_games import saved_game
from PySide6.QtCore import Qt
from uihelpers import start_attack

from hexcombat.rules.registry import register_ruleset
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import Unit
from hexcombat.ui.main_window import MainWindow


@pytest.fixture
def barrage_window(window: MainWindow, tmp_path: Path) -> Iterator[MainWindow]:
    gun = Unit(name="Gun", unit_type="artillery", steps=2, rules=(("fire", 7),))
    infantry = Unit(name="Infantry", unit_type="infantry", steps=2)
    placed = [(gun, "Red", "0101"), (infantry, "Blue", "0201")]
    with register_ruleset("barrage", "barrage_ruleset"):
        assert window.open_file(saved_game("barrage", "ccc", placed, tmp_path)), window.errors
        yield window


def test_a_d66_fire_disrupts_the_infantry_and_costs_it_a_step(
    barrage_window: MainWindow, qtbot
) -> None:  # noqa: ANN001
    """Fire 7 is the 6..9 column (F1); 5 then 2 is 52: LD, a step lost and disrupted (F3)."""
    window, panel = barrage_window, barrage_window.combat_panel
    start_attack(window, qtbot, "0201")
    assert panel.report is not None and panel.report.payload["column"] == "6..9"
    assert panel.odds.text() == panel.report.headline
    panel.typed_roll.setText("5 2")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.resolution is not None and panel.resolution.result.code == "LD"
    assert panel.apply(), panel.problems.text()
    (infantry,) = [
        uid for uid, c in window.session.state.counters.items() if c.unit.name == "Infantry"
    ]
    status = window.session.state.counters[infantry].status
    assert status == UnitStatus(steps_lost=1, state="disrupted")
    item = window.scene.stack_items[window.session.state.hexmap.hex_at("0201")]
    assert item.counters[0].status == status  # drawn as it now is
    if shot := os.environ.get("HEXCOMBAT_SHOT"):  # to look at it as a player does
        window.grab().save(shot)
