"""Tactical counter sets (squads, guns and vehicles that lose steps) load without a size or RE;
a Europa counter without one is still refused; a ``rules`` value the tactical ruleset does not
read is told at its line. The two shipped tactical sets load whole, every value as written."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from hexcombat.game.conditions import vocabulary_of
from hexcombat.rules.counters import counters_from_source
from hexcombat.rules.registry import declared_unit_types
from hexcombat.rules.vocabulary import CapabilitySpec, Vocabulary
from hexcombat.rulesets.europa.units import europa
from hexcombat.sourcefile import TomlSource
from meaning import each_says, says

COUNTERS = Path(__file__).resolve().parents[2] / "counters"

ASSAULT_MORALE = Vocabulary(
    steps=True,
    capabilities=(
        CapabilitySpec("kind", "choice", "Kind", "ACT", choices=(
            "squad", "half-squad", "hmg", "mmg", "mortar", "aa", "afv", "leader", "wagon",
            "truck", "prime-mover")),
        CapabilitySpec("fire", "int", "Fire value", "ACT", low=0, high=99),
        CapabilitySpec("morale", "int", "Morale", "Morale", low=2, high=12),
        CapabilitySpec("closed_top", "bool", "Closed top", "ACT shift"),
        CapabilitySpec("guard", "bool", "Guard", "ACT shift"),
        CapabilitySpec("engineer", "bool", "Engineer", "ACT shift"),
        CapabilitySpec("cavalry", "bool", "Cavalry", "ACT shift"),
        CapabilitySpec("leader_modifier", "int", "Leader modifier", "Morale", low=-3, high=3),
        CapabilitySpec("leader_of", "choice", "Leader of", "ACT",
                       choices=("infantry", "armour", "cavalry")),
    ),
)  # fmt: skip
"""The unit values the assault-morale ruleset reads, as this session's shared names give them."""
LHY_ASSAULT = Vocabulary(
    steps=True,
    capabilities=(
        CapabilitySpec("kind", "choice", "Kind", "Assault", choices=(
            "squad", "section", "mg", "fp", "leader", "latw", "ft", "towed-gun", "carrier",
            "half-track", "fv", "afv")),
        CapabilitySpec("cohesion", "int", "Cohesion", "Assault", low=0, high=10),
        CapabilitySpec("av", "int", "AV", "Assault", low=0, high=9),
        CapabilitySpec("atv", "int", "ATV", "Assault", low=-1, high=9),
        CapabilitySpec("company", "int", "Company", "Assault", low=1, high=99),
        CapabilitySpec("platoon", "int", "Platoon", "Assault", low=1, high=99),
    ),
)  # fmt: skip
"""The unit values the lhy-assault ruleset reads, as this session's shared names give them."""
TACTICAL = {"assault-morale": ASSAULT_MORALE, "lhy-assault": LHY_ASSAULT}


def tactical_vocabulary(game: str) -> Vocabulary | None:
    """The tactical rulesets' vocabularies, else what hexcombat knows (total-war: no steps)."""
    return TACTICAL.get(game) or vocabulary_of(game)


def load(text: str, of=tactical_vocabulary):
    return counters_from_source(TomlSource.parse(text, "c.toml"), of)


SQUAD = '[[counter]]\nid = "sq"\nname = "Rifle Sqd"\nsteps = 2\n'


@pytest.mark.parametrize("head", ['game = "assault-morale"\n', 'game = "x"\nscale = "tactical"\n'])
def test_a_tactical_counter_needs_no_size_or_re(head: str) -> None:
    counters, found = load(head + SQUAD + 'rules = { kind = "squad", fire = 5, morale = 8 }\n')
    assert found == []
    assert europa(counters["sq"]).re == Fraction(0)
    assert counters["sq"].steps == 2
    assert counters["sq"].size is None


def test_a_europa_counter_without_size_or_re_is_still_refused() -> None:
    counters, found = load('game = "total-war"\n' + SQUAD)
    assert "sq" not in counters
    assert each_says([str(p) for p in found], dict(at=("c.toml", 2), names=["'sq'"]))


