"""The Europa loss policy, shared by ``total-war`` and ``armour-ratio``: a result takes strength
points from each side (a share of its strength, rounded up, or all of it), an exchange makes the
attacker lose at least what the defender loses, and part of the losses may have to come from the
armour or anti-tank units (10.F, 10.F.1, 10.F.2). A player loses what the result requires and no
more. Participants are named by their stable ids (the counter's id in a game)."""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from hexcombat.rules.explain import fmt
from hexcombat.rules.losses import LossKind
from hexcombat.rules.report import CombatResult, Report, SideResult
from hexcombat.rules.situation import Participant
from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.europa.combat import CombatResultsTable
from hexcombat.rulesets.europa.features import required_of
from hexcombat.rulesets.europa.units import AecValue, europa

TWO_HEXES = 2
"""Long-range artillery firing at two hexes is not subject to the result (14A3)."""

_CAPABLE = (AecValue.DOUBLE, AecValue.FULL, AecValue.HALF)
"""At least 1/2 AEC/ATEC: a unit that may take required losses as itself (10.F.1, 10.F.2)."""


@dataclass
class LossRequirement:
    """What one side must lose: at least ``points`` strength points from ``uids``, of which at
    least ``required_aec`` from armour / antitank capable units (10.F)."""

    side: SideName
    uids: list[str]
    """Participant ids subject to the result (long-range artillery at two hexes is not, 14A3)."""
    points: int
    eliminate_all: bool
    required_aec: Fraction
    strength: dict[str, int]
    """Strength points each participant is worth for this side's losses."""
    retreat_hexes: int
    exempt: list[str] = field(default_factory=list)
    """Participant ids the result does not touch (14A3)."""


def europa_loss_policy(
    report: Report, result: CombatResult, crt: CombatResultsTable
) -> EuropaLosses:
    """The loss policy of ``result``, rolled on ``crt`` (the table the combat was fought on),
    which says whether the result is an exchange."""
    effect = crt.effects.get(result.code)
    return EuropaLosses(report, result, exchange=bool(effect and effect.exchange))


def participant_ids(side: SideName, participants: Sequence[Participant]) -> list[str]:
    """Each participant's stable id; one without (a scenario with no map) is named by its side
    and place, ``attacker-1``, ``defender-2``."""
    return [p.id if p.id is not None else f"{side}-{i}" for i, p in enumerate(participants, 1)]


def _requirement(
    side: SideName,
    side_result: SideResult,
    members: Sequence[tuple[str, Participant]],
    exempt: Collection[str],
    required: Fraction,
) -> LossRequirement:
    """A side's losses in strength points: attack strength for the attacker, defence strength
    for the defender, the result's share rounded up (or all of it when it is eliminated)."""
    subject = [pid for pid, _ in members if pid not in exempt]
    strength: dict[str, int] = {}
    for pid, p in members:
        if pid not in exempt:
            value = p.unit.attack if side == "attacker" else p.unit.defence
            strength[pid] = (value if value is not None else 0) * p.count
    total = sum(strength.values())
    points = max(side_result.loss_points, math.ceil(side_result.loss_fraction * total))
    return LossRequirement(
        side=side,
        uids=subject,
        points=total if side_result.eliminated else points,
        eliminate_all=side_result.eliminated,
        required_aec=required,
        strength=strength,
        retreat_hexes=side_result.retreat_hexes,
        exempt=[pid for pid, _ in members if pid in exempt],
    )


