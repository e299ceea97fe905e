"""Air missions are a capability a ruleset declares (``RULESET.air``), reached through the
registry: a ruleset that declares none refuses a scenario's ``[[air]]`` entries at their lines
and the calculator offers it no air mission, whatever rules it shares with a ruleset that flies
them; a ruleset that declares them flies them, in ``check``, ``explain`` and the calculator.

The two test rulesets (tests/air_rulesets.py) are Total War's ground rules under other ids: one
declaring no air rules, one declaring Total War's (16A, 23D).
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from air_rulesets import WITH_AIR, WITHOUT_AIR, air_rulesets_registered
from hexcombat.game.calculator import CalculatorError, new_combat
from hexcombat.game.check import check_file
from hexcombat.game.explain_cli import explain_command
from hexcombat.game.scenario import load_scenario
from hexcombat.sourcefile import SourceError
from meaning import says

AIR = """\
ruleset = "RULESET"

[[air]]
counter = "ge-me-109e"
mission = "ground-support"

[[air]]
name = "Attack-fighter"
rating = "6AF5"
tactical_bombing = 2
mission = "defensive-air-support"
"""


@pytest.fixture
def test_rulesets(tmp_path: Path) -> Iterator[None]:
    """Both test rulesets registered while the test runs."""
    with air_rulesets_registered(tmp_path / "rulesets"):
        yield


def scenario(tmp_path: Path, ruleset: str) -> Path:
    path = tmp_path / f"{ruleset}.toml"
    path.write_text(AIR.replace("RULESET", ruleset))
    return path


def test_a_ruleset_that_declares_no_air_refuses_each_air_entry_at_its_line(
    tmp_path: Path, test_rulesets: None
) -> None:
    path = scenario(tmp_path, WITHOUT_AIR)
    problems = check_file(path)
    assert [(p.file, p.line) for p in problems] == [(str(path), 3), (str(path), 7)]
    for problem in problems:  # it names its ruleset and the rulesets that fly air units
        assert says(
            problem.message,
            rules=["16A", "23D"],
            names=[WITHOUT_AIR, "no air rules", '"total-war"', f'"{WITH_AIR}"', "[[air]]"],
        )
    with pytest.raises(SourceError) as refused:
        load_scenario(path)
    assert [p.line for p in refused.value.problems] == [3, 7]


def test_explain_refuses_it_at_the_same_lines(
    tmp_path: Path, test_rulesets: None, capsys: pytest.CaptureFixture[str]
) -> None:
    path = scenario(tmp_path, WITHOUT_AIR)
    assert explain_command(str(path), as_json=True) == 1
    out = capsys.readouterr()
    assert out.out == ""
    assert [line.split(": ", 1)[0] for line in out.err.splitlines()] == [f"{path}:3", f"{path}:7"]


def test_a_ruleset_that_declares_air_flies_the_same_entries(
    tmp_path: Path, test_rulesets: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """23D1: the Me 109E (7F5) on ground support carries bombs, 7 - 2 = 5 and 5 - 1 = 4; 23D2:
    the AF's bombing 2 + 1 on defensive air support, its strengths 6 - 2 = 4 and 5 - 1 = 4."""
    path = scenario(tmp_path, WITH_AIR)
    assert check_file(path) == []
    assert explain_command(str(path), as_json=True) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ruleset"] == WITH_AIR and report["kind"] == "air"
    me109e, af = report["units"]  # the Me 109E's bombing strength is an assumed placeholder
    assert (me109e["mission"], me109e["air_attack"], me109e["air_defence"]) == (
        "ground-support", 5, 4
    )  # fmt: skip
    assert (af["mission"], af["air_attack"], af["air_defence"], af["bombing"]) == (
        "defensive-air-support", 4, 4, 3
    )  # fmt: skip
    assert report["totals"]["air_attack"] == 9  # 5 + 4


def test_the_calculator_offers_air_missions_only_under_a_ruleset_that_declares_air(
    test_rulesets: None,
) -> None:
    without = new_combat(WITHOUT_AIR)
    assert without.missions == {} and without.air_library == {}
    with pytest.raises(CalculatorError) as refused:
        without.add_air_counter("ge-me-109e", "ground-support")
    assert says(str(refused.value), names=[WITHOUT_AIR, "no air missions", '"total-war"'])
    flying = new_combat(WITH_AIR)
    assert {"escort", "ground-support", "defensive-air-support"} <= set(flying.missions)
    assert flying.missions["defensive-air-support"].rule == "20G2c"
    flying.add_air_counter("ge-me-109e", "ground-support")
    report, problems = flying.checked()
    assert problems == [] and report is not None
    assert (report.totals["air_attack"], report.totals["air_defence"]) == (5, 4)  # 23D1


def test_a_ground_ruleset_offers_no_air_mission_in_the_calculator() -> None:
    assert new_combat("armour-ratio").missions == {}
    assert "ground-support" in new_combat("total-war").missions


PACKAGE = Path(__file__).resolve().parents[2] / "desktop" / "hexcombat"
AIR_MODULES = ("hexcombat.rulesets.europa.air", "hexcombat.rules.air_counters")


def air_imports(path: Path) -> list[str]:
    """Each import in ``path`` of a ruleset's air rules, as ``file:line: module``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        names = (
            [node.module or ""]
            if isinstance(node, ast.ImportFrom)
            else [a.name for a in node.names]
            if isinstance(node, ast.Import)
            else []
        )
        for name in names:
            if name in AIR_MODULES or name.startswith(tuple(f"{m}." for m in AIR_MODULES)):
                found.append(f"{path.name}:{node.lineno}: {name}")
    return found


def test_the_game_the_window_and_the_unit_type_reach_air_only_through_the_registry() -> None:
    modules = [
        *sorted((PACKAGE / "game").glob("*.py")),
        *sorted((PACKAGE / "ui").glob("*.py")),
        PACKAGE / "rules" / "units.py",
    ]
    assert [found for path in modules for found in air_imports(path)] == []
