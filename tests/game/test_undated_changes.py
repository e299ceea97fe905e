"""A combat without a date cannot apply dated capability changes (10.H): the report says which
units' changes were left out, instead of silently using their base values."""

from __future__ import annotations

from pathlib import Path

import pytest

from declared_rulesets import europa_family
from hexcombat.game.evaluation import evaluate_scenario
from hexcombat.game.scenario import load_scenario
from meaning import one_says

STUG = 'counter = "ge-stug-x"'  # StuG X, aeca half, double from 1943-01 (counters/armour-ratio)


def scenario(tmp_path: Path, ruleset: str, conditions: str = "") -> Path:
    path = tmp_path / "stug.toml"
    path.write_text(
        f'ruleset = "{ruleset}"\n'
        f"[conditions]\n{conditions}\n"
        f"[[attacker]]\n{STUG}\n"
        '[[attacker]]\nname = "Tank X"\nre = 1\nattack = 4\naeca = "full"\n'
        'changes = [{ date = "1942-06", aeca = "double" }, { date = "1944-01", attack = 5 }]\n'
        '[[defender]]\nname = "Inf XX"\nre = 3\ndefence = 6\n'
    )
    return path


@pytest.mark.parametrize("ruleset", europa_family())
def test_no_date_names_every_dated_change_left_out(tmp_path: Path, ruleset: str) -> None:
    report = evaluate_scenario(load_scenario(scenario(tmp_path, ruleset)))
    assert one_says(
        report.warnings,
        rules=["10.H"],
        figures=["1943", "01", "1942", "06", "1944", "01"],
        names=["StuG X", "Tank X"],
    )


@pytest.mark.parametrize("ruleset", europa_family())
def test_a_date_applies_them_without_the_warning(tmp_path: Path, ruleset: str) -> None:
    report = evaluate_scenario(load_scenario(scenario(tmp_path, ruleset, 'date = "1941-07"')))
    assert not [w for w in report.warnings if w.startswith("no date given")]


def test_units_without_dated_changes_give_no_warning(tmp_path: Path) -> None:
    path = tmp_path / "plain.toml"
    path.write_text(
        'ruleset = "armour-ratio"\n'
        '[[attacker]]\nname = "Inf XX"\nre = 3\nattack = 6\n'
        '[[defender]]\nname = "Inf XX"\nre = 3\ndefence = 6\n'
    )
    report = evaluate_scenario(load_scenario(path))
    assert not [w for w in report.warnings if w.startswith("no date given")]