class EuropaLosses:
    """The losses of one resolved Europa combat (a :class:`~hexcombat.rules.losses.LossPolicy`):
    what each side must lose in strength points, which choices meet it, and why one does not."""

    kind: LossKind = "strength-points"

    def __init__(self, report: Report, result: CombatResult, *, exchange: bool) -> None:
        """``exchange``: the result is an exchange (the CRT's effect for ``result.code``): the
        attacker loses at least as many points as the defender loses."""
        situation = report.situation
        self.code = result.code
        self.exchange = exchange
        self.result = result
        attackers = _members("attacker", situation.attackers)
        defenders = _members("defender", situation.defenders)
        two_hex = {pid for pid, p in attackers if p.range == TWO_HEXES}  # 14A3
        self.attacker = _requirement(
            "attacker",
            result.attacker,
            attackers,
            two_hex,
            required_of(result, "attacker").required_losses,
        )
        self.defender = _requirement(
            "defender",
            result.defender,
            defenders,
            (),
            required_of(result, "defender").required_losses,
        )
        self._units = {pid: p.unit for pid, p in (*defenders, *attackers)}
        self._places: dict[SideName, dict[str, int]] = {
            side: _first_places(pid for pid, _ in members)
            for side, members in (("attacker", attackers), ("defender", defenders))
        }

    # -- the LossPolicy protocol --

    def offered(self, side: SideName) -> list[str]:
        """The participants of ``side`` a player ticks losses from: none when the result takes
        no strength points from it."""
        req = self.side(side)
        return list(req.uids) if any(r is req for r in self.losing()) else []

    def worth(self, side: SideName) -> Mapping[str, int]:
        """Strength points each participant of ``side`` is worth: attack for the attacker,
        defence for the defender."""
        return dict(self.side(side).strength)

    def needed(self, side: SideName, chosen: Collection[str]) -> int:
        """The points ``side`` must lose with ``chosen`` ticked. In an exchange the attacker
        loses at least what the defender lost (the CRT's exchange), so the attacker's number
        grows with the defender's losses ticked."""
        req = self.side(side)
        needed = req.points
        if side == "attacker" and self.exchange:
            defender_lost = sum(self.defender.strength.get(u, 0) for u in chosen)
            needed = max(needed, min(defender_lost, sum(req.strength.values())))
        return needed

    def problems(self, chosen: Collection[str], lost_anyway: Collection[str] = ()) -> list[str]:
        """Why the chosen losses do not satisfy the result (empty when they do): too few, from
        the wrong units, or more than the result asks. A player loses what the result requires
        and no more: a participant that could be unticked with the result still met is refused,
        and so is eliminating a stack the result only makes retreat. ``lost_anyway`` are lost
        whatever is chosen (a stack with no legal retreat): never refused as too many."""
        chosen = list(chosen)
        problems = self.unmet(chosen)
        if any(u not in self.attacker.strength and u not in self.defender.strength for u in chosen):
            problems.append("only units taking part in the combat can be lost")
        if not problems:
            problems += self._surplus_problems(chosen, lost_anyway)
        return problems

    def suggested(self, lost_anyway: Collection[str] = ()) -> list[str]:
        """A legal choice of losses that loses as little as the result allows: required armour
        / antitank losses from capable units first (10.F), the rest from any unit."""
        chosen: list[str] = []
        for req in (self.defender, self.attacker):
            if req.eliminate_all:
                chosen += req.uids
                continue
            needed = self.needed(req.side, chosen)  # the defender's losses are chosen first
            required = min(needed, math.ceil(req.required_aec))
            capable = [u for u in req.uids if self._aec_capable(u, req.side, converted=False)]
            first = fewest_points(capable, req.strength, required)
            short = required - sum(req.strength[u] for u in first)
            if short > 0:  # 10.F.1: converted units make up the rest
                taken = set(first)
                converted = [
                    u for u in req.uids if u not in taken and self._aec_capable(u, req.side)
                ]
                first += fewest_points(converted, req.strength, short)
            taken = set(first)
            rest = [u for u in req.uids if u not in taken]
            done = sum(req.strength[u] for u in first)
            chosen += first + fewest_points(rest, req.strength, needed - done)
        # armour picked first may turn out not needed beside a bigger unit that is armour too:
        # drop what the result does not require, the strongest first (the least lost)
        while spare := self.surplus(chosen, lost_anyway):
            drop = max(spare, key=lambda u: (self._side_of(u).strength[u], u))
            chosen.remove(drop)
        return chosen

    # -- the rest of what the game and the panel ask --

    def side(self, side: SideName) -> LossRequirement:
        """What ``side`` must lose."""
        return self.attacker if side == "attacker" else self.defender

    def losing(self) -> list[LossRequirement]:
        """The sides the result makes lose strength points, the defender first: the only ones a
        player ticks losses from."""
        return [
            req
            for req in (self.defender, self.attacker)
            if req.uids
            and (req.eliminate_all or req.points > 0 or (req.side == "attacker" and self.exchange))
        ]

    def unmet(self, chosen: Collection[str]) -> list[str]:
        """What the chosen losses leave short of the result: points, whole-side elimination,
        and required armour/antitank losses (10.F)."""
        return [
            problem
            for req in (self.defender, self.attacker)
            for problem in self._side_unmet(req, chosen)
        ]

    def surplus(self, chosen: Collection[str], lost_anyway: Collection[str] = ()) -> list[str]:
        """The chosen participants that could each be unticked with the result still met:
        losses the result does not require (``lost_anyway`` are not counted: they are lost
        whatever is chosen).

        Only a participant whose side loses enough points without it is weighed against every
        rule (a whole side's elimination and too few points are plain sums), so a big stack's
        losses are judged without redoing every sum for every participant."""
        chosen = list(chosen)
        doomed = set(lost_anyway)
        sides = (self.defender, self.attacker)
        lost = {req.side: sum(req.strength.get(u, 0) for u in chosen) for req in sides}
        needed = {req.side: self.needed(req.side, chosen) for req in sides}
        met = {req.side: not self._side_unmet(req, chosen) for req in sides}
        found = []
        for u in chosen:
            fought = u in self.attacker.strength or u in self.defender.strength
            if u in doomed or not fought:
                continue
            req = self._side_of(u)
            if req.eliminate_all or lost[req.side] - req.strength[u] < needed[req.side]:
                continue  # its side would lose too little without it
            if all(self._met_without(chosen, u, req, other, met) for other in sides):
                found.append(u)
        return found

    # -- 10.F --

    def place_of(self, pid: str, side: SideName) -> int | None:
        """The participant's place among its side's participants, as the rules name units in
        the required-loss rule (10.F)."""
        return self._places[side].get(pid)

    def _side_of(self, pid: str) -> LossRequirement:
        return self.defender if pid in self.defender.strength else self.attacker

    def _aec_capable(self, pid: str, side: SideName, *, converted: bool = True) -> bool:
        """Can this participant take required AEC/ATEC losses: at least 1/2 of the capability
        used, or (with ``converted``) converted by a unit that has it (10.F.1, 10.F.2: "or
        converted units")? The result's rule says which units those were; without one, the
        unit's own values."""
        rule = required_of(self.result, side).required_by
        if rule is None:
            unit = self._units[pid]
            values = (
                (europa(unit).aeca,)
                if side == "attacker"
                else (europa(unit).aecd, europa(unit).atec)
            )
            return any(v in _CAPABLE for v in values)
        index = self.place_of(pid, side)
        if index is None:
            return False
        aecd = rule.aec_capable or ()  # 10.F.1: AECD losses from the armour, beside ATEC's units
        return (
            rule.is_capable(index)
            or index in aecd
            or (converted and (rule.is_converted(index) or index in rule.aec_converted))
        )

    def _points_by_index(self, req: LossRequirement, pids: Iterable[str]) -> dict[int, int]:
        """Strength points of ``pids`` by their place among the side's participants (10.F)."""
        found = {}
        for pid in pids:
            index = self.place_of(pid, req.side)
            if index is not None:
                found[index] = req.strength[pid]
        return found

    def _side_unmet(self, req: LossRequirement, chosen: Collection[str]) -> list[str]:
        """What the chosen losses leave short of the result for ``req``'s side."""
        problems = []
        mine = [u for u in chosen if u in req.strength]
        lost = sum(req.strength[u] for u in mine)
        needed = self.needed(req.side, chosen)
        if req.eliminate_all and len(mine) < len(req.uids):
            problems.append(f"the result eliminates every {req.side} unit ({self.code})")
        elif lost < needed:
            problems.append(
                f"the {req.side} must lose at least {needed} strength points "
                f"({self.code}); {lost} chosen"
            )
        if req.required_aec <= 0 or req.eliminate_all:
            return problems
        loss_rule = required_of(self.result, req.side).required_by
        if loss_rule is not None:
            # 10.F: capable units, converted ones at most half the points lost, and a whole
            # division's intrinsic ATEC (10.F.2 exception): the rule counts it
            chosen_points = self._points_by_index(req, mine)
            short = loss_rule.shortfall(chosen_points, self._points_by_index(req, req.uids))
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
                    f"at least {short} of the {req.side}'s losses must come from "
                    f"armour/antitank units ({loss_rule.rule}); {aec} chosen{cap}"
                )
            return problems
        aec = sum(req.strength[u] for u in mine if self._aec_capable(u, req.side))
        if aec < min(req.required_aec, lost) and aec < sum(
            req.strength[u] for u in req.uids if self._aec_capable(u, req.side)
        ):
            rule = "10.F.1" if req.side == "attacker" else "10.F.2"
            problems.append(
                f"at least {fmt(req.required_aec)} of the {req.side}'s losses must come from "
                f"armour/antitank units ({rule}); {aec} chosen"
            )
        return problems

    def _met_without(
        self,
        chosen: list[str],
        pid: str,
        req: LossRequirement,
        other: LossRequirement,
        met: dict[SideName, bool],
    ) -> bool:
        """Whether ``other``'s side still has what the result asks when ``pid`` (of ``req``'s
        side, which loses enough points without it) is unticked."""
        if other is req and req.required_aec <= 0:
            return True  # points alone, and they suffice
        if other is not req and not (self.exchange and other.side == "attacker"):
            return met[other.side]  # what it must lose does not follow ``req``'s losses
        return not self._side_unmet(other, [x for x in chosen if x != pid])

    def _surplus_problems(self, chosen: list[str], lost_anyway: Collection[str]) -> list[str]:
        """Why losses beyond the result are refused, side by side, in the player's words."""
        surplus = self.surplus(chosen, lost_anyway)
        problems = []
        for req in (self.defender, self.attacker):
            spare = [u for u in surplus if self._side_of(u) is req]
            if not spare:
                continue
            names = ", ".join(self._units[u].name for u in spare)
            needed = self.needed(req.side, chosen)
            if needed <= 0 and not req.eliminate_all:
                problem = (
                    f"the result {self.code} takes no losses from the {req.side}: untick {names}"
                )
            else:
                problem = (
                    f"more {req.side} losses than the result {self.code} requires ({needed} "
                    f"strength points): {names} could be unticked and the result still met"
                )
            if req.retreat_hexes > 0:
                hexes = "hex" if req.retreat_hexes == 1 else "hexes"
                problem += (
                    f"; the {req.side} retreats {req.retreat_hexes} {hexes} instead of being "
                    "eliminated (only units with no legal retreat are eliminated)"
                )
            problems.append(problem)
        return problems


