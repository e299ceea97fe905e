"""A ruleset file played by the engine: each strength factor, shift, DRM, limit and effect alone
and together, each table shape at its edges, and the exact chances against a hand count.

The river-crossing file (data/river-crossing.toml) is an odds table on one d6, columns 1:2 to
6:1, below AE, above the 6:1 column; woods double the defence (7.2), a town shifts one column
left (7.2), a river halves each unit attacking across it and gives -1 when all cross (8.3),
surprise +1 column (9.1), an elite attacker +1 DRM (9.2), armour with infantry +1 column (9.3);
shifts held within -2..+2 and DRMs within -1..+1 (7.5)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from datafile_helpers import BARRAGE, RIDGE, combat, disrupted, ruleset, unit, variant

from hexcombat.rules.dice import ScriptedDice, SeededDice
from hexcombat.rules.errors import IllegalAttackError, RulesError, UnitDataError
from hexcombat.rules.report import Report, drm_chances, odds_column
from hexcombat.rules.situation import Participant

SIXTH = Fraction(1, 6)


def drm_of(report: Report) -> int:
    """The report's DRM (certain in a ruleset file: a single value)."""
    (drm,) = drm_chances(report)
    return drm


def rules_cited(report) -> list[str]:  # type: ignore[no-untyped-def]
    return [s.rule for s in report.steps]


def test_odds_are_rounded_in_the_defenders_favour() -> None:
    """8 against 3 is 2.67 : 1, read on 2:1; 3 against 8 is 1 : 2.67, read as 1:3, below the
    lowest column (1:2): the attacker is eliminated (AE) whatever the roll."""
    r = ruleset()
    report = r.evaluate(combat([unit("A", 8, 1)], [unit("D", 1, 3)]))
    assert report.payload["column"] == "2:1" and odds_column(report) == "2:1"
    # the 2:1 column on a d6: 1 DR, 2 AR, 3-4 AR, 5 AR, 6 AE
    assert report.outcomes == {"DR": SIXTH, "AR": 4 * SIXTH, "AE": SIXTH}
    low = r.evaluate(combat([unit("A", 3, 1)], [unit("D", 1, 8)]))
    assert low.outcomes == {"AE": 1}
    assert low.payload["column"] == "AE"


def test_above_the_highest_column_reads_it_when_the_file_says_column(tmp_path: Path) -> None:
    """13 : 1 reads the 6:1 column (above = "column"); with above = "DE" it is DE for certain."""
    situation = combat([unit("A", 13, 1)], [unit("D", 1, 1)])
    report = ruleset().evaluate(situation)
    # 6:1: 1 DE, 2 DE, 3-4 DR, 5 DR, 6 DD
    assert report.outcomes == {"DE": 2 * SIXTH, "DR": 3 * SIXTH, "DD": SIXTH}
    above = ruleset(variant(tmp_path, 'above = "column"', 'above = "DE"'))
    assert above.evaluate(situation).outcomes == {"DE": 1}


def test_woods_double_the_defence_and_a_river_halves_each_unit_across_it() -> None:
    """7.2: a defence of 3 in woods is 6; 8.3: an attack of 5 across the river is 2.5, with 6
    not across: 8.5 rounded down is 8. 8 : 6 is 1:1 (1.33 rounded down)."""
    r = ruleset()
    across = Participant(unit("A1", 5, 1), across="river")
    report = r.evaluate(combat([across, unit("A2", 6, 1)], [unit("D", 1, 3)], "woods"))
    assert report.totals["attack_strength"] == 8 and report.totals["defence_strength"] == 6
    assert report.payload["column"] == "1:1"
    assert {"7.2", "8.3"} <= set(rules_cited(report))
    assert drm_of(report) == 0  # not every attacker crosses: no -1 (8.3 "all")


def test_every_attacker_across_the_river_gives_its_drm() -> None:
    """8.3: all across: -1."""
    r = ruleset()
    report = r.evaluate(combat([Participant(unit("A", 8, 1), across="river")], [unit("D", 1, 2)]))
    assert drm_of(report) == -1
    assert any(s.rule == "8.3" and s.drm == -1 for s in report.steps)


