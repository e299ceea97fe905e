"""Resolving an assault: the order of fire, each result's effects, losses by group under the
best-morale and AFV rules, the leader loss roll and German A-T fire (ACT, Assault)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from am_helpers import RULESET, side, situation, squad, unit

from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.errors import RulesError
from hexcombat.rules.situation import Participant
from hexcombat.rules.status import UnitStatus
from meaning import one_says, says


def defenders() -> tuple[Participant, ...]:
    """Two squads, an AFV, a truck, a wagon and a leader, all without fire."""
    return (
        Participant(unit("Squad A", "squad", 0, 7, 2, "german"), id="a"),
        Participant(unit("Squad B", "squad", 0, 8, 2, "german"), id="b"),
        Participant(unit("Pz IV", "afv", 0, 6, 2, "german"), id="afv"),
        Participant(unit("Opel", "truck", 0, 5, 1, "german"), id="truck"),
        Participant(unit("Wagon", "wagon", 0, 4, 1, "german"), id="wagon"),
        Participant(unit("Lt", "leader", 0, 9, 1, "german", leader_modifier=1), id="lt"),
    )


def big_assault():  # type: ignore[no-untyped-def]
    s = situation((Participant(squad(30, morale=6), id="s"),), defenders())
    return RULESET.evaluate(s)


def test_2m2_takes_two_steps_from_each_group_then_a_morale_check_at_plus_2() -> None:
    report = big_assault()
    result = RULESET.resolve(report, ScriptedDice([4, 1]))  # attacker's 4 on 30+: 2M2
    assert result.code == "defender: 2M2 / attacker: -"
    assert [(e.kind, e.targets, e.amount, e.modifier) for e in result.effects] == [
        ("lose-steps", ("a", "b", "afv"), 2, 0),
        ("lose-steps", ("truck", "wagon"), 2, 0),
        # the truck and the wagon, one step each, lose both: no survivor of theirs checks
        ("morale-check", ("a", "b", "afv", "lt"), 0, 2),
    ]
    assert {e.rule for e in result.effects} == {"ACT"}
    assert [(r.purpose, r.faces, r.side) for r in result.rolls] == [
        ("attacker's table die", (4,), "attacker"),
        ("defender's table die", (1,), "defender"),
    ]


def test_losses_best_morale_first_and_an_afv_among_two() -> None:
    report = big_assault()
    result = RULESET.resolve(report, ScriptedDice([4, 1]))
    policy = RULESET.loss_policy(report, result)
    assert policy.kind == "steps"
    assert policy.suggested() == ["b", "afv", "truck", "wagon"]
    assert policy.problems(policy.suggested()) == []
    assert policy.needed("defender", []) == 4
    wrong = policy.problems(["a", "a", "truck", "wagon"])
    assert any("best morale (Squad B)" in p and "(ACT)" in p for p in wrong)
    assert any("at least one from an AFV" in p and "(ACT)" in p for p in wrong)
    no_afv = policy.problems(["b", "b", "truck", "wagon"])
    assert len(no_afv) == 1 and "AFV" in no_afv[0]
    short = policy.problems(["b", "afv", "truck"])
    assert one_says(
        short, partly=True, figures=["2", "1"], names=["wagons, trucks and prime movers", "ACT"]
    )
    first_best = policy.problems(["afv", "b", "wagon", "truck"])
    assert first_best == []  # the best-morale unit among the losses, in any order
    effects = policy.effects(policy.suggested())
    assert {(e.targets, e.amount) for e in effects} == {
        (("b",), 1),
        (("afv",), 1),
        (("truck",), 1),
        (("wagon",), 1),
    }


def test_1m2_needs_no_afv_and_3m2_is_capped_by_the_steps_left() -> None:
    report = big_assault()
    one = RULESET.resolve(report, ScriptedDice([3, 1]))  # 1M2
    assert RULESET.loss_policy(report, one).suggested() == ["b", "truck"]
    three = RULESET.resolve(report, ScriptedDice([6, 1]))  # 3M2: transport has 2 steps
    policy = RULESET.loss_policy(report, three)
    assert policy.needed("defender", []) == 3 + 2
    assert policy.suggested() == ["b", "afv", "a", "truck", "wagon"]


def test_m_results_make_every_enemy_unit_check_morale() -> None:
    s = situation((Participant(squad(18), id="s"),), defenders())
    report = RULESET.evaluate(s)
    m = RULESET.resolve(report, ScriptedDice([1, 1]))  # 18-23, die 1: M
    assert [(e.kind, e.modifier) for e in m.effects] == [("morale-check", 0)]
    m1 = RULESET.resolve(report, ScriptedDice([2, 1]))
    assert [(e.kind, e.modifier) for e in m1.effects] == [("morale-check", 1)]
    standing = {p.id: p.status for p in s.defenders}  # type: ignore[misc]
    follow = RULESET.follow_ups(report, m1, standing)
    assert [f.key for f in follow] == [
        "morale:a", "morale:b", "morale:afv", "morale:truck", "morale:wagon", "morale:lt"
    ]  # fmt: skip
    assert {f.modifier for f in follow} == {1}
    assert says(follow[0].text, figures=["7", "+1", "+1"], names=["Squad A", "Lt", "morale"])


def test_a_leader_is_killed_on_2_modified_by_each_step_loss() -> None:
    report = big_assault()
    result = RULESET.resolve(report, ScriptedDice([4, 1]))  # 2M2: four steps inflicted
    standing = {p.id: p.status for p in report.situation.defenders}  # type: ignore[misc]
    for gone in ("b", "truck", "wagon"):
        del standing[gone]  # noqa: B909
    follow = RULESET.follow_ups(report, result, standing)
    loss = next(f for f in follow if f.kind == "leader-loss")
    assert (loss.target, loss.modifier, loss.rule) == ("lt", -4, "ACT")
    assert [f.kind for f in follow][0] == "leader-loss"  # before the morale checks
    killed = RULESET.resolve_follow_up(report, loss, standing, ScriptedDice([3, 3]))
    assert [(e.kind, e.targets) for e in killed.effects] == [("eliminate", ("lt",))]
    assert "6 -4 = 2: killed" in killed.headline
    lives = RULESET.resolve_follow_up(report, loss, standing, ScriptedDice([3, 4]))
    assert lives.effects == ()
    chances = {o.code: o.probability for o in RULESET.follow_up_chances(report, loss, standing)}
    assert chances["killed"] == Fraction(1 + 2 + 3 + 4 + 5, 36)  # 2d6 of 6 or less: 6 -4 = 2


def test_both_fire_at_once_unless_the_defenders_are_entrenched_or_dug_in() -> None:
    attackers = (
        Participant(squad(10, morale=8, steps=1), id="a1"),
        Participant(squad(10, morale=7, steps=1), id="a2"),
    )
    defending = (Participant(squad(30, morale=7, nationality="german"), id="d"),)
    open_ground = RULESET.evaluate(situation(attackers, defending))
    assert open_ground.payload["order"] == "simultaneous"
    assert [d.side for d in open_ground.dice] == ["attacker", "defender"]
    # both at once: the attackers fire 20 (18-23) whatever the defenders roll
    at_once = RULESET.resolve(open_ground, ScriptedDice([6, 3]))
    assert at_once.code == "defender: 2M2 / attacker: 1M2"

    dug = RULESET.evaluate(situation(attackers, defending, "entrenchment"))
    assert dug.payload["order"] == "defenders first"
    assert [d.side for d in dug.dice] == ["defender"]  # the attackers fire in a follow-up
    # the defenders' 3 on 30+ (1M2) takes a step from a1 (best morale): the attackers' result
    first = RULESET.resolve(dug, ScriptedDice([3]))
    assert first.code == "attacker: 1M2"
    assert [(e.kind, e.targets) for e in first.effects] == [
        ("lose-steps", ("a1", "a2")),
        ("morale-check", ("a2",)),  # a1, alone of the best morale, loses its only step
    ]
    dug_in = (
        Participant(defending[0].unit, id="d", status=UnitStatus(markers=frozenset({"dug-in"}))),
    )
    assert RULESET.evaluate(situation(attackers, dug_in)).payload["order"] == "defenders first"


def test_the_chances_of_each_side_are_in_the_payload() -> None:
    report = big_assault()
    chances = report.payload["attacker"]["result_chances"]  # type: ignore[index]
    sixth = Fraction(1, 6)
    assert chances == {"M2": sixth, "1M2": 2 * sixth, "2M2": 2 * sixth, "3M2": sixth}
    assert report.payload["defender"]["column_before_shifts"] is None  # type: ignore[index]
    by_favour = {o.code: o.favours for o in report.outcome_list}
    assert set(by_favour.values()) == {"attacker"}


def test_german_infantry_a_t_fire_at_soviet_vehicles() -> None:
    s = situation(
        (Participant(squad(0, morale=8, nationality="german"), id="g"),),
        (Participant(unit("T-34", "afv", 0, 7, 2, "soviet", closed_top=True), id="t34"),),
    )
    report = RULESET.evaluate(s)
    result = RULESET.resolve(report, ScriptedDice([1, 1]))
    standing = {"g": UnitStatus(), "t34": UnitStatus()}
    (at,) = RULESET.follow_ups(report, result, standing)
    assert (at.kind, at.side, at.chooser, at.choices, at.rule) == (
        "anti-tank", "defender", "attacker", ("t34",), "Assault"
    )  # fmt: skip
    hit = RULESET.resolve_follow_up(report, at, standing, ScriptedDice([5]), "t34")
    assert [(e.kind, e.targets, e.amount) for e in hit.effects] == [("lose-steps", ("t34",), 1)]
    miss = RULESET.resolve_follow_up(report, at, standing, ScriptedDice([4]), "t34")
    assert miss.effects == ()
    with pytest.raises(RulesError, match="Soviet vehicles"):
        RULESET.resolve_follow_up(report, at, standing, ScriptedDice([5]), None)
    # a demoralized German squad may not fire: no A-T fire
    standing["g"] = UnitStatus(state="demoralized")
    assert RULESET.follow_ups(report, result, standing) == ()


def test_no_assault_result_retreats_a_unit() -> None:
    report = big_assault()
    for a in range(1, 7):
        for d in range(1, 7):
            result = RULESET.resolve(report, ScriptedDice([a, d]))
            assert not result.advance
            assert {e.kind for e in result.effects} <= {"lose-steps", "morale-check"}


def test_riders_dismount_when_the_last_afv_they_ride_is_destroyed() -> None:
    """Our reading (docs/rules.md): infantry with the ``riding`` marker rides its side's AFVs
    in its hex; the loss of the last step of the last of them takes the marker off (ACT
    shift: 'an infantry unit riding an AFV' is riding no longer), whether the step goes to the
    table's losses, to A-T fire or to a failed morale check; a step short of that leaves it."""
    riding = UnitStatus(markers=frozenset({"riding"}))
    t34 = unit("T-34", "afv", 8, 7, 1, "soviet", closed_top=True)
    s = situation(
        (Participant(squad(30, morale=8, nationality="german"), id="g", hex="0201"),),
        (
            Participant(t34, id="t34", hex="0202"),
            Participant(squad(4, morale=6), id="riders", hex="0202", status=riding),
        ),
    )
    report = RULESET.evaluate(s)
    result = RULESET.resolve(report, ScriptedDice([4, 1]))  # the German 4 on 30+: 2M2
    policy = RULESET.loss_policy(report, result)
    assert policy.needed("defender", []) == 2 and policy.problems(["t34", "riders"]) == []
    effects = policy.effects(["t34", "riders"])
    assert [(e.kind, e.targets, e.state, e.rule) for e in effects][-1] == (
        "remove-marker", ("riders",), "riding", "ACT shift"
    )  # fmt: skip
    assert not [e for e in policy.effects(["riders"]) if e.kind == "remove-marker"]
    # the T-34 hit by German A-T fire on a 5 (Assault): the riders dismount
    standing = {"g": UnitStatus(), "t34": UnitStatus(), "riders": riding}
    at = next(f for f in RULESET.follow_ups(report, result, standing) if f.kind == "anti-tank")
    hit = RULESET.resolve_follow_up(report, at, standing, ScriptedDice([5]), "t34")
    assert [(e.kind, e.targets) for e in hit.effects] == [
        ("lose-steps", ("t34",)),
        ("remove-marker", ("riders",)),
    ]
    # two T-34s in the hex: one destroyed leaves the riders on the other
    two = situation(
        s.attackers,
        (*s.defenders, Participant(t34, id="t34b", hex="0202")),
    )
    report2 = RULESET.evaluate(two)
    result2 = RULESET.resolve(report2, ScriptedDice([4, 1]))
    kept = RULESET.loss_policy(report2, result2).effects(["t34", "riders"])
    assert not [e for e in kept if e.kind == "remove-marker"]


