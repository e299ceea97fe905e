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
from hexcombat.game.follow_ups import standing as standing_now
from hexcombat.game.opening import open_game
from hexcombat.game.state import GameState
from hexcombat.game.status_commands import AddMarker
from hexcombat.game.tutorials import shipped_tutorials, tutorial_target
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import CountedUnits, Report, final_drm

MAPS = Path(__file__).resolve().parents[2] / "maps"
"""The repository's shipped maps and scenarios."""

ASSAULT_MORALE = {
    "tutorial-assault-morale-woods-scenario.toml": "0303",
    "tutorial-assault-morale-town-scenario.toml": "0506",
    "tutorial-assault-morale-entrenchment-scenario.toml": "0308",
    "tutorial-assault-morale-river-scenario.toml": "0906",
    "tutorial-assault-morale-hill-scenario.toml": "1103",
}
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


# -- assault-morale: the Assault Combat Table -------------------------------------------------


def shifts(report: Report, side: str) -> list[tuple[int, str]]:
    """Each column shift of ``side``'s fire, with its reason (ACT shift)."""
    return [
        (s.value, s.text)
        for s in report.steps
        if s.rule == "ACT shift" and s.kind == "shift" and s.side == side
    ]


def shift_words(report: Report, side: str) -> list[tuple[int, str]]:
    """The shifts by a key word of their reason, in the aid's order."""
    words = (
        "woods", "an entrenchment", "occupy a town", "major river", "higher morale",
        "closed-top", "engineers assaulting", "AFVs in", "infantry leader", "riding",
        "is demoralized", "charging", "hill",
    )  # fmt: skip
    found = []
    for value, text in shifts(report, side):
        (word,) = [w for w in words if w in text]
        found.append((value, word))
    return found


def column(report: Report, side: str) -> tuple[str, str]:
    """``side``'s column before and after its shifts (ACT)."""
    payload = report.payload[side]
    return payload["column_before_shifts"], payload["column_after_shifts"]


def fire(report: Report, side: str) -> Fraction:
    return Fraction(report.payload[side]["fire"])


WOODS, TOWN, TRENCH, RIVER, HILL = sorted(ASSAULT_MORALE, key=list(ASSAULT_MORALE).index)


def test_act_1_woods_left_higher_morale_and_the_leader_right() -> None:
    report = assault(WOODS)
    # three German rifle squads of fire 5 (assumed): 15, the 13-17 column; the leader adds 0
    assert fire(report, "attacker") == 15
    assert shift_words(report, "attacker") == [
        (-1, "woods"), (1, "higher morale"), (1, "infantry leader"),
    ]  # fmt: skip
    assert column(report, "attacker") == ("13-17", "18-23")
    # two Soviet squads of fire 4 (assumed): 8, the 5-8 column, no shift
    assert fire(report, "defender") == 8
    assert shifts(report, "defender") == [] and column(report, "defender") == ("5-8", "5-8")
    assert report.payload["order"] == "simultaneous"


def test_act_1_typed_6_3_is_2m2_on_18_23_and_nothing_on_5_8() -> None:
    # ACT: die 6 on 18-23 is 2M2; die 3 on 5-8 is no effect
    state, setup = opened(WOODS)
    resolution = resolve_attack(state, setup, ScriptedDice([6, 3]))
    assert resolution.result.code == "defender: 2M2 / attacker: -"
    soviets = {c.uid for c in state.stack_at(setup.target)}
    (loss,) = [e for e in resolution.result.effects if e.kind == "lose-steps"]
    assert (loss.side, loss.amount, set(loss.targets)) == ("defender", 2, soviets)


def test_act_1_without_the_leader_the_germans_fire_on_13_17() -> None:
    report = assault(WOODS, untick("Lt Brandt"))
    assert shift_words(report, "attacker") == [(-1, "woods"), (1, "higher morale")]
    assert column(report, "attacker") == ("13-17", "13-17")


