"""A whole assault under the lhy-assault rules played on the map without a window, as a player
plays the Saint-Clair tutorial (LHY 3): select the US hex and Assault, type the d10, retreat the
losers, type the cohesion check and the vehicle destruction attempts, then undo, redo, save and
reopen. The numbers are the aid's: DRM +1 (Assault DRM), 9 + 1 = 10 is the 10-13 row: the
defenders lose, retreat 2-4 hexes (limited to 3 through urban buildings and marsh, 14.3.3), their
undisrupted units check cohesion, both sides attempt to destroy a vehicle, destroyed on 10 or
more, +3 with no good-order combat unit with it in cover, -1 in motion (14.3.2); 4 MP vehicles
retreat freely, marked in motion (14.3.3). The cohesion check itself is not in the aid:
hexcombat's d10 against cohesion is assumed and says so."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from command_history import History

from hexcombat.game.attack_model import AttackModel
from hexcombat.game.follow_ups import FollowUpModel, ResolveFollowUp
from hexcombat.game.opening import open_game
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import GameState
from hexcombat.game.status_commands import status_marks
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import final_drm
from hexcombat.rules.status import UnitStatus
from hexcombat.rulesets.lhy_assault.follow import NO_ATTEMPT
from meaning import says

MAPS = Path(__file__).resolve().parents[2] / "maps"
SAINT_CLAIR = MAPS / "tutorial-lhy-saint-clair-scenario.toml"


def uid(state: GameState, name: str) -> str:
    (found,) = [u for u, c in state.counters.items() if c.unit.name == name]
    return found


def waiting(state: GameState) -> list[str]:
    return [f.key for f in state.follow_ups.queue] if state.follow_ups is not None else []


def chances(state: GameState, history: History) -> dict[str, list[tuple[str, Fraction]]]:
    rows = FollowUpModel(state, history.run).rows()
    return {row.key: [(c.text, c.probability) for c in row.chances] for row in rows}


def test_the_assault_on_saint_clair_rolled_retreated_checked_undone_saved(
    tmp_path: Path,
) -> None:
    state = open_game(SAINT_CLAIR)
    history = History(state)
    model = AttackModel(state, history.run)
    town = state.hexmap.hex_at("0506")
    rifles, sherman = uid(state, "Rifle Sqd"), uid(state, "M4A3 Sherman")
    panzer = uid(state, "Pz IVH")
    # select the enemy hex and Assault: every German stack next to it is proposed
    assert model.start(town)
    assert len(model.attacker_uids()) == 4
    assert model.report is not None and final_drm(model.report) == 1
    assert model.dice_wanted() == [10]

    # the typed d10: 9 + 1 = 10, the 10-13 row
    resolution = model.roll([9])
    assert resolution is not None and resolution.result.code == "DL"
    assert model.losses == []  # no unit of theirs was disrupted: no casualty (10-13)
    assert not model.apply()
    assert says(model.apply_problem, figures=["0506"], names=["retreat"])

    # the retreat: 2 to 4 hexes (14.3.3), chosen on the map
    ends = model.retreat_ends[town]
    assert ends and min(len(path) - 1 for path in ends.values()) == 2
    back = state.hexmap.hex_at("0604")  # another urban building of Saint-Clair
    assert back in ends
    assert model.pick_retreat_at(back)
    assert model.apply(), model.apply_problem
    assert state.hex_of(rifles) == back and state.hex_of(sherman) == back

    # the Sherman, a 4 MP vehicle, retreats freely and is marked in motion (14.3.3)
    assert state.counters[sherman].status == UnitStatus(markers=frozenset({"in-motion"}))

    # the follow-ups, each its own roll: the rifle squad's cohesion check, then each side's
    # vehicle destruction attempt (14.3.2)
    assert waiting(state) == [
        f"cohesion:{rifles}", "destruction:attacker", "destruction:defender",
    ]  # fmt: skip
    found = chances(state, history)
    # destroyed on 10 or more, -1 in motion: no d10 does it while its squad is in good order
    assert found["destruction:attacker"] == [("M4A3 Sherman survives", Fraction(1))]
    assert history.run(ResolveFollowUp(f"cohesion:{rifles}", [8])) == ""  # 8 above 6
    assert state.counters[rifles].status == UnitStatus(state="disrupted")
    vocabulary = get_ruleset("lhy-assault").vocabulary
    assert status_marks(state.counters[rifles].status, vocabulary) == ("D",)  # on the map
    # now no good-order combat unit is with the Sherman, in an urban building: +3 - 1, so a d10
    # of 8 or more destroys it
    found = chances(state, history)
    assert found["destruction:attacker"][0] == ("M4A3 Sherman destroyed", Fraction(3, 10))
    assert history.run(ResolveFollowUp("destruction:attacker", [8], sherman)) == ""
    assert sherman not in state.counters  # 8 + 3 - 1 = 10: destroyed
    assert "destroyed" in state.log[-1].text
    destroyed_log = [e.text for e in state.log]
    # the Americans' only unit is now disrupted: no undisrupted combat unit, LATW or FP is left
    # to try for the Pz IVH (14.3.2), and no die is rolled
    found = chances(state, history)
    assert found["destruction:defender"] == [(NO_ATTEMPT, Fraction(1))]
    assert "1 was typed in" in history.run(ResolveFollowUp("destruction:defender", [3], panzer))
    assert history.run(ResolveFollowUp("destruction:defender", None, panzer)) == ""  # Roll
    assert panzer in state.counters
    assert NO_ATTEMPT in state.log[-1].text
    # collateral damage of the Sherman's destruction: the squad beside it checks cohesion
    assert waiting(state) == [f"collateral:{rifles}"]

    # undo the Pz IVH's attempt and the Sherman's destruction: the Sherman is back in 0604
    history.undo()
    history.undo()
    assert state.hex_of(sherman) == back
    assert waiting(state) == ["destruction:attacker", "destruction:defender"]
    history.redo()
    assert sherman not in state.counters and [e.text for e in state.log] == destroyed_log

    # saved and reopened as it was left: the squad disrupted in 0604, the attempt waiting
    save_game(state, tmp_path / "saint-clair.json")
    again = load_game(tmp_path / "saint-clair.json")
    assert again.ruleset == "lhy-assault"
    assert again.counters[rifles].status == UnitStatus(state="disrupted")
    assert again.hex_of(rifles) == back and sherman not in again.counters
    assert waiting(again) == waiting(state)
    assert [e.text for e in again.log] == destroyed_log


def retreat_lengths(state: GameState, model: AttackModel, label: str) -> set[int]:
    """How many hexes each retreat the map offers from ``label`` goes."""
    start = state.hexmap.hex_at(label)
    return {len(path) - 1 for path in model.retreat_ends[start].values()}


def test_the_retreat_from_saint_clair_is_limited_to_3_hexes() -> None:
    # 14.3.3: "limited to 3 hexes through a River, Marsh, Jungle, Urban Building, or Sunken
    # Road hex": every way out of Saint-Clair (0505, 0605, 0606 urban, 0507 marsh) is one
    state = open_game(SAINT_CLAIR)
    model = AttackModel(state)
    assert model.start(state.hexmap.hex_at("0506"))
    assert model.roll([9]) is not None  # 10: the defenders retreat 2-4 hexes
    assert retreat_lengths(state, model, "0506") == {2, 3}


def test_at_night_the_retreat_from_the_crossroads_is_limited_to_3_hexes() -> None:
    # LHY 2: a 6 makes 10, the defenders retreat 2-4 hexes, by day as far as 4 through the
    # clear hexes south of the crossroads; at night no more than 3 (14.3.3)
    state = open_game(MAPS / "tutorial-lhy-limits-scenario.toml")
    model = AttackModel(state)
    assert model.start(state.hexmap.hex_at("0804"))
    assert model.roll([6]) is not None
    by_day = retreat_lengths(state, model, "0804")
    assert max(by_day) == 4
    state = open_game(MAPS / "tutorial-lhy-limits-scenario.toml")
    model = AttackModel(state)
    assert model.start(state.hexmap.hex_at("0804"))
    model.set_condition("night", True)
    assert model.roll([6]) is not None
    assert max(retreat_lengths(state, model, "0804")) == 3


def test_the_gun_alone_at_le_mesnil_is_destroyed_with_no_die_and_undone() -> None:
    # LHY 1: a towed gun defending alone against an AFV that is not shocked is destroyed at
    # once (Assault): no die is asked for; Apply resolves and applies it
    state = open_game(MAPS / "tutorial-lhy-immediate-scenario.toml")
    history = History(state)
    model = AttackModel(state, history.run)
    farm = state.hexmap.hex_at("0303")
    gun = uid(state, "57mm M1")
    assert model.start(farm)
    assert model.dice_wanted() == [] and model.at_once()
    assert model.resolve_at_once(), model.roll_problem or model.apply_problem
    assert gun not in state.counters and state.stack_at(farm) == []
    assert "0303" in state.log[-1].text
    history.undo()
    assert gun in state.counters and [c.uid for c in state.stack_at(farm)] == [gun]
