"""The main window with a Last Hundred Yards game open (a ruleset with no turn sequence and a
d10): the Combat panel offers no empty phase box, shows the d10's face by its number, and says
whom each effect of the result falls on."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from lhy_terrain_game import TARGET, lhy_game
from PySide6.QtGui import QColor, QImage

from hexcombat.ui.dice_faces import DiceFaces
from hexcombat.ui.main_window import MainWindow
from meaning import one_says, says


@pytest.fixture
def lhy(window: MainWindow, tmp_path: Path) -> Iterator[MainWindow]:
    window.show_game(lhy_game(tmp_path))
    yield window


def test_a_ruleset_without_phases_shows_the_phasing_player_and_no_empty_phase_box(
    lhy: MainWindow,
) -> None:
    panel = lhy.combat_panel
    assert not panel.model.vocabulary.phases
    assert panel.phase.isHidden()
    assert not panel.phasing_player.isHidden()


def dark_share(widget: DiceFaces) -> float:
    image = QImage(widget.size(), QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    widget.render(image)
    side = round(widget._side())
    inside = [(x, y) for x in range(10, side - 4) for y in range(10, side - 4)]  # within the face
    dark = sum(image.pixelColor(x, y).lightness() < 100 for x, y in inside)
    return dark / len(inside)


def test_a_d10_roll_shows_its_number_and_each_effect_names_its_units(
    lhy: MainWindow, qtbot
) -> None:  # noqa: ANN001
    panel = lhy.combat_panel
    assert panel.start(lhy.session.state.hexmap.hex_at(TARGET))
    rolled = panel.roll([7])
    assert rolled is not None and rolled.result.code == "DM"  # 7 - 1 = 6: the 6-9 row
    assert panel.dice.rolls == [7] and panel.dice.numbered
    panel.dice.resize(panel.dice.sizeHint())
    assert dark_share(panel.dice) > 0.03  # the 7 is drawn, not an empty face
    faces = DiceFaces()
    qtbot.addWidget(faces)
    faces.set_rolls([7])
    faces.resize(faces.sizeHint())
    assert dark_share(faces) > 0.03  # a face with no pips is drawn as its number anyway
    text = panel.result_label.text()
    assert one_says(text, names=["Checks cohesion", "Assault Results", "Rifle Sqd"])
    assert one_says(text, figures=["42"], names=["Is regrouping", "Regrouping", "Lt Hahn", "MG 42"])


def test_the_calculator_rolls_a_tactical_assault_and_asks_for_squads(qtbot) -> None:  # noqa: ANN001
    from hexcombat.game.calculator import open_combat
    from hexcombat.ui.calculator_window import CalculatorWindow

    case = Path(__file__).parents[1] / "cases" / "lhy-assault-squads.toml"
    win = CalculatorWindow(open_combat(case))
    qtbot.addWidget(win)
    assert "steps" in win.inline.placeholderText()
    assert "size" not in win.inline.placeholderText()  # a squad has no size
    win.typed_roll.setText("7")
    rolled = win.use_typed_roll()  # it was refused: "the odds ... need strengths"
    assert rolled is not None and rolled.result.code == "DL"  # 7 + 4 = 11: the 10-13 row
    assert win.dice.numbered


def test_the_toolbar_and_panel_call_the_combat_an_assault(lhy: MainWindow) -> None:
    # the aid's own word (Assault), as the LHY tutorials say: "select 0506 and press Assault"
    assert lhy.attack_action.text().replace("&", "") == "Assault"
    assert says(lhy.combat_panel.title.text(), names=["Select an enemy stack", "Assault (A)"])
    assert lhy.combat_panel.start(lhy.session.state.hexmap.hex_at(TARGET))
    assert lhy.combat_panel.title.text().startswith(f"<b>Assault on {TARGET}</b>")


def test_the_lhy_tutorial_asks_to_press_assault(window: MainWindow) -> None:
    # the To do line names the button as the toolbar shows it (LHY 3, Saint-Clair)
    maps = Path(__file__).resolve().parents[2] / "maps"
    assert window.open_tutorial(maps / "tutorial-lhy-saint-clair-scenario.toml"), window.errors
    todo = window.tutorial_panel.todo_label.text()
    assert "select 0506 and press Assault, A" in todo and "Attack" not in todo
