"""Defenders who fire first (ACT: 'Results (Simultaneous unless defenders are entrenched or
dug-in)'): the defenders' whole result, its step losses, leader loss rolls, A-T fire and morale
checks, takes effect before the attackers fire, so an attacker it disrupts fires at half and
one it demoralizes not at all (Morale). The attackers' fire is then a follow-up, its step
losses the defenders' choices under best-morale-first and an AFV among two (ACT)."""

from __future__ import annotations

from fractions import Fraction

from am_helpers import RULESET, assault, side, situation, squad, unit

from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.situation import Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rulesets.assault_morale.fates import unit_fates

DUG_IN = frozenset({"dug-in"})


def test_a_dug_in_squad_against_one_squad_by_hand() -> None:
    """A squad (fire 8, morale 7, 2 steps) assaults a dug-in squad (fire 9, morale 8).
    The defenders fire 9 on 9-12: die 1-2 -, 3 M, 4 M1, 5 M2, 6 1M2. The attackers' check
    against 7: M holds on 2-7 21/36, disrupts on 8-9 9/36, demoralizes on 10+ 6/36; M1 15, 11,
    10; M2 10, 11, 15; after 1M2's step (fire 4) M2 again 10, 11, 15. So the attackers fire
      8 on 5-8: 2/6 + (21 + 15 + 10)/216 = 118/216 (good order, no step lost)
      4 on 3-4: (9 + 11 + 11 + 10)/216 = 41/216 (disrupted, or one step left)
      2 on 1-2: 11/216 (one step left and disrupted)
      none: (6 + 10 + 15 + 15)/216 = 46/216 (demoralized: may not fire).
    The defender holds its check against 8 on 2-8 26/36, with +1 on 2-7 21/36, +2 on 15/36:
      on 5-8 (1-3 -, 4 M, 5 M1, 6 M2): (108 + 26 + 21 + 15)/216 = 170/216
      on 3-4 (1-4 -, 5 M, 6 M1): (144 + 26 + 21)/216 = 191/216
      on 1-2 (1-5 -, 6 M): (180 + 26)/216 = 206/216.
    Good order: (118*170 + 41*191 + 11*206 + 46*216)/216^2 = 40093/46656 (with the morale
    checks after both fires it was 347/432)."""
    attackers = side(squad(8, morale=7))
    defenders = side(squad(9, morale=8), markers=DUG_IN)
    fates = unit_fates(assault(situation(attackers, defenders)))
    assert fates["defender-1"]["good-order"] == Fraction(40093, 46656)
    assert sum(fates["defender-1"].values()) == 1
    # the attackers' own fate is the defenders' result alone: good order
    # 2/6 + (21 + 15 + 10 + 0)/216; the 1M2's step leaves it in play
    assert fates["attacker-1"]["good-order"] == Fraction(72 + 46 + 10, 216)
    report = RULESET.evaluate(situation(attackers, defenders))
    columns = report.payload["attacker"]["column_chances"]  # type: ignore[index]
    assert columns == {
        "5-8": Fraction(118, 216),
        "3-4": Fraction(41, 216),
        "1-2": Fraction(11, 216),
        "no column": Fraction(46, 216),
    }
    on_defender = report.payload["attacker"]["result_chances"]  # type: ignore[index]
    assert on_defender["M2"] == Fraction(118, 216) / 6


