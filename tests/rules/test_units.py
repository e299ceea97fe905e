"""Counter data a player types wrong gets `file:line: message`, never a traceback: a range of 0,
and dated value changes that are not real game months or not listed oldest first. These are the
counter file's own form, the same in every game, so the messages cite no game's rule."""

from __future__ import annotations

import pytest

from hexcombat.rules.counters import counters_from_source
from hexcombat.rules.dates import month_problem
from hexcombat.rules.units import unit_from_mapping
from hexcombat.rulesets.europa.air.units import air_counters_from_source
from hexcombat.rulesets.europa.units import AecValue, europa
from hexcombat.sourcefile import TomlSource
from meaning import each_says

HEAD = 'game = "total-war"\n\n[[counter]]\nid = "x"\nname = "Art III"\nsize = "III"\n'


def problems(body: str) -> list[str]:
    """The messages for a one-counter file whose first lines are HEAD (lines 1-6)."""
    _, found = counters_from_source(TomlSource.parse(HEAD + body, "c.toml"))
    return [str(x) for x in found]


@pytest.mark.parametrize("value", ["0", "-1", "true", '"2"'])
def test_a_range_must_be_one_hex_or_more(value: str) -> None:
    shown = {"0": "0", "-1": "-1", "true": "True", '"2"': "'2'"}[value]
    assert each_says(
        problems(f"range = {value}\n"),
        dict(
            at=("c.toml", 7),
            rules=[],
            names=["'x'", "range", "1 or more", "reaches two hexes away", f"not {shown}"],
        ),
    )


def test_a_long_range_of_two_hexes_is_accepted() -> None:
    counters, found = counters_from_source(TomlSource.parse(HEAD + "range = 2\n", "c.toml"))
    assert found == []
    assert counters["x"].range == 2


@pytest.mark.parametrize("date", ["1943-13", "1943-00", "1943-1", "43-01", "1943/01"])
def test_a_change_date_must_be_a_game_month(date: str) -> None:
    body = f'aeca = "half"\nchanges = [{{ date = "{date}", aeca = "full" }}]\n'
    # month_problem's wording, shared with scenario dates (its doctest shows both forms)
    assert problems(body) == [f"c.toml:8: counter 'x': changes[0] date {month_problem(date)}"]
    assert month_problem(date) is not None


def test_change_dates_must_be_listed_oldest_first() -> None:
    body = (
        'aeca = "half"\nchanges = [\n  { date = "1943-01", aeca = "full" },\n'
        '  { date = "1942-06", aeca = "double" },\n]\n'
    )
    assert each_says(
        problems(body),
        dict(
            at=("c.toml", 8),
            rules=[],
            figures=["1", "1942", "06", "0", "1943", "01"],
            names=["'x'"],
        ),
    )


def test_two_changes_in_one_month_are_refused() -> None:
    body = (
        'changes = [{ date = "1943-01", aeca = "full" }, { date = "1943-01", aeca = "double" }]\n'
    )
    assert each_says(
        problems(body),
        dict(
            at=("c.toml", 7),
            rules=[],
            figures=["1", "1943", "01", "0", "1943", "01"],
            names=["'x'"],
        ),
    )


def test_a_change_that_changes_nothing_is_refused() -> None:
    assert each_says(
        problems('changes = [{ date = "1943-01" }]\n'),
        dict(at=("c.toml", 7), figures=["0", "1943", "01"], names=["'x'"]),
    )


def test_ordered_changes_apply_by_date() -> None:
    body = (
        'aeca = "half"\nchanges = [\n  { date = "1942-06", aeca = "full" },\n'
        '  { date = "1943-01", aeca = "double" },\n]\n'
    )
    counters, found = counters_from_source(TomlSource.parse(HEAD + body, "c.toml"))
    assert found == []
    unit = counters["x"]
    months = ("1942-05", "1942-06", "1942-12", "1943-01")
    assert [europa(unit.on(d)).aeca.value for d in months] == [
        "half",
        "full",
        "full",
        "double",
    ]


AIR_HEAD = 'game = "total-war"\n\n[[air_counter]]\nid = "me"\nname = "Me 109E"\nrating = "7F5"\n'


def air_problems(body: str) -> list[str]:
    _, found = air_counters_from_source(TomlSource.parse(AIR_HEAD + body, "a.toml"))
    return [str(x) for x in found]


