"""The Assault Results table of The Last Hundred Yards: each row at its boundaries, the
Japanese and Russian entries, and the follow-ups a row calls for (cohesion checks, urban
assault, vehicle destruction attempts with their modifiers), with their exact chances."""

from __future__ import annotations

from fractions import Fraction

import pytest
from lhy_strategies import assault, part, unit

from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import Report, final_drm

LHY = get_ruleset("lhy-assault")


def squad(nationality: str = "us", cohesion: int = 5, *markers: str, **kw: object):  # type: ignore[no-untyped-def]
    return part(unit("squad", nationality, cohesion=cohesion, company=1), *markers, **kw)


def at_drm(drm: int) -> Report:
    """A plain US-on-German assault whose DRM is ``drm`` (+4, 0 or -3)."""
    attackers = {4: [squad(cohesion=7), squad()], 0: [squad()], -3: [squad()]}[drm]
    defender = squad("german", {4: 5, 0: 5, -3: 8}[drm])
    report = LHY.evaluate(assault(attackers, [defender]))
    assert final_drm(report) == drm
    return report


@pytest.mark.parametrize(
    ("drm", "face", "final", "code"),
    [(4, 10, 14, "DD"), (4, 9, 13, "DL"), (0, 10, 10, "DL"), (0, 9, 9, "DM"), (0, 6, 6, "DM"),
     (0, 5, 5, "AM"), (0, 2, 2, "AM"), (0, 1, 1, "AL"), (-3, 2, -1, "AL"), (-3, 1, -2, "AD")],
)  # fmt: skip
def test_each_row_at_its_boundaries(drm: int, face: int, final: int, code: str) -> None:
    result = LHY.resolve(at_drm(drm), ScriptedDice([face]))
    assert (result.table_roll().modified_roll, result.code) == (final, code)


def test_each_rows_chance_is_exact() -> None:
    assert at_drm(0).outcomes == {"DL": Fraction(1, 10), "DM": Fraction(4, 10),
                                  "AM": Fraction(4, 10), "AL": Fraction(1, 10)}  # fmt: skip
    assert at_drm(4).outcomes == {"DD": Fraction(1, 10), "DL": Fraction(4, 10),
                                  "DM": Fraction(4, 10), "AM": Fraction(1, 10)}  # fmt: skip
    assert at_drm(-3).outcomes == {"DM": Fraction(2, 10), "AM": Fraction(4, 10),
                                   "AL": Fraction(3, 10), "AD": Fraction(1, 10)}  # fmt: skip


def effects(report: Report, face: int) -> list[tuple[str, str, tuple[str, ...], object]]:
    result = LHY.resolve(report, ScriptedDice([face]))
    return [(e.kind, e.side, e.targets, e.state or (e.amount, e.most)) for e in result.effects]


ATTACKERS = [squad("us", 9, "heroic"), squad(cohesion=9)]
"""+5 (two squads, one Heroic), cohesion 9."""


def two_defenders(nationality: str, disrupted: str = "disrupted") -> Report:
    """Two US squads, enveloping, against two squads (cohesion 6 and 5, the second
    disrupted) of ``nationality``: the DRM is +4."""
    first = squad(nationality, 6)
    second = squad(nationality, 5, state=disrupted)
    report = LHY.evaluate(assault(ATTACKERS, [first, second], envelopment=True))
    assert final_drm(report) == 4
    return report


def test_plain_rows_for_the_losers() -> None:
    report = two_defenders("german")  # +5 -4 +3 (cohesion) +2 (envelopment): +6, limited
    d = ("defender-1", "defender-2")
    # 11: 10-13, the disrupted suffer a casualty, the undisrupted check cohesion
    assert effects(report, 7) == [
        ("retreat", "defender", d, (2, 4)),
        ("lose-steps", "defender", ("defender-2",), (1, None)),
        ("cohesion-check", "defender", ("defender-1",), (0, None)),
    ]
    # 14: every defender suffers a casualty, 4 hexes, the attacker advances
    assert effects(report, 10)[:3] == [
        ("retreat", "defender", d, (4, 4)),
        ("lose-steps", "defender", ("defender-1",), (1, None)),
        ("lose-steps", "defender", ("defender-2",), (1, None)),
    ]
    assert effects(report, 10)[3][:2] == ("advance", "attacker")
    # 6-9: all check cohesion; the undisrupted units of both sides regroup
    assert effects(report, 4) == [
        ("retreat", "defender", d, (2, 4)),
        ("cohesion-check", "defender", d, (0, None)),
        ("add-marker", "attacker", ("attacker-1",), "regrouping"),
        ("add-marker", "attacker", ("attacker-2",), "regrouping"),
        ("add-marker", "defender", ("defender-1",), "regrouping"),
    ]


