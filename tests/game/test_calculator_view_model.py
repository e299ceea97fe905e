"""The calculator's presenter, without a window: what its set-up, conditions, headline and
roll show is decided in game/combat_view_model.py from the plain calculator combat, from its
ruleset's vocabulary (its terrain, weather, hexside features and conditions), by the Combat
panel's own rules for what is shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcombat.game.calculator import CalculatorError, new_combat, open_combat, roll_typed
from hexcombat.game.combat_view_model import (
    AIR_SIDE,
    CalculatorRoll,
    SideFields,
    calculator_conditions,
    calculator_headline,
    calculator_roll,
    calculator_setup,
    report_headline,
    side_fields,
)
from hexcombat.rules.report import Report

CASES = Path(__file__).parents[1] / "cases"
LHY_TERRAIN = (
    "clear", "woods", "town", "entrenchment", "hill", "urban-building", "rural-building",
    "sunken-road", "marsh", "jungle", "river",
)  # fmt: skip
"""The terrain the Last Hundred Yards assault knows (Assault)."""
HILL_AND_FORD_TERRAIN = ("clear", "woods", "city", "rough")
"""rulesets/hill-and-ford/hill-and-ford.toml's [terrain], in its order."""


def test_the_terrain_offered_is_the_ruleset_s_own() -> None:
    europa = calculator_conditions(new_combat("total-war"))
    assert europa is not None
    # 14D2d's woods and clear, the AEC chart's own; no tactical map's terrain
    assert {"woods", "clear", "forest"} <= set(europa.terrain.items)
    assert not {"urban-building", "sunken-road", "sea"} & set(europa.terrain.items)
    assert europa.terrain.chosen == "clear"
    lhy = calculator_conditions(new_combat("lhy-assault"))
    assert lhy is not None and lhy.terrain.items == LHY_TERRAIN
    hill = calculator_conditions(new_combat("hill-and-ford"))
    assert hill is not None and hill.terrain.items == HILL_AND_FORD_TERRAIN


def test_the_other_choices_are_the_ruleset_s_vocabulary() -> None:
    europa = calculator_conditions(new_combat("total-war"))
    assert europa is not None
    assert europa.weather.items == ("clear", "mud", "frost", "snow", "winter")  # 10.E
    assert europa.weather.shown and europa.date_shown
    assert europa.across == ("minor-river", "major-river") and "10.D" in europa.across_tip
    assert "10.H" in europa.date_tip
    keys = [spec.key for spec, _value in europa.conditions]
    assert keys[:2] == ["fortification", "fortified"]  # 14D1, 10.B.1, in the ruleset's order
    assert dict((s.key, v) for s, v in europa.conditions)["fortification"] == 0
    hill = calculator_conditions(new_combat("hill-and-ford"))
    assert hill is not None
    assert not hill.weather.shown  # one weather is no choice
    assert not hill.date_shown  # its rules read no date
    assert hill.across == ("minor-river",)


def test_a_terrain_the_ruleset_does_not_know_is_shown_so_its_refusal_reads() -> None:
    combat = new_combat("hill-and-ford")
    combat.set_condition("terrain", "swamp")
    shown = calculator_conditions(combat)
    assert shown is not None
    assert shown.terrain.items == (*HILL_AND_FORD_TERRAIN, "swamp")
    assert shown.terrain.chosen == "swamp"


@pytest.mark.parametrize(
    ("terrain", "ruleset", "kept"),
    [("woods", "lhy-assault", "woods"), ("woods", "hill-and-ford", "woods"),
     ("minor-city", "lhy-assault", "clear"), ("minor-city", "hill-and-ford", "clear")],
)  # fmt: skip
def test_another_ruleset_keeps_a_terrain_it_knows_else_its_first(
    terrain: str, ruleset: str, kept: str
) -> None:
    combat = new_combat("total-war")
    combat.set_condition("terrain", terrain)
    combat.set_ruleset(ruleset)
    shown = calculator_conditions(combat)
    assert shown is not None and shown.terrain.chosen == kept
    assert combat.conditions()["terrain"] == kept


def test_the_set_up_offers_air_missions_only_where_the_ruleset_flies_them() -> None:
    europa = calculator_setup(new_combat("total-war"))
    assert europa.flies and europa.sides == ("attacker", "defender", AIR_SIDE)
    assert "defensive-air-support" in dict(europa.missions)
    assert "23D" in europa.air_title and "Ctrl+3" in europa.search_tip
    assert 'size = "II"' in europa.inline_example  # an RE-sized Europa unit
    assert any(c.startswith("su-rifle-xx") for c in europa.completions)
    lhy = calculator_setup(new_combat("lhy-assault"))
    assert not lhy.flies and lhy.sides == ("attacker", "defender")
    assert "Ctrl+3" not in lhy.search_tip and "steps = 2" in lhy.inline_example
    hill = calculator_setup(new_combat("hill-and-ford"))
    assert "attack = 3, defence = 2" in hill.inline_example  # no size it does not have


def test_the_headline_says_why_there_is_no_report_then_the_odds_then_the_roll() -> None:
    empty = new_combat("total-war")
    report, problems = empty.checked()
    said = calculator_headline(report, problems, None)
    assert report is None and said.problems == ("pick at least one attacker and one defender",)
    combat = open_combat(CASES / "tw-14d2d.toml")
    report, problems = combat.checked()
    assert isinstance(report, Report) and problems == []
    said = calculator_headline(report, problems, None)
    assert said.large and said.title == "3:1   DRM +1"  # 14D2d: "an overall net effect of +1"
    rolled = roll_typed(report, "4")
    said = calculator_headline(report, [], rolled)
    assert (said.title, said.faces, said.code) == ("3:1   DRM +1", "4", "DR")  # 4 +1 = 5: DR


