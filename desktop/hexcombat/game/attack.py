"""An attack on the map: who may take part (from the board's graph), the combat situation the
rules evaluate, and applying the result the player chose (losses, retreats, advance).

Preview and resolution use the same :func:`build_situation`, so what the panel promises is what
the roll applies.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction

from hexcombat.board.hexes import Hex, distance
from hexcombat.board.hexside import MAJOR_RIVER, MINOR_RIVER
from hexcombat.rules.air.counters import is_air_unit
from hexcombat.game.commands import ApplyCombat
from hexcombat.game.retreat import retreat_ends
from hexcombat.game.state import CombatLogEntry, Counter, GameError, GameState, counters_in
from hexcombat.game.turn import is_overrun_phase
from hexcombat.rules.combat import load_crt
from hexcombat.rules.dice import Dice
from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.explain import fmt
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import CombatResult, Report, SideResult
from hexcombat.rules.retreat import RetreatRules
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.total_war.coast_defence import check_may_attack, load_coast_defence
from hexcombat.rules.units import AecValue

_FEATURE_WEIGHT = {MAJOR_RIVER: 0, MINOR_RIVER: 1}
"""When a hexside carries several features, the one the rules ask about first (10.D)."""


@dataclass(frozen=True)
class Candidate:
    """A friendly stack that may join an attack on the target hex."""

    hex: Hex
    label: str
    range: int
    """1 adjacent; 2 for long-range artillery firing at two hexes (14A3)."""
    features: frozenset[str]
    """Hexside features it attacks across (rivers are highlighted on the map)."""
    counters: tuple[Counter, ...]
    """Its counters that may attack at this range (at two hexes only long-range artillery)."""
    barred: tuple[tuple[Counter, str], ...] = ()
    """Its counters in range that the rules forbid to attack, each with why (a CDA unit in CD
    mode, 14A4), so the panel can say so instead of leaving them out unexplained."""


def attack_barred(counter: Counter) -> str | None:
    """Why the rules forbid ``counter`` to attack at all, or None (14A4: CD mode)."""
    try:
        check_may_attack(counter.unit, load_coast_defence())
    except IllegalAttackError as exc:
        return str(exc)
    return None


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
    """Every stack not of the defender's side that may attack ``target``: adjacent stacks, and
    long-range artillery two hexes away (14A3). Adjacent first, then by hex. A stack whose
    counters may not attack (CD mode, 14A4) is listed with the reason and no counters."""
    defender = state.side_at(target)
    if defender is None:
        raise GameError(f"hex {state.hexmap.label(target)} is empty: there is nobody to attack")
    player = state.phasing_player
    # the phasing player attacks; with the defender phasing (set up anyway, the panel says why
    # not) every other side is offered
    attacker = player if player and player != defender else None
    near = {
        h: stack
        for h in state.graph.hexes_within(target, 2)
        if h != target
        and (stack := state.stack_at(h))
        and stack[0].side != defender
        and (attacker is None or stack[0].side == attacker)
    }
    found = []
    for crossing in state.graph.attack_crossings(target, near):
        in_range = [  # air units fight with air ratings, not ground strengths (16A, 23D1)
            c
            for c in near[crossing.hex]
            if not is_air_unit(c.unit) and (crossing.range == 1 or c.unit.range >= crossing.range)
        ]
        reasons = {c.uid: attack_barred(c) for c in in_range}
        barred = tuple((c, why) for c in in_range if (why := reasons[c.uid]) is not None)
        counters = tuple(c for c in in_range if reasons[c.uid] is None)
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


def ground_units(stack: list[Counter]) -> list[Counter]:
    """The counters of a stack that fight on the ground: all but air units, whose ratings are
    air attack and air defence (16A, 23D1)."""
    return [c for c in stack if not is_air_unit(c.unit)]


def main_feature(features: frozenset[str]) -> str | None:
    """The hexside feature a unit attacks across, the most telling first (major, minor river)."""
    if not features:
        return None
    return min(features, key=lambda f: (_FEATURE_WEIGHT.get(f, 9), f))


@dataclass
class AttackSetup:
    """What the player chose in the combat panel."""

    target: Hex
    attacker_uids: list[str]
    conditions: Conditions


def build_situation(state: GameState, setup: AttackSetup) -> CombatSituation:
    """The combat as the rules see it: each attacker with its range and the hexside feature it
    crosses (from the graph), the whole attacking force one pool for conversions (10.D: the unit
    a tank division converts may attack from another hex, across another hexside), the
    defender's terrain from the map, and an overrun when made in the movement phase (10.G).
    A counter the rules forbid to attack raises :class:`IllegalAttackError` whatever the
    ruleset (a CDA unit in CD mode, 14A4)."""
    in_target = state.stack_at(setup.target)
    defenders = ground_units(in_target)
    if not in_target:
        raise GameError(
            f"hex {state.hexmap.label(setup.target)} is empty: there is no one to attack"
        )
    if not defenders:
        raise GameError(
            f"hex {state.hexmap.label(setup.target)} holds no ground units to attack "
            "(air units fight with air ratings, not in ground combat: 16A, 23D1)"
        )
    attackers = counters_in(state, setup.attacker_uids)
    if not attackers:
        raise GameError("choose at least one attacking unit")
    if air := [c.unit.name for c in attackers if is_air_unit(c.unit)]:
        raise GameError(
            f"{', '.join(air)}: air units fight with air ratings, not in ground combat (16A, 23D1)"
        )
    hexes = {c.uid: state.hex_of(c.uid) for c in attackers}
    try:
        found = state.graph.attack_crossings(setup.target, set(hexes.values()))
    except ValueError as exc:  # a unit moved out of reach since the attack was set up
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
        why = attack_barred(counter)
        if why is not None:
            raise IllegalAttackError(why, "14A4")
        crossing = crossings[h]
        participants.append(
            Participant(
                unit=counter.unit.on(date),
                across=main_feature(crossing.features),
                range=crossing.range,
                hex=state.hexmap.label(h),
                # 10.B.4 says "stacked with", but 10.D's example "3/2 + 1/2" converts a unit
                # attacking from another hex: conversions reach the whole attacking force
                stack=None,
            )
        )
    label = state.hexmap.label(setup.target)
    conditions = replace(setup.conditions, terrain=state.hexmap.terrain[setup.target]).with_choices(
        overrun=is_overrun_phase(state.phase)
    )  # 10.G: the phase says if it is one
    return CombatSituation(
        ruleset=state.ruleset,
        attackers=tuple(participants),
        defenders=tuple(
            Participant(unit=c.unit.on(date), hex=label, stack=label) for c in defenders
        ),
        conditions=conditions,
    )


def evaluate_attack(state: GameState, setup: AttackSetup) -> Report:
    """The report the combat panel shows."""
    return get_ruleset(state.ruleset).evaluate(build_situation(state, setup))


@dataclass
class LossRequirement:
    """What one side must lose: at least ``points`` strength points from ``uids``, of which at
    least ``required_aec`` from armour / antitank capable units (10.F)."""

    side: str
    uids: list[str]
    """Counters subject to the result (long-range artillery at two hexes is not, 14A3)."""
    points: int
    eliminate_all: bool
    required_aec: Fraction
    strength: dict[str, int]
    """Strength points each counter is worth for this side's losses."""
    retreat_hexes: int
    exempt: list[str] = field(default_factory=list)


