"""Retreats and the advance as a tactical assault plays them (The Last Hundred Yards' 14.3.3),
through the game layer with the retreat test ruleset (:mod:`retreat_ruleset`, rules R1-R4): a
retreat of 2 to 4 hexes the player ends where they choose, limited to 3 hexes through marsh or
at night, units eliminated instead of retreating, 4 MPs vehicles retreating freely and marked in
motion, and one advance per turn per unit. The map is :mod:`retreat_game`'s corridor: the
defenders in 0201 retreat east, 0401 is 2 hexes on, 0501 3, 0601 4."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from command_history import History
from retreat_game import (
    FP,
    HALF_TRACK,
    RIFLES,
    SQUAD,
    TOWED_GUN,
    assault,
    at,
    retreat_game,
    retreat_rules,
    uids_at,
    unit,
)
from retreat_ruleset import RULESET

from hexcombat.game.apply_result import apply_combat_command
from hexcombat.game.attack import Resolution, retreat_options
from hexcombat.game.commands import AddCounter, SetPhase
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import Counter, GameError, GameState
from hexcombat.rules.situation import Conditions
from hexcombat.rules.status import UnitStatus
from hexcombat.rulesets.europa.retreat import EUROPA_RETREAT
from meaning import one_says, says, says_in


@pytest.fixture(autouse=True)
def rules() -> Iterator[None]:
    with retreat_rules():
        yield


def uid_of(state: GameState, name: str) -> str:
    """The counter id of the unit called ``name``."""
    (uid,) = [c.uid for c in state.counters.values() if c.unit.name == name]
    return uid


def ends(state: GameState, resolution: Resolution) -> dict[str, list[str]]:
    label = state.hexmap.label
    return {
        label(start): sorted(label(end) for end in found)
        for start, found in retreat_options(state, resolution, []).items()
    }


def apply(
    state: GameState, resolution: Resolution, end: str | None, advance: list[str] | None = None
) -> History:
    """Apply the result with the defenders in 0201 retreating to ``end``."""
    retreats = {at(state, "0201"): at(state, end)} if end else {}
    history = History(state)
    refused = history.run(apply_combat_command(state, resolution, [], retreats, advance or []))
    assert refused == ""
    return history


def refusal(state: GameState, resolution: Resolution, end: str) -> str:
    with pytest.raises(GameError) as caught:
        apply_combat_command(state, resolution, [], {at(state, "0201"): at(state, end)}, [])
    return str(caught.value)


# a retreat given as a range -------------------------------------------------------------------


def test_every_end_from_2_to_4_hexes_is_offered_and_the_player_picks_one() -> None:
    state = retreat_game()
    resolution = assault(state, 3)  # R1: 2-5, the defenders retreat 2-4
    assert ends(state, resolution) == {"0201": ["0401", "0501", "0601"]}
    squad = uids_at(state, "0201")
    apply(state, resolution, "0501")
    assert uids_at(state, "0501") == squad


@pytest.mark.parametrize(
    ("end", "hexes"), [("0301", "it is 1 hex away"), ("0701", "it is 5 hexes away")]
)
def test_an_end_outside_the_range_is_refused_with_the_rule(end: str, hexes: str) -> None:
    state = retreat_game()
    said = refusal(state, assault(state, 3), end)
    assert says_in(
        said,
        figures=["0201", "2", "4"],
        names=["defender", "retreat", "retreats", str(end), str(hexes)],
    )


def test_a_fixed_retreat_offers_its_one_length() -> None:
    state = retreat_game()
    assert ends(state, assault(state, 6)) == {"0201": ["0601"]}  # R1: a 6, exactly 4


# limits from terrain and conditions -----------------------------------------------------------


def test_a_retreat_through_marsh_stops_at_3_and_4_is_refused_with_the_rule() -> None:
    state = retreat_game("ccmccccc")  # 0301, the first hex on, is marsh
    resolution = assault(state, 3)
    assert ends(state, resolution) == {"0201": ["0401", "0501"]}
    assert says(
        refusal(state, resolution, "0601"),
        figures=["0601", "0201", "4", "3"],
        names=["not a legal retreat", "marsh", "river", "night", "R3"],
    )
    assert ends(state, assault(state, 6)) == {"0201": ["0501"]}  # a 4-hex retreat stops at 3


def test_at_night_every_retreat_stops_at_3() -> None:
    state = retreat_game()
    assert ends(state, assault(state, 3, night=True)) == {"0201": ["0401", "0501"]}
    assert ends(state, assault(state, 6, night=True)) == {"0201": ["0501"]}


def test_a_4_mp_vehicle_retreats_4_through_marsh_and_is_marked_in_motion() -> None:
    state = retreat_game("ccmccccc", defenders=(HALF_TRACK,))
    resolution = assault(state, 6)
    assert ends(state, resolution) == {"0201": ["0601"]}
    (track,) = uids_at(state, "0201")
    history = apply(state, resolution, "0601")
    assert state.counters[track].status.markers == {"in-motion"}
    assert uids_at(state, "0601") == [track]
    details = state.log[-1].details
    assert one_says(
        details,
        figures=["0201", "4"],
        names=["Half-track", "4 MPs", "retreat freely", "In motion", "R3"],
    )
    history.undo()
    assert state.counters[track].status.markers == frozenset()
    assert uids_at(state, "0201") == [track] and state.log == []
    history.redo()
    assert state.counters[track].status.markers == {"in-motion"}


def test_a_vehicle_of_another_movement_is_limited() -> None:
    slow = unit("Carrier", "vehicle", movement=6)
    state = retreat_game("ccmccccc", defenders=(slow,))
    assert ends(state, assault(state, 6)) == {"0201": ["0501"]}


def test_a_vehicle_retreating_with_a_squad_keeps_to_the_squads_limit_and_is_marked() -> None:
    state = retreat_game("ccmccccc", defenders=(HALF_TRACK, SQUAD))
    resolution = assault(state, 3)
    assert ends(state, resolution) == {"0201": ["0401", "0501"]}
    track, squad = uid_of(state, "Half-track"), uid_of(state, "Squad")
    apply(state, resolution, "0501")
    assert sorted(uids_at(state, "0501")) == sorted([track, squad])
    assert state.counters[track].status.markers == {"in-motion"}
    assert state.counters[squad].status.markers == frozenset()


# eliminations ---------------------------------------------------------------------------------


def test_a_stack_with_no_legal_end_is_eliminated() -> None:
    state = retreat_game("cccscccc")  # the sea in 0401: only 0301, 1 hex, is open
    resolution = assault(state, 3)
    assert ends(state, resolution) == {"0201": []}
    history = apply(state, resolution, None)
    assert uids_at(state, "0201") == [] and len(state.counters) == 1
    history.undo()
    assert len(uids_at(state, "0201")) == 1


def test_a_prohibited_hexside_on_the_only_way_eliminates_the_stack() -> None:
    state = retreat_game(hexsides=("0201/0301",))  # R3: no retreat across a major river
    resolution = assault(state, 3)
    assert ends(state, resolution) == {"0201": []}
    apply(state, resolution, None)
    assert uids_at(state, "0201") == []
    assert one_says(
        state.log[-1].retreats, figures=["0201"], names=["Squad", "no legal retreat", "eliminated"]
    )


def test_towed_guns_and_fps_are_eliminated_and_the_squad_with_them_retreats() -> None:
    state = retreat_game(defenders=(SQUAD, TOWED_GUN, FP))
    resolution = assault(state, 3)
    squad, gun, fp = (uid_of(state, name) for name in ("Squad", "Pak 40", "Foxhole party"))
    stack = uids_at(state, "0201")
    assert ends(state, resolution) == {"0201": ["0401", "0501", "0601"]}
    history = apply(state, resolution, "0401")
    assert uids_at(state, "0401") == [squad] and uids_at(state, "0201") == []
    assert gun not in state.counters and fp not in state.counters
    retreats = state.log[-1].retreats
    assert one_says(
        retreats, figures=["40", "0201"], names=["Pak 40", "eliminated instead of retreating", "R2"]
    )
    assert one_says(
        retreats, partly=True, figures=["0201"], names=["Foxhole party", "eliminated instead"]
    )
    history.undo()
    assert uids_at(state, "0201") == stack


def test_a_loaded_towed_gun_retreats() -> None:
    loaded = unit("Pak 40 (loaded)", "towed-gun", loaded=True)
    state = retreat_game(defenders=(loaded,))
    resolution = assault(state, 3)
    assert ends(state, resolution) == {"0201": ["0401", "0501", "0601"]}


def test_a_shocked_unit_is_eliminated_instead_of_retreating() -> None:
    state = retreat_game(defenders=())
    shocked = UnitStatus(markers=frozenset({"shocked"}))
    panzer = unit("Panzer IV", "vehicle", movement=5)
    tank = Counter(state.new_uid(), panzer, "Blue", status=shocked)
    state.execute(AddCounter(tank, at(state, "0201")))
    resolution = assault(state, 3)
    assert ends(state, resolution) == {}  # nobody left to retreat
    apply(state, resolution, None)
    assert tank.uid not in state.counters


# the advance, once per turn per unit ----------------------------------------------------------


def two_assaults() -> tuple[GameState, str]:
    """Red's Rifles in 0101 beat the Squad in 0201 and advance into it; a second Squad in 0301
    stands next to them. Returns the game and the Rifles' id."""
    second = unit("Second squad")
    state = retreat_game(defenders=(SQUAD,))
    state.execute(AddCounter(Counter(state.new_uid(), second, "Blue"), at(state, "0301")))
    (rifles,) = uids_at(state, "0101")
    retreats = {at(state, "0201"): at(state, "0501")}
    state.execute(apply_combat_command(state, assault(state, 3), [], retreats, [rifles]))
    assert uids_at(state, "0201") == [rifles] and state.advanced == {rifles}
    return state, rifles


