"""Proportion-based armour effects (Rule 10 as 14D2d uses it): AECA and ATEC shares, the known
chart points, assumed entries warned, chances, and what the texts leave out (AECD)."""

from __future__ import annotations

from fractions import Fraction

from tw_helpers import evaluate, golden_attack, golden_defence, inline, p

from hexcombat.rules.explain import Step
from hexcombat.rules.report import Report, final_drm
from hexcombat.rules.situation import Participant
from hexcombat.rulesets.europa.units import AecValue
from meaning import each_says, one_says

FULL, HALF, DOUBLE = AecValue.FULL, AecValue.HALF, AecValue.DOUBLE


def aeca_step(report: Report) -> Step:
    (step,) = [s for s in report.steps if s.text.startswith("AECA")]
    return step


def atec_step(report: Report) -> Step:
    (step,) = [s for s in report.steps if s.text.startswith("ATEC")]
    return step


def tank(re: int | str, aec: AecValue = FULL) -> Participant:
    return p(inline("Tank", re, aeca=aec, unit_type="armour"))


def inf(re: int | str) -> Participant:
    return p(inline("Inf", re))


def test_aeca_more_than_half_is_the_known_plus_two() -> None:
    report = evaluate([tank(6), inf(4)], [inf(3)], terrain="woods")
    step = aeca_step(report)
    assert (step.rule, step.value, step.drm, step.provenance) == (
        "14D2d",
        Fraction(3, 5),
        2,
        "rule",
    )
    assert "more than 1/2" in step.text
    assert not [w for w in report.warnings if not w.startswith(("CRT", "10: Total War's"))]
    clear = evaluate([tank(6), inf(4)], [inf(3)], terrain="clear")
    assert one_says(clear.warnings, figures=["10"], names=["assumed", "clear terrain allows AEC"])


def test_aeca_exactly_half_uses_an_assumed_entry_and_warns() -> None:
    report = evaluate([tank(5), inf(5)], [inf(3)])
    step = aeca_step(report)
    assert (step.value, step.drm, step.provenance, step.rule) == (
        Fraction(1, 2),
        1,
        "assumed",
        "10",
    )
    assert any(w.startswith("10: assumed chart value used (AECA") for w in report.warnings)


def test_aeca_counts_double_half_and_leaves_artillery_out() -> None:
    art = p(inline("SP Art", 1, artillery=True, aeca=FULL))
    report = evaluate([tank(1, DOUBLE), tank(2, HALF), inf(7), art], [inf(3)])
    assert report.totals["aeca_res"] == 3  # 1 x2 + 2 x1/2; the artillery's AECA stays out
    assert report.totals["attack_non_artillery_res"] == 10


def test_no_aeca_means_no_armour_step_drm_and_no_atec_effect() -> None:
    defence = [p(inline("AT", 1, atec=FULL)), inf(2)]
    report = evaluate([inf(4)], defence)
    step = atec_step(report)
    assert step.drm is None
    assert "the attacker uses no AEC" in step.text
    assert final_drm(report) == 0


def test_terrain_forbidding_aec_stops_aeca_and_so_atec() -> None:
    report = evaluate([tank(6), inf(4)], [p(inline("AT", 1, atec=FULL)), inf(2)], terrain="forest")
    assert aeca_step(report).drm is None
    assert "forest terrain does not allow AEC" in aeca_step(report).text
    assert atec_step(report).drm is None
    assert any("forest terrain does not allow AEC" in w for w in report.warnings)  # assumed


def test_atec_one_seventh_is_the_known_minus_one() -> None:
    report = evaluate([tank(6), inf(4)], [p(inline("AT", "1/2", atec=FULL)), inf(3)])
    step = atec_step(report)
    assert (step.rule, step.value, step.drm, step.provenance) == (
        "14D2d",
        Fraction(1, 7),
        -1,
        "rule",
    )


