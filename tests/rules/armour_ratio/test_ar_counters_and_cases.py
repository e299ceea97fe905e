"""The shipped counter set holds every unit of examples 2-14 with the values the texts give, and
each scenario file ``tests/cases/ar-*.toml`` states numbers that ``evaluate`` reproduces."""

from __future__ import annotations

import math
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from ar_helpers import COUNTERS, REPO, unit

from hexcombat.game.scenario import load_scenario
from hexcombat.rules.counters import counters_from_source
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.report import drm_chances, final_drm
from hexcombat.rulesets.armour_ratio import RULESET, conversion_capacity
from hexcombat.rulesets.europa.units import AecValue, europa
from hexcombat.sourcefile import TomlSource

CASES = sorted((REPO / "tests" / "cases").glob("ar-*.toml"))


def test_the_counter_file_has_no_problems() -> None:
    source = TomlSource.load(REPO / "counters" / "armour-ratio.toml")
    counters, problems = counters_from_source(source)
    assert problems == []
    assert source.data["game"] == "armour-ratio"
    assert len(counters) == 19


def test_units_of_the_examples_have_the_values_the_texts_give() -> None:
    corps = europa(unit("su-tank-xxx"))
    assert (corps.re, corps.aeca) == (3, AecValue.FULL)  # 10.B.2
    stug_1941 = unit("ge-stug-x").on("1941-07")
    assert (europa(stug_1941).re, europa(stug_1941).aecd) == (1, AecValue.HALF)  # 10.B.3
    assert europa(unit("ge-stug-x").on("1944-01")).aecd == AecValue.DOUBLE  # 10.B.1: later double
    pzgr = unit("ge-pzgr-xx")
    assert (europa(pzgr).re, europa(pzgr).aecd, conversion_capacity(pzgr)) == (3, AecValue.HALF, 1)
    panzer = unit("ge-pz-xx-16-10").on("1944-06")
    assert (panzer.attack, europa(panzer).aeca, conversion_capacity(panzer)) == (
        16, AecValue.DOUBLE, 2
    )
    motorized = europa(unit("ge-mot-xx-6-10"))
    assert (motorized.re, motorized.aeca) == (2, AecValue.NEUTRAL)
    assert europa(unit("su-mot-xx-4-8")).intrinsic_atec == Fraction(1, 2)  # 10.C.3
    assert (unit("su-tank-x-3-2-8").attack, unit("su-tank-x-3-2-8").defence) == (3, 2)
    assert europa(unit("su-at-x")).atec == AecValue.FULL  # 10.F.2: 1 RE of ATEC
    assert europa(unit("ax-hv-mot-aa-iii")).heavy_atec_units == 2  # docs/rules.md, 10.I.3
    assert europa(unit("ax-hv-aa-x-2-10")).heavy_atec_units == 2  # 10.I.3
    assert europa(unit("su-hv-tank-xx")).heavy_armour and europa(unit("su-hv-tank-x")).heavy_armour
    assert not europa(unit("su-art-iii")).motorized  # never converted to AEC (10.B.4)
    assert {"su-tank-x", "su-mot-inf-iii", "su-at-iii", "su-mot-xx", "su-tank-xx"} <= set(
        COUNTERS.counters
    )


def test_the_scenario_files_cover_examples_2_to_14() -> None:
    examples = {tomllib.loads(path.read_text())["expect"].get("example") for path in CASES}
    assert examples - {None} == set(range(2, 15))  # besides: cases of rules without an example


def _same(found: object, expected: object) -> bool:
    if isinstance(expected, (int, float)) and isinstance(found, (int, float, Fraction)):
        return math.isclose(float(found), expected, abs_tol=1e-9)
    return found == expected


def _step_matches(step: Any, want: dict[str, Any]) -> bool:
    return (
        step.rule == want["rule"]
        and want.get("text", "").lower() in step.text.lower()
        and ("value" not in want or _same(step.value, want["value"]))
        and ("drm" not in want or step.drm == want["drm"])
    )


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_scenario_expectations_hold_through_evaluate(path: Path) -> None:
    scenario = load_scenario(path)
    assert scenario.ruleset == "armour-ratio"
    expect = scenario.data["expect"]
    report = RULESET.evaluate(scenario.situation())
    if "drm" in expect:
        assert final_drm(report) == expect["drm"]
    for key, value in expect.get("totals", {}).items():
        assert _same(report.totals[key], value), key
    for want in expect.get("step", []):
        assert any(_step_matches(s, want) for s in report.steps), want
    if "drm_distribution" in expect:
        wanted = {d["drm"]: d["probability"] for d in expect["drm_distribution"]}
        assert drm_chances(report).keys() == wanted.keys()
        assert all(_same(drm_chances(report)[d], p) for d, p in wanted.items())
    if "result" in expect:
        result = RULESET.resolve(report, ScriptedDice(expect["result"]["rolls"]))
        for side in ("attacker", "defender"):
            for key, value in expect["result"].get(side, {}).items():
                # as explain --json gives each side's figures (10.F's among them)
                assert _same(result.to_json()[side][key], value), f"{side}.{key}"
