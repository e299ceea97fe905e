"""What a ruleset declares decides what a game, a scenario, a save and a counter set may hold:
conditions by kind and bounds, the turn sequence and what each phase sets, and the unit values a
ruleset reads beyond the shared keys, each refused at its line when the ruleset does not read it."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from hexcombat.game.conditions import condition_keys, condition_problem
from hexcombat.game.opening import open_game
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.turn import (
    default_phase,
    no_attacks_in,
    phase_conditions,
    phase_names,
    turn_text,
    unknown_phase,
)
from hexcombat.rules.units import unit_from_mapping
from hexcombat.rules.vocabulary import CapabilitySpec, ConditionSpec, PhaseSpec, Vocabulary
from hexcombat_cli import check
from meaning import each_says, says

TACTICAL = Vocabulary(
    conditions=(
        ConditionSpec("terrain_shift", "int", "Terrain shift", "1.2", default=0, low=-2, high=0),
        ConditionSpec("light", "choice", "Light", "2.1", default="day", choices=("day", "night")),
        ConditionSpec("first_round", "bool", "First round", "3.1", set_by_phase=True),
    ),
    capabilities=(CapabilitySpec("morale", "int", "Morale", "4.1", low=2, high=12),),
    phases=(
        PhaseSpec("rally", "Rally", attacks=False, note="broken units try to recover", rule="5"),
        PhaseSpec("assault", "Assault", sets={"first_round": True}, rule="6"),
        PhaseSpec("melee", "Melee", rule="7"),
    ),
    default_phase="melee",
    weather=("day",),
)


def test_conditions_are_checked_by_the_kind_and_bounds_the_ruleset_declares() -> None:
    assert condition_problem(TACTICAL, "terrain_shift", -1) is None
    assert says(
        condition_problem(TACTICAL, "terrain_shift", 1),
        figures=["0", "1", "1.2"],
        names=["terrain_shift", "at most"],
    )
    assert says(
        condition_problem(TACTICAL, "terrain_shift", True),
        names=["terrain_shift", "whole number", "True"],
    )
    assert says(
        condition_problem(TACTICAL, "light", "dusk"), names=["light", "day", "night", "'dusk'"]
    )
    assert says(
        condition_problem(TACTICAL, "first_round", "yes"),
        names=["first_round", "true or false", "'yes'"],
    )
    # a condition of another ruleset is unknown here, and the message lists this one's
    assert says(
        condition_problem(TACTICAL, "fortified", True),
        names=[
            "unknown condition 'fortified'",
            "terrain",
            "weather",
            "date",
            "crt",
            "terrain_shift",
            "light",
            "first_round",
        ],  # fmt: skip
    )
    assert says(
        condition_problem(TACTICAL, "weather", "mud"), names=["unknown weather 'mud'", "day"]
    )
    assert "fortified" not in condition_keys(TACTICAL)


def test_the_turn_sequence_is_the_ruleset_s_and_a_phase_sets_what_it_decides() -> None:
    assert phase_names(TACTICAL) == ("rally", "assault", "melee")
    assert default_phase(TACTICAL) == "melee"
    assert phase_conditions(TACTICAL, "assault") == {"first_round": True}
    assert phase_conditions(TACTICAL, "melee") == {"first_round": False}
    assert no_attacks_in(TACTICAL, "melee") is None
    assert says(
        no_attacks_in(TACTICAL, "rally"),
        figures=["5", "7", "6"],
        names=["no attacks", "rally phase", "melee phase", "assault phase", "Conditions"],
    )
    assert says(
        unknown_phase(TACTICAL, "combat"), names=["no 'combat' phase", "rally", "assault", "melee"]
    )
    # a ruleset without a turn sequence: no phase to name, no warning to give
    bare = Vocabulary()
    assert default_phase(bare) == "" and no_attacks_in(bare, "") is None
    assert turn_text("Axis", "") == "Axis's turn"


def test_a_unit_value_the_ruleset_does_not_read_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text(
        'title = "t"\ngame = "total-war"\n\n[[counter]]\nid = "rifle"\nname = "Rifle XX"\n'
        'size = "XX"\nattack = 4\ndefence = 4\nrules = { morale = 8 }\n'
    )
    assert each_says(
        check(path).stdout.splitlines(),
        dict(at=(str(path), 10), names=["'rifle'", "rules.morale", "total-war"]),
    )


def test_a_declared_unit_value_is_checked_by_its_kind_and_bounds() -> None:
    unit = unit_from_mapping({"name": "Squad", "size": "II", "rules": {"morale": 13}}, "squad")
    assert unit.rule_value("morale") == 13 and unit.rule_value("fire", 0) == 0
    ((key, problem),) = TACTICAL.capability_problems("tactical", unit.rules)
    assert key == "morale"
    assert says(problem, figures=["12", "13", "4.1"], names=["rules.morale", "at most"])
    assert TACTICAL.capability_problems("tactical", (("morale", 7),)) == []


def test_a_unit_value_must_be_a_flag_a_number_or_a_word(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text(
        'title = "t"\ngame = "other-game"\n\n[[counter]]\nid = "x"\nname = "X"\nsize = "II"\n'
        "rules = { fire = [1, 2] }\n"
    )
    lines = check(path).stdout.splitlines()
    assert each_says(
        lines,
        dict(
            at=(str(path), 8),
            figures=["999", "1", "2"],
            names=["'x'", "rules.fire", "true or false", "whole number"],
        ),
    )


def test_a_scenario_s_inline_unit_value_the_ruleset_does_not_read_names_its_line(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.toml"
    path.write_text(
        'ruleset = "armour-ratio"\ntitle = "t"\n\n[[attacker]]\nname = "A"\nsize = "XX"\n'
        'attack = 4\nrules = { fire = 3 }\n\n[[defender]]\nname = "D"\nsize = "XX"\n'
        "defence = 4\n"
    )
    lines = check(path).stdout.splitlines()
    assert each_says(
        lines,
        dict(at=(str(path), 8), figures=["1"], names=["rules.fire", "armour-ratio", "attacker"]),
    )


def test_a_unit_s_own_values_travel_in_a_save(tmp_path: Path) -> None:
    state = open_game(Path(__file__).parents[2] / "maps" / "tutorial-14d2d-scenario.toml")
    uid = next(iter(state.counters))
    counter = state.counters[uid]
    state.counters[uid] = replace(counter, unit=replace(counter.unit, rules=(("note", "ok"),)))
    save_game(state, tmp_path / "g.json")
    saved = json.loads((tmp_path / "g.json").read_text())
    assert {"note": "ok"} in [c["unit"].get("rules") for c in saved["counters"]]
    again = load_game(tmp_path / "g.json")
    assert again.counters[uid].unit.rule_value("note") == "ok"