def test_atec_other_shares_are_assumed() -> None:
    report = evaluate([tank(6), inf(4)], [p(inline("AT", 2, atec=FULL)), inf(2)])
    step = atec_step(report)
    assert (step.value, step.drm, step.provenance) == (Fraction(1, 2), -2, "assumed")


def test_no_atec_against_aeca_says_so() -> None:
    report = evaluate([tank(6), inf(4)], [inf(3)])
    assert each_says(
        [s.text for s in report.steps if "ATEC" in s.text],
        dict(names=["no defending ATEC", "no antitank effect"]),
    )


def test_defending_aecd_is_counted_but_its_effect_is_not_invented() -> None:
    report = evaluate([inf(4)], [p(inline("Pz", 2, aecd=FULL)), inf(1)])
    assert report.totals["aecd_res"] == 2
    (step,) = [s for s in report.steps if "AECD" in s.text]
    assert step.drm is None
    assert any("AECD effect is not in the rules texts" in w for w in report.warnings)


def test_date_changes_apply_before_counting() -> None:
    gun = p("ge-hv-aslt-gun-ii")
    before = evaluate([inf(4)], [gun, inf(1)], date="1943-12")
    after = evaluate([inf(4)], [gun, inf(1)], date="1944-01")
    assert before.totals["aecd_res"] == Fraction(1, 4)  # half of 0.5 RE
    assert after.totals["aecd_res"] == Fraction(1, 2)  # full from 1944-01


def test_declining_aec_is_not_a_total_war_choice_and_is_warned() -> None:
    declined = evaluate(
        golden_attack(), golden_defence(), terrain="woods", attacker_declines_aec=True
    )
    plain = evaluate(golden_attack(), golden_defence(), terrain="woods")
    assert final_drm(declined) == final_drm(plain) == 1  # 14D2d still nets +1: nothing is waived
    assert one_says(
        declined.warnings, rules=["10.F", "14D2"], names=["armour-ratio", "attacker", "AEC", "ATEC"]
    )
    assert not [w for w in plain.warnings if w.startswith("10.F")]


REQUIRED_LOSSES_WARNING = (
    "10: Total War's required armour losses (the Rule 10 that 14D2 builds on) are not in the "
    "rules texts: no loss is required from the AECA or ATEC units"
)


def test_aec_used_warns_that_total_war_requires_no_armour_losses() -> None:
    # 6 of 10 REs AECA into woods (14D2d allows AEC there): the +2 is used, and the result
    # will ask no armour losses, which the texts do not give for Total War
    report = evaluate([tank(6), inf(4)], [inf(3)], terrain="woods")
    assert REQUIRED_LOSSES_WARNING in report.warnings


def test_atec_against_aec_warns_once() -> None:
    at = p(inline("AT", 1, atec=FULL, unit_type="anti-tank"))
    report = evaluate([tank(6), inf(4)], [inf(3), at], terrain="woods")
    assert report.warnings.count(REQUIRED_LOSSES_WARNING) == 1


def test_no_armour_effect_used_no_required_losses_warning() -> None:
    # ATEC only answers AECA: against an attacker without AEC neither is used
    at = p(inline("AT", 1, atec=FULL, unit_type="anti-tank"))
    report = evaluate([inf(4)], [inf(3), at], terrain="woods")
    assert REQUIRED_LOSSES_WARNING not in report.warnings


def test_a_final_modifier_that_sums_an_assumed_term_is_assumed() -> None:
    """A value computed from an assumed value is assumed: the combat die roll modifier that
    adds the assumed ATEC -2 (a 1/2 share, a point the texts do not give) is marked so and
    names its rule; infantry alone against infantry sums no assumed term: the rule."""
    report = evaluate([tank(6), inf(4)], [p(inline("AT", 2, atec=FULL)), inf(2)])
    (final,) = [s for s in report.steps if s.text.startswith("combat die roll modifier")]
    assert final.provenance == "assumed" and "from assumed values: " in final.text
    plain = evaluate([inf(4)], [inf(2)])
    (final,) = [s for s in plain.steps if s.text.startswith("combat die roll modifier")]
    assert final.provenance == "rule"