def test_a_terrain_shift_moves_the_column_left() -> None:
    """7.2: a town: 3:1 read one column left, on 2:1."""
    report = ruleset().evaluate(combat([unit("A", 9, 1)], [unit("D", 1, 3)], "town"))
    assert report.payload["column"] == "2:1" and report.payload["shift"] == -1


def test_a_condition_and_a_two_type_situation_shift_right_together() -> None:
    """9.1 surprise +1 and 9.3 armour with infantry +1: 2:1 read on 4:1."""
    attackers = [unit("Inf", 4, 1), unit("Arm", 4, 1, "armour")]
    report = ruleset().evaluate(combat(attackers, [unit("D", 1, 4)], surprise=True))
    assert report.payload["column"] == "4:1"
    assert {"9.1", "9.3"} <= set(rules_cited(report))
    alone = ruleset().evaluate(combat([unit("Arm", 8, 1, "armour")], [unit("D", 1, 4)]))
    assert alone.payload["column"] == "2:1"  # armour without infantry: no 9.3


def test_shifts_are_held_within_the_limits(tmp_path: Path) -> None:
    """7.5 with shift_max = 1: +2 of shifts count +1, and a step says so citing 7.5."""
    r = ruleset(variant(tmp_path, "shift_max = 2", "shift_max = 1"))
    attackers = [unit("Inf", 4, 1), unit("Arm", 4, 1, "armour")]
    report = r.evaluate(combat(attackers, [unit("D", 1, 4)], surprise=True))
    assert report.payload["column"] == "3:1"
    assert any(s.rule == "7.5" and s.kind == "limit" for s in report.steps)


def test_a_drm_changes_the_row_and_the_modified_total_is_held_within_the_rows() -> None:
    """9.2 an elite attacker +1. The 1:1 column: 1 AR, 2 AR, 3-4 AR, 5 AE, 6 AE. Without the
    DRM: AR 4/6, AE 2/6; with +1 the faces 1-3 read 2-4 (AR), 4-6 read 5, 6 and 7 held to 6
    (AE): AR 3/6, AE 3/6."""
    r = ruleset()
    plain = r.evaluate(combat([unit("A", 4, 1)], [unit("D", 1, 4)]))
    assert plain.outcomes == {"AR": 4 * SIXTH, "AE": 2 * SIXTH}
    elite = r.evaluate(combat([unit("A", 4, 1, elite=True)], [unit("D", 1, 4)]))
    assert drm_of(elite) == 1
    assert elite.outcomes == {"AR": 3 * SIXTH, "AE": 3 * SIXTH}
    result = r.resolve(elite, ScriptedDice([6]))
    assert (result.table_roll().die, result.table_roll().modified_roll, result.code) == (6, 6, "AE")


DISRUPTED_MODIFIER = (
    '[[modifiers]]\nrule = "10.1"\ntext = "a disrupted attacker: -1"\n'
    'when = [{ kind = "state-present", side = "attacker", state = "disrupted" }]\n'
    "drm = -1\n\n[limits]"
)


def test_drms_are_held_within_the_limits(tmp_path: Path) -> None:
    """7.5 (DRMs within -1..+1): a disrupted attacker (-1) all across the river (-1) is -2,
    held to -1, and a step says so citing 7.5."""
    r = ruleset(variant(tmp_path, "[limits]", DISRUPTED_MODIFIER))
    across = Participant(unit("A", 8, 1), across="river", status=disrupted(unit("A", 8, 1)).status)
    report = r.evaluate(combat([across], [unit("D", 1, 2)]))
    assert drm_of(report) == -1
    assert [s.drm for s in report.steps if s.drm] == [-1, -1]
    assert any(s.rule == "7.5" and s.kind == "limit" for s in report.steps)


