"""Morale checks at and around a unit's morale, compounding failures, recovery and who may
start an assault (Morale, Recovery, Assault)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from am_helpers import RULESET, side, situation, squad, unit

from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.errors import IllegalAttackError, RulesError
from hexcombat.rules.follow_ups import FollowUp
from hexcombat.rules.situation import Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rulesets.assault_morale.morale import (
    DEMORALIZED,
    DISRUPTED,
    HOLDS,
    STEP,
    after_check,
    check_chances,
    check_failure,
    recovery,
    recovery_chances,
)
from hexcombat.rulesets.assault_morale.vocabulary import MORALE_DIE


@pytest.mark.parametrize(
    ("over", "outcome"),
    [(-1, HOLDS), (0, HOLDS), (1, DISRUPTED), (2, DISRUPTED), (3, DEMORALIZED), (5, DEMORALIZED)],
)
def test_a_check_at_morale_holds_one_or_two_over_disrupts_three_over_demoralizes(
    over: int, outcome: str
) -> None:
    assert check_failure(7 + over, 0, 7) == outcome
    assert check_failure(5 + over, 2, 7) == outcome  # M2: 2 added to the roll


def test_compound_failures_lower_a_unit_further() -> None:
    assert after_check("", DISRUPTED) == DISRUPTED
    assert after_check("disrupted", DISRUPTED) == DEMORALIZED
    assert after_check("disrupted", DEMORALIZED) == DEMORALIZED
    assert after_check("demoralized", DISRUPTED) == STEP
    assert after_check("demoralized", HOLDS) == HOLDS


def test_the_chances_of_one_check_by_hand() -> None:
    # morale 7, M2: totals 2-5 hold (1 + 2 + 3 + 4 of 36); 8 or 9 (totals 6, 7) disrupt:
    # 5 + 6 of 36; 10 or more (totals 8-12): 5 + 4 + 3 + 2 + 1 of 36
    assert check_chances("", 2, 7) == {
        HOLDS: Fraction(10, 36),
        DISRUPTED: Fraction(11, 36),
        DEMORALIZED: Fraction(15, 36),
    }
    # a demoralized unit (its current morale given, 7) loses a step on any failure
    assert check_chances("demoralized", 2, 7) == {HOLDS: Fraction(10, 36), STEP: Fraction(26, 36)}


def morale_follow_up(target: str, modifier: int) -> FollowUp:
    return FollowUp(
        f"morale:{target}", "morale-check", "defender", "Morale", "", target, MORALE_DIE, modifier
    )


def test_a_morale_check_follow_up_with_a_leader_in_the_hex() -> None:
    leader = Participant(unit("Lt", "leader", 0, 9, leader_modifier=2), id="lt")
    target = Participant(squad(morale=7), id="s")
    s = situation(side(squad()), (target, leader))
    report = RULESET.evaluate(s)
    standing = {"s": UnitStatus(), "lt": UnitStatus()}
    fu = morale_follow_up("s", 1)
    # 7 + 2 (leader) = 9; 8 +1 = 9 holds, 9 +1 = 10 disrupted, 11 +1 = 12 demoralized
    holds = RULESET.resolve_follow_up(report, fu, standing, ScriptedDice([4, 4]))
    assert holds.effects == () and "against 9" in holds.headline
    disrupted = RULESET.resolve_follow_up(report, fu, standing, ScriptedDice([4, 5]))
    assert [(e.kind, e.state, e.targets) for e in disrupted.effects] == [
        ("set-state", "disrupted", ("s",))
    ]
    demoralized = RULESET.resolve_follow_up(report, fu, standing, ScriptedDice([5, 6]))
    assert [e.state for e in demoralized.effects] == ["demoralized"]
    # the leader killed: no modifier; 8 +1 = 9 over 7 by 2: disrupted
    alone = RULESET.resolve_follow_up(report, fu, {"s": UnitStatus()}, ScriptedDice([4, 4]))
    assert [e.state for e in alone.effects] == ["disrupted"]
    # already demoralized (morale 6 + 2 = 8): a failure costs a step
    again = {"s": UnitStatus(state="demoralized"), "lt": UnitStatus()}
    step = RULESET.resolve_follow_up(report, fu, again, ScriptedDice([4, 4]))
    assert [(e.kind, e.amount) for e in step.effects] == [("lose-steps", 1)]
    chances = RULESET.follow_up_chances(report, fu, standing)
    assert sum(o.probability for o in chances) == 1
    assert {o.code for o in chances} == {HOLDS, DISRUPTED, DEMORALIZED}


def test_a_unit_gone_before_its_check_rolls_nothing() -> None:
    s = situation(side(squad()), (Participant(squad(), id="s"),))
    report = RULESET.evaluate(s)
    result = RULESET.resolve_follow_up(report, morale_follow_up("s", 0), {}, ScriptedDice([]))
    assert result.rolls == () and result.effects == ()


# --- recovery -----------------------------------------------------------------------------------


def test_recovery_below_morale_lifts_one_rank() -> None:
    sq = squad(morale=7)
    disrupted = UnitStatus(state="disrupted")
    ok = recovery(sq, disrupted, "clear", 0, ScriptedDice([3, 3]), target="c1")
    assert [(e.kind, e.state, e.targets, e.rule) for e in ok.effects] == [
        ("set-state", "", ("c1",), "Recovery")
    ]
    assert recovery(sq, disrupted, "clear", 0, ScriptedDice([3, 4])).effects == ()  # 7: fails
    # demoralized: morale 6; 5 rallies to disrupted
    rallies = recovery(sq, UnitStatus(state="demoralized"), "clear", 0, ScriptedDice([2, 3]))
    assert [e.state for e in rallies.effects] == ["disrupted"]
    assert (
        recovery(sq, UnitStatus(state="demoralized"), None, 0, ScriptedDice([3, 3])).effects == ()
    )


def test_recovery_in_a_town_or_entrenchment_is_plus_one() -> None:
    sq = squad(morale=7)
    disrupted = UnitStatus(state="disrupted")
    for terrain in ("town", "entrenchment"):
        assert recovery(sq, disrupted, terrain, 0, ScriptedDice([3, 4])).effects != ()  # 7 < 8
        assert recovery(sq, disrupted, terrain, 0, ScriptedDice([4, 4])).effects == ()
    assert recovery(sq, disrupted, "woods", 0, ScriptedDice([3, 4])).effects == ()
    assert recovery(sq, disrupted, "clear", 1, ScriptedDice([3, 4])).effects != ()  # a leader


def test_an_unmodified_2_recovers_fully_and_12_makes_a_demoralized_leader_desert() -> None:
    weak = squad(morale=2)
    full = recovery(weak, UnitStatus(state="demoralized"), "clear", 0, ScriptedDice([1, 1]))
    assert [e.state for e in full.effects] == [""] and "recovers fully" in full.headline
    leader = unit("Lt", "leader", 0, 12, leader_modifier=1)
    deserts = recovery(leader, UnitStatus(state="demoralized"), "town", 0, ScriptedDice([6, 6]))
    assert [e.kind for e in deserts.effects] == ["eliminate"]
    disrupted_leader = recovery(
        leader, UnitStatus(state="disrupted"), "town", 0, ScriptedDice([6, 6])
    )
    assert [e.state for e in disrupted_leader.effects] == [""]  # 12 < 13: recovers
    # a demoralized squad's 12 is only a failure (11 + 1 in town: 12 is not below 12)
    squad_12 = recovery(
        squad(morale=12), UnitStatus(state="demoralized"), "town", 0, ScriptedDice([6, 6])
    )
    assert squad_12.effects == () and "fails" in squad_12.headline
    chances = recovery_chances(leader, UnitStatus(state="demoralized"), "clear", 0)
    assert chances["deserts"] == Fraction(1, 36) and chances["recovers fully"] == Fraction(1, 36)
    assert sum(chances.values()) == 1


def test_a_disrupted_unit_recovers_one_way_whatever_its_morale() -> None:
    """Recovery: a disrupted unit's 2 (full recovery) and a roll below morale both end in good
    order, so its chances list one 'recovers': morale 7, totals 2 to 6, 15/36; fails 21/36. A
    disrupted morale-2 squad recovers only on its unmodified 2, 1/36."""
    disrupted = UnitStatus(state="disrupted")
    chances = recovery_chances(squad(morale=7), disrupted, "clear", 0)
    assert chances == {"recovers": Fraction(15, 36), "fails": Fraction(21, 36)}
    assert recovery_chances(squad(morale=2), disrupted, "clear", 0) == {
        "recovers": Fraction(1, 36),
        "fails": Fraction(35, 36),
    }
    two = recovery(squad(morale=2), disrupted, "clear", 0, ScriptedDice([1, 1]))
    assert [e.state for e in two.effects] == [""] and two.headline.endswith(": recovers")


def test_a_unit_in_good_order_has_nothing_to_recover_from() -> None:
    with pytest.raises(RulesError, match="good order"):
        recovery(squad(), UnitStatus(), "clear", 0, ScriptedDice([1, 1]))


# --- who may start an assault -------------------------------------------------------------------


@pytest.mark.parametrize("state", ["disrupted", "demoralized"])
def test_only_good_order_troops_may_start_an_assault(state: str) -> None:
    s = situation(side(squad(), state=state), side(squad()))
    with pytest.raises(IllegalAttackError, match="only good-order troops may start an assault"):
        RULESET.evaluate(s)
    refusal = RULESET.participant_refusal(s.attackers[0], ())
    assert refusal is not None and refusal.rule == "Assault"


def test_a_leader_starts_an_assault_only_with_troops_of_his_type() -> None:
    infantry = unit("Lt", "leader", 0, 9, leader_modifier=1, leader_of="infantry")
    armour = unit("Capt", "leader", 0, 9, leader_modifier=1, leader_of="armour")
    tank = unit("T-34", "afv", 8, 8, 2, "soviet", closed_top=True)
    assert RULESET.participant_refusal(Participant(infantry), (Participant(squad()),)) is None
    assert RULESET.participant_refusal(Participant(armour), (Participant(tank),)) is None
    for leader, companions in (
        (infantry, ()),
        (infantry, (Participant(tank),)),
        (armour, (Participant(squad()),)),
        (infantry, (Participant(squad(), status=UnitStatus(state="disrupted")),)),
    ):
        refusal = RULESET.participant_refusal(Participant(leader), companions)
        assert refusal is not None and "leader starts an assault only with" in refusal.text
    with pytest.raises(IllegalAttackError, match="Assault"):
        RULESET.evaluate(situation(side(infantry, tank), side(squad())))


def test_wagons_trucks_and_prime_movers_do_not_start_an_assault() -> None:
    for kind in ("wagon", "truck", "prime-mover"):
        refusal = RULESET.attack_refusal(unit("T", kind, 0, 5))
        assert refusal is not None and refusal.rule == "Assault"
        with pytest.raises(IllegalAttackError, match="only troops may start an assault"):
            RULESET.evaluate(situation(side(squad(), unit("T", kind, 0, 5)), side(squad())))


def test_a_unit_without_its_values_is_refused_by_name() -> None:
    from hexcombat.rules.errors import UnitDataError
    from hexcombat.rules.units import Unit

    bare = Unit(name="Nameless")
    with pytest.raises(UnitDataError, match="Nameless: the assault-morale rules need its kind"):
        RULESET.evaluate(situation(side(bare), side(squad())))


def test_a_count_of_several_counters_is_refused_with_how_to_give_them() -> None:
    from hexcombat.rules.errors import UnitDataError

    with pytest.raises(UnitDataError, match="give it as 2 entries, not a count"):
        RULESET.evaluate(situation((Participant(squad(), count=2),), side(squad())))
