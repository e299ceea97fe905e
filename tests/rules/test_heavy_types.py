"""14D2 (and 10.I, the same words): a unit qualifies for heavy armour and heavy antitank effects
by its type on the Unit Identification Chart, with or without the ``heavy_armour`` /
``heavy_antitank`` flags; a flag that says otherwise than the type is refused at its line."""

from __future__ import annotations

import pytest

from hexcombat.rules.counters import counters_from_source
from hexcombat.rules.units import Unit, unit_from_mapping
from hexcombat.rulesets.europa.units import europa
from hexcombat.sourcefile import TomlSource
from meaning import each_says

HEAD = 'game = "total-war"\n\n[[counter]]\nid = "x"\nname = "Hv X"\nsize = "II"\n'
"""A counter file's first six lines; a test's body starts at line 7."""


def counter(body: str) -> tuple[Unit | None, list[str]]:
    counters, found = counters_from_source(TomlSource.parse(HEAD + body, "c.toml"))
    return counters.counters.get("x"), [str(p) for p in found]


@pytest.mark.parametrize(
    "unit_type", ["heavy-armour", "heavy-assault-gun", "heavy-engineer", "heavy-engineer-tank"]
)
def test_14d2_heavy_armour_types_qualify_for_both_effects_without_flags(unit_type: str) -> None:
    # "Heavy armor, heavy assault gun, and heavy engineer units qualify for heavy armor effects.
    # All of these unit types plus ... qualify for heavy antitank effects."
    unit, found = counter(f'type = "{unit_type}"\n')
    assert found == []
    assert unit is not None and europa(unit).heavy_armour and europa(unit).heavy_atec


@pytest.mark.parametrize(
    ("unit_type", "motorized"),
    [("heavy-tank-destroyer", False), ("heavy-tank-destroyer", True),
     ("heavy-anti-aircraft", True), ("heavy-anti-tank", True)],
)  # fmt: skip
def test_14d2_heavy_antitank_types_qualify_without_flags(unit_type: str, motorized: bool) -> None:
    # "all heavy tank destroyer, heavy motorized antiaircraft, and heavy motorized antitank units"
    unit, found = counter(f'type = "{unit_type}"\nmotorized = {str(motorized).lower()}\n')
    assert found == []
    assert unit is not None and europa(unit).heavy_atec and europa(unit).heavy_antitank
    assert not europa(unit).heavy_armour


@pytest.mark.parametrize("unit_type", ["heavy-anti-aircraft", "heavy-anti-tank"])
def test_14d2_a_non_motorized_heavy_aa_or_at_does_not_qualify(unit_type: str) -> None:
    unit, found = counter(f'type = "{unit_type}"\n')
    assert found == []
    assert unit is not None and not europa(unit).heavy_atec


@pytest.mark.parametrize(
    ("body", "line", "message"),
    [
        ('type = "heavy-anti-aircraft"\nheavy_antitank = true\n', 8,
         "heavy_antitank = true, but a heavy-anti-aircraft unit that is not motorized does not "
         "qualify for heavy antitank effects: only heavy motorized antiaircraft and antitank "
         "units do (14D2); give it motorized = true if it is motorized"),
        ('type = "heavy-anti-tank"\nmotorized = false\nheavy_antitank = true\n', 9,
         "heavy_antitank = true, but a heavy-anti-tank unit that is not motorized does not "
         "qualify for heavy antitank effects: only heavy motorized antiaircraft and antitank "
         "units do (14D2); give it motorized = true if it is motorized"),
        ('type = "heavy-armour"\nheavy_armour = false\n', 8,
         "heavy_armour = false, but every heavy-armour unit qualifies for heavy armour effects "
         "(14D2)"),
        ('type = "heavy-assault-gun"\nheavy_antitank = false\n', 8,
         "heavy_antitank = false, but every heavy-assault-gun unit qualifies for heavy "
         "antitank effects (14D2)"),
        ('type = "heavy-tank-destroyer"\nheavy_armour = true\n', 8,
         "heavy_armour = true, but a heavy-tank-destroyer unit qualifies for heavy antitank "
         "effects only, not heavy armour effects: those are for heavy armour, heavy assault "
         "gun and heavy engineer units (14D2)"),
        ('type = "heavy-anti-aircraft"\nmotorized = true\nheavy_antitank = false\n', 9,
         "heavy_antitank = false, but every motorized heavy-anti-aircraft unit qualifies for "
         "heavy antitank effects (14D2)"),
    ],
)  # fmt: skip
def test_14d2_a_flag_that_contradicts_the_type_is_refused_at_its_line(
    body: str, line: int, message: str
) -> None:
    unit, found = counter(body)
    assert unit is None
    assert found == [f"c.toml:{line}: counter 'x': {message}"]


def test_14d2_a_dated_change_that_contradicts_the_type_is_refused() -> None:
    body = 'type = "heavy-anti-tank"\nchanges = [{ date = "1943-01", heavy_antitank = true }]\n'
    unit, found = counter(body)
    assert unit is None
    assert each_says(
        found,
        dict(
            at=("c.toml", 8),
            rules=["14D2"],
            figures=["0", "1943", "01"],
            names=["'x'", "heavy_antitank", "heavy-anti-tank"],
        ),
    )


def test_14d2_a_contradiction_is_said_once_where_it_starts() -> None:
    body = (
        'type = "heavy-armour"\nheavy_armour = false\n'
        'changes = [{ date = "1943-01", aeca = "full" }]\n'
    )
    assert each_says(
        counter(body)[1],
        dict(at=("c.toml", 8), rules=["14D2"], names=["'x'", "heavy_armour", "heavy-armour"]),
    )


def test_14d2_a_heavy_aa_motorized_from_a_date_qualifies_from_that_date() -> None:
    unit, found = counter(
        'type = "heavy-anti-aircraft"\nchanges = [{ date = "1943-01", motorized = true }]\n'
    )
    assert found == []
    assert unit is not None
    assert not europa(unit.on("1942-12")).heavy_atec
    assert europa(unit.on("1943-01")).heavy_atec


def test_14d2_a_scenario_that_unmotorizes_a_hv_mot_aa_counter_takes_away_its_heavy_antitank() -> (
    None
):
    base, found = counter('type = "heavy-anti-aircraft"\nmotorized = true\nheavy_antitank = true\n')
    assert found == [] and base is not None and europa(base).heavy_atec
    mine = unit_from_mapping({"motorized": False}, "defender 1", base=base)
    assert not europa(mine).heavy_atec


def test_14d2_flags_stand_for_a_unit_whose_type_is_not_given() -> None:
    # an inline "Hv Mot AA II" that states its capabilities but not its type
    unit = unit_from_mapping({"name": "Hv Mot AA II", "size": "II", "heavy_antitank": True}, "t")
    assert europa(unit).heavy_atec