def test_a_shift_past_the_lowest_column_falls_below_the_table() -> None:
    """1:2 in a town: one column left of the lowest is below: AE for certain."""
    report = ruleset().evaluate(combat([unit("A", 2, 1)], [unit("D", 1, 4)], "town"))
    assert report.outcomes == {"AE": 1}


def test_a_prohibited_terrain_and_an_undeclared_one_are_refused() -> None:
    r = ruleset()
    with pytest.raises(IllegalAttackError) as swamp:
        r.evaluate(combat([unit("A", 4, 1)], [unit("D", 1, 4)], "swamp"))
    assert swamp.value.rule == "8.2"
    with pytest.raises(IllegalAttackError) as moon:
        r.evaluate(combat([unit("A", 4, 1)], [unit("D", 1, 4)], "moon"))
    assert moon.value.rule == "7.3"
    with pytest.raises(IllegalAttackError):
        r.evaluate(combat([unit("A", 4, 1)], [unit("D", 1, 4)], fog=True))


def test_a_unit_without_the_strength_or_of_an_unknown_type_is_refused() -> None:
    r = ruleset()
    with pytest.raises(UnitDataError):
        r.evaluate(combat([unit("A", None, 1)], [unit("D", 1, 4)]))
    with pytest.raises(UnitDataError):
        r.evaluate(combat([unit("A", 4, 1, "cavalry")], [unit("D", 1, 4)]))
    with pytest.raises(RulesError):
        r.evaluate(combat([unit("A", 4, 1)], [unit("D", 1, 4)], ruleset_id="total-war"))


def test_reach_is_the_units_range() -> None:
    """A unit of range 2 attacks from two hexes, not three; reach from its counter."""
    r = ruleset()
    gun = unit("Gun", 4, 1, "artillery", range_=2)
    assert r.attack_range(gun) == 2 and r.reach_refusal(gun, 2) is None
    assert r.reach_refusal(gun, 3) is not None
    r.evaluate(combat([Participant(gun, range=2)], [unit("D", 1, 4)]))
    with pytest.raises(IllegalAttackError):
        r.evaluate(combat([Participant(gun, range=3)], [unit("D", 1, 4)]))


# --- results as effects --------------------------------------------------------------------


def resolved(roll: int, attackers: list, defenders: list, terrain: str = "clear"):  # type: ignore[no-untyped-def]
    r = ruleset()
    report = r.evaluate(combat(attackers, defenders, terrain))
    return r, report, r.resolve(report, ScriptedDice([roll]))


def policy_of(r, report, result):  # type: ignore[no-untyped-def]
    return r.loss_policy(report, result)


def test_an_elimination_eliminates_the_side() -> None:
    """1:1, a 6: AE; the player ticks every attacker (the game eliminates the units ticked)."""
    r, report, result = resolved(6, [unit("A", 4, 1), unit("B", 2, 1)], [unit("D", 1, 6)])
    assert policy_of(r, report, result).suggested() == ["attacker-1", "attacker-2"]
    assert result.code == "AE"
    assert [(e.kind, e.side, e.rule) for e in result.effects] == [("eliminate", "attacker", "7.4")]
    assert result.attacker.eliminated


def test_a_retreat_says_how_far_and_who_chooses_and_the_winner_may_advance() -> None:
    """3:1, a 1: DR, the defender retreats 2 hexes, the attacker choosing; advance 1."""
    _r, _report, result = resolved(1, [unit("A", 12, 1)], [unit("D", 1, 4)])
    assert result.code == "DR"
    retreat, advance = result.effects
    assert (retreat.kind, retreat.side, retreat.amount) == ("retreat", "defender", 2)
    assert "the enemy choosing" in retreat.text
    assert (advance.kind, advance.side, advance.amount) == ("advance", "attacker", 1)
    assert result.defender.retreat_hexes == 2 and result.advance


