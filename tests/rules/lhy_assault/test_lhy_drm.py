"""The assault DRM of The Last Hundred Yards (Assault, Assault DRM): each per-unit value and each
situational DRM alone, the cohesion difference and the total at the edges of their limits, and
the counting limits. Golden numbers are the aid's."""

from __future__ import annotations

from dataclasses import replace

import pytest
from lhy_strategies import assault, part, unit

from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import CountedUnits, Report, final_drm
from hexcombat.rules.situation import Conditions, Participant
from hexcombat.rulesets.lhy_assault.assault import unit_drm
from meaning import says

LHY = get_ruleset("lhy-assault")


def value(kind: str, nationality: str = "us", *markers: str, date: str | None = None,
          lost: int = 0, **rules: int) -> int:  # fmt: skip
    """A unit's own assault DRM (Assault DRM)."""
    p = part(unit(kind, nationality, **rules), *markers, lost=lost)
    return unit_drm(p, Conditions(date=date))[0]


@pytest.mark.parametrize(
    ("kind", "nationality", "markers", "date", "lost", "rules", "drm"),
    [
        ("squad", "us", (), None, 0, {}, 2),  # squad +2
        ("fp", "us", (), None, 0, {}, 2),  # FP +2
        ("section", "us", (), None, 0, {}, 0),
        ("mg", "german", (), "1943-09", 0, {}, 0),  # not after 9/43 yet
        ("mg", "german", (), "1943-10", 0, {}, 2),  # German MG after 9/43 +2
        ("section", "german", (), "1944-06", 0, {}, 2),  # German section after 9/43 +2
        ("section", "russian", (), None, 0, {}, 0),
        ("section", "russian", (), None, 1, {}, 2),  # reduced Russian section +2
        ("section", "japanese", (), None, 1, {}, 2),  # reduced Japanese section +2
        ("afv", "us", (), None, 0, {"atv": 0}, 1),  # ATV >= 0 +1
        ("afv", "us", (), None, 0, {"atv": -1}, 0),
        ("squad", "german", (), "1944-01", 0, {}, 3),  # German squad after 9/43 +2 +1
        ("fp", "german", (), "1944-01", 0, {}, 3),  # German FP after 9/43 +2 +1
        ("squad", "german", (), None, 0, {}, 2),  # no date: not after 9/43
        ("section", "us", ("heroic",), None, 0, {}, 1),  # Heroic +1
        ("afv", "us", (), None, 0, {"av": 3}, 1),  # AV > 2 +1
        ("afv", "us", (), None, 0, {"av": 2}, 0),
        ("squad", "japanese", (), None, 0, {}, 3),  # Japanese squad +2 +1
        ("squad", "russian", (), None, 1, {}, 3),  # reduced Russian squad +2 +1
        ("afv", "us", ("heroic",), None, 0, {"av": 4, "atv": 2}, 2),  # one +1 per row
    ],
)
def test_each_per_unit_value(kind, nationality, markers, date, lost, rules, drm) -> None:  # type: ignore[no-untyped-def]
    assert value(kind, nationality, *markers, date=date, lost=lost, **rules) == drm


def squad(nationality: str = "us", cohesion: int = 5, *markers: str, **kw: object):  # type: ignore[no-untyped-def]
    return part(unit("squad", nationality, cohesion=cohesion, company=1), *markers, **kw)


def counted(report: Report) -> list[str]:
    """The attackers the counting limits picked (the report's :class:`CountedUnits`)."""
    found = report.feature(CountedUnits)
    assert found is not None, "an assault report declares its counted units"
    return list(found.attacker)


def drm_of(attackers, defenders, **conditions) -> int:  # type: ignore[no-untyped-def]
    return final_drm(LHY.evaluate(assault(attackers, defenders, **conditions)))


def test_attackers_add_and_defenders_subtract_their_values() -> None:
    assert drm_of([squad()], [squad()]) == 0  # +2 - 2, equal cohesion
    assert drm_of([squad(), squad()], [squad()]) == 2


@pytest.mark.parametrize(
    ("attacking", "defending", "drm"),
    [(8, 5, 3), (9, 5, 3), (5, 8, -3), (5, 9, -3), (6, 5, 1)],
)
def test_the_cohesion_difference_is_limited_to_three(attacking, defending, drm) -> None:  # type: ignore[no-untyped-def]
    assert drm_of([squad(cohesion=attacking)], [squad(cohesion=defending)]) == drm


def test_no_cohesion_difference_without_a_combat_unit_on_both_sides() -> None:
    towed = part(unit("towed-gun", "us", cohesion=1))
    mg = part(unit("mg", "us", cohesion=9, company=1))
    # the MG alone (no per-unit value) against a towed gun with cohesion 1: no difference
    assert drm_of([mg], [towed]) == 0