@dataclass
class Resolution:
    """A resolved attack awaiting the player's choices."""

    setup: AttackSetup
    report: Report
    result: CombatResult
    attacker: LossRequirement
    defender: LossRequirement
    exchange: bool
    _places: dict[str, dict[str, int]] = field(default_factory=dict, repr=False)
    """Each side's counters by their place among its participants, built on first use."""

    def place_of(self, uid: str, side: str) -> int | None:
        """The counter's place among its side's participants in the combat the rules
        evaluated (looked up at once: a big stack's losses ask per counter)."""
        if side not in self._places:
            order = self.setup.attacker_uids if side == "attacker" else self.defender.uids
            places: dict[str, int] = {}
            for i, u in enumerate(order):
                places.setdefault(u, i)
            self._places[side] = places
        return self._places[side].get(uid)


def _requirement(
    state: GameState, side_result: SideResult, uids: list[str], exempt: list[str], attack: bool
) -> LossRequirement:
    left_out = set(exempt)
    subject = [u for u in uids if u not in left_out]
    strength = {}
    for uid in subject:
        unit = state.counters[uid].unit
        value = unit.attack if attack else unit.defence
        strength[uid] = value if value is not None else 0
    total = sum(strength.values())
    points = max(side_result.loss_points, math.ceil(side_result.loss_fraction * total))
    return LossRequirement(
        side="attacker" if attack else "defender",
        uids=subject,
        points=total if side_result.eliminated else points,
        eliminate_all=side_result.eliminated,
        required_aec=side_result.required_losses,
        strength=strength,
        retreat_hexes=side_result.retreat_hexes,
        exempt=exempt,
    )


