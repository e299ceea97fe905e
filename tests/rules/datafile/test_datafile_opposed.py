"""An opposed roll (``[table] combine = "difference"``, docs/ruleset-file.md): each side rolls
its own dice and the table is read on the attacker's total minus the defender's. The chances are
the convolution of the two sides' dice, worked by hand in each docstring.

The skirmish file (data/skirmish.toml): a differential table, columns -2..-1, 0..1, 2..3, 4..6
(below: AL, above: the 4..6 column), the attacker's d6 and the defender's d6 (S2), rows by the
difference -5, -4..-2, -1..1, 2..4, 5; woods -1 and a stream -1 (S9), DRMs held within -1..+1
(S9); an attacker of morale 5 or more +1 (S6), every defender elite one column left (S7). In
1d6 - 1d6 a difference d comes up in 6 - |d| of the 36 ways, so the rows come up 1, 2+3+4 = 9,
5+6+5 = 16, 4+3+2 = 9 and 1 in 36."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from datafile_helpers import SKIRMISH, combat, registered, ruleset, unit, variant
from hypothesis import given, settings
from skirmish_strategies import opposed_tables

from hexcombat.game.roll import dice_asked, read_typed_roll, what_to_type
from hexcombat.rules.dice import ScriptedDice, SeededDice
from hexcombat.rules.report import drm_chances
from hexcombat.rules.situation import Participant
from hexcombat.rules.units import Unit
from hexcombat.rulesets.datafile.loader import CHECKER_DEFECT, ruleset_file_problems
from hexcombat.rulesets.datafile.tables import roll_totals

IN36 = Fraction(1, 36)


def soldier(name: str, attack: int, defence: int, morale: int = 3, training: str = "regular"):  # type: ignore[no-untyped-def]
    """A skirmish counter: its steps, its morale (S4) and training (S5)."""
    return unit(name, attack, defence, steps=2, morale=morale, training=training)


def fight(
    attackers: list[Participant | Unit], defenders: list[Participant | Unit], terrain: str = "clear"
):  # type: ignore[no-untyped-def]
    return combat(attackers, defenders, terrain, ruleset_id="skirmish")


def test_one_d6_against_one_d6_is_triangular() -> None:
    """1d6 - 1d6: P(0) = 6/36, P(+1) = P(-1) = 5/36, ..., P(+5) = P(-5) = 1/36."""
    dice = ruleset(SKIRMISH).file.dice
    assert roll_totals(dice, "difference") == {d: (6 - abs(d)) * IN36 for d in range(-5, 6)}
    assert roll_totals(dice, "sum")[7] == 6 * IN36  # the same dice added: 2d6


def test_two_dice_against_one_convolve_both_sides() -> None:
    """2d6 - 1d6 gives -4 (2 against 6) to 11 (12 against 1), each in 1 of 216 ways; +1 is a
    2d6 total one above the d6, 2..7 against 1..6: 1+2+3+4+5+6 = 21 of 216."""
    attacker, defender = ruleset(SKIRMISH).file.dice
    two = (replace(attacker, count=2), defender)
    found = roll_totals(two, "difference")
    assert (min(found), max(found)) == (-4, 11)
    assert found[-4] == found[11] == Fraction(1, 216) and found[1] == Fraction(21, 216)
    assert sum(found.values()) == 1


def test_the_highest_column_reads_every_row_from_the_lowest_to_the_highest_difference() -> None:
    """Attack 9 against 4 is +5, the 4..6 column (S1), no DRM: -5 AL (1/36), -4..-2 NE
    (9/36), -1..1 DR (16/36), 2..4 DL (9/36), +5 DL2 (1/36). A 1 against a 6 is -5, AL; a 6
    against a 1 is +5, DL2."""
    r = ruleset(SKIRMISH)
    report = r.evaluate(fight([soldier("A", 9, 1)], [soldier("D", 1, 4)]))
    assert report.payload["column"] == "4..6" and drm_chances(report) == {0: 1}
    assert report.outcomes == {
        "AL": IN36,
        "NE": 9 * IN36,
        "DR": 16 * IN36,
        "DL": 9 * IN36,
        "DL2": IN36,
    }
    low = r.resolve(report, ScriptedDice([1, 6]))
    high = r.resolve(report, ScriptedDice([6, 1]))
    assert (low.code, low.table_roll().die, high.code, high.table_roll().die) == (
        "AL",
        -5,
        "DL2",
        5,
    )
    assert any(s.rule == "S2" and s.value == -5 for s in low.steps)


def test_the_lowest_column_and_below_it() -> None:
    """Attack 2 against 4 is -2, the -2..-1 column: -5 AL2 (1/36), -4..1 AL (9+16 = 25/36),
    2..4 NE (9/36), +5 DR (1/36). 1 against 4 is -3, below the table: AL whatever the roll."""
    r = ruleset(SKIRMISH)
    report = r.evaluate(fight([soldier("A", 2, 1)], [soldier("D", 1, 4)]))
    assert report.payload["column"] == "-2..-1"
    assert report.outcomes == {"AL2": IN36, "AL": 25 * IN36, "NE": 9 * IN36, "DR": IN36}
    below = r.evaluate(fight([soldier("A", 1, 1)], [soldier("D", 1, 4)]))
    assert below.outcomes == {"AL": 1}


def test_a_drm_moves_the_difference_held_within_the_limits_and_the_rows() -> None:
    """Woods -1 and every attacker across a stream -1 (S9): -2, held to -1 (S9). On 4..6 with
    -1: -5 and -4 read -5 (held to the lowest row), AL 1+2 = 3/36; -3..-1 read -4..-2, NE
    3+4+5 = 12/36; 0..2 read -1..1, DR 6+5+4 = 15/36; 3..5 read 2..4, DL 3+2+1 = 6/36; no DL2."""
    r = ruleset(SKIRMISH)
    attacker = Participant(soldier("A", 9, 1), across="stream")
    report = r.evaluate(fight([attacker], [soldier("D", 1, 4)], "woods"))
    assert drm_chances(report) == {-1: 1}
    assert any(s.kind == "limit" and s.rule == "S9" for s in report.steps)
    assert report.outcomes == {
        "AL": 3 * IN36,
        "NE": 12 * IN36,
        "DR": 15 * IN36,
        "DL": 6 * IN36,
    }
    result = r.resolve(report, ScriptedDice([1, 6]))
    roll = result.table_roll()
    assert (roll.die, roll.drm, roll.modified_roll, result.code) == (-5, -1, -5, "AL")


def test_a_shift_and_a_drm_from_unit_values_with_the_opposed_roll() -> None:
    """5 against 4 is +1, the 0..1 column; the defenders all elite shift it left (S7) to
    -2..-1; an attacker of morale 5 gives +1 (S6). On -2..-1 with +1: -5..0 read -4..1, AL
    1+2+3+4+5+6 = 21/36; 1..3 read 2..4, NE 5+4+3 = 12/36; 4 and 5 read 5 (held), DR 2+1 =
    3/36."""
    r = ruleset(SKIRMISH)
    report = r.evaluate(
        fight([soldier("Guards", 5, 1, morale=5)], [soldier("Rifles", 1, 4, training="elite")])
    )
    assert report.headline == "-2..-1, DRM +1"
    assert report.outcomes == {"AL": 21 * IN36, "NE": 12 * IN36, "DR": 3 * IN36}


def test_each_side_types_its_own_die() -> None:
    """The player is asked for the attacker's die, then the defender's (S2), and a typed 4 2
    is +2: on 0..1 (5 against 4) the row 2..4 reads DR."""
    r = ruleset(SKIRMISH)
    report = r.evaluate(fight([soldier("A", 5, 1)], [soldier("D", 1, 4)]))
    with registered("skirmish", "skirmish_ruleset"):
        asked = dice_asked(report)
    assert [(d.purpose, d.side, d.sides) for d in asked] == [
        ("attacker's die", "attacker", 6),
        ("defender's die", "defender", 6),
    ]
    assert "the attacker's die (d6), then the defender's die (d6)" in what_to_type(asked)
    typed = read_typed_roll("4 2", asked)
    result = r.resolve(report, ScriptedDice(typed))
    assert (result.table_roll().die, result.code) == (2, "DR")
    assert [(roll.side, roll.faces) for roll in result.rolls] == [
        ("attacker", (4,)),
        ("defender", (2,)),
    ]


def test_seeded_dice_roll_what_the_chances_promise() -> None:
    """Over seeded dice each result is one the report gave a chance to, read on the attacker's
    face minus the defender's."""
    r = ruleset(SKIRMISH)
    report = r.evaluate(fight([soldier("A", 9, 1)], [soldier("D", 1, 4)]))
    seen = set()
    for seed in range(60):
        result = r.resolve(report, SeededDice(seed))
        attacker, defender = (roll.faces[0] for roll in result.rolls)
        assert result.table_roll().die == attacker - defender
        assert result.code in report.outcomes
        seen.add(result.table_roll().die)
    assert min(seen) < 0 < max(seen)


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ('"5" = ["DR", "DL", "DL2", "DL2"]\n', "", "no row for the difference(s) 5"),
        ('"-5" = ["AL2", "AL2", "AL", "AL"]', '"-6..-5" = ["AL2", "AL2", "AL", "AL"]',
         "the dice give differences -5 to 5 only"),
        ('combine = "difference"', 'combine = "subtract"',
         "table.combine must be one of sum, difference"),
    ],
)  # fmt: skip
def test_a_table_missing_a_difference_is_refused_at_its_line(
    tmp_path: Path, old: str, new: str, words: str
) -> None:
    from test_datafile_loader import line_of, problems

    path = variant(tmp_path, old, new, SKIRMISH)
    found = problems(path)
    line = line_of(path, new.splitlines()[-1]) if new else line_of(path, "[table.rows]")
    assert any(at == line and words in said for at, said in found), (line, found)