def test_a_unit_that_advanced_may_not_advance_again_in_the_same_turn() -> None:
    state, rifles = two_assaults()
    second = assault(state, 3, target="0301")
    retreats = {at(state, "0301"): at(state, "0601")}
    with pytest.raises(
        GameError,
        match=r"has advanced this turn already: advance is allowed "
        r"once per turn per unit \(R4\)",
    ):
        apply_combat_command(state, second, [], retreats, [rifles])
    state.execute(apply_combat_command(state, second, [], retreats, []))  # without the advance
    assert uids_at(state, "0201") == [rifles]


def test_the_next_turn_lets_it_advance_again_and_undo_takes_that_back() -> None:
    state, rifles = two_assaults()
    history = History(state)
    assert history.run(SetPhase("Blue", "assault")) == ""
    assert state.advanced == frozenset()
    history.undo()
    assert state.advanced == {rifles}
    assert history.run(SetPhase("Red", "rally")) == ""  # later in the same turn: still once
    assert state.advanced == {rifles}
    assert history.run(SetPhase("Red", "assault")) == ""  # the sequence begins again
    assert state.advanced == frozenset()
    second = assault(state, 3, target="0301")
    retreats = {at(state, "0301"): at(state, "0601")}
    assert history.run(apply_combat_command(state, second, [], retreats, [rifles])) == ""
    assert uids_at(state, "0301") == [rifles] and state.advanced == {rifles}


