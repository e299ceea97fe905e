"""Scenario input the rules texts do not allow is refused at its line, the same by ``hexcombat
check`` and ``hexcombat explain``: a ground unit of 0 REs (either ruleset), a heavy flag that says
otherwise than the unit's type (14D2), an ``[[air]]`` mission written into a ground combat."""

from __future__ import annotations

from pathlib import Path

import pytest

from declared_rulesets import europa_family
from hexcombat.game.check import check_file
from hexcombat.game.explain_cli import explain_command
from meaning import each_says, says_in

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


@pytest.mark.parametrize("ruleset", europa_family())
def test_the_ground_combat_is_sound(tmp_path: Path, ruleset: str) -> None:
    assert check_file(write(tmp_path, GROUND.replace("RULESET", ruleset))) == []


ZERO_RE = (
    "re = 0, but a ground unit in a combat needs more than 0 REs: with none it adds nothing to any "
    "RE total (10.B, 14D2), yet 14D2 would still count it 1 RE for heavy effects; give its REs "
    "(a II is 1/2 RE, 14D2d)"
)


@pytest.mark.parametrize("ruleset", europa_family())
def test_a_counter_given_0_res_is_refused_at_its_re(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str
) -> None:
    # total-war counted this Hv Tank X as 1 RE of heavy armour against 4 non-artillery REs: +1
    text = GROUND.replace("RULESET", ruleset).replace(
        'counter = "su-hv-tank-x"\n', 'counter = "su-hv-tank-x"\nre = 0\n'
    )
    path = write(tmp_path, text)
    assert refused_alike(path, capsys) == [f"{path}:9: attacker 1: {ZERO_RE}"]


@pytest.mark.parametrize("ruleset", europa_family())
def test_an_inline_unit_of_0_res_is_refused_at_its_re(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str
) -> None:
    text = GROUND.replace("RULESET", ruleset).replace(
        'counter = "ax-inf-xx"\n', 'name = "Ghost II"\nre = "0"\nattack = 1\n'
    )
    path = write(tmp_path, text)
    assert refused_alike(path, capsys) == [f"{path}:16: defender 1: {ZERO_RE}"]


def test_a_dated_change_to_0_res_is_refused(tmp_path: Path) -> None:
    counters = tmp_path / "mine.toml"
    counters.write_text(
        '[[counter]]\nid = "x"\nname = "X"\nsize = "X"\nchanges = [{ date = "1943-01", re = 0 }]\n'
    )
    assert len([str(p) for p in check_file(counters)]) == 1 and says_in(
        [str(p) for p in check_file(counters)][0],
        at=(str(counters), 5),
        figures=["0", "1943", "01"],
        names=["'x'", str(ZERO_RE)],
    )


def test_an_inline_non_motorized_hv_aa_said_to_be_heavy_antitank_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = GROUND.replace("RULESET", "total-war").replace(
        'counter = "ax-inf-xx"\n',
        'name = "Hv AA II"\nsize = "II"\ntype = "heavy-anti-aircraft"\nheavy_antitank = true\n',
    )
    path = write(tmp_path, text)
    assert each_says(
        refused_alike(path, capsys),
        dict(
            at=(str(path), 18),
            rules=["14D2"],
            figures=["1"],
            names=["heavy_antitank", "heavy-anti-aircraft", "defender"],
        ),
    )


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
    assert each_says(
        refused_alike(path, capsys),
        dict(
            at=(str(path), 17),
            rules=["16A", "23D"],
            figures=["7", "14"],
            names=["attacker", "defender"],
        ),
    )


def test_the_air_mission_alone_still_flies(tmp_path: Path) -> None:
    assert check_file(write(tmp_path, 'ruleset = "total-war"\n' + AIR)) == []
