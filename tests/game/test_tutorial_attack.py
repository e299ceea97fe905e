"""The built-in tutorial (14D2d on its map) played through the game layer: the attack the rules
text works, the roll, the retreat the board allows, and undo."""

from __future__ import annotations

import pytest
from tutorial_attacks import full_attack

from hexcombat.game.apply_result import apply_combat_command
from hexcombat.game.attack import (
    attack_candidates,
    evaluate_attack,
    loss_problems,
    resolve_attack,
    retreat_options,
    suggested_losses,
)
from hexcombat.game.commands import AddCounter
from hexcombat.game.opening import default_tutorial, open_game
from hexcombat.game.scenario import load_counter_library
from hexcombat.game.state import Counter, GameError, GameState
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.report import final_drm
from meaning import each_says, says, says_in


def snapshot(state: GameState) -> dict[str, list[str]]:
    return {state.hexmap.label(h): [c.uid for c in s] for h, s in sorted(state.stacks().items())}


def test_every_soviet_stack_is_proposed(state: GameState) -> None:
    found = attack_candidates(state, state.hexmap.hex_at("0504"))
    assert [(c.label, len(c.counters)) for c in found] == [
        ("0403", 1), ("0404", 2), ("0503", 2), ("0603", 1), ("0604", 2),
    ]  # fmt: skip


def test_the_tutorial_attack_nets_plus_one_as_14d2d_says(state: GameState) -> None:
    report = evaluate_attack(state, full_attack(state))
    assert final_drm(report) == 1
    assert [(s.rule, s.drm) for s in report.steps if s.drm] == [
        ("14D2a", 1), ("14D2d", 2), ("14D2c", -1), ("14D2d", -1),
    ]  # fmt: skip


@pytest.mark.usefixtures("zoc_free")
def test_a_retreat_result_offers_the_hexes_the_board_allows(state: GameState) -> None:
    before = snapshot(state)
    # 3:1 column, die 4 + DRM 1 = 5 on the generic table: DR (defender retreats two hexes)
    resolution = resolve_attack(state, full_attack(state), ScriptedDice([4]))
    assert resolution.result.code == "DR"
    assert resolution.defender.retreat_hexes == 2
    options = retreat_options(state, resolution, [])
    (start,) = options
    # The only free neighbour of 0504 is 0505; of the hexes two away from 0504 beyond it, 0405
    # and 0605 are next to the attackers in 0404 and 0604, as 0504 was (a slide along the
    # front); only 0506 is farther from every attacker (worked out from the map's adjacency).
    assert sorted(state.hexmap.label(h) for h in options[start]) == ["0506"]
    end = state.hexmap.hex_at("0506")
    assert [state.hexmap.label(h) for h in options[start][end]] == ["0504", "0505", "0506"]
    command = apply_combat_command(state, resolution, [], {start: end}, [])
    state.execute(command)
    assert [c.unit.name for c in state.stack_at(end)] == ["Inf XX", "Hv Mot AA II", "Art III"]
    assert state.stack_at(start) == []
    assert says_in(
        state.log[-1].text,
        figures=["0403", "0404", "0503", "0603", "0604", "0504", "3:1", "+1"],
        names=["DRM"],
    )
    command.undo(state)
    assert snapshot(state) == before and state.log == []


@pytest.mark.usefixtures("zoc_free")
def test_a_retreat_must_be_chosen_and_legal(state: GameState) -> None:
    resolution = resolve_attack(state, full_attack(state), ScriptedDice([4]))
    (start,) = retreat_options(state, resolution, [])
    with pytest.raises(GameError, match="choose where the units in 0504 retreat to"):
        apply_combat_command(state, resolution, [], {}, [])
    with pytest.raises(GameError, match="0404 is not a legal retreat end from 0504"):
        apply_combat_command(state, resolution, [], {start: state.hexmap.hex_at("0404")}, [])


