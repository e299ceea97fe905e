"""The combat situation the rules evaluate for an attack on the map: each attacker with its
range and the hexside it crosses (from the board's graph), the defenders the ruleset lets fight
on the ground, the defender's terrain, and the conditions the turn's phase sets.

Preview and resolution use the same :func:`build_situation`, so what the panel promises is what
the roll applies.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from hexcombat.board.hexes import Hex
from hexcombat.game.state import Counter, GameError, GameState, counters_in
from hexcombat.game.turn import phase_conditions
from hexcombat.rules.eligibility import Refusal
from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.registry import Ruleset, get_ruleset
from hexcombat.rules.report import Report
from hexcombat.rules.situation import CombatSituation, Conditions, Participant


@dataclass
class AttackSetup:
    """What the player chose in the combat panel."""

    target: Hex
    attacker_uids: list[str]
    conditions: Conditions
    counted: dict[str, bool] = field(default_factory=dict)
    """Under a ruleset's counting limits, the counters the player counts (True) or leaves
    out (False) by uid; one not named: the ruleset picks (``Participant.counted`` None)."""


def ground_units(ruleset: Ruleset, stack: list[Counter]) -> list[Counter]:
    """The counters of a stack that fight in ground combat, as the ruleset says (air units fight
    with their air ratings under the Europa rules)."""
    return [c for c in stack if ruleset.ground_combat_refusal(c.unit) is None]


def main_feature(features: frozenset[str], first: tuple[str, ...] = ()) -> str | None:
    """The hexside feature a unit attacks across: of several, the one the ruleset asks about
    first (its vocabulary's ``hexside_first``), else the first by name."""
    if not features:
        return None
    return min(features, key=lambda f: (first.index(f) if f in first else len(first), f))


def _defenders(state: GameState, ruleset: Ruleset, target: Hex) -> list[Counter]:
    """The target's counters that fight on the ground; :class:`GameError` when none do."""
    in_target = state.stack_at(target)
    label = state.hexmap.label(target)
    if not in_target:
        raise GameError(f"hex {label} is empty: there is no one to attack")
    defenders = ground_units(ruleset, in_target)
    if not defenders:
        why = ruleset.ground_combat_refusal(in_target[0].unit)
        reason = f" ({why.text}: {why.rule})" if why is not None else ""
        raise GameError(f"hex {label} holds no ground units to attack{reason}")
    return defenders


def _check_attackers(ruleset: Ruleset, attackers: list[Counter]) -> None:
    """:class:`GameError` naming the attackers the ruleset keeps out of ground combat."""
    refused: dict[str, list[str]] = {}
    for c in attackers:
        why = ruleset.ground_combat_refusal(c.unit)
        if why is not None:
            refused.setdefault(str(why), []).append(c.unit.name)
    if refused:
        raise GameError("; ".join(f"{', '.join(names)}: {why}" for why, names in refused.items()))


def elevation_at(state: GameState, h: Hex) -> int | None:
    """The level of hex ``h`` on a map with elevation levels (a hex the map leaves out is at
    0); None on a map without any."""
    return state.hexmap.elevation.get(h, 0) if state.hexmap.elevation else None


def participant_refusals(
    ruleset: Ruleset, participants: list[Participant]
) -> list[tuple[Participant, Refusal]]:
    """Each attacker the ruleset refuses as it is in play or in this company (the others are
    its companions), with why."""
    found = []
    for i, p in enumerate(participants):
        companions = tuple(participants[:i] + participants[i + 1 :])
        why = ruleset.participant_refusal(p, companions)
        if why is not None:
            found.append((p, why))
    return found


def _check_participants(ruleset: Ruleset, participants: list[Participant]) -> None:
    """The attackers the ruleset refuses by their status or company, raised with the rule."""
    refused = participant_refusals(ruleset, participants)
    attack = ruleset.vocabulary.attack_name.lower()  # "may not assault"
    if refused:
        raise IllegalAttackError(
            "; ".join(f"{p.unit.name} in {p.hex} may not {attack}: {why}" for p, why in refused)
        )


def build_situation(state: GameState, setup: AttackSetup) -> CombatSituation:
    """The combat as the rules see it: each attacker with its range and the hexside feature it
    crosses (from the graph), the stack it attacks from, each participant's own hex's terrain
    and elevation, the defender's terrain from the map, and the conditions the phase sets. A
    counter the ruleset forbids to attack (at all, or as it is in play and in this company)
    raises its :class:`IllegalAttackError`."""
    ruleset = get_ruleset(state.ruleset)
    defenders = _defenders(state, ruleset, setup.target)
    attackers = counters_in(state, setup.attacker_uids)
    if not attackers:
        raise GameError("choose at least one attacking unit")
    _check_attackers(ruleset, attackers)
    hexes = {c.uid: state.hex_of(c.uid) for c in attackers}
    try:
        found = state.graph.attack_crossings(setup.target, set(hexes.values()))
    except ValueError as exc:  # a unit moved into the defender's hex since it was set up
        raise GameError(str(exc)) from exc
    crossings = {x.hex: x for x in found}
    date = setup.conditions.date
    participants = []
    for counter in attackers:
        h = hexes[counter.uid]
        if counter.side == defenders[0].side:
            raise GameError(
                f"{counter.unit.name} in {state.hexmap.label(h)} is on the defender's side"
            )
        barred = ruleset.attack_refusal(counter.unit)
        if barred is not None:
            raise barred.error()
        crossing = crossings[h]
        if (far := ruleset.reach_refusal(counter.unit, crossing.range)) is not None:
            raise IllegalAttackError(
                f"{counter.unit.name} in {state.hexmap.label(h)} is "
                f"{crossing.range} hexes from {state.hexmap.label(setup.target)}: {far.text}",
                far.rule,
            )
        participants.append(
            Participant(
                unit=counter.unit.on(date),
                across=main_feature(crossing.features, ruleset.vocabulary.hexside_first),
                range=crossing.range,
                hex=state.hexmap.label(h),
                # the attacking force one stack where the ruleset says so
                stack=None if ruleset.vocabulary.one_attacking_force else state.hexmap.label(h),
                id=counter.uid,
                status=counter.status,
                elevation=elevation_at(state, h),
                terrain=state.hexmap.terrain[h],
                counted=setup.counted.get(counter.uid),
            )
        )
    _check_participants(ruleset, participants)
    label = state.hexmap.label(setup.target)
    terrain = state.hexmap.terrain[setup.target]
    conditions = replace(setup.conditions, terrain=terrain)
    return CombatSituation(
        ruleset=state.ruleset,
        attackers=tuple(participants),
        defenders=tuple(
            Participant(
                unit=c.unit.on(date),
                hex=label,
                stack=label,
                id=c.uid,
                status=c.status,
                elevation=elevation_at(state, setup.target),
                terrain=terrain,
                counted=setup.counted.get(c.uid),
            )
            for c in defenders
        ),
        conditions=conditions.with_choices(**phase_conditions(ruleset.vocabulary, state.phase)),
    )


def evaluate_attack(state: GameState, setup: AttackSetup) -> Report:
    """The report the combat panel shows."""
    return get_ruleset(state.ruleset).evaluate(build_situation(state, setup))
