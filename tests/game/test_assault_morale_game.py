"""A whole assault-morale assault played on a map with typed dice, as a player plays it: the
stacks that may assault, both sides' columns with each shift, the table roll, the losses under
best-morale-first, then each leader loss roll, the German A-T fire and each morale check as its
own undoable roll, saved and reopened in the middle, and a recovery from the counter's menu.

The units are counters/assault-morale.toml's. By hand, from the Assault Combat Table (ACT, the
columns' lower bounds 1, 3, 5, 9, 13, 18, 24, 30) and the aid's column shifts:
- German: two Rifle Sqds (fire 5, morale 8) and Lt Brandt (fire 0, morale 9, +1, infantry) in
  0201 assault the woods hex 0202: fire 10 on 9-12, one left for the woods, one right for the
  undemoralized infantry leader: 9-12 (die 1-2 -, 3 M, 4 M1, 5 M2, 6 1M2).
- Soviet: a Rifle Sqd (4, morale 7), a closed-top T-34/76 (8, morale 8, 2 steps), Lt Petrov
  (0, morale 8, +1) and a Wagon (0, morale 5, 1 step): fire 12 on 9-12, one right for
  closed-top AFVs with infantry, one for the leader: 18-23 (1 M, 2 M1, 3 M2, 4-5 1M2, 6 2M2).
- Attacker's die 6: 1M2: one step from the best-morale combat unit (the T-34, 8 against the
  squad's 7; leaders take none) and one from the Wagon, then M2 checks; Lt Petrov's loss roll is
  killed on 2d6 - 2 <= 2, 6/36. Defender's die 1: M on the attackers, each at 8 + 1 = 9: holds
  on 2-9 (30/36), disrupted on 10-11 (5/36), demoralized on 12 (1/36)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from am_game import assault_game
from command_history import History

from hexcombat.game.attack import suggested_losses
from hexcombat.game.attack_model import AttackModel
from hexcombat.game.calculator import CalculatorError
from hexcombat.game.calculator import dice_wanted as calculator_dice
from hexcombat.game.calculator import roll_typed as calculator_roll
from hexcombat.game.commands import counter_actions
from hexcombat.game.follow_ups import FollowUpModel, PendingFollowUps, RollCounterAction
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import GameState
from hexcombat.game.status_commands import AddMarker
from hexcombat.rules.status import UnitStatus
from meaning import each_says, one_says, says, says_in


def started(state: GameState, history: History, target: str = "0202") -> AttackModel:
    model = AttackModel(state, history.run)
    assert model.start(state.hexmap.hex_at(target)), model.refusal
    return model


def fought(state: GameState, uids: dict[str, str], history: History) -> AttackModel:
    """The attacker's die 6 (1M2) and the defender's 1 (M), the losses as suggested, applied."""
    model = started(state, history)
    resolution = model.roll([6, 1])
    assert resolution is not None, model.roll_problem
    model.set_losses(suggested_losses(state, resolution))
    assert model.apply(), model.apply_problem
    return model


def chances(model: FollowUpModel, key: str) -> list[tuple[str, Fraction]]:
    (row,) = [r for r in model.rows() if r.key == key]
    return [(c.text, c.probability) for c in row.chances]


def waiting(state: GameState) -> list[str]:
    pending = state.follow_ups
    assert pending is None or isinstance(pending, PendingFollowUps)
    return [f.key for f in pending.queue] if pending is not None else []


def test_the_stacks_that_may_assault_and_why_the_others_may_not() -> None:
    state, uids = assault_game()
    model = started(state, History(state))
    by_hex = {state.hexmap.label(c.hex): c for c in model.candidates}
    assert {c.uid for c in by_hex["0201"].counters} == {uids["sq1"], uids["sq2"], uids["brandt"]}
    assert each_says(
        [why for _, why in by_hex["0302"].barred],
        dict(names=["Rifle Sqd", "disrupted", "only good-order troops", "Assault"]),
    )
    assert each_says(
        [why for _, why in by_hex["0102"].barred], dict(names=["Wagon", "only troops", "Assault"])
    )
    assert not by_hex["0302"].counters and not by_hex["0102"].counters


def test_both_columns_with_each_shift_and_each_sides_result_chances() -> None:
    state, _ = assault_game()
    report = started(state, History(state)).report
    assert report is not None
    attacker, defender = report.payload["attacker"], report.payload["defender"]
    assert (attacker["fire"], attacker["column_before_shifts"]) == (10, "9-12")
    assert [(s["shift"], s["reason"]) for s in attacker["shifts"]] == [
        (-1, "the defenders occupy a woods hex"),
        (1, "an undemoralized infantry leader"),
    ]
    assert attacker["column_after_shifts"] == "9-12"
    sixth = Fraction(1, 6)
    assert attacker["result_chances"] == {
        "-": Fraction(1, 3), "M": sixth, "M1": sixth, "M2": sixth, "1M2": sixth,
    }  # fmt: skip
    assert (defender["fire"], defender["column_before_shifts"]) == (12, "9-12")
    assert [s["shift"] for s in defender["shifts"]] == [1, 1]
    assert defender["column_after_shifts"] == "18-23"
    assert defender["result_chances"] == {
        "M": sixth, "M1": sixth, "M2": sixth, "1M2": Fraction(1, 3), "2M2": sixth,
    }  # fmt: skip
    assert each_says(
        [s.text for s in report.steps if "'s die on" in s.text],
        dict(
            figures=["9", "12", "1", "2", "3", "4", "5", "6"],
            names=["attacker", "3 M", "4 M1", "5 M2", "6 1M2"],
        ),
        dict(
            figures=["18", "23", "1", "2", "3", "4", "5", "6"],
            names=["defender", "1 M", "2 M1", "3 M2", "6 2M2"],
        ),
    )
    for fates in report.unit_fates.values():
        assert sum(fates.values()) == 1


def test_losses_best_morale_first_then_each_roll_on_its_own_undone_and_redone() -> None:
    state, uids = assault_game()
    history = History(state)
    model = started(state, history)
    resolution = model.roll([6, 1])
    assert resolution is not None
    assert says(
        resolution.result.headline,
        figures=["6", "1"],
        names=["attacker's die 6: 1M2", "defenders", "defender's die 1: M", "attackers"],
    )
    assert suggested_losses(state, resolution) == [uids["t34"], uids["su_wagon"]]
    model.set_losses([uids["rifles"], uids["su_wagon"]])  # the squad's morale 7 is not the best
    assert not model.apply()
    assert says_in(model.apply_problem, names=["best morale", "T-34/76", "ACT"])
    model.set_losses([uids["t34"], uids["su_wagon"]])
    assert model.apply(), model.apply_problem
    assert state.counters[uids["t34"]].status == UnitStatus(steps_lost=1)
    assert uids["su_wagon"] not in state.counters  # its one step
    petrov, at = f"leader-loss:{uids['petrov']}", "anti-tank:defender"
    defenders = [f"morale:{uids[n]}" for n in ("t34", "rifles", "petrov")]  # leaders last
    assert waiting(state)[:5] == [petrov, at, *defenders]
    rows = FollowUpModel(state, history.run)
    assert chances(rows, petrov) == [("killed", Fraction(1, 6)), ("survives", Fraction(5, 6))]
    assert chances(rows, at) == [("hit", Fraction(1, 3)), ("missed", Fraction(2, 3))]
    # the T-34 at 8 + 1 with M2: holds on 2d6 <= 7, disrupted on 8-9, demoralized on 10-12
    assert chances(rows, defenders[0]) == [
        ("holds", Fraction(21, 36)), ("disrupted", Fraction(9, 36)),
        ("demoralized", Fraction(6, 36)),
    ]  # fmt: skip
    assert chances(rows, f"morale:{uids['sq1']}") == [
        ("holds", Fraction(30, 36)), ("disrupted", Fraction(5, 36)),
        ("demoralized", Fraction(1, 36)),
    ]  # fmt: skip
    # Lt Petrov's loss roll typed 1 1: 2 - 2 = 0, killed
    assert rows.roll_typed(petrov, "1 1"), rows.problem
    assert uids["petrov"] not in state.counters
    assert state.log[-1].changes == ["Lt Petrov in 0202: eliminated"]
    history.undo()
    assert uids["petrov"] in state.counters and waiting(state)[0] == petrov
    history.redo()
    assert uids["petrov"] not in state.counters
    (squad_row,) = [r for r in rows.rows() if r.key == defenders[1]]
    assert says(
        squad_row.text, figures=["7", "+1", "+2"], names=["Rifle Sqd", "Lt Petrov", "morale"]
    )
    # without its leader the squad checks at 7: holds on 2d6 <= 5, disrupted 6-7, else demoralized
    assert chances(rows, defenders[1]) == [
        ("holds", Fraction(10, 36)), ("disrupted", Fraction(11, 36)),
        ("demoralized", Fraction(15, 36)),
    ]  # fmt: skip


def test_the_a_t_fire_the_morale_checks_a_save_and_a_recovery(tmp_path: Path) -> None:
    state, uids = assault_game(tmp_path)
    history = History(state)
    fought(state, uids, history)
    rows = FollowUpModel(state, history.run)
    assert rows.roll_typed(f"leader-loss:{uids['petrov']}", "6 5"), rows.problem  # survives
    rows.choose("anti-tank:defender", uids["t34"])
    assert rows.roll_typed("anti-tank:defender", "5"), rows.problem
    assert uids["t34"] not in state.counters  # its second step
    history.undo()
    assert state.counters[uids["t34"]].status == UnitStatus(steps_lost=1)
    history.redo()
    assert uids["t34"] not in state.counters
    # the squad at 7 + 1 with M2: 4 3 + 2 = 9, two over: disrupted
    assert rows.roll_typed(f"morale:{uids['rifles']}", "4 3"), rows.problem
    assert state.counters[uids["rifles"]].status.state == "disrupted"
    path = tmp_path / "assault.json"
    save_game(state, path)
    again = load_game(path)
    assert waiting(again) == waiting(state)
    reopened = History(again)
    later = FollowUpModel(again, reopened.run)
    # the T-34 is gone: its check is dropped with a note, nothing rolled
    assert later.roll(f"morale:{uids['t34']}"), later.problem
    assert "dropped" in again.log[-1].text
    # Lt Petrov at 8 with M2: 5 4 + 2 = 11, three over: demoralized
    assert later.roll_typed(f"morale:{uids['petrov']}", "5 4"), later.problem
    assert again.counters[uids["petrov"]].status.state == "demoralized"
    # the Germans at 8 + 1: 6 6 = 12, three over: demoralized; 6 5 = 11: disrupted
    assert later.roll_typed(f"morale:{uids['sq1']}", "6 6"), later.problem
    assert later.roll_typed(f"morale:{uids['sq2']}", "6 5"), later.problem
    assert later.roll_typed(f"morale:{uids['brandt']}", "3 3"), later.problem
    assert again.follow_ups is None
    status = {n: again.counters[uids[n]].status.state for n in ("sq1", "sq2", "brandt")}
    assert status == {"sq1": "demoralized", "sq2": "disrupted", "brandt": ""}
    # Recovery: the demoralized squad at 8 - 1 + 1 (Lt Brandt) in woods: below 8 on 2d6
    squad = again.counters[uids["sq1"]]
    (recover,) = counter_actions(again, squad)
    assert recover.rule == "Recovery"
    assert one_says(
        recover.help,
        figures=["2.8%", "55.6%", "41.7%"],
        names=["recovers fully 2.8%", "disrupted 55.6%", "fails 41.7%"],
    )
    assert reopened.run(RollCounterAction(uids["sq1"], recover.key, [4, 4])) == ""  # 8: fails
    assert again.counters[uids["sq1"]].status.state == "demoralized"
    assert reopened.run(RollCounterAction(uids["sq1"], recover.key, [3, 4])) == ""  # 7: rallies
    assert again.counters[uids["sq1"]].status.state == "disrupted"
    reopened.undo()
    assert again.counters[uids["sq1"]].status.state == "demoralized"
    assert reopened.run(RollCounterAction(uids["sq1"], recover.key, [1, 1])) == ""  # 2: fully
    assert again.counters[uids["sq1"]].status.state == ""


def test_dug_in_defenders_roll_first_and_the_dice_are_asked_in_that_order() -> None:
    state, uids = assault_game()
    history = History(state)
    assert history.run(AddMarker(uids["rifles"], marker="dug-in")) == ""
    report = started(state, history).report
    assert report is not None
    assert report.payload["order"] == "defenders first"
    assert [d.side for d in report.dice] == ["defender"]  # the attackers' is a follow-up


def test_the_calculator_asks_for_the_two_table_dice_in_the_order_rolled() -> None:
    state, uids = assault_game()
    history = History(state)
    report = started(state, history).report
    assert report is not None
    assert says(
        calculator_dice(report),
        figures=["2", "4", "2"],
        names=["the attacker's table die (d6)", "then the defender's table die (d6)"],
    )
    assert history.run(AddMarker(uids["rifles"], marker="dug-in")) == ""
    dug_in = started(state, history).report
    assert dug_in is not None
    # the defenders fire first: the roll is their die alone, the attackers' die is rolled
    # after the morale checks it calls for (ACT)
    assert says(calculator_dice(dug_in), figures=["4"], names=["the defender's table die (d6)"])
    with pytest.raises(CalculatorError, match="rolls 1 die, but 2 numbers were typed"):
        calculator_roll(dug_in, "1 6")
    # the defenders' 1: M on 18-23
    rolled = calculator_roll(dug_in, "1")
    assert rolled.rolls == (1,)
    assert rolled.result.code == "attacker: M"


def test_riders_of_a_destroyed_t34_are_on_foot_and_undo_puts_them_back() -> None:
    """The Soviet Rifle Sqd rides the T-34/76 (the `riding` marker). German fire 10 on 9-12:
    woods one left, Lt Brandt one right, infantry riding an AFV one right, enemy AFVs in woods
    without dismounted infantry one right: 18-23, where a 6 is 2M2 (ACT). Both steps from the
    T-34 (morale 8, the best, an AFV) destroy it; the riders dismount (our reading, ACT shift)."""
    state, uids = assault_game()
    history = History(state)
    history.run(AddMarker(uids["rifles"], marker="riding"))
    model = started(state, history)
    resolution = model.roll([6, 1])
    assert resolution is not None, model.roll_problem
    assert resolution.result.headline.startswith("attacker's die 6: 2M2 on the defenders")
    model.set_losses([uids["t34"], uids["t34"], uids["su_wagon"]])
    assert model.apply(), model.apply_problem
    assert uids["t34"] not in state.counters
    assert "riding" not in state.counters[uids["rifles"]].status.markers
    while state.counters.get(uids["t34"]) is None:
        history.undo()
    assert "riding" in state.counters[uids["rifles"]].status.markers
