"""The ``tests/cases/tw-*.toml`` worked examples, read straight into the rules (no CLI): the
numbers under ``[expect]`` are the rules text's and must come out of ``evaluate`` / the air rules.
"""

from __future__ import annotations

import math
import tomllib
from pathlib import Path
from typing import Any

import pytest
from tw_helpers import COUNTERS, REPO

from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import unit_from_mapping
from hexcombat.rulesets.europa.air import evaluate_air_scenario, load_air_counters
from hexcombat.rulesets.total_war import RULESET

CASES = sorted((REPO / "tests" / "cases").glob("tw-*.toml"))
AIR_COUNTERS = load_air_counters([REPO / "counters" / "total-war-air.toml"])
PLACEMENT = ("counter", "count", "across", "range", "hex", "stack")


def ground_report(data: dict[str, Any]) -> dict[str, Any]:
    sides: dict[str, list[Participant]] = {"attacker": [], "defender": []}
    for side, entries in sides.items():
        for i, entry in enumerate(data[side]):
            base = COUNTERS[entry["counter"]] if "counter" in entry else None
            unit_keys = {k: v for k, v in entry.items() if k not in PLACEMENT}
            unit = unit_from_mapping(unit_keys, f"{side} {i + 1}", base=base)
            entries.append(
                Participant(
                    unit,
                    entry.get("count", 1),
                    across=entry.get("across"),
                    range=entry.get("range", 1),
                )
            )
    situation = CombatSituation(
        data["ruleset"],
        tuple(sides["attacker"]),
        tuple(sides["defender"]),
        Conditions(**data.get("conditions", {})),
    )
    return RULESET.evaluate(situation).to_json()


def same(found: object, expected: object) -> bool:
    if isinstance(expected, int | float) and isinstance(found, int | float):
        return math.isclose(found, expected, rel_tol=1e-12, abs_tol=1e-12)
    return found == expected


def matches(step: dict[str, Any], want: dict[str, Any]) -> bool:
    return (
        step["rule"] == want["rule"]
        and ("text" not in want or want["text"].lower() in step["text"].lower())
        and ("value" not in want or same(step["value"], want["value"]))
        and ("drm" not in want or step["drm"] == want["drm"])
    )


def test_the_golden_cases_are_all_here() -> None:
    examples = {tomllib.loads(p.read_text())["expect"]["example"] for p in CASES}
    assert {1, 15, 16} <= examples


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case_gives_the_numbers_the_rules_text_states(path: Path) -> None:
    data = tomllib.loads(path.read_text())
    expect = data["expect"]
    if "air" in data:
        report = evaluate_air_scenario(data, AIR_COUNTERS).to_json()
    else:
        report = ground_report(data)
    assert report["ruleset"] == "total-war"
    if "drm" in expect:
        assert report["drm"] == expect["drm"]
    for key, value in expect.get("totals", {}).items():
        assert same(report["totals"][key], value), key
    for want in expect.get("step", []):
        assert any(matches(step, want) for step in report["steps"]), want
