"""The core names no game's sizes, types or values: a counter's size and type are read when a
registered ruleset declares them (``Vocabulary.unit_sizes``, ``unit_types``), and refused at
their line, naming what is accepted, when none does; Europa's values (14D2a artillery, 10.B.4
motorized, 14F light infantry, 14D1 engineers) are the Europa family's capability, read from
the same counter keys."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

import hexcombat.rules.units as core_units
from hexcombat.rules.counters import counters_from_source
from hexcombat.rules.registry import get_ruleset, register_ruleset
from hexcombat.rules.units import MOTORIZED, Unit, stack_size, symbol_marks
from hexcombat.rules.vocabulary import Vocabulary
from hexcombat.rulesets.europa.units import europa
from hexcombat.sourcefile import TomlSource


def read(text: str):  # noqa: ANN201
    def vocabulary_of(game: str):  # noqa: ANN202
        try:
            return get_ruleset(game).vocabulary
        except Exception:  # noqa: BLE001  (a game not registered: read without its ruleset)
            return None

    return counters_from_source(TomlSource.parse(text, "c.toml"), vocabulary_of)


PLATOONS = """game = "platoons"
scale = "tactical"

[[counter]]
id = "pio"
name = "Pioneer Plt"
type = "pioneer"
size = "..."
steps = 2

[[counter]]
id = "coy"
name = "Rifle Coy"
type = "infantry"
size = "I"
steps = 3
"""


def test_a_size_and_type_only_a_test_ruleset_declares_are_read() -> None:
    with register_ruleset("platoons", "platoon_ruleset"):
        counters, found = read(PLATOONS)
    assert found == []
    assert (counters["pio"].size, counters["pio"].unit_type) == ("...", "pioneer")
    assert (counters["coy"].size, counters["coy"].steps) == ("I", 3)


def test_without_the_ruleset_that_declares_them_they_are_refused_at_their_lines() -> None:
    counters, found = read(PLATOONS)
    assert counters.counters == {}
    by_line = {p.line: p.message for p in found}
    assert set(by_line) == {7, 8, 15}  # type = "pioneer", size = "...", size = "I"
    assert "unknown unit type 'pioneer'" in by_line[7]
    assert "machine-gun" in by_line[7] and "fighter" not in by_line[7]  # a squad's types
    assert by_line[8].endswith("size must be one of II, III, X, XX, XXX, not '...'")
    assert by_line[15].endswith("size must be one of II, III, X, XX, XXX, not 'I'")


def test_an_undeclared_size_is_refused_naming_every_declared_mark() -> None:
    with register_ruleset("platoons", "platoon_ruleset"):
        _, found = read(PLATOONS.replace('size = "I"', 'size = "IIII"'))
    (problem,) = found
    assert problem.line == 15
    assert problem.message.endswith("size must be one of ..., I, II, III, X, XX, XXX, not 'IIII'")


def test_a_europa_counter_s_type_is_no_squad_s_and_a_squad_s_no_europa_counter_s() -> None:
    """The types are each family's: a fighter (16A1) is a Europa type, no squad's; a leader a
    tactical game's, no division's."""
    head = '[[counter]]\nid = "u"\nname = "U"\nsize = "XX"\n'
    _, found = read('game = "total-war"\n' + head + 'type = "leader"\n')
    assert [p.line for p in found] == [6] and "'leader'" in found[0].message
    _, found = read('game = "assault-morale"\n' + head + 'type = "fighter"\nsteps = 2\n')
    assert [p.line for p in found] == [6] and "'fighter'" in found[0].message


def test_the_core_unit_has_no_europa_value() -> None:
    shared = {f.name for f in fields(Unit)}
    europa_only = {"artillery", "motorized", "light_infantry", "engineer", "re", "aeca", "air_type"}
    assert not shared & europa_only
    for name in ("SIZE_MARKS", "UNIT_TYPES", "TACTICAL_UNIT_TYPES", "AIR_CATEGORIES",
                 "AIR_TYPE_LETTERS"):  # fmt: skip
        assert not hasattr(core_units, name), name


EUROPA = """game = "total-war"

[[counter]]
id = "art"
name = "Art III"
size = "III"
type = "artillery"
artillery = true
motorized = true
light_infantry = true
engineer = "combat"
"""


def test_europa_s_values_are_read_from_the_same_keys_into_its_capability() -> None:
    counters, found = read(EUROPA)
    assert found == []
    values = europa(counters["art"])
    assert (values.artillery, values.motorized, values.light_infantry, values.engineer) == (
        True, True, True, "combat"
    )  # fmt: skip
    assert symbol_marks(counters["art"]) == {MOTORIZED}  # the map draws wheels, 10.B.4
    _, found = read(EUROPA.replace('"combat"', '"sapper"'))
    assert [(p.line, p.message) for p in found] == [
        (11, "counter 'art': engineer must be \"combat\" or \"assault\"")
    ]
    _, found = read(EUROPA.replace("motorized = true", 'motorized = "yes"'))
    assert [(p.line, p.message) for p in found] == [
        (9, "counter 'art': motorized must be true or false, not 'yes'")
    ]


@pytest.mark.parametrize("key", ["artillery", "motorized", "light_infantry"])
def test_a_game_without_europa_s_values_gets_none_from_a_false_flag(key: str) -> None:
    """A save writes every unit's ``artillery = false``: a division of a game that counts no
    REs, read again, has no Europa values (no "3 RE" in the Stack panel)."""
    text = f'game = "plain"\n[[counter]]\nid = "d"\nname = "D"\nsize = "XX"\n{key} = false\n'
    counters, found = counters_from_source(TomlSource.parse(text, "c.toml"), plain)
    assert found == [] and counters["d"].capabilities == ()
    assert stack_size(counters["d"]) is None


def plain(game: str) -> Vocabulary:
    """A game that declares no unit capability (a ruleset file's)."""
    return Vocabulary()


def test_no_ruleset_reads_a_unit_s_scale() -> None:
    """``scale`` is a drawing hint (``Unit.scale``): a ruleset reads its own vocabulary's
    ``steps``, never the hint, so no rule depends on it."""
    rulesets = Path(core_units.__file__).resolve().parents[1] / "rulesets"
    readers = [p for p in rulesets.rglob("*.py") if re.search(r"\.scale\b", p.read_text())]
    assert readers == []
