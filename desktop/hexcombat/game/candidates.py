"""Who may join an attack on a hex: the friendly stacks in range (from the board's graph), each
counter the ruleset lets attack from that far, and those it forbids to attack with why."""

from __future__ import annotations

from dataclasses import dataclass

from hexcombat.board.hexes import Hex, distance
from hexcombat.game.attack_setup import elevation_at, participant_refusals
from hexcombat.game.state import Counter, GameError, GameState
from hexcombat.rules.registry import Ruleset, get_ruleset
from hexcombat.rules.situation import Participant


@dataclass(frozen=True)
class Candidate:
    """A friendly stack that may join an attack on the target hex."""

    hex: Hex
    label: str
    range: int
    """Hexes from the target: 1 adjacent, more for units the ruleset lets attack from afar."""
    features: frozenset[str]
    """Hexside features it attacks across (rivers are highlighted on the map)."""
    counters: tuple[Counter, ...]
    """Its counters that may attack at this range."""
    barred: tuple[tuple[Counter, str], ...] = ()
    """Its counters in range that the rules forbid to attack (at all, or as they are in play
    and in this company), each with why (and the rule), so the panel can say so instead of
    leaving them out unexplained."""


def attack_barred(state: GameState, counter: Counter) -> str | None:
    """Why the game's ruleset forbids ``counter`` to attack at all, with the rule, or None."""
    why = get_ruleset(state.ruleset).attack_refusal(counter.unit)
    return str(why) if why is not None else None


def phasing_refusal(state: GameState, target: Hex) -> str | None:
    """Why the stack in ``target`` may not be attacked now: it is the phasing player's own (the
    phasing player attacks, the other side defends). None when it may."""
    defender, player = state.side_at(target), state.phasing_player
    if defender is None or not player or defender != player:
        return None
    others = [s for s in state.players if s != player]
    enemy = others[0] if len(others) == 1 else "the other side"
    return (
        f"it is {player}'s turn: {player} attacks, {enemy} defends; change the phasing player "
        f"in the Conditions to attack with {enemy}"
    )


def attack_candidates(state: GameState, target: Hex) -> list[Candidate]:
    """Every stack not of the defender's side that may attack ``target``: its counters that
    fight on the ground and may attack from that far, as the ruleset says. Adjacent first, then
    by hex. A stack whose counters the rules forbid to attack is listed with the reasons and no
    counters."""
    defender = state.side_at(target)
    if defender is None:
        raise GameError(f"hex {state.hexmap.label(target)} is empty: there is nobody to attack")
    ruleset = get_ruleset(state.ruleset)
    player = state.phasing_player
    # the phasing player attacks; with the defender phasing (set up anyway, the panel says why
    # not) every other side is offered
    attacker = player if player and player != defender else None
    near = {
        h: stack
        for h in _hexes_in_reach(state, target, defender, attack_reach(state, ruleset))
        if h != target
        and (stack := state.stack_at(h))
        and stack[0].side != defender
        and (attacker is None or stack[0].side == attacker)
    }
    crossings = state.graph.attack_crossings(target, near)
    in_range = {
        x.hex: [
            c
            for c in near[x.hex]
            if ruleset.ground_combat_refusal(c.unit) is None
            and x.range <= ruleset.attack_range(c.unit)
        ]
        for x in crossings
    }
    reasons = {
        c.uid: str(why)
        for cs in in_range.values()
        for c in cs
        if (why := ruleset.attack_refusal(c.unit))
    }
    ranges = {x.hex: x.range for x in crossings}
    reasons.update(_status_refusals(state, ruleset, in_range, ranges, reasons))
    found = []
    for crossing in crossings:
        stack = in_range[crossing.hex]
        barred = tuple((c, reasons[c.uid]) for c in stack if c.uid in reasons)
        counters = tuple(c for c in stack if c.uid not in reasons)
        if counters or barred:
            found.append(
                Candidate(
                    crossing.hex,
                    state.hexmap.label(crossing.hex),
                    crossing.range,
                    crossing.features,
                    counters,
                    barred,
                )
            )
    return found


def attack_reach(state: GameState, ruleset: Ruleset) -> int:
    """The farthest any counter in play may attack from, as its ruleset declares each unit's
    reach (``Ruleset.attack_range``: 2 hexes for one game's artillery, 3 for another's
    vehicles): how far around a defender the board is searched for attackers. Asked of each
    distinct unit on the map, not of each counter, so a 5,000-counter game asks a few times."""
    return max((ruleset.attack_range(unit) for unit in state.units_in_play()), default=1)


def _hexes_in_reach(state: GameState, target: Hex, defender: str, reach: int) -> list[Hex]:
    """The hexes within ``reach`` of ``target`` that may hold attackers: from the board's graph,
    or, when the disc holds more hexes than the game has counters (a reach of hundreds of hexes
    from a counter file), the hexes the other sides hold, measured one by one, so no reach
    makes setting up an attack cost more than a look at every stack."""
    if 3 * reach * (reach + 1) + 1 <= len(state.counters):
        return state.graph.hexes_within(target, reach)
    return sorted(h for h in state.occupied_by_others(defender) if distance(target, h) <= reach)


def _status_refusals(
    state: GameState,
    ruleset: Ruleset,
    in_range: dict[Hex, list[Counter]],
    ranges: dict[Hex, int],
    barred: dict[str, str],
) -> dict[str, str]:
    """Why the ruleset refuses counters as they are in play or in company (a disrupted squad;
    a leader with no combat unit beside it among those that may attack), by uid. A counter
    refused leaves its companions to be asked again (the leader of a disrupted squad)."""
    left = [
        Participant(
            unit=c.unit.on(state.conditions.date),
            range=ranges[h],
            hex=state.hexmap.label(h),
            id=c.uid,
            status=c.status,
            elevation=elevation_at(state, h),
            terrain=state.hexmap.terrain[h],
        )
        for h, stack in in_range.items()
        for c in stack
        if c.uid not in barred
    ]
    found: dict[str, str] = {}
    while refused := participant_refusals(ruleset, left):
        found.update((p.id or "", str(why)) for p, why in refused)
        left = [p for p in left if p.id not in found]
    return found
