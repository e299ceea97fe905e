"""Attacking from the map: the 14D2d panel reads +1, a seeded roll changes the map, undo restores
it exactly, and every combat goes into the log."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from uihelpers import hex_point, leave_out, start_attack

from hexcombat.board.mapfile import load_map
from hexcombat.game.opening import default_tutorial, open_game
from hexcombat.game.state import Counter, GameState
from hexcombat.rules.units import unit_from_mapping
from meaning import each_says, one_says, says_in

LEFT = Qt.MouseButton.LeftButton


REPO = Path(__file__).resolve().parents[2]


def board(window) -> dict[str, list[str]]:
    state = window.session.state
    return {state.hexmap.label(h): [c.uid for c in s] for h, s in state.stacks().items()}


def test_14d2d_attack_reads_plus_one_in_the_panel(bench, qtbot) -> None:
    bench.attack()
    panel = bench.combat_panel
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
    assert one_says(
        steps.item(row_14d2c, 1).toolTip(),
        rules=["14D2c"],
        figures=["-1", "1/10"],
        names=["Heavy antitank"],
    )
    assert sum(o.probability for o in panel.bars.outcomes) == 1
    # the map highlights the target and the stacks taking part
    overlay = bench.scene.overlay.hexes
    assert list(overlay.values()).count("attacker") == 5 and "target" in overlay.values()


def test_unticking_a_stack_updates_the_panel_at_once(bench, qtbot) -> None:
    bench.attack()
    panel = bench.combat_panel
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
    assert resolution.result.table_roll().die == expected.dice.roll()
    assert panel.dice.rolls[-1] == resolution.result.table_roll().die
    assert panel.result_box.isVisible()
    assert panel.apply(), panel.problems.text()
    after = board(window)
    assert after != before
    assert window.combat_log.count() == 1
    assert resolution.result.code in window.combat_log.item(0).text()
    window.undo_action.trigger()  # the result is taken off the map; the roll still stands
    assert board(window) == before
    assert window.combat_log.count() == 1
    assert window.combat_log.item(0).text().endswith("not applied yet")
    assert panel.resolution is not None and panel.result_box.isVisible()
    assert not panel.roll_button.isEnabled()
    for h, item in window.scene.stack_items.items():
        assert item.uids == [c.uid for c in window.session.state.stack_at(h)]
    window.undo_action.trigger()  # the roll itself
    assert window.combat_log.count() == 0 and panel.resolution is None
    assert panel.roll_button.isEnabled()
    window.redo_action.trigger()
    window.redo_action.trigger()
    assert board(window) == after
    assert window.combat_log.count() == 1 and resolution.result.code in (
        window.combat_log.item(0).text()
    )


def test_typed_roll_resolves_with_the_physical_dice(bench, qtbot) -> None:
    bench.attack()
    panel = bench.combat_panel
    panel.typed_roll.setText("6")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.resolution is not None and panel.resolution.result.table_roll().die == 6
    assert panel.dice.rolls == [6]


def test_attack_on_an_empty_hex_is_refused(window, qtbot) -> None:
    window.scene.clearSelection()
    assert not window.attack_selected()
    drag_target = hex_point(window, "0101")
    assert window.view.hex_at_view(drag_target.toPointF()) is not None


def type_roll(panel, qtbot, dice: str) -> None:
    """Type the physical dice into the panel and press Return."""
    panel.typed_roll.setText(dice)
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)


@pytest.mark.usefixtures("zoc_free")  # enemy zones of control would leave 0504 no retreat
def test_clicking_a_highlighted_retreat_hex_retreats_the_defenders_there(window, qtbot) -> None:
    state = window.session.state
    start_attack(window, qtbot)
    panel = window.combat_panel
    leave_out(window, "0604")  # the artillery in 0604 stays out of this attack
    # 0403, 0404, 0503, 0603 attack: the generic CRT's column gives DR on a die of 6
    type_roll(panel, qtbot, "6")
    assert panel.resolution.result.code == "DR"
    # 0504's one free neighbour is 0505; two hexes on, farther than 0504 from every attacker
    # (0404 and 0603 are next to 0405, 0504 next to four of them): 0506 and 0605
    retreat = {state.hexmap.label(h) for h, role in window.scene.overlay.hexes.items()
               if role == "retreat"}  # fmt: skip
    assert retreat == {"0506", "0605"}
    (box,) = panel.retreat_boxes.values()
    assert box.currentIndex() == -1  # two ends: the player chooses, hexcombat does not
    assert not panel.apply()
    assert one_says(panel.problems.text(), figures=["0504"], names=["choose where", "retreat"])
    defenders = [c.uid for c in state.stack_at(state.hexmap.hex_at("0504"))]
    qtbot.mouseClick(window.view.viewport(), LEFT, pos=hex_point(window, "0506"))
    assert box.currentText() == "0506"
    qtbot.mouseClick(window.view.viewport(), LEFT, pos=hex_point(window, "0405"))  # not one
    assert box.currentText() == "0506"
    qtbot.mouseClick(window.view.viewport(), LEFT, pos=hex_point(window, "0605"))
    assert box.currentText() == "0605"
    assert panel.apply(), panel.problems.text()
    assert [c.uid for c in state.stack_at(state.hexmap.hex_at("0605"))] == defenders
    assert state.stack_at(state.hexmap.hex_at("0504")) == []


def test_defenders_with_no_legal_retreat_are_eliminated(window, qtbot) -> None:
    state = window.session.state
    # a Soviet rifle division closes 0505, the one way out of 0504
    assert window.session.add("su-rifle-xx", "Soviet", state.hexmap.hex_at("0505"))
    start_attack(window, qtbot)
    panel = window.combat_panel
    tree = panel.candidate_tree
    for i in range(tree.topLevelItemCount()):  # it only blocks: the attack stays the 14D2d one
        if tree.topLevelItem(i).text(0) == "0505":
            tree.topLevelItem(i).setCheckState(0, Qt.CheckState.Unchecked)
    assert panel.odds.text().startswith("3:1   DRM +1")
    type_roll(panel, qtbot, "4")  # 4 + 1 = 5 at 3:1: DR
    assert panel.resolution.result.code == "DR"
    (box,) = panel.retreat_boxes.values()
    assert box.currentText() == "no legal retreat: eliminated" and not box.isEnabled()
    assert "retreat" not in window.scene.overlay.hexes.values()
    assert panel.apply(), panel.problems.text()
    assert state.stack_at(state.hexmap.hex_at("0504")) == []
    assert len(state.counters) == 11 + 1 - 3
    details = window.combat_log.item(window.combat_log.count() - 1).toolTip()
    assert one_says(details, figures=["0504"], names=["no legal retreat", "eliminated"])


def armour_ratio_game() -> GameState:
    """A Tank X and a Rifle XX (0404) attack an AT X and an Inf XX (0504) under rule 10."""
    game = GameState(load_map(REPO / "maps" / "tutorial-14d2d.toml"), ruleset="armour-ratio")
    for unit, side, label in [
        ({"name": "Tank X", "size": "X", "attack": 4, "aeca": "full"}, "Soviet", "0404"),
        ({"name": "Rifle XX", "size": "XX", "attack": 6}, "Soviet", "0404"),
        ({"name": "AT X", "size": "X", "defence": 2, "atec": "full"}, "Axis", "0504"),
        ({"name": "Inf XX", "size": "XX", "defence": 4}, "Axis", "0504"),
    ]:
        counter = Counter(game.new_uid(), unit_from_mapping(unit, "test"), side)
        game.place(counter, game.hexmap.hex_at(label), index=99)
    return game


def tick_losses(panel, names: set[str]) -> None:
    """Tick exactly the units called ``names`` in the losses list."""
    for i in range(panel.losses.count()):
        item = panel.losses.item(i)
        lost = item.text().split(": ", 1)[1].split(" (")[0] in names
        item.setCheckState(Qt.CheckState.Checked if lost else Qt.CheckState.Unchecked)


def test_required_losses_are_enforced_in_the_panel(window, qtbot) -> None:
    window.show_game(armour_ratio_game())
    start_attack(window, qtbot)
    panel = window.combat_panel
    # attack 4 + 6 = 10 against defence 2 + 4 = 6: 1:1; AECA 1 RE : ATEC 1 RE gives +0 (10.C)
    assert panel.odds.text().startswith("1:1   DRM +0")
    type_roll(panel, qtbot, "5")  # the 1:1 column at 5: HX, half the defence (3) from each side
    resolution = panel.resolution
    assert resolution.result.code == "HX"
    # 10.F.1: 1 RE of AECA against 1 RE of ATEC: 1 point from armour; 10.F.2 the same for ATEC
    assert (resolution.attacker.required_aec, resolution.defender.required_aec) == (1, 1)
    tick_losses(panel, {"Rifle XX", "Inf XX"})  # enough points, none from armour or antitank
    assert not panel.apply()
    assert one_says(panel.problems.text(), rules=["10.F.1", "10.F.2"], names=["armour/antitank"])
    assert len(window.session.state.counters) == 4  # nothing applied; only the roll is logged
    rows = [window.combat_log.item(i).text() for i in range(window.combat_log.count())]
    assert each_says(
        [row.split("  ", 1)[1] for row in rows],
        dict(
            figures=["5", "0504", "1:1", "+0", "5"],
            names=["typed in", "DRM", "HX", "not applied yet"],
        ),
    )
    tick_losses(panel, {"Tank X", "Inf XX"})  # the attacker's 3 now include the tank
    assert not panel.apply()
    assert "(10.F.1)" not in panel.problems.text() and "(10.F.2)" in panel.problems.text()
    # the defender's 3 must include the AT X (2 points): AT X and Inf XX, 6 points; the exchange
    # then takes 6 from the attacker: Tank X (4) and Rifle XX (6)
    tick_losses(panel, {"AT X", "Inf XX"})
    assert not panel.apply()
    assert says_in(
        panel.problems.text(), figures=["6"], names=["attacker must lose", "strength points"]
    )
    tick_losses(panel, {"Tank X", "Rifle XX", "AT X", "Inf XX"})
    assert panel.apply(), panel.problems.text()
    assert window.session.state.counters == {}


@pytest.mark.parametrize("dice", ["7", "0", "4 4", "x"])
def test_dice_that_are_not_the_attack_s_are_refused_and_the_warnings_stay(
    bench, qtbot, dice: str
) -> None:
    # one six-sided die decides a combat on the generic CRT: 7, 0, two dice or a letter are not
    # that roll; the refusal stands beside the assumed-chart warning, which stays in view
    bench.attack()
    panel = bench.combat_panel
    warnings = panel.warnings.text()
    assert "\u26a0 CRT: assumed chart value used" in warnings
    type_roll(panel, qtbot, dice)
    assert panel.resolution is None and bench.state.pending_roll is None
    assert panel.roll_problem.text() != "" and panel.roll_button.isEnabled()
    assert panel.warnings.text() == warnings
    assert bench.state.log == [] and bench.state.dice.used == 0


def test_the_panel_shows_a_defenders_name_as_written_never_as_markup(bench, qtbot) -> None:
    # a unit's name comes from someone's file: "<s>" in it is shown, not taken as strike-out
    state = bench.state
    top = state.stack_at(state.hexmap.hex_at("0504"))[0]
    top.unit = replace(top.unit, name="Inf <s>XX")
    bench.attack()
    shown = QTextDocument()
    shown.setHtml(bench.combat_panel.title.text())
    # the name is shown as written, "<s>" and all: the title escapes it
    assert shown.toPlainText() == "Attack on 0504 (woods): Inf <s>XX, Hv Mot AA II, Art III"


def test_the_panels_warnings_and_refusals_show_names_as_written(bench, qtbot) -> None:
    # warnings, Apply's refusals and a refused roll name units and sides from someone's file
    # ("untick Inf <s>XX"): shown as written, "<s>" never taken as strike-out
    panel = bench.combat_panel
    for label in (panel.warnings, panel.problems, panel.roll_problem):
        assert label.textFormat() == Qt.TextFormat.PlainText


def test_a_refused_attack_names_the_sides_as_written(window, qtbot, tmp_path) -> None:
    # "It is S<b>oviet's turn": a side's name from someone's file, never taken as bold
    text = default_tutorial().read_text(encoding="utf-8")
    scenario = tmp_path / "sides.toml"
    scenario.write_text(text.replace('attacker = "Soviet"', 'attacker = "S<b>oviet"'), "utf-8")
    assert window.open_file(scenario), window.errors
    panel = window.combat_panel
    assert not panel.start(window.session.state.hexmap.hex_at("0403"))  # a Soviet stack
    shown = QTextDocument()
    shown.setHtml(panel.title.text())
    # the sides' names are shown as written, "<b>" and all: the title escapes them
    assert shown.toPlainText().startswith("It is S<b>oviet's turn: S<b>oviet attacks, ")


def test_each_unit_of_a_stack_has_its_own_tick_and_the_stack_shows_some(window, qtbot) -> None:
    # 10.C (example 9): unticking the half-RE Tank II of the 0604 stack, its other units still
    # attacking, turns 25.5 : 5 = 5.1:1 into 25 : 5 = 5:1
    assert window.open_file(REPO / "maps" / "tutorial-10c-ratio-scenario.toml"), window.errors
    start_attack(window, qtbot, "0504")
    panel = window.combat_panel
    tree = panel.candidate_tree
    stacks = {tree.topLevelItem(i).text(0): tree.topLevelItem(i) for i in range(3)}
    stack = stacks["0604"]
    units = [stack.child(j) for j in range(stack.childCount())]
    assert [u.text(0) for u in units] == ["Tank XXX", "Tank XXX", "Tank X", "Tank II"]
    assert not stack.isExpanded()  # folded: the list as short as its stacks
    assert all(u.checkState(0) == Qt.CheckState.Checked for u in units)
    tree.expandItem(stack)  # as the player's click on its arrow
    assert panel.model.report.totals["aeca_atec_ratio"] == "5.1:1"
    units[3].setCheckState(0, Qt.CheckState.Unchecked)  # as the player's click
    assert panel.model.report.totals["aeca_atec_ratio"] == "5:1"
    assert stack.checkState(0) == Qt.CheckState.PartiallyChecked
    assert "3 of 3 stacks (1 unit left out)" in panel.setup_toggle.toolTip()
    assert units[3].data(0, Qt.ItemDataRole.UserRole) not in panel.attacker_uids()
    window.grab().save("/tmp/ticks-10c.png")
    stack.setCheckState(0, Qt.CheckState.Checked)  # the stack's box: all its units again
    assert all(u.checkState(0) == Qt.CheckState.Checked for u in units)
    assert panel.model.report.totals["aeca_atec_ratio"] == "5.1:1"
    stack.setCheckState(0, Qt.CheckState.Unchecked)
    assert all(u.checkState(0) == Qt.CheckState.Unchecked for u in units)
