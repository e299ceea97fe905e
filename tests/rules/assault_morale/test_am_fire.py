"""Each side's direct fire value and every column shift, alone and together (ACT, ACT shift)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from am_helpers import RULESET, assault, side, situation, squad, unit

from hexcombat.rules.situation import Participant
from hexcombat.rules.status import UnitStatus
from meaning import one_says

BASE_COLUMN = 3  # fire 9: 9-12


def shifts(report_side: dict[str, object]) -> list[tuple[int, str]]:
    return [(s["shift"], s["reason"]) for s in report_side["shifts"]]  # type: ignore[attr-defined,index]


def columns(s) -> tuple[object, object]:  # type: ignore[no-untyped-def]
    a = assault(s)
    return a.attacker_fire, a.defender_fire


def test_no_shift_in_clear_terrain() -> None:
    att, dfn = columns(situation(side(squad()), side(squad())))
    assert (att.column_before, att.column, att.shifts) == (BASE_COLUMN, BASE_COLUMN, ())
    assert (dfn.column, dfn.shifts) == (BASE_COLUMN, ())


@pytest.mark.parametrize(
    ("terrain", "first_round", "shift"),
    [("woods", True, -1), ("woods", False, -1), ("town", False, -1),
     ("entrenchment", True, -1), ("entrenchment", False, 0), ("hill", True, 0)],
)  # fmt: skip
def test_the_defenders_terrain_shifts_the_attacker_left(
    terrain: str, first_round: bool, shift: int
) -> None:
    att, dfn = columns(situation(side(squad()), side(squad()), terrain, first_round=first_round))
    assert att.column == BASE_COLUMN + shift
    assert dfn.column == BASE_COLUMN
    if shift:
        assert [s.shift for s in att.shifts] == [-1]


def test_a_major_river_on_the_first_round_without_defending_engineers() -> None:
    crossing = (Participant(squad(), across="major-river"),)
    att, _ = columns(situation(crossing, side(squad()), first_round=True))
    assert [(s.shift, "major river" in s.reason) for s in att.shifts] == [(-1, True)]
    att, _ = columns(situation(crossing, side(squad()), first_round=False))
    assert att.shifts == ()
    att, _ = columns(situation(crossing, side(squad(engineer=True)), first_round=True))
    assert att.shifts == ()


def test_higher_morale_of_every_attacking_combat_unit() -> None:
    att, _ = columns(situation(side(squad(morale=8)), side(squad(morale=7))))
    assert [s.shift for s in att.shifts] == [1] and "higher morale" in att.shifts[0].reason
    # one attacker not above every defender: none
    att, _ = columns(situation(side(squad(morale=8), squad(0, morale=7)), side(squad(morale=7))))
    assert att.shifts == ()
    # a leader is not a combat unit: his lower morale does not count
    leader = unit("Lt", "leader", 0, 5, leader_modifier=0, leader_of="armour")
    att, _ = columns(situation(side(squad(morale=8), leader), side(squad(morale=7))))
    assert [s.shift for s in att.shifts] == [1]


@pytest.mark.parametrize(
    ("afv", "qualifies"),
    [
        (unit("T-34", "afv", 0, 7, 2, "soviet", closed_top=True), True),
        (unit("SU-76", "afv", 0, 7, 2, "soviet", closed_top=False), False),
        (unit("SU-76 Gd", "afv", 0, 7, 2, "soviet", closed_top=False, guard=True), True),
        (unit("SdKfz 251", "afv", 0, 7, 2, "german", closed_top=False), True),
    ],
)
def test_undemoralized_closed_top_afvs_with_infantry(afv, qualifies: bool) -> None:  # type: ignore[no-untyped-def]
    att, _ = columns(situation(side(squad(), afv), side(squad())))
    assert [s.shift for s in att.shifts] == ([1] if qualifies else [])
    # with only an HMG as infantry: none
    hmg = unit("HMG", "hmg", 9, 7, 1, "soviet")
    att, _ = columns(situation(side(hmg, afv), side(squad())))
    assert att.shifts == ()
    # the defender's own AFV and infantry shift the defender's column too
    _, dfn = columns(situation(side(squad()), side(squad(), afv)))
    assert [s.shift for s in dfn.shifts] == ([1] if qualifies else [])


def test_engineers_assaulting_a_town_or_entrenchment() -> None:
    for terrain in ("town", "entrenchment"):
        att, _ = columns(situation(side(squad(engineer=True)), side(squad()), terrain))
        assert sorted(s.shift for s in att.shifts) == [-1, 1]
        assert att.column == BASE_COLUMN
    att, _ = columns(situation(side(squad(engineer=True)), side(squad()), "woods"))
    assert [s.shift for s in att.shifts] == [-1]


def test_enemy_afvs_in_town_or_woods_without_dismounted_infantry() -> None:
    tank = unit("Pz IV", "afv", 9, 7, 2, "german")
    att, _ = columns(situation(side(squad()), side(tank), "woods"))
    assert sorted(s.shift for s in att.shifts) == [-1, 1]
    # with dismounted infantry (not an HMG) supporting them: only the woods
    att, _ = columns(situation(side(squad()), side(tank, squad(0, nationality="german")), "woods"))
    assert [s.shift for s in att.shifts] == [-1]
    # infantry riding the AFV does not support it, and is itself a target: +1 more
    riding = Participant(
        squad(0, nationality="german"), status=UnitStatus(markers=frozenset({"riding"}))
    )
    att, _ = columns(situation(side(squad()), (Participant(tank), riding), "woods"))
    assert sorted(s.shift for s in att.shifts) == [-1, 1, 1]
    att, _ = columns(situation(side(squad()), side(tank), "clear"))
    assert att.shifts == ()


def test_an_undemoralized_infantry_leader() -> None:
    leader = unit("Lt", "leader", 0, 8, leader_modifier=1, leader_of="infantry")
    att, _ = columns(situation(side(squad(), leader), side(squad(morale=8))))
    assert [(s.shift, s.reason) for s in att.shifts] == [(1, "an undemoralized infantry leader")]
    armour = unit("Capt", "leader", 0, 8, leader_modifier=1, leader_of="armour")
    tank = unit("T-34", "afv", 9, 7, 2, "soviet", closed_top=True)
    att, _ = columns(situation(side(tank, armour), side(squad(morale=8))))
    assert att.shifts == ()
    demoralized = Participant(leader, status=UnitStatus(state="demoralized"))
    _, dfn = columns(situation(side(squad()), (Participant(squad()), demoralized)))
    assert dfn.shifts == ()


def test_every_enemy_unit_demoralized() -> None:
    # (a demoralized defender's morale is one less: 6, the attacker's 6 is not higher)
    att, dfn = columns(situation(side(squad(morale=6)), side(squad(), state="demoralized")))
    assert [s.reason for s in att.shifts] == ["every enemy unit is demoralized"]
    # a demoralized defender fires at a quarter: 9/4
    assert dfn.fire == Fraction(9, 4) and dfn.column == 0


def test_charging_cavalry() -> None:
    cavalry = squad(cavalry=True)
    att, _ = columns(situation(side(cavalry), side(squad()), charging=True))
    assert [s.reason for s in att.shifts] == ["charging cavalry assaulting"]
    att, _ = columns(situation(side(cavalry), side(squad()), charging=False))
    assert att.shifts == ()
    att, _ = columns(situation(side(squad()), side(squad()), charging=True))
    assert att.shifts == ()


def test_the_defender_on_a_hill_higher_than_every_hex_the_attackers_came_from() -> None:
    def hill(defender_level: int | None, attacker_levels: list[int | None], first: bool = True):  # type: ignore[no-untyped-def]
        attackers = tuple(Participant(squad(), elevation=lv) for lv in attacker_levels)
        defenders = (Participant(squad(), elevation=defender_level),)
        return columns(situation(attackers, defenders, "hill", first_round=first))[1]

    assert [s.shift for s in hill(2, [1, 0]).shifts] == [1]
    assert hill(2, [1, 2]).shifts == ()  # one attacker came from as high
    assert hill(2, [1], first=False).shifts == ()
    assert hill(None, [1]).shifts == ()  # elevation not known: no shift
    assert hill(2, [None]).shifts == ()


def test_several_shifts_add_up() -> None:
    leader = unit("Lt", "leader", 0, 9, leader_modifier=1, leader_of="infantry")
    tank = unit("T-34", "afv", 0, 9, 2, "soviet", closed_top=True)
    s = situation(side(squad(morale=9), leader, tank), side(squad(morale=7)), "woods")
    att, _ = columns(s)
    assert sorted(sh.shift for sh in att.shifts) == [-1, 1, 1, 1]
    assert att.column == BASE_COLUMN + 2
    report = RULESET.evaluate(s)
    steps = [st for st in report.steps if st.kind == "shift"]
    assert len(steps) == 4 and {st.rule for st in steps} == {"ACT shift"}
    assert all(st.side == "attacker" for st in steps)
    assert report.payload["attacker"]["column_after_shifts"] == "18-23"  # type: ignore[index]
    assert len(shifts(report.payload["attacker"])) == 4  # type: ignore[arg-type]


def test_the_shifts_stop_at_the_tables_edges() -> None:
    leader = unit("Lt", "leader", 0, 9, leader_modifier=1, leader_of="infantry")
    s = situation(side(squad(40, morale=9), leader), side(squad(morale=7)))
    att, _ = columns(s)
    assert (att.column_before, att.column) == (7, 7)
    assert "last column, 30+" in att.clamped
    limits = [st for st in RULESET.evaluate(s).steps if st.kind == "limit"]
    assert [st.rule for st in limits] == ["ACT shift"]
    s = situation(side(squad(1)), side(squad()), "woods")
    att, _ = columns(s)
    assert (att.column_before, att.column) == (0, 0) and "first column, 1-2" in att.clamped


def test_hmg_and_aa_half_without_friendly_dismounted_infantry() -> None:
    for kind in ("hmg", "aa"):
        gun = unit(kind.upper(), kind, 8, 7, 1, "soviet")
        alone, _ = columns(situation(side(gun), side(squad())))
        assert alone.fire == 4
        assert one_says(alone.parts[0].why, names=["half", "without friendly dismounted infantry"])
        together, _ = columns(situation(side(gun, squad(2)), side(squad())))
        assert together.fire == 8 + 2
        riding = Participant(squad(2), status=UnitStatus(markers=frozenset({"riding"})))
        mounted, _ = columns(situation((Participant(gun), riding), side(squad())))
        assert mounted.fire == 4 + 2  # infantry riding an AFV is not dismounted
        hmgs, _ = columns(situation(side(gun, unit("HMG", "hmg", 2, 7, 1)), side(squad())))
        assert hmgs.fire == 4 + 1  # an HMG supports no other


def test_disrupted_and_reduced_units_fire_less() -> None:
    _, dfn = columns(situation(side(squad()), side(squad(8), state="disrupted")))
    assert dfn.fire == 4
    reduced = Participant(squad(8, steps=2), status=UnitStatus(steps_lost=1))
    _, dfn = columns(situation(side(squad()), (reduced,)))
    assert dfn.fire == 4 and "1 of 2 steps left" in dfn.parts[0].why