def test_the_calculator_heads_a_report_as_the_combat_panel_does() -> None:
    """One headline for a report, decided once: the calculator's is the Combat panel's."""
    report, _ = open_combat(CASES / "tw-14d2d.toml").checked()
    assert isinstance(report, Report)
    assert report_headline(report) == "3:1   DRM +1"  # 14D2d: 3:1, net +1
    assert calculator_headline(report, [], None).title == report_headline(report)


def test_air_missions_head_with_their_totals_and_roll_no_die() -> None:
    combat = open_combat(CASES / "tw-23d2-af.toml")
    report, _problems = combat.checked()
    said = calculator_headline(report, [], None)
    assert not said.large
    assert "bombing 3" in said.air and "air attack 4" in said.air  # 23D2, 23D1
    roll = calculator_roll(report, combat.ruleset)
    assert not roll.rollable and roll.prompt == report.roll_refusal


def test_a_ground_combat_rolls_its_own_dice() -> None:
    report, _ = open_combat(CASES / "lhy-assault-squads.toml").checked()
    roll = calculator_roll(report, "lhy-assault")
    assert roll.rollable and "the assault die (d10)" in roll.prompt  # Assault Results
    assert "d10" in roll.tip


@pytest.mark.parametrize(
    ("ruleset", "die", "not_die"),
    [
        ("lhy-assault", "the assault die (d10)", "d6"),  # Assault Results: a d10
        ("total-war", "the combat die (d6)", "d10"),  # the CRT's die
        ("hill-and-ford", "the combat die (d6)", "d10"),  # its file's [[dice]], 5.2
        ("hedgerow-line", "the combat dice (2d6)", "d10"),  # its file's [[dice]], 8.2
    ],
)
def test_with_no_combat_yet_the_dice_field_names_the_ruleset_s_own_dice(
    ruleset: str, die: str, not_die: str
) -> None:
    """A ruleset chosen before any report can be made: the field names the dice this ruleset
    rolls at once, not the dice of the ruleset chosen before."""
    report, problems = new_combat(ruleset).checked()
    assert report is None and problems
    roll = calculator_roll(report, ruleset)
    assert not roll.rollable and die in roll.prompt and not_die not in roll.prompt
    assert die in roll.tip  # each in full in the tooltip


def test_a_die_that_picks_is_said_in_full_in_the_tooltip() -> None:
    roll = calculator_roll(None, "lhy-assault")
    assert "the tie die (d10)" in roll.prompt  # Assault: a tie decided by a d10
    assert "the tie die on a d10 (1-5: the attackers retreat, 6-10: the defenders)" in roll.tip


def test_an_unknown_ruleset_s_dice_field_says_nothing() -> None:
    assert calculator_roll(None, "no-such-game") == CalculatorRoll(False, "", "")


def test_the_counter_typed_is_picked_without_a_window() -> None:
    combat = new_combat("total-war")
    entry = combat.add_searched("attacker", "2 su-rifle-xx", 1, "minor-river")
    assert entry == {"counter": "su-rifle-xx", "count": 2, "across": "minor-river"}
    completed = "su-hv-tank-xx  \u2014  Hv Tank XX"  # a completion as the field shows it
    assert combat.add_searched("defender", completed, 1, "minor-river") == {
        "counter": "su-hv-tank-xx"  # a defender attacks across nothing
    }
    with pytest.raises(CalculatorError) as several:
        combat.add_searched("attacker", "tank")
    assert "counters match 'tank'" in str(several.value) and "su-tank-x" in str(several.value)
    with pytest.raises(CalculatorError) as air:
        combat.add_searched("attacker", "ge-me-109e")
    assert "is an air counter: Ctrl+3" in str(air.value)  # 23D: it flies, it does not attack
    flown = new_combat("total-war")
    entry = flown.add_searched(AIR_SIDE, "ge-me-109e", 1, None, "defensive-air-support")
    assert entry == {"counter": "ge-me-109e", "mission": "defensive-air-support"}


@pytest.mark.parametrize(
    "case", ["tw-14d2d", "ar-10d-forest-river", "lhy-assault-squads", "hill-and-ford-ford"]
)
def test_every_terrain_offered_is_one_the_rules_read(case: str) -> None:
    """Nothing offered is refused as unknown terrain: the box and the rules read one list."""
    combat = open_combat(CASES / f"{case}.toml")
    shown = calculator_conditions(combat)
    assert shown is not None and len(shown.terrain.items) >= 4
    for terrain in shown.terrain.items:
        combat.set_condition("terrain", terrain)
        _report, problems = combat.checked()
        assert not [p for p in problems if repr(terrain) in p], (terrain, problems)


def test_a_unit_typed_for_a_side_uses_that_side_s_fields() -> None:
    assert side_fields("attacker") == SideFields(mission=False, across=True)
    assert side_fields("defender") == SideFields(mission=False, across=False)
    assert side_fields(AIR_SIDE) == SideFields(mission=True, across=False)
    combat = new_combat("hill-and-ford")
    typed = 'name = "Red Rifles", type = "infantry", defence = 4'
    assert "across" not in combat.add_typed("defender", typed, 1, "minor-river")
    flown = new_combat("total-war")
    entry = flown.add_typed(
        AIR_SIDE,
        'name = "AF", rating = "6AF5", tactical_bombing = 2',
        1,
        None,
        "defensive-air-support",
    )
    assert entry["mission"] == "defensive-air-support"  # the mission chosen (23D2)