@pytest.mark.parametrize("nationality", ["japanese", "russian"])
def test_japanese_and_russian_losers(nationality: str) -> None:
    report = two_defenders(nationality)  # each defending squad +3: +5 -6 +3 +2 = +4
    # 14: the best suffers a casualty, the others check cohesion, the undisrupted regroup
    assert effects(report, 10)[1:4] == [
        ("lose-steps", "defender", ("defender-1",), (1, None)),
        ("cohesion-check", "defender", ("defender-2",), (0, None)),
        ("add-marker", "defender", ("defender-1",), "regrouping"),
    ]
    # 10-13: the best suffers a casualty, the others disrupt first (the second already is)
    fresh = two_defenders(nationality, disrupted="")
    assert effects(fresh, 7)[1:] == [
        ("lose-steps", "defender", ("defender-1",), (1, None)),
        ("set-state", "defender", ("defender-2",), "disrupted"),
        ("add-marker", "defender", ("defender-1",), "regrouping"),
    ]
    # 6-9: only the best checks cohesion
    assert effects(report, 4)[1] == ("cohesion-check", "defender", ("defender-1",), (0, None))


def standing(report: Report) -> dict[str, object]:
    return {p.id: p.status for p in (*report.situation.attackers, *report.situation.defenders)}


def follow_ups(report: Report, face: int):  # type: ignore[no-untyped-def]
    result = LHY.resolve(report, ScriptedDice([face]))
    return LHY.follow_ups(report, result, standing(report))


def test_a_cohesion_check_is_a_d10_against_cohesion() -> None:
    report = at_drm(0)
    (check,) = [f for f in follow_ups(report, 9) if f.kind == "cohesion-check"]
    assert check.target == "defender-1" and "assumed" in check.text
    chances = LHY.follow_up_chances(report, check, standing(report))
    assert {o.code: o.probability for o in chances} == {"holds": Fraction(1, 2),
                                                        "disrupted": Fraction(1, 2)}  # fmt: skip
    held = LHY.resolve_follow_up(report, check, standing(report), ScriptedDice([5]))
    assert held.effects == ()
    failed = LHY.resolve_follow_up(report, check, standing(report), ScriptedDice([6]))
    assert [(e.kind, e.state) for e in failed.effects] == [("set-state", "disrupted")]


def test_a_leader_failing_its_check_suffers_a_casualty() -> None:
    leader = part(unit("leader", "german", cohesion=7))
    report = LHY.evaluate(assault([squad()], [squad("german"), leader]))
    checks = [f for f in follow_ups(report, 9 - final_drm(report)) if f.kind == "cohesion-check"]
    (lead,) = [f for f in checks if f.target == "defender-2"]
    done = LHY.resolve_follow_up(report, lead, standing(report), ScriptedDice([8]))
    assert [(e.kind, e.amount) for e in done.effects] == [("lose-steps", 1)]


def test_urban_assault_falls_on_the_best_combat_unit_of_each_side_on_6_or_7() -> None:
    report = LHY.evaluate(assault([squad(cohesion=6)], [squad("german", 6)],
                                  terrain="urban-building"))  # fmt: skip
    assert final_drm(report) == -2
    urban = [f for f in follow_ups(report, 8) if f.kind == "urban-assault"]  # final 6
    assert [(f.side, f.target) for f in urban] == [("attacker", "attacker-1"),
                                                   ("defender", "defender-1")]  # fmt: skip
    done = LHY.resolve_follow_up(report, urban[0], standing(report), ScriptedDice([]))
    assert [(e.kind, e.targets, e.rule) for e in done.effects] == [
        ("lose-steps", ("attacker-1",), "14.3.1")
    ]
    assert not [f for f in follow_ups(report, 10) if f.kind == "urban-assault"]  # final 8
    attackers_only = [f.side for f in follow_ups(report, 7) if f.kind == "urban-assault"]
    assert attackers_only == ["attacker"]  # final 5: 2-5, roll 4-5


def destruction(vehicle, *defending, face: int = 9, **conditions):  # type: ignore[no-untyped-def]
    report = LHY.evaluate(assault([squad()], [*defending, vehicle], **conditions))
    (attempt,) = [f for f in follow_ups(report, face - final_drm(report)) if
                  f.kind == "vehicle-destruction"]  # fmt: skip
    return report, attempt


