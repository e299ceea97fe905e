"""Air units (16A) and fighter capabilities (23D1 fighter-bombers, 23D2 attack-fighters, 23D3
dive bomber-fighters), with the illegal missions each refuses in a player's words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hexcombat.rules.errors import IllegalMissionError, UnitDataError
from hexcombat.rulesets.europa.air import (
    AirType,
    AirUnit,
    Category,
    Sortie,
    air_counters_from_source,
    air_unit_from_mapping,
    evaluate_air_scenario,
    fly,
    load_air_counters,
)
from hexcombat.sourcefile import TomlSource
from meaning import each_says, says

REPO = Path(__file__).resolve().parents[2]
AIR = load_air_counters([REPO / "counters" / "total-war-air.toml"])
ME109E = AIR["ge-me-109e"]
AF = AirUnit("Attack-fighter", AirType.AF, 6, 5, tactical_bombing=2)
DF = AIR["us-a-36"]


def flown(unit: AirUnit, mission: str, **kw: Any) -> tuple[int, int, int]:
    result = fly(Sortie(unit, mission, **kw))
    return result.air_attack, result.air_defence, result.bombing


# --- 16A -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("air_type", "category"),
    [("F", "fighter"), ("HF", "fighter"), ("AF", "fighter"), ("DF", "fighter"),
     ("B", "bomber"), ("A", "bomber"), ("D", "bomber"), ("T", "transport")],
)  # fmt: skip
def test_16a_every_type_has_its_category(air_type: str, category: str) -> None:
    assert AirType(air_type).category is Category(category)


def test_16a_the_shipped_air_counters_cover_every_type() -> None:
    assert {u.air_type for u in AIR.values()} == set(AirType)
    assert ME109E.rating == "7F5"
    assert (ME109E.air_attack, ME109E.air_type, ME109E.air_defence) == (7, AirType.F, 5)


def test_16a_a_bomber_may_not_fly_a_fighter_mission() -> None:
    with pytest.raises(IllegalMissionError) as caught:
        fly(Sortie(AIR["ge-he-111h"], "escort"))
    assert says(str(caught.value), rules=["16A"], names=["escort", "He 111H", "bomber"])


def test_16a_transports_fly_transport_missions_only() -> None:
    with pytest.raises(
        IllegalMissionError, match=r"^a transport does not fly ground support \(16A\)$"
    ):
        fly(Sortie(AIR["ge-ju-52"], "ground-support"))
    with pytest.raises(IllegalMissionError) as caught:
        fly(Sortie(ME109E, "airdrop"))
    assert says(str(caught.value), rules=["16A"], names=["airdrop", "Me 109E", "fighter"])
    assert flown(AIR["ge-ju-52"], "air-transport") == (0, 1, 0)


# --- 23D1 ------------------------------------------------------------------------------------


def test_23d1_me_109e_carrying_bombs_is_5_attack_4_defence() -> None:
    result = fly(Sortie(ME109E, "airbase-bombing"))
    assert (result.air_attack, result.air_defence) == (5, 4)
    assert result.carrying_bombs
    assert [(s.rule, s.value) for s in result.explanation.steps[1:]] == [("23D1", 5), ("23D1", 4)]


def test_23d1_jettison_restores_printed_strengths_and_bombing_1_on_airbase_bombing() -> None:
    assert flown(ME109E, "airbase-bombing", jettison=True) == (7, 5, 1)


@pytest.mark.parametrize("mission", ["ground-support", "rail-line-bombing", "harassment"])
def test_23d1_jettison_on_any_other_mission_leaves_bombing_0(mission: str) -> None:
    assert flown(ME109E, mission, jettison=True) == (7, 5, 0)


def test_23d1_strengths_never_drop_below_1() -> None:
    weak = AirUnit("Weak", AirType.F, 2, 1, tactical_bombing=1)
    result = fly(Sortie(weak, "ground-support"))
    assert (result.air_attack, result.air_defence) == (1, 1)
    first, second = result.explanation.steps[1:3]
    assert says(first.text, rules=["23D1"], figures=["2", "2", "0", "1", "1"], names=["air attack"])
    assert says(
        second.text, rules=["23D1"], figures=["1", "1", "0", "1", "1"], names=["air defence"]
    )


def test_23d1_a_strength_printed_below_1_is_never_raised() -> None:
    # 23D1: "Air attack or defense strengths may never be reduced below 1" forbids reducing, it
    # never raises: a fighter rated 0 carries its bombs at air attack 0 (not 0 - 2 raised to 1)
    zero = AirUnit("Zero", AirType.F, 0, 3, tactical_bombing=1)
    result = fly(Sortie(zero, "ground-support"))
    assert (result.air_attack, result.air_defence) == (0, 2)
    assert says(
        result.explanation.steps[1].text,
        rules=["23D1"],
        figures=["0", "1", "1"],
        names=["air attack", "as printed"],
    )
    assert result.explanation.steps[1].value == 0
    both = AirUnit("Zeroes", AirType.F, 0, 0, tactical_bombing=1)
    assert flown(both, "ground-support") == (0, 0, 1)


def test_23d1_heavy_fighters_are_fighter_bombers_too() -> None:
    assert flown(AIR["ge-me-110c"], "ground-support") == (3, 4, 2)


def test_23d1_bombers_keep_their_printed_strengths() -> None:
    assert flown(AIR["ge-he-111h"], "ground-support") == (1, 3, 5)
    assert flown(AIR["ge-he-111h"], "strategic-bombing") == (1, 3, 2)


def test_23d1_fighter_missions_carry_no_bombs() -> None:
    assert flown(ME109E, "escort") == (7, 5, 0)
    assert not fly(Sortie(ME109E, "escort")).carrying_bombs


@pytest.mark.parametrize(
    ("unit", "mission", "message"),
    [
        (ME109E, "escort",
         "only a fighter flying a bombing mission may jettison its bomb load (23D1)"),
        (AIR["ge-ju-87b"], "ground-support",
         "only a fighter flying a bombing mission may jettison its bomb load (23D1)"),
    ],
)  # fmt: skip
def test_23d1_only_fighter_bombers_jettison(unit: AirUnit, mission: str, message: str) -> None:
    with pytest.raises(IllegalMissionError) as caught:
        fly(Sortie(unit, mission, jettison=True))
    assert str(caught.value) == message


def test_a_unit_without_bombing_strength_cannot_bomb() -> None:
    with pytest.raises(IllegalMissionError) as caught:
        fly(Sortie(ME109E, "strategic-bombing"))
    assert says(str(caught.value), names=["Me 109E", "no strategic bombing strength"])


# --- 23D2 ------------------------------------------------------------------------------------


def test_23d2_af_gets_plus_1_tactical_bombing_on_defensive_air_support_first() -> None:
    result = fly(Sortie(AF, "defensive-air-support"))
    assert (result.air_attack, result.air_defence, result.bombing) == (4, 4, 3)
    rules = [s.rule for s in result.explanation.steps]
    assert rules == ["16A", "23D2", "23D1", "23D1", "23D1"]  # the +1 before any other change
    assert result.explanation.steps[1].value == 3
    assert flown(AF, "ground-support") == (4, 4, 2)  # no +1 on other missions


def test_23d2_af_cites_23d1_for_the_rulebook_s_21d1() -> None:
    result = fly(Sortie(AF, "ground-support"))
    (step,) = [s for s in result.explanation.steps if "21D1" in s.text]
    assert step.rule == "23D1"
    assert each_says(
        result.explanation.warnings,
        dict(rules=["23D2", "21D1", "23D1"], names=["Rule 21D1", "fighter-bombers"]),
    )


def test_23d2_af_on_das_then_jettisoning_bombs_with_0() -> None:
    assert flown(AF, "defensive-air-support", jettison=True) == (6, 5, 0)


def test_23d2_af_jettisons_and_switches_to_escort() -> None:
    result = fly(Sortie(AF, "ground-support", jettison=True, switch_to_escort=True))
    assert result.mission.id == "escort"
    assert (result.air_attack, result.air_defence, result.bombing) == (6, 5, 0)
    assert result.explanation.steps[-1].rule == "23D2"


def test_23d2_af_may_not_fly_combat_air_patrol() -> None:
    with pytest.raises(IllegalMissionError) as caught:
        fly(Sortie(AF, "combat-air-patrol"))
    assert says(str(caught.value), rules=["23D2"], names=["AF", "combat air patrol"])
    assert caught.value.rule == "23D2"
    assert flown(ME109E, "combat-air-patrol") == (7, 5, 0)  # an ordinary fighter may


@pytest.mark.parametrize(("mission", "verb"), [("intercept", "intercept"),
                                               ("patrol-attack", "patrol attack")])  # fmt: skip
def test_23d2_af_intercepts_and_patrol_attacks_only_in_its_base_hex(
    mission: str, verb: str
) -> None:
    assert flown(AF, mission, base="0504", target="0504") == (6, 5, 0)
    with pytest.raises(IllegalMissionError) as caught:
        fly(Sortie(AF, mission, base="0504", target="0505"))
    assert says(str(caught.value), rules=["23D2"], figures=["0504", "0505"], names=["AF", verb])
    assert caught.value.rule == "23D2"
    with pytest.raises(IllegalMissionError) as caught:
        fly(Sortie(AF, mission))
    assert says(str(caught.value), rules=["23D2"], names=["AF", verb, "base", "target"])
    assert flown(ME109E, mission, base="0504", target="0505") == (7, 5, 0)


def test_23d2_af_escorts_only_ground_support_or_defensive_air_support() -> None:
    assert flown(AF, "escort", escorting="ground-support") == (6, 5, 0)
    assert flown(AF, "escort", escorting="defensive-air-support") == (6, 5, 0)
    with pytest.raises(IllegalMissionError) as caught:
        fly(Sortie(AF, "escort", escorting="strategic-bombing"))
    assert says(str(caught.value), rules=["23D2"], names=["AF", "escort", "strategic bombing"])
    with pytest.raises(IllegalMissionError, match=r"say which mission the escorted force flies"):
        fly(Sortie(AF, "escort"))
    with pytest.raises(IllegalMissionError) as caught:
        fly(Sortie(AF, "airbase-bombing", jettison=True, switch_to_escort=True))
    assert "not airbase bombing (23D2)" in str(caught.value)


def test_23d2_only_an_af_switches_to_escort_and_only_when_it_jettisons() -> None:
    with pytest.raises(IllegalMissionError) as caught:
        fly(Sortie(ME109E, "ground-support", jettison=True, switch_to_escort=True))
    assert says(str(caught.value), rules=["23D2"], names=["only a type AF", "escort", "jettisons"])
    with pytest.raises(IllegalMissionError) as caught:
        fly(Sortie(AF, "ground-support", switch_to_escort=True))
    assert says(str(caught.value), rules=["23D2"], names=["AF", "escort", "only when it jettisons"])


# --- 23D3 ------------------------------------------------------------------------------------


def test_23d3_df_bombs_as_a_dive_bomber() -> None:
    result = fly(Sortie(DF, "ground-support"))
    assert (result.air_attack, result.air_defence, result.bombing) == (4, 4, 3)
    assert result.explanation.steps[-1].rule == "23D3"
    with pytest.raises(IllegalMissionError) as caught:
        fly(Sortie(DF, "ground-support", jettison=True))
    assert says(str(caught.value), rules=["23D3"], names=["fighter-bomber", "DF"])


def test_23d3_df_is_a_fighter_otherwise() -> None:
    assert flown(DF, "combat-air-patrol") == (4, 4, 0)
    assert flown(DF, "intercept", base="0101", target="0202") == (4, 4, 0)


# --- scenarios and counters ------------------------------------------------------------------


def test_an_air_scenario_report_has_the_json_the_explain_command_prints() -> None:
    data = {"air": [{"counter": "ge-me-109e", "mission": "airbase-bombing", "bombs": True}]}
    report = evaluate_air_scenario(data, AIR).to_json()
    assert report["ruleset"] == "total-war"
    assert report["kind"] == "air"
    assert report["totals"] == {"air_attack": 5, "air_defence": 4, "bombing": 1}
    assert [s["rule"] for s in report["steps"]] == ["16A", "23D1", "23D1"]
    # 7F5 is the text's (23D1); its tactical bombing strength is a placeholder
    assert each_says(report["warnings"], dict(names=["assumed", "Me 109E", "tactical_bombing"]))
    assert report["units"][0]["carrying_bombs"] is True


def test_an_air_scenario_sums_its_units_and_applies_dates() -> None:
    data = {
        "conditions": {"date": "1941-06"},
        "air": [
            {"counter": "ge-he-111h", "mission": "ground-support", "count": 2},
            {"name": "Fighter", "rating": "6F4", "mission": "escort"},
        ],
    }
    report = evaluate_air_scenario(data, AIR)
    assert report.totals == {"air_attack": 1 * 2 + 6, "air_defence": 3 * 2 + 4, "bombing": 12}
    assert "He 111H x2 on ground support" in report.to_text()


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"counter": "xx", "mission": "escort"}, "air 1: unknown air counter 'xx'"),
        ({"counter": "ge-me-109e"}, "air 1: say which mission it flies (mission = ...)"),
        ({"counter": "ge-me-109e", "mission": "escort", "altitude": 3},
         "air 1: unknown air key 'altitude'"),
        ({"counter": "ge-me-109e", "mission": "loiter"},
         "unknown air mission 'loiter'; missions: escort, intercept, patrol-attack, "
         "combat-air-patrol, ground-support, defensive-air-support, airbase-bombing, "
         "rail-line-bombing, harassment, port-bombing, naval-bombing, strategic-bombing, "
         "air-transport, airdrop"),
        ({"counter": "ge-me-109e", "mission": "escort", "bombs": True},
         "only a bombing mission carries bombs, not escort (23D1)"),
        ({"counter": "ge-me-109e", "mission": "ground-support", "bombs": False},
         "a fighter flying a bombing mission carries bombs until it jettisons them "
         "(jettison = true) (23D1)"),
        ({"counter": "ge-me-109e", "mission": "ground-support", "bombs": True, "jettison": True},
         "a unit that jettisons its bomb load no longer carries it (23D1)"),
        ({"counter": "ge-me-109e", "mission": "escort", "jettison": "yes"},
         "air 1: jettison must be true or false, not 'yes'"),
        ({"name": "X", "rating": "7Q5", "mission": "escort"},
         "air 1: rating must read like \"7F5\" (attack, type, defence), not '7Q5'"),
        ({"name": "X", "type": "F", "mission": "escort"},
         "air 1: an air unit needs a name and a rating (or type, air_attack, air_defence); "
         "missing air_attack, air_defence"),
    ],
)  # fmt: skip
def test_bad_air_entries_are_refused_in_words(entry: dict[str, Any], message: str) -> None:
    with pytest.raises((UnitDataError, IllegalMissionError)) as caught:
        evaluate_air_scenario({"air": [entry]}, AIR)
    assert str(caught.value) == message


def test_rating_and_separate_strengths_must_agree() -> None:
    with pytest.raises(UnitDataError, match="^x: rating 7F5 disagrees with air_attack$"):
        air_unit_from_mapping({"name": "X", "rating": "7F5", "air_attack": 6}, "x")
    with pytest.raises(UnitDataError, match="^x: rating 7F5 disagrees with type$"):
        air_unit_from_mapping({"name": "X", "type": "HF", "rating": "7F5"}, "x")
    unit = air_unit_from_mapping({"name": "X", "rating": "7F5", "air_defence": 5}, "x")
    assert unit.air_defence == 5


def test_air_counter_file_problems_have_their_lines() -> None:
    text = """[[air_counter]]
id = "a"
name = "A"
rating = "7F5"

[[air_counter]]
id = "b"
name = "B"
type = "Z"

[[air_counter]]
name = "C"
"""
    counters, found = air_counters_from_source(TomlSource.parse(text, "air.toml"))
    assert list(counters) == ["a"]
    assert each_says(
        [str(p) for p in found],
        dict(at=("air.toml", 9), rules=["16A"], names=["'b'", "'Z'", "HF", "AF", "DF"]),
        dict(at=("air.toml", 11), names=["air counter", "id"]),
    )
