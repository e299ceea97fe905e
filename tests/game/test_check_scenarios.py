"""``hexcombat check`` evaluates a scenario, not only its keys: an illegal attack or air mission,
an unknown name are each reported at their line, citing the rule (an attacker with no strength is
not: the worked examples give none, and the modifiers need none);
``hexcombat explain`` names the same line. Also: the charts' own consistency (CRT values, armour
bands, coast defence counter ids) and the dates the files give."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from declared_rulesets import europa_family
from hexcombat.game.check import check_file
from hexcombat.game.explain_cli import explain_command
from hexcombat.rules.registry import ruleset_ids
from hexcombat.rulesets.total_war.tables import AEC_TERRAIN
from hexcombat_cli import check
from meaning import each_says, one_says, says_in

REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "desktop/hexcombat/rulesets"

GROUND = """\
ruleset = "RULESET"

[conditions]
terrain = "woods"
weather = "clear"
fortification = -1

[[attacker]]
counter = "ax-inf-xx"
across = "minor-river"

[[attacker]]
name = "Pioneers"
size = "III"
attack = 2

[[defender]]
counter = "su-rifle-xx"
"""
"""A sound ground scenario; each test breaks one line of it (line numbers as written here)."""


def write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def checked(path: Path) -> list[str]:
    return [str(p) for p in check_file(path)]


@pytest.mark.parametrize("ruleset", europa_family())
def test_the_sound_scenario_checks_clean(tmp_path: Path, ruleset: str) -> None:
    assert checked(write(tmp_path, GROUND.replace("RULESET", ruleset))) == []


@pytest.mark.parametrize(
    ("ruleset", "old", "new", "line", "message"),
    [
        (
            "total-war",
            "fortification = -1",
            "fortification = 2",
            6,
            "a fortification's combat die roll modifier is negative (-1, -2, -3, ...), not +2 "
            "(14D1)",
        ),
        (
            "total-war",
            'weather = "clear"',
            'weather = "fog"',
            5,
            "unknown weather 'fog'; the weather is one of clear, mud, frost, snow, winter",
        ),
        (
            "total-war",
            'terrain = "woods"',
            'terrain = "moon"',
            4,
            f"terrain 'moon' is not on the AEC chart ({AEC_TERRAIN}); it knows clear, forest, "
            "glacier, jungle, major-city, minor-city, mountain, rough, swamp, wooded-mountain, "
            "wooded-rough, wooded-swamp, woods",
        ),
        (
            "armour-ratio",
            'terrain = "woods"',
            'terrain = "moon"',
            4,
            "unknown terrain 'moon': the Terrain Effects Chart lists clear, woods, rough, forest, "
            "swamp, mountain, city (10.D)",
        ),
        (
            "armour-ratio",
            'weather = "clear"',
            'weather = "fog"',
            5,
            "unknown weather 'fog'; the weather is one of clear, mud, frost, snow, winter",
        ),
        (
            "total-war",
            'across = "minor-river"',
            'across = "canal"',
            10,
            "unknown hexside feature 'canal' to attack across; known: minor-river, major-river "
            "(10.D)",
        ),
        (
            "armour-ratio",
            'across = "minor-river"',
            'across = "canal"',
            10,
            "unknown hexside feature 'canal' to attack across; known: minor-river, major-river "
            "(10.D)",
        ),
    ],
)
def test_a_combat_the_rules_refuse_is_reported_at_its_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    ruleset: str,
    old: str,
    new: str,
    line: int,
    message: str,
) -> None:
    path = write(tmp_path, GROUND.replace("RULESET", ruleset).replace(old, new))
    assert checked(path) == [f"{path}:{line}: {message}"]
    assert explain_command(str(path)) == 1  # explain names the same file and line
    assert capsys.readouterr().err.strip() == f"{path}:{line}: {message}"


def test_long_range_artillery_alone_at_two_hexes_is_reported_at_its_range(
    tmp_path: Path,
) -> None:
    text = (
        'ruleset = "total-war"\n\n[[attacker]]\ncounter = "ge-lr-art-iii"\nrange = 2\n\n'
        '[[defender]]\ncounter = "ax-inf-xx"\n'
    )
    path = write(tmp_path, text)
    assert each_says(checked(path), dict(at=(str(path), 5), rules=["14A3"], names=["long-range"]))
    # with infantry adjacent it may fire from two hexes (14A3): sound
    with_infantry = text.replace(
        "range = 2\n", 'range = 2\n\n[[attacker]]\ncounter = "ax-inf-xx"\n'
    )
    assert checked(write(tmp_path, with_infantry, "ok.toml")) == []


AIR = """\
ruleset = "total-war"
counters = ["my-air.toml"]

