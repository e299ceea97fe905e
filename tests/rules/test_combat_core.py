"""The shared combat core: odds rounding, the CRT file and its problems, outcome chances, and
drawing a DRM that a chart gives as a chance."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from hexcombat.rules.dice import ScriptedDice, SeededDice
from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.explain import Explanation
from hexcombat.rulesets.europa.combat import (
    RESULT_CODES,
    chance_die,
    crt_from_source,
    draw_drm,
    load_crt,
    odds,
    odds_column,
)
from hexcombat.sourcefile import SourceError, TomlSource
from meaning import each_says, says

# --- odds ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attack", "defence", "expected"),
    [
        (10, 3, (3, 1)),  # 3.33 down to 3:1
        (11, 4, (2, 1)),  # 2.75 down to 2:1
        (12, 4, (3, 1)),  # exact
        (12, 12, (1, 1)),
        (13, 12, (1, 1)),
        (4, 11, (1, 3)),  # 1:2.75 worsened to 1:3
        (5, 12, (1, 3)),
        (6, 12, (1, 2)),  # exact
        (Fraction(7, 2), 1, (3, 1)),  # halved strengths stay exact
        (1, Fraction(1, 2), (2, 1)),
    ],
)
def test_odds_round_in_the_defender_s_favour(
    attack: Fraction | int, defence: Fraction | int, expected: tuple[int, int]
) -> None:
    assert odds(attack, defence) == expected


def test_odds_without_strength_are_refused() -> None:
    with pytest.raises(IllegalAttackError, match="^the attackers have no attack strength$"):
        odds(0, 3)
    with pytest.raises(IllegalAttackError) as caught:
        odds(3, 0)
    assert says(str(caught.value), names=["defenders", "no defence strength", "odds"])


def test_odds_column_uses_the_exact_column_silently_and_caps_high_odds_with_a_step() -> None:
    crt = load_crt()
    ex = Explanation()
    assert odds_column(crt, (3, 1), ex) == "3:1"
    assert odds_column(crt, (1, 4), ex) == "1:4"
    assert ex.steps == []
    assert odds_column(crt, (12, 1), ex) == "9:1"
    (step,) = ex.steps
    assert (step.rule, step.value, step.provenance) == ("CRT", "9:1", "assumed")
    assert says(step.text, figures=["12:1", "9:1"], names=["off the table's columns"])
    assert ex.warnings  # the assumed choice is warned


# --- the generic CRT -------------------------------------------------------------------------


def test_the_generic_crt_is_all_assumed_with_the_europa_codes() -> None:
    crt = load_crt()
    assert crt.rule == "CRT"
    assert crt.die == 6
    assert crt.columns[0] == "1:4" and crt.columns[-1] == "9:1"
    assert (crt.min_roll, crt.max_roll) == (-2, 12)
    assert {p for p, _ in crt.row_provenance.values()} == {"assumed"}
    assert {e.provenance for e in crt.effects.values()} == {"assumed"}
    assert set(crt.effects) == set(RESULT_CODES)
    assert crt.effects["EX"].exchange and crt.effects["HX"].exchange
    assert crt.effects["DH"].defender.loss_fraction == Fraction(1, 2)
    assert crt.effects["AE"].attacker.eliminated
    assert crt.effects["DR"].defender.retreat_hexes == 2
    assert load_crt() is crt  # loaded once


def test_results_clamp_to_the_table_s_rows() -> None:
    crt = load_crt()
    assert crt.result("1:4", -9) == crt.result("1:4", -2) == "AE"
    assert crt.result("9:1", 30) == crt.result("9:1", 12) == "DE"


@pytest.mark.parametrize("column", load_crt().columns)
@pytest.mark.parametrize(
    "distribution",
    [{0: Fraction(1)}, {3: Fraction(1, 2), 4: Fraction(1, 2)}, {-5: Fraction(1)}, {9: Fraction(1)}],
)
def test_outcome_chances_sum_to_one_and_count_every_face(
    column: str, distribution: dict[int, Fraction]
) -> None:
    crt = load_crt()
    chances = crt.outcome_distribution(column, distribution)
    assert sum(chances.values()) == 1
    for code, p in chances.items():
        faces = sum(
            p_drm * Fraction(sum(crt.result(column, f + d) == code for f in range(1, 7)), 6)
            for d, p_drm in distribution.items()
        )
        assert p == faces


def test_outcome_chances_of_a_known_column() -> None:
    # generic 3:1 column with +1: die 1-6 read rows 2-7: HX, EX, EX, DR, DR, DH
    chances = load_crt().outcome_distribution("3:1", {1: Fraction(1)})
    assert chances == {
        "EX": Fraction(2, 6),
        "HX": Fraction(1, 6),
        "DH": Fraction(1, 6),
        "DR": Fraction(2, 6),
    }
    assert list(chances) == ["EX", "HX", "DH", "DR"]  # in RESULT_CODES order


# --- CRT file problems -----------------------------------------------------------------------

BAD_CRT = """title = "Broken"
columns = ["1:1", "2-1"]
die = 1

