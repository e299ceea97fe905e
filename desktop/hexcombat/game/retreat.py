"""A beaten stack's retreat on the map: the ruleset's :class:`RetreatRules` turned into the
board's retreat-path query, with the enemy stacks, their zones of control and the friendly
stacks of the game as it stands; and what the ruleset's retreat hooks say of each unit (who is
eliminated instead of retreating, who retreats freely and with which marker)."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from hexcombat.board.graph import RetreatLimit
from hexcombat.board.hexes import Hex, distance
from hexcombat.game.state import GameState
from hexcombat.rules.effects import Effect
from hexcombat.rules.eligibility import Refusal
from hexcombat.rules.registry import Ruleset
from hexcombat.rules.report import participant_id
from hexcombat.rules.retreat import FreeRetreat, RetreatRules
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.vocabulary import SideName


def retreat_ends(
    state: GameState,
    rules: RetreatRules,
    start: Hex,
    length: int,
    side: str,
    away_from: Collection[Hex],
    most: int | None = None,
    limit: RetreatLimit | None = None,
) -> dict[Hex, tuple[Hex, ...]]:
    """Every legal end of a ``length``-hex retreat (``length`` to ``most`` hexes when given) of
    ``side``'s stack in ``start``, away from the hexes in ``away_from``, with its path (empty
    when there is none), capped by ``limit`` (:func:`retreat_limit`).

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
        most=most,
        limit=limit,
    )


def retreat_limit(rules: RetreatRules, conditions: Conditions, free: bool) -> RetreatLimit | None:
    """The board's cap on a retreat under ``rules`` in a combat fought under ``conditions``;
    None when the rules set none or the stack retreats ``free`` of it."""
    if free or rules.limit_hexes is None:
        return None
    always = rules.limited_by(conditions) is not None
    return RetreatLimit(rules.limit_hexes, rules.limiting_terrain, from_start=always)


def effect_range(effect: Effect) -> tuple[int, int]:
    """The least and the most hexes ``effect`` retreats (the same for a fixed length)."""
    least = int(effect.amount)
    return least, max(least, effect.most or least)


def range_words(effect: Effect) -> str:
    """``2 hexes``, ``2 to 4 hexes``: how far ``effect`` retreats."""
    least, most = effect_range(effect)
    if least == most:
        return f"{least} hex" if least == 1 else f"{least} hexes"
    return f"{least} to {most} hexes"


def effect_ends(
    state: GameState,
    rules: RetreatRules,
    start: Hex,
    effect: Effect,
    side: str,
    away_from: Collection[Hex],
    limit: RetreatLimit | None = None,
) -> dict[Hex, tuple[Hex, ...]]:
    """The legal ends of ``effect``'s retreat from ``start``: of its length, or of any length
    from its least (``amount``) to its most when it gives a range (2-4 hexes)."""
    least, most = effect_range(effect)
    return retreat_ends(state, rules, start, least, side, away_from, most=most, limit=limit)


def end_refusal(
    state: GameState,
    rules: RetreatRules,
    effect: Effect,
    start: Hex,
    end: Hex,
    limit: RetreatLimit | None,
) -> str:
    """Why ``end`` is not a legal end of ``effect``'s retreat from ``start``, with the rule."""
    label = state.hexmap.label
    hexes = distance(start, end)
    said = f"{label(end)} is not a legal retreat end from {label(start)}"
    away = f"it is {hexes} {'hex' if hexes == 1 else 'hexes'} away"
    least, most = effect_range(effect)
    if not least <= hexes <= most:
        return f"{said}: {away}; the {effect.side} retreats {range_words(effect)} ({effect.rule})"
    if limit is not None and hexes > limit.hexes:
        return f"{said}: {away}; a retreat goes {rules.limit_words()} ({rules.rule or 'assumed'})"
    return said


def fought_as(situation: CombatSituation) -> dict[str, Participant]:
    """Every participant of the combat by its id (the counter's in a game)."""
    sides = (("attacker", situation.attackers), ("defender", situation.defenders))
    return {
        participant_id(p, side, i): p for side, members in sides for i, p in enumerate(members, 1)
    }


def eliminated_instead(
    ruleset: Ruleset, situation: CombatSituation, uids: Iterable[str]
) -> dict[str, Refusal]:
    """The units among ``uids`` the ruleset eliminates instead of letting them retreat (its
    ``retreat_elimination`` hook), each with why."""
    fought = fought_as(situation)
    found = {}
    for uid in uids:
        if uid in fought and (why := ruleset.retreat_elimination(fought[uid])) is not None:
            found[uid] = why
    return found


def free_retreats(
    ruleset: Ruleset, situation: CombatSituation, uids: Iterable[str]
) -> dict[str, FreeRetreat]:
    """The units among ``uids`` that retreat free of the retreat limits (the ruleset's
    ``free_retreat`` hook), each with the rule and the marker it gets."""
    fought = fought_as(situation)
    found = {}
    for uid in uids:
        if uid in fought and (free := ruleset.free_retreat(fought[uid])) is not None:
            found[uid] = free
    return found


def free_retreat_markers(
    state: GameState, side: SideName, freely: dict[str, FreeRetreat], moved: Iterable[str]
) -> list[Effect]:
    """An ``add-marker`` effect for each unit in ``moved`` that retreats freely and gets a
    marker for it, under the rule that gives it."""
    effects = []
    for uid in moved:
        free = freely.get(uid)
        if free is None or not free.marker:
            continue
        spec = state.vocabulary.marker(free.marker)
        marker = spec.label if spec is not None else free.marker
        text = f"{free.text}: marked {marker}"
        effects.append(Effect("add-marker", side, free.rule, text, (uid,), state=free.marker))
    return effects
