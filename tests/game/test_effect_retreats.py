"""Retreats and the advance come from the result's effects, whatever ruleset gave them: a
``retreat`` effect moves the participants it names (a range, 2-4 hexes, when it gives a most),
an ``advance`` effect names who may advance. The 14D2d tutorial's Axis stack in 0504, with the
enemy zones of control not blocking: 0505 is its only free neighbour, and it touches the
attackers in 0404 and 0604 as 0504 does, so no one-hex retreat leads away from them; two hexes
on, 0506 does (test_retreat_rules.py works the map out)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tutorial_attacks import full_attack

from hexcombat.game.apply_result import apply_combat_command
from hexcombat.game.attack import Resolution, resolve_attack, retreat_options
from hexcombat.game.state import GameError, GameState
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.effects import Effect
from hexcombat.rulesets.europa.retreat import EUROPA_RETREAT

NO_ZOC = replace(EUROPA_RETREAT, enemy_zoc_blocks=False)


def with_effects(state: GameState, *effects: Effect) -> Resolution:
    """The tutorial's DR (die 4 + 1 on 3:1) with its effects replaced by ``effects``."""
    resolution = resolve_attack(state, full_attack(state, "0504"), ScriptedDice([4]))
    result = replace(resolution.result, effects=effects)
    return Resolution(resolution.setup, resolution.report, result, resolution.losses)


def ends(state: GameState, resolution: Resolution) -> dict[str, list[str]]:
    label = state.hexmap.label
    return {
        label(start): sorted(label(end) for end in found)
        for start, found in retreat_options(state, resolution, [], NO_ZOC).items()
    }


def test_a_retreat_given_as_a_range_may_end_at_any_length_in_it(state: GameState) -> None:
    one = Effect("retreat", "defender", "T9", "the defender retreats 1 hex", amount=1)
    assert ends(state, with_effects(state, one)) == {"0504": []}  # no legal end: eliminated
    one_or_two = replace(one, text="the defender retreats 1 to 2 hexes", most=2)
    assert ends(state, with_effects(state, one_or_two)) == {"0504": ["0506"]}


def test_a_retreat_moves_only_the_side_it_names(state: GameState) -> None:
    attacker = Effect("retreat", "attacker", "T9", "the attacker retreats 1 hex", amount=1)
    moved = ends(state, with_effects(state, attacker))
    assert "0504" not in moved and set(moved) == {"0403", "0404", "0503", "0603", "0604"}


def test_no_advance_effect_no_advance(state: GameState, zoc_free: None) -> None:
    retreat = Effect("retreat", "defender", "T9", "the defender retreats 2 hexes", amount=2)
    resolution = with_effects(state, retreat)
    (start,) = retreat_options(state, resolution, [])
    end = state.hexmap.hex_at("0506")
    attacker = resolution.setup.attacker_uids[0]
    with pytest.raises(GameError, match="the result DR allows no advance"):
        apply_combat_command(state, resolution, [], {start: end}, [attacker])
    state.execute(apply_combat_command(state, resolution, [], {start: end}, []))
    assert state.stack_at(state.hexmap.hex_at("0504")) == []
