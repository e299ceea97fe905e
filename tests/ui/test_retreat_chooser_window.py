"""Who picks a retreat, as the window shows it: Hedgerow Line's D2R2 (8.3, "the attacker
choosing the way") on the map. The Combat panel's prompt names the Blue attacker on Blue's
counter colours, the map outlines the legal ends in Blue's colour, the pick button lets the
program pick the end worst for the Red company (0103), and the log names who picked."""

from __future__ import annotations

from PySide6.QtCore import Qt

from hexcombat.paths import rulesets_dir
from hexcombat.ui.counter_art import side_colours

LEFT = Qt.MouseButton.LeftButton
TUTORIAL = rulesets_dir() / "hedgerow-line" / "hedgerow-line-tutorial-scenario.toml"


def rolled(window, qtbot, dice: str):  # noqa: ANN001, ANN201
    assert window.open_tutorial(TUTORIAL), window.errors
    panel = window.combat_panel
    assert panel.report is not None
    panel.typed_roll.setText(dice)
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    return panel, window.session.state


def test_the_attacker_picks_the_defenders_retreat_in_its_colours(window, qtbot) -> None:  # noqa: ANN001
    panel, state = rolled(window, qtbot, "5 4")  # 9 - 1 = 8 on 5..6: D2R2
    assert panel.resolution is not None and panel.resolution.result.code == "D2R2"
    orchard = state.hexmap.hex_at("0303")
    prompt = panel.retreat_prompts[orchard]
    assert prompt.isVisible()
    assert prompt.text() == (
        "The Blue attacker picks where the defender's stack in 0303 retreats (8.3)."
    )
    blue, ink = side_colours("Blue", state.side_order)
    red = side_colours("Red", state.side_order)[0]
    assert blue.name() != red.name()
    assert f"background: {blue.name()}" in prompt.styleSheet()
    assert f"color: {ink.name()}" in prompt.styleSheet()
    overlay = window.scene.overlay
    ends = {h for h, role in overlay.hexes.items() if role == "retreat"}
    assert ends == set(panel.retreat_ends[orchard])
    assert {overlay.tints[h].name() for h in ends} == {blue.name()}  # Blue picks: Blue's colour
    pick = panel.retreat_picks[orchard]
    assert pick.text() == "Pick for the attacker: 0103"
    assert "worst for the defender" in pick.toolTip()
    (box,) = panel.retreat_boxes.values()
    assert box.currentIndex() == -1  # nothing picked until someone picks
    qtbot.mouseClick(pick, LEFT)
    assert box.currentText() == "0103"
    assert overlay.hexes[state.hexmap.hex_at("0103")] == "retreat-chosen"
    assert panel.apply(), panel.problems.text()
    (line,) = state.log[-1].retreats
    assert line.endswith("0303 -> 0103 (picked by the Blue attacker, 8.3)")
    assert window.undo_action.text().endswith("; retreat picked by the Blue attacker")


def test_the_owner_picks_its_own_retreat_in_its_colours(window, qtbot) -> None:  # noqa: ANN001
    panel, state = rolled(window, qtbot, "4 4")  # 8 - 1 = 7 on 5..6: D1R1
    assert panel.resolution is not None and panel.resolution.result.code == "D1R1"
    orchard = state.hexmap.hex_at("0303")
    prompt = panel.retreat_prompts[orchard]
    assert prompt.text() == "The Red defender picks where its stack in 0303 retreats (8.3)."
    red = side_colours("Red", state.side_order)[0]
    assert f"background: {red.name()}" in prompt.styleSheet()
    overlay = window.scene.overlay
    assert {c.name() for c in overlay.tints.values()} == {red.name()}
    assert panel.retreat_picks[orchard].text() == "Pick for the defender: 0203"
