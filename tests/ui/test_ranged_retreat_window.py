"""A retreat of 2 to 4 hexes picked on the map, with the retreat test ruleset (rules R1-R4 of
retreat_ruleset.py): every end from 2 to 4 hexes is highlighted, the panel says the range and the
limit (at most 3 hexes through marsh, R3) and names the towed gun eliminated instead of
retreating (R2); a click on a highlighted hex picks the end.

The map (three rows, 0101 to 0803) has marsh in 0401 and 0402. The Rifles in 0101 assault the
Squad and the Pak 40 in 0201; a die of 3 is R1's 2-4 retreat."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from retreat_game import SQUAD, TOWED_GUN, retreat_game, retreat_rules
from uihelpers import hex_point, start_attack

from hexcombat.ui.main_window import MainWindow
from meaning import one_says

ROWS = ("cccmcccc", "cccmcccc", "cccccccc")


@pytest.fixture
def assault(window: MainWindow) -> Iterator[MainWindow]:
    with retreat_rules():
        window.show_game(retreat_game(ROWS, defenders=(SQUAD, TOWED_GUN)))
        window.view.fit_map()
        yield window


def highlighted(window: MainWindow) -> set[str]:
    label = window.session.state.hexmap.label
    return {label(h) for h, role in window.scene.overlay.hexes.items() if role == "retreat"}


def test_every_end_of_a_ranged_retreat_is_offered_and_picked_on_the_map(
    assault: MainWindow,
    qtbot,  # noqa: ANN001
    tmp_path: Path,
) -> None:
    window, state = assault, assault.session.state
    panel = window.combat_panel
    start_attack(window, qtbot, "0201")
    panel.typed_roll.setText("3")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.resolution is not None and panel.resolution.result.code == "DR"
    # 2 hexes from 0201 and farther from 0101: 0103 0203 0303 0401 0402; 3 hexes: 0403 0501
    # 0502 0503. 4 hexes on is column 06, four columns in four steps, so the second step is in
    # column 04 two hexes from 0201: 0401 or 0402, marsh: such a retreat stops at 3 (R3)
    ends = highlighted(window)
    assert ends == {"0103", "0203", "0303", "0401", "0402", "0403", "0501", "0502", "0503"}
    text = panel.result_text()
    assert one_says(text, figures=["2", "4", "3"], names=["defender", "retreats"])
    assert one_says(text, figures=["40", "0201"], names=["eliminated"])
    window.grab().save(str(tmp_path / "ranged-retreat.png"))
    (box,) = panel.retreat_boxes.values()
    assert box.count() == len(ends)
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=hex_point(window, "0503")
    )
    assert box.currentText() == "0503"
    squad = [c.uid for c in state.stack_at(state.hexmap.hex_at("0201")) if c.unit.name == "Squad"]
    assert panel.apply(), panel.problems.text()
    assert [c.uid for c in state.stack_at(state.hexmap.hex_at("0503"))] == squad
    assert len(state.counters) == 2  # the Rifles and the Squad: the Pak 40 is gone
    window.undo_action.trigger()
    assert len(state.stack_at(state.hexmap.hex_at("0201"))) == 2


def test_the_chosen_end_is_marked_apart_from_the_others(assault: MainWindow, qtbot) -> None:  # noqa: ANN001
    window, state = assault, assault.session.state
    panel = window.combat_panel
    start_attack(window, qtbot, "0201")
    panel.typed_roll.setText("3")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    ends = highlighted(window)
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=hex_point(window, "0503")
    )
    overlay, at = window.scene.overlay, state.hexmap.hex_at
    assert overlay.hexes[at("0503")] == "retreat-chosen"
    assert highlighted(window) == ends - {"0503"}  # the others stay candidates
    ((first, *_way, last),) = overlay.paths  # the way drawn from the stack to its end
    assert (first, last) == (at("0201"), at("0503"))
    image = window.view.grab().toImage()
    centre = hex_point(window, "0503")
    other = hex_point(window, "0501")
    assert image.pixelColor(centre) != image.pixelColor(other)  # seen apart on the map