def test_a_europa_game_cannot_be_called_tactical() -> None:
    _, found = load('game = "total-war"\nscale = "tactical"\n' + SQUAD)
    assert says(str(found[0]), at=("c.toml", 2), names=["tactical", "total-war"])


def test_an_unknown_scale_is_told_at_its_line() -> None:
    _, found = load('game = "x"\nscale = "strategic"\n' + SQUAD)
    assert str(found[0]).startswith('c.toml:2: scale must be "tactical"')


@pytest.mark.parametrize("kind", ["leader", "wagon", "truck", "prime-mover", "half-track"])
def test_tactical_unit_types_are_accepted_only_in_a_tactical_set(kind: str) -> None:
    body = f'type = "{kind}"\n'
    counters, found = load('game = "assault-morale"\n' + SQUAD + body)
    assert found == [] and counters["sq"].unit_type == kind
    _, found = load('game = "total-war"\n' + SQUAD + 'size = "III"\n' + body)
    assert each_says(
        [str(p) for p in found],
        dict(at=("c.toml", 7), names=["'sq'", "unknown unit type", repr(kind)]),
    )
    assert kind in declared_unit_types(steps=True) and kind not in declared_unit_types()


def test_an_air_category_is_no_tactical_type() -> None:
    """A truck is a truck: ``transport`` is an air unit category (16A1), not a lorry."""
    _, found = load('game = "assault-morale"\n' + SQUAD + 'type = "transport"\n')
    assert each_says(
        [str(p) for p in found],
        dict(at=("c.toml", 6), names=["'sq'", "unknown unit type", "'transport'"]),
    )


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ("morale = 13", "rules.morale must be at most 12, not 13 (Morale)"),
        ('kind = "tank"', "rules.kind must be one of squad, half-squad, hmg, mmg, mortar, aa, "
         "afv, leader, wagon, truck, prime-mover, not 'tank'"),
        ("cohesion = 6", "rules.cohesion: the assault-morale ruleset reads no such value; it "
         "reads kind, fire, morale, closed_top, guard, engineer, cavalry, leader_modifier, "
         "leader_of"),
    ],
)  # fmt: skip
def test_a_bad_tactical_value_is_refused_at_its_line(rules: str, message: str) -> None:
    text = 'game = "assault-morale"\n' + SQUAD + "[counter.rules]\nfire = 5\n" + rules + "\n"
    _, found = load(text)
    assert [str(p) for p in found] == [f"c.toml:8: counter 'sq': {message}"]


def test_a_placeholder_under_rules_is_marked_assumed_by_its_key() -> None:
    counters, found = load(
        'game = "lhy-assault"\n' + SQUAD + 'assumed = ["rules.cohesion", "steps"]\n'
        'rules = { kind = "squad", cohesion = 6 }\n'
    )
    assert found == []
    assert counters["sq"].assumed == ("rules.cohesion", "steps")


def shipped(name: str):
    source = TomlSource.load(COUNTERS / name)
    counters, found = counters_from_source(source, tactical_vocabulary)
    assert found == []
    return source, counters


@pytest.mark.parametrize("name", ["assault-morale.toml", "lhy.toml"])
def test_a_shipped_tactical_set_loads_every_counter_as_written(name: str) -> None:
    source, counters = shipped(name)
    written = source.data["counter"]
    assert len(counters) == len(written)
    for entry in written:
        unit = counters[entry["id"]]
        assert (unit.name, unit.nationality, unit.unit_type) == (
            entry["name"], entry["nationality"], entry["type"])  # fmt: skip
        assert unit.steps == entry["steps"]
        assert unit.movement == entry.get("movement")
        assert dict(unit.rules) == entry["rules"]
        # the aid prints no unit values: every number is a placeholder, marked assumed
        numbers = {k for k, v in entry["rules"].items() if type(v) is int}
        assert {f"rules.{k}" for k in numbers} - {"rules.company", "rules.platoon"} <= set(
            unit.assumed
        )
        assert "steps" in unit.assumed