def test_strength_points_and_a_state() -> None:
    """6:1, a 6: DD, the defender loses 2 strength points and is disrupted; its owner picks
    whole units that make up 2 (the 2, not the 3)."""
    d1, d2 = unit("D1", 1, 3), unit("D2", 1, 2)
    r, report, result = resolved(6, [unit("A", 30, 1)], [d1, d2])
    assert result.code == "DD"
    kinds = [(e.kind, e.side, e.amount, e.state) for e in result.effects]
    assert policy_of(r, report, result).offered("attacker") == []
    assert kinds == [("lose-points", "defender", 2, ""), ("set-state", "defender", 0, "disrupted")]
    policy = r.loss_policy(report, result)
    assert policy.kind == "strength-points"
    assert policy.needed("defender", []) == 2 and policy.suggested() == ["defender-2"]
    assert policy.problems(["defender-2"]) == []
    assert policy.problems([]) and policy.problems(["defender-1", "defender-2"])


def test_an_exchange_eliminates_one_side_and_costs_the_other_as_many_points() -> None:
    """3:1, a 3: EX: the defender (defence 4) is eliminated, the attacker loses at least 4."""
    r, report, result = resolved(3, [unit("A1", 9, 1), unit("A2", 3, 1)], [unit("D", 1, 4)])
    assert result.code == "EX"
    assert [(e.kind, e.side, e.amount) for e in result.effects] == [
        ("eliminate", "defender", 0),
        ("lose-points", "attacker", 4),
    ]
    policy = r.loss_policy(report, result)
    assert policy.needed("attacker", []) == 4 and policy.offered("defender") == ["defender-1"]
    # the defender all; of the attackers 3 is not enough, 9 is the least that is
    assert policy.suggested() == ["attacker-1", "defender-1"]
    assert policy.problems(["attacker-1", "defender-1"]) == []
    assert policy.problems(["attacker-1"]) == ["every unit of the defender is eliminated (7.4)"]
    assert policy.problems(["attacker-1", "attacker-2", "defender-1"])  # a unit more than asked


def test_step_losses_in_a_step_game() -> None:
    """Ridge line, difference 3 (column 3..5), 2d6 = 12: DL2, the defender loses 2 steps and
    the attacker may advance; the steps are chosen by the contract's step policy."""
    r = ruleset(RIDGE)
    situation = combat(
        [unit("A", 5, 1, steps=2)], [unit("D", 1, 2, steps=3)], ruleset_id="ridge-line"
    )
    report = r.evaluate(situation)
    result = r.resolve(report, ScriptedDice([6, 6]))
    assert result.code == "DL2" and result.table_roll().die == 12
    assert [(e.kind, e.amount) for e in result.effects] == [("lose-steps", 2), ("advance", 1)]
    policy = r.loss_policy(report, result)
    assert policy.kind == "steps" and policy.suggested() == ["defender-1", "defender-1"]


# --- table shapes and exact chances ------------------------------------------------------


def test_a_differential_on_2d6_against_a_hand_count() -> None:
    """Difference 0 (column "0"): rows 2-4 AL, 5-7 NE, 8-10 DR, 11-12 DL. 2d6: totals 2-4 come
    1+2+3 = 6 ways, 5-7 4+5+6 = 15, 8-10 5+4+3 = 12, 11-12 2+1 = 3, of 36. In hills (-1): 2-5
    AL (1+2+3+4 = 10; 2 stays 2, held to the rows), 6-8 NE... 1 lower each: totals 2-5 read
    AL (10), 6-8 read NE (5+6+5 = 16), 9-11 read DR (4+3+2 = 9), 12 reads DL (1)."""
    r = ruleset(RIDGE)
    a, d = unit("A", 4, 1, steps=2), unit("D", 1, 4, steps=2)
    report = r.evaluate(combat([a], [d], ruleset_id="ridge-line"))
    assert report.payload["column"] == "0"
    assert report.outcomes == {
        "AL": Fraction(6, 36),
        "NE": Fraction(15, 36),
        "DR": Fraction(12, 36),
        "DL": Fraction(3, 36),
    }
    hills = r.evaluate(combat([a], [d], "hills", ruleset_id="ridge-line"))
    assert hills.outcomes == {
        "AL": Fraction(10, 36),
        "NE": Fraction(16, 36),
        "DR": Fraction(9, 36),
        "DL": Fraction(1, 36),
    }