def test_act_2_town_left_engineers_and_the_lone_tank_right() -> None:
    report = assault(TOWN)
    assert fire(report, "attacker") == 12  # three squads of fire 4 (assumed)
    assert shift_words(report, "attacker") == [
        (-1, "occupy a town"), (1, "engineers assaulting"), (1, "AFVs in"),
    ]  # fmt: skip
    assert column(report, "attacker") == ("9-12", "13-17")
    # the Pz IV (morale 9) is not below the sappers (8): no morale shift; no infantry with it:
    # no closed-top shift for the Germans
    assert fire(report, "defender") == 8
    assert shifts(report, "defender") == [] and column(report, "defender") == ("5-8", "5-8")


def test_act_2_typed_5_1_is_1m2_on_13_17_and_nothing_on_5_8() -> None:
    state, setup = opened(TOWN)
    resolution = resolve_attack(state, setup, ScriptedDice([5, 1]))
    assert resolution.result.code == "defender: 1M2 / attacker: -"


def test_act_2_the_rifle_squad_alone_stays_on_3_4() -> None:
    report = assault(TOWN, untick("Sapper Sqd"))
    assert fire(report, "attacker") == 4
    assert shift_words(report, "attacker") == [(-1, "occupy a town"), (1, "AFVs in")]
    assert column(report, "attacker") == ("3-4", "3-4")


def test_act_3_the_entrenched_defenders_fire_first() -> None:
    report = assault(TRENCH)
    assert report.payload["order"] == "defenders first"
    assert [d.side for d in report.dice] == ["defender"]  # the attackers fire in a follow-up
    # three squads of fire 4 and the Maxim's 5 at full value beside infantry: 17
    assert fire(report, "attacker") == 17
    assert shift_words(report, "attacker") == [(-1, "an entrenchment")]
    assert column(report, "attacker") == ("13-17", "9-12")
    # the German squad's 5 and the Pz IV's 8: 13; tank with infantry and the leader: two right
    assert fire(report, "defender") == 13
    assert shift_words(report, "defender") == [(1, "closed-top"), (1, "infantry leader")]
    assert column(report, "defender") == ("13-17", "24-29")


def test_act_3_the_maxim_alone_counts_half() -> None:
    # ACT: "HMG and AA are half value without friendly dismounted infantry participating"
    report = assault(TRENCH, untick("Rifle Sqd"))
    assert fire(report, "attacker") == Fraction(5, 2)


def test_act_3_a_german_6_is_2m2_on_24_29_rolled_first() -> None:
    state, setup = opened(TRENCH)
    resolution = resolve_attack(state, setup, ScriptedDice([6]))
    assert [(r.side, r.faces) for r in resolution.result.rolls] == [("defender", (6,))]
    # the Soviets fire after their losses and morale checks, a follow-up (ACT)
    assert resolution.result.code == "attacker: 2M2"
    (loss,) = [e for e in resolution.result.effects if e.kind == "lose-steps"]
    assert (loss.side, loss.amount) == ("attacker", 2)


def test_act_3_the_entrenchment_shift_is_the_first_rounds_only() -> None:
    report = assault(TRENCH, later_round)
    # no shift: the step says so, by our reading of the aid's "entrenchment (1st fire)"
    assert shift_words(report, "attacker") == [(0, "an entrenchment")]
    assert report.payload["order"] == "defenders first"  # still entrenched


def test_act_3_dug_in_defenders_in_open_ground_also_fire_first() -> None:
    # the walkthrough's last step, tried on the Mius ford (clear): a dug-in marker (ACT)
    def dig_in(state: GameState, setup: AttackSetup) -> None:
        for counter in state.stack_at(setup.target):
            state.execute(AddMarker(counter.uid, marker="dug-in"))

    plain = assault(RIVER)
    assert plain.payload["order"] == "simultaneous"
    dug_in = assault(RIVER, dig_in)
    assert dug_in.payload["order"] == "defenders first"
    assert [d.side for d in dug_in.dice] == ["defender"]


def test_act_4_the_river_left_higher_morale_and_the_riders_right() -> None:
    report = assault(RIVER)
    assert fire(report, "attacker") == 15
    assert shift_words(report, "attacker") == [
        (-1, "major river"), (1, "higher morale"), (1, "riding"),
    ]  # fmt: skip
    assert column(report, "attacker") == ("13-17", "18-23")
    # the SU-76M (6) and the riders (4): 10; an open-top Soviet AFV that is not a Guard: no
    # closed-top shift
    assert fire(report, "defender") == 10
    assert shifts(report, "defender") == [] and column(report, "defender") == ("9-12", "9-12")


