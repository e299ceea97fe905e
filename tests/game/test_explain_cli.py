"""``hexcombat explain``: the working as a player reads it, resolved with typed-in dice, and every
mistake a clear message with exit status 1."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from declared_rulesets import europa_family
from hexcombat.game.explain_cli import explain_command
from hexcombat.game.opening import default_tutorial
from hexcombat.rulesets.europa.combat import chance_faces
from meaning import one_says, says, says_in

TUTORIAL = default_tutorial()


def test_text_shows_each_rule_and_the_final_drm(capsys: pytest.CaptureFixture[str]) -> None:
    assert explain_command(str(TUTORIAL)) == 0
    out = capsys.readouterr().out
    assert one_says(
        out, rules=["14D2a"], figures=["1"], names=["heavy armour", "Hv Tank XX", "Hv Tank X", "RE"]
    )
    assert "\nFinal DRM: +1\n" in out
    assert "Warnings:" in out and "assumed" in out


def test_typed_in_roll_resolves_the_combat(capsys: pytest.CaptureFixture[str]) -> None:
    # 3:1 column, die 4 + DRM 1 = 5 on the generic table: DR
    assert explain_command(str(TUTORIAL), rolls=[4]) == 0
    assert "Roll: 4 +1 = 5: DR" in capsys.readouterr().out


def test_the_headline_comes_first_and_the_result_says_what_it_does_to_whom(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 14D2d: net DRM +1; die 4 + 1 = 5 on the generic table's 3:1 column: DR (defender
    # retreats two hexes, the attacker may advance)
    assert explain_command(str(TUTORIAL), rolls=[4]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "3:1, DRM +1"
    assert "roll 4 +1 = 5 on 3:1: DR" in lines
    effects = lines[lines.index("Effects:") + 1 :]
    assert says(
        effects[0],
        figures=["2"],
        names=["CRT", "defender retreats", "Inf XX", "Hv Mot AA II", "Art III"],
    )
    assert says_in(effects[1], names=["CRT", "attacker may advance", "Hv Tank XX"])
    assert len(effects) == 2


@pytest.mark.parametrize(
    ("rolls", "message"),
    [
        ([7], "--roll: the combat die (d6) has no 7"),
        ([3, 3], "--roll: 2 dice given, the combat used 1"),
    ],
)
def test_bad_dice_are_refused(
    rolls: list[int], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert explain_command(str(TUTORIAL), rolls=rolls) == 1
    assert capsys.readouterr().err.strip() == f"{TUTORIAL}: {message}"


def test_an_attacker_out_of_range_is_named_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = TUTORIAL.read_text().replace(
        'map = "tutorial-14d2d"', f'map = "{TUTORIAL.parent / "tutorial-14d2d.toml"}"'
    )
    far = tmp_path / "far.toml"
    far.write_text(text.replace('hex = "0604"', 'hex = "0801"'))
    line = far.read_text().splitlines().index('hex = "0801"')  # the entry's [[attacker]] header
    assert explain_command(str(far)) == 1
    assert says(
        capsys.readouterr().err.strip(),
        at=(str(far), line - 2),
        rules=["14A3"],
        figures=["0801", "4", "0504"],
        names=["Art III", "long-range", "defender"],
    )


def test_an_illegal_attack_cites_its_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lone = tmp_path / "lone.toml"
    lone.write_text(
        'ruleset = "total-war"\n\n[[attacker]]\ncounter = "ge-lr-art-iii"\nrange = 2\n\n'
        '[[defender]]\ncounter = "ax-inf-xx"\n'
    )
    assert explain_command(str(lone)) == 1
    # at the line of the artillery's range = 2, which is what makes it illegal
    assert says(
        capsys.readouterr().err.strip(), at=(str(lone), 5), rules=["14A3"], names=["long-range"]
    )


LOW_ODDS = """\
ruleset = "RULESET"

[conditions]
terrain = "clear"
weather = "clear"

[[attacker]]
name = "Rifle XX"
size = "XX"
attack = 1