def resolve_attack(state: GameState, setup: AttackSetup, dice: Dice | None = None) -> Resolution:
    """Evaluate and roll (the game's seeded dice unless others are given, e.g. a typed-in roll)."""
    report = evaluate_attack(state, setup)
    result = get_ruleset(state.ruleset).resolve(report, dice or state.dice)
    defenders = [c.uid for c in ground_units(state.stack_at(setup.target))]
    two_hex = [  # 14A3: at two hexes LRA takes no combat result and is out of exchanges
        uid for uid in setup.attacker_uids if distance(state.hex_of(uid), setup.target) == 2
    ]
    own_crt = report.situation.conditions.crt  # the table the combat was fought on
    effect = (load_crt(own_crt) if own_crt else load_crt()).effects.get(result.code)
    return Resolution(
        setup=setup,
        report=report,
        result=result,
        attacker=_requirement(state, result.attacker, list(setup.attacker_uids), two_hex, True),
        defender=_requirement(state, result.defender, defenders, [], False),
        exchange=bool(effect and effect.exchange),
    )


def _aec_capable(
    counter: Counter, side: str, resolution: Resolution | None = None, *, converted: bool = True
) -> bool:
    """Can this counter take required AEC/ATEC losses: at least 1/2 of the capability used, or
    (with ``converted``) converted by a unit that has it (10.F.1, 10.F.2: "or converted units")?
    The rules say which units those were in ``resolution``; without it, the printed values."""
    side_result = None
    if resolution is not None:
        side_result = (
            resolution.result.attacker if side == "attacker" else resolution.result.defender
        )
    rule = side_result.required_by if side_result is not None else None
    if rule is None or resolution is None:
        unit = counter.unit
        values = (unit.aeca,) if side == "attacker" else (unit.aecd, unit.atec)
        return any(v in (AecValue.DOUBLE, AecValue.FULL, AecValue.HALF) for v in values)
    index = resolution.place_of(counter.uid, side)
    if index is None:
        return False
    aecd = rule.aec_capable or ()  # 10.F.1: AECD losses from the armour, beside ATEC's units
    return (
        rule.is_capable(index)
        or index in aecd
        or (converted and (rule.is_converted(index) or index in rule.aec_converted))
    )


def _points_by_index(
    resolution: Resolution, req: LossRequirement, uids: list[str]
) -> dict[int, int]:
    """Strength points of ``uids`` by their place among the side's participants (10.F)."""
    found = {}
    for uid in uids:
        index = resolution.place_of(uid, req.side)
        if index is not None:
            found[index] = req.strength[uid]
    return found


def loss_problems(state: GameState, resolution: Resolution, losses: list[str]) -> list[str]:
    """Why the chosen losses do not satisfy the result (empty when they do): too few, from the
    wrong units, or more than the result asks. A player loses what the result requires and no
    more: a counter that could be unticked with the result still met is refused, and so is
    eliminating a stack the result only makes retreat (unless it has no legal retreat)."""
    problems = _unmet(state, resolution, losses)
    other = [
        u
        for u in losses
        if u not in resolution.attacker.strength and u not in resolution.defender.strength
    ]
    if other:
        problems.append("only units taking part in the combat can be lost")
    if not problems:
        problems += _surplus_problems(state, resolution, losses)
    return problems


def _side_of(resolution: Resolution, uid: str) -> LossRequirement:
    return resolution.defender if uid in resolution.defender.strength else resolution.attacker


def points_needed(resolution: Resolution, req: LossRequirement, losses: list[str]) -> int:
    """The points ``req``'s side must lose with ``losses`` ticked: what Apply checks, and what the
    panel states. In an exchange the attacker loses at least what the defender lost (the CRT's
    exchange), so the attacker's number grows with the defender's losses ticked."""
    needed = req.points
    if req.side == "attacker" and resolution.exchange:
        defender_lost = sum(resolution.defender.strength.get(u, 0) for u in losses)
        needed = max(needed, min(defender_lost, sum(req.strength.values())))
    return needed


