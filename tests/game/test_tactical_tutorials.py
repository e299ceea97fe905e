"""The tactical tutorials (maps/tutorial-assault-morale-*, maps/tutorial-lhy-*) say what each
assault shows; each claim of their walkthroughs is checked here by evaluating the assault as the
Tutorials menu sets it up. Expected values come from the player aids: the Assault Combat Table's
columns (lower bounds 1, 3, 5, 9, 13, 18, 24, 30), its shifts and results, and The Last Hundred
Yards' DRM values, limits and result rows; the units' fire values, morale and cohesion are the
counter sets' assumed placeholders, named where a sum uses them."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from tutorial_attacks import full_attack

from hexcombat.game.attack import AttackSetup, evaluate_attack, resolve_attack
from hexcombat.game.check import check_file
from hexcombat.game.commands import AddCounter, RemoveCounters
from hexcombat.game.opening import open_game
from hexcombat.game.state import GameState
from hexcombat.game.tutorials import shipped_tutorials, tutorial_target
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.report import Report

MAPS = Path(__file__).resolve().parents[2] / "maps"
"""The repository's shipped maps and scenarios."""

ASSAULT_MORALE: dict[str, str] = {}
LHY = {
    "tutorial-lhy-immediate-scenario.toml": "0303",
    "tutorial-lhy-limits-scenario.toml": "0804",
    "tutorial-lhy-saint-clair-scenario.toml": "0506",
}
TACTICAL = {**ASSAULT_MORALE, **LHY}


def opened(name: str) -> tuple[GameState, AttackSetup]:
    """The tutorial laid out on its map and its assault set up as the menu does it."""
    state = open_game(MAPS / name)
    return state, full_attack(state)


def assault(name: str, change: Callable[[GameState, AttackSetup], None] | None = None) -> Report:
    """The tutorial's assault evaluated, after ``change`` (what a step asks the player to do)."""
    state, setup = opened(name)
    if change is not None:
        change(state, setup)
    return evaluate_attack(state, setup)


def uids_named(state: GameState, name: str) -> list[str]:
    return [uid for uid, c in state.counters.items() if c.unit.name == name]


def untick(*names: str) -> Callable[[GameState, AttackSetup], None]:
    """Leave the counters called ``names`` out of the assault (untick them in the panel)."""

    def change(state: GameState, setup: AttackSetup) -> None:
        gone = {u for n in names for u in uids_named(state, n)}
        assert gone, names
        setup.attacker_uids = [u for u in setup.attacker_uids if u not in gone]

    return change


def later_round(state: GameState, setup: AttackSetup) -> None:
    """'First round' off in the conditions."""
    setup.conditions = setup.conditions.with_choices(first_round=False)


# -- every tutorial ---------------------------------------------------------------------------


def test_every_tactical_tutorial_is_listed_and_has_its_claims_tested_here() -> None:
    listed = {t.path.name: t.ruleset for t in shipped_tutorials()}
    tactical = {n for n, r in listed.items() if r in ("assault-morale", "lhy-assault")}
    assert tactical == set(TACTICAL)
    assert all(listed[n] == "assault-morale" for n in ASSAULT_MORALE)
    assert all(listed[n] == "lhy-assault" for n in LHY)


@pytest.mark.parametrize("name", sorted(TACTICAL))
def test_the_tutorial_opens_checks_clean_and_assaults_its_one_hex(name: str) -> None:
    assert [str(p) for p in check_file(MAPS / name)] == []
    state, setup = opened(name)
    assert state.tutorial and state.title.startswith("Tutorial ")
    assert tutorial_target(state) == setup.target
    assert state.hexmap.label(setup.target) == TACTICAL[name]
    assert setup.attacker_uids  # every attacking stack is proposed
    evaluate_attack(state, setup)


# -- lhy-assault: The Last Hundred Yards ------------------------------------------------------


IMMEDIATE, LIMITS, SAINT_CLAIR = sorted(LHY, key=list(LHY).index)


def drms(report: Report, rule: str = "Assault DRM") -> list[tuple[str, int]]:
    """Each step of ``rule`` that adds a DRM, with it."""
    return [(s.text, s.drm) for s in report.steps if s.rule == rule and s.drm is not None]


def test_lhy_1_a_gun_alone_against_an_afv_is_destroyed_at_once() -> None:
    report = assault(IMMEDIATE)
    assert report.payload["immediate"] == "DX"  # the defenders destroyed
    assert any("destroyed at once" in s.text for s in report.steps if s.rule == "Assault")
    assert report.dice == ()  # no die is rolled
    assert list(report.outcomes.values()) == [Fraction(1)]


def add_to_farm(counter_id: str, remove: str = "") -> Callable[[GameState, AttackSetup], None]:
    def change(state: GameState, setup: AttackSetup) -> None:
        if remove:
            state.execute(RemoveCounters(uids_named(state, remove)))
        counter = state.counter_from_library(counter_id, "US")
        state.execute(AddCounter(counter, setup.target))

    return change


def test_lhy_1_with_a_rifle_squad_beside_the_gun_the_assault_is_rolled() -> None:
    report = assault(IMMEDIATE, add_to_farm("lhy-us-rifle-sqd"))
    assert report.payload["immediate"] is None
    assert [d.sides for d in report.dice] == [10]
    assert drms(report) == [
        ("Pz IVH: ATV 5 +1, AV 4 +1", 2),
        ("Rifle Sqd: squad +2", -2),
        ("57mm M1: ATV 5 +1", -1),
    ]
    assert any("rural building" in t and d == -1 for t, d in drms(report, "Assault"))
    assert report.drm == -2  # +2 - 3 - 1


