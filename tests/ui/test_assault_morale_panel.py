"""The Combat panel on an assault-morale assault (am_game.py): a row per side saying what each
face of its die gives on its column (ACT), the typed-roll field asking for the two table dice in
the order the rules roll them (the defenders' first when dug in, ACT), in the calculator too;
the loss chooser's best-morale-first refusal, then each leader loss, A-T fire and morale check a
row of its own; the 25 results scroll under the steps.

By hand (ACT): the Germans fire 10 on 9-12 (woods left, leader right); the Soviets 12 on 18-23
(closed-top AFV with infantry right, leader right)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from am_game import REPO, assault_game
from PySide6.QtWidgets import QFormLayout, QMenu, QScrollArea
from uihelpers import start_attack

from hexcombat.game.status_commands import AddMarker, SetState
from hexcombat.rules.status import UnitStatus
from hexcombat.ui import counter_actions
from hexcombat.ui.main_window import MainWindow
from meaning import each_says, one_says, says, says_in


@pytest.fixture
def assault(window: MainWindow, tmp_path) -> Iterator[tuple[MainWindow, dict[str, str]]]:  # noqa: ANN001
    state, uids = assault_game(tmp_path)
    window.show_game(state)
    yield window, uids


def step_texts(win: MainWindow) -> list[str]:
    table = win.combat_panel.steps
    return [table.item(r, 1).text() for r in range(table.rowCount()) if table.item(r, 1)]


def test_each_sides_die_and_the_dice_asked_in_the_order_rolled(assault, qtbot) -> None:  # noqa: ANN001
    win, uids = assault
    start_attack(win, qtbot, "0202")
    texts = step_texts(win)
    assert one_says(texts, names=["defenders", "woods hex", "one column left"])
    assert one_says(
        texts, figures=["9", "12", "1", "2", "3", "4", "5", "6"], names=["attacker's die", "6 1M2"]
    )
    assert one_says(
        texts, figures=["18", "23", "1", "2", "3", "4", "5", "6"], names=["defender's die", "6 2M2"]
    )
    typed = win.combat_panel.typed_roll
    both = ["the attacker's table die (d6)", "then the defender's table die (d6)"]
    assert typed.placeholderText() == "or type 2 numbers, the attacker's table die first"
    assert says_in(typed.toolTip(), figures=["2", "4", "2"], names=both)
    win.session.run(AddMarker(uids["rifles"], marker="dug-in"))  # ACT: the defenders fire first
    start_attack(win, qtbot, "0202")
    # their die alone: the attackers' is rolled after the morale checks it calls for
    assert says(typed.placeholderText(), figures=["4"], names=["the defender's table die (d6)"])
    assert says_in(typed.toolTip(), figures=["4"], names=["the defender's table die (d6)"])
    assert "attacker's" not in typed.toolTip()
    typed.setText("6 1")
    win.combat_panel.use_typed_roll()
    assert "rolls 1 die, but 2 numbers were typed" in win.combat_panel.roll_problem.text()


def test_dug_in_defenders_fire_then_checks_then_the_attackers_fire_row(assault, qtbot) -> None:  # noqa: ANN001
    """ACT: 'Simultaneous unless defenders are entrenched or dug-in'. The Soviets' 6 on 18-23
    is 2M2 on the Germans: a step from each Rifle Sqd (morale 8, fire 5 each), Lt Brandt's loss
    roll at -2 and their morale checks at +2 come first; then the Germans fire 2.5 + 2.5 = 5 on
    5-8 (woods one left, Lt Brandt one right: 5-8; 1-3 -, 4 M, 5 M1, 6 M2), their die a row of
    its own; a 6 is M2 on the Soviets, whose morale checks follow."""
    win, uids = assault
    win.session.run(AddMarker(uids["rifles"], marker="dug-in"))
    start_attack(win, qtbot, "0202")
    panel = win.combat_panel
    panel.typed_roll.setText("6")
    panel.use_typed_roll()
    assert panel.apply()
    view = panel.follow_ups
    keys = [r.key for r in view.model.rows()]
    assert keys[0].startswith("leader-loss:") and keys[-1] == "fire:attacker"
    assert len([k for k in keys if k.startswith("morale:")]) == 3  # two squads and Lt Brandt
    while view.rows[0].key != "fire:attacker":
        first = view.rows[0]
        assert first.typed is not None
        first.typed.setText("6 6" if first.key.startswith("leader-loss") else "1 1")
        assert first.use_typed(), view.model.problem
    fire = view.rows[0]
    assert fire.roll_button.text() == "Roll" and fire.typed is not None
    assert [lab.text() for lab in fire.chance_labels] == ["no effect 50.0%", "M 16.7%", "M1 16.7%",
                                                           "M2 16.7%"]  # fmt: skip
    fire.typed.setText("6")
    assert fire.use_typed(), view.model.problem
    rows = view.model.rows()
    # the German infantry's A-T fire at the T-34/76, then the four Soviets' checks at +2
    assert [r.key for r in rows][0] == "anti-tank:defender"
    checks = rows[1:]
    assert len(checks) == 4 and all(
        r.key.startswith("morale:") and ", +2)" in r.text for r in checks
    )


def test_losses_refused_against_best_morale_then_each_follow_up_row(assault, qtbot) -> None:  # noqa: ANN001
    win, uids = assault
    start_attack(win, qtbot, "0202")
    panel = win.combat_panel
    panel.typed_roll.setText("6 1")  # the attacker's 6 (1M2), the defender's 1 (M)
    panel.use_typed_roll()
    assert panel.chosen_losses() == [uids["t34"], uids["su_wagon"]]  # suggested
    panel.model.set_losses([uids["rifles"], uids["su_wagon"]])
    assert not panel.apply()
    assert says_in(panel.model.apply_problem, names=["best morale", "T-34/76", "ACT"])
    panel.model.set_losses([uids["t34"], uids["su_wagon"]])
    assert panel.apply()
    rows = panel.follow_ups.model.rows()
    assert each_says(
        [r.text for r in rows][:2],
        dict(figures=["2", "-2", "2"], names=["Lt Petrov", "leader loss roll", "killed on 2"]),
        dict(
            figures=["5", "6"],
            names=["German infantry A-T fire", "Soviet vehicle", "hits on 5 or 6"],
        ),
    )
    assert len(rows) == 8  # and six morale checks: three defenders, three attackers


def test_the_loss_chooser_shows_each_units_morale_and_the_best(assault, qtbot) -> None:  # noqa: ANN001
    """ACT: 'the first step loss must be taken by a unit with the best morale' and 'at least
    one ... by an AFV': the T-34/76 (morale 8, an AFV) is the best of the Soviet combat units,
    the Rifle Sqd (7) is not; the Wagon is alone in its group."""
    win, _ = assault
    start_attack(win, qtbot, "0202")
    panel = win.combat_panel
    panel.typed_roll.setText("6 1")  # the attacker's 6 on 9-12: 1M2
    panel.use_typed_roll()
    form = panel.loss_chooser.form
    labels = [
        form.itemAt(r, QFormLayout.ItemRole.LabelRole).widget().text()
        for r in range(form.rowCount())
    ]
    assert one_says(
        labels,
        figures=["34/76", "2", "0202", "8"],
        names=["defender", "T-34/76", "2 steps left", "morale 8", "the best", "AFV"],
    )
    assert one_says(
        labels,
        figures=["2", "0202", "7"],
        names=["defender", "Rifle Sqd", "2 steps left", "morale 7"],
    )
    assert any(t.startswith("defender: Wagon (") and "the best" in t for t in labels)


def test_the_25_results_scroll_so_the_shifts_stay_in_view(assault, qtbot) -> None:  # noqa: ANN001
    win, _ = assault
    start_attack(win, qtbot, "0202")
    panel = win.combat_panel
    assert len(panel.bars.outcomes) == 25  # 5 results on 9-12 (-, M, M1, M2, 1M2) x 5 on 18-23
    outcomes = panel.findChild(QScrollArea, "CombatOutcomes")
    assert outcomes.height() < panel.bars.sizeHint().height()  # the rest a scroll away
    row = panel.steps.verticalHeader().defaultSectionSize()
    assert panel.steps.viewport().height() >= 6 * row  # under all 25 bars it had 2


def test_the_calculator_rolls_an_assault_typed_in_order(window: MainWindow) -> None:
    case = Path(__file__).resolve().parents[1] / "cases" / "am-assault-woods.toml"
    assert window.open_file(case), window.errors
    calculator = window.calculators[-1]
    # ACT: the attacker's 6 on 24-29 (2M2), the defender's 2 on 13-17 (M)
    calculator.typed_roll.setText("6 2")
    rolled = calculator.use_typed_roll()
    assert rolled is not None, calculator.roll_problem.text()
    assert rolled.result.code == "defender: 2M2 / attacker: M"
    assert calculator.roll() is not None, calculator.roll_problem.text()  # the seeded dice too
    # the ACT reads no weather and no date: the calculator asks for neither
    assert not calculator.weather.isVisibleTo(calculator)
    assert not calculator.date.isVisibleTo(calculator)
    assert calculator.terrain.isVisibleTo(calculator)


def test_an_entrenched_defence_is_typed_defenders_first_in_the_calculator(
    window: MainWindow,
) -> None:
    case = Path(__file__).resolve().parents[1] / "cases" / "am-assault-entrenchment.toml"
    assert window.open_file(case), window.errors
    calculator = window.calculators[-1]
    assert says(
        calculator.typed_roll.placeholderText(),
        figures=["4"],
        names=["or type one number", "the defender's table die (d6)"],
    )  # ACT: "Simultaneous unless defenders are entrenched or dug-in": theirs first, alone


def test_recovery_from_the_counters_menu_with_typed_dice(assault, monkeypatch) -> None:  # noqa: ANN001
    win, uids = assault
    state = win.session.state
    win.session.run(SetState(uids["sq1"], state="demoralized"))
    asked: list[str] = []

    def typed(_parent, action) -> str:  # noqa: ANN001
        asked.append(action.help)
        return "3 4"

    monkeypatch.setattr(counter_actions, "ask_dice", typed)
    menu = QMenu(win)
    assert counter_actions.add_counter_actions(menu, win.session, [state.counters[uids["sq1"]]])
    (action,) = menu.actions()
    assert action.text() == "Try to recover (Recovery)..."
    action.trigger()
    # demoralized: morale 8 - 1, +1 for Lt Brandt stacked: 2d6 below 8 (Recovery), 7 rallies
    assert one_says(
        asked[0],
        figures=["2.8%", "55.6%", "41.7%"],
        names=["recovers fully 2.8%", "disrupted 55.6%", "fails 41.7%"],
    )
    assert state.counters[uids["sq1"]].status.state == "disrupted"
    win.undo_action.trigger()
    assert state.counters[uids["sq1"]].status.state == "demoralized"


def test_no_weather_or_date_box_for_rules_that_know_neither(assault, qtbot) -> None:  # noqa: ANN001
    """The Assault Combat Table reads no weather and no date (its counters change by none): the
    Combat panel has no Weather or Date box, and its set-up line names no weather ('clear'
    there read as the terrain). A Europa game keeps both (tests/ui/test_conditions_fit.py)."""
    win, _ = assault
    start_attack(win, qtbot, "0202")
    panel = win.combat_panel
    assert not panel.weather.isVisible() and not panel.weather_label.isVisible()
    assert not panel.date.isVisible() and not panel.date_label.isVisible()
    assert says(
        panel.setup_toggle.text(), figures=["1", "3"], names=["Attackers", "stacks", "first round"]
    )


def test_the_tutorials_to_do_line_asks_for_an_assault(window: MainWindow) -> None:
    """ACT 1 waits for the assault on 0303: its to-do line names the button the player sees,
    Assault, not the operational games' Attack."""
    assert window.open_tutorial(REPO / "maps" / "tutorial-assault-morale-woods-scenario.toml")
    label = window.tutorial_panel.todo_label.text()  # the tutorial opens with it set up
    assert one_says(label, figures=["0303"], names=["assault on 0303", "set up", "Combat panel"])
    assert "press Assault, A" in label and "Attack" not in label
    window.combat_panel.stop()
    label = window.tutorial_panel.todo_label.text()
    assert one_says(label, figures=["0303"], names=["Set up the assault on 0303", "Assault, A"])
    assert "Attack" not in label


