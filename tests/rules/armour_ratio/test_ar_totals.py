"""AECA, AECD and ATEC totals: values, conversions within stacks, double ATEC, intrinsic ATEC
and terrain on AEC REs (10.B, 10.C, 10.D)."""

from __future__ import annotations

from fractions import Fraction

from ar_helpers import MINIMAL_DEFENDER, evaluate, inline, only, p, situation, steps, unit

from hexcombat.rulesets.armour_ratio import aec_totals
from hexcombat.rulesets.europa.units import AecValue, europa
from meaning import one_says, says, says_in


def aeca(*attackers, **conditions):  # type: ignore[no-untyped-def]
    return aec_totals(situation(list(attackers), MINIMAL_DEFENDER, **conditions)).aeca


def defence(*defenders, **conditions):  # type: ignore[no-untyped-def]
    return aec_totals(situation([p("su-tank-x")], list(defenders), **conditions))


def test_double_counts_two_res_per_re_and_none_counts_nothing() -> None:
    assert aeca(p(unit("su-tank-xx", aeca=AecValue.DOUBLE))).res == 6  # 10.B.1
    assert aeca(p(unit("su-tank-xx", aeca=AecValue.NONE)), p("su-mot-inf-iii")).res == 0
    none_unit = unit("su-mot-inf-iii", aeca=AecValue.NONE)
    assert aeca(p("su-tank-x"), p(none_unit)).res == 1  # 10.B.5: never converted


def test_conversions_happen_only_within_a_stack() -> None:
    apart = aeca(p("su-tank-x", stack="a"), p("su-mot-inf-iii", stack="b"))
    together = aeca(p("su-tank-x", stack="a"), p("su-mot-inf-iii", stack="a"))
    one_big_stack = aeca(p("su-tank-x"), p("su-mot-inf-iii"))
    assert (apart.res, together.res, one_big_stack.res) == (1, 2, 2)


def test_a_converter_converts_no_more_than_its_capacity() -> None:
    corps = aeca(p("su-tank-xxx"), p("su-mot-inf-iii", 2))
    assert corps.res == 4  # 3 + 1: a corps converts 1 RE (10.C.1)
    assert corps.units[1].neutral_left == 1
    brigades = aeca(p("su-tank-x", 2), p("su-mot-inf-iii", 2))
    assert brigades.res == 4


def test_types_that_may_not_be_converted_to_aec_stay_out() -> None:
    art = p("su-art-iii")
    report = evaluate([p("su-tank-x"), art], MINIMAL_DEFENDER)
    assert report.totals["aeca_res"] == 1
    step = only(report, "10.B.4", "Art III")
    assert says_in(step.text, names=["non-motorized artillery", "may not be converted", "AEC"])
    mot_art = p(unit("su-art-iii", motorized=True))
    assert aeca(p("su-tank-x"), mot_art).res == 2


def test_mortars_and_rockets_are_not_converted_to_atec_but_artillery_is() -> None:
    mortar = p(inline("Mortar III", 1, size="III", unit_type="mortar", atec="neutral"))
    assert defence(p("su-at-iii"), mortar).atec.res == 1
    assert defence(p("su-at-iii"), p("su-art-iii")).atec.res == 2


def test_double_atec_needs_fortification_and_three_times_its_res_of_infantry() -> None:
    at = p(unit("su-at-iii").on("1943-08"))
    assert europa(at.unit).atec == AecValue.DOUBLE
    infantry = p("ax-inf-xx")  # 3 REs of infantry: three times the 1 RE regiment
    plain = evaluate([p("su-tank-x")], [at, infantry])
    assert plain.totals["atec_res"] == 2  # full 1 + 1 converted
    assert "not fortified or entrenched" in only(plain, "10.B.1").text
    for held in ({"fortified": True}, {"entrenched": True}):
        report = evaluate([p("su-tank-x")], [at, infantry], **held)
        assert report.totals["atec_res"] == 3  # double 2 + 1 converted
    thin = evaluate([p("su-tank-x")], [at, p("su-mot-inf-iii", 2)], fortified=True)
    assert thin.totals["atec_res"] == 2  # full 1 + 1 converted: only 2 infantry REs, not 3
    assert "not the 3 it needs" in only(thin, "10.B.1").text


def test_two_double_atec_units_share_the_infantry() -> None:
    at = unit("su-at-iii").on("1943-08")
    totals = defence(p(at, 2), p("ax-inf-xx", 1), fortified=True)
    assert [u.own_res for u in totals.atec.units] == [3, 0]  # one double, one only full


def test_assault_guns_count_double_atec_without_conditions() -> None:
    stug = unit("ge-stug-x").on("1944-01")
    assert defence(p(stug)).atec.res == 2


def test_intrinsic_atec_converts_nothing() -> None:
    totals = defence(p("su-mot-xx-4-8"), p("ax-inf-xx"))
    assert totals.atec.res == Fraction(1, 2)
    assert totals.atec.intrinsic == Fraction(1, 2)
    assert totals.atec.non_intrinsic == 0
    assert totals.atec.conversions == ()


def test_intrinsic_atec_adds_to_conversions_below_the_cap() -> None:
    totals = defence(p("su-tank-x"), p("su-mot-xx-4-8"))
    assert totals.atec.units[1].res == Fraction(3, 2)  # 1 converted + 1/2 intrinsic


def test_half_units_convert_their_own_half_first() -> None:
    # The panzergrenadier division's own 1/2 RE conversion goes to its own neutral half; the
    # tank brigade then converts 1 RE of what is left (10.B.3).
    totals = defence(p("ge-pzgr-xx"), p("su-tank-x"))
    assert totals.aecd.res == 4
    assert totals.aecd.units[0].neutral_left == 0