def test_an_opposed_roll_needs_each_die_to_say_whose_it_is(tmp_path: Path) -> None:
    """A die with no side, and a file where only the attacker rolls, are told at their lines."""
    from test_datafile_loader import line_of, problems

    path = variant(tmp_path, 'sides = 6\nside = "defender"\n', "sides = 6\n", SKIRMISH)
    found = problems(path)
    at = line_of(path, "[[dice]]", 1)
    assert any(line == at and "has no side" in said for line, said in found), found
    assert any(
        line == line_of(path, "combine =") and "no [[dice]] entry has side = 'defender'" in said
        for line, said in found
    ), found


def test_the_roll_is_explained_side_by_side_and_a_held_difference_says_so() -> None:
    """A 6 against a 1 is +5 (S2); with +1 (S6) it is 6, past the last row: the 5 row is read
    (S1), and the working says both."""
    r = ruleset(SKIRMISH)
    report = r.evaluate(
        fight([soldier("Guards", 5, 1, morale=5)], [soldier("Rifles", 1, 4, training="elite")])
    )
    result = r.resolve(report, ScriptedDice([6, 1]))
    texts = [(s.rule, s.text) for s in result.steps]
    assert ("S2", "the attacker's 6 - the defender's 1 = 5") in texts
    assert ("S1", "difference 5 +1 = 6 (the rows end at 5) on -2..-1: DR") in texts
    assert result.table_roll().modified_roll == 5
    woods = r.evaluate(
        fight([Participant(soldier("A", 9, 1), across="stream")], [soldier("D", 1, 4)], "woods")
    )
    low = r.resolve(woods, ScriptedDice([1, 6]))  # -5 -1 = -6: the -5 row (S9's -1)
    assert ("S1", "difference -5 -1 = -6 (the rows start at -5) on 4..6: AL") in [
        (s.rule, s.text) for s in low.steps
    ]


@settings(max_examples=60, deadline=None)
@given(opposed_tables())
def test_generated_opposed_rolls_are_taken_exactly_when_every_difference_has_a_row(
    drawn: tuple[str, str, bool],
) -> None:
    """Any two sides' dice and rows (skirmish_strategies.opposed_tables): taken exactly when
    each die says whose it is, both sides roll, and the rows cover the differences from the
    lowest (the attacker's least against the defender's most) to the highest, each once; else
    refused at lines of the file, never as a defect of the checker."""
    dice, rows, sound = drawn
    text = SKIRMISH.read_text()
    start, end = text.index("[[dice]]"), text.index("[table]")
    text = text[:start] + dice + "\n" + text[end:]
    start, end = text.index("[table.rows]\n"), text.index("[units]")
    text = text[:start] + "[table.rows]\n" + rows + "\n" + text[end:]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "generated.toml"
        path.write_text(text)
        found = ruleset_file_problems(path)
        lines = text.count("\n") + 1
    assert all(CHECKER_DEFECT not in p.message and 1 <= p.line <= lines for p in found), found
    assert (found == []) == sound, (dice, rows, found)