def test_act_1_played_whole_in_the_window_with_typed_dice(
    window: MainWindow, qtbot, tmp_path
) -> None:  # noqa: ANN001
    """ACT 1 in the main window, by hand from the aid: the Germans' 15 (13-17) shifted left for
    the woods, right for higher morale and for Lt Brandt: 18-23, where a 6 is 2M2; the
    Soviets' 8 on 5-8, where a 3 is nothing (ACT). The two steps go one to each Rifle Sqd
    (morale 7, both the best); each survivor checks morale at +2 against 7 in its own row:
    6 6 is 14, 3 or more over, demoralized (Morale); 1 1 is 4, holds. Saved, reopened, and
    everything undone back to before the assault."""
    assert window.open_file(REPO / "maps" / "tutorial-assault-morale-woods-scenario.toml")
    state = window.session.state
    start_attack(window, qtbot, "0303")
    panel = window.combat_panel
    assert says(
        panel.odds.text(),
        figures=["15", "18", "23", "8", "5", "8"],
        names=["attacker 15 on 18-23", "defender 8 on 5-8"],
    )
    defenders = [c.uid for c in state.stack_at(state.hexmap.hex_at("0303"))]
    panel.typed_roll.setText("6 3")
    panel.use_typed_roll()
    assert panel.resolution is not None
    assert panel.resolution.result.code == "defender: 2M2 / attacker: -"
    assert sorted(panel.chosen_losses()) == sorted(defenders)  # one step each
    assert panel.apply()
    assert [state.counters[u].status.steps_lost for u in defenders] == [1, 1]
    views = panel.follow_ups.rows
    assert [v.key for v in views] == [f"morale:{u}" for u in defenders]
    for view, typed in zip(views, ("6 6", "1 1"), strict=True):
        view = next(v for v in panel.follow_ups.rows if v.key == view.key)
        assert view.typed is not None
        view.typed.setText(typed)
        assert view.use_typed(), panel.follow_ups.model.problem
    assert [state.counters[u].status.state for u in defenders] == ["demoralized", ""]
    assert not panel.follow_ups.isVisibleTo(panel)
    while window.undo_action.isEnabled():  # the checks, the losses, back to before
        window.undo_action.trigger()
    assert [state.counters[u].status for u in defenders] == [UnitStatus(), UnitStatus()]
    while window.redo_action.isEnabled():
        window.redo_action.trigger()
    assert [state.counters[u].status.state for u in defenders] == ["demoralized", ""]
    saved = tmp_path / "act1.json"
    window.choose_save_path = lambda: str(saved)
    assert window.save_as()
    assert window.open_file(saved), window.errors
    reopened = window.session.state
    assert [reopened.counters[u].status.state for u in defenders] == ["demoralized", ""]
    assert [reopened.counters[u].status.steps_lost for u in defenders] == [1, 1]