def test_undoing_an_advance_forgets_it() -> None:
    state = retreat_game()
    (rifles,) = uids_at(state, "0101")
    history = History(state)
    retreats = {at(state, "0201"): at(state, "0501")}
    history.run(apply_combat_command(state, assault(state, 3), [], retreats, [rifles]))
    assert state.advanced == {rifles}
    history.undo()
    assert state.advanced == frozenset()


def test_a_ruleset_without_the_limit_remembers_no_advance(state: GameState) -> None:
    assert state.vocabulary.advance_once_per_turn == ""  # the 14D2d tutorial, Total War


def test_who_advanced_this_turn_is_saved_and_read_back(tmp_path: Path) -> None:
    state, rifles = two_assaults()
    save_game(state, tmp_path / "game.json")
    again = load_game(tmp_path / "game.json")
    assert again.advanced == {rifles}
    second = assault(again, 3, target="0301")
    retreats = {at(again, "0301"): at(again, "0601")}
    with pytest.raises(GameError, match="advanced this turn already"):
        apply_combat_command(again, second, [], retreats, [rifles])


def test_a_save_naming_no_counter_as_advanced_is_refused(tmp_path: Path) -> None:
    state, _ = two_assaults()
    path = tmp_path / "game.json"
    save_game(state, path)
    path.write_text(path.read_text().replace('"advanced": [', '"advanced": ["c99", '))
    with pytest.raises(Exception, match="advanced names no counter on the map: c99"):
        load_game(path)


def test_the_marker_and_a_ranged_retreat_survive_a_save(tmp_path: Path) -> None:
    state = retreat_game("ccmccccc", defenders=(HALF_TRACK,), attackers=(RIFLES,))
    apply(state, assault(state, 6), "0601")
    save_game(state, tmp_path / "game.json")
    again = load_game(tmp_path / "game.json")
    (track,) = uids_at(again, "0601")
    assert again.counters[track].status.markers == {"in-motion"}


# the rules in words ---------------------------------------------------------------------------


def test_the_limit_is_described_with_its_rule() -> None:
    assert says(
        RULESET.retreat.describe(),
        figures=["3"],
        names=[
            "away from the attacker",
            "enemy-occupied",
            "sea",
            "not across major-river",
            "marsh",
            "river",
            "night",
            "R3",
        ],  # fmt: skip
    )


def test_the_europa_retreat_has_no_limit_and_reads_as_before() -> None:
    assert EUROPA_RETREAT.limit_hexes is None and EUROPA_RETREAT.limit_words() == ""
    assert EUROPA_RETREAT.limited_by(Conditions(night=True)) is None
    assert says(
        EUROPA_RETREAT.describe(),
        names=["away from the attacker", "farther from the nearest attacking hex", "enemy-occupied",
               "enemy zones of control", "friendly units hold the hex", "sea", "assumed"],
    )  # fmt: skip
