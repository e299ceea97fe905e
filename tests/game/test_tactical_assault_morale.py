"""A whole assault under the assault-morale rules played on the map without a window, as a
player plays the first tactical tutorial (ACT 1, the Dubki grove): select the Soviet hex and
Assault, type both table dice, take the losses, type each morale check, then undo, redo, save
and reopen. The numbers are the aid's: the German die 6 on the 18-23 column is 2M2, the Soviet
die 3 on 5-8 is no effect (ACT); a morale check is 2d6 + 2 against morale 7, 1-2 over
disrupted, 3 or more over demoralized (Morale; the squads' morale 7 is the counter set's
assumed value)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from command_history import History

from hexcombat.game.attack_model import AttackModel
from hexcombat.game.follow_ups import FollowUpModel, ResolveFollowUp
from hexcombat.game.opening import open_game
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import GameState
from hexcombat.game.status_commands import status_marks
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.status import UnitStatus
from meaning import one_says

WOODS = Path(__file__).resolve().parents[2] / "maps" / "tutorial-assault-morale-woods-scenario.toml"
GROVE = "0303"


def side_uids(state: GameState, side: str) -> list[str]:
    return sorted(u for u, c in state.counters.items() if c.side == side)


def waiting(state: GameState) -> list[str]:
    return [f.key for f in state.follow_ups.queue] if state.follow_ups is not None else []


def test_an_assault_into_the_grove_rolled_lost_checked_undone_saved(tmp_path: Path) -> None:
    state = open_game(WOODS)
    history = History(state)
    model = AttackModel(state, history.run)
    grove = state.hexmap.hex_at(GROVE)
    soviets = side_uids(state, "Soviet")
    assert sorted(c.uid for c in state.stack_at(grove)) == soviets
    # select the enemy hex and Assault: every German stack next to it is proposed
    assert model.start(grove)
    assert sorted(model.attacker_uids()) == side_uids(state, "German")
    assert model.report is not None
    assert model.report.headline == "attacker 15 on 18-23, defender 8 on 5-8"
    assert model.dice_wanted() == [6, 6]  # one die per side, at once (ACT)

    # the typed dice: the German 6, the Soviet 3
    resolution = model.roll([6, 3])
    assert resolution is not None
    assert resolution.result.code == "defender: 2M2 / attacker: -"
    assert state.log[-1].text.startswith("Roll 6 3 (typed in) for 0303: ")
    assert state.log[-1].text.endswith("not applied yet")

    # the losses: 2 steps from the Soviet combat units, the first from the best morale (both
    # squads have 7): the suggestion takes one from each; one step is not enough
    assert sorted(model.losses) == soviets
    model.set_losses(soviets[:1])
    assert not model.apply()
    assert one_says(model.apply_problem, figures=["2", "1"], names=["defender", "ACT"])
    model.set_losses(soviets)
    assert model.apply(), model.apply_problem
    assert [state.counters[u].status for u in soviets] == [UnitStatus(steps_lost=1)] * 2

    # each survivor then checks morale as M2: its own roll, with its exact chances
    assert waiting(state) == [f"morale:{u}" for u in soviets]
    rows = FollowUpModel(state, history.run).rows()
    # 2d6 + 2 <= 7 holds (2d6 <= 5: 10/36), 8-9 disrupted (11/36), 10+ demoralized (15/36)
    expected = [("holds", Fraction(10, 36)), ("disrupted", Fraction(11, 36)),
                ("demoralized", Fraction(15, 36))]  # fmt: skip
    assert [[(c.text, c.probability) for c in row.chances] for row in rows] == [expected] * 2
    first, second = soviets
    assert history.run(ResolveFollowUp(f"morale:{first}", [3, 3])) == ""  # 6 + 2 = 8: 1 over
    assert state.counters[first].status == UnitStatus(steps_lost=1, state="disrupted")
    assert history.run(ResolveFollowUp(f"morale:{second}", [6, 5])) == ""  # 11 + 2 = 13
    assert state.counters[second].status == UnitStatus(steps_lost=1, state="demoralized")
    assert state.follow_ups is None
    assert "morale" in state.log[-1].text and "6 5" in state.log[-1].text
    # on the map each counter shows its state's letters (and its steps as pips)
    vocabulary = get_ruleset("assault-morale").vocabulary
    assert [status_marks(state.counters[u].status, vocabulary) for u in soviets] == [
        ("D",), ("DM",),
    ]  # fmt: skip
    after = {u: state.counters[u].status for u in soviets}
    log = [e.text for e in state.log]

    # undo the last check: the squad as it was after its loss, its check waiting again
    history.undo()
    assert state.counters[second].status == UnitStatus(steps_lost=1)
    assert waiting(state) == [f"morale:{second}"]
    history.redo()
    assert {u: state.counters[u].status for u in soviets} == after

    # saved and reopened as it was left
    save_game(state, tmp_path / "grove.json")
    again = load_game(tmp_path / "grove.json")
    assert again.ruleset == "assault-morale"
    assert {u: again.counters[u].status for u in soviets} == after
    assert [e.text for e in again.log] == log
    assert again.follow_ups is None


def test_a_follow_up_left_waiting_is_saved_and_typed_after_reopening(tmp_path: Path) -> None:
    state = open_game(WOODS)
    history = History(state)
    model = AttackModel(state, history.run)
    assert model.start(state.hexmap.hex_at(GROVE))
    assert model.roll([6, 3]) is not None
    soviets = side_uids(state, "Soviet")
    model.set_losses(soviets)
    assert model.apply(), model.apply_problem
    save_game(state, tmp_path / "waiting.json")
    again = load_game(tmp_path / "waiting.json")
    assert waiting(again) == [f"morale:{u}" for u in soviets]
    again_history = History(again)
    assert again_history.run(ResolveFollowUp(f"morale:{soviets[0]}", [1, 2])) == ""  # 3 + 2
    assert again.counters[soviets[0]].status == UnitStatus(steps_lost=1)  # 5 holds at 7


def test_entrenched_defenders_fire_first_and_the_attackers_fire_after_their_checks() -> None:
    """ACT 3, the Kolkhoz trench: the defenders fire first, their whole result before the
    attackers fire (ACT 'Simultaneous unless defenders are entrenched or dug-in'). The German
    6 on 24-29 is 2M2: a step from each Soviet squad of the best morale (7), every Soviet checks
    morale at +2; then the Soviets fire with what is left, a follow-up of its own:
    - all in good order: 2 + 2 + 4 squads and the Maxim's 5 = 13 on 13-17, one left for the
      entrenchment: 9-12 (1-2 -, 3 M, 4 M1, 5 M2, 6 1M2);
    - the three squads demoralized (may not fire), the Maxim holding: 5 on 5-8, one left: 3-4
      (1-4 -, 5 M, 6 M1); the Maxim's 6 is then M1 on the Germans, who check at +1."""
    state = open_game(WOODS.with_name("tutorial-assault-morale-entrenchment-scenario.toml"))
    history = History(state)
    model = AttackModel(state, history.run)
    assert model.start(state.hexmap.hex_at("0308"))
    assert model.report is not None
    assert [d.side for d in model.report.dice] == ["defender"]
    resolution = model.roll([6])
    assert resolution is not None
    assert resolution.result.code == "attacker: 2M2"
    soviets = side_uids(state, "Soviet")
    assert len(model.losses) == 2 and set(model.losses) <= set(soviets)
    assert model.apply(), model.apply_problem
    assert sum(state.counters[u].status.steps_lost for u in soviets) == 2
    # every Soviet unit left checks morale at +2, then the Soviets fire; the Germans wait
    assert waiting(state) == [*(f"morale:{u}" for u in soviets), "fire:attacker"]
    follow = FollowUpModel(state, history.run)

    def fire_chances() -> list[tuple[str, Fraction]]:
        (row,) = [r for r in follow.rows() if r.key == "fire:attacker"]
        assert row.rule == "ACT" and "attacker's table die" in row.die
        return [(c.text, c.probability) for c in row.chances]

    sixth = Fraction(1, 6)
    assert fire_chances() == [("no effect", 2 * sixth), ("M", sixth), ("M1", sixth), ("M2", sixth),
                              ("1M2", sixth)]  # fmt: skip
    squads = [u for u in soviets if state.counters[u].unit.name == "Rifle Sqd"]
    (maxim,) = [u for u in soviets if u not in squads]
    for uid in squads:  # 6 6 + 2 = 14 against 7: demoralized
        assert history.run(ResolveFollowUp(f"morale:{uid}", [6, 6])) == ""
        assert state.counters[uid].status.state == "demoralized"
    assert history.run(ResolveFollowUp(f"morale:{maxim}", [1, 1])) == ""  # holds
    assert fire_chances() == [("no effect", 4 * sixth), ("M", sixth), ("M1", sixth)]
    assert history.run(ResolveFollowUp("fire:attacker", [6])) == ""
    germans = side_uids(state, "German")
    assert waiting(state) == [f"morale:{u}" for u in germans]
    assert {f.modifier for f in state.follow_ups.queue} == {1}  # type: ignore[union-attr]
    history.undo()  # the Soviets' fire back: waiting again, as it was
    assert waiting(state) == ["fire:attacker"]
    history.undo()  # the Maxim's check back: it waits before the Soviets' fire
    assert waiting(state) == [f"morale:{maxim}", "fire:attacker"]


