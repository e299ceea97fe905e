"""What-if columns on every table shape (rules/what_if.py over the report's TableColumn): how
many attack factors more reach the next column of a differential or fire table, how many fewer
drop to the one before, and the exact chance of each result there, worked by hand below.

ridge-line (data/ridge-line.toml): attack minus defence on columns -2..-1, 0, 1..2, 3..5 (below:
AL, above: the 3..5 column), 2d6 rows 2..4, 5..7, 8..10, 11..12 coming up 6, 15, 12 and 3 in
36. barrage (data/barrage.toml): fire (a value the counters name) on columns 1..2, 3..5, 6..9
(above: 6..9) read on a d66."""

from __future__ import annotations

from fractions import Fraction

from datafile_helpers import BARRAGE, RIDGE, SKIRMISH, combat, ruleset, unit

from hexcombat.rules.report import TableColumn, odds_column, table_column
from hexcombat.rules.what_if import WhatIf, what_if
from hexcombat.ui.what_if_view import summary, what_if_lines

IN36 = Fraction(1, 36)


def figures_of(path, attackers, defenders, ruleset_id: str, terrain: str = "clear") -> WhatIf:  # type: ignore[no-untyped-def]
    r = ruleset(path)
    report = r.evaluate(combat(attackers, defenders, terrain, ruleset_id=ruleset_id))
    found = what_if(report, r.evaluate, r.vocabulary)
    assert found is not None
    return found


def chances(change) -> dict[str, Fraction]:  # type: ignore[no-untyped-def]
    return {o.code: o.probability for o in change.outcomes}


def test_a_differential_moves_a_column_each_way_with_its_chances() -> None:
    """4 - 4 is 0 (D1). One factor more is +1, the 1..2 column: NE 6/36, DR 15/36, DL 12/36,
    DL2 3/36. One fewer is -1, the -2..-1 column: AL 6+15 = 21/36, NE 12/36, DR 3/36."""
    found = figures_of(RIDGE, [unit("A", 4, 1, steps=2)], [unit("D", 1, 4, steps=2)], "ridge-line")
    assert found.column == "0"
    assert found.up is not None and (found.up.factors, found.up.column) == (1, "1..2")
    assert chances(found.up) == {"NE": 6 * IN36, "DR": 15 * IN36, "DL": 12 * IN36, "DL2": 3 * IN36}
    assert found.down is not None and (found.down.factors, found.down.column) == (-1, "-2..-1")
    assert chances(found.down) == {"AL": 21 * IN36, "NE": 12 * IN36, "DR": 3 * IN36}


def test_a_differential_at_its_edges() -> None:
    """9 - 4 is +5, the highest column (3..5): more reads 3..5 still (above = "column"), so no
    factors move it up; 3 fewer is +2, 1..2. 2 - 4 is -2, the lowest column: one fewer is -3,
    below it, AL whatever the roll; 1 more is -1, still -2..-1, 2 more reach 0."""
    top = figures_of(RIDGE, [unit("A", 9, 1, steps=2)], [unit("D", 1, 4, steps=2)], "ridge-line")
    assert top.column == "3..5" and top.up is None
    assert top.down is not None and (top.down.factors, top.down.column) == (-3, "1..2")
    low = figures_of(RIDGE, [unit("A", 2, 1, steps=2)], [unit("D", 1, 4, steps=2)], "ridge-line")
    assert low.down is not None and (low.down.factors, low.down.column) == (-1, "AL")
    assert chances(low.down) == {"AL": 1}
    assert low.up is not None and (low.up.factors, low.up.column) == (2, "0")


def test_a_fire_table_moves_its_column_by_the_named_fire_value() -> None:
    """Fire 4 (a value the counter names, rules = { fire = 4 }) is the 3..5 column: 2 more
    reach 6, the 6..9 column, read on a d66 as D 1/3, L 1/3, LD 1/3; 2 fewer drop to 2, the
    1..2 column."""
    gun = unit("Gun", None, None, "artillery", steps=2, fire=4)
    found = figures_of(BARRAGE, [gun], [unit("Inf", None, None, steps=2)], "barrage")
    assert found.column == "3..5"
    assert found.up is not None and (found.up.factors, found.up.column) == (2, "6..9")
    assert chances(found.up) == {"D": Fraction(1, 3), "L": Fraction(1, 3), "LD": Fraction(1, 3)}
    assert found.down is not None and (found.down.factors, found.down.column) == (-2, "1..2")


def test_the_what_if_keeps_the_shifts_and_the_drm() -> None:
    """Skirmish: Guards (morale 5: +1, S6) of attack 5 against elite Rifles of 4 (one column
    left, S7): +1 is 0..1, read on -2..-1. One factor more is +2, 2..3, read on 0..1 with +1:
    a difference d reads d + 1 (held at 5): -5 AL (1/36), -4..-3 AL (2+3), so AL 6/36;
    -2..0 NE (4+5+6 = 15/36); 1..3 DR (5+4+3 = 12/36); 4..5 DL (2+1 = 3/36)."""
    guards = unit("Guards", 5, 1, steps=2, morale=5, training="regular")
    rifles = unit("Rifles", 1, 4, steps=2, morale=3, training="elite")
    found = figures_of(SKIRMISH, [guards], [rifles], "skirmish")
    assert found.column == "-2..-1" and found.drm_distribution == {1: 1}
    assert found.up is not None and (found.up.factors, found.up.column) == (1, "0..1")
    assert found.up.drm_distribution == {1: 1}
    assert chances(found.up) == {"AL": 6 * IN36, "NE": 15 * IN36, "DR": 12 * IN36, "DL": 3 * IN36}


def test_a_differential_is_a_table_column_but_no_odds() -> None:
    """The report declares its column for the what-if; its odds stay empty (no "Odds: 0")."""
    r = ruleset(RIDGE)
    report = r.evaluate(
        combat([unit("A", 4, 1, steps=2)], [unit("D", 1, 4, steps=2)], ruleset_id="ridge-line")
    )
    assert isinstance(report.feature(TableColumn), TableColumn)
    assert table_column(report) == "0" and odds_column(report) is None
    assert "odds" not in report.to_json()  # no odds column: no odds key (report-schema.md)


def test_the_panels_what_if_lines_say_the_differentials_columns() -> None:
    """The Combat panel and the calculator show the same lines for any table's column."""
    found = figures_of(RIDGE, [unit("A", 4, 1, steps=2)], [unit("D", 1, 4, steps=2)], "ridge-line")
    lines = what_if_lines(found, drm=False)
    assert lines[0].startswith("0 now; +1 attack factor: 1..2 (")
    assert lines[1].startswith("-1 attack factor: -2..-1 (AL 58")
    assert summary(found, drm=False) == "What if: +1 \u2192 1..2, -1 \u2192 -2..-1"
