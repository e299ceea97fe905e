"""The Assault Combat Table cell by cell, its columns and its chart file."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from am_helpers import RULESET, side, situation, squad

from hexcombat.rules.dice import ScriptedDice
from hexcombat.rulesets.assault_morale.table import (
    ASSAULT_COMBAT,
    assault_table_from_source,
    load_assault_table,
)
from hexcombat.sourcefile import TomlSource
from meaning import each_says

# The decoded table (ACT): columns by their lowest fire value, the first read as 1.
LOWER = [1, 3, 5, 9, 13, 18, 24, 30]
GOLDEN = {
    1: ["-", "-", "-", "-", "-", "M", "M1", "M2"],
    2: ["-", "-", "-", "-", "M", "M1", "M2", "1M2"],
    3: ["-", "-", "-", "M", "M1", "M2", "1M2", "1M2"],
    4: ["-", "-", "M", "M1", "M2", "1M2", "1M2", "2M2"],
    5: ["-", "M", "M1", "M2", "1M2", "1M2", "2M2", "2M2"],
    6: ["M", "M1", "M2", "1M2", "1M2", "2M2", "2M2", "3M2"],
}
CELLS = [(die, col) for die in GOLDEN for col in range(8)]


@pytest.mark.parametrize(("die", "column"), CELLS, ids=[f"die{d}-col{c}" for d, c in CELLS])
def test_each_cell_is_the_decoded_one(die: int, column: int) -> None:
    table = load_assault_table()
    assert table.rows[die][column].code == GOLDEN[die][column]
    # and through a whole assault: the attacker's fire at the column's lowest value, the
    # defender without fire, in clear terrain with no shift
    s = situation(side(squad(LOWER[column], morale=5)), side(squad(0, morale=7)))
    report = RULESET.evaluate(s)
    assert not [st for st in report.steps if st.kind == "shift"]
    result = RULESET.resolve(report, ScriptedDice([die, 1]))
    assert result.code == f"defender: {GOLDEN[die][column]} / attacker: -"


def test_every_cell_is_cited_to_the_table() -> None:
    table = load_assault_table()
    assert table.rule == "ACT"
    assert all(prov == ("rule", "ACT") for prov in table.provenance.values())


@pytest.mark.parametrize(
    ("fire", "column"),
    [
        (Fraction(1, 2), None), (1, "1-2"), (2, "1-2"), (3, "3-4"), (4, "3-4"), (5, "5-8"),
        (8, "5-8"), (9, "9-12"), (12, "9-12"), (13, "13-17"), (17, "13-17"), (18, "18-23"),
        (23, "18-23"), (24, "24-29"), (29, "24-29"), (30, "30+"), (99, "30+"),
        (Fraction(5, 2), "1-2"), (Fraction(9, 2), "3-4"),
    ],
)  # fmt: skip
def test_a_fire_value_finds_the_column_of_its_lower_bound(fire: Fraction, column: str) -> None:
    table = load_assault_table()
    found = table.column_of(Fraction(fire))
    assert (None if found is None else table.label(found)) == column


def test_a_side_without_fire_on_the_table_does_nothing() -> None:
    s = situation(side(squad(0)), side(squad(0)))
    report = RULESET.evaluate(s)
    assert report.outcomes == {"defender: - / attacker: -": 1}
    assert report.payload["attacker"]["column_before_shifts"] is None  # type: ignore[index]


def test_a_bad_cell_is_named_at_its_line(tmp_path: Path) -> None:
    text = ASSAULT_COMBAT.read_text(encoding="utf-8").replace('"2M2", "3M2"]', '"2M2", "4X"]')
    chart, problems = assault_table_from_source(TomlSource.parse(text, tmp_path / "act.toml"))
    assert chart is None
    assert len(problems) == 1
    line = next(i for i, row in enumerate(text.splitlines(), 1) if '"4X"' in row)
    assert f":{line}:" in str(problems[0]) and "'4X' is not a result" in str(problems[0])


def test_a_row_without_its_source_is_refused(tmp_path: Path) -> None:
    text = ASSAULT_COMBAT.read_text(encoding="utf-8")
    last = text.rindex('rule = "ACT"')
    text = text[:last] + text[last + len('rule = "ACT"') :]
    _chart, problems = assault_table_from_source(TomlSource.parse(text, tmp_path / "act.toml"))
    assert any("row 6 needs" in str(p) for p in problems)


def test_a_side_on_the_first_column_is_told_its_lower_bound_is_a_reading() -> None:
    report = RULESET.evaluate(situation(side(squad(2)), side(squad(9))))
    notes = [s.text for s in report.steps if "no header" in s.text]
    assert each_says(notes, dict(figures=["1", "2", "1"], names=["no header", "reading"]))
    assert [s.side for s in report.steps if "no header" in s.text] == ["attacker"]
