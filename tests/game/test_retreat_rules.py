"""The ruleset decides what blocks a retreat; the board finds the paths it leaves open.

The built-in 14D2d tutorial with a DR (die 4 + DRM 1 on the 3:1 column): the Axis stack in 0504
must retreat two hexes. Soviet stacks stand in 0403, 0404, 0503, 0603 and 0604, so 0505 is the
only free neighbour of 0504, and 0505 touches 0404 and 0604: it lies in their zones of control.
Two hexes on, beyond 0505, 0405 and 0605 touch 0404 and 0604 as 0504 did (a slide along the
front); 0506 is two hexes from the nearest attacker. Worked out from the map's adjacency.
"""

from __future__ import annotations

from dataclasses import replace

from tutorial_attacks import full_attack

from declared_rulesets import europa_family
from hexcombat.game.apply_result import apply_combat_command
from hexcombat.game.attack import (
    Resolution,
    resolve_attack,
    retreat_options,
)
from hexcombat.game.commands import AddCounter
from hexcombat.game.state import Counter, GameState
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.retreat import RetreatRules
from hexcombat.rules.units import unit_from_mapping
from hexcombat.rulesets.europa.retreat import EUROPA_RETREAT
from meaning import says

NO_ZOC = replace(EUROPA_RETREAT, enemy_zoc_blocks=False)
"""The shipped rules, but enemy zones of control do not block a retreat."""


def dr(state: GameState) -> Resolution:
    resolution = resolve_attack(state, full_attack(state, "0504"), ScriptedDice([4]))
    assert (resolution.result.code, resolution.defender.retreat_hexes) == ("DR", 2)
    return resolution


def ends(state: GameState, rules: RetreatRules | None = None) -> dict[str, str]:
    """Each legal end of the defender's retreat from 0504 with its path, as labels."""
    ((start, found),) = retreat_options(state, dr(state), [], rules).items()
    assert state.hexmap.label(start) == "0504"
    label = state.hexmap.label
    return {label(end): "-".join(label(h) for h in path) for end, path in found.items()}


def test_zoc_blocking_gives_other_ends_than_no_zoc(state: GameState) -> None:
    assert ends(state, NO_ZOC) == {"0506": "0504-0505-0506"}
    assert ends(state, EUROPA_RETREAT) == {}


def test_friendly_units_open_a_hex_in_enemy_zoc_when_the_ruleset_says_so(
    state: GameState,
) -> None:
    rifle = unit_from_mapping({"name": "Inf XX", "size": "XX", "defence": 6}, "t")
    state.execute(AddCounter(Counter(state.new_uid(), rifle, "Axis"), state.hexmap.hex_at("0505")))
    assert ends(state, EUROPA_RETREAT) == {"0506": "0504-0505-0506"}
    assert ends(state, replace(EUROPA_RETREAT, friendly_units_cancel_zoc=False)) == {}


def test_terrain_the_ruleset_prohibits_is_never_entered(state: GameState) -> None:
    # 0505 and 0506 are clear; a ruleset forbidding clear terrain leaves no retreat.
    assert ends(state, replace(NO_ZOC, prohibited_terrain=frozenset({"clear", "sea"}))) == {}


def test_the_shipped_rulesets_block_retreats_by_zoc_and_say_it_is_assumed() -> None:
    for ruleset_id in europa_family():
        rules = get_ruleset(ruleset_id).retreat
        assert rules == EUROPA_RETREAT and rules.assumed
    assert says(
        EUROPA_RETREAT.describe(),
        names=["away from the attacker", "farther from the nearest attacking hex", "enemy-occupied",
               "enemy zones of control", "friendly units hold the hex", "sea", "assumed"],
    )  # fmt: skip


def test_the_games_ruleset_decides_and_a_stack_with_no_retreat_is_eliminated(
    state: GameState,
) -> None:
    resolution = dr(state)
    assert retreat_options(state, resolution, []) == {state.hexmap.hex_at("0504"): {}}
    command = apply_combat_command(state, resolution, [], {}, [])
    state.execute(command)
    assert state.stack_at(state.hexmap.hex_at("0504")) == []
    rules, eliminated = state.log[-1].details[-2:]
    assert rules == "retreat: " + EUROPA_RETREAT.describe()
    assert says(eliminated, figures=["0504"], names=["no legal retreat", "eliminated"])