def test_a_half_atec_units_neutral_half_is_converted_only_by_itself() -> None:
    # 10.B.4: neutral REs may be converted to ATEC only "if they have no ATEC abilities of their
    # own". The PzGr XX (3 REs, half ATEC) counts 1 1/2, converts 1/2 of its own neutral half
    # (10.B.3) and keeps 1 RE neutral that the Tank X may not convert: 1.5 + 0.5 + the Tank X's
    # own 1 = 3 REs of ATEC. For AECD the Tank X does convert it (10.B.3: "could be converted by
    # other units"): 1.5 + 0.5 + 1 + 1 = 4.
    report = evaluate([p("su-tank-x")], [p("ge-pzgr-xx"), p("su-tank-x")])
    totals = defence(p("ge-pzgr-xx"), p("su-tank-x"))
    assert totals.atec.res == 3
    assert totals.atec.units[0].neutral_left == 1
    assert [(c.converter, c.converted, c.res) for c in totals.atec.conversions] == [
        (0, 0, Fraction(1, 2))
    ]
    assert totals.aecd.res == 4
    step = only(report, "10.B.4", "PzGr XX")
    assert says(step.text, figures=["1"], names=["PzGr XX", "RE", "ATEC"])
    assert step.value == 1


def test_an_assault_gun_converts_its_own_half_atec() -> None:
    # 10.B.3: the 1941 assault gun brigade's 1/2 RE converts its own other 1/2 RE: 1 RE
    totals = defence(p("ge-stug-x"), p("su-tank-x"))
    assert totals.atec.units[0].res == 1
    assert totals.atec.res == 2


def test_forest_halves_aecd_and_leaves_atec() -> None:
    totals = defence(p("su-tank-xx"), terrain="forest")
    assert (totals.aecd.res_before_terrain, totals.aecd.res) == (3, Fraction(3, 2))
    assert totals.atec.res == 3


def test_a_converter_off_the_river_converts_a_unit_across_it_at_the_unit_rate() -> None:
    totals = aeca(p("su-tank-xx"), p("su-mot-inf-iii", across="minor-river"))
    assert totals.res == Fraction(7, 2)  # 3 + 1/2
    assert totals.conversions[0].value == Fraction(1, 2)


def test_motorized_infantry_at_full_strength_into_forest_is_not_neutral() -> None:
    report = evaluate([p("su-tank-xx"), p("su-mot-inf-iii")], MINIMAL_DEFENDER, terrain="forest")
    assert report.totals["aeca_res_before_terrain"] == 3
    assert "no longer neutral for AECA conversions" in only(report, "10.D", "Mot Inf III").text
    across = evaluate(
        [p("su-tank-xx", across="minor-river"), p("su-mot-inf-iii", across="minor-river")],
        MINIMAL_DEFENDER,
        terrain="forest",
    )
    assert across.totals["aeca_res_before_terrain"] == 4  # halved by the river: still neutral


def test_terrain_steps_carry_the_chart_provenance() -> None:
    ruled = evaluate([p("su-tank-xx", across="minor-river")], MINIMAL_DEFENDER)
    assert only(ruled, "10.D", "Tank XX:").provenance == "rule"
    assumed = evaluate([p("su-tank-xx", across="major-river")], MINIMAL_DEFENDER)
    step = only(assumed, "10.D", "Tank XX:")
    assert step.provenance == "assumed"
    assert one_says(assumed.warnings, partly=True, rules=["10.D"], names=["assumed", "Tank XX"])


def test_conversion_steps_say_why() -> None:
    report = evaluate([p("su-tank-xxx"), p("su-mot-inf-iii", 2)], MINIMAL_DEFENDER)
    step = only(report, "10.C.1", "converts")
    assert says(step.text, figures=["1", "2", "1"], names=["Tank XXX", "Mot Inf III", "RE", "AECA"])
    assert steps(report, "10.C.1", "AECA total before terrain")[0].value == 4


def test_per_unit_contributions_add_up_to_the_totals() -> None:
    totals = aeca(p("ge-pz-xx-16-10"), p("ge-mot-xx-6-10"), p("su-tank-x", across="minor-river"))
    assert sum(u.total for u in totals.units) == totals.res
    assert sum(u.res for u in totals.units) == totals.res_before_terrain


def test_two_at_regiments_with_four_infantry_res_say_which_counts_double() -> None:
    # 10.B.1, read per unit with each infantry RE counted once: two Soviet AT III (1 RE each,
    # double ATEC from 1943-07) fortified with 4 infantry REs. The first takes 3 infantry REs and
    # counts double (2 REs), the second has 1 left, not 3, and counts full (1 RE): 3 REs of ATEC.
    rifle = inline("Rifle XX", 2, size="XX", unit_type="rifle")
    report = evaluate(
        [p("su-tank-xxx", 2)], [p("su-at-iii", 2), p(rifle, 2)], date="1943-07", fortified=True
    )
    assert report.totals["atec_res"] == 3
    double, full, total = steps(report, "10.B.1")
    assert says_in(double.text, figures=["1", "2"], names=["AT III", "fortified or entrenched"])
    assert double.text.endswith(": double") and double.value == 2
    assert says_in(full.text, figures=["1", "2"], names=["AT III", "double ATEC", "only full"])
    assert "1 left, not the 3 it needs" in full.text and full.value == 1
    assert says(
        total.text, figures=["2", "1", "2", "1", "1", "3"], names=["AT III", "RE", "ATEC", "REs"]
    )
    assert total.value == double.value + full.value == report.totals["atec_res"]
    assert one_says(
        report.warnings,
        partly=True,
        rules=["10.B.1"],
        figures=["1", "2"],
        names=["AT III", "only full"],
    )
