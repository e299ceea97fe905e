"""Scenario input the rules texts do not allow is refused at its line, the same by ``hexcombat
check`` and ``hexcombat explain``: an ``[[air]]`` mission written into a ground combat."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcombat.game.check import check_file
from hexcombat.game.explain_cli import explain_command

GROUND = """\
ruleset = "RULESET"

[conditions]
terrain = "clear"
weather = "clear"

[[attacker]]
counter = "su-hv-tank-x"

[[attacker]]
counter = "su-rifle-xx"
count = 2

[[defender]]
counter = "ax-inf-xx"
"""
"""A sound ground combat in either ruleset (line numbers as written here)."""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.toml"
    path.write_text(text)
    return path


def refused_alike(path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The problems ``check`` reports, after asserting ``explain`` reports the same ones."""
    checked = [str(p) for p in check_file(path)]
    assert explain_command(str(path)) == 1
    assert capsys.readouterr().err.strip().splitlines() == checked
    return checked


@pytest.mark.parametrize("ruleset", ["total-war", "armour-ratio"])
def test_the_ground_combat_is_sound(tmp_path: Path, ruleset: str) -> None:
    assert check_file(write(tmp_path, GROUND.replace("RULESET", ruleset))) == []


AIR = """
[[air]]
counter = "ge-me-109e"
mission = "escort"
"""


def test_an_air_mission_beside_a_ground_combat_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # explain printed only the air result and check said nothing
    path = write(tmp_path, GROUND.replace("RULESET", "total-war") + AIR)
    assert refused_alike(path, capsys) == [
        f"{path}:17: an air mission and a ground combat are separate scenarios: this one also "
        "has [[attacker]] (line 7) and [[defender]] (line 14); put the [[air]] units (16A, 23D) "
        "in a scenario of their own"
    ]


def test_the_air_mission_alone_still_flies(tmp_path: Path) -> None:
    assert check_file(write(tmp_path, 'ruleset = "total-war"\n' + AIR)) == []
