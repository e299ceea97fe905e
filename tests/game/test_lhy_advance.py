"""The defenders' advance (The Last Hundred Yards, Assault Results "below -1": the attackers
retreat 4 and the DEFENDER advances), through the game on a one-row map with counters of
``counters/lhy.toml``: Russian rifle squads in an urban building in 0801 beat the German squads
assaulting from 0701 and (2 hexes away) 0601; the Germans retreat 4 hexes west, and the Russians
may advance into a hex the attackers assaulted from, once per turn per unit."""

from __future__ import annotations

import pytest
from command_history import History
from lhy_game import assault, at, lhy_game, place, uids_at

from hexcombat.game.apply_result import apply_combat_command
from hexcombat.game.attack import Resolution, advance_hexes, advance_side, suggested_losses
from hexcombat.game.attack_model import AttackModel
from hexcombat.game.state import GameError, GameState

MAP = "cccccccuccccc"  # 0801 is an urban building


def beaten() -> tuple[GameState, Resolution, list[str], list[str]]:
    """The German squads beaten: d10 1 - 3 = -2, below -1. Returns the game, the resolution,
    the Germans' and the Russians' ids."""
    state = lhy_game(MAP)
    germans = [place(state, "lhy-ge-rifle-sqd", "Red", "0701"),
               place(state, "lhy-ge-rifle-sqd", "Red", "0601")]  # fmt: skip
    russians = [place(state, "lhy-ru-rifle-sqd", "Blue", "0801") for _ in range(2)]
    resolution = assault(state, "0801", [1], germans)
    assert resolution.result.code == "AD" and resolution.result.table_roll().modified_roll == -2
    return state, resolution, germans, russians


def retreats(state: GameState) -> dict:
    return {at(state, "0701"): at(state, "0301"), at(state, "0601"): at(state, "0201")}


def test_the_defenders_are_offered_the_hexes_the_attackers_assaulted_from() -> None:
    state, resolution, _, russians = beaten()
    assert advance_side(resolution) == "defender"
    assert [state.hexmap.label(h) for h in advance_hexes(state, resolution)] == ["0701", "0601"]
    model = AttackModel(state)
    model._take_roll(resolution, (1,))
    assert sorted(model.advance_choices()) == sorted(russians)
    assert model.advance_side() == "defender"


def test_the_defenders_advance_into_the_hex_they_choose_logged_and_undone() -> None:
    state, resolution, germans, russians = beaten()
    losses = suggested_losses(state, resolution)
    history = History(state)
    command = apply_combat_command(
        state, resolution, losses, retreats(state), [russians[0]], at(state, "0701")
    )
    assert history.run(command) == ""
    assert uids_at(state, "0701") == [russians[0]] and uids_at(state, "0801") == [russians[1]]
    assert state.advanced == {russians[0]}
    assert state.log[-1].advance == ["Rifle Sqd from 0801 into 0701"]
    history.undo()
    assert sorted(uids_at(state, "0801")) == sorted(russians) and state.advanced == frozenset()
    assert uids_at(state, "0701") == [germans[0]]


def test_with_several_hexes_the_player_must_choose_one() -> None:
    state, resolution, _, russians = beaten()
    losses = suggested_losses(state, resolution)
    with pytest.raises(
        GameError, match=r"choose the hex the defenders advance into \(0701, 0601\)"
    ):
        apply_combat_command(state, resolution, losses, retreats(state), russians)
    with pytest.raises(GameError, match="the defender may advance only into 0701, 0601, not 0901"):
        apply_combat_command(
            state, resolution, losses, retreats(state), russians, at(state, "0901")
        )


def test_a_hex_still_held_by_the_enemy_is_refused() -> None:
    state, resolution, _, russians = beaten()
    place(state, "lhy-ge-mg", "Red", "0701")  # an MG that took no part stays there
    losses = suggested_losses(state, resolution)
    with pytest.raises(GameError, match="may not advance into 0701 while enemy units stand there"):
        apply_combat_command(
            state, resolution, losses, retreats(state), russians, at(state, "0701")
        )


def test_a_unit_advances_once_per_turn() -> None:
    state, resolution, _, russians = beaten()
    state.advanced = frozenset({russians[0]})
    losses = suggested_losses(state, resolution)
    with pytest.raises(GameError, match=r"advance is allowed once per turn per unit \(14.3.3\)"):
        apply_combat_command(state, resolution, losses, retreats(state), [russians[0]],
                             at(state, "0701"))  # fmt: skip


def test_the_attackers_may_not_advance_on_the_defenders_row() -> None:
    state, resolution, germans, _ = beaten()
    with pytest.raises(GameError, match="only surviving defenders may advance"):
        apply_combat_command(state, resolution, [], retreats(state), [germans[0]],
                             at(state, "0701"))  # fmt: skip


def test_units_that_advanced_may_conduct_a_second_assault() -> None:
    # Advance (14.3.3): "they may conduct and resolve a second Assault": two German squads win
    # on 14 (+4 with a 10), advance into 0801, and assault the Russian squad in 0901 beyond it
    state = lhy_game("ccccccccccccc")
    germans = [place(state, "lhy-ge-rifle-sqd", "Red", "0701") for _ in range(2)]
    place(state, "lhy-ru-section", "Blue", "0801")
    resolution = assault(state, "0801", [10], germans)
    assert resolution.result.code == "DD" and resolution.result.table_roll().modified_roll == 14
    history = History(state)
    losses = suggested_losses(state, resolution)
    assert history.run(apply_combat_command(state, resolution, losses, {}, germans,
                                            at(state, "0801"))) == ""  # fmt: skip
    assert state.advanced == set(germans) and sorted(uids_at(state, "0801")) == sorted(germans)
    place(state, "lhy-ru-rifle-sqd", "Blue", "0901")
    second = AttackModel(state, history.run)
    assert second.start(at(state, "0901")), second.refusal
    assert sorted(second.attacker_uids()) == sorted(germans)
    assert second.report is not None and second.roll([5]) is not None
