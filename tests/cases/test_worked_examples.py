"""The rulebooks' worked examples (docs/rules.md 1-16), each a scenario file in this folder whose
``[expect]`` table holds the numbers the rules text states. Each runs through the real command,
``hexcombat explain FILE --json`` (in the test's process: ``tests/hexcombat_cli.py``), and every
stated number must come out exactly."""

from __future__ import annotations

import math
import tomllib
from pathlib import Path
from typing import Any

import pytest

from hexcombat_cli import explain_json

CASES = Path(__file__).parent
CASE_FILES = sorted(p for p in CASES.glob("*.toml") if "expect" in tomllib.loads(p.read_text()))


def explain(path: Path, rolls: list[int] | None = None) -> dict[str, Any]:
    """``hexcombat explain --json`` on a case (in this process): the printed JSON."""
    return explain_json(path, *(rolls or []))


def same(found: object, expected: object) -> bool:
    """Numbers compare exactly up to float rounding of fractions like 1/7; others by equality."""
    if isinstance(expected, (int, float)) and isinstance(found, (int, float)):
        return math.isclose(found, expected, rel_tol=1e-9, abs_tol=1e-9)
    return found == expected


def matches(step: dict[str, Any], want: dict[str, Any]) -> bool:
    """Does a report step satisfy an expected step (rule, and text/value/drm when given)?"""
    if step["rule"] != want["rule"]:
        return False
    if "text" in want and want["text"].lower() not in step["text"].lower():
        return False
    if "value" in want and not same(step["value"], want["value"]):
        return False
    return "drm" not in want or step["drm"] == want["drm"]


def test_there_is_a_case_for_every_worked_example() -> None:
    examples = {tomllib.loads(p.read_text())["expect"].get("example") for p in CASE_FILES}
    assert set(range(1, 17)) <= examples, f"missing examples: {set(range(1, 17)) - examples}"


@pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_worked_example(path: Path) -> None:
    expect = tomllib.loads(path.read_text())["expect"]
    result_expect = expect.get("result")
    report = explain(path, result_expect.get("rolls") if result_expect else None)
    if "drm" in expect:
        assert report["drm"] == expect["drm"], f"{path.name}: final DRM"
    for key, value in expect.get("totals", {}).items():
        assert key in report["totals"], f"{path.name}: no total {key!r}"
        assert same(report["totals"][key], value), f"{path.name}: {key}"
    for want in expect.get("step", []):
        assert any(matches(step, want) for step in report["steps"]), (
            f"{path.name}: no step {want} in\n"
            + "\n".join(
                f"  {s['rule']}: {s['text']} = {s['value']} [{s['drm']}]" for s in report["steps"]
            )
        )
    if "drm_distribution" in expect:
        found = {d["drm"]: d["probability"] for d in report["drm_distribution"]}
        wanted = {d["drm"]: d["probability"] for d in expect["drm_distribution"]}
        assert found.keys() == wanted.keys(), f"{path.name}: DRM chances"
        assert all(same(found[d], wanted[d]) for d in wanted)
    if result_expect:
        result = report["result"]
        for side in ("attacker", "defender"):
            for key, value in result_expect.get(side, {}).items():
                assert same(result[side][key], value), f"{path.name}: result {side}.{key}"
        for key in ("result", "advance", "drm"):
            if key in result_expect:
                assert result[key] == result_expect[key], f"{path.name}: result {key}"
        for want in result_expect.get("step", []):
            assert any(matches(step, want) for step in result["steps"]), (
                f"{path.name}: no result step {want} in\n"
                + "\n".join(f"  {s['rule']}: {s['text']} = {s['value']}" for s in result["steps"])
            )