def test_the_total_is_limited_to_four_as_its_own_step() -> None:
    report = LHY.evaluate(
        assault([squad(cohesion=9), squad(cohesion=9)], [squad(cohesion=5)], envelopment=True)
    )  # +4 -2 +3 +2 = +7
    assert final_drm(report) == 4 and report.payload["drm_before_limit"] == 7
    limit = [s for s in report.steps if s.kind == "limit"]
    assert len(limit) == 1 and limit[0].drm == -3 and limit[0].rule == "Assault"
    low = LHY.evaluate(assault([squad(cohesion=2)], [squad(cohesion=9)], terrain="urban-building"))
    assert final_drm(low) == -4 and low.payload["drm_before_limit"] == -5  # +2 -2 -3 -2
    four = LHY.evaluate(assault([squad(cohesion=7), squad(cohesion=5)], [squad(cohesion=5)]))
    assert final_drm(four) == 4 and not [s for s in four.steps if s.kind == "limit"]  # +4 -2 +2
    five = LHY.evaluate(assault([squad(cohesion=8), squad(cohesion=5)], [squad(cohesion=5)]))
    assert final_drm(five) == 4 and [s.drm for s in five.steps if s.kind == "limit"] == [-1]


def test_the_situational_drms_each_alone() -> None:
    base = drm_of([squad()], [squad()])
    assert base == 0
    assert drm_of([squad()], [squad()], terrain="urban-building") == -2
    assert drm_of([squad(elevation=0)], [squad(elevation=1)]) == -1  # up hill
    assert drm_of([squad(elevation=1)], [squad(elevation=1)]) == 0
    assert drm_of([squad()], [squad("us", 5, "concealed")]) == -1
    assert drm_of([squad()], [squad("us", 5, "ip")]) == -1
    assert drm_of([squad(across="wall")], [squad()]) == -1
    assert drm_of([squad(across="hedgerow")], [squad()]) == 0  # no DRM for a hedgerow
    assert drm_of([squad()], [squad()], terrain="rural-building") == -1
    assert drm_of([squad(across="wall")], [squad("us", 5, "ip")], terrain="rural-building") == -1
    other_company = part(unit("squad", "us", cohesion=5, company=2))
    # fragmented: +2 more for the second squad, -1 for two companies
    assert drm_of([squad(), other_company], [squad()]) == 2 - 1
    assert drm_of([squad()], [squad("us", 5, "regrouping")]) == 1
    assert drm_of([squad()], [squad()], envelopment=True) == 2


def test_vehicles_in_motion_cost_their_side_one() -> None:
    afv = unit("afv", "us", av=1)
    assert drm_of([squad(), part(afv)], [squad()]) == 0
    assert drm_of([squad(), part(afv, "in-motion")], [squad()]) == -1
    assert drm_of([squad()], [squad(), part(afv)]) == 0
    assert drm_of([squad()], [squad(), part(afv, "in-motion")]) == 1


def test_heroic_against_an_fp() -> None:
    fp = part(unit("fp", "us", cohesion=5))
    # the heroic squad's own +1, and +1 against the FP; an FP has no cohesion difference
    assert drm_of([squad("us", 5, "heroic")], [fp]) == 3 - 2 + 1
    assert drm_of([squad("us", 5, "heroic")], [squad()]) == 1


def test_russian_envelopment_needs_a_coordinated_activation() -> None:
    russian = [squad("russian")]  # +3 (squad +2, Russian squad +1)
    assert drm_of(russian, [squad()], envelopment=True) == 1
    assert drm_of(russian, [squad()], envelopment=True, coordinated_activation=True) == 3


def test_latw_and_ft_against_an_fp_towed_gun_or_urban_building() -> None:
    latw = part(unit("latw", "us", cohesion=5))
    ft = part(unit("ft", "us", cohesion=5))
    assert drm_of([squad(), latw], [squad()]) == 0
    assert drm_of([squad(), latw], [squad()], terrain="urban-building") == -2 + 1
    assert drm_of([squad(), ft], [squad()], terrain="urban-building") == -2 + 2
    towed = part(unit("towed-gun", "us", cohesion=5))
    assert drm_of([squad(), ft], [squad(), towed]) == 2
    assert drm_of([squad(), latw, ft], [squad(), towed]) == 3


def test_at_most_four_combat_steps_count_the_best_chosen() -> None:
    best = squad(cohesion=8)
    report = LHY.evaluate(assault([squad(cohesion=5), squad(cohesion=6), best], [squad()]))
    # three full squads are 6 steps: the two best count (+4), cohesion 8 against 5 (+3)
    assert report.payload["drm_before_limit"] == 4 + 3 - 2 and final_drm(report) == 4
    assert counted(report) == ["attacker-2", "attacker-3"]
    assert any("not counted: us squad" in s.text for s in report.steps)


