"""Worked examples 2-14 (docs/rules.md) through ``evaluate``: the numbers the rules text states."""

from __future__ import annotations

from fractions import Fraction

from ar_helpers import (
    MINIMAL_ATTACKER,
    MINIMAL_DEFENDER,
    evaluate,
    inline,
    only,
    p,
    situation,
    unit,
)

from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.explain import Explanation
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import drm_chances, final_drm
from hexcombat.rulesets.armour_ratio import RULESET, aec_totals, required_losses
from hexcombat.rulesets.europa.features import required_of


def test_the_registry_finds_the_ruleset() -> None:
    ruleset = get_ruleset("armour-ratio")
    assert ruleset is RULESET
    assert ruleset.id == "armour-ratio"
    assert "rule 10" in ruleset.title


def test_example_2_tank_corps_is_3_res_of_aeca() -> None:
    report = evaluate([p("su-tank-xxx")], MINIMAL_DEFENDER)
    assert report.totals["aeca_res"] == 3
    assert only(report, "10.B.2", "Tank XXX").value == 3


def test_example_3_assault_gun_brigade_in_1941_is_1_re_of_aecd() -> None:
    stug = unit("ge-stug-x").on("1941-07")
    report = evaluate(MINIMAL_ATTACKER, [p(stug)], date="1941-07")
    assert report.totals["aecd_res"] == 1
    assert only(report, "10.B.3", "1 RE with half AECD").value == Fraction(1, 2)
    assert only(report, "10.B.3", "converts its own neutral half with its half AECD").value == (
        Fraction(1, 2)
    )


def test_example_4_panzergrenadier_division_is_2_res_of_aecd_with_1_left_neutral() -> None:
    report = evaluate(MINIMAL_ATTACKER, [p("ge-pzgr-xx")])
    assert report.totals["aecd_res"] == 2
    totals = aec_totals(situation(MINIMAL_ATTACKER, [p("ge-pzgr-xx")]))
    (division,) = totals.aecd.units
    assert division.own_res == Fraction(3, 2)
    assert division.converted_res == Fraction(1, 2)
    assert division.neutral_left == 1


def test_example_4_the_remaining_neutral_re_is_converted_by_other_units() -> None:
    report = evaluate(MINIMAL_ATTACKER, [p("ge-pzgr-xx"), p("su-tank-x")])
    assert report.totals["aecd_res"] == 4  # 2 from the division, the tank brigade 1 + 1 converted


def test_example_5_tank_brigade_converts_a_motorized_regiment() -> None:
    report = evaluate([p("su-tank-x"), p("su-mot-inf-iii")], MINIMAL_DEFENDER)
    assert report.totals["aeca_res"] == 2


def test_example_6_16_10_panzer_division_with_6_10_motorized_division_is_8_res() -> None:
    date = "1944-06"
    attackers = [p(unit("ge-pz-xx-16-10").on(date)), p(unit("ge-mot-xx-6-10"))]
    report = evaluate(attackers, MINIMAL_DEFENDER, date=date)
    assert report.totals["aeca_res"] == 8
    assert only(report, "10.B.1", "16-10 Pz XX").value == 6
    assert only(report, "10.C.1", "converts").value == 2


def test_example_7_anti_tank_regiment_and_tank_corps_each_convert_1_re_to_atec() -> None:
    for converter in ("su-at-iii", "su-tank-xxx"):
        report = evaluate([p("su-tank-x")], [p(converter), p("su-mot-xx")])
        step = only(report, "10.C.3", "converts")
        assert step.value == 1
        assert "Mot XX" in step.text


def test_example_8_intrinsic_atec_is_capped_at_the_division_size() -> None:
    defenders = [p("su-tank-x-3-2-8", 3), p("su-mot-xx-4-8")]
    totals = aec_totals(situation([p("su-tank-x")], defenders))
    division = totals.atec.units[1]
    assert division.converted_res == 3
    assert division.res == 3  # 3 conversions + 1/2 intrinsic, capped at its 3 REs
    report = evaluate([p("su-tank-x")], defenders)
    assert only(report, "10.C.3", "4-8 Mot XX:").value == 3