def destroyed(vehicle, *defending, **conditions) -> Fraction:  # type: ignore[no-untyped-def]
    report, attempt = destruction(vehicle, *defending, **conditions)
    chances = LHY.follow_up_chances(report, attempt, standing(report), attempt.choices[-1])
    return {o.code: o.probability for o in chances}.get("destroyed", Fraction(0))


def test_vehicle_destruction_modifiers() -> None:
    afv = unit("afv", "german", av=1)
    guard = squad("german")
    assert destroyed(part(afv), guard) == Fraction(1, 10)  # only a 10
    assert destroyed(part(afv), guard, terrain="woods") == Fraction(1, 10)  # guarded
    assert destroyed(part(afv), squad("german", 5, state="disrupted"), terrain="woods") == Fraction(
        4, 10
    )  # +3: no good-order unit, in cover
    assert destroyed(
        part(afv), squad("german", 5, state="disrupted"), defender_near_cover=True
    ) == Fraction(4, 10)  # +3: next to cover
    assert destroyed(part(afv, "shocked"), guard) == Fraction(3, 10)  # +2
    assert destroyed(part(unit("carrier", "german", av=0)), guard) == Fraction(3, 10)  # +2
    assert destroyed(part(afv), guard, defender_sunken_road=True) == Fraction(2, 10)  # +1
    assert destroyed(part(afv, "in-motion"), guard) == Fraction(0)  # -1: not even a 10


def test_a_vehicle_destruction_attempt_is_a_choice_then_a_d10() -> None:
    report, attempt = destruction(part(unit("afv", "german", av=1), "shocked"), squad("german"))
    assert attempt.choices == ("defender-2",) and attempt.chooser == "attacker"
    assert attempt.die is not None and attempt.die.sides == 10
    missed = LHY.resolve_follow_up(report, attempt, standing(report), ScriptedDice([7]),
                                   "defender-2")  # fmt: skip
    assert missed.effects == () and "9" in missed.headline
    hit = LHY.resolve_follow_up(report, attempt, standing(report), ScriptedDice([8]), "defender-2")
    assert [(e.kind, e.targets) for e in hit.effects] == [("eliminate", ("defender-2",))]
    assert [f.target for f in hit.more] == ["defender-1"]  # collateral damage: a check
    # the aid names collateral damage without its procedure, nor the check's: both assumed
    assert hit.more[0].text.startswith("collateral damage (assumed): ")
    assert "d10 against cohesion, assumed" in hit.more[0].text


def test_no_attempt_without_an_undisrupted_combat_unit_latw_or_fp() -> None:
    report = LHY.evaluate(assault([squad()], [squad("german"), part(unit("afv", "german"))]))
    result = LHY.resolve(report, ScriptedDice([9 - final_drm(report)]))
    broken = standing(report) | {"attacker-1": part(unit("squad"), state="disrupted").status}
    assert not [f for f in LHY.follow_ups(report, result, broken)
                if f.kind == "vehicle-destruction" and f.side == "attacker"]  # fmt: skip


def test_an_attempt_waiting_while_its_last_able_unit_disrupts_is_not_made() -> None:
    """14.3.2: the player "must have an undisrupted combat unit, LATW or FP" when the attempt is
    made: a cohesion check that disrupts the attacker's only squad first leaves no attempt."""
    report, attempt = destruction(part(unit("afv", "german", av=1), "shocked"), squad("german"))
    broken = standing(report) | {"attacker-1": part(unit("squad"), state="disrupted").status}
    assert [o.probability for o in LHY.follow_up_chances(report, attempt, broken)] == [1]
    done = LHY.resolve_follow_up(report, attempt, broken, ScriptedDice([]), "defender-2")
    assert done.effects == () and done.rolls == () and "no vehicle destruction" in done.headline


def test_each_casualty_falls_on_its_own_unit() -> None:
    report = two_defenders("german")
    result = LHY.resolve(report, ScriptedDice([10]))
    losses = LHY.loss_policy(report, result)
    assert losses.suggested() == ["defender-1", "defender-2"]
    assert losses.problems(["defender-1", "defender-2"]) == []
    assert losses.problems(["defender-1", "defender-1"]) != []