def test_differential_ends_below_and_above() -> None:
    """-3 is below the first column (-2..-1): AL for certain; +9 above the last reads 3..5."""
    r = ruleset(RIDGE)
    below = r.evaluate(
        combat([unit("A", 1, 1, steps=2)], [unit("D", 1, 4, steps=2)], ruleset_id="ridge-line")
    )
    assert below.outcomes == {"AL": 1}
    above = r.evaluate(
        combat([unit("A", 13, 1, steps=2)], [unit("D", 1, 4, steps=2)], ruleset_id="ridge-line")
    )
    assert above.payload["column"] == "3..5"


def test_a_fire_table_on_d66_against_a_hand_count() -> None:
    """Fire 7 (6..9): 11-26 D, 31-46 L, 51-66 LD, each 12 of the 36 d66 rolls; a 5 then a 2
    is 52: LD, a step lost and disrupted. In a bunker the fire is halved: 3.5 kept exact (the
    file rounds "exact"), column 3..5."""
    r = ruleset(BARRAGE)
    gun = unit("Gun", None, None, "artillery", steps=2, range_=2, fire=7)
    target = unit("Inf", None, None, steps=2)
    situation = combat([Participant(gun, range=2)], [target], ruleset_id="barrage")
    report = r.evaluate(situation)
    third = Fraction(1, 3)
    assert report.outcomes == {"D": third, "L": third, "LD": third}
    assert [d.name for d in report.dice] == ["2d6"]
    result = r.resolve(report, ScriptedDice([5, 2]))
    assert (result.table_roll().die, result.code) == (52, "LD")
    assert [(e.kind, e.state) for e in result.effects] == [
        ("lose-steps", ""),
        ("set-state", "disrupted"),
    ]
    bunker = r.evaluate(
        combat([Participant(gun, range=2)], [target], "bunker", ruleset_id="barrage")
    )
    assert bunker.totals["attack_strength"] == Fraction(7, 2) and bunker.payload["column"] == "3..5"
    zero = unit("Dud", None, None, steps=1, fire=0)
    assert r.evaluate(combat([zero], [target], ruleset_id="barrage")).outcomes == {"NE": 1}


def test_a_state_condition_reads_the_units_in_play(tmp_path: Path) -> None:
    """A modifier on a disrupted attacker (state-present) gives its DRM only when one is."""
    path = variant(tmp_path, "[limits]", DISRUPTED_MODIFIER)
    r = ruleset(path)
    assert drm_of(r.evaluate(combat([unit("A", 4, 1)], [unit("D", 1, 4)]))) == 0
    assert drm_of(r.evaluate(combat([disrupted(unit("A", 4, 1))], [unit("D", 1, 4)]))) == -1


def test_resolution_rolls_what_the_preview_promised() -> None:
    """Over seeded dice, every result rolled is one the report gave a chance to."""
    r = ruleset()
    report = r.evaluate(combat([unit("A", 9, 1, elite=True)], [unit("D", 1, 4)], "woods"))
    for seed in range(40):
        assert r.resolve(report, SeededDice(seed)).code in report.outcomes


def test_an_odds_table_has_what_if_columns() -> None:
    """8 against 4 is 2:1; 4 factors more on the attacker reach 3:1 (12 : 4), 1 fewer drops to
    1:1 (7 : 4 is 1.75, rounded down); the chances there are the file's columns (3:1: DR 2/6,
    EX 2/6, AR 2/6)."""
    from hexcombat.rules.what_if import what_if

    r = ruleset()
    report = r.evaluate(combat([unit("A", 8, 1)], [unit("D", 1, 4)]))
    figures = what_if(report, r.evaluate, r.vocabulary)
    assert figures is not None and figures.column == "2:1"
    assert figures.up is not None and (figures.up.factors, figures.up.column) == (4, "3:1")
    assert {o.code: o.probability for o in figures.up.outcomes} == {
        "DR": 2 * SIXTH,
        "EX": 2 * SIXTH,
        "AR": 2 * SIXTH,
    }
    assert figures.down is not None and (figures.down.factors, figures.down.column) == (-1, "1:1")