def test_german_a_t_fire_is_a_choice_of_soviet_vehicle_then_a_die() -> None:
    # ACT 4, the Mius ford: "German infantry may also A-T fire (6) at Soviet vehicles on a die
    # roll of 5 or 6": the German player picks the SU-76M and types 5: a hit, its last step
    state = open_game(WOODS.with_name("tutorial-assault-morale-river-scenario.toml"))
    history = History(state)
    model = AttackModel(state, history.run)
    assert model.start(state.hexmap.hex_at("0906"))
    assert model.roll([1, 1]) is not None  # M on the Soviets, nothing on the Germans
    assert model.apply(), model.apply_problem
    (su76,) = [u for u, c in state.counters.items() if c.unit.name == "SU-76M"]
    rows = {row.key: row for row in FollowUpModel(state, history.run).rows()}
    fire = rows["anti-tank:defender"]
    assert fire.chooser == "attacker" and [uid for uid, _ in fire.choices] == [su76]
    assert [(c.text, c.probability) for c in fire.chances] == [
        ("hit", Fraction(1, 3)), ("missed", Fraction(2, 3)),
    ]  # fmt: skip
    assert history.run(ResolveFollowUp("anti-tank:defender", [5], su76)) == ""
    assert su76 not in state.counters
    history.undo()
    assert su76 in state.counters
    assert waiting(state)[0] == "anti-tank:defender"
