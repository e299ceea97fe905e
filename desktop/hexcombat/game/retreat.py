"""A beaten stack's retreat on the map: the ruleset's :class:`RetreatRules` turned into the
board's retreat-path query, with the enemy stacks, their zones of control and the friendly
stacks of the game as it stands; what the ruleset's retreat hooks say of each unit (who is
eliminated instead of retreating, who retreats freely and with which marker); and who picks
where a retreat goes, with the end the program picks for that player (:func:`chosen_end`)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from hexcombat.board.graph import RetreatLimit
from hexcombat.board.hexes import Hex, distance
from hexcombat.game.state import GameState
from hexcombat.rules.effects import Chooser, Effect
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


# --- who picks where a retreat goes --------------------------------------------------------


@dataclass(frozen=True)
class RetreatChooser:
    """The player who picks where a retreat goes among its legal ends (the effect's
    ``chooser``): the retreating side's own player or its opponent, under ``rule``."""

    chooser: Chooser
    retreating: SideName
    """The side that retreats (``attacker``, ``defender``)."""
    rule: str
    """The rule that says who picks; "": assumed (the rules text is silent)."""
    side_names: Mapping[str, str]
    """``attacker``/``defender`` -> the side's name on the map (``Blue``); "" unknown."""

    @property
    def role(self) -> SideName:
        """The side that picks: the retreating one, or its enemy."""
        if self.chooser == "owner":
            return self.retreating
        return "attacker" if self.retreating == "defender" else "defender"

    @property
    def side(self) -> str:
        """The picking side's name on the map (whose colour the prompt takes); "" unknown."""
        return self.side_names.get(self.role, "")

    def player(self) -> str:
        """``the Red attacker``: the picking side, with its name on the map when known."""
        return f"the {self.side} {self.role}" if self.side else f"the {self.role}"

    def prompt(self, where: str) -> str:
        """What the Combat panel asks: ``The Red attacker picks where the defender's stack in
        0504 retreats (7.4).``; the owner picking where no rule says so is marked assumed."""
        whose = "its" if self.chooser == "owner" else f"the {self.retreating}'s"
        source = self.rule or "assumed: the rules do not say who picks"
        said = f"{self.player()} picks where {whose} stack in {where} retreats ({source})"
        return said[:1].upper() + said[1:] + "."

    def aim(self) -> str:
        """How the program picks for this player (hexcombat's reading, docs/rules.md)."""
        if self.chooser == "owner":
            return (
                f"the end safest for the {self.retreating}: next to the fewest enemy-held hexes, "
                "then the farthest from the nearest one, then the lowest hex number"
            )
        return (
            f"the end worst for the {self.retreating}: next to the most enemy-held hexes, then "
            "the nearest to one, then the lowest hex number"
        )

    def logged(self, only: bool) -> str:
        """The log's words for who chose (``picked by the Red attacker, 7.4``); ``only``: the
        stack had one legal end, so nobody had a choice."""
        if only:
            return "the only legal end"
        if not self.rule:
            return f"picked by {self.player()}, its owner: assumed"
        return f"picked by {self.player()}, {self.rule}"


def retreat_chooser(effect: Effect, side_names: Mapping[str, str]) -> RetreatChooser:
    """Who picks where ``effect``'s retreat goes, as the effect says (the owner when it is a
    ruleset's assumption: ``chooser_rule`` empty)."""
    return RetreatChooser(effect.chooser, effect.side, effect.chooser_rule, dict(side_names))


def enemy_hexes(state: GameState, side: str, gone: Collection[str] = ()) -> set[Hex]:
    """The hexes holding units of a side other than ``side``, leaving out the counters in
    ``gone`` (lost in the combat being applied)."""
    return {
        state.hex_of(uid)
        for uid, counter in state.counters.items()
        if counter.side != side and uid not in gone
    }


def chosen_end(
    state: GameState,
    side: str,
    ends: Collection[Hex],
    chooser: Chooser,
    gone: Collection[str] = (),
) -> Hex | None:
    """The end the program picks among the legal ``ends`` of a retreat of ``side``'s stack
    when it picks for the player who chooses (hexcombat's reading, docs/rules.md "Who picks a
    retreat"): the owner takes the end safest for the stack, the opponent the worst for it.

    Safest: next to the fewest enemy-held hexes, then the farthest from the nearest one; worst:
    next to the most, then the nearest. Ties go to the lowest hex number (the map's label), so
    the same board always gives the same end. None when there is no legal end."""
    enemy = enemy_hexes(state, side, gone)
    label = state.hexmap.label

    def danger(end: Hex) -> tuple[int, int]:
        """Enemy-held hexes next to ``end`` and the hexes to the nearest (far when none)."""
        beside = sum(1 for h in enemy if distance(h, end) == 1)
        nearest = min((distance(h, end) for h in enemy), default=10**6)
        return beside, nearest

    def key(end: Hex) -> tuple[int, int, str, Hex]:
        beside, nearest = danger(end)
        if chooser == "owner":
            return beside, -nearest, label(end), end
        return -beside, nearest, label(end), end

    return min(ends, key=key, default=None)