def test_a_unit_already_down_is_told_a_failure_lowers_it_further() -> None:
    """Morale: 'compound morale check failures further lower morale', our reading: a disrupted
    unit that fails is demoralized, a demoralized one loses a step; each check's row says so
    before the roll, and the effect after it. German fire 9 on 9-12, die 3: M (ACT)."""
    s = situation(
        side(squad(9, nationality="german")),
        (
            Participant(squad(morale=7), id="d", status=UnitStatus(state="disrupted")),
            Participant(squad(morale=7), id="m", status=UnitStatus(state="demoralized")),
        ),
    )
    report = RULESET.evaluate(s)
    result = RULESET.resolve(report, ScriptedDice([3, 1]))
    standing = {"attacker 1": UnitStatus(), "d": s.defenders[0].status, "m": s.defenders[1].status}
    rows = {f.target: f for f in RULESET.follow_ups(report, result, standing)}
    assert says(rows["d"].text, figures=["7", "+0"], names=["Squad", "already disrupted"])
    assert says(
        rows["m"].text, figures=["6", "+0"], names=["Squad", "already demoralized", "our reading"]
    )
    # the disrupted squad rolls 4 4 = 8 against 7, one over: demoralized all the same
    down = RULESET.resolve_follow_up(report, rows["d"], standing, ScriptedDice([4, 4]))
    assert [e.state for e in down.effects] == ["demoralized"]
    assert says(
        down.effects[0].text, figures=["-1"], names=["Squad", "demoralized", "already disrupted"]
    )
    step = RULESET.resolve_follow_up(report, rows["m"], standing, ScriptedDice([4, 3]))  # 7 > 6
    assert [(e.kind, e.amount) for e in step.effects] == [("lose-steps", 1)]
    assert says(
        step.effects[0].text, names=["Squad", "already demoralized", "loses a step", "our reading"]
    )
