"""A beaten stack's retreat on the map: the ruleset's :class:`RetreatRules` turned into the
board's retreat-path query, with the enemy stacks, their zones of control and the friendly
stacks of the game as it stands."""

from __future__ import annotations

from collections.abc import Collection

from hexcombat.board.hexes import Hex
from hexcombat.game.state import GameState
from hexcombat.rules.retreat import RetreatRules


def retreat_ends(
    state: GameState,
    rules: RetreatRules,
    start: Hex,
    length: int,
    side: str,
    away_from: Collection[Hex],
) -> dict[Hex, tuple[Hex, ...]]:
    """Every legal end of a ``length``-hex retreat of ``side``'s stack in ``start``, away from
    the hexes in ``away_from``, with its path (empty when there is none).

    An enemy zone of control is every hex next to an enemy stack; when ``rules`` say friendly
    units cancel it, a hex that other ``side`` stacks hold may be entered all the same.
    """
    graph = state.graph
    enemy = state.occupied_by_others(side)
    zoc: set[Hex] | None = None
    friendly: set[Hex] = set()
    if rules.enemy_zoc_blocks:
        zoc = {n for h in enemy for n in graph.neighbours(h)}
        if rules.friendly_units_cancel_zoc:
            friendly = {h for h in state.stacks() if state.side_at(h) == side} - {start}
    return graph.retreat_paths(
        start,
        length,
        attacker_hexes=away_from,
        enemy_occupied=enemy,
        prohibited_terrain=rules.prohibited_terrain,
        prohibited_features=rules.prohibited_hexside_features,
        zoc_hexes=zoc,
        friendly_occupied=friendly,
    )
