"""Attacking from the map: the 14D2d panel reads +1, a seeded roll changes the map, undo restores
it exactly, and every combat goes into the log."""

from __future__ import annotations

from PySide6.QtCore import Qt
from uihelpers import hex_point, start_attack

from hexcombat.game.opening import open_game


def board(window) -> dict[str, list[str]]:
    state = window.session.state
    return {state.hexmap.label(h): [c.uid for c in s] for h, s in state.stacks().items()}


def test_14d2d_attack_reads_plus_one_in_the_panel(window, qtbot) -> None:
    start_attack(window, qtbot)
    panel = window.combat_panel
    assert panel.candidate_tree.topLevelItemCount() == 5
    assert "DRM +1" in panel.odds.text()
    steps = panel.steps
    rules = [steps.item(row, 0).text() for row in range(steps.rowCount())]
    drms = [steps.item(row, 3).text() for row in range(steps.rowCount())]
    assert ("14D2a", "+1") in zip(rules, drms, strict=True)
    assert ("14D2c", "-1") in zip(rules, drms, strict=True)
    assert steps.item(0, 1).toolTip().startswith(steps.item(0, 0).text() + ": ")
    # hovering a step shows what its rule says
    row_14d2c = rules.index("14D2c")
    assert "14D2c says: Heavy antitank: -1 when heavy antitank units are at least 1/10" in (
        steps.item(row_14d2c, 1).toolTip()
    )
    assert sum(panel.bars.outcomes.values()) == 1
    # the map highlights the target and the stacks taking part
    overlay = window.scene.overlay.hexes
    assert list(overlay.values()).count("attacker") == 5 and "target" in overlay.values()


def test_unticking_a_stack_updates_the_panel_at_once(window, qtbot) -> None:
    start_attack(window, qtbot)
    panel = window.combat_panel
    tree = panel.candidate_tree
    heavy = next(
        tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
        if tree.topLevelItem(i).text(0) == "0403"
    )  # fmt: skip
    heavy.setCheckState(0, Qt.CheckState.Unchecked)
    assert "DRM +1" not in panel.odds.text()
    assert panel.report is not None and len(panel.report.situation.attackers) == 7
    heavy.setCheckState(0, Qt.CheckState.Checked)
    assert "DRM +1" in panel.odds.text()
    panel.weather.setCurrentText("mud")
    assert panel.report.situation.conditions.weather == "mud"


def test_a_seeded_roll_changes_the_map_and_undo_restores_it_exactly(window, qtbot) -> None:
    before = board(window)
    start_attack(window, qtbot)
    panel = window.combat_panel
    resolution = panel.roll()
    # the game's dice are seeded (the tutorial's seed): the same roll every run
    expected = open_game(window.source_path)
    assert resolution.result.die == expected.dice.roll()
    assert panel.dice.rolls[-1] == resolution.result.die
    assert panel.result_box.isVisible()
    if resolution.defender.retreat_hexes:
        assert panel.retreat_boxes  # one choice per retreating stack
    for box in panel.retreat_boxes.values():
        if box.count() and box.currentData() is not None:
            end = box.itemData(box.count() - 1)
            assert panel.scene.overlay.hexes.get(end) == "retreat"
            assert panel.pick_retreat_at(end)
    assert panel.apply(), panel.problems.text()
    after = board(window)
    assert after != before
    assert window.combat_log.count() == 1
    assert resolution.result.code in window.combat_log.item(0).text()
    window.undo_action.trigger()
    assert board(window) == before
    assert window.combat_log.count() == 0
    for h, item in window.scene.stack_items.items():
        assert item.uids == [c.uid for c in window.session.state.stack_at(h)]
    window.redo_action.trigger()
    assert board(window) == after


def test_typed_roll_resolves_with_the_physical_dice(window, qtbot) -> None:
    start_attack(window, qtbot)
    panel = window.combat_panel
    panel.typed_roll.setText("6")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.resolution is not None and panel.resolution.result.die == 6
    assert panel.dice.rolls == [6]


def test_attack_on_an_empty_hex_is_refused(window, qtbot) -> None:
    window.scene.clearSelection()
    assert not window.attack_selected()
    drag_target = hex_point(window, "0101")
    assert window.view.hex_at_view(drag_target.toPointF()) is not None
