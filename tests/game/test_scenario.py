"""Scenario files: counters or inline units, conditions, and every mistake located by line."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from hexcombat.game.scenario import load_scenario
from hexcombat.rules.registry import ruleset_ids
from hexcombat.rulesets.europa.units import AecValue, europa
from hexcombat.sourcefile import SourceError
from meaning import one_says, says, says_in

INLINE = """\
ruleset = "total-war"
title = "inline units"

[conditions]
terrain = "woods"
weather = "clear"
date = "1943-07"

[[attacker]]
name = "Tank X"
size = "X"
aeca = "full"
count = 2
across = "minor-river"

[[defender]]
name = "Hv Mot AA II"
size = "II"
heavy_antitank = true
atec = "full"
"""


def write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_inline_units_become_participants(tmp_path: Path) -> None:
    scenario = load_scenario(write(tmp_path, INLINE))
    situation = scenario.situation()
    assert situation.ruleset == "total-war"
    assert situation.conditions.terrain == "woods"
    (tank,) = situation.attackers
    assert tank.count == 2 and tank.across == "minor-river"
    assert europa(tank.unit).re == 1 and europa(tank.unit).aeca is AecValue.FULL
    (aa,) = situation.defenders
    assert europa(aa.unit).re == Fraction(1, 2) and europa(aa.unit).heavy_antitank


def test_dated_capabilities_resolve_on_the_scenario_date(tmp_path: Path) -> None:
    text = INLINE.replace(
        'aeca = "full"\ncount = 2',
        'aeca = "half"\ncount = 2\nchanges = [{ date = "1943-01", aeca = "double" }]',
    )
    (tank,) = load_scenario(write(tmp_path, text)).situation().attackers
    # 10.H: the 1943-01 change is in force in 1943-07
    assert europa(tank.unit).aeca is AecValue.DOUBLE


def problems(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(SourceError) as caught:
        load_scenario(write(tmp_path, text))
    return [str(p) for p in caught.value.problems]


def test_unknown_counter_names_the_line(tmp_path: Path) -> None:
    text = INLINE.replace('name = "Tank X"\nsize = "X"', 'counter = "no-such-counter"')
    (message,) = problems(tmp_path, text)
    assert says_in(
        message, at=(str(tmp_path / "s.toml"), 10), names=["'no-such-counter'", "unknown"]
    )


def test_bad_capability_value_cites_10b(tmp_path: Path) -> None:
    (message,) = problems(tmp_path, INLINE.replace('aeca = "full"', 'aeca = "lots"'))
    assert says(
        message,
        at=(str(tmp_path / "s.toml"), 12),
        rules=["10.B"],
        figures=["1"],
        names=["'lots'", "attacker"],
    )


def test_unknown_ruleset_and_condition_are_both_reported(tmp_path: Path) -> None:
    text = INLINE.replace('"total-war"', '"chess"').replace('weather = "clear"', 'wether = "x"')
    found = problems(tmp_path, text)
    known = ", ".join(ruleset_ids())  # total-war, armour-ratio, ...
    assert f"{tmp_path / 's.toml'}:1: unknown ruleset 'chess'; use {known}" in found
    assert any(m.startswith(f"{tmp_path / 's.toml'}:6: unknown condition 'wether'") for m in found)


def test_bad_date_and_count(tmp_path: Path) -> None:
    text = INLINE.replace('"1943-07"', '"July 1943"').replace("count = 2", "count = 0")
    found = problems(tmp_path, text)
    assert one_says(
        found,
        at=(str(tmp_path / "s.toml"), 7),
        figures=["1943"],
        names=["'July 1943'", "YYYY", "MM"],
    )
    assert one_says(found, at=(str(tmp_path / "s.toml"), 13), figures=["1"], names=["whole number"])


def test_missing_side_is_reported(tmp_path: Path) -> None:
    text = INLINE[: INLINE.index("[[defender]]")]
    assert problems(tmp_path, text) == [f"{tmp_path / 's.toml'}:1: the scenario has no defender"]


def test_a_unit_without_size_or_re(tmp_path: Path) -> None:
    (message,) = problems(tmp_path, INLINE.replace('size = "X"\n', "", 1))
    assert says(
        message,
        at=(str(tmp_path / "s.toml"), 9),
        figures=["1"],
        names=["attacker", "size", "II", "XXX", "re"],
    )


def test_malformed_toml_names_the_line(tmp_path: Path) -> None:
    (message,) = problems(tmp_path, INLINE.replace('terrain = "woods"', "terrain = woods"))
    assert message.startswith(f"{tmp_path / 's.toml'}:5: not valid TOML")