def test_act_4_after_the_first_round_the_river_shift_is_gone() -> None:
    report = assault(RIVER, later_round)
    assert shift_words(report, "attacker") == [(1, "higher morale"), (1, "riding")]
    assert column(report, "attacker") == ("13-17", "24-29")


def test_act_4_german_infantry_may_fire_at_the_soviet_vehicle() -> None:
    # "German infantry may also A-T fire (6) at Soviet vehicles on a die roll of 5 or 6"
    state, setup = opened(RIVER)
    resolution = resolve_attack(state, setup, ScriptedDice([1, 1]))
    ruleset = get_ruleset("assault-morale")
    standing = standing_now(state, resolution.report)
    (at,) = [
        f for f in ruleset.follow_ups(resolution.report, resolution.result, standing)
        if f.kind == "anti-tank"
    ]  # fmt: skip
    (su76,) = uids_named(state, "SU-76M")
    assert (at.side, at.chooser, at.choices) == ("defender", "attacker", (su76,))
    chances = ruleset.follow_up_chances(resolution.report, at, standing, su76)
    assert [o.probability for o in chances if o.code == "hit"] == [Fraction(2, 6)]


def test_act_5_demoralized_defenders_and_the_charge_right_the_hill_right_for_them() -> None:
    report = assault(HILL)
    assert fire(report, "attacker") == 12
    assert shift_words(report, "attacker") == [(1, "is demoralized"), (1, "charging")]
    assert column(report, "attacker") == ("9-12", "18-23")
    # demoralized defenders defend at a quarter: 2 x 5 / 4
    assert fire(report, "defender") == Fraction(5, 2)
    assert shift_words(report, "defender") == [(1, "hill")]
    assert column(report, "defender") == ("1-2", "3-4")


def test_act_5_typed_3_1_is_m2_and_a_demoralized_squad_that_fails_loses_a_step() -> None:
    # ACT: die 3 on 18-23 is M2; Morale: 2d6 + 2 against 7 (8, one less when demoralized)
    # holds on 2-5 (10/36); a demoralized unit that fails is lowered further: a step
    state, setup = opened(HILL)
    resolution = resolve_attack(state, setup, ScriptedDice([3, 1]))
    assert resolution.result.code == "defender: M2 / attacker: -"
    ruleset = get_ruleset("assault-morale")
    standing = standing_now(state, resolution.report)
    checks = ruleset.follow_ups(resolution.report, resolution.result, standing)
    assert [f.kind for f in checks] == ["morale-check"] * 2
    for check in checks:
        chances = ruleset.follow_up_chances(resolution.report, check, standing)
        assert [(o.code, o.probability) for o in chances] == [
            ("holds", Fraction(10, 36)), ("loses a step", Fraction(26, 36)),
        ]  # fmt: skip


def test_act_5_after_the_first_round_the_hill_shift_is_gone() -> None:
    report = assault(HILL, later_round)
    assert shifts(report, "defender") == [] and column(report, "defender") == ("1-2", "1-2")


def test_the_five_assaults_show_every_column_shift_of_the_aid() -> None:
    shown = {
        word
        for name in ASSAULT_MORALE
        for side in ("attacker", "defender")
        for _value, word in shift_words(assault(name), side)
    }
    # the aid's twelve shifts; "entrenchment" and "town" are one line of it, shown by both
    assert shown == {
        "woods", "an entrenchment", "occupy a town", "major river", "higher morale",
        "closed-top", "engineers assaulting", "AFVs in", "infantry leader", "riding",
        "is demoralized", "charging", "hill",
    }  # fmt: skip


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
    assert final_drm(report) == -2  # +2 - 3 - 1


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
    counted = list(report.feature(CountedUnits).attacker)  # type: ignore[union-attr]
    squads = uids_named(state, "Grenadier Sqd")
    assert len(squads) == 3 and len(set(counted) & set(squads)) == 2  # 2 x 2 steps
    assert set(uids_named(state, "Pz IVH")) <= set(counted)