[[defender]]
name = "Inf XX"
size = "XX"
defence = 5
"""


@pytest.mark.parametrize("ruleset", europa_family())
def test_odds_below_the_lowest_column_use_the_chart_s_assumed_below_lowest(
    ruleset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 1 against 5 is 1:5, below the generic table's 1:4: its below_lowest (AE, assumed) applies
    # on every roll, not the 1:4 column (where a 6 gives AH), and the explanation says so.
    low = tmp_path / "low.toml"
    low.write_text(LOW_ODDS.replace("RULESET", ruleset))
    assert explain_command(str(low), as_json=True, rolls=[6]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["odds"] == "below 1:4"
    assert data["outcomes"] == [{"result": "AE", "probability": 1.0, "exact": "1"}]
    assert data["result"]["result"] == "AE"
    assert one_says(
        data["warnings"],
        figures=["1:5", "1:4"],
        names=["CRT", "assumed", "AE", "attacker eliminated"],
    )


def test_json_outcomes_carry_exact_fractions(capsys: pytest.CaptureFixture[str]) -> None:
    # the tutorial is 3:1 at DRM +1; the generic (assumed) 3:1 column for modified rolls 2..7
    # reads HX, EX, EX, DR, DR, DH: each a sixth of the die
    assert explain_command(str(TUTORIAL), as_json=True) == 0
    data = json.loads(capsys.readouterr().out)
    exact = {o["result"]: o["exact"] for o in data["outcomes"]}
    assert exact == {"HX": "1/6", "EX": "1/3", "DR": "1/3", "DH": "1/6"}
    for outcome in data["outcomes"]:  # the float stays, for readers that used it
        assert outcome["probability"] == float(Fraction(outcome["exact"]))


def test_a_roll_at_drm_0_is_written_plus_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = tmp_path / "plain.toml"
    plain.write_text(
        'ruleset = "total-war"\n'
        '[[attacker]]\nname = "Inf XX"\nre = 3\nattack = 9\n'
        '[[defender]]\nname = "Inf XX"\nre = 3\ndefence = 3\n'
    )
    # 9:3 is 3:1 with no modifier; die 5 + 0 = 5 on the 3:1 column: DR
    assert explain_command(str(plain), rolls=[5]) == 0
    assert "Roll: 5 +0 = 5: DR" in capsys.readouterr().out


CHANCE_CASE = Path(__file__).parents[1] / "cases" / "ar-10c-ratio-5-1.toml"


def test_one_die_for_a_chance_drm_asks_for_the_chance_roll_and_the_combat_die(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 10.C: "+3, 50% chance of +4": a d6 picks the DRM (1-3: +3, 4-6: +4), then the combat die
    assert explain_command(str(CHANCE_CASE), rolls=[4]) == 1
    err = capsys.readouterr().err.strip()
    assert says_in(
        err, figures=["2", "1"], names=[str(CHANCE_CASE), "--roll", "needs 2 dice", "1 given"]
    )
    assert one_says(
        err, figures=["1", "3", "+3", "4", "6", "+4"], names=["chance roll", "d6", "DRM"]
    )
    assert "then the combat die" in err
    assert "e.g. --roll 4 --roll 3" in err
    assert "no more scripted die rolls" not in err


def test_the_chance_roll_then_the_combat_die_resolve_a_chance_drm(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # chance roll 4 of 4-6 gives +4; combat die 3 + 4 = 7 (10.C)
    assert explain_command(str(CHANCE_CASE), rolls=[4, 3]) == 0
    out = capsys.readouterr().out
    assert one_says(out, figures=["4", "+4"], names=["chance roll 4", "d6"])
    assert "Roll: 3 +4 = 7" in out


@pytest.mark.parametrize(
    ("distribution", "faces"),
    [
        ({3: Fraction(1, 2), 4: Fraction(1, 2)}, "1-3: +3, 4-6: +4"),  # 10.C's "+3, 50% of +4"
        ({0: Fraction(1, 3), 1: Fraction(2, 3)}, "1-2: 0, 3-6: +1"),
        ({-1: Fraction(1, 10), 2: Fraction(9, 10)}, "1: -1, 2-10: +2"),
        ({1: Fraction(1, 6), 2: Fraction(1, 2), 3: Fraction(1, 3)}, "1: +1, 2-4: +2, 5-6: +3"),
    ],
)
def test_the_faces_said_for_the_chance_roll_are_the_faces_that_give_each_drm(
    distribution: dict[int, Fraction], faces: str
) -> None:
    # what --roll is told must be what the roll does: the lower modifiers take the lower faces
    assert chance_faces(distribution) == faces


def test_a_tactical_assault_lists_each_result_row_with_what_it_does_and_no_odds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A code such as ``DL`` means nothing without the table: each row is said with its range
    and what it does. Assault DRM +4 on a d10: 14+ on a 10 (1/10), 10-13 on 6-9 (2/5), 6-9 on
    2-5 (2/5), 2-5 on a 1 (1/10)."""
    case = Path(__file__).parents[1] / "cases" / "lhy-assault-squads.toml"
    assert explain_command(str(case)) == 0
    out = capsys.readouterr().out
    assert "Odds" not in out
    lines = out.splitlines()
    start = lines.index("Outcomes:")
    rows = [line.split() for line in lines[start + 1 : start + 5]]
    assert [(r[0], r[1], r[2], r[3]) for r in rows] == [
        ("DD", "10.0%", "(1/10)", "14+:"),
        ("DL", "40.0%", "(2/5)", "10-13:"),
        ("DM", "40.0%", "(2/5)", "6-9:"),
        ("AM", "10.0%", "(1/10)", "2-5:"),
    ]
    assert "the defenders lose and retreat 2-4" in lines[start + 2]


def test_a_europa_result_is_said_once_with_its_code_in_front(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert explain_command(str(default_tutorial())) == 0
    lines = capsys.readouterr().out.splitlines()
    start = lines.index("Outcomes:")
    assert lines[start + 4].split()[0] == "DR"  # the fourth result of the 3:1 column
    assert "DR: " not in lines[start + 4]  # the text's own "DR:" not said twice


def test_a_table_each_side_rolls_on_says_both_dice_and_no_drm(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The Assault Combat Table is read by each side's column and its own die (ACT): no
    modifier to print, and the roll is both dice, each named, not one die "+0"."""
    case = Path(__file__).parents[1] / "cases" / "am-assault-woods.toml"
    assert explain_command(str(case), rolls=[3, 4]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert not [line for line in lines if line.startswith("Final DRM")]
    (roll,) = [line for line in lines if line.startswith("Roll: ")]
    assert says_in(
        roll, figures=["3", "4"], names=["attacker's table die 3", "defender's table die 4"]
    )