def sides_losing(resolution: Resolution) -> list[LossRequirement]:
    """The sides the result makes lose strength points, the defender first: the only ones a
    player ticks losses from (a stack with no legal retreat is eliminated without ticking)."""
    return [
        req
        for req in (resolution.defender, resolution.attacker)
        if req.uids and (req.eliminate_all or req.points > 0 or _owes_exchange(resolution, req))
    ]


def _owes_exchange(resolution: Resolution, req: LossRequirement) -> bool:
    """In an exchange the attacker loses as many points as the defender (the CRT's exchange)."""
    return req.side == "attacker" and resolution.exchange


def surplus_losses(state: GameState, resolution: Resolution, losses: list[str]) -> list[str]:
    """The ticked counters that could each be unticked with the result still met: losses the
    result does not require. Counters in a stack with no legal retreat are not counted (they
    are eliminated anyway).

    Only a counter whose side loses enough points without it is weighed against every rule
    (a whole side's elimination and too few points are plain sums), so a big stack's losses
    are judged without redoing every sum for every counter."""
    doomed = _no_retreat_uids(state, resolution)
    sides = (resolution.defender, resolution.attacker)
    lost = {req.side: sum(req.strength.get(u, 0) for u in losses) for req in sides}
    needed = {req.side: points_needed(resolution, req, losses) for req in sides}
    met = {req.side: not _side_unmet(state, resolution, req, losses) for req in sides}
    surplus = []
    for u in losses:
        fought = u in resolution.attacker.strength or u in resolution.defender.strength
        if u in doomed or not fought:
            continue
        req = _side_of(resolution, u)
        if req.eliminate_all or lost[req.side] - req.strength[u] < needed[req.side]:
            continue  # its side would lose too little without it
        if all(_met_without(state, resolution, losses, u, req, other, met) for other in sides):
            surplus.append(u)
    return surplus


def _met_without(
    state: GameState,
    resolution: Resolution,
    losses: list[str],
    uid: str,
    req: LossRequirement,
    other: LossRequirement,
    met: dict[str, bool],
) -> bool:
    """Whether ``other``'s side still has what the result asks when ``uid`` (of ``req``'s side,
    which loses enough points without it) is unticked."""
    if other is req and req.required_aec <= 0:
        return True  # points alone, and they suffice
    if other is not req and not (resolution.exchange and other.side == "attacker"):
        return met[other.side]  # what it must lose does not follow ``req``'s losses
    return not _side_unmet(state, resolution, other, [x for x in losses if x != uid])


def _no_retreat_uids(state: GameState, resolution: Resolution) -> set[str]:
    """Counters of a retreating side whose stack has no legal retreat end."""
    doomed: set[str] = set()
    for start, ends in retreat_options(state, resolution, []).items():
        if not ends:
            doomed |= {
                u
                for u in (*resolution.defender.uids, *resolution.attacker.uids)
                if state.hex_of(u) == start
            }
    return doomed


def _surplus_problems(state: GameState, resolution: Resolution, losses: list[str]) -> list[str]:
    """Why losses beyond the result are refused, side by side, in the player's words."""
    surplus = surplus_losses(state, resolution, losses)
    code = resolution.result.code
    problems = []
    for req in (resolution.defender, resolution.attacker):
        spare = [u for u in surplus if _side_of(resolution, u) is req]
        if not spare:
            continue
        names = ", ".join(state.counters[u].unit.name for u in spare)
        needed = points_needed(resolution, req, losses)
        if needed <= 0 and not req.eliminate_all:
            problem = f"the result {code} takes no losses from the {req.side}: untick {names}"
        else:
            problem = (
                f"more {req.side} losses than the result {code} requires ({needed} strength "
                f"points): {names} could be unticked and the result still met"
            )
        if req.retreat_hexes > 0:
            problem += (
                f"; the {req.side} retreats {req.retreat_hexes} hexes instead of being "
                "eliminated (only units with no legal retreat are eliminated)"
            )
        problems.append(problem)
    return problems


def _unmet(state: GameState, resolution: Resolution, losses: list[str]) -> list[str]:
    """What the chosen losses leave short of the result: points, whole-side elimination, and
    required armour/antitank losses (10.F)."""
    return [
        problem
        for req in (resolution.defender, resolution.attacker)
        for problem in _side_unmet(state, resolution, req, losses)
    ]


