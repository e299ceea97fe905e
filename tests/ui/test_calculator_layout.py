"""The calculator's set-up pane shows every field whole at the sizes a player's screen gives
it: a laptop's 1280 x 800 and a desktop's 1600 x 1000, for a strategic combat (Total War), a
tactical one whose conditions have long labels (the Last Hundred Yards assault) and an example
game written as a ruleset file (Hill and Ford). Its horizontal scroll bar is off, so a field
wider than the pane would be cut off at its right edge with no way to read it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox, QWidget

from hexcombat.game.calculator import new_combat, open_combat
from hexcombat.ui.calculator_window import CalculatorWindow

CASES = Path(__file__).parents[1] / "cases"
SIZES = ((1280, 800), (1600, 1000))
COMBATS = ("tw-14d2d.toml", "lhy-assault-squads.toml", "hill-and-ford-ford.toml")


def cut_off(win: CalculatorWindow) -> list[str]:
    """The set-up pane's shown widgets whose right edge lies past the pane's viewport."""
    viewport = win.setup_scroll.viewport()
    pane = win.setup_scroll.widget()
    return [
        f"{child.objectName() or type(child).__name__} ends at {right} > {viewport.width()}"
        for child in pane.findChildren(QWidget)
        if child.isVisibleTo(pane)
        and (right := child.mapTo(viewport, child.rect().topRight()).x()) >= viewport.width()
    ]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("case", COMBATS)
def test_no_field_of_the_set_up_is_cut_off(qtbot, case: str, size: tuple[int, int]) -> None:  # noqa: ANN001
    win = CalculatorWindow(open_combat(CASES / case))
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    assert win.width() == size[0]  # the window fits the screen it is meant for
    qtbot.waitUntil(lambda: not cut_off(win), timeout=2000)
    assert win.setup_scroll.width() >= win.setup_scroll.widget().minimumSizeHint().width()


def test_choosing_a_ruleset_with_long_conditions_widens_the_set_up(qtbot) -> None:  # noqa: ANN001
    """Chosen in the window, not opened: the lhy-assault's conditions arrive after the pane was
    laid out for Total War's."""
    win = CalculatorWindow(new_combat("total-war"))
    win.ask_unsaved = lambda: QMessageBox.StandardButton.Discard  # the changed ruleset goes
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.ruleset_box.setCurrentIndex(win.ruleset_box.findData("lhy-assault"))
    assert win.combat.ruleset == "lhy-assault"
    qtbot.waitUntil(lambda: not cut_off(win), timeout=2000)
    assert win.width() == 1280