def test_a_low_total_with_a_negative_drm_is_held_to_the_lowest_row() -> None:
    """Every attacker across the river: -1 (8.3). 8 halved to 4 against 2 is 2:1, whose column
    reads 1 DR, 2-5 AR, 6 AE; with -1 a 1 reads 0, held to row 1 (DR), a 2 reads 1 (DR), 3-6
    read 2-5 (AR): DR 2/6, AR 4/6, no AE."""
    r = ruleset()
    report = r.evaluate(combat([Participant(unit("A", 8, 1), across="river")], [unit("D", 1, 2)]))
    assert report.payload["column"] == "2:1" and drm_of(report) == -1
    assert report.outcomes == {"DR": 2 * SIXTH, "AR": 4 * SIXTH}
    result = r.resolve(report, ScriptedDice([1]))
    assert (result.table_roll().die, result.table_roll().modified_roll, result.code) == (1, 1, "DR")


def test_a_fire_total_above_the_last_column_reads_it() -> None:
    """Fire 12 is above 6..9: the file's above = "column" reads 6..9."""
    r = ruleset(BARRAGE)
    gun = unit("Gun", None, None, "artillery", steps=2, fire=12)
    report = r.evaluate(combat([gun], [unit("Inf", None, None, steps=2)], ruleset_id="barrage"))
    assert report.payload["column"] == "6..9"
    assert report.outcomes == {"D": Fraction(1, 3), "L": Fraction(1, 3), "LD": Fraction(1, 3)}


def test_a_retreat_the_owner_chooses_says_so() -> None:
    """Ridge line, DR: the defender retreats a hex, its owner choosing the path (D3)."""
    r = ruleset(RIDGE)
    a, d = unit("A", 4, 1, steps=2), unit("D", 1, 4, steps=2)
    report = r.evaluate(combat([a], [d], ruleset_id="ridge-line"))
    result = r.resolve(report, ScriptedDice([4, 4]))  # 8 on column "0": DR
    (retreat,) = result.effects
    assert (result.code, retreat.kind, retreat.amount) == ("DR", "retreat", 1)
    assert "its owner choosing" in retreat.text


def test_each_side_rolls_its_own_die_and_the_row_is_their_total(tmp_path: Path) -> None:
    """Ridge line with the attacker's d6 and the defender's d6 as two entries: the rows read
    their total (the same chances as 2d6, test_a_differential_on_2d6_against_a_hand_count),
    each die asked for by its own name and rolled by its own side."""
    path = variant(
        tmp_path,
        'name = "combat dice"\nsides = 6\ncount = 2\nside = "attacker"\nrule = "D2"\n',
        'name = "attacker\'s die"\nsides = 6\nside = "attacker"\nrule = "D2"\n\n'
        '[[dice]]\nname = "defender\'s die"\nsides = 6\nside = "defender"\nrule = "D2"\n',
        RIDGE,
    )
    r = ruleset(path)
    a, d = unit("A", 4, 1, steps=2), unit("D", 1, 4, steps=2)
    report = r.evaluate(combat([a], [d], ruleset_id="ridge-line"))
    assert report.outcomes["DL"] == Fraction(3, 36) and report.outcomes["AL"] == Fraction(6, 36)
    assert [(die.purpose, die.side) for die in report.dice] == [
        ("attacker's die", "attacker"),
        ("defender's die", "defender"),
    ]
    asked: list[str] = []

    class Asking:
        def roll(self, sides: int = 6, purpose: str = "") -> int:
            asked.append(purpose)
            return 6

    result = r.resolve(report, Asking())
    assert asked == ["attacker's die", "defender's die"]
    assert (result.table_roll().die, result.code) == (12, "DL")
    assert [(roll.purpose, roll.side, roll.faces) for roll in result.rolls] == [
        ("attacker's die", "attacker", (6,)),
        ("defender's die", "defender", (6,)),
    ]
