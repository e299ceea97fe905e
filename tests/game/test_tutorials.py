"""Every shipped tutorial played through the game layer, as the Tutorials menu opens it: laid out
on its map, its attack on the tutorial's defender with every proposed stack, evaluated to the
numbers the rules text states (docs/rules.md lists the worked examples). Expected values are
copied from the rules text, never from what hexcombat prints."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

import pytest
from tutorial_attacks import full_attack

from declared_rulesets import europa_family
from hexcombat.game.apply_result import apply_combat_command
from hexcombat.game.attack import (
    AttackSetup,
    attack_candidates,
    evaluate_attack,
    loss_problems,
    resolve_attack,
)
from hexcombat.game.commands import AddCounter, MoveCounters
from hexcombat.game.opening import open_game
from hexcombat.game.scenario import load_scenario
from hexcombat.game.state import Counter, GameError, GameState
from hexcombat.game.tutorials import shipped_tutorials, tutorial_target
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.report import Report, drm_chances, final_drm
from hexcombat.sourcefile import SourceError
from meaning import each_says, says, says_in

MAPS = Path(__file__).resolve().parents[2] / "maps"
"""The repository's shipped maps and scenarios."""


@dataclass
class Golden:
    """What the rules text says about a tutorial's attack."""

    target: str
    drm: int | None = None
    totals: dict[str, object] = field(default_factory=dict)
    steps: list[tuple[str, str, object]] = field(default_factory=list)
    """(rule, words in the step's text, its value or DRM)."""
    drm_distribution: dict[int, Fraction] | None = None


GOLDEN: dict[str, Golden] = {
    # example 1 (14D2d): heavy armour +1, AECA > 1/2 +2, heavy antitank -1, ATEC 1/7 -1: net +1
    "tutorial-14d2d-scenario.toml": Golden(
        "0504",
        drm=1,
        steps=[("14D2a", "1/5", 1), ("14D2d", "", 2), ("14D2c", "", -1), ("14D2d", "1/7", -1)],
    ),
    # example 10 (10.D): "(3 + 1) / 2 = 2 REs AECA" with the converted unit on the same side
    "tutorial-10d-river-same-side-scenario.toml": Golden(
        "0504",
        totals={"aeca_res_before_terrain": 4, "aeca_res": 2},
        steps=[("10.C.1", "Tank XX converts 1 RE of Mot Inf III", 1)],
    ),
    # example 10 (10.D): "3/2 + 1/2 = 2 REs AECA" with the converted unit off the river
    "tutorial-10d-river-other-side-scenario.toml": Golden(
        "0504",
        totals={"aeca_res_before_terrain": 4, "aeca_res": 2},
        steps=[("10.D", "Tank XX", Fraction(3, 2)), ("10.D", "Mot Inf III", Fraction(1, 2))],
    ),
    # example 11 (10.D): forest behind a minor river: AECA quartered (4 -> 1), AECD halved
    # (the PzGr XX's 2 REs, 10.B.3 -> 1), ATEC unaffected (2)
    "tutorial-10d-forest-river-scenario.toml": Golden(
        "0404",
        totals={
            "aeca_res_before_terrain": 4,
            "aeca_res": 1,
            "aecd_res_before_terrain": 2,
            "aecd_res": 1,
            "atec_res": 2,
        },
    ),
    # example 14 (10.I): 4 heavy armour units against 2 heavy ATEC (the Hv Mot AA counts two,
    # 10.I.3) is 2:1: +1
    "tutorial-10i-heavy-armour-scenario.toml": Golden(
        "0504",
        totals={"heavy_armour_attacker": 4, "heavy_atec_defender": 2},
        steps=[("10.I.1", "2:1", 1)],
    ),
    # example 13 (10.F.2): an anti-tank brigade of 1 RE ATEC in forest: 2 REs of required losses
    "tutorial-10f2-forest-atec-scenario.toml": Golden(
        "0404", totals={"atec_res": 1, "atec_res_for_losses": 2}
    ),
    # example 12 (10.F.1): 12 REs of AECA against 4 REs of ATEC
    "tutorial-10f1-required-losses-scenario.toml": Golden(
        "0504", totals={"aeca_res": 12, "atec_res": 4}
    ),
    # example 6 (10.C.1): a 16-10 panzer division (6 REs, double by date) converting the 6-10
    # motorized division's 2 neutral REs: 8 REs AECA
    "tutorial-10c1-panzer-scenario.toml": Golden(
        "0504",
        totals={"aeca_res": 8},
        steps=[("10.B.1", "16-10 Pz XX", 6), ("10.C.1", "converts 2 REs", 2)],
    ),
    # example 9 (10.C): AECA:ATEC 5.1:1 gives +3 with a 50% chance of +4
    "tutorial-10c-ratio-scenario.toml": Golden(
        "0504",
        drm=3,
        totals={"aeca_res": Fraction(51, 2), "atec_res": 5, "aeca_atec_ratio": "5.1:1"},
        drm_distribution={3: Fraction(1, 2), 4: Fraction(1, 2)},
    ),
    # 14A3 states no numbers: the long-range artillery's strength joins the adjacent attack
    # (counter strengths: Inf XX 6 each, LR Art III 3); its own rules are tested below
    "tutorial-14a3-lra-scenario.toml": Golden("0504", totals={"attack_strength": 15}),
}