def test_example_9_ratio_5_1_gives_plus_3_with_half_chance_of_plus_4() -> None:
    tank_ii = inline("Tank II", Fraction(1, 2), size="II", unit_type="armour", aeca="full")
    attackers = [p("su-tank-xxx", 8), p("su-tank-x"), p(tank_ii)]
    report = evaluate(attackers, [p("su-at-x", 5)])
    assert report.totals["aeca_atec_ratio"] == "5.1:1"
    assert final_drm(report) == 3
    assert drm_chances(report) == {3: Fraction(1, 2), 4: Fraction(1, 2)}
    step = only(report, "10.C", "AECA:ATEC")
    assert step.drm == 3
    assert step.provenance == "rule"


def test_example_10_river_conversion_on_the_same_side_is_3_plus_1_over_2() -> None:
    attackers = [p("su-tank-xx", across="minor-river"), p("su-mot-inf-iii", across="minor-river")]
    report = evaluate(attackers, MINIMAL_DEFENDER)
    assert report.totals["aeca_res_before_terrain"] == 4
    assert report.totals["aeca_res"] == 2


def test_example_10_river_conversion_from_a_non_river_hexside_is_3_halves_plus_1_half() -> None:
    attackers = [p("su-tank-xx", across="minor-river"), p("su-mot-inf-iii")]
    report = evaluate(attackers, MINIMAL_DEFENDER)
    assert report.totals["aeca_res"] == 2
    assert only(report, "10.D", "Tank XX:").value == Fraction(3, 2)
    assert only(report, "10.D", "Mot Inf III").value == Fraction(1, 2)


def test_example_11_forest_behind_a_minor_river() -> None:
    attackers = [p("su-tank-xx", across="minor-river"), p("su-mot-inf-iii", across="minor-river")]
    report = evaluate(attackers, [p("ge-pzgr-xx")], terrain="forest")
    assert report.totals["aeca_res"] == report.totals["aeca_res_before_terrain"] / 4
    assert report.totals["aecd_res"] == report.totals["aecd_res_before_terrain"] / 2
    assert report.totals["atec_res"] == 2  # unaffected: as without terrain
    plain = evaluate(attackers, [p("ge-pzgr-xx")])
    assert plain.totals["atec_res"] == 2


def test_example_12_required_aeca_losses_are_capped_at_the_atec() -> None:
    attackers = [p(unit("su-tank-xxx", attack=4), 4)]
    defenders = [p(unit("su-at-x", defence=8), 4)]
    report = evaluate(attackers, defenders)
    assert report.totals["aeca_res"] == 12
    assert report.totals["atec_res"] == 4
    result = RULESET.resolve(report, ScriptedDice([1]))
    assert result.attacker.loss_points == 8
    assert required_of(result, "attacker").required_losses == 4
    step = only(result.steps, "10.F.1", "the attacker used")
    assert "the other 4 may come from any units" in step.text


def test_example_12_through_required_losses() -> None:
    analysis = RULESET.analyse(situation([p("su-tank-xxx", 4)], [p("su-at-x", 4)]), Explanation())
    assert required_losses(analysis.use, 8, 0).attacker == 4


def test_example_13_anti_tank_brigade_in_forest_causes_2_res_of_required_losses() -> None:
    report = evaluate([p("su-tank-xx")], [p("su-at-x")], terrain="forest")
    assert report.totals["atec_res"] == 1
    assert report.totals["atec_res_for_losses"] == 2
    result = RULESET.resolve(report, ScriptedDice([5]))
    assert result.attacker.loss_points >= 2
    assert required_of(result, "attacker").required_losses == 2


def test_example_14_heavy_armour_by_count_4_against_2_gives_plus_1() -> None:
    attackers = [
        p("su-hv-tank-xx", 2),
        p("su-hv-tank-x", 2),
        p("su-tank-x", 2),
        p("su-art-iii", 2),
    ]
    defenders = [p("ax-inf-xx"), p("ax-hv-mot-aa-iii")]
    report = evaluate(attackers, defenders, terrain="woods", weather="clear")
    assert report.totals["heavy_armour_attacker"] == 4
    assert report.totals["heavy_atec_defender"] == 2
    step = only(report, "10.I.1")
    assert step.value == "2:1"
    assert step.drm == 1
    assert step.provenance == "rule"
    assert "printed example says three" in step.text
