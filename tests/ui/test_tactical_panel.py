"""The Combat panel's pieces for a tactical ruleset, on the tactical test ruleset
(tests/rules/conformance/tactical_ruleset.py: the tiny ruleset's T1-T4 and its own TT1-TT3):
each unit's end-state chances, the counted ticks under counting limits, the attack called an
assault, and an assault decided before any roll applied with Apply.

By hand: fire 3 against defence 2 is +1 (T1); a d6 +1 hits on 3-6 (T3), 2/3; the Guards then
fail their 2d6 morale check above 7, 15 in 36 (T4): disrupted 5/18 (27.8%), good order 13/18."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from tactical_game import tactical_game, tactical_rules
from tiny_game import tiny_game, tiny_rules
from uihelpers import start_attack

from hexcombat.game.attack_model import AttackModel
from hexcombat.game.state import GameState
from hexcombat.ui.counted_units_view import CountedUnitsView
from hexcombat.ui.main_window import MainWindow
from hexcombat.ui.unit_fates_view import UnitFatesView
from meaning import one_says, says

RIFLES, LEADER, GUARDS = "c1", "c2", "c3"


@pytest.fixture
def state() -> Iterator[GameState]:
    with tactical_rules():
        yield tactical_game()


@pytest.fixture
def model(state: GameState) -> AttackModel:
    attack = AttackModel(state)
    assert attack.start(state.hexmap.hex_at("0504"))
    return attack


def test_each_unit_has_a_row_under_its_side_defenders_first_with_exact_tooltips(
    qtbot, model: AttackModel
) -> None:  # noqa: ANN001
    view = UnitFatesView()
    qtbot.addWidget(view)
    view.show_report(model.report, model.vocabulary)
    assert not view.isHidden()
    assert [view.headerItem().text(i) for i in range(view.columnCount())] == [
        "Unit", "Hex", "Good order", "Disrupted", "Demoralized", "Eliminated",
    ]  # fmt: skip
    assert view.cells() == [
        ["Defenders"],
        ["Guards", "0504", "72.2%", "27.8%", "-", "-"],
        ["Attackers"],
        ["Leader", "0404", "100.0%", "-", "-", "-"],
        ["Rifles", "0404", "100.0%", "-", "-", "-"],
    ]
    guards = view.topLevelItem(0).child(0)
    assert guards.toolTip(3) == "Guards, disrupted: 5/18"
    assert guards.toolTip(2) == "Guards, good order: 13/18"


def test_the_chances_follow_the_model_and_hide_without_end_states(
    qtbot, model: AttackModel
) -> None:  # noqa: ANN001
    view = UnitFatesView()
    qtbot.addWidget(view)
    model.subscribe(lambda e: view.show_report(model.report, model.vocabulary))
    model.set_condition("give_up", True)  # TT3: eliminated at once
    assert view.cells()[1] == ["Guards", "0504", "-", "-", "-", "100.0%"]
    view.show_report(None, model.vocabulary)
    assert view.isHidden()
    with tiny_rules():  # the tiny ruleset gives no end states: nothing shown
        game = tiny_game()
        tiny = AttackModel(game)
        assert tiny.start(game.hexmap.hex_at("0504"))
        view.show_report(tiny.report, tiny.vocabulary)
        assert view.isHidden()


def test_the_counted_ticks_show_the_limits_and_change_the_model(qtbot, model: AttackModel) -> None:  # noqa: ANN001
    refused: list[str] = []
    view = CountedUnitsView(model, refused.append)
    qtbot.addWidget(view)
    view.show_units()
    assert not view.isHidden()
    assert says(
        view.limits.text(), figures=["1"], names=["Counting limits", "attacking unit", "TT2"]
    )
    assert view.ticks() == {GUARDS: None, LEADER: None, RIFLES: None}  # the rules pick
    leader = view.tree.topLevelItem(1).child(0)
    assert leader.text(0) == "Leader (0404)"
    leader.setCheckState(0, Qt.CheckState.Checked)
    assert model.counted == {LEADER: True}
    assert model.report is not None
    assert [p.counted for p in model.report.situation.attackers] == [True, None]
    leader.setCheckState(0, Qt.CheckState.PartiallyChecked)
    assert model.counted == {}
    assert refused == []


def test_no_counted_ticks_without_counting_limits(qtbot) -> None:  # noqa: ANN001
    with tiny_rules():
        game = tiny_game()
        tiny = AttackModel(game)
        assert tiny.start(game.hexmap.hex_at("0504"))
        view = CountedUnitsView(tiny, lambda _t: None)
        qtbot.addWidget(view)
        view.show_units()
        assert view.isHidden()


# the panel in the window ------------------------------------------------------------------------


@pytest.fixture
def tactical(window: MainWindow) -> Iterator[MainWindow]:
    with tactical_rules():
        window.show_game(tactical_game())
        yield window


def test_the_panel_says_assault_shows_the_chances_and_the_counted_ticks(
    tactical: MainWindow, qtbot
) -> None:  # noqa: ANN001
    assert tactical.attack_action.text() == "&Assault"
    panel = tactical.combat_panel
    assert "choose Assault (A)" in panel.title.text()
    start_attack(tactical, qtbot)
    assert panel.title.text().startswith("<b>Assault on 0504</b>")
    assert panel.unit_fates.isVisibleTo(panel) and panel.counted.isVisibleTo(panel)
    assert panel.unit_fates.cells()[1] == ["Guards", "0504", "72.2%", "27.8%", "-", "-"]
    assert panel.roll_button.text() == "Roll"
    panel.counted.tree.topLevelItem(1).child(0).setCheckState(0, Qt.CheckState.Checked)
    assert panel.unit_fates.cells()[1][3] == "20.8%"  # the Leader's fire 0: 1/2 x 15/36
    tactical.grab().save("/tmp/tactical-panel.png")


def test_an_assault_decided_before_any_roll_is_applied_with_apply(
    tactical: MainWindow, qtbot
) -> None:  # noqa: ANN001
    panel = tactical.combat_panel
    start_attack(tactical, qtbot)
    panel.model.set_condition("give_up", True)
    assert panel.roll_button.text() == "Apply" and panel.roll_button.isEnabled()
    assert not panel.typed_roll.isEnabled()  # no dice to type
    assert "Resolved at once" in panel.roll_button.toolTip()
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    state = tactical.session.state
    assert state.stack_at(state.hexmap.hex_at("0504")) == []
    assert state.pending_roll is None
    assert says(
        state.log[-1].text, figures=["0404", "0504"], names=["give up", "eliminated", "TT3"]
    )
    tactical.session.undo_stack.undo()  # the result applied, undone: the roll waits again
    tactical.session.undo_stack.undo()
    assert [c.uid for c in state.stack_at(state.hexmap.hex_at("0504"))] == [GUARDS]


def test_the_calculator_shows_each_units_end_state_chances(qtbot) -> None:  # noqa: ANN001
    from hexcombat.game.calculator import new_combat
    from hexcombat.ui.calculator_window import CalculatorWindow

    with tactical_rules():
        combat = new_combat("tactical")
        combat.data["attacker"] = [{"name": "Rifles", "re": 1, "attack": 3, "steps": 2}]
        combat.data["defender"] = [{"name": "Guards", "re": 1, "defence": 2, "steps": 2}]
        win = CalculatorWindow(combat)
        qtbot.addWidget(win)
        win.refresh()
        assert not win.unit_fates.isHidden()
        assert win.unit_fates.cells()[:2] == [
            ["Defenders"],
            ["Guards", "", "72.2%", "27.8%", "-", "-"],
        ]


def test_a_disrupted_unit_and_a_leader_left_alone_are_listed_as_unable_to_assault(
    tactical: MainWindow, qtbot
) -> None:  # noqa: ANN001
    from hexcombat.game.status_commands import SetState

    tactical.session.run(SetState(RIFLES, state="disrupted"))
    start_attack(tactical, qtbot)
    row = tactical.combat_panel.candidate_tree.topLevelItem(0)
    assert says(row.text(1), names=["Leader", "Rifles", "cannot assault", "TT1"])
    assert row.text(1).count("cannot assault") == 2
    assert one_says(row.toolTip(1), names=["only good-order units", "TT1"])
    assert one_says(row.toolTip(1), names=["leader", "only beside a combat unit", "TT1"])
    assert not row.flags() & Qt.ItemFlag.ItemIsEnabled  # nothing in the stack may assault
    units = [row.child(j) for j in range(row.childCount())]  # each unit unticked, with why
    assert [u.checkState(0) for u in units] == [Qt.CheckState.Unchecked] * 2
    assert not any(u.flags() & Qt.ItemFlag.ItemIsEnabled for u in units)
    assert "only good-order units may assault (TT1)" in units[1].toolTip(0)
    tactical.combat_panel.grab().save("/tmp/tactical-barred.png")


def test_the_panels_combat_report_is_titled_an_assault_with_the_end_state_table(
    tactical: MainWindow, qtbot
) -> None:  # noqa: ANN001
    from hexcombat.game.combat_report import markdown
    from hexcombat.ui.report_actions import panel_combat

    start_attack(tactical, qtbot)
    reports, title = panel_combat(tactical)
    assert title == "Assault on 0504"
    assert one_says(
        markdown(reports, title),
        figures=["0504", "72.2%", "13/18", "27.8%", "5/18"],
        names=["| defender | Guards (0504) |"],
    )