def test_each_units_fate_counts_the_table_roll_and_every_follow_up() -> None:
    report = at_drm(0)  # 10-13 and 6-9 (1/2) the defender checks, 2-5 and -1..1 the attacker
    half = {"good-order": Fraction(3, 4), "disrupted": Fraction(1, 4)}
    assert report.unit_fates == {"attacker-1": half, "defender-1": half}
    section = part(unit("section", "german", cohesion=5, company=1))
    report = LHY.evaluate(assault([squad(cohesion=7), squad()], [section]))
    assert final_drm(report) == 4  # 14 (1/10): a casualty, its only step; 10-13, 6-9: a check
    assert report.unit_fates["defender-1"] == {
        "eliminated": Fraction(1, 10),
        "disrupted": Fraction(4, 10),
        "good-order": Fraction(5, 10),
    }


def test_riders_in_the_assault_hex_unload_whatever_the_row() -> None:
    carrier = part(unit("half-track", "german", av=1), "riders")
    report = LHY.evaluate(assault([squad()], [squad("german"), carrier]))
    for face in (1, 10):
        (unload,) = [f for f in follow_ups(report, face) if f.kind == "unload"]
        done = LHY.resolve_follow_up(report, unload, standing(report), ScriptedDice([]))
        assert [(e.kind, e.state, e.targets) for e in done.effects] == [
            ("remove-marker", "riders", ("defender-2",))
        ]


def test_a_regrouping_unit_that_disrupts_is_no_longer_regrouping() -> None:
    report = LHY.evaluate(assault([squad()], [squad("german", 5, "regrouping")]))
    result = LHY.resolve(report, ScriptedDice([9 - final_drm(report)]))  # 6-9: the defender checks
    (check,) = [f for f in LHY.follow_ups(report, result, standing(report))
                if f.kind == "cohesion-check"]  # fmt: skip
    failed = LHY.resolve_follow_up(report, check, standing(report), ScriptedDice([10]))
    assert [(e.kind, e.state, e.rule) for e in failed.effects] == [
        ("set-state", "disrupted", "Cohesion Check"),
        ("remove-marker", "regrouping", "Regrouping"),
    ]


def test_each_resolved_follow_up_names_the_outcome_it_came_to() -> None:
    report = at_drm(0)
    (check,) = [f for f in follow_ups(report, 9) if f.kind == "cohesion-check"]
    codes = {o.code for o in LHY.follow_up_chances(report, check, standing(report))}
    held = LHY.resolve_follow_up(report, check, standing(report), ScriptedDice([5]))
    failed = LHY.resolve_follow_up(report, check, standing(report), ScriptedDice([6]))
    assert (held.code, failed.code) == ("holds", "disrupted") and codes == {"holds", "disrupted"}


def test_a_tied_urban_assault_is_picked_by_a_declared_die_of_as_many_faces() -> None:
    tied = [squad("german", 6), squad("german", 6), squad("german", 6)]
    report = LHY.evaluate(assault([squad(cohesion=6)], tied, terrain="urban-building"))
    (urban,) = [f for f in follow_ups(report, 6 - final_drm(report)) if f.side == "defender"
                and f.kind == "urban-assault"]  # fmt: skip  # final 6: both sides
    assert urban.die is not None and (urban.die.purpose, urban.die.sides) == (
        "urban assault pick",
        3,
    )
    declared = {(d.purpose, d.sides) for d in LHY.vocabulary.dice}
    assert ("urban assault pick", 3) in declared
    done = LHY.resolve_follow_up(report, urban, standing(report), ScriptedDice([2]))
    assert done.code == "casualty:defender-2" and done.effects[0].targets == ("defender-2",)
    chances = LHY.follow_up_chances(report, urban, standing(report))
    assert {o.code: o.probability for o in chances} == {
        f"casualty:defender-{i}": Fraction(1, 3) for i in (1, 2, 3)
    }


def test_more_tied_units_than_a_d10_has_faces_are_drawn_by_hand_and_chosen() -> None:
    tied = [squad("german", 6) for _ in range(11)]
    report = LHY.evaluate(assault([squad(cohesion=6)], tied, terrain="urban-building"))
    (urban,) = [f for f in follow_ups(report, 6 - final_drm(report)) if f.side == "defender"
                and f.kind == "urban-assault"]  # fmt: skip
    assert urban.die is None and len(urban.choices) == 11 and "by hand" in urban.text
    done = LHY.resolve_follow_up(report, urban, standing(report), ScriptedDice([]), "defender-7")
    assert done.code == "casualty:defender-7"


def test_each_row_favours_the_side_the_table_does_not_name_as_loser() -> None:
    """Assault Results, column X: the defenders lose on 6 and above, the attackers below; the
    winner is favoured where only the losers suffer (docs/report-schema.md)."""
    favours = {o.code: o.favours for r in (at_drm(4), at_drm(-3)) for o in r.outcome_list}
    assert {c: favours[c] for c in ("DD", "DL", "AL", "AD")} == {
        "DD": "attacker", "DL": "attacker", "AL": "defender", "AD": "defender"
    }  # fmt: skip


