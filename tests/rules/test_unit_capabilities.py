"""A unit is what every game's counter has plus the capabilities its ruleset declares: a counter
of a game counting plain strength points needs no RE size, a Europa counter still does (with the
message and line it always had), and the Europa values are asked for as a capability."""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction

from hexcombat.game.saves import unit_to_json
from hexcombat.rules.counters import counters_from_source
from hexcombat.rules.units import Unit, band, flies, markings, stack_size, unit_from_mapping
from hexcombat.rules.vocabulary import Vocabulary
from hexcombat.rulesets.europa.units import EUROPA_VALUES, AecValue, EuropaValues, europa
from hexcombat.rulesets.europa.vocabulary import EUROPA_VOCABULARY
from hexcombat.sourcefile import TomlSource

PLAIN = Vocabulary()
"""A game counting plain strength points: no steps, no REs, no capability of its own."""


def of(game: str) -> Vocabulary | None:
    return {"plain": PLAIN, "total-war": EUROPA_VOCABULARY}.get(game)


def load(game: str, counter: str):  # type: ignore[no-untyped-def]
    text = f'game = "{game}"\n\n[[counter]]\nid = "inf"\nname = "Infantry"\n{counter}'
    return counters_from_source(TomlSource.parse(text, "c.toml"), of)


def test_a_plain_strength_point_counter_needs_no_re_or_size() -> None:
    counters, problems = load("plain", "attack = 4\ndefence = 3\n")
    assert problems == []
    unit = counters["inf"]
    assert (unit.attack, unit.defence, unit.size) == (4, 3, None)
    assert unit.capability(EuropaValues) is None
    assert stack_size(unit) is None and band(unit) is None and not flies(unit)


def test_a_europa_counter_without_size_or_re_is_refused_at_its_line() -> None:
    counters, problems = load("total-war", "attack = 4\ndefence = 3\n")
    assert counters.counters == {}
    (problem,) = problems
    assert (problem.file, problem.line) == ("c.toml", 3)  # the [[counter]] table
    assert "give the unit a size (II, III, X, XX, XXX) or an re" in problem.message


def test_a_plain_counter_that_gives_europa_values_has_them() -> None:
    """A key a declared capability reads is read wherever it is given (a shared set)."""
    counters, problems = load("plain", 're = 2\naeca = "half"\n')
    assert problems == []
    values = europa(counters["inf"])
    assert (values.re, values.aeca) == (Fraction(2), AecValue.HALF)


def test_europa_values_come_from_the_size_mark_and_follow_the_type() -> None:
    """14D2d: a XX is 3 REs; 14D2: a heavy tank destroyer is heavy antitank whatever it says."""
    unit = unit_from_mapping({"name": "Hv TD X", "size": "XX", "type": "heavy-tank-destroyer"}, "t")
    values = europa(unit)
    assert (values.re, values.heavy_antitank, values.heavy_armour) == (3, True, False)
    assert stack_size(unit) == (Fraction(3), "RE") and band(unit) == "heavy-antitank"


def test_europa_values_are_refused_with_their_rule() -> None:
    problems = load("total-war", 'size = "XX"\naeca = "lots"\n')[1]
    (problem,) = problems
    assert (
        problem.line == 7 and "aeca must be one of" in problem.message and "10.B" in problem.message
    )


def test_europa_values_save_under_their_own_keys_and_reload_the_same() -> None:
    unit = unit_from_mapping(
        {
            "name": "StuG X",
            "size": "X",
            "aecd": "half",
            "changes": [{"date": "1943-01", "aecd": "full"}],
        },
        "t",
    )
    saved = json.loads(json.dumps(unit_to_json(unit)))
    assert (saved["re"], saved["aecd"]) == ("1", "half")
    again = unit_from_mapping(saved, "save")
    assert again == unit
    assert europa(again.on("1943-06")).aecd is AecValue.FULL  # 10.H


def test_the_europa_rulesets_declare_their_unit_values() -> None:
    assert EUROPA_VOCABULARY.unit_capabilities == (EUROPA_VALUES,)
    assert PLAIN.unit_capabilities == ()
    assert Unit(name="Squad").capabilities == ()


def test_the_air_type_letters_are_the_air_rules_own() -> None:
    """16A1: a counter's air_type is checked against the letters the air rules know."""
    from hexcombat.rulesets.europa.air.units import AirType
    from hexcombat.rulesets.europa.units import AIR_TYPE_LETTERS

    assert AIR_TYPE_LETTERS == tuple(t.value for t in AirType)


def test_a_capability_shows_on_its_counter_only_with_every_marking_method() -> None:
    """A capability of another family's game shows on its counter by having the methods of
    ``CounterMarkings`` (no base class); one lacking any of them draws nothing."""

    @dataclass(frozen=True)
    class Banner:  # a legion's eagle: two legions to a stack, a band, never flies
        def stack_size(self) -> tuple[Fraction, str] | None:
            return Fraction(1, 2), "legions"

        def type_letters(self) -> str | None:
            return None

        def band(self) -> str | None:
            return "eagle"

        def flies(self) -> bool:
            return False

    @dataclass(frozen=True)
    class Half:  # a band and no other marking method: not a marking
        def band(self) -> str | None:
            return "half"

    unit = Unit("Legio X", unit_type="infantry", capabilities=(Half(), Banner()))
    assert list(markings(unit)) == [Banner()]
    assert stack_size(unit) == (Fraction(1, 2), "legions") and band(unit) == "eagle"
    assert not flies(unit)
    assert stack_size(Unit("Legio IX", capabilities=(Half(),))) is None