def counter_named(state: GameState, name: str) -> Counter:
    (counter,) = [c for c in state.counters.values() if c.unit.name == name]
    return counter


def has_step(report: Report, rule: str, words: str, value: object) -> bool:
    return any(
        s.rule == rule and words in s.text and (s.value == value or s.drm == value)
        for s in report.steps
    )


def test_every_shipped_europa_map_tutorial_has_golden_numbers() -> None:
    # the calculator's tutorials (no map) are walked in tests/ui/test_tutorial_walk.py
    europa = [
        t.path.name
        for t in shipped_tutorials()
        if t.ruleset in europa_family() and not t.calculator
    ]
    assert sorted(europa) == sorted(GOLDEN)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_tutorial_attack_gives_the_numbers_of_the_rules_text(name: str) -> None:
    golden = GOLDEN[name]
    state = open_game(MAPS / name)
    assert state.tutorial and state.title.startswith("Tutorial ")
    setup = full_attack(state)
    assert state.hexmap.label(setup.target) == golden.target
    report = evaluate_attack(state, setup)
    if golden.drm is not None:
        assert final_drm(report) == golden.drm
    for key, value in golden.totals.items():
        assert report.totals[key] == value, key
    for rule, words, value in golden.steps:
        assert has_step(report, rule, words, value), (rule, words, value)
    if golden.drm_distribution is not None:
        assert drm_chances(report) == golden.drm_distribution


# 10.D: conversions across the attacking force ---------------------------------------------


def river_state(name: str = "tutorial-10d-river-same-side-scenario.toml") -> GameState:
    return open_game(MAPS / name)


def test_the_tank_division_converts_a_unit_attacking_from_the_next_hex() -> None:
    # 10.D's example converts a unit in another hex (one attacking from the defender's side of
    # the river cannot stand with a division attacking across it): the force is one pool
    state = river_state()
    tank, mot = counter_named(state, "Tank XX"), counter_named(state, "Mot Inf III")
    assert state.hexmap.label(state.hex_of(tank.uid)) == "0503"
    assert state.hexmap.label(state.hex_of(mot.uid)) == "0403"
    report = evaluate_attack(state, full_attack(state))
    assert report.totals["aeca_res"] == 2  # (3 + 1) / 2


