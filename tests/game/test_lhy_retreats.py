"""The Last Hundred Yards' retreats (14.3.3) through the game, with counters of
``counters/lhy.toml`` on a one-row map: German squads in 0101 assault the defenders in 0201, who
retreat east (0401 is 2 hexes on, 0501 3, 0601 4). A retreat is limited to 3 hexes through a
river, marsh, jungle, urban building or sunken road hex, or at night; unloaded towed guns,
shocked AFVs and FPs are eliminated instead; 4 MPs vehicles retreat freely, marked in motion;
a unit advances once per turn."""

from __future__ import annotations

import pytest
from command_history import History
from lhy_game import at, defenders_lose, lhy_game, place, uids_at

from hexcombat.game.apply_result import apply_combat_command
from hexcombat.game.attack import Resolution, retreat_options, suggested_losses
from hexcombat.game.attack_model import AttackModel
from hexcombat.game.state import GameError, GameState
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import final_drm
from meaning import one_says, says

LHY = get_ruleset("lhy-assault")


def ground(row: str = "cccccccc", *defenders: str, **markers: tuple[str, ...]) -> GameState:
    """Two German squads in 0101; ``defenders`` (lhy counter ids, Russian by default) in 0201."""
    state = lhy_game(row)
    place(state, "lhy-ge-rifle-sqd", "Red", "0101")
    place(state, "lhy-ge-rifle-sqd", "Red", "0101")
    for counter_id in defenders or ("lhy-ru-rifle-sqd",):
        place(state, counter_id, "Blue", "0201", *markers.get(counter_id.replace("-", "_"), ()))
    return state


def named(state: GameState, name: str) -> str:
    """The uid of the one counter called ``name``."""
    (uid,) = [c.uid for c in state.counters.values() if c.unit.name == name]
    return uid


def ends(state: GameState, resolution: Resolution) -> dict[str, list[str]]:
    label = state.hexmap.label
    return {
        label(start): sorted(label(end) for end in found)
        for start, found in retreat_options(state, resolution, []).items()
    }


def apply(state: GameState, resolution: Resolution, end: str | None) -> History:
    retreats = {at(state, "0201"): at(state, end)} if end else {}
    history = History(state)
    losses = suggested_losses(state, resolution)  # the Russian squad's casualty
    assert history.run(apply_combat_command(state, resolution, losses, retreats, [])) == ""
    return history


def test_in_the_open_the_defenders_retreat_2_to_4_hexes() -> None:
    state = ground()
    assert ends(state, defenders_lose(state, "0201")) == {"0201": ["0401", "0501", "0601"]}


@pytest.mark.parametrize("letter", ["r", "m", "j", "u", "s"])
def test_a_river_marsh_jungle_urban_building_or_sunken_road_hex_limits_it_to_3(
    letter: str,
) -> None:
    state = ground(f"cc{letter}ccccc")  # 0301, the first hex on
    resolution = defenders_lose(state, "0201")
    assert ends(state, resolution) == {"0201": ["0401", "0501"]}
    with pytest.raises(GameError) as refused:
        apply_combat_command(
            state,
            resolution,
            suggested_losses(state, resolution),
            {at(state, "0201"): at(state, "0601")},
            [],
        )
    assert says(
        str(refused.value),
        rules=["14.3.3"],
        figures=["0601", "0201", "4", "3"],
        names=[
            "not a legal retreat",
            "jungle",
            "marsh",
            "river",
            "sunken-road",
            "urban-building",
            "night",
        ],
    )


def test_at_night_every_retreat_stops_at_3() -> None:
    state = ground()
    assert ends(state, defenders_lose(state, "0201", night=True)) == {"0201": ["0401", "0501"]}


def test_a_retreat_through_marsh_ends_where_the_player_chooses_and_undoes() -> None:
    state = ground("ccmccccc")
    (squad,) = uids_at(state, "0201")
    history = apply(state, defenders_lose(state, "0201"), "0501")
    assert uids_at(state, "0501") == [squad]
    history.undo()
    assert uids_at(state, "0201") == [squad]


def test_unloaded_towed_guns_and_fps_are_eliminated_and_the_squad_retreats() -> None:
    state = ground("cccccccc", "lhy-ru-rifle-sqd", "lhy-ru-towed-gun", "lhy-ge-fp")
    squad, gun, fp = (named(state, n) for n in ("Rifle Sqd", "ZiS-3", "MG Nest FP"))
    history = apply(state, defenders_lose(state, "0201"), "0401")
    assert uids_at(state, "0401") == [squad]
    assert gun not in state.counters and fp not in state.counters
    said = state.log[-1].retreats
    assert one_says(
        said,
        rules=["14.3.3"],
        figures=["3", "0201"],
        names=["ZiS-3", "eliminated instead of retreating"],
    )
    assert any(line.startswith("MG Nest FP in 0201: eliminated instead") for line in said)
    history.undo()
    assert sorted(uids_at(state, "0201")) == sorted([squad, gun, fp])