def _side_unmet(
    state: GameState, resolution: Resolution, req: LossRequirement, losses: list[str]
) -> list[str]:
    """What the chosen losses leave short of the result for ``req``'s side."""
    problems = []
    chosen = [u for u in losses if u in req.strength]
    lost = sum(req.strength[u] for u in chosen)
    needed = points_needed(resolution, req, losses)
    if req.eliminate_all and len(chosen) < len(req.uids):
        problems.append(f"the result eliminates every {req.side} unit ({resolution.result.code})")
    elif lost < needed:
        problems.append(
            f"the {req.side} must lose at least {needed} strength points "
            f"({resolution.result.code}); {lost} chosen"
        )
    side_result = (
        resolution.result.attacker if req.side == "attacker" else resolution.result.defender
    )
    loss_rule = side_result.required_by
    if req.required_aec > 0 and not req.eliminate_all and loss_rule is not None:
        # 10.F: capable units, converted ones at most half the points lost, and a whole
        # division's intrinsic ATEC (10.F.2 exception): the rules count it
        chosen_points = _points_by_index(resolution, req, chosen)
        short = loss_rule.shortfall(chosen_points, _points_by_index(resolution, req, req.uids))
        if short is not None:
            aec = loss_rule.counted(chosen_points)
            cap = (
                f", converted units counting at most half the {lost} points lost"
                if loss_rule.converted
                else ""
            )
            if loss_rule.aec_capable is not None:  # AECD from armour, ATEC from AT units
                cap += (
                    f"; {loss_rule.fixed} of them from armour with AECD (10.F.1), the "
                    "others from units with ATEC (10.F.2), a point counting for one only"
                )
            problems.append(
                f"at least {short} of the {req.side}'s losses must come from armour/antitank "
                f"units ({loss_rule.rule}); {aec} chosen{cap}"
            )
    elif req.required_aec > 0 and not req.eliminate_all:
        aec = sum(req.strength[u] for u in chosen if _aec_capable(state.counters[u], req.side))
        if aec < min(req.required_aec, lost) and aec < sum(
            req.strength[u] for u in req.uids if _aec_capable(state.counters[u], req.side)
        ):
            rule = "10.F.1" if req.side == "attacker" else "10.F.2"
            problems.append(
                f"at least {fmt(req.required_aec)} of the {req.side}'s losses must come from "
                f"armour/antitank units ({rule}); {aec} chosen"
            )
    return problems


_Picked = tuple[str, "_Picked"] | None
"""Counters picked, the latest first, each sharing the rest with the totals it grew from."""

EXACT_LOSS_WORK = 200_000
"""Steps (counters times totals) the least-loss search may take. A rulebook combat takes a few
hundred; past this (hundreds of counters in one combat) the suggestion is the strongest counters
that fit and then the weakest that completes the loss, found in one pass."""


def fewest_points(uids: list[str], strength: dict[str, int], needed: int) -> list[str]:
    """The counters whose strengths reach ``needed`` with the least to spare (then the fewest
    counters): a player loses no more than the result asks. All of them if even that is short.
    Past :data:`EXACT_LOSS_WORK`, the strongest that fit and the weakest that completes it.

    >>> fewest_points(["inf", "aa", "art"], {"inf": 8, "aa": 1, "art": 2}, 6)
    ['inf']
    """
    if needed <= 0:
        return []
    if sum(strength[u] for u in uids) <= needed:
        return list(uids)
    ordered = sorted(uids, key=lambda u: (-strength[u], u))
    if len(ordered) * (needed + strength[ordered[0]]) > EXACT_LOSS_WORK:
        return _strongest_that_fit(ordered, strength, needed)
    # total -> (the fewest counters making it, the last of them and the rest as a chain)
    best: dict[int, tuple[int, _Picked]] = {0: (0, None)}
    for uid in ordered:
        for total, (count, picked) in list(best.items()):
            if total >= needed:
                continue
            grown = total + strength[uid]
            if grown not in best or best[grown][0] > count + 1:
                best[grown] = (count + 1, (uid, picked))
    reach = min(t for t in best if t >= needed)
    chosen: list[str] = []
    link = best[reach][1]
    while link is not None:
        chosen.append(link[0])
        link = link[1]
    return chosen[::-1]