[[air]]
name = "Attack-fighter"
rating = "6AF5"
tactical_bombing = 2
mission = "combat-air-patrol"

[[air]]
counter = "no-such-plane"
mission = "escort"

[[air]]
counter = "ge-me-109e"
mission = "dogfight"

[[air]]
counter = "my-stuka"
mission = "ground-support"
"""

MY_AIR = """\
[[air_counter]]
id = "my-stuka"
name = "Ju 87B"
rating = "2D4"
tactical_bombing = 6
"""


def test_every_air_entry_that_cannot_fly_is_reported_at_its_line(tmp_path: Path) -> None:
    write(tmp_path, MY_AIR, "my-air.toml")
    path = write(tmp_path, AIR)
    assert each_says(
        checked(path),
        dict(at=(str(path), 8), rules=["23D2"], figures=["1"], names=["AF"]),
        dict(at=(str(path), 11), figures=["2"], names=["'no-such-plane'", "unknown"]),
        dict(
            at=(str(path), 16),
            figures=["3"],
            names=[
                "'dogfight'",
                "patrol-attack",
                "combat-air-patrol",
                "ground-support",
                "defensive-air-support",
                "airbase-bombing",
                "rail-line-bombing",
                "port-bombing",
                "naval-bombing",
                "strategic-bombing",
                "air-transport",
                "unknown",
            ],
        ),
    )


def test_a_scenario_s_own_air_counters_fly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, MY_AIR, "my-air.toml")
    only_stuka = AIR[: AIR.index("[[air]]")] + AIR[AIR.rindex("[[air]]") :]
    path = write(tmp_path, only_stuka)
    assert checked(path) == []
    assert explain_command(str(path), as_json=True) == 0
    (unit,) = json.loads(capsys.readouterr().out)["units"]
    # a dive bomber keeps its printed 2D4 and bombs with its tactical bombing strength 6 (16A)
    assert unit == {
        "name": "Ju 87B",
        "count": 1,
        "mission": "ground-support",
        "carrying_bombs": True,
        "air_attack": 2,
        "air_defence": 4,
        "bombing": 6,
    }


def test_a_bad_air_counter_in_the_scenario_s_own_file_is_reported_there(tmp_path: Path) -> None:
    bad = write(tmp_path, MY_AIR.replace('"2D4"', '"2Q4"'), "my-air.toml")
    only_stuka = AIR[: AIR.index("[[air]]")] + AIR[AIR.rindex("[[air]]") :]
    path = write(tmp_path, only_stuka)
    # the counter file's own problem, once; not the missing counter that follows from it
    assert each_says(
        checked(path), dict(at=(str(bad), 4), rules=["7F5"], names=["'my-stuka'", "7F5", "'2Q4'"])
    )


def test_explain_refuses_dice_for_an_air_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path, 'ruleset = "total-war"\n\n[[air]]\ncounter = "ge-me-109e"\nmission = "escort"\n'
    )
    assert explain_command(str(path), rolls=[3]) == 1
    assert says_in(
        capsys.readouterr().err.strip(),
        rules=["16A", "23D"],
        names=[str(path), "--roll", "air scenario", "no combat die"],
    )


def test_a_missing_ruleset_lists_the_known_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, GROUND.replace('ruleset = "RULESET"\n', "# no ruleset\n"))
    known = ", ".join(ruleset_ids())  # total-war, armour-ratio, ...
    message = f'{path}:1: the scenario names no ruleset: add ruleset = "..." with one of {known}'
    assert checked(path) == [message]
    assert explain_command(str(path)) == 1
    assert capsys.readouterr().err.strip() == message
    unknown = write(tmp_path, GROUND.replace("RULESET", "total-peace"), "u.toml")
    assert len(checked(unknown)) == 1 and says_in(
        checked(unknown)[0], at=(str(unknown), 1), names=["'total-peace'", "unknown", str(known)]
    )


def test_a_month_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, GROUND.replace("RULESET", "total-war").replace(
        "fortification = -1", 'fortification = -1\ndate = "1943-13"'))  # fmt: skip
    assert each_says(
        checked(path),
        dict(
            at=(str(path), 7),
            figures=["1943", "13", "13", "01", "12"],
            names=["'1943-13'", "YYYY", "MM"],
        ),
    )
    counters = write(
        tmp_path,
        '[[counter]]\nid = "x"\nname = "X"\nsize = "X"\n'
        'changes = [{ date = "1943-00", aeca = "full" }]\n',
        "units.toml",
    )
    assert each_says(
        checked(counters),
        dict(
            at=(str(counters), 5),
            figures=["0", "1943", "00", "0", "01", "12"],
            names=["'x'", "'1943-00'", "YYYY", "MM"],
        ),
    )
    air = write(
        tmp_path,
        MY_AIR + '[[air_counter.changes]]\ndate = "1941-13"\nair_attack = 3\n',
        "air.toml",
    )
    assert each_says(
        checked(air),
        dict(
            at=(str(air), 6),
            figures=["0", "1941", "13", "13", "01", "12"],
            names=["'my-stuka'", "'1941-13'", "YYYY", "MM"],
        ),
    )


# --- charts ------------------------------------------------------------------------------------


def test_bad_crt_values_are_reported_by_check_not_raised(tmp_path: Path) -> None:
    text = (RULES / "europa/crt_generic.toml").read_text()
    lines = text.splitlines()
    # the first "loss = 0.5" is AH's: the attacker loses half
    loss = next(i for i, x in enumerate(lines) if x.strip() == "loss = 0.5") + 1
    bad = write(tmp_path, text.replace("loss = 0.5", 'loss = "half"', 1), "crt.toml")
    columns = write(tmp_path, text.replace('"1:3", "1:2"', '"1:2", "1:3"', 1), "cols.toml")
    run = check(bad, columns)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert each_says(
        run.stdout.splitlines(),
        dict(at=(str(bad), loss), figures=["0", "1", "0.5", "1"], names=["'half'", "attacker"]),
        dict(
            at=(str(columns), 7),
            figures=[
                "1:2",
                "1:1",
                "2:1",
                "1:4",
                "1:2",
                "1:3",
                "1:1",
                "2:1",
                "3:1",
                "4:1",
                "5:1",
                "6:1",
                "7:1",
                "8:1",
                "9:1",
            ],
            names=["columns", "worst odds for the attacker"],
        ),
    )


def test_a_gap_in_the_armour_effects_bands_is_reported_by_check(tmp_path: Path) -> None:
    text = (RULES / "total_war/armour_effects.toml").read_text()
    narrower = text.replace('at_least = "1/10"\nat_most', 'at_least = "1/5"\nat_most')
    path = write(tmp_path, narrower, "armour.toml")
    line = text.splitlines().index("[[aeca]]") + 1
    run = check(path)
    assert each_says(
        run.stdout.splitlines(),
        dict(at=(str(path), line), figures=["1/10", "1/5"], names=["[[aeca]] band"]),
    )


def test_coast_defence_counter_ids_are_looked_up(tmp_path: Path) -> None:
    text = (RULES / "total_war/coast_defence.toml").read_text()
    lines = text.splitlines()
    path = write(
        tmp_path,
        text.replace('cd = "ge-cd-art-iii-cd"', 'cd = "ge-cd-art-iii-kd"').replace(
            'artillery = "ge-lr-siege-art-iii"', 'artillery = "ax-inf-xx"'
        ),
        "cd.toml",
    )
    cd_line = lines.index('cd = "ge-cd-art-iii-cd"') + 1
    art_line = next(i for i, x in enumerate(lines) if x.startswith('artillery = "ge-lr-siege')) + 1
    assert each_says(
        checked(path),
        dict(at=(str(path), cd_line), rules=["14A4"], names=["'ge-cd-art-iii-kd'", "unknown"]),
        dict(
            at=(str(path), art_line),
            rules=["14A4"],
            names=["'ax-inf-xx'", "Inf XX", "coast_defence", "long-range"],
        ),
    )


@pytest.mark.parametrize(
    ("extra", "line", "message"),
    [
        ('count = "x"', 5, "air 1: count must be a whole number >= 1"),
        ("jettison = 3", 5, "air 1: jettison must be true or false, not 3"),
        ("wings = 3", 5, "air 1: unknown air key 'wings'"),
    ],
)
def test_a_bad_key_of_an_air_entry_is_reported_at_that_key(
    tmp_path: Path, extra: str, line: int, message: str
) -> None:
    text = f'ruleset = "total-war"\n[[air]]\ncounter = "ge-me-109e"\nmission = "escort"\n{extra}\n'
    path = write(tmp_path, text)
    assert checked(path) == [f"{path}:{line}: {message}"]


def test_defenders_with_no_defence_strength_are_reported_at_the_defender(tmp_path: Path) -> None:
    path = write(tmp_path, GROUND.replace("RULESET", "total-war") + "defence = 0\n")
    assert each_says(
        checked(path), dict(at=(str(path), 17), names=["defenders", "no defence strength", "odds"])
    )


@pytest.mark.parametrize("ruleset", europa_family())
def test_an_attacker_with_no_strength_checks_clean_and_explains_its_modifiers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str
) -> None:
    path = write(tmp_path, GROUND.replace("RULESET", ruleset).replace("attack = 2\n", ""))
    assert checked(path) == []
    assert explain_command(str(path)) == 0
    assert one_says(capsys.readouterr().out, names=["need strengths", "`attack`", "Pioneers"])