def test_a_player_counts_the_units_he_picks() -> None:
    picked = [squad(cohesion=5, counted=True), squad(cohesion=6, counted=False), squad(cohesion=8)]
    report = LHY.evaluate(assault(picked, [squad()]))
    assert counted(report) == ["attacker-1", "attacker-3"]
    three = [squad(counted=True), squad(counted=True), squad(counted=True)]
    with pytest.raises(IllegalAttackError, match="6 non-vehicular combat steps: at most 4"):
        LHY.evaluate(assault(three, [squad()]))


def test_one_leader_latw_ft_and_vehicle_count() -> None:
    leaders = [part(unit("leader", "us", cohesion=c), "heroic" if c == 9 else "x")
               for c in (7, 9)]  # fmt: skip
    report = LHY.evaluate(assault([squad(), *leaders], [squad()]))
    assert counted(report) == ["attacker-1", "attacker-3"]
    afvs = [part(unit("afv", "us", av=av)) for av in (1, 4)]
    report = LHY.evaluate(assault([squad(), *afvs], [squad()]))
    assert counted(report) == ["attacker-1", "attacker-3"]
    assert final_drm(report) == 2 + 1 - 2
    with pytest.raises(IllegalAttackError, match="at most 1"):
        LHY.evaluate(assault([squad(), *(part(a.unit, counted=True) for a in afvs)], [squad()]))


def test_the_limit_picks_one_of_an_entry_of_several_identical_units() -> None:
    """Assault: 'per side, consider at most ... 1 LATW ... 1 vehicle': of an entry of two
    Bazookas one counts, and of two Shermans one; the rest of the entry does not."""
    bazookas = Participant(unit("latw", "us", name="Bazooka", cohesion=5), count=2)
    towed = part(unit("towed-gun", "german", cohesion=5))
    # LATW vs a towed gun +1 (its per-unit values are none); the squad +2, no enemy combat unit
    assert drm_of([squad(), bazookas], [towed]) == 2 + 1
    report = LHY.evaluate(assault([squad(), bazookas], [squad()]))
    said = "not counted: Bazooka ("
    assert any("attackers counted: us squad, Bazooka;" in s.text and said in s.text
               for s in report.steps)  # fmt: skip
    shermans = Participant(unit("afv", "us", name="Sherman", av=3, atv=2), count=2)
    # +2 the squad, one Sherman +1 (ATV >= 0) +1 (AV > 2), less the German squad's +2
    assert drm_of([squad(), shermans], [squad()]) == 2 + 2 - 2
    two = Participant(unit("leader", "us", name="Lt", cohesion=7), count=2)
    with pytest.raises(IllegalAttackError, match=r"2 of leader: at most 1; Lt x2: leave the"):
        LHY.evaluate(assault([squad(), replace(two, counted=True)], [squad()]))


def test_the_default_pick_is_the_best_for_the_drm_with_the_cohesion_difference() -> None:
    """Squads of cohesion 5 and 5 and a section of 9 against a squad of 5: the two squads (4
    steps) give +2 +2 and a cohesion difference of 0: +4; a squad and the section (3 steps,
    the other squad no longer fits) give +2 and 9 - 5 = +4, limited to +3: +5. Less the
    defending squad's +2: +3 (the two squads would give +2)."""
    section = part(unit("section", "us", cohesion=9, company=1))
    report = LHY.evaluate(assault([squad(), squad(), section], [squad()]))
    assert report.payload["drm_before_limit"] == 3
    assert counted(report) == ["attacker-1", "attacker-3"]
    # an entry of three squads (6 steps): two of them count
    three = Participant(unit("squad", "us", name="Rifles", cohesion=5, company=1), count=3)
    report = LHY.evaluate(assault([three], [squad()]))
    assert report.payload["drm_before_limit"] == 2 + 2 - 2
    assert any("counted: Rifles x2; not counted: Rifles (" in s.text for s in report.steps)


def test_an_entry_of_several_units_says_its_values_per_unit_and_multiplied() -> None:
    """Assault DRM: two German squads in 1944 give +2 and +1 each: +3 per unit, +6 the two."""
    germans = Participant(unit("squad", "german", name="Gren", cohesion=5, company=1), count=2)
    report = LHY.evaluate(assault([germans], [squad()], date="1944-06"))
    (step,) = [s for s in report.steps if s.text.startswith("Gren")]
    assert says(step.text, figures=["+2", "9/43", "+1", "+3", "+6"], names=["FP"])
    assert step.drm == 6