def _strongest_that_fit(ordered: list[str], strength: dict[str, int], needed: int) -> list[str]:
    """Counters (strongest first) whose strengths reach ``needed``: each that still fits under
    it, then the weakest of the others, each of which would pass it."""
    picked: list[str] = []
    total = 0
    for uid in ordered:
        if 0 < strength[uid] <= needed - total:
            picked.append(uid)
            total += strength[uid]
    if total < needed:
        taken = set(picked)
        rest = [u for u in ordered if u not in taken and strength[u] > 0]
        picked.append(min(rest, key=lambda u: (strength[u], u)))
    return picked


def suggested_losses(state: GameState, resolution: Resolution) -> list[str]:
    """A legal choice of losses that loses as little as the result allows: required armour /
    antitank losses from capable units first (10.F), the rest from any unit."""
    chosen: list[str] = []
    for req in (resolution.defender, resolution.attacker):
        if req.eliminate_all:
            chosen += req.uids
            continue
        needed = points_needed(resolution, req, chosen)  # the defender's losses are chosen first
        required = min(needed, math.ceil(req.required_aec))
        capable = [
            u
            for u in req.uids
            if _aec_capable(state.counters[u], req.side, resolution, converted=False)
        ]
        first = fewest_points(capable, req.strength, required)
        short = required - sum(req.strength[u] for u in first)
        if short > 0:  # 10.F.1: converted units make up the rest
            taken = set(first)
            converted = [
                u
                for u in req.uids
                if u not in taken and _aec_capable(state.counters[u], req.side, resolution)
            ]
            first += fewest_points(converted, req.strength, short)
        taken = set(first)
        rest = [u for u in req.uids if u not in taken]
        done = sum(req.strength[u] for u in first)
        chosen += first + fewest_points(rest, req.strength, needed - done)
    # armour picked first may turn out not needed beside a bigger unit that is armour too:
    # drop what the result does not require, the strongest first (the least lost)
    while spare := surplus_losses(state, resolution, chosen):
        drop = max(spare, key=lambda u: (_side_of(resolution, u).strength[u], u))
        chosen.remove(drop)
    return chosen


def retreat_options(
    state: GameState,
    resolution: Resolution,
    losses: list[str],
    rules: RetreatRules | None = None,
) -> dict[Hex, dict[Hex, tuple[Hex, ...]]]:
    """For every stack of the losing side that must retreat: each legal end hex with its path
    (from the board's retreat-path query, blocked as the ruleset's ``retreat`` rules say unless
    ``rules`` are given). A stack with no legal end is eliminated."""
    rules = rules or get_ruleset(state.ruleset).retreat
    options: dict[Hex, dict[Hex, tuple[Hex, ...]]] = {}
    target = resolution.setup.target
    for req in (resolution.defender, resolution.attacker):
        if req.retreat_hexes <= 0:
            continue
        lost = set(losses)
        survivors = [u for u in req.uids if u not in lost]
        starts = sorted({state.hex_of(u) for u in survivors})
        for start in starts:
            side = state.counters[survivors[0]].side
            away_from = (
                {state.hex_of(u) for u in resolution.attacker.uids + resolution.attacker.exempt}
                if req.side == "defender"
                else {target}
            )
            options[start] = retreat_ends(state, rules, start, req.retreat_hexes, side, away_from)
    return options