def test_lhy_2_the_cohesion_difference_stops_at_3_and_the_total_at_4() -> None:
    report = assault(LIMITS)
    assert sorted(drms(report)) == [
        ("Grenadier Sqd: squad +2", 2),
        ("Grenadier Sqd: squad +2", 2),
        ("Pz IVH: ATV 5 +1, AV 4 +1", 2),
    ]
    (cohesion,) = [s for s in report.steps if "cohesion 6 against 2" in s.text]
    assert (cohesion.value, cohesion.drm) == (4, 3)
    assert any("fragmented" in t and d == -1 for t, d in drms(report, "Assault"))
    (limit,) = [s for s in report.steps if s.kind == "limit"]
    assert "+8" in limit.text and limit.value == 4
    assert report.payload["drm_before_limit"] == 8 and final_drm(report) == 4


def test_lhy_2_a_10_makes_14_the_defenders_lose_retreat_4_every_unit_a_casualty() -> None:
    state, setup = opened(LIMITS)
    resolution = resolve_attack(state, setup, ScriptedDice([10]))
    assert resolution.result.code == "DD"


def test_lhy_2_without_the_pz_ivh_the_total_is_still_limited_to_4() -> None:
    report = assault(LIMITS, untick("Pz IVH"))
    assert not any("fragmented" in t for t, _ in drms(report, "Assault"))
    assert report.payload["drm_before_limit"] == 7 and final_drm(report) == 4


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
    assert final_drm(report) == 1


@pytest.mark.parametrize(("die", "row"), [(9, "DL"), (5, "DM")])
def test_lhy_3_typed_die_picks_the_row(die: int, row: str) -> None:
    # 9 + 1 = 10: defenders lose (10-13); 5 + 1 = 6: defenders lose (6-9), urban assault on 6-7
    state, setup = opened(SAINT_CLAIR)
    assert resolve_attack(state, setup, ScriptedDice([die])).result.code == row


@pytest.mark.parametrize(("die", "urban"), [(5, ["attacker", "defender"]), (7, [])])
def test_lhy_3_urban_assault_strikes_both_sides_on_6_or_7_only(die: int, urban: list) -> None:
    # 14.3.1, the 6-9 row "roll: 6-7 both": the best-cohesion combat unit of each side suffers
    # a casualty; on 8 (die 7 + 1) none does
    state, setup = opened(SAINT_CLAIR)
    resolution = resolve_attack(state, setup, ScriptedDice([die]))
    assert resolution.result.code == "DM"
    ruleset = get_ruleset("lhy-assault")
    standing = standing_now(state, resolution.report)
    found = ruleset.follow_ups(resolution.report, resolution.result, standing)
    assert [f.side for f in found if f.kind == "urban-assault"] == urban


def test_the_tactical_maps_have_the_ground_their_tutorials_name() -> None:
    from hexcombat.board.mapfile import load_map

    am = load_map(MAPS / "tutorial-assault-morale.toml")
    lhy = load_map(MAPS / "tutorial-lhy.toml")
    for hexmap in (am, lhy):  # small, laid out as every tutorial map (maps/README.md)
        assert (hexmap.columns, hexmap.rows) == (12, 10)
        assert (hexmap.scheme.orientation, hexmap.scheme.parity) == ("flat", "odd")
        assert (hexmap.scheme.label_format, hexmap.scheme.first) == ("{col:02d}{row:02d}", "0101")
    kinds = {am.terrain[am.hex_at(h)] for h in ("0303", "0506", "0308", "0906", "1103")}
    assert kinds == {"woods", "town", "entrenchment", "clear", "hill"}
    hill = am.hex_at("1103")
    assert am.elevation[hill] == 2
    assert all(am.elevation.get(am.hex_at(h), 0) < 2 for h in ("1002", "1003"))
    assert set().union(*am.hexside_features.values()) == {"major-river"}
    assert set(lhy.terrain.values()) == {
        "clear", "rural-building", "urban-building", "sunken-road", "marsh", "jungle", "river",
        "hill",
    }  # fmt: skip
    assert set().union(*lhy.hexside_features.values()) == {"wall", "hedgerow"}
    behind = ("0505", "0605", "0606", "0507")
    assert {lhy.terrain[lhy.hex_at(h)] for h in behind} == {"urban-building", "marsh"}