def test_moving_the_converted_unit_to_the_defenders_side_still_gives_two() -> None:
    # the tutorial's last step: drag the Mot Inf III from 0403 to 0404 (no river): 3/2 + 1/2
    state = river_state()
    mot = counter_named(state, "Mot Inf III")
    state.execute(MoveCounters([mot.uid], state.hexmap.hex_at("0404")))
    report = evaluate_attack(state, full_attack(state))
    assert report.totals["aeca_res"] == 2
    assert has_step(report, "10.D", "Mot Inf III", Fraction(1, 2))


def test_without_the_converted_unit_the_tank_division_alone_is_halved() -> None:
    # the Tank XX's own 3 REs across the minor river: 3/2 (10.D); nothing to convert
    state = river_state()
    tank = counter_named(state, "Tank XX")
    setup = AttackSetup(state.hexmap.hex_at("0504"), [tank.uid], state.conditions)
    report = evaluate_attack(state, setup)
    assert report.totals["aeca_res_before_terrain"] == 3
    assert report.totals["aeca_res"] == Fraction(3, 2)


# 14A3: long-range artillery at two hexes --------------------------------------------------


def lra_state() -> GameState:
    return open_game(MAPS / "tutorial-14a3-lra-scenario.toml")


def test_long_range_artillery_is_proposed_at_two_hexes_and_ordinary_artillery_is_not() -> None:
    state = lra_state()
    # the tutorial's step 3: an Art III from the palette two hexes away, in 0502
    art = state.counter_from_library("ge-art-iii", "Axis")
    state.execute(AddCounter(art, state.hexmap.hex_at("0502")))
    found = attack_candidates(state, state.hexmap.hex_at("0504"))
    assert [(c.label, c.range, [x.unit.name for x in c.counters]) for c in found] == [
        ("0503", 1, ["Inf XX"]),
        ("0604", 1, ["Inf XX"]),
        ("0704", 2, ["LR Art III"]),
    ]


def test_long_range_artillery_may_not_attack_alone_at_two_hexes() -> None:
    state = lra_state()
    lra = counter_named(state, "LR Art III")
    setup = AttackSetup(state.hexmap.hex_at("0504"), [lra.uid], state.conditions)
    with pytest.raises(IllegalAttackError, match="alone") as raised:
        evaluate_attack(state, setup)
    assert raised.value.rule == "14A3"


def test_at_two_hexes_the_artillery_takes_no_result_and_may_not_advance() -> None:
    state = lra_state()
    lra = counter_named(state, "LR Art III")
    resolution = resolve_attack(state, full_attack(state), ScriptedDice([6]))
    assert lra.uid in resolution.attacker.exempt
    assert lra.uid not in resolution.attacker.uids and lra.uid not in resolution.attacker.strength
    with pytest.raises(GameError, match="14A3"):
        apply_combat_command(state, resolution, [], {}, [lra.uid])


# finding the tutorials ---------------------------------------------------------------------


def test_the_menu_lists_walkthroughs_only_and_a_broken_file_by_its_name(tmp_path: Path) -> None:
    (tmp_path / "a-scenario.toml").write_text(
        'ruleset = "total-war"\ntitle = "Tutorial 9: a"\n[tutorial]\nsteps = ["1. go"]\n'
    )
    (tmp_path / "play-scenario.toml").write_text('ruleset = "total-war"\ntitle = "Play"\n')
    (tmp_path / "broken-scenario.toml").write_text("ruleset = \n")
    (tmp_path / "map.toml").write_text('name = "a map"\n')
    found = shipped_tutorials(tmp_path)
    assert [(t.path.name, t.title) for t in found] == [
        ("broken-scenario.toml", "broken-scenario"),
        ("a-scenario.toml", "Tutorial 9: a"),
    ]


def test_no_target_when_the_defender_holds_two_hexes() -> None:
    state = lra_state()
    rifle = counter_named(state, "Rifle XX")
    second = state.counter_from_library("su-rifle-xx", rifle.side)
    state.execute(AddCounter(second, state.hexmap.hex_at("0801")))
    assert tutorial_target(state) is None