[results.DR]
text = "defender retreats"

[results.DE]
text = "defender eliminated"
assumed = true

[[row]]
roll = 1
results = ["DE", "DE"]
assumed = true

[[row]]
roll = "two"
results = ["DE", "DE"]

[[row]]
roll = 3
results = ["DE", "XX"]
assumed = true

[[row]]
roll = 4
results = ["DE"]
assumed = true

[[row]]
roll = 1
results = ["DE", "DE"]
assumed = true
"""


def test_every_crt_problem_is_reported_with_its_line() -> None:
    crt, problems = crt_from_source(TomlSource.parse(BAD_CRT, "crt.toml"))
    assert crt is None
    assert each_says(
        [str(p) for p in problems],
        dict(at=("crt.toml", 2), figures=["1:2", "3:1"], names=["columns"]),
        dict(at=("crt.toml", 3), figures=["2", "100", "1"], names=["die"]),
        dict(at=("crt.toml", 5), names=['rule = "..."', "assumed = true", "DR"]),
        dict(at=("crt.toml", 14), figures=["1", "0"], names=["row for roll"]),
        dict(at=("crt.toml", 17), names=["roll", "whole-number"]),
        dict(at=("crt.toml", 23), figures=["3", "0"], names=["row for roll"]),
        dict(at=("crt.toml", 28), figures=["4", "0"], names=["row for roll"]),
        dict(at=("crt.toml", 33), figures=["1", "0"], names=["row for roll"]),
        dict(at=("crt.toml", 12), figures=["2", "5", "6"], names=["rows missing", "d6"]),
    )


def test_row_problems_with_good_columns() -> None:
    text = BAD_CRT.replace('"2-1"', '"2:1"').replace("die = 1", "die = 6")
    _, problems = crt_from_source(TomlSource.parse(text, "crt.toml"))
    assert each_says(
        [str(p) for p in problems],
        dict(at=("crt.toml", 5), names=['rule = "..."', "assumed = true", "DR"]),
        dict(at=("crt.toml", 17), names=["roll", "whole-number"]),
        dict(at=("crt.toml", 23), names=["unknown result code(s)", "XX"]),
        dict(at=("crt.toml", 28), figures=["4", "2"], names=["row for roll"]),
        dict(at=("crt.toml", 31), figures=["1"], names=["second row"]),
        dict(at=("crt.toml", 12), figures=["2", "5", "6"], names=["rows missing", "d6"]),
    )


def test_a_gap_in_the_rows_is_reported() -> None:
    text = 'columns = ["1:1"]\n[results.DE]\nassumed = true\n'
    for roll in (1, 4):
        text += f'[[row]]\nroll = {roll}\nresults = ["DE"]\nassumed = true\n'
    _, problems = crt_from_source(TomlSource.parse(text, "crt.toml"))
    # a gap between rows, and the faces 5 and 6 of the d6 with no row of their own
    assert each_says(
        [str(p) for p in problems],
        dict(at=("crt.toml", 4), figures=["2", "3", "5", "6"], names=["rows missing"]),
    )


def test_a_row_without_provenance_is_refused() -> None:
    text = (
        'columns = ["1:1"]\ndie = 2\n[results.DE]\nassumed = true\n[[row]]\nroll = 1\n'
        'results = ["DE"]\n[[row]]\nroll = 2\nresults = ["DE"]\nassumed = true\n'
    )
    _, problems = crt_from_source(TomlSource.parse(text, "crt.toml"))
    assert each_says(
        [str(p) for p in problems],
        dict(at=("crt.toml", 5), names=['rule = "..."', "assumed = true"]),
    )


def test_load_crt_raises_with_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "crt.toml"
    path.write_text('columns = ["1:1"]\ndie = 6\n')
    with pytest.raises(SourceError) as caught:
        load_crt(path)
    assert each_says(caught.value.problems, dict(at=(str(path), 1), names=["[[row]]"]))
    with pytest.raises(SourceError) as caught:
        load_crt(tmp_path / "missing.toml")
    assert caught.value.problems[0].message.startswith("cannot read the file")
    bad = tmp_path / "bad.toml"
    bad.write_text('title = "x"\nrule = 12C\n')
    with pytest.raises(SourceError) as caught:
        load_crt(bad)
    (problem,) = caught.value.problems
    assert problem.line == 2 and problem.message.startswith("not valid TOML")


def test_a_crt_with_rule_provenance_cites_it(tmp_path: Path) -> None:
    text = (
        'rule = "12C"\ncolumns = ["1:1"]\ndie = 2\n[results.DE]\nrule = "12C"\n'
        '[[row]]\nroll = 1\nresults = ["DE"]\nrule = "12C"\n'
        '[[row]]\nroll = 2\nresults = ["DE"]\nrule = "12C"\n'
    )
    crt, problems = crt_from_source(TomlSource.parse(text, "crt.toml"))
    assert problems == []
    assert crt is not None
    assert crt.row_provenance[1] == ("rule", "12C")
    assert crt.effects["DE"].provenance == "rule"
    assert crt.effects["DE"].rule == "12C"
    assert crt.rule == "12C"


SMALL_CRT = """columns = ["1:1", "2:1"]
[results.DE]
assumed = true
[results.DE.defender]
loss = 1
[[row]]
roll = 1
results = ["DE", "DE"]
assumed = true
[[row]]
roll = 2
results = ["DE", "DE"]
assumed = true
[[row]]
roll = 3
results = ["DE", "DE"]
assumed = true
[[row]]
roll = 4
results = ["DE", "DE"]
assumed = true
[[row]]
roll = 5
results = ["DE", "DE"]
assumed = true
[[row]]
roll = 6
results = ["DE", "DE"]
assumed = true
"""


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            'loss = "half"',
            "crt.toml:5: loss must be the share of its strength the defender loses, from 0 to 1 "
            "(0.5 for half, 1 for all), not 'half'",
        ),
        (
            "loss = [1]",
            "crt.toml:5: loss must be the share of its strength the defender loses, from 0 to 1 "
            "(0.5 for half, 1 for all), not [1]",
        ),
        (
            "loss = 5",
            "crt.toml:5: loss must be the share of its strength the defender loses, from 0 to 1 "
            "(0.5 for half, 1 for all), not 5",
        ),
        (
            "loss = inf",
            "crt.toml:5: loss must be the share of its strength the defender loses, from 0 to 1 "
            "(0.5 for half, 1 for all), not inf",
        ),
        (
            "loss = nan",
            "crt.toml:5: loss must be the share of its strength the defender loses, from 0 to 1 "
            "(0.5 for half, 1 for all), not nan",
        ),
        (
            'retreat = "one"',
            "crt.toml:5: retreat must be a whole number of hexes from 0 to 20, not 'one'",
        ),
    ],
)
def test_a_bad_result_value_is_a_problem_at_its_line(line: str, message: str) -> None:
    text = SMALL_CRT.replace("loss = 1", line)
    crt, problems = crt_from_source(TomlSource.parse(text, "crt.toml"))
    assert crt is None
    assert [str(p) for p in problems] == [message]


def test_columns_out_of_order_are_refused() -> None:
    text = SMALL_CRT.replace('["1:1", "2:1"]', '["2:1", "1:1"]')
    _, problems = crt_from_source(TomlSource.parse(text, "crt.toml"))
    assert each_says(
        [str(p) for p in problems],
        dict(
            at=("crt.toml", 1),
            figures=["1:2", "1:1", "2:1", "2:1", "1:1"],
            names=["columns", "attacker"],
        ),
    )


def test_duplicate_columns_are_refused() -> None:
    text = SMALL_CRT.replace('["1:1", "2:1"]', '["1:1", "1:1"]')
    _, problems = crt_from_source(TomlSource.parse(text, "crt.toml"))
    assert each_says(
        [str(p) for p in problems],
        dict(
            at=("crt.toml", 1),
            figures=["1:2", "1:1", "2:1", "1:1", "1:1"],
            names=["columns", "attacker"],
        ),
    )


def test_a_result_flag_that_is_not_true_or_false_is_refused() -> None:
    text = SMALL_CRT.replace("[results.DE.defender]", 'advance = "yes"\n[results.DE.defender]')
    _, problems = crt_from_source(TomlSource.parse(text, "crt.toml"))
    assert each_says(
        [str(p) for p in problems], dict(at=("crt.toml", 4), names=["advance", "'yes'"])
    )


def test_a_row_entry_that_is_not_a_code_is_reported_not_raised() -> None:
    text = SMALL_CRT.replace('results = ["DE", "DE"]', 'results = ["DE", ["DE"]]', 1)
    _, problems = crt_from_source(TomlSource.parse(text, "crt.toml"))
    assert each_says(
        [str(p) for p in problems],
        dict(at=("crt.toml", 8), names=["unknown result code(s)", "'DE'"]),
    )


def test_odds_below_the_lowest_column_follow_the_chart_s_below_lowest() -> None:
    crt = load_crt()  # the generic chart: below 1:4 every roll is AE, assumed
    ex = Explanation()
    assert odds_column(crt, (1, 5), ex) == "below 1:4"
    (step,) = ex.steps
    assert (step.rule, step.value, step.provenance) == ("CRT", "below 1:4", "assumed")
    assert says(
        step.text, figures=["1:5", "1:4"], names=["lowest column", "AE", "attacker eliminated"]
    )
    assert each_says(
        ex.warnings,
        dict(figures=["1:5", "1:4"], names=["CRT", "assumed", "AE", "attacker eliminated"]),
    )
    # the attacker is eliminated on every face, whatever the modifier (not the 1:4 column's
    # AH on 5-6, which would favour the attacker)
    assert crt.outcome_distribution("below 1:4", {3: Fraction(1, 2), 4: Fraction(1, 2)}) == {
        "AE": Fraction(1)
    }


def test_odds_below_the_lowest_column_without_below_lowest_are_illegal() -> None:
    crt, problems = crt_from_source(TomlSource.parse(SMALL_CRT, "crt.toml"))
    assert problems == [] and crt is not None
    with pytest.raises(IllegalAttackError) as caught:
        odds_column(crt, (1, 2), Explanation())
    assert says(
        str(caught.value),
        figures=["1:2", "1:1"],
        names=["crt.toml", "below_lowest", "CRT", "may not be made"],
    )


def test_a_bad_below_lowest_is_reported() -> None:
    text = SMALL_CRT + '[below_lowest]\nresult = "ZZ"\nassumed = true\n'
    _, problems = crt_from_source(TomlSource.parse(text, "crt.toml"))
    assert each_says(
        [str(p) for p in problems], dict(at=("crt.toml", 31), names=["'ZZ'", "below_lowest", "DE"])
    )
    text = SMALL_CRT + '[below_lowest]\nresult = "DE"\n'
    _, problems = crt_from_source(TomlSource.parse(text, "crt.toml"))
    assert each_says(
        [str(p) for p in problems],
        dict(at=("crt.toml", 30), names=['rule = "..."', "assumed = true", "below_lowest"]),
    )


# --- drawing a DRM given as a chance ---------------------------------------------------------


def test_a_single_drm_needs_no_roll() -> None:
    dice = ScriptedDice([])
    assert draw_drm({2: Fraction(1)}, dice) == (2, None)
    assert dice.used == 0


def test_fifty_fifty_uses_a_d6_low_faces_for_the_lower_drm() -> None:
    distribution = {3: Fraction(1, 2), 4: Fraction(1, 2)}  # "+3, 50% chance of +4" (10.C)
    assert chance_die(distribution) == 6
    drawn = [draw_drm(distribution, ScriptedDice([face])) for face in range(1, 7)]
    assert drawn == [(3, 1), (3, 2), (3, 3), (4, 4), (4, 5), (4, 6)]


def test_thirds_and_tenths_pick_their_die() -> None:
    thirds = {0: Fraction(1, 3), 1: Fraction(2, 3)}
    assert chance_die(thirds) == 6
    assert [draw_drm(thirds, ScriptedDice([f]))[0] for f in range(1, 7)] == [0, 0, 1, 1, 1, 1]
    tenths = {-1: Fraction(3, 10), 0: Fraction(7, 10)}
    assert chance_die(tenths) == 10
    assert [draw_drm(tenths, ScriptedDice([f]))[0] for f in range(1, 11)] == [-1] * 3 + [0] * 7
    assert chance_die({0: Fraction(1, 4), 1: Fraction(3, 4)}) == 100


def test_a_chance_no_die_can_draw_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot draw chances with denominator 7"):
        chance_die({0: Fraction(1, 7), 1: Fraction(6, 7)})


def test_draw_frequencies_match_the_distribution_over_every_face() -> None:
    distribution = {1: Fraction(1, 6), 2: Fraction(1, 2), 3: Fraction(1, 3)}
    faces = [draw_drm(distribution, ScriptedDice([f]))[0] for f in range(1, 7)]
    assert {d: Fraction(faces.count(d), 6) for d in distribution} == distribution


def test_seeded_dice_replay_the_same_rolls() -> None:
    a, b = SeededDice(7), SeededDice(7)
    assert [a.roll() for _ in range(20)] == [b.roll() for _ in range(20)]
    assert all(1 <= SeededDice(1).roll(10) <= 10 for _ in range(50))
