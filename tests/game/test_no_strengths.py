"""A worked example as the rules text gives it: units with their sizes and armour capabilities but
no strengths. hexcombat works out every modifier and total, and says the odds and outcomes need
strengths, instead of refusing the scenario; ``check`` passes it; a roll is refused clearly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexcombat.game.attack import AttackSetup, attack_candidates, evaluate_attack
from hexcombat.game.check import check_file
from hexcombat.game.explain_cli import explain_command
from hexcombat.game.opening import open_game
from hexcombat.game.roll import RollCombat
from hexcombat.game.state import GameError
from hexcombat.rules.report import final_drm, odds_column
from hexcombat_cli import check
from meaning import one_says

MAPS = Path(__file__).resolve().parents[2] / "maps"

EXAMPLE_14D2D = """\
# 14D2d as the rules text gives it: no strengths
ruleset = "total-war"
MAP
[conditions]
terrain = "woods"
weather = "clear"

[[attacker]]
name = "Hv Tank XX"
size = "XX"
type = "heavy-armour"
aeca = "full"
heavy_armour = true
hex = "0403"

[[attacker]]
name = "Rifle XX"
size = "XX"
re = 2
type = "rifle"
count = 2
hex = "0503"

[[attacker]]
name = "Hv Tank X"
size = "X"
type = "heavy-armour"
aeca = "full"
heavy_armour = true
hex = "0603"

[[attacker]]
name = "Tank X"
size = "X"
type = "armour"
aeca = "full"
count = 2
hex = "0404"

[[attacker]]
name = "Art III"
size = "III"
type = "artillery"
artillery = true
count = 2
hex = "0604"

[[defender]]
name = "Inf XX"
size = "XX"
type = "infantry"
hex = "0504"

[[defender]]
name = "Hv Mot AA II"
size = "II"
type = "heavy-anti-aircraft"
motorized = true
atec = "full"
heavy_antitank = true
hex = "0504"

[[defender]]
name = "Art III"
size = "III"
type = "artillery"
artillery = true
hex = "0504"
"""

NEEDS = "the odds and the chance of each result need strengths"


def without_map(tmp_path: Path) -> Path:
    path = tmp_path / "14d2d.toml"
    path.write_text(EXAMPLE_14D2D.replace("MAP\n", ""))
    return path


def on_map(tmp_path: Path) -> Path:
    path = tmp_path / "14d2d-map.toml"
    map_line = f'map = "{MAPS / "tutorial-14d2d.toml"}"\n'
    path.write_text(EXAMPLE_14D2D.replace("MAP\n", map_line).replace('terrain = "woods"\n', ""))
    return path


def test_explain_works_out_the_modifiers_and_says_the_odds_need_strengths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = without_map(tmp_path)
    assert explain_command(str(path)) == 0
    out = capsys.readouterr().out
    assert "\nFinal DRM: +1\n" in out  # 14D2d: net +1, as the rules text says
    assert f"Odds: none: {NEEDS}" in out
    assert one_says(
        out,
        partly=True,
        names=[
            "attack",
            "defence",
            "Hv Tank XX",
            "Rifle XX",
            "Hv Tank X",
            "Art III",
            "Inf XX",
            "Hv Mot AA II",
            str(NEEDS),
        ],
    )


def test_explain_json_gives_the_drm_and_names_the_missing_strengths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert explain_command(str(without_map(tmp_path)), as_json=True) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["drm"] == 1
    assert data["totals"]["aeca_res"] == 6  # 14D2d: 6 REs of AECA
    assert data["odds"] is None and data["outcomes"] == []
    assert {"unit": "Rifle XX", "strength": "attack"} in data["missing_strengths"]
    assert {"unit": "Hv Mot AA II", "strength": "defence"} in data["missing_strengths"]
    assert any(NEEDS in w for w in data["warnings"])


def test_explain_refuses_dice_without_strengths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = without_map(tmp_path)
    assert explain_command(str(path), rolls=[4]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{path}: --roll: ")
    assert NEEDS in err and "give `attack` to Hv Tank XX, Rifle XX" in err


def test_the_armour_ratio_rules_work_out_aec_without_strengths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 10.B.2: a Soviet tank corps (3 REs, full AEC) counts 3 REs of AECA
    path = tmp_path / "10b2.toml"
    path.write_text(
        'ruleset = "armour-ratio"\n'
        '[[attacker]]\nname = "Tank XXX"\nsize = "XXX"\ntype = "armour"\naeca = "full"\n'
        '[[defender]]\nname = "Inf XX"\nsize = "XX"\ntype = "infantry"\n'
    )
    assert explain_command(str(path), as_json=True) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["totals"]["aeca_res"] == 3
    assert data["odds"] is None and data["outcomes"] == []
    assert data["missing_strengths"] == [
        {"unit": "Tank XXX", "strength": "attack"},
        {"unit": "Inf XX", "strength": "defence"},
    ]
    assert explain_command(str(path), rolls=[4, 3]) == 1
    assert NEEDS in capsys.readouterr().err


def test_check_passes_a_worked_example_without_strengths(tmp_path: Path) -> None:
    assert check_file(without_map(tmp_path)) == []
    run = check(on_map(tmp_path))
    assert run.returncode == 0, run.stdout


def test_the_desktop_evaluates_without_strengths_and_refuses_to_roll(tmp_path: Path) -> None:
    state = open_game(on_map(tmp_path))
    target = state.hexmap.hex_at("0504")
    uids = [c.uid for x in attack_candidates(state, target) for c in x.counters]
    setup = AttackSetup(target, uids, state.conditions)
    report = evaluate_attack(state, setup)
    assert final_drm(report) == 1 and odds_column(report) is None and report.outcomes == {}
    with pytest.raises(GameError, match=NEEDS):
        state.execute(RollCombat(setup))
    assert state.pending_roll is None and state.dice.used == 0