def test_an_air_change_date_must_be_a_game_month() -> None:
    assert each_says(
        air_problems('changes = [{ date = "1941-13", tactical_bombing = 2 }]\n'),
        dict(
            at=("a.toml", 7),
            figures=["0", "1941", "13", "13", "01", "12"],
            names=["'me'", "'1941-13'", "YYYY", "MM"],
        ),
    )


def test_air_change_dates_must_be_listed_oldest_first() -> None:
    body = (
        'changes = [{ date = "1942-01", tactical_bombing = 2 }, '
        '{ date = "1941-06", tactical_bombing = 1 }]\n'
    )
    assert each_says(
        air_problems(body),
        dict(
            at=("a.toml", 7),
            rules=[],
            figures=["1", "1941", "06", "0", "1942", "01"],
            names=["'me'"],
        ),
    )


def test_a_scenario_change_in_a_counters_month_adds_to_it() -> None:
    counters, found = counters_from_source(
        TomlSource.parse(HEAD + 'changes = [{ date = "1943-01", aeca = "full" }]\n', "c.toml")
    )
    assert found == []
    mine = unit_from_mapping(
        {"changes": [{"date": "1943-01", "atec": "full"}, {"date": "1944-01", "aeca": "double"}]},
        "scenario",
        base=counters["x"],
    )
    assert [(c.date, dict(c.values)) for c in mine.changes] == [
        ("1943-01", {"aeca": AecValue.FULL, "atec": AecValue.FULL}),
        ("1944-01", {"aeca": AecValue.DOUBLE}),
    ]


def test_assumed_inside_a_dated_change_is_refused_at_its_line() -> None:
    # it would clash with the counter's own list when the change applies (a crash mid-combat)
    body = 'changes = [{ date = "1943-01", attack = 4, assumed = ["attack"] }]\n'
    assert each_says(
        problems(body), dict(at=("c.toml", 7), figures=["0"], names=["'x'", "changes"])
    )
    air = 'changes = [{ date = "1943-01", air_attack = 6, assumed = ["air_attack"] }]\n'
    assert each_says(
        air_problems(air), dict(at=("a.toml", 7), figures=["0"], names=["'me'", "changes"])
    )


def test_a_dated_change_of_air_type_clears_the_assumed_type() -> None:
    # the counter's type is a placeholder; from 1943-01 a dated change sets it: no longer assumed
    body = 'assumed = ["type"]\nchanges = [{ date = "1943-01", type = "HF" }]\n'
    counters, found = air_counters_from_source(TomlSource.parse(AIR_HEAD + body, "a.toml"))
    assert found == []
    assert "type" in counters["me"].on("1942-06").assumed
    assert "type" not in counters["me"].on("1943-01").assumed


def test_a_ground_counter_of_0_res_is_refused_at_its_re() -> None:
    # every ruleset: no RE total counts it, yet 14D2 would count it 1 RE of heavy armour
    assert each_says(
        problems("re = 0\n"),
        dict(
            at=("c.toml", 7),
            rules=["10.B", "14D2", "14D2d"],
            figures=["0", "0", "1", "1/2"],
            names=["'x'", "REs", "RE"],
        ),
    )


def test_an_air_unit_on_the_map_has_no_res_and_is_not_refused() -> None:
    # a saved game keeps air counters as units of 0 REs with their air type (16A)
    unit = unit_from_mapping(
        {"name": "Me 109E", "re": "0", "type": "fighter", "air_type": "F"}, "s"
    )
    assert europa(unit).re == 0


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("type", '["armour"]', "unknown unit type ['armour']"),
        ("type", "{ a = 1 }", "unknown unit type {'a': 1}"),
        ("size", '["X"]', "size must be one of"),
        ("re", "inf", "RE size must be a number"),
        ("re", "nan", "RE size must be a number"),
        ("conversion_re", "inf", "RE size must be a number"),
    ],
)
def test_a_size_type_or_re_of_the_wrong_kind_is_refused_at_its_line(
    key: str, value: str, said: str
) -> None:
    """A list, a table or an infinite number where a size, a type or REs belong: a message at
    the line, never a TypeError or OverflowError."""
    if key != "size":  # HEAD gives the size already
        top = problems(f"{key} = {value}\n")
        assert any(p.startswith("c.toml:7: ") and said in p for p in top), top
    changed = problems(f'changes = [{{ date = "1942-01", {key} = {value} }}]\n')
    assert any(p.startswith("c.toml:7: ") and said in p for p in changed), changed
