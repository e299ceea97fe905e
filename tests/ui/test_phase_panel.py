"""The phase in the desktop: set in the combat panel through the undo stack, shown in the status
bar, making an attack an overrun (10.G); coast defence artillery flipped from the context menus
in its owner's initial phase and refused, in the rule's words, outside it (14A4)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu
from uihelpers import hex_point, start_attack

from hexcombat.ui.main_window import MainWindow
from meaning import says, says_in

CDA = Path(__file__).resolve().parents[1] / "game" / "data" / "cda-14a4.toml"
"""Axis CD Art III (artillery mode) with Inf XX in 0403, LR Siege Art III on its CD side in 0503,
Soviet Rifle XX in 0504; the Axis initial phase."""


def uid_of(win: MainWindow, counter_id: str) -> str:
    state = win.session.state
    return next(c.uid for c in state.counters.values() if c.counter_id == counter_id)


def action(menu: QMenu, text: str):  # noqa: ANN201
    found = [a for a in menu.actions() if a.text() == text]
    assert found, [a.text() for a in menu.actions()]
    return found[0]


def test_the_phase_is_set_in_the_panel_and_undone(window: MainWindow, qtbot) -> None:
    state = window.session.state
    panel = window.combat_panel
    start_attack(window, qtbot)
    assert (panel.phasing_player.currentText(), panel.phase.currentText()) == ("Soviet", "combat")
    assert window.turn_label.text() == "Turn: Soviet's combat phase"
    overrun = panel.condition_boxes["overrun"]
    assert not overrun.isChecked() and not overrun.isEnabled()
    panel.phase.setCurrentText("movement")  # as the player picks it
    assert (state.phasing_player, state.phase) == ("Soviet", "movement")
    assert window.session.undo_stack.count() == 1 and window.session.modified
    assert window.session.undo_stack.text(0) == "Phase: Soviet's movement phase"
    assert window.turn_label.text() == "Turn: Soviet's movement phase"
    # 10.G: an attack in the movement phase is an overrun, and the panel says why
    assert overrun.isChecked() and "(10.G)" in overrun.toolTip()
    assert panel.phase_note.isVisible() and "overrun (10.G)" in panel.phase_note.text()
    assert panel.setup().conditions.flag("overrun") and panel.report is not None
    panel.phasing_player.setCurrentText("Axis")
    assert state.phasing_player == "Axis" and window.session.undo_stack.count() == 2
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert (state.phasing_player, state.phase) == ("Soviet", "combat")
    assert (panel.phasing_player.currentText(), panel.phase.currentText()) == ("Soviet", "combat")
    assert not overrun.isChecked() and not panel.phase_note.isVisible()
    assert window.turn_label.text() == "Turn: Soviet's combat phase"
    assert not window.session.modified
    window.redo_action.trigger()
    assert state.phase == "movement" and panel.phase.currentText() == "movement"


def test_a_cd_mode_unit_is_offered_but_may_not_attack(window: MainWindow, qtbot) -> None:
    assert window.open_file(CDA), window.errors
    start_attack(window, qtbot)
    tree = window.combat_panel.candidate_tree
    rows = {
        tree.topLevelItem(i).text(0): tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
    }
    barred = rows["0503"]
    assert not barred.flags() & Qt.ItemFlag.ItemIsEnabled
    assert says(
        barred.text(1), rules=["14A4"], names=["LR Siege Art III", "CD mode", "cannot attack"]
    )
    assert "is in CD mode and cannot attack" in barred.toolTip(1)
    assert window.combat_panel.attacker_uids() == [
        uid_of(window, "ax-inf-xx"),
        uid_of(window, "ge-cd-art-iii"),
    ]


def test_flip_from_the_stack_inspector_in_the_initial_phase(window: MainWindow, qtbot) -> None:
    assert window.open_file(CDA), window.errors
    state = window.session.state
    uid = uid_of(window, "ge-cd-art-iii")
    original = state.counters[uid]
    window.scene.select_hex(state.hex_of(uid))
    inspector = window.inspector
    row = inspector.order().index(uid)
    assert inspector.row_menu(inspector.order().index(uid_of(window, "ax-inf-xx"))) is None
    menu = inspector.row_menu(row)
    action(menu, "Flip to CD mode (14A4)").trigger()
    assert state.counters[uid].counter_id == "ge-cd-art-iii-cd"
    assert inspector.list.item(row).text().startswith("CD Art III (CD mode)")
    assert window.session.undo_stack.text(0) == "Flip CD Art III to CD mode (14A4)"
    window.undo_action.trigger()
    assert state.counters[uid] is original
    assert inspector.list.item(row).text().startswith("CD Art III  ")
    assert inspector.row_menu(row).actions()[0].text() == "Flip to CD mode (14A4)"


def test_flip_from_the_map_s_context_menu_brings_the_unit_into_the_attack(
    window: MainWindow, qtbot
) -> None:
    assert window.open_file(CDA), window.errors
    window.view.fit_map()
    start_attack(window, qtbot)
    uid = uid_of(window, "ge-lr-siege-art-iii-cd")
    viewport = window.view.viewport()
    where = hex_point(window, "0503")
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, where, viewport.mapToGlobal(where))
    QApplication.sendEvent(viewport, event)
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    menu = QApplication.activePopupWidget()
    action(menu, "Flip to artillery mode (14A4)").trigger()
    menu.close()
    assert window.session.state.counters[uid].counter_id == "ge-lr-siege-art-iii"
    # in artillery mode it may attack: the panel offers it, ticked
    assert uid in window.combat_panel.attacker_uids()


def test_a_flip_outside_the_owner_s_initial_phase_is_refused_with_the_rule(
    window: MainWindow, qtbot
) -> None:
    assert window.open_file(CDA), window.errors
    state = window.session.state
    start_attack(window, qtbot)
    window.combat_panel.phase.setCurrentText("combat")
    assert "1 of 2 stacks, combat phase" in window.combat_panel.setup_toggle.text()
    uid = uid_of(window, "ge-cd-art-iii")
    before = state.counters[uid]
    menu = window.context_menu(state.hex_of(uid))
    action(menu, "Flip to CD mode (14A4)").trigger()
    assert state.counters[uid] is before
    assert says(
        window.statusBar().currentMessage(),
        rules=["14A4"],
        names=["coast defence artillery", "initial phase", "Axis's combat phase"],
    )
    assert window.session.undo_stack.count() == 1  # only the phase change
    assert window.errors == []
    # the Soviet initial phase is not the owner's either
    window.combat_panel.phasing_player.setCurrentText("Soviet")
    window.combat_panel.phase.setCurrentText("initial")
    action(window.context_menu(state.hex_of(uid)), "Flip to CD mode (14A4)").trigger()
    assert "(now: Soviet's initial phase) (14A4)" in window.statusBar().currentMessage()
    assert state.counters[uid] is before


def test_on_a_bare_map_the_status_bar_and_the_panel_show_the_same_turn(
    window: MainWindow, qtbot
) -> None:
    from hexcombat.paths import maps_dir

    assert window.open_file(maps_dir() / "tutorial-14d2d.toml")  # a map, no scenario
    state, panel = window.session.state, window.combat_panel

    def shown() -> tuple[str, str, str]:
        return (
            window.turn_label.text(),
            panel.phasing_player.currentText(),
            panel.phase.currentText(),
        )

    assert shown() == ("Turn: combat phase", "", "combat")  # nobody on the map yet
    inf = next(cid for cid, unit in state.library.counters.items() if unit.size == "XX")
    assert window.session.add(inf, "Axis", state.hexmap.hex_at("0504"))
    # the first counter makes its side the phasing player: both say so at once
    assert shown() == ("Turn: Axis's combat phase", "Axis", "combat")
    panel.phase.setCurrentText("movement")
    assert shown() == ("Turn: Axis's movement phase", "Axis", "movement")
    window.undo_action.trigger()
    window.undo_action.trigger()  # the counter off again: no side, no phasing player
    assert shown() == ("Turn: combat phase", "", "combat")
    window.redo_action.trigger()
    assert shown() == ("Turn: Axis's combat phase", "Axis", "combat")


def test_the_phasing_player_attacks_and_the_other_side_defends(window: MainWindow, qtbot) -> None:
    # Soviet's combat phase (the 14D2d tutorial): a Soviet stack is not an attack's target
    panel, state = window.combat_panel, window.session.state
    panel.stop()
    window.scene.select_hex(state.hexmap.hex_at("0403"))  # the Soviet Hv Tank XX
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_A)
    assert panel.target is None
    # pins the wording a player reads when the other side's stack is clicked
    assert window.statusBar().currentMessage() == (
        "It is Soviet's turn: Soviet attacks, Axis defends; change the phasing player in the "
        "Conditions to attack with Axis."
    )
    # the player makes Axis the phasing player: now the Axis in 0504 attacks the Hv Tank XX
    panel.phasing_player.setCurrentText("Axis")
    qtbot.keyClick(window.view, Qt.Key.Key_A)
    assert panel.target == state.hexmap.hex_at("0403")
    attackers = {state.counters[u].side for u in panel.attacker_uids()}
    assert attackers == {"Axis"} and panel.report is not None
    # Soviet phasing again with the attack on show: the panel says why, and no roll
    panel.phasing_player.setCurrentText("Soviet")
    assert panel.report is None and not panel.roll_button.isEnabled()
    assert not window.roll_action.isEnabled()
    assert says_in(panel.warnings.text(), names=["Soviet's turn", "Soviet attacks", "Axis defends"])
    assert panel.warnings.text().startswith("it is Soviet's turn")


def test_an_attack_outside_the_combat_phase_is_warned_of(bench: MainWindow, qtbot) -> None:
    panel = bench.combat_panel
    bench.attack()  # Soviet's combat phase: no phase warning
    assert "phase" not in panel.warnings.text()
    panel.phase.setCurrentText("reaction")
    # the phase table gives the combat phase for attacks and the movement phase for overruns
    assert panel.warnings.text().startswith("\u26a0 Soviet's reaction phase")
    assert says_in(
        panel.warnings.text(),
        rules=["10.G"],
        names=["no attacks", "reaction phase", "combat phase", "overruns", "movement phase"],
    )
    assert panel.report is not None  # a warning, not a refusal: the example can be worked
    panel.phase.setCurrentText("movement")  # an overrun (10.G): no warning
    assert "no attacks" not in panel.warnings.text()


def test_a_map_opened_without_sides_says_so_in_the_phasing_box(window) -> None:  # noqa: ANN001
    from pathlib import Path

    bare = Path(__file__).resolve().parents[2] / "maps" / "tutorial-14d2d.toml"
    assert window.open_file(bare), window.errors
    assert window.session.state.players == []
    box = window.combat_panel.phasing_player
    assert box.currentIndex() == -1 and box.placeholderText() == "no side yet"
    assert not box.isEnabled()
    image = box.grab().toImage()  # the words are drawn, not a blank box
    colours = {image.pixel(x, image.height() // 2) for x in range(image.width())}
    assert len(colours) > 4