def test_the_attackers_fire_after_their_morale_checks_with_what_is_left() -> None:
    attackers = (
        Participant(squad(10, morale=8, steps=1), id="a1"),
        Participant(squad(10, morale=7, steps=1), id="a2"),
    )
    defending = (Participant(squad(30, morale=7, nationality="german"), id="d"),)
    dug = RULESET.evaluate(situation(attackers, defending, "entrenchment"))
    first = RULESET.resolve(dug, ScriptedDice([3]))  # 1M2: a1's step, then M2 checks
    standing = {"a2": UnitStatus(), "d": UnitStatus()}  # a1 lost its only step
    follow = RULESET.follow_ups(dug, first, standing)
    assert [(f.key, f.kind, f.modifier) for f in follow] == [
        ("morale:a2", "morale-check", 2),
        ("fire:attacker", "assault-fire", 0),
    ]
    fire = follow[-1]
    assert (fire.side, fire.rule, fire.die.purpose) == ("attacker", "ACT", "attacker's table die")  # type: ignore[union-attr]
    # a2 holds: fire 10 on 9-12, one left for the entrenchment: 5-8 (1-3 -, 4 M, 5 M1, 6 M2)
    chances = {o.code: o.probability for o in RULESET.follow_up_chances(dug, fire, standing)}
    assert chances == {"-": Fraction(1, 2), "M": Fraction(1, 6), "M1": Fraction(1, 6),
                       "M2": Fraction(1, 6)}  # fmt: skip
    # a2 disrupted: fire 5 on 5-8, one left: 3-4 (1-4 -, 5 M, 6 M1)
    shaken = {**standing, "a2": UnitStatus(state="disrupted")}
    chances = {o.code: o.probability for o in RULESET.follow_up_chances(dug, fire, shaken)}
    assert chances == {"-": Fraction(4, 6), "M": Fraction(1, 6), "M1": Fraction(1, 6)}
    # a2 demoralized: it may not fire, the attackers fire to no effect
    broken = {**standing, "a2": UnitStatus(state="demoralized")}
    assert {o.code: o.probability for o in RULESET.follow_up_chances(dug, fire, broken)} == {"-": 1}
    fired = RULESET.resolve_follow_up(dug, fire, standing, ScriptedDice([6]))
    assert fired.code == "M2"
    assert [r.purpose for r in fired.rolls] == ["attacker's table die"]
    assert [(f.key, f.modifier) for f in fired.more] == [("morale:d", 2)]


def test_the_attackers_step_losses_are_the_defenders_choices_under_the_rule() -> None:
    """The attackers' 2M2 on dug-in defenders: two steps from the combat units, the first
    from the best morale, one from the AFV when the first did not take it (ACT)."""
    tank = Participant(
        unit("T-34", "afv", 0, 6, 2, "soviet"), id="t34", status=UnitStatus(markers=DUG_IN)
    )
    rifles = Participant(squad(0, morale=8), id="r")
    lt = Participant(unit("Lt", "leader", 0, 9, 1, "soviet", leader_modifier=1), id="lt")
    attackers = (Participant(squad(30, morale=9, nationality="german"), id="g"),)
    report = RULESET.evaluate(situation(attackers, (rifles, tank, lt)))
    first = RULESET.resolve(report, ScriptedDice([1]))  # the defenders' fire 0: nothing
    assert first.code == "attacker: -"
    standing = {p: UnitStatus() for p in ("g", "r", "t34", "lt")}
    (fire,) = RULESET.follow_ups(report, first, standing)
    fired = RULESET.resolve_follow_up(report, fire, standing, ScriptedDice([4]))  # 30+: 2M2
    assert fired.code == "2M2"
    loss = fired.more[0]
    assert (loss.kind, loss.choices, loss.chooser, loss.die) == (
        "step-loss",
        ("r",),
        "defender",
        None,
    )
    assert [f.key for f in fired.more[1:]] == [
        "leader-loss:lt", "anti-tank:defender", "morale:r", "morale:t34", "morale:lt"
    ]  # fmt: skip
    assert fired.more[1].modifier == -2  # two steps inflicted
    took = RULESET.resolve_follow_up(report, loss, standing, ScriptedDice([]), "r")
    assert [(e.kind, e.targets, e.amount) for e in took.effects] == [("lose-steps", ("r",), 1)]
    (second,) = took.more
    assert second.choices == ("t34",)  # the AFV must take one of the two
    standing["r"] = UnitStatus(steps_lost=1)
    last = RULESET.resolve_follow_up(report, second, standing, ScriptedDice([]), "t34")
    assert last.more == ()
