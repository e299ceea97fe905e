"""An attack on the map, resolved: what each side must lose, and the retreats open to it.

The other jobs of an attack have their own modules, re-exported here so callers keep their
imports: who may take part (:mod:`~hexcombat.game.candidates`), the combat situation the rules
evaluate (:mod:`~hexcombat.game.attack_setup`), applying the player's choices
(:mod:`~hexcombat.game.apply_result`) and the combat log's words
(:mod:`~hexcombat.game.combat_log`).
"""

from __future__ import annotations

import importlib
import math
from dataclasses import dataclass, field
from fractions import Fraction

from hexcombat.board.hexes import Hex
from hexcombat.game.attack_setup import (
    AttackSetup,
    build_situation,
    evaluate_attack,
    ground_units,
    main_feature,
)
from hexcombat.game.candidates import (
    Candidate,
    attack_barred,
    attack_candidates,
    phasing_refusal,
)
from hexcombat.game.retreat import retreat_ends
from hexcombat.game.state import Counter, GameState
from hexcombat.rules.combat import load_crt
from hexcombat.rules.dice import Dice
from hexcombat.rules.explain import fmt
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import CombatResult, Report, SideResult
from hexcombat.rules.retreat import RetreatRules
from hexcombat.rules.units import AecValue

__all__ = [
    "AttackSetup",
    "Candidate",
    "LossRequirement",
    "Resolution",
    "attack_barred",
    "attack_candidates",
    "build_situation",
    "evaluate_attack",
    "fewest_points",
    "ground_units",
    "loss_problems",
    "main_feature",
    "phasing_refusal",
    "points_needed",
    "resolve_attack",
    "retreat_options",
    "sides_losing",
    "suggested_losses",
    "surplus_losses",
]

_ABOVE = {
    "apply_combat_command": "hexcombat.game.apply_result",
    "log_entry": "hexcombat.game.combat_log",
}
"""Names whose modules build on this one: looked up when asked for (``from
hexcombat.game.attack import apply_combat_command`` keeps working) so this module imports none
of them and the import graph stays without circles."""


def __getattr__(name: str) -> object:
    """A name of a module above this one (see :data:`_ABOVE`)."""
    module = _ABOVE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


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
    ruleset = get_ruleset(state.ruleset)
    situation = build_situation(state, setup)
    report = ruleset.evaluate(situation)
    result = ruleset.resolve(report, dice or state.dice)
    defenders = [c.uid for c in ground_units(ruleset, state.stack_at(setup.target))]
    exempt = [  # attackers the result leaves alone, as the ruleset says of each
        uid
        for uid, fought in zip(setup.attacker_uids, situation.attackers, strict=True)
        if ruleset.result_exemption(fought) is not None
    ]
    own_crt = report.situation.conditions.crt  # the table the combat was fought on
    effect = (load_crt(own_crt) if own_crt else load_crt()).effects.get(result.code)
    return Resolution(
        setup=setup,
        report=report,
        result=result,
        attacker=_requirement(state, result.attacker, list(setup.attacker_uids), exempt, True),
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
