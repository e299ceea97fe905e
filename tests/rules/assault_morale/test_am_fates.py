"""Each unit's chance of ending an assault in good order, disrupted, demoralized or eliminated,
and each side's chance to come out unharmed, against hand computations (exact, through the
table dice and every roll that follows)."""

from __future__ import annotations

from fractions import Fraction as F

from am_helpers import RULESET, situation, squad, unit

from hexcombat.game.outcome_chart import unharmed_chance
from hexcombat.rules.situation import Participant
from hexcombat.rules.status import UnitStatus

DUG_IN = frozenset({"dug-in"})


def test_one_squad_on_the_first_column_by_hand() -> None:
    # the attackers' fire 1 (1-2) gives M on a 6 only; the defending squad (morale 7, fire 0)
    # then fails on 8 or 9 (disrupted, 5 + 4 of 36) or 10-12 (demoralized, 3 + 2 + 1 of 36)
    s = situation(
        (Participant(squad(1, morale=5), id="a"),),
        (Participant(squad(0, morale=7, nationality="german"), id="d"),),
    )
    fates = RULESET.evaluate(s).unit_fates
    assert fates["d"] == {
        "good-order": 1 - F(1, 6) * F(15, 36),
        "disrupted": F(1, 6) * F(9, 36),
        "demoralized": F(1, 6) * F(6, 36),
    }
    assert fates["a"] == {"good-order": 1}


def test_losses_a_leader_loss_roll_and_morale_checks_by_hand() -> None:
    # fire 30 (30+): die 1 M2, 2-3 1M2, 4-5 2M2, 6 3M2. The one-step squad (morale 7) is
    # eliminated by any step loss; on M2 it checks at 7 + 1 (the leader) = 8: 2d6 + 2 over 8
    # on 7-8 (disrupted, 6 + 5 of 36) or 9-12 (demoralized, 4 + 3 + 2 + 1 of 36).
    # The leader (morale 8, no other leader's modifier) checks at 8 too; after a step loss
    # (one inflicted: the squad has one step, there is no wagon) he is killed on 2d6 - 1 <= 2:
    # 3 of 36.
    s = situation(
        (Participant(squad(30, morale=5), id="a"),),
        (
            Participant(squad(0, morale=7, steps=1, nationality="german"), id="sq"),
            Participant(unit("Lt", "leader", 0, 8, 1, leader_modifier=1), id="lt"),
        ),
    )
    fates = RULESET.evaluate(s).unit_fates
    sixth = F(1, 6)
    assert fates["sq"] == {
        "eliminated": 5 * sixth,
        "good-order": sixth * F(15, 36),
        "disrupted": sixth * F(11, 36),
        "demoralized": sixth * F(10, 36),
    }
    checks = sixth + 5 * sixth * F(33, 36)  # the leader lives to check morale
    assert fates["lt"] == {
        "eliminated": 5 * sixth * F(3, 36),
        "good-order": checks * F(15, 36),
        "disrupted": checks * F(11, 36),
        "demoralized": checks * F(10, 36),
    }


def test_every_units_chances_add_up_to_one_and_are_in_the_json() -> None:
    s = situation(
        (
            Participant(squad(12, morale=8, nationality="german"), id="g1"),
            Participant(
                unit("Lt", "leader", 0, 9, 1, "german", leader_modifier=1, leader_of="infantry"),
                id="lt",
            ),  # fmt: skip
        ),
        (
            Participant(squad(9, morale=7), id="r1"),
            Participant(unit("T-34", "afv", 6, 7, 1, "soviet", closed_top=True), id="t34"),
            Participant(unit("Truck", "truck", 0, 5, 1, "soviet"), id="tr"),
        ),
        "woods",
    )
    report = RULESET.evaluate(s)
    assert set(report.unit_fates) == {"g1", "lt", "r1", "t34", "tr"}
    for fate in report.unit_fates.values():
        assert sum(fate.values()) == 1
        assert set(fate) <= {"good-order", "disrupted", "demoralized", "eliminated"}
    # the German squad hits the one-step T-34 on a 5 or 6 when it still stands: the Soviet
    # fire 15 (13-17), one right for the closed-top AFV with infantry (18-23), eliminates it
    # on a 6 (2M2); the German table fire (at most 1M2) takes its step from r1, the first
    # listed of the best morale
    assert report.unit_fates["t34"]["eliminated"] == F(5, 6) * F(1, 3)
    data = report.to_json()["unit_fates"]
    assert data["t34"]["chances"]["eliminated"]["exact"] == "5/18"  # type: ignore[index]


def test_a_side_the_table_spares_may_still_lose_its_afv_to_a_t_fire() -> None:
    """Both fire at once. A Soviet T-34 (fire 1, one step) assaults a German squad (fire 0,
    morale 7). The T-34's fire 1 (1-2) gives M on a 6 only; the squad's fire 0 finds no
    column: the T-34's result is always -. But the German infantry A-T fires at the T-34 after
    every result (Assault): a 5 or 6, 1/3, takes its one step. Attacker unharmed (no loss, no
    retreat): 2/3 on each result, 2/3 in all, not the 1 its "-" alone says. The squad's M is a
    morale check from good order: at worst demoralized (Morale), never a step: unharmed 1, not
    the 5/6 that counting a check as a loss gives."""
    s = situation(
        (Participant(unit("T-34", "afv", 1, 7, 1, "soviet", closed_top=True), id="t34"),),
        (Participant(squad(0, morale=7, nationality="german"), id="g"),),
    )
    report = RULESET.evaluate(s)
    rows = {o.code: o for o in report.outcome_list}
    assert {c: o.probability for c, o in rows.items()} == {
        "defender: - / attacker: -": F(5, 6),
        "defender: M / attacker: -": F(1, 6),
    }
    for row in rows.values():
        assert row.unharmed == {"attacker": F(2, 3), "defender": F(1)}
    assert unharmed_chance(report.outcome_list, "attacker") == F(2, 3)
    assert unharmed_chance(report.outcome_list, "defender") == F(1)


def test_defenders_who_fire_first_are_harmed_by_the_attackers_fire_after() -> None:
    """A dug-in squad (fire 0, morale 8) fires first (ACT): on no column, so its one outcome
    is "attacker: -", which names only what it did to the attackers. The attackers' squad
    (fire 30, good order) then fires on 30+: die 1 M2, 2-3 1M2, 4-5 2M2, 6 3M2: a step lost
    on 2-6. Defender unharmed 1/6, not the 1 the first fire alone says; attacker 1."""
    s = situation(
        (Participant(squad(30, morale=7), id="a"),),
        (Participant(squad(0, morale=8), id="d", status=UnitStatus(markers=DUG_IN)),),
    )
    report = RULESET.evaluate(s)
    (row,) = report.outcome_list
    assert (row.code, row.probability) == ("attacker: -", 1)
    assert row.unharmed == {"attacker": F(1), "defender": F(1, 6)}
    assert unharmed_chance(report.outcome_list, "defender") == F(1, 6)