def test_a_loaded_towed_gun_retreats_with_its_squad() -> None:
    state = ground("cccccccc", "lhy-ru-rifle-sqd", "lhy-ru-towed-gun",
                   lhy_ru_towed_gun=("loaded",))  # fmt: skip
    apply(state, defenders_lose(state, "0201"), "0401")
    assert sorted(uids_at(state, "0401")) == sorted(
        [named(state, "Rifle Sqd"), named(state, "ZiS-3")]
    )


def test_a_shocked_afv_is_eliminated_instead_of_retreating() -> None:
    state = ground("cccccccc", "lhy-ru-rifle-sqd", "lhy-ru-afv", lhy_ru_afv=("shocked",))
    squad, tank = named(state, "Rifle Sqd"), named(state, "T-34/85")
    apply(state, defenders_lose(state, "0201"), "0401")
    assert tank not in state.counters and uids_at(state, "0401") == [squad]


def test_a_4_mp_vehicle_retreats_4_through_marsh_and_is_marked_in_motion() -> None:
    state = lhy_game("ccmccccc")
    place(state, "lhy-ru-rifle-sqd", "Red", "0101")
    place(state, "lhy-ru-rifle-sqd", "Red", "0101")
    track = place(state, "lhy-ge-half-track", "Blue", "0201")  # SdKfz 251, 4 MPs
    resolution = defenders_lose(state, "0201")
    assert ends(state, resolution) == {"0201": ["0401", "0501", "0601"]}
    history = apply(state, resolution, "0601")
    assert state.counters[track].status.markers == {"in-motion"}
    assert one_says(
        state.log[-1].details,
        rules=["14.3.3"],
        figures=["251", "0201", "4"],
        names=["SdKfz 251", "4 MPs", "retreat freely", "In motion"],
    )
    history.undo()
    assert state.counters[track].status.markers == frozenset()


def test_a_5_mp_vehicle_is_limited() -> None:
    state = lhy_game("ccmccccc")
    place(state, "lhy-ru-rifle-sqd", "Red", "0101")
    place(state, "lhy-ru-rifle-sqd", "Red", "0101")
    place(state, "lhy-ge-fv", "Blue", "0201")  # SdKfz 234 Puma, 5 MPs
    assert ends(state, defenders_lose(state, "0201")) == {"0201": ["0401", "0501"]}


def test_the_rules_say_no_hex_is_prohibited_and_advance_is_once_per_turn() -> None:
    assert LHY.retreat.prohibited_terrain == frozenset()
    assert LHY.retreat.prohibited_hexside_features == frozenset()
    assert LHY.retreat.problems(LHY.vocabulary) == []
    assert LHY.vocabulary.advance_once_per_turn == "14.3.3"


def test_a_squad_that_loses_a_step_is_still_offered_its_retreat_in_the_panel() -> None:
    state = ground("ccmccccc")  # the Russian squad: a casualty (best) and a retreat of 2-4
    (squad,) = uids_at(state, "0201")
    history = History(state)
    model = AttackModel(state, history.run)
    assert model.start(at(state, "0201"))
    assert model.report is not None
    resolution = model.roll([10 - final_drm(model.report)])
    assert resolution is not None and resolution.result.code == "DL"
    assert model.losses == [squad]  # one of its two steps
    assert {state.hexmap.label(e) for e in model.retreat_ends[at(state, "0201")]} == {
        "0401",
        "0501",
    }
    model.set_retreat(at(state, "0201"), at(state, "0501"))
    assert model.apply(), model.apply_problem
    assert uids_at(state, "0501") == [squad]
    assert state.counters[squad].status.steps_lost == 1


def test_units_that_could_retreat_only_through_the_enemy_are_eliminated() -> None:
    # 14.3.3: "units are eliminated if must retreat through prohibited hex(sides)": the German
    # squad at the map's edge in 0101 has only the Russians' 0201 to go through
    state = lhy_game("ccc")
    for _ in range(2):
        place(state, "lhy-ru-rifle-sqd", "Red", "0201")
    german = place(state, "lhy-ge-rifle-sqd", "Blue", "0101")
    history = History(state)
    model = AttackModel(state, history.run)
    assert model.start(at(state, "0101")) and model.report is not None
    resolution = model.roll([10 - final_drm(model.report)])  # 10: the defenders retreat 2-4 hexes
    assert resolution is not None and resolution.result.code == "DL"
    assert model.retreat_ends[at(state, "0101")] == {}
    assert model.apply(), model.apply_problem
    assert german not in state.counters
    assert one_says(
        state.log[-1].details, figures=["0101"], names=["no legal retreat", "eliminated"]
    )
    history.undo()
    assert german in state.counters
