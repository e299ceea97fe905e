"""Input that used to be accepted silently is refused at its line (``hexcombat check``, and
``explain`` the same): an air unit on a ground side (16A), an ``[[air]]`` entry under the
armour-ratio rules (23D is Total War's), an air ``base``/``target`` that is no hex (23D2), a
scenario's counter file that does not exist."""

from __future__ import annotations

from pathlib import Path

from declared_rulesets import europa_family
from hexcombat.game.explain_cli import explain_command
from hexcombat_cli import check
from meaning import each_says, says, says_in


def write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def problems(path: Path) -> list[str]:
    run = check(path)
    assert run.returncode == 1, run.stdout
    return run.stdout.splitlines()


GROUND_WITH_BOMBER = """\
ruleset = "total-war"

[[attacker]]
name = "Rifle XX"
size = "XX"
attack = 6

[[defender]]
name = "He 111"
type = "bomber"
defence = 3
"""


def test_a_ground_side_refuses_an_air_unit_at_its_type_line(tmp_path: Path) -> None:
    path = write(tmp_path, GROUND_WITH_BOMBER)
    assert each_says(
        problems(path),
        dict(
            at=(str(path), 10),
            rules=["16A", "23D1", "23D"],
            figures=["111"],
            names=["He 111", "air unit", "bomber", "[[air]]"],
        ),
    )


def test_explain_refuses_it_too(tmp_path: Path, capsys: object) -> None:
    path = write(tmp_path, GROUND_WITH_BOMBER.replace('type = "bomber"', 'air_type = "B"'))
    assert explain_command(str(path)) == 1


AIR = """\
ruleset = "RULESET"

[[air]]
counter = "ge-me-109e"
mission = "ground-support"

[[air]]
name = "Attack-fighter"
rating = "6AF5"
tactical_bombing = 2
mission = "intercept"
base = "BASE"
target = "0504"
"""


def test_air_under_the_armour_ratio_rules_is_refused_at_each_entry(tmp_path: Path) -> None:
    path = write(tmp_path, AIR.replace("RULESET", "armour-ratio").replace("BASE", "0504"))
    refusal = (
        "the armour-ratio rules have no air rules: air units fly by Total War's 16A and 23D "
        '(fighter-bombers, 23D), so an [[air]] entry needs ruleset = "total-war"'
    )
    assert problems(path) == [f"{path}:3: {refusal}", f"{path}:7: {refusal}"]


def test_the_same_air_entries_fly_under_total_war(tmp_path: Path) -> None:
    path = write(tmp_path, AIR.replace("RULESET", "total-war").replace("BASE", "0504"))
    run = check(path)
    assert run.returncode == 0, run.stdout


def test_an_air_base_that_is_no_hex_is_refused_at_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, AIR.replace("RULESET", "total-war").replace("BASE", "zz"))
    assert each_says(
        problems(path),
        dict(
            at=(str(path), 12),
            rules=["23D2"],
            figures=["2", "0101"],
            names=["'zz'", "'0101'", "'{col:02d}{row:02d}'", "not a hex label"],
        ),
    )


MISSING_COUNTERS = """\
ruleset = "total-war"
counters = ["missing.toml"]

[[attacker]]
name = "Rifle XX"
size = "XX"
attack = 6

[[defender]]
name = "Inf XX"
size = "XX"
defence = 6
"""


def test_a_missing_counter_file_is_named_at_the_counters_line(tmp_path: Path) -> None:
    path = write(tmp_path, MISSING_COUNTERS)
    assert len(problems(path)) == 1 and says_in(
        problems(path)[0],
        at=(str(path), 2),
        names=["'missing.toml'", str(tmp_path / "missing.toml")],
    )


def test_a_positive_fortification_is_refused_in_either_ruleset() -> None:
    from hexcombat.game.conditions import condition_problem
    from hexcombat.rules.registry import get_ruleset

    # 14D1's fortification modifiers are -1, -2, -3: a fortification never helps the attacker
    for ruleset in europa_family():
        vocabulary = get_ruleset(ruleset).vocabulary
        assert says(
            condition_problem(vocabulary, "fortification", 3),
            rules=["14D1"],
            figures=["-1", "-2", "-3", "+3"],
        )
        assert condition_problem(vocabulary, "fortification", -4) is None