def _members(side: SideName, participants: Sequence[Participant]) -> list[tuple[str, Participant]]:
    """Each participant of ``side`` with its id."""
    return list(zip(participant_ids(side, participants), participants, strict=True))


def _first_places(pids: Iterable[str]) -> dict[str, int]:
    """Each id's first place in ``pids``."""
    places: dict[str, int] = {}
    for i, pid in enumerate(pids):
        places.setdefault(pid, i)
    return places


_Picked = tuple[str, "_Picked"] | None
"""Participants picked, the latest first, each sharing the rest with the totals it grew from."""

EXACT_LOSS_WORK = 200_000
"""Steps (participants times totals) the least-loss search may take. A rulebook combat takes a
few hundred; past this (hundreds of counters in one combat) the suggestion is the strongest that
fit and then the weakest that completes the loss, found in one pass."""


def fewest_points(uids: list[str], strength: Mapping[str, int], needed: int) -> list[str]:
    """The participants whose strengths reach ``needed`` with the least to spare (then the
    fewest): a player loses no more than the result asks. All of them if even that is short.
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
    # total -> (the fewest participants making it, the last of them and the rest as a chain)
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


def _strongest_that_fit(ordered: list[str], strength: Mapping[str, int], needed: int) -> list[str]:
    """Participants (strongest first) whose strengths reach ``needed``: each that still fits
    under it, then the weakest of the others, each of which would pass it."""
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
