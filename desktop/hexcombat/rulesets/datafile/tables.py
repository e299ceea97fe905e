"""The pure arithmetic of a ruleset file: the chance of every dice total (added dice and d66),
the column a combat reads, shifts and limits, and the chance of every result. Exact fractions
throughout; nothing here knows the contract's types."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from hexcombat.rules.odds import whole_odds
from hexcombat.rulesets.datafile import model as m


def entry_totals(entry: m.DieEntry) -> dict[int, Fraction]:
    """Each value one ``[[dice]]`` entry can give, with its exact chance: the faces added, or a
    d66 (first die the tens, second the units: 11..66, each 1/36)."""
    return die_totals((entry,))


@cache
def _ways(dice: tuple[m.DieEntry, ...]) -> tuple[dict[int, int], int]:
    """How many ways each total comes up, and of how many: whole numbers (a Fraction for each
    product would take seconds for a few d100)."""
    ways, outof = {0: 1}, 1
    for entry in dice:
        if entry.read == "d66":
            faces = {10 * a + b: 1 for a in range(1, 7) for b in range(1, 7)}
            ways, outof = _added(ways, faces), outof * 36
            continue
        for _ in range(entry.count):
            ways = _added(ways, {face: 1 for face in range(1, entry.sides + 1)})
            outof *= entry.sides
    return ways, outof


def die_totals(dice: tuple[m.DieEntry, ...]) -> dict[int, Fraction]:
    """Each total of ``dice`` added together, with its exact chance."""
    ways, outof = _ways(dice)
    return {total: Fraction(n, outof) for total, n in sorted(ways.items())}


def roll_totals(dice: tuple[m.DieEntry, ...], combine: m.Combine = "sum") -> dict[int, Fraction]:
    """Each value the table's rows are read on, with its exact chance: every entry added
    (``sum``), or the attacker's dice total minus the defender's (``difference``: the two
    sides' totals convolved, 1d6 against 1d6 giving -5..5, 0 with 6/36)."""
    if combine == "sum":
        return die_totals(dice)
    ways, outof = _difference(dice)
    return {total: Fraction(n, outof) for total, n in sorted(ways.items())}


@cache
def _difference(dice: tuple[m.DieEntry, ...]) -> tuple[dict[int, int], int]:
    """How many ways each difference (attacker's total minus defender's) comes up, of how
    many: whole numbers, as :func:`_ways`."""
    attack, a_outof = _ways(tuple(d for d in dice if d.side == "attacker"))
    defence, d_outof = _ways(tuple(d for d in dice if d.side == "defender"))
    return _added(attack, {-total: n for total, n in defence.items()}), a_outof * d_outof


def side_totals(dice: tuple[m.DieEntry, ...], values: list[int], combine: m.Combine) -> int:
    """The value the rows are read on from each entry's rolled value (in ``dice`` order): their
    sum, or the attacker's entries' sum minus the defender's."""
    if combine == "sum":
        return sum(values)
    return sum(v if d.side == "attacker" else -v for d, v in zip(dice, values, strict=True))


def _added(a: Mapping[int, int], b: Mapping[int, int]) -> dict[int, int]:
    found: dict[int, int] = {}
    for x, p in a.items():
        for y, q in b.items():
            found[x + y] = found.get(x + y, 0) + p * q
    return found


def rounded(value: Fraction, rounding: m.Rounding) -> Fraction:
    """A side's total as the file rounds it (``down``, ``up`` or kept ``exact``)."""
    if rounding == "down":
        return Fraction(math.floor(value))
    if rounding == "up":
        return Fraction(math.ceil(value))
    return value


def odds_ratio(attack: Fraction, defence: Fraction) -> Fraction:
    """The odds rounded in the defender's favour: 3.5 : 1 is 3:1 (``3``), 1 : 2.5 is 1:3
    (``1/3``). A defence of 0 gives the attacker every column (infinite odds)."""
    if defence <= 0:
        return Fraction(10**9)
    if attack <= 0:
        return Fraction(0)
    a, d = whole_odds(attack, defence)
    return Fraction(a, d)


def range_boundaries(
    table: m.Table,
) -> Callable[[Fraction, Fraction, int], Iterator[Fraction]]:
    """Where a differential or fire table's column changes, as the what-if asks
    (:data:`hexcombat.rules.report.Boundaries`): the value is attack minus defence (a fire
    table: defence 0) rounded down, so column ``c`` begins at the attack ``defence + c.low``.
    Up: the least attack reaching each column to the right (and the ``above`` end past the
    last); down: the attack just under which the combat drops to each column to the left
    (and below the first)."""

    def boundaries(attack: Fraction, defence: Fraction, direction: int) -> Iterator[Fraction]:
        value = math.floor(attack - defence)
        starts = [c.low for c in table.columns] + [table.columns[-1].high + 1]
        if direction > 0:
            yield from (defence + low for low in starts if low > value)
        else:
            yield from (defence + low for low in reversed(starts) if low <= value)

    return boundaries


def odds_label(ratio: Fraction) -> str:
    """``3:1``, ``1:3``, as a player reads the odds."""
    if ratio >= 1:
        return f"{ratio.numerator // ratio.denominator}:1"
    if ratio == 0:
        return "0:1"
    return f"1:{ratio.denominator // ratio.numerator}"


@dataclass(frozen=True)
class Place:
    """Where on the table a combat falls: a column's index, or below / above the table."""

    index: int | None
    end: str | None = None
    """``below`` or ``above`` when ``index`` is None."""


def column_of(table: m.Table, value: Fraction) -> Place:
    """The column ``value`` (the odds ratio, the difference or the fire total) reads, before
    any shift: the highest column not above it; below the lowest, or above the highest."""
    columns = table.columns
    if value < columns[0].low:
        return Place(None, "below")
    if table.kind == "odds":
        if value > columns[-1].low:
            return Place(None, "above")
        return Place(max(i for i, c in enumerate(columns) if c.low <= value))
    if value > columns[-1].high:
        return Place(None, "above")
    return Place(max(i for i, c in enumerate(columns) if c.low <= value))


def shifted(table: m.Table, place: Place, shift: int) -> Place:
    """``place`` moved ``shift`` columns (right: towards the attacker). A place below or above
    the table shifts from its end (one right of below is the lowest column); past an end it is
    below or above."""
    if shift == 0:
        return place
    last = len(table.columns) - 1
    start = place.index
    if start is None:
        start = -1 if place.end == "below" else last + 1
    index = start + shift
    if index < 0:
        return Place(None, "below")
    if index > last:
        return Place(None, "above")
    return Place(index)


def read_place(table: m.Table, place: Place) -> Place | str:
    """The column a place reads (``column`` ends read the nearest), or the end's own result
    code; a ``Place`` with no index stays when the table says nothing of that end."""
    if place.index is not None:
        return place
    code = table.below if place.end == "below" else table.above
    if code == m.COLUMN:
        return Place(0 if place.end == "below" else len(table.columns) - 1)
    if code is None:
        return place
    return code


def held(value: int, low: int | None, high: int | None) -> int:
    """``value`` held within the limits (None: no limit that way)."""
    if low is not None:
        value = max(value, low)
    if high is not None:
        value = min(value, high)
    return value


def row_code(table: m.Table, index: int, total: int, drm: int) -> tuple[int, str]:
    """The modified total (held within the rows) and the result it reads in column ``index``."""
    low, high = table.rows[0].low, table.rows[-1].high
    modified = min(max(total + drm, low), high)
    for row in table.rows:
        if row.low <= modified <= row.high:
            return modified, row.codes[index]
    raise ValueError(f"no row for the total {modified}")  # the checker refuses such a file


def chances(
    table: m.Table, dice: tuple[m.DieEntry, ...], read: Place | str, drm: int
) -> dict[str, Fraction]:
    """The exact chance of every result code: over every value the dice give the rows (a
    total, or an opposed roll's difference), or certain when the combat falls at an end of the
    table that gives one result."""
    if isinstance(read, str):
        return {read: Fraction(1)}
    assert read.index is not None
    found: dict[str, Fraction] = {}
    for total, p in roll_totals(dice, table.combine).items():
        code = row_code(table, read.index, total, drm)[1]
        found[code] = found.get(code, Fraction(0)) + p
    return found