def test_lhy_1_a_sherman_instead_of_the_gun_has_the_lesser_atv_and_retreats_at_once() -> None:
    report = assault(IMMEDIATE, add_to_farm("lhy-us-afv", remove="57mm M1"))
    assert report.payload["immediate"] == "DR"  # the defenders retreat
    (step,) = [s for s in report.steps if "lesser ATV" in s.text]
    assert "attackers' best ATV 5, defenders' 4" in step.text


def test_lhy_1_a_bazooka_alone_instead_of_the_gun_is_destroyed_at_once() -> None:
    # the walkthrough's last step: a LATW defending alone against an undisrupted unit that is
    # not shocked (Assault)
    report = assault(IMMEDIATE, add_to_farm("lhy-us-latw", remove="57mm M1"))
    assert report.payload["immediate"] == "LX"  # the LATWs destroyed
    assert report.dice == ()


def test_lhy_2_four_combat_steps_and_one_vehicle_count() -> None:
    state, setup = opened(LIMITS)
    report = evaluate_attack(state, setup)
    counted = report.payload["counted"]["attacker"]
    squads = uids_named(state, "Grenadier Sqd")
    assert len(squads) == 3 and len(set(counted) & set(squads)) == 2  # 2 x 2 steps
    assert set(uids_named(state, "Pz IVH")) <= set(counted)


def test_lhy_2_the_cohesion_difference_stops_at_3_and_the_total_at_4() -> None:
    report = assault(LIMITS)
    assert drms(report) == [
        ("Grenadier Sqd: squad +2", 2),
        ("Grenadier Sqd: squad +2", 2),
        ("Pz IVH: ATV 5 +1, AV 4 +1", 2),
    ]
    (cohesion,) = [s for s in report.steps if "cohesion 6 against 2" in s.text]
    assert (cohesion.value, cohesion.drm) == (4, 3)
    assert any("fragmented" in t and d == -1 for t, d in drms(report, "Assault"))
    (limit,) = [s for s in report.steps if s.kind == "limit"]
    assert "+8" in limit.text and limit.value == 4
    assert report.payload["drm_before_limit"] == 8 and report.drm == 4


def test_lhy_2_a_10_makes_14_the_defenders_lose_retreat_4_every_unit_a_casualty() -> None:
    state, setup = opened(LIMITS)
    resolution = resolve_attack(state, setup, ScriptedDice([10]))
    assert resolution.result.code == "DD"


def test_lhy_2_without_the_pz_ivh_the_total_is_still_limited_to_4() -> None:
    report = assault(LIMITS, untick("Pz IVH"))
    assert not any("fragmented" in t for t, _ in drms(report, "Assault"))
    assert report.payload["drm_before_limit"] == 7 and report.drm == 4


def test_lhy_3_saint_clair_is_plus_one() -> None:
    report = assault(SAINT_CLAIR)
    assert drms(report) == [
        ("Grenadier Sqd: squad +2", 2),
        ("Panzerschreck: ATV 5 +1", 1),
        ("Grenadier Sqd: squad +2", 2),
        ("Pz IVH: ATV 5 +1, AV 4 +1", 2),
        ("Rifle Sqd: squad +2", -2),
        ("M4A3 Sherman: ATV 4 +1, AV 3 +1", -2),
    ]
    situational = drms(report, "Assault")
    assert [d for t, d in situational if "urban building" in t and "LATW" not in t] == [-2]
    assert [d for t, d in situational if "fragmented" in t] == [-1]
    assert [d for t, d in situational if "LATW" in t] == [1]
    assert [d for t, d in situational if "cohesion 6 against 6" in t] == [0]
    assert report.drm == 1


@pytest.mark.parametrize(("die", "row"), [(9, "DL"), (5, "DM")])
def test_lhy_3_typed_die_picks_the_row(die: int, row: str) -> None:
    # 9 + 1 = 10: defenders lose (10-13); 5 + 1 = 6: defenders lose (6-9), urban assault on 6-7
    state, setup = opened(SAINT_CLAIR)
    assert resolve_attack(state, setup, ScriptedDice([die])).result.code == row


def test_the_tactical_maps_have_the_ground_their_tutorials_name() -> None:
    from hexcombat.board.mapfile import load_map

    am = load_map(MAPS / "tutorial-assault-morale.toml")
    kinds = {am.terrain[am.hex_at(h)] for h in ("0303", "0506", "0308", "0906", "1103")}
    assert kinds == {"woods", "town", "entrenchment", "clear", "hill"}
    hill = am.hex_at("1103")
    assert am.elevation[hill] == 2
    assert all(am.elevation.get(am.hex_at(h), 0) < 2 for h in ("1002", "1003"))
    assert set().union(*am.hexside_features.values()) == {"major-river"}
    lhy = load_map(MAPS / "tutorial-lhy.toml")
    assert set(lhy.terrain.values()) == {
        "clear", "rural-building", "urban-building", "sunken-road", "marsh", "jungle", "river",
        "hill",
    }  # fmt: skip
    assert set().union(*lhy.hexside_features.values()) == {"wall", "hedgerow"}
    behind = ("0505", "0605", "0606", "0507")
    assert {lhy.terrain[lhy.hex_at(h)] for h in behind} == {"urban-building", "marsh"}