def test_a_row_where_the_winner_suffers_too_favours_neither() -> None:
    """On 6-9 and 2-5 the winners' undisrupted units regroup: no loss and no retreat, so no
    harm (docs/rules.md: unharmed is no loss, no retreat) and the row favours the winner, the
    losers alone suffering (docs/report-schema.md). 14.3.2: on 10-13 both sides make vehicle
    destruction attempts, so the defenders' squad at an attacking AFV harms the winners too,
    and the row favours neither; 14.3.1 in an urban building: urban assault on 6-7 falls on
    both."""
    rows = {o.code: o for o in at_drm(0).outcome_list}
    assert (rows["DM"].suffers, rows["DM"].favours) == (("defender",), "attacker")
    assert (rows["AM"].suffers, rows["AM"].favours) == (("attacker",), "defender")
    tank = part(unit("afv", av=3, atv=2, cohesion=7))
    report = LHY.evaluate(assault([squad(cohesion=7), squad(), tank], [squad("german", 5)]))
    rows = {o.code: o for o in report.outcome_list}
    assert rows["DL"].suffers == ("attacker", "defender") and rows["DL"].favours == "neither"
    plain = {o.code: o for o in at_drm(4).outcome_list}
    assert plain["DL"].suffers == ("defender",) and plain["DL"].favours == "attacker"
    urban = LHY.evaluate(assault([squad()], [squad("german", 5)], terrain="urban-building"))
    rows = {o.code: o for o in urban.outcome_list}
    assert "urban assault on 6-7" in rows["DM"].text
    assert "urban assault" not in {o.code: o for o in at_drm(0).outcome_list}["DM"].text


def test_a_2_to_4_hex_retreat_says_both_ends() -> None:
    """14.3.3: 'Retreat hexes 2-4' on 10-13 .. -1..1; 4 on 14+ and below -1."""
    report = at_drm(0)
    result = LHY.resolve(report, ScriptedDice([7]))  # 7: 6-9, the defenders lose
    assert (result.defender.retreat_min_hexes, result.defender.retreat_hexes) == (2, 4)
    assert result.to_json()["defender"]["retreat_min_hexes"] == 2  # type: ignore[index]
    four = LHY.resolve(at_drm(4), ScriptedDice([10]))  # 14: DD
    assert four.to_json()["defender"]["retreat_min_hexes"] == 4  # type: ignore[index]
    assert four.to_json()["defender"]["retreat_hexes"] == 4  # type: ignore[index]


def test_assumed_counters_and_procedures_are_flagged() -> None:
    """The shipped counters' values are all assumed: an assault with them warns; the
    cohesion-check procedure and the cover list are assumptions, each a step marked so; a
    tie's die too; the +1 for a sunken road cites the table heading (the aid's 4.1.9.1.1.d is
    on a line it has commented out)."""
    from pathlib import Path

    from hexcombat.game.evaluation import scenario_situation
    from hexcombat.game.scenario import load_scenario

    repo = Path(__file__).resolve().parents[3]
    shipped = LHY.evaluate(
        scenario_situation(load_scenario(repo / "maps" / "tutorial-lhy-immediate-scenario.toml"))
    )
    assert any(w.startswith("assumed value used: ") for w in shipped.warnings)
    report = LHY.evaluate(
        assault([squad(), part(unit("afv", av=3, atv=2, cohesion=7))], [squad("german", 5)])
    )
    assumed = {s.rule: s for s in report.explanation.steps if s.provenance == "assumed"}
    assert "d10 against cohesion" in assumed["Cohesion Check"].text
    assert "woods" in assumed["Vehicle Destruction DRM"].text
    assert assumed["Vehicle Destruction DRM"].value == 3
    leaders = LHY.evaluate(
        assault([part(unit("fp", cohesion=7))], [part(unit("fp", "german", cohesion=7))])
    )
    (tie,) = [s for s in leaders.explanation.steps if "'random'" in s.text]
    assert (tie.provenance, tie.value) == ("assumed", Fraction(1, 2))
    assert all(s.rule != "4.1.9.1.1.d" for s in report.explanation.steps)
    spec = LHY.vocabulary.condition("attacker_sunken_road")
    assert spec is not None and spec.rule == "Vehicle Destruction DRM"