def apply_combat_command(
    state: GameState,
    resolution: Resolution,
    losses: list[str],
    retreats: dict[Hex, Hex],
    advance: list[str],
) -> ApplyCombat:
    """The undoable command for the player's choices; :class:`GameError` lists what is wrong."""
    problems = loss_problems(state, resolution, losses)
    options = retreat_options(state, resolution, losses)
    moves: dict[str, Hex] = {}
    eliminated = list(losses)
    retreat_words: list[str] = []
    notes = [f"retreat: {get_ruleset(state.ruleset).retreat.describe()}"] if options else []
    lost = set(losses)
    for start, ends in options.items():
        stack = [
            u
            for u in (*resolution.defender.uids, *resolution.attacker.uids)
            if u not in lost and state.hex_of(u) == start
        ]
        label = state.hexmap.label(start)
        if not ends:
            eliminated += stack
            notes.append(f"units in {label} have no legal retreat and are eliminated")
            retreat_words.append(
                f"{_units_in_words(state, stack)} in {label}: no legal retreat, eliminated"
            )
            continue
        end = retreats.get(start)
        if end is None:
            problems.append(f"choose where the units in {label} retreat to")
        elif end not in ends:
            problems.append(f"{state.hexmap.label(end)} is not a legal retreat end from {label}")
        else:
            moves.update({u: end for u in stack})
            notes.append(f"units in {label} retreat to {state.hexmap.label(end)}")
            retreat_words.append(
                f"{_units_in_words(state, stack)}: {label} -> {state.hexmap.label(end)}"
            )
    target = resolution.setup.target
    if advance:
        gone = set(eliminated)
        vacated = all(u in gone or u in moves for u in resolution.defender.uids)
        if not resolution.result.advance:
            problems.append(f"the result {resolution.result.code} allows no advance")
        elif not vacated:
            problems.append("the attacker may advance only into a vacated hex")
        elif left := [
            c.unit.name for c in state.stack_at(target) if c.uid not in gone and c.uid not in moves
        ]:
            # air units at a base take no part in ground combat (16A); what becomes of them when
            # the hex falls is not in the rules texts, so hexcombat does not guess
            problems.append(
                f"the attacker may not advance into {state.hexmap.label(target)} while enemy "
                f"air units stand there ({', '.join(left)}): the rules texts do not say what "
                "becomes of them; move or remove them first"
            )
        exempt, attackers = set(resolution.attacker.exempt), set(resolution.attacker.uids)
        for uid in advance:
            if uid in exempt:
                problems.append("long-range artillery firing at two hexes may not advance (14A3)")
            elif uid not in attackers or uid in gone:
                problems.append("only surviving attackers may advance")
        moves.update({u: target for u in advance})
        if advance:
            notes.append(f"{len(advance)} unit(s) advance into {state.hexmap.label(target)}")
    if problems:
        raise GameError("; ".join(dict.fromkeys(problems)))
    entry = log_entry(state, resolution, eliminated, notes)
    entry.losses = _lost_in_words(state, losses)
    entry.retreats = retreat_words
    entry.advance = _advance_in_words(state, advance, target)
    pending = state.pending_roll  # the roll being applied: when it was made
    if pending is not None and pending.resolution is resolution:
        entry.rolled_at = pending.entry.rolled_at
    return ApplyCombat(eliminated, moves, entry)


def _units_in_words(state: GameState, uids: list[str]) -> str:
    """``Tank XXX ×2, Tank X``: the units by name, alike ones counted, in the order given."""
    counts: dict[str, int] = {}
    for uid in uids:
        name = state.counters[uid].unit.name
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} \u00d7{n}" for name, n in counts.items())


def _by_hex(state: GameState, uids: list[str]) -> dict[tuple[str, Hex], list[str]]:
    """``uids`` grouped by side and hex, in the order given."""
    groups: dict[tuple[str, Hex], list[str]] = {}
    for uid in uids:
        groups.setdefault((state.counters[uid].side, state.hex_of(uid)), []).append(uid)
    return groups


def _lost_in_words(state: GameState, losses: list[str]) -> list[str]:
    """The losses for the log: ``German: AT X ×2 in 0504``, one line per side and hex."""
    return [
        f"{side}: {_units_in_words(state, uids)} in {state.hexmap.label(h)}"
        for (side, h), uids in _by_hex(state, losses).items()
    ]


def _advance_in_words(state: GameState, advance: list[str], target: Hex) -> list[str]:
    """The advance for the log: ``Tank XXX ×3 from 0404 into 0504``, one line per hex left."""
    into = state.hexmap.label(target)
    return [
        f"{_units_in_words(state, uids)} from {state.hexmap.label(h)} into {into}"
        for (_side, h), uids in _by_hex(state, advance).items()
    ]


def log_entry(
    state: GameState, resolution: Resolution, eliminated: list[str], notes: list[str]
) -> CombatLogEntry:
    """The combat log's record: a one-line summary and the full working."""
    result, report = resolution.result, resolution.report
    label = state.hexmap.label(resolution.setup.target)
    sources = sorted({state.hexmap.label(state.hex_of(u)) for u in resolution.setup.attacker_uids})
    text = (
        f"{', '.join(sources)} -> {label}: {report.odds}, DRM {result.drm:+d}, "
        f"roll {result.die} = {result.modified_roll}: {result.code}"
    )
    details = [f"{s.rule}: {s.text}" for s in report.steps]
    details += [f"{s.rule}: {s.text}" for s in result.steps]
    if eliminated:
        names = ", ".join(state.counters[u].unit.name for u in eliminated)
        details.append(f"eliminated: {names}")
    details += notes
    return CombatLogEntry(text, details)
