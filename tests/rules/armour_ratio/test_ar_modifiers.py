"""The armour modifier (10.C, 10.C.2), terrain and weather on it (10.D, 10.E), declining AEC
(10.F), overruns (10.G) and heavy armour by count (10.I)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from ar_helpers import MINIMAL_DEFENDER, evaluate, inline, only, p, steps, unit

from hexcombat.rules.report import drm_chances, final_drm
from hexcombat.rulesets.armour_ratio import adjust_for_terrain
from hexcombat.rulesets.europa.units import AecValue
from meaning import says


def test_aecd_is_not_used_when_aeca_reaches_1_to_1_against_atec() -> None:
    report = evaluate([p("su-tank-xx")], [p("su-tank-xx")])
    assert report.totals["aeca_atec_ratio"] == "1:1"
    assert report.totals["aeca_aecd_ratio"] is None
    assert steps(report, "10.C.2", "AECA:AECD") == []


def test_aecd_is_used_when_aeca_is_under_1_to_1() -> None:
    report = evaluate([p("su-tank-x")], [p("su-tank-xx")])
    assert only(report, "10.C.2", "under 1:1").drm == 0
    step = only(report, "10.C.2", "AECA:AECD 1:3")
    assert step.drm == -1
    assert final_drm(report) == -1


def test_aecd_is_used_when_the_attacker_has_no_aeca() -> None:
    report = evaluate([p("su-mot-xx")], [p("su-tank-xx")])
    step = only(report, "10.C.2", "the attacker has no AECA")
    assert step.drm == -2  # the ratio 0:3 takes the first row


def test_aeca_against_no_atec_is_unbounded_and_ignores_aecd() -> None:
    defender = p(unit("ge-stug-x", atec=AecValue.NONE))  # AECD, no ATEC
    report = evaluate([p("su-tank-x")], [defender], date="1941-07")
    step = only(report, "10.C", "unbounded")
    assert step.drm == 4
    assert report.totals["aeca_atec_ratio"] == "unbounded"
    assert steps(report, "10.C.2", "AECA:AECD") == []


def test_an_attacker_never_gains_from_aeca_aecd() -> None:
    # AECA 3 under 1:1 against ATEC 6, but above AECD 1/2: no row, no modifier (10.C.2)
    defenders = [p("su-at-x", 6), p(unit("ge-stug-x", atec=AecValue.NONE))]
    report = evaluate([p("su-tank-xx")], defenders, date="1941-07")
    assert report.totals["aecd_res"] == 1
    step = only(report, "10.C.2", "above every AECA:AECD row")
    assert step.drm == 0
    assert final_drm(report) == 0


@pytest.mark.parametrize(
    ("distribution", "modifier", "expected"),
    [
        ({3: Fraction(1)}, -1, {2: Fraction(1)}),
        ({-2: Fraction(1)}, -1, {-1: Fraction(1)}),
        ({1: Fraction(1)}, -3, {0: Fraction(1)}),
        ({-1: Fraction(1)}, -3, {0: Fraction(1)}),
        ({0: Fraction(1)}, -2, {0: Fraction(1)}),
        ({3: Fraction(1, 2), 4: Fraction(1, 2)}, -1, {2: Fraction(1, 2), 3: Fraction(1, 2)}),
        ({3: Fraction(1, 2), 4: Fraction(1, 2)}, -4, {0: Fraction(1)}),
    ],
)
def test_terrain_reduces_positive_and_raises_negative_never_past_zero(
    distribution: dict[int, Fraction], modifier: int, expected: dict[int, Fraction]
) -> None:
    assert adjust_for_terrain(distribution, modifier) == expected  # 10.D


def test_weather_increases_the_terrain_modifier() -> None:
    attackers = [p("su-tank-xxx", 3)]  # 9 REs of AECA, no ATEC: +4
    rough = evaluate(attackers, MINIMAL_DEFENDER, terrain="rough")
    mud = evaluate(attackers, MINIMAL_DEFENDER, terrain="rough", weather="mud")
    assert (final_drm(rough), final_drm(mud)) == (3, 2)  # -1 for rough, -1 more in mud (10.E)
    step = only(mud, "10.D", "AEC modifier")
    assert (step.value, step.drm, step.provenance) == (-2, -2, "assumed")


def test_the_step_drms_add_up_to_the_final_drm() -> None:
    attackers = [p("su-hv-tank-xx", 2), p("su-tank-xxx")]
    report = evaluate(attackers, [p("ax-inf-xx")], terrain="rough", fortification=-1)
    assert sum(s.drm for s in report.steps if s.drm is not None) == final_drm(report)


def test_the_attacker_declines_first_and_then_the_defender() -> None:
    report = evaluate(
        [p("su-tank-xxx")],
        [p("su-tank-xx")],
        attacker_declines_aec=True,
        defender_declines_aec=True,
    )
    declared = steps(report, "10.F")
    assert [s.text.split(" declares")[0] for s in declared] == ["the attacker", "the defender"]
    assert final_drm(report) == 0


def test_declining_aec_removes_aeca_from_the_ratio() -> None:
    report = evaluate([p("su-tank-xxx")], [p("su-tank-xx")], attacker_declines_aec=True)
    assert report.totals["aeca_res"] == 3  # the capability is still shown
    assert only(report, "10.C.2", "the attacker has no AECA").drm == -2


def test_a_defender_declining_atec_leaves_the_ratio_unbounded() -> None:
    report = evaluate([p("su-tank-x")], [p("su-at-x", 3)], defender_declines_aec=True)
    assert only(report, "10.C", "unbounded").drm == 4


def test_overruns_are_calculated_normally() -> None:
    normal = evaluate([p("su-tank-xxx")], [p("su-at-x")])
    overrun = evaluate([p("su-tank-xxx")], [p("su-at-x")], overrun=True)
    assert "calculated normally" in only(overrun, "10.G").text
    assert drm_chances(overrun) == drm_chances(normal)
    assert overrun.totals == normal.totals


def test_fortification_modifier_is_applied_with_its_step() -> None:
    report = evaluate([p("su-mot-xx")], [p("ax-inf-xx")], fortification=-2)
    step = only(report, "Fortifications Effects Chart")
    assert (step.drm, final_drm(report)) == (-2, -2)


def test_heavy_armour_in_the_defence_subtracts() -> None:
    report = evaluate([p("su-mot-xx")], [p("su-hv-tank-x", 2)])
    step = only(report, "10.I.2")
    assert (step.value, step.drm) == ("unbounded", -2)
    assert step.provenance == "assumed"
    assert any(w.startswith("10.I.2: assumed chart value used") for w in report.warnings)


def test_heavy_armour_needs_more_units_than_the_heavy_atec_against_it() -> None:
    report = evaluate([p("su-hv-tank-x", 2)], [p("ax-hv-aa-x-2-10")])
    step = only(report, "10.I.1")
    assert (step.value, step.drm) == ("1:1", 0)
    assert "not more" in step.text
    assert only(report, "10.I.3").value == 2  # the 2-10 Hv AA X counts two (10.I.3)


def test_heavy_armour_units_count_one_whatever_their_size() -> None:
    report = evaluate([p("su-hv-tank-xx"), p("su-hv-tank-x")], [p("ax-hv-mot-aa-iii")])
    assert report.totals["heavy_armour_attacker"] == 2
    assert only(report, "10.I.1").value == "1:1"


def test_heavy_armour_in_attack_counts_the_defenders_heavy_armour_as_heavy_atec() -> None:
    report = evaluate([p("su-hv-tank-x", 2)], [p("su-hv-tank-x")])
    assert report.totals["heavy_atec_defender"] == 1
    assert only(report, "10.I.1").drm == 1
    assert only(report, "10.I.2").drm == 0  # 1 heavy defender against 2 attacking: not more


def test_a_chance_modifier_survives_heavy_and_fortification_shifts() -> None:
    tank_ii = inline("Tank II", Fraction(1, 2), size="II", unit_type="armour", aeca="full")
    attackers = [p("su-tank-xxx", 8), p("su-tank-x"), p(tank_ii), p("su-hv-tank-x", 2)]
    defenders = [p("su-at-x", 5)]
    report = evaluate(attackers, defenders, fortification=-1)
    # AECA 27.5 : 5 is 5.5:1 (+3/+4), heavy 2 against 0 (+2, assumed), fortification -1
    assert drm_chances(report) == {4: Fraction(1, 2), 5: Fraction(1, 2)}
    assert "+4: 50%, +5: 50%" in only(report, "10.C", "final modifier").text


def test_assumed_chart_values_are_warned_about() -> None:
    report = evaluate([p("su-tank-xxx")], [p("su-at-x")])
    assert any(
        w.startswith("10.C: assumed chart value used") and "Armour Effects Table (11.J)" in w
        for w in report.warnings
    )
    assert any(w.startswith("CRT: assumed chart value used") for w in report.warnings)


def test_the_5_1_row_used_for_5_5_to_1_is_stretched_and_assumed() -> None:
    # 10.C gives "+3 with a 50% chance of +4" for 5.1:1 only. Eleven Tank X (11 REs of AECA)
    # against two AT X (2 REs of ATEC) is 5.5:1: the same row, but stretched past the text.
    tank = inline("Tank X", 1, size="X", unit_type="armour", aeca="full")
    report = evaluate([p(tank, 11)], [p("su-at-x", 2)])
    assert report.totals["aeca_atec_ratio"] == "5.5:1"
    assert drm_chances(report) == {3: Fraction(1, 2), 4: Fraction(1, 2)}
    step = only(report, "10.C", "AECA:ATEC")
    assert (step.drm, step.provenance) == (3, "assumed")
    assert "stretched from 5.1:1 to 5.5:1" in step.text
    assert any("stretched from 5.1:1" in w for w in report.warnings)
    final = only(report, "10.C", "final modifier")
    assert final.provenance == "assumed"
    assert "assumed values went into it (10.C" in final.text


def test_the_5_1_row_at_exactly_5_1_is_the_rule_and_not_stretched() -> None:
    # the 10.C worked example: 25.5 REs of AECA against 5 of ATEC, exactly 5.1:1
    tank_ii = inline("Tank II", Fraction(1, 2), size="II", unit_type="armour", aeca="full")
    report = evaluate([p("su-tank-xxx", 8), p("su-tank-x"), p(tank_ii)], [p("su-at-x", 5)])
    step = only(report, "10.C", "AECA:ATEC 5.1:1")
    assert (step.drm, step.provenance) == (3, "rule")
    assert not [w for w in report.warnings if "stretched" in w or "AECA:ATEC" in w]
    # the final modifier names only the assumed clear-terrain AEC modifier (10.D), not 10.C
    assert "assumed values went into it (10.D)" in only(report, "10.C", "final").text


def test_the_10i_row_used_beyond_2_to_1_is_stretched_and_assumed() -> None:
    # 10.I's example gives +1 for twice as many heavy armour units as heavy ATEC units (2:1);
    # three heavy tank units against one is 3:1: the same row, stretched.
    exact = evaluate([p("su-hv-tank-x", 2)], [p("su-hv-tank-x")])
    assert only(exact, "10.I.1").provenance == "rule"
    assert only(exact, "10.C", "final").provenance == "assumed"  # clear terrain is assumed
    stretched = evaluate([p("su-hv-tank-x", 3)], [p("su-hv-tank-x")])
    step = only(stretched, "10.I.1")
    assert (step.drm, step.provenance) == (1, "assumed")
    assert "stretched from 2:1 to 3:1" in step.text


def test_a_combat_with_no_assumed_modifier_has_a_rule_final_modifier() -> None:
    # no AECA, no AECD: no armour modifier (10.C.2) and no chart value goes into the DRM
    report = evaluate([p("su-mot-xx")], [p("ax-inf-xx")])
    final = only(report, "10.C", "final")
    assert says(final.text, figures=["+0"], names=["final modifier"])
    assert (final.value, final.provenance) == (0, "rule")
