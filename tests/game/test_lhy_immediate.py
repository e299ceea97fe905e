"""The Last Hundred Yards' assaults resolved at once ("Assault": the defenders destroyed before
any roll) applied to the counters through the game, with counters of ``counters/lhy.toml``: the
destroyed units leave the map, the log says why, undo puts them back."""

from __future__ import annotations

from command_history import History
from lhy_game import assault, lhy_game, lhy_unit, place, uids_at

from hexcombat.game.apply_result import apply_combat_command
from hexcombat.game.attack import suggested_losses
from meaning import one_says


def destroyed_at_once(attacker: str, defender: str, code: str) -> None:
    state = lhy_game("cccc")
    place(state, attacker, "Red", "0101")
    target = place(state, defender, "Blue", "0201")
    resolution = assault(state, "0201", [])  # no die: resolved at once
    assert resolution.result.code == code
    history = History(state)
    command = apply_combat_command(state, resolution, suggested_losses(state, resolution), {}, [])
    assert history.run(command) == ""
    assert target not in state.counters and uids_at(state, "0201") == []
    name = lhy_unit(defender).name
    assert one_says(
        state.log[-1].details,
        partly=True,
        figures=["0201"],
        names=[str(name), "destroyed at once", "eliminated", "Assault"],
    )
    history.undo()
    assert uids_at(state, "0201") == [target] and state.log == []
    history.redo()
    assert target not in state.counters


def test_a_towed_gun_defending_alone_against_an_afv_is_destroyed_on_the_map() -> None:
    destroyed_at_once("lhy-ge-afv", "lhy-ru-towed-gun", "DX")


def test_a_latw_defending_alone_against_one_squad_is_destroyed_on_the_map() -> None:
    destroyed_at_once("lhy-ge-rifle-sqd", "lhy-ru-latw", "LX")
