"""Worked example 14D2d through ``evaluate``: every number the rules text states."""

from __future__ import annotations

from fractions import Fraction

from tw_helpers import evaluate, golden_attack, golden_defence, steps

from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import Report, drm_chances, final_drm
from meaning import each_says


def golden() -> Report:
    return evaluate(golden_attack(), golden_defence(), terrain="woods", weather="clear")


def test_the_registry_finds_the_ruleset() -> None:
    ruleset = get_ruleset("total-war")
    assert ruleset.id == "total-war"
    assert "14D2" in ruleset.title


def test_14d2d_totals_are_the_example_s() -> None:
    totals = golden().totals
    assert totals["attack_non_artillery_res"] == 10  # 3 + 2 x2 + 1 + 1 x2
    assert totals["heavy_armour_attack_res"] == 2  # 1 RE each from the Hv Tank XX and X
    assert totals["aeca_res"] == 6  # "six REs of AECA"
    assert totals["defence_non_artillery_res"] == Fraction(7, 2)  # 3 + 0.5
    assert totals["heavy_antitank_defence_res"] == 1  # the Hv Mot AA II counts 1 RE
    assert totals["atec_res"] == Fraction(1, 2)  # "The .5 RE of ATEC"
    assert totals["aecd_res"] == 0


def test_14d2d_steps_in_the_example_s_order_with_its_values() -> None:
    report = golden()
    contributing = [(s.rule, s.value, s.drm) for s in report.steps if s.drm]
    assert contributing == [
        ("14D2a", Fraction(1, 5), 1),  # heavy 2 of 10 = 1/5 -> +1
        ("14D2d", Fraction(3, 5), 2),  # AECA 6 of 10, more than 1/2 -> +2
        ("14D2c", Fraction(2, 7), -1),  # heavy AT 1 of 3.5 -> -1
        ("14D2d", Fraction(1, 7), -1),  # ATEC 0.5 of 3.5 = 1/7 -> -1
    ]
    (attack_total,) = [s for s in steps(report, "14D2a") if s.drm is None]
    assert attack_total.value == 10
    assert "Art III x2" in attack_total.text  # artillery left out
    defence_total = steps(report, "14D2b")[0]
    assert defence_total.value == Fraction(7, 2)
    assert "1/5" in steps(report, "14D2a")[1].text
    assert "1/7" in [s for s in steps(report, "14D2d") if s.drm == -1][0].text


def test_14d2d_net_modifier_is_plus_one() -> None:
    report = golden()
    assert final_drm(report) == 1
    assert drm_chances(report) == {1: Fraction(1)}
    assert sum(s.drm for s in report.steps if s.drm) == 1


def test_14d2d_woods_and_clear_weather_allow_aec_by_the_rule() -> None:
    report = golden()
    terrain, weather = [s for s in report.steps if s.value == "allows AEC"]
    assert (terrain.rule, terrain.provenance) == ("14D2d", "rule")
    assert (weather.rule, weather.provenance) == ("14D2d", "rule")
    # no chart value but the generic combat results table is assumed in this example; the
    # texts print no strengths, so each unit's attack (attacking) or defence (defending) is
    assert each_says(
        [w for w in report.warnings if not w.startswith("CRT")],
        dict(names=["Hv Tank XX", "Rifle XX", "Hv Tank X", "Art III", "Inf XX", "Hv Mot AA II"]),
        dict(rules=["14D2"], figures=["10", "10"], names=["AECA", "ATEC"]),
    )


def test_14d2d_report_json_carries_the_design_fields() -> None:
    data = golden().to_json()
    assert data["ruleset"] == "total-war"
    assert data["drm"] == 1
    assert data["totals"]["aeca_res"] == 6
    assert data["totals"]["atec_res"] == 0.5
    assert {"rule", "text", "value", "drm", "provenance"} <= set(data["steps"][0])
    assert abs(sum(o["probability"] for o in data["outcomes"]) - 1) < 1e-12
    assert data["drm_distribution"] == [{"drm": 1, "probability": 1.0, "exact": "1"}]