def test_advance_only_into_a_vacated_hex(state: GameState) -> None:
    resolution = resolve_attack(state, full_attack(state), ScriptedDice([4]))
    (start,) = retreat_options(state, resolution, [])
    tank = state.stack_at(state.hexmap.hex_at("0403"))[0].uid
    command = apply_combat_command(
        state, resolution, [], {start: state.hexmap.hex_at("0506")}, [tank]
    )
    state.execute(command)
    assert [c.uid for c in state.stack_at(start)] == [tank]


def test_losses_must_cover_the_result(state: GameState) -> None:
    # die 6 + 1 = 7 on the 3:1 column: DH, the defender loses half its strength
    resolution = resolve_attack(state, full_attack(state), ScriptedDice([6]))
    assert resolution.result.code == "DH"
    needed = resolution.defender.points
    assert needed == -(-sum(resolution.defender.strength.values()) // 2)  # half, rounded up
    assert len(loss_problems(state, resolution, [])) == 1 and says_in(
        loss_problems(state, resolution, [])[0],
        figures=["0"],
        names=["defender", "DH", str(needed)],
    )
    assert loss_problems(state, resolution, suggested_losses(state, resolution)) == []


def test_the_games_own_dice_are_used_when_none_are_given(state: GameState) -> None:
    seed = state.dice.seed
    resolve_attack(state, full_attack(state))
    assert state.dice.used == 1 and seed == 1914


def test_suggested_losses_lose_no_more_than_the_result_asks(state: GameState) -> None:
    # die 1 + 1 = 2 on the 3:1 column: HX, the defender loses half its 11 defence points (6)
    resolution = resolve_attack(state, full_attack(state), ScriptedDice([1]))
    assert resolution.result.code == "HX" and resolution.defender.points == 6
    losses = suggested_losses(state, resolution)
    defender = [state.counters[u].unit.name for u in losses if u in resolution.defender.strength]
    # the Inf XX's 8 points cover 6 with the least to spare; the attacker then owes 8 in exchange
    assert defender == ["Inf XX"]
    assert sum(resolution.attacker.strength.get(u, 0) for u in losses) == 8
    assert loss_problems(state, resolution, losses) == []


def test_a_bare_map_opens_ready_to_lay_out_counters() -> None:
    state = open_game(default_tutorial().with_name("sample.toml"))
    assert state.stacks() == {} and state.ruleset == "total-war"
    assert "su-hv-tank-xx" in state.library and "ge-pz-xx-16-10" in state.library


def test_no_advance_onto_enemy_air_units_left_in_the_hex(state: GameState) -> None:
    # an Axis Me 109E based in 0504 takes no part in the ground combat (16A); its defenders are
    # eliminated (no legal retreat), the hex still holds the aircraft: hexcombat will not guess
    # what becomes of it, so no Soviet unit may advance there until the player moves it
    library, _ = load_counter_library("total-war")
    me109 = Counter(state.new_uid(), library["ge-me-109e"], "Axis")
    target = state.hexmap.hex_at("0504")
    state.execute(AddCounter(me109, target))
    resolution = resolve_attack(state, full_attack(state, "0504"), ScriptedDice([4]))
    assert me109.uid not in resolution.defender.uids
    tank = state.stack_at(state.hexmap.hex_at("0403"))[0].uid
    with pytest.raises(GameError, match="may not advance into 0504 while enemy air units stand "
                       r"there \(Me 109E\)"):  # fmt: skip
        apply_combat_command(state, resolution, [], {}, [tank])
    state.execute(apply_combat_command(state, resolution, [], {}, []))
    assert [c.uid for c in state.stack_at(target)] == [me109.uid]


def _named(state: GameState, uids: list[str], *names: str) -> list[str]:
    """The uids of the first counter called each of ``names`` among ``uids``."""
    return [next(u for u in uids if state.counters[u].unit.name == n) for n in names]


@pytest.mark.usefixtures("zoc_free")
def test_losses_beyond_the_result_are_refused(state: GameState) -> None:
    # DH: half the defender's 11 points, 6, and a retreat of two (0506 is open). The Inf XX's
    # 8 cover the loss; ticking the Art III (2) as well loses a unit the result does not ask for
    resolution = resolve_attack(state, full_attack(state), ScriptedDice([6]))
    inf, art = _named(state, resolution.defender.uids, "Inf XX", "Art III")
    assert loss_problems(state, resolution, [inf]) == []
    assert each_says(
        loss_problems(state, resolution, [inf, art]),
        dict(
            figures=["6", "2"],
            names=["more defender losses", "DH", "Art III", "unticked", "defender retreats"],
        ),
    )
    # DH takes nothing from the attacker
    tank = state.stack_at(state.hexmap.hex_at("0403"))[0].uid
    (problem,) = loss_problems(state, resolution, [inf, tank])
    assert says(problem, names=["DH", "no losses from the attacker", "untick Hv Tank XX"])


@pytest.mark.usefixtures("zoc_free")
def test_a_retreating_defender_may_not_be_eliminated_instead(state: GameState) -> None:
    # DR: the defender retreats two hexes and loses nothing; 0506 is open to it
    resolution = resolve_attack(state, full_attack(state), ScriptedDice([4]))
    assert resolution.result.code == "DR"
    inf, aa, art = _named(state, resolution.defender.uids, "Inf XX", "Hv Mot AA II", "Art III")
    (problem,) = loss_problems(state, resolution, [inf, aa, art])
    assert says_in(
        problem,
        figures=["2"],
        names=[
            "DR",
            "no losses from the defender",
            "untick Inf XX",
            "Hv Mot AA II",
            "Art III",
            "defender retreats",
        ],  # fmt: skip
    )
    start = state.hexmap.hex_at("0504")
    with pytest.raises(GameError, match="takes no losses from the defender"):
        apply_combat_command(state, resolution, [inf], {start: state.hexmap.hex_at("0506")}, [])


def test_a_defender_with_no_retreat_may_be_ticked_as_lost(state: GameState) -> None:
    # the shipped rules: enemy zones of control block every retreat from 0504, so the DR
    # defender is eliminated anyway; ticking it says the same thing and is no surplus
    resolution = resolve_attack(state, full_attack(state), ScriptedDice([4]))
    assert retreat_options(state, resolution, []) == {state.hexmap.hex_at("0504"): {}}
    assert loss_problems(state, resolution, list(resolution.defender.uids)) == []


def test_an_exchange_takes_what_the_defender_lost_and_no_more(state: GameState) -> None:
    # HX: the defender loses 6 (the Inf XX's 8), the attacker at least those 8 points
    resolution = resolve_attack(state, full_attack(state), ScriptedDice([1]))
    assert resolution.losses.exchange
    (inf,) = _named(state, resolution.defender.uids, "Inf XX")
    tank_xx = state.stack_at(state.hexmap.hex_at("0403"))[0].uid  # 10 points
    art = [c.uid for c in state.stack_at(state.hexmap.hex_at("0604"))]  # 3 each
    assert loss_problems(state, resolution, [inf, tank_xx]) == []
    (problem,) = loss_problems(state, resolution, [inf, tank_xx, art[0]])
    assert says_in(problem, figures=["8"], names=["more attacker losses", "HX"])
    assert "Art III could be unticked" in problem


def test_an_attacker_out_of_reach_is_refused_naming_the_distance_and_rule(
    state: GameState,
) -> None:
    # the panel shows GameError and RulesError; a board ValueError would escape it. The board
    # measures any distance: the ruleset refuses the reach (14A3)
    from hexcombat.game.commands import MoveCounters

    setup = full_attack(state)
    tank = state.stack_at(state.hexmap.hex_at("0403"))[0].uid
    # 0204 -> 0304 -> 0404 -> 0504: along row 04, each column step to the next is adjacent
    state.execute(MoveCounters([tank], state.hexmap.hex_at("0204")))
    with pytest.raises(IllegalAttackError, match="0204 is 3 hexes from 0504: units attack from "
                       r"adjacent hexes, long-range artillery from two \(14A3\)"):  # fmt: skip
        evaluate_attack(state, setup)