# what the walkthroughs ask the player to try -----------------------------------------------


def test_without_the_hv_tank_x_the_heavy_armour_plus_one_goes() -> None:
    # 10.I tutorial, last step: 2 heavy armour units against 2 heavy ATEC is not "more" (10.I.1)
    state = open_game(MAPS / "tutorial-10i-heavy-armour-scenario.toml")
    setup = full_attack(state)
    hv_x = {c.uid for c in state.stack_at(state.hexmap.hex_at("0503"))}
    assert {state.counters[u].unit.name for u in hv_x} == {"Hv Tank X"}
    setup.attacker_uids = [u for u in setup.attacker_uids if u not in hv_x]
    report = evaluate_attack(state, setup)
    assert report.totals["heavy_armour_attacker"] == 2
    assert not any(s.rule == "10.I.1" and s.drm for s in report.steps)


def test_before_its_double_aec_date_the_panzer_division_gives_five() -> None:
    # 10.C.1 tutorial, step 6: full AEC, 3 REs (10.B.2) + 2 converted (10.C.1) = 5
    state = open_game(MAPS / "tutorial-10c1-panzer-scenario.toml")
    setup = full_attack(state)
    setup.conditions = replace(setup.conditions, date="1941-06")
    assert evaluate_attack(state, setup).totals["aeca_res"] == 5


def test_a_bad_tutorial_table_is_reported_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad-scenario.toml"
    path.write_text(
        'ruleset = "total-war"\n'
        "[tutorial]\n"
        'steps = "1. Attack."\n'  # line 3: one text, not a list of steps
        "hint = 2\n"  # line 4
        '[[attacker]]\nname = "A"\nsize = "X"\n[[defender]]\nname = "B"\nsize = "X"\n'
    )
    with pytest.raises(SourceError) as raised:
        load_scenario(path)
    assert each_says(
        [str(p) for p in raised.value.problems],
        dict(at=(str(path), 4), names=["'hint'", "unknown"]),
        dict(at=(str(path), 3), figures=["1", "2"], names=["tutorial.steps"]),
    )


def test_required_losses_four_of_eight_from_armour_the_rest_from_any_unit() -> None:
    # 10.F.1: "the maximum required AECA loss would be 4 strength points. If combat losses
    # totalled 8 strength points, the other four losses could be taken from other units."
    state = open_game(MAPS / "tutorial-10f1-required-losses-scenario.toml")
    # the walkthrough's typed roll 1: a half loss of the attack's 16 points (generic table)
    resolution = resolve_attack(state, full_attack(state), ScriptedDice([1]))
    assert resolution.attacker.points == 8
    assert resolution.attacker.required_aec == 4
    art = [c.uid for c in state.counters.values() if c.unit.name == "Art III"]
    tanks = [c.uid for c in state.counters.values() if c.unit.name == "Tank XXX"]
    assert len(art) == 2 and len(tanks) == 4
    (problem,) = loss_problems(state, resolution, art)  # 8 points, none from armour
    assert says_in(problem, figures=["4"], names=["attacker"])
    assert "(10.F.1)" in problem
    assert loss_problems(state, resolution, [art[0], *tanks[:2]]) == []  # 4 + 2 x 2


def test_a_scenario_in_unknown_weather_is_refused_at_its_line(tmp_path: Path) -> None:
    # the panel would otherwise show the first weather it knows, not the scenario's
    text = (MAPS / "tutorial-14d2d-scenario.toml").read_text(encoding="utf-8")
    assert text.splitlines()[16] == 'weather = "clear"'
    path = tmp_path / "fog.toml"
    path.write_text(text.replace('weather = "clear"', 'weather = "fog"'), encoding="utf-8")
    with pytest.raises(SourceError) as raised:
        open_game(path)
    assert says(str(raised.value), at=(str(path), 17), names=["'fog'", "unknown"])
