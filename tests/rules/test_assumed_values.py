"""Counter values the rules texts do not give are marked `assumed` per counter, and a report
whose combat uses one says so: "assumed value used: <unit> <keys>"."""

from __future__ import annotations

import re
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from hexcombat.rules.counters import counters_from_source, load_counters
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import Unit, unit_from_mapping
from hexcombat.rulesets.armour_ratio import RULESET as ARMOUR_RATIO
from hexcombat.rulesets.europa.air.sortie import Sortie, fly
from hexcombat.rulesets.europa.air.units import air_counters_from_source, load_air_counters
from hexcombat.rulesets.europa.units import europa
from hexcombat.rulesets.total_war import RULESET as TOTAL_WAR
from hexcombat.sourcefile import TomlSource
from meaning import each_says, one_says, says_in

REPO = Path(__file__).resolve().parents[2]
COUNTERS = REPO / "counters"
TW = load_counters([COUNTERS / "total-war.toml"])
AR = load_counters([COUNTERS / "armour-ratio.toml"])
AIR = load_air_counters([COUNTERS / "total-war-air.toml"])
PRINTED = re.compile(r"^\d+-\d+(-\d+)? ")
"""A name that carries the printed strengths the texts quote ("16-10 Pz XX", "3-2-8 Tank X")."""


def warnings_of(ruleset, attackers, defenders, **conditions):  # type: ignore[no-untyped-def]
    situation = CombatSituation(
        ruleset.id, tuple(attackers), tuple(defenders), Conditions(**conditions)
    )
    return [w for w in ruleset.evaluate(situation).warnings if w.startswith("assumed value")]


@pytest.mark.parametrize("counters", [TW, AR], ids=["total-war", "armour-ratio"])
def test_strengths_are_assumed_unless_the_texts_print_them(counters) -> None:  # type: ignore[no-untyped-def]
    # The texts print strengths only in names like "16-10", "3-2-8", "2-10 Hv AA X" (10.C.1,
    # 10.C.3, 10.I.3); every other counter's attack and defence are placeholders.
    for counter in counters.counters.values():
        printed = PRINTED.match(counter.name) or counter.name == "Hv AA X"
        if printed:
            assert "attack" not in counter.assumed, counter.id
        elif counter.unit_type != "coast-defence-artillery":
            assert {"attack", "defence", "movement"} <= set(counter.assumed), counter.id


def test_every_dated_change_in_the_shipped_sets_has_assumed_dates() -> None:
    # The country rules that give the dates (101.D.3, 104.A.5) are not in the texts (10.H).
    for counter in [*TW.counters.values(), *AR.counters.values()]:
        if counter.changes:
            assert "changes" in counter.assumed, counter.id
    for air in AIR.values():
        if air.changes:
            assert "changes" in air.assumed, air.id


def test_only_the_me_109e_rating_is_given() -> None:
    for air in AIR.values():
        assert ("rating" in air.assumed) == (air.id != "ge-me-109e"), air.id


def test_every_shipped_counter_marks_its_placeholders() -> None:
    for name in ("total-war.toml", "armour-ratio.toml"):
        data = tomllib.loads((COUNTERS / name).read_text())
        for entry in data["counter"]:
            assert entry.get("assumed"), f"{name}: {entry['id']} marks nothing"


HEAD = 'game = "total-war"\n\n[[counter]]\nid = "x"\nname = "Tank X"\nsize = "X"\n'


def test_aec_stands_for_the_three_armour_values() -> None:
    counters, problems = counters_from_source(
        TomlSource.parse(HEAD + 'assumed = ["attack", "aec"]\n', "c.toml")
    )
    assert problems == []
    assert counters["x"].assumed == ("attack", "aeca", "aecd", "atec")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            '"attack"',
            'c.toml:7: counter \'x\': assumed must be a list of keys, like ["attack", "defence"]',
        ),
        ('["attak"]', "c.toml:7: counter 'x': assumed names 'attak', which is not a unit key"),
    ],
)
def test_a_bad_assumed_list_is_reported_with_its_line(value: str, message: str) -> None:
    _, problems = counters_from_source(TomlSource.parse(HEAD + f"assumed = {value}\n", "c.toml"))
    assert len(problems) == 1
    assert str(problems[0]).startswith(message)


def test_a_bad_air_assumed_list_is_reported_with_its_line() -> None:
    text = 'game = "total-war"\n\n[[air_counter]]\nid = "me"\nname = "Me"\nrating = "7F5"\n'
    _, problems = air_counters_from_source(
        TomlSource.parse(text + 'assumed = ["speed"]\n', "a.toml")
    )
    assert each_says(
        [str(x) for x in problems],
        dict(
            at=("a.toml", 7),
            names=[
                "'me'",
                "'speed'",
                "air_attack",
                "air_defence",
                "strategic_bombing",
                "tactical_bombing",
            ],
        ),
    )


def test_a_report_names_the_assumed_values_its_units_use() -> None:
    warnings = warnings_of(
        TOTAL_WAR, [Participant(TW["su-tank-x"])], [Participant(TW["ax-inf-xx"])]
    )
    # the attacker's attack and the defender's defence are read; an attacker's AECD and ATEC,
    # a defender's attack and either side's movement are not
    assert each_says(warnings, dict(names=["assumed", "Tank X attack", "Inf XX defence"]))


def test_a_unit_with_only_given_values_gives_no_warning() -> None:
    # "3-2-8 Tank X" attacking: its attack 3 and AECA are the text's; "16-10 Pz XX" defending
    # without a date: its combat value 16 is printed, only its AECD/ATEC are placeholders
    warnings = warnings_of(
        ARMOUR_RATIO, [Participant(AR["su-tank-x-3-2-8"])], [Participant(AR["ge-mot-xx-6-10"])]
    )
    assert each_says(
        warnings, dict(figures=["6", "10"], names=["assumed", "Mot XX", "aecd", "atec"])
    )


def test_assumed_change_dates_are_named_only_when_the_combat_has_a_date() -> None:
    attackers = [Participant(AR["ge-pz-xx-16-10"])]
    defenders = [Participant(AR["su-at-x"])]
    undated = warnings_of(ARMOUR_RATIO, attackers, defenders)
    dated = warnings_of(ARMOUR_RATIO, attackers, defenders, date="1943-01")
    assert undated[0].startswith("assumed value used: 16-10 Pz XX aeca; ")  # its base value is used
    # in 1943 the dated change (double AEC) is in force: its date is the placeholder now
    assert says_in(dated[0], figures=["16", "10"], names=["assumed", "Pz XX", "changes"])


def test_a_value_the_scenario_gives_is_no_longer_assumed() -> None:
    tank: Unit = TW["su-tank-x"]
    mine = unit_from_mapping({"attack": 4, "size": "X"}, "scenario", base=tank)
    assert "attack" not in mine.assumed
    assert "re" not in mine.assumed
    assert {"defence", "aecd", "atec"} <= set(mine.assumed)
    marked = unit_from_mapping({"assumed": ["heavy_armour"]}, "scenario", base=tank)
    assert "heavy_armour" in marked.assumed
    assert europa(marked).re == Fraction(1)


def test_an_air_report_names_the_assumed_bombing_strength_only_when_bombing() -> None:
    me = AIR["ge-me-109e"]
    bombing = fly(Sortie(me, "airbase-bombing")).explanation.warnings
    assert one_says(bombing, names=["assumed", "Me 109E", "tactical_bombing"])
    escort = fly(Sortie(me, "escort", escorting="ground-support")).explanation.warnings
    assert not [w for w in escort if w.startswith("assumed value")]  # 7F5 is the text's