def test_the_assault_morale_set_has_every_kind_and_both_nations() -> None:
    _, counters = shipped("assault-morale.toml")
    units = counters.counters.values()
    kinds = {u.rule_value("kind") for u in units}
    assert kinds == set(ASSAULT_MORALE.capability("kind").choices)
    assert {u.nationality for u in units} == {"german", "soviet"}
    afvs = [u for u in units if u.rule_value("kind") == "afv"]
    assert {u.rule_value("closed_top") for u in afvs} == {True, False}
    assert any(u.rule_value("guard") and u.nationality == "soviet" for u in afvs)
    leaders = {u.rule_value("leader_of") for u in units if u.rule_value("kind") == "leader"}
    assert {"infantry", "armour"} <= leaders
    assert any(u.rule_value("engineer") for u in units)
    assert any(u.rule_value("cavalry") for u in units)
    ge = counters["ge-rifle-sqd"]
    assert (ge.steps, ge.rule_value("fire"), ge.rule_value("morale")) == (2, 5, 8)
    gds = counters["su-gds-t34"]
    assert (gds.rule_value("fire"), gds.rule_value("morale"), gds.rule_value("guard")) == (
        9, 9, True)  # fmt: skip


def test_the_lhy_set_has_every_kind_and_five_nations() -> None:
    _, counters = shipped("lhy.toml")
    units = counters.counters.values()
    assert {u.rule_value("kind") for u in units} == set(LHY_ASSAULT.capability("kind").choices)
    assert {u.nationality for u in units} == {"german", "russian", "japanese", "us", "british"}
    for u in units:
        assert isinstance(u.rule_value("cohesion"), int) and u.steps
        assert u.rule_value("company") and u.rule_value("platoon")
        vehicle = u.rule_value("kind") in ("carrier", "half-track", "fv", "afv")
        assert (u.rule_value("av") is not None) == vehicle
        assert (u.movement is not None) == vehicle
    sherman = counters["lhy-us-afv"]
    assert (sherman.rule_value("av"), sherman.rule_value("atv"), sherman.movement) == (3, 4, 4)


@pytest.mark.parametrize("name", ["assault-morale.toml", "lhy.toml"])
def test_a_shipped_tactical_set_loads_before_its_ruleset_is_known(name: str) -> None:
    """Every scenario reads every shipped set: ``scale = "tactical"`` keeps these loading
    where their ruleset is not installed (its values then go unchecked)."""
    source = TomlSource.load(COUNTERS / name)
    counters, found = counters_from_source(source, lambda game: None)
    assert found == [] and len(counters) == len(source.data["counter"])


def test_a_tactical_counter_keeps_its_scale_when_placed_and_saved() -> None:
    """A scenario entry naming the counter, and a save holding it, read it as its set did: no
    size or RE asked for, its tactical type accepted."""
    from hexcombat.game.saves import unit_to_json
    from hexcombat.rules.units import unit_from_mapping

    counters, found = load('game = "assault-morale"\n' + SQUAD + 'type = "leader"\n')
    leader = counters["sq"]
    assert found == [] and leader.scale == "tactical"
    placed = unit_from_mapping({"name": "Lt Brandt"}, "attacker 1", base=leader)
    assert (placed.scale, europa(placed).re, placed.unit_type) == ("tactical", 0, "leader")
    saved = json.loads(json.dumps(unit_to_json(leader)))  # as a save file holds it
    assert saved["scale"] == "tactical"
    assert unit_from_mapping(saved, "counter c1") == replace(leader, id="")  # id: the save's own


def test_a_europa_counter_saves_no_scale() -> None:
    from hexcombat.game.saves import unit_to_json

    counters, found = load('game = "total-war"\n' + SQUAD + 'size = "III"\n')
    assert found == [] and counters["sq"].scale is None
    assert "scale" not in unit_to_json(counters["sq"])
