"""Numbers in a file that would become loops or allocations are refused at their line, at once:
a table's die and row rolls, a result's retreat, a unit's strengths and RE size, a number too
long to read. Each test also says how long the refusal may take: a few seconds at most, where
the same file used to run for minutes or fill the memory."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from hexcombat.rules.errors import UnitDataError
from hexcombat.rules.units import MAX_STRENGTH, unit_from_mapping
from hexcombat.rulesets.europa.combat import MAX_DIE, MAX_RETREAT, MAX_ROLL, crt_from_source
from hexcombat.rulesets.europa.units import europa
from hexcombat.sourcefile import TomlSource
from meaning import each_says, says, says_in

SECONDS = 5.0
"""What a refusal may take on a loaded machine; each is a single check, done in milliseconds."""


@contextmanager
def quickly() -> Iterator[None]:
    start = time.perf_counter()
    yield
    assert time.perf_counter() - start < SECONDS


CRT = """title = "Small"
columns = ["1:1", "2:1"]
die = 2

[results.DR]
text = "defender retreats"
defender.retreat = 1
assumed = true

[[row]]
roll = 1
results = ["DR", "DR"]
assumed = true

[[row]]
roll = 2
results = ["DR", "DR"]
assumed = true
"""


def crt_problems(text: str) -> list[str]:
    with quickly():
        crt, problems = crt_from_source(TomlSource.parse(text, "crt.toml"))
    assert crt is None
    return [str(p) for p in problems]


def test_the_small_table_is_good() -> None:
    crt, problems = crt_from_source(TomlSource.parse(CRT, "crt.toml"))
    assert problems == [] and crt is not None and crt.die == 2


@pytest.mark.parametrize("roll", [10**12, -(10**12), MAX_ROLL + 1])
def test_a_row_for_a_roll_beyond_the_limit_is_refused_at_its_line(roll: int) -> None:
    # rows run without a gap, so the table check used to count every roll up to this one
    text = CRT.replace("roll = 2", f"roll = {roll}")
    assert each_says(
        crt_problems(text),
        dict(at=("crt.toml", 16), figures=[str(roll), str(MAX_ROLL)], names=["either sign"]),
        # the row is left out, so the die's second face has no row (said once, not per roll)
        dict(at=("crt.toml", 10), figures=["2"], names=["rows missing", "d2"]),
    )


def test_rows_far_apart_are_said_missing_in_one_line() -> None:
    text = CRT.replace("roll = 2", f"roll = {MAX_ROLL}")
    assert each_says(
        crt_problems(text),
        dict(at=("crt.toml", 10), figures=["2", str(MAX_ROLL - 1)], names=["rows missing", "d2"]),
    )


def test_rows_at_the_limit_are_read_at_once() -> None:
    rows = "".join(
        f'\n[[row]]\nroll = {r}\nresults = ["DR", "DR"]\nassumed = true\n'
        for r in range(-MAX_ROLL, MAX_ROLL + 1)
        if r not in (1, 2)
    )
    with quickly():
        crt, problems = crt_from_source(TomlSource.parse(CRT + rows, "crt.toml"))
    assert problems == [] and crt is not None
    assert (crt.min_roll, crt.max_roll) == (-MAX_ROLL, MAX_ROLL)


@pytest.mark.parametrize("die", [10**12, MAX_DIE + 1, 1])
def test_a_die_beyond_the_limit_is_refused_at_its_line(die: int) -> None:
    text = CRT.replace("die = 2", f"die = {die}")
    problems = crt_problems(text)
    assert says(
        problems[0], at=("crt.toml", 3), figures=["2", str(MAX_DIE), str(die)], names=["die"]
    )


def test_a_retreat_beyond_the_limit_is_refused_at_its_line() -> None:
    text = CRT.replace("defender.retreat = 1", "defender.retreat = 1000000000")
    assert each_says(
        crt_problems(text),
        dict(at=("crt.toml", 7), figures=["0", str(MAX_RETREAT), "1000000000"], names=["retreat"]),
    )


@pytest.mark.parametrize("key", ["attack", "defence", "movement", "heavy_atec_units"])
def test_a_strength_no_counter_prints_is_refused(key: str) -> None:
    with quickly(), pytest.raises(UnitDataError) as refused:
        unit_from_mapping({"name": "Rifle XX", "size": "XX", key: 10**12}, "attacker 1")
    assert says(
        str(refused.value),
        figures=["1", "1000000000000", str(MAX_STRENGTH)],
        names=["attacker 1", key, "any counter prints"],
    )
    unit = unit_from_mapping({"name": "Rifle XX", "size": "XX", key: MAX_STRENGTH}, "t")
    assert getattr(unit if key != "heavy_atec_units" else europa(unit), key) == MAX_STRENGTH


def test_an_re_size_finer_than_a_hundredth_is_refused() -> None:
    with pytest.raises(UnitDataError) as refused:
        unit_from_mapping({"name": "Rifle XX", "re": "1/999999999989"}, "attacker 1")
    assert says(
        str(refused.value),
        figures=["1", "1/999999999989", "1/100", "3", "0.5", "1/3"],
        names=["'1/999999999989'", "attacker", "RE"],
    )
    assert europa(unit_from_mapping({"name": "Rifle XX", "re": "1/3"}, "t")).re.denominator == 3


@pytest.mark.parametrize("re", [1e300, 100, "1000/7"])
def test_an_re_size_no_unit_has_is_refused(re: object) -> None:
    # re = 1e300 was accepted and printed a 300-digit number in every step that added REs
    with quickly(), pytest.raises(UnitDataError) as refused:
        unit_from_mapping({"name": "Rifle XX", "re": re}, "attacker 1")
    assert says_in(
        str(refused.value), names=["attacker 1", "RE size", repr(re), "more than the 99"]
    )
    assert europa(unit_from_mapping({"name": "Tank XXX", "re": 3}, "t")).re == 3
