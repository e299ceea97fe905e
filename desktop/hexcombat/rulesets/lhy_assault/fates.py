"""How each unit ends an assault, exactly: the table roll, its casualties as suggested, then
every follow-up in the order the game makes them (each cohesion check, urban assault, vehicle
destruction attempt on the first target offered, and the checks a destroyed vehicle's collateral
damage calls for), over every face of every die.

The units' chances are kept as independent groups: a cohesion check reads and changes its own
unit alone, so it never ties units together; an urban assault ties the combat units of its side
(which of them is best still standing), a vehicle destruction attempt the vehicles it may choose
and the units beside them (good order for the +3, collateral damage). Only those are worked out
together, so a dozen units checking cohesion cost a dozen small sums, not 2 to the power 12.
Markers alone (Heroic removed, riders unloading) change no unit's fate and are left out.

A follow-up is made with the units it reads only (a vehicle destruction attempt: its targets, the
units in their hexes and the first of its side able to try), the others of their group set
aside; a unit no later follow-up reads keeps its own chances apart. The sums are the same.

Whether a side comes out unharmed (no loss, no retreat) is not a product over those groups: a
group's units keep only their own chances once no later follow-up reads them together (an urban
assault's two tied squads are each hit half the time, never both, never neither). So each side
the table roll leaves unharmed has a stand-in unit (:data:`UNHARMED`), standing until one of the
side's units loses a step, is eliminated or retreats, and read by every follow-up that may do
that; its own chance of standing is the side's chance, worked out like any unit's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from hexcombat.rules.dice import DiceWanted, ScriptedDice
from hexcombat.rules.effects import Effect
from hexcombat.rules.follow_ups import FollowUp, FollowUpResult
from hexcombat.rules.report import CombatResult, Report
from hexcombat.rules.status import FRESH, UnitStatus
from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.lhy_assault.vocab import is_combat, is_vehicle, kind

Units = tuple[tuple[str, UnitStatus], ...]
"""Units still standing, by id, with their status (a unit of the group not listed is gone)."""
Group = tuple[frozenset[str], dict[Units, Fraction]]
"""Units whose chances are tied together, and each way they may stand with its chance."""
Resolver = Callable[[Report, FollowUp, Mapping[str, UnitStatus], ScriptedDice, str | None],
                    FollowUpResult]  # fmt: skip
Branch = tuple[tuple[Effect, ...], tuple[FollowUp, ...], Fraction]
MARKERS_ONLY = frozenset({"heroic-markers", "unload"})
UNHARMED: dict[SideName, str] = {"attacker": "unharmed:attacker", "defender": "unharmed:defender"}
"""Each side's stand-in unit: standing while the side is unharmed (see the module's text)."""
HARMS = frozenset({"eliminate", "lose-steps", "retreat"})
"""The effects that harm their side (docs/rules.md: unharmed is no loss, no retreat); a state
or a marker (disrupted, regrouping) does not."""
OTHER: dict[SideName, SideName] = {"attacker": "defender", "defender": "attacker"}


@dataclass(frozen=True)
class Fates:
    """Every participant's end-state chances, and each result's chance of sparing each side."""

    units: dict[str, dict[str, Fraction]]
    """Each participant's chance of ending good-order, disrupted or eliminated."""
    unharmed: tuple[dict[SideName, Fraction], ...]
    """For each result, in the order given: each side's exact chance to come out of it and
    every follow-up it calls for unharmed. Empty, as ``units``, when a follow-up reached
    beyond the units it was worked out with."""


class Untracked(Exception):
    """A follow-up reached units outside those it was worked out with: no fates rather than
    wrong ones."""


def apply(units: Units, effects: Iterable[Effect], steps: Mapping[str, int]) -> Units:
    """``units`` after ``effects``: a unit that loses its last step, or is eliminated, goes; so
    does its side's :data:`UNHARMED` stand-in when one of them loses a step, goes or retreats."""
    now = dict(units)
    for effect in effects:
        if effect.kind in HARMS and any(pid in now for pid in effect.targets):
            now.pop(UNHARMED[effect.side], None)
        for pid in effect.targets:
            if pid not in now:
                continue
            status = now[pid]
            if effect.kind == "eliminate":
                del now[pid]
            elif effect.kind == "lose-steps":
                lost = status.steps_lost + int(effect.amount)
                if lost >= steps[pid]:
                    del now[pid]
                else:
                    now[pid] = replace(status, steps_lost=lost)
            elif effect.kind == "set-state":
                now[pid] = replace(status, state=effect.state)
            elif effect.kind == "add-marker":
                now[pid] = replace(status, markers=status.markers | {effect.state})
            elif effect.kind == "remove-marker":
                now[pid] = replace(status, markers=status.markers - {effect.state})
    return tuple(sorted(now.items()))


def unit_fates(
    report: Report,
    results: Iterable[tuple[CombatResult, Fraction]],
    losses: Callable[[CombatResult], tuple[Effect, ...]],
    follow_ups: Callable[[CombatResult, Mapping[str, UnitStatus]], tuple[FollowUp, ...]],
    resolve: Resolver,
) -> Fates:
    """Each participant's chance of ending good-order, disrupted or eliminated, and each
    result's chance of sparing each side (both empty when a follow-up reaches beyond the units
    it was worked out with)."""
    people = [*report.situation.attackers, *report.situation.defenders]
    steps = {p.id or "": max(1, p.unit.steps or 1) for p in people}
    start: Units = tuple(sorted((p.id or "", p.status) for p in people))
    fates: dict[str, dict[str, Fraction]] = {pid: {} for pid, _ in start}
    spared: list[dict[SideName, Fraction]] = []
    memo: dict[object, object] = {}  # shared by every result: the same ways recur from row to row
    stand_ins = tuple(sorted((UNHARMED[side], FRESH) for side in OTHER))
    for result, chance in results:
        units = apply(tuple(sorted(start + stand_ins)), losses(result), steps)
        units = apply(units, [e for e in result.effects if e.kind != "lose-steps"], steps)
        tracked = frozenset(side for side in OTHER if UNHARMED[side] in dict(units))
        groups: list[Group] = [
            (frozenset({pid}), {tuple((u, s) for u, s in units if u == pid): Fraction(1)})
            for pid in (*(pid for pid, _ in start), *(UNHARMED[side] for side in tracked))
        ]
        try:
            made = [
                f for f in follow_ups(result, _real(units)) if f.kind not in MARKERS_ONLY
            ]  # fmt: skip
            reads = [_reads(report, f, tracked) for f in made]
            for i, follow_up in enumerate(made):
                later = frozenset().union(*reads[i + 1 :])
                groups = _made(report, groups, follow_up, resolve, steps, memo, later, tracked)
        except Untracked:
            return Fates({}, ())
        unharmed: dict[SideName, Fraction] = dict.fromkeys(OTHER, Fraction(0))
        for pids, ways in groups:
            ends: dict[tuple[str, str], Fraction] = {}
            for way, p in ways.items():
                standing = dict(way)
                for pid in pids:
                    status = standing.get(pid)
                    fate = "eliminated" if status is None else status.state or "good-order"
                    ends[pid, fate] = ends.get((pid, fate), Fraction(0)) + p
            for (pid, fate), p in ends.items():
                side = next((s for s in tracked if UNHARMED[s] == pid), None)
                if side is not None:
                    unharmed[side] += p if fate == "good-order" else Fraction(0)
                else:
                    fates[pid][fate] = fates[pid].get(fate, Fraction(0)) + chance * p
        spared.append(unharmed)
    return Fates(fates, tuple(spared))


def _real(units: Units) -> dict[str, UnitStatus]:
    """``units`` without the :data:`UNHARMED` stand-ins: what the rules see standing."""
    stand_ins = set(UNHARMED.values())
    return {u: s for u, s in units if u not in stand_ins}


def _reads(report: Report, follow_up: FollowUp, tracked: frozenset[SideName]) -> frozenset[str]:
    """The units whose status ``follow_up`` reads or changes, with the :data:`UNHARMED`
    stand-in of a ``tracked`` side it may harm: a cohesion check (a casualty) and urban assault
    harm their own side, a vehicle destruction attempt the other."""
    s = report.situation
    mine = frozenset({UNHARMED[follow_up.side]} if follow_up.side in tracked else ())
    if follow_up.kind == "cohesion-check" and follow_up.target is not None:
        return frozenset({follow_up.target}) | mine
    if follow_up.kind == "urban-assault":
        side = s.attackers if follow_up.side == "attacker" else s.defenders
        return frozenset(p.id or "" for p in side if is_combat(p)) | mine
    if follow_up.kind == "vehicle-destruction":  # see _core, and the units able to try
        own = s.attackers if follow_up.side == "attacker" else s.defenders
        able = {p.id or "" for p in own if is_combat(p) or kind(p.unit) in ("latw", "fp")}
        return _core(report, follow_up, tracked) | able
    raise Untracked


def _core(report: Report, follow_up: FollowUp, tracked: frozenset[SideName]) -> frozenset[str]:
    """A vehicle destruction attempt's targets and the units in their hexes (its +3 and its
    collateral damage read them), with the targets' side's :data:`UNHARMED` stand-in when
    ``tracked``."""
    s = report.situation
    side = s.defenders if follow_up.side == "attacker" else s.attackers
    hexes = {p.hex for p in side if p.id in follow_up.choices}
    beside = {p.id or "" for p in side if not is_vehicle(p) and p.hex in hexes}
    target_side = OTHER[follow_up.side]
    stand_in = {UNHARMED[target_side]} if target_side in tracked else set()
    return frozenset(follow_up.choices) | beside | stand_in


def _made(
    report: Report,
    groups: list[Group],
    follow_up: FollowUp,
    resolve: Resolver,
    steps: Mapping[str, int],
    memo: dict[object, object],
    later: frozenset[str] = frozenset(),
    tracked: frozenset[SideName] = frozenset(),
) -> list[Group]:
    """``groups`` after ``follow_up``: the groups it reads are joined, then it is made in each
    way they may stand. When no ``later`` follow-up reads these units again, only each unit's
    own chances are kept (its group splits into one per unit): the same sums, far fewer ways."""
    reads = _reads(report, follow_up, tracked)
    joined = [g for g in groups if g[0] & reads]
    kept = [g for g in groups if not g[0] & reads]
    pids: frozenset[str] = frozenset().union(*(g[0] for g in joined))
    if not pids & later:
        return [*kept, *_alone(report, joined, reads, follow_up, resolve, steps, memo, tracked)]
    idle = pids - reads - later  # neither read now nor later: each keeps its own chances
    alone = [_own(pid, ways) for g_pids, ways in joined for pid in g_pids & idle]
    ways: dict[Units, Fraction] = {(): Fraction(1)}
    for _, more_ways in joined:
        mine = _sum_over(more_ways, idle)
        ways = {tuple(sorted(a + b)): p * q for a, p in ways.items() for b, q in mine.items()}
    after: dict[Units, Fraction] = {}
    for way, p in ways.items():  # made on the units it reads; the others of the group wait
        _, read, rest = _split(report, follow_up, way, reads, tracked)
        for end, q in _run(report, read, follow_up, resolve, steps, reads, memo, tracked).items():
            joined_end = tuple(sorted(end + rest))
            after[joined_end] = after.get(joined_end, Fraction(0)) + p * q
    done = pids - idle - later  # read now, never again
    alone += [_own(pid, after) for pid in done]
    return [*kept, *alone, (pids - idle - done, _sum_over(after, done))]


def _own(pid: str, ways: Mapping[Units, Fraction]) -> Group:
    """The unit ``pid`` alone, with its own chances in ``ways``."""
    got: dict[Units, Fraction] = {}
    for way, p in ways.items():
        mine = tuple((u, s) for u, s in way if u == pid)
        got[mine] = got.get(mine, Fraction(0)) + p
    return frozenset({pid}), got


def _sum_over(ways: Mapping[Units, Fraction], gone: frozenset[str]) -> dict[Units, Fraction]:
    """``ways`` with the units ``gone`` left out, their chances summed."""
    if not gone:
        return dict(ways)
    got: dict[Units, Fraction] = {}
    for way, p in ways.items():
        mine = tuple((u, s) for u, s in way if u not in gone)
        got[mine] = got.get(mine, Fraction(0)) + p
    return got


def _split(
    report: Report,
    follow_up: FollowUp,
    way: Units,
    reads: frozenset[str],
    tracked: frozenset[SideName],
) -> tuple[frozenset[str], Units, Units]:
    """The units ``follow_up`` is made with in ``way`` (standing or not), those of them standing,
    and the others standing, which it leaves as they are. A vehicle destruction attempt asks
    only whether its side has an undisrupted combat unit, LATW or FP (14.3.2): of those outside
    its targets' hexes it is made with the first."""
    if follow_up.kind == "vehicle-destruction":
        core = _core(report, follow_up, tracked)
        able = next((u for u, s in way if u in reads - core and s.state != "disrupted"), None)
        reads = core | {able} if able is not None else core
    read = tuple((u, s) for u, s in way if u in reads)
    return reads, read, tuple((u, s) for u, s in way if u not in reads)


def _alone(
    report: Report,
    joined: list[Group],
    reads: frozenset[str],
    follow_up: FollowUp,
    resolve: Resolver,
    steps: Mapping[str, int],
    memo: dict[object, object],
    tracked: frozenset[SideName],
) -> list[Group]:
    """One group per unit after the last follow-up that reads them. A unit the follow-up leaves
    as it is keeps its own chances; the follow-up is made once for each way the units it may
    change stand (with, for a vehicle destruction attempt, the first unit able to try), so the
    groups are never multiplied out whole."""
    core = _core(report, follow_up, tracked) if follow_up.kind == "vehicle-destruction" else reads
    each: dict[str, dict[UnitStatus | None, Fraction]] = {}

    def add(pid: str, status: UnitStatus | None, p: Fraction) -> None:
        got = each.setdefault(pid, {})
        got[status] = got.get(status, Fraction(0)) + p

    Key = tuple[Units, tuple[tuple[str, UnitStatus], ...]]
    made: dict[Key, Fraction] = {((), ()): Fraction(1)}
    for pids, ways in joined:
        mine: dict[Key, Fraction] = {}
        for way, p in ways.items():
            standing = dict(way)
            for pid in pids - core:  # unchanged by the follow-up
                add(pid, standing.get(pid), p)
            part = tuple((u, s) for u, s in way if u in core)
            able = next(
                ((u, s) for u, s in way if u in reads - core and s.state != "disrupted"), None
            )
            key = (part, (able,) if able is not None else ())
            mine[key] = mine.get(key, Fraction(0)) + p
        both: dict[Key, Fraction] = {}
        for (a, first), p in made.items():
            for (b, other), q in mine.items():
                key = (
                    tuple(sorted(a + b)),
                    min(first, other) if first and other else first or other,
                )
                both[key] = both.get(key, Fraction(0)) + p * q
        made = both
    for (part, first), p in made.items():
        for end, q in _run(
            report, tuple(sorted(part + first)), follow_up, resolve, steps, reads, memo, tracked
        ).items():
            standing = dict(end)
            for pid in core:
                add(pid, standing.get(pid), p * q)
    return [
        (frozenset({pid}), {(((pid, s),) if s is not None else ()): p for s, p in got.items()})
        for pid, got in each.items()
    ]


def _run(
    report: Report,
    units: Units,
    follow_up: FollowUp,
    resolve: Resolver,
    steps: Mapping[str, int],
    pids: frozenset[str],
    memo: dict[object, object],
    tracked: frozenset[SideName] = frozenset(),
) -> dict[Units, Fraction]:
    """Each way ``units`` may stand after ``follow_up`` and the follow-ups it calls for."""
    key = ("run", follow_up, units, pids, tracked)
    if key in memo:
        return memo[key]  # type: ignore[return-value]
    ends: dict[Units, Fraction] = {}
    for effects, more, q in _branches(report, units, follow_up, resolve, memo):
        if any(t not in pids for e in effects for t in e.targets):
            raise Untracked
        now: dict[Units, Fraction] = {apply(units, effects, steps): Fraction(1)}
        for next_up in more:
            if next_up.kind in MARKERS_ONLY:
                continue
            if not _reads(report, next_up, tracked) <= pids:
                raise Untracked
            later: dict[Units, Fraction] = {}
            for way, r in now.items():
                run = _run(report, way, next_up, resolve, steps, pids, memo, tracked)
                for end, s in run.items():
                    later[end] = later.get(end, Fraction(0)) + r * s
            now = later
        for end, r in now.items():
            ends[end] = ends.get(end, Fraction(0)) + q * r
    memo[key] = ends
    return ends


def _branches(
    report: Report, units: Units, follow_up: FollowUp, resolve: Resolver, memo: dict
) -> list[Branch]:
    """Each way ``follow_up`` can end from ``units``: its effects, the follow-ups it calls for,
    and its chance (none when its unit, or every target it could choose, has gone). A cohesion
    check depends on its own unit alone, so it is worked out once per status of that unit."""
    standing = _real(units)
    if follow_up.target is not None and follow_up.target not in standing:
        return [((), (), Fraction(1))]
    choice = None
    if follow_up.choices:
        choice = next((c for c in follow_up.choices if c in standing), None)
        if choice is None:
            return [((), (), Fraction(1))]
    alone = follow_up.kind == "cohesion-check" and follow_up.target is not None
    seen = tuple(standing.items())
    key = (follow_up, standing[follow_up.target]) if alone else (follow_up, seen, choice)  # type: ignore[index]
    if key in memo:
        return memo[key]  # type: ignore[no-any-return]
    faces: list[tuple[int, ...]] = [()]
    try:  # the die it rolls now, if any (an urban assault's pick depends on who still stands)
        resolve(report, follow_up, standing, ScriptedDice(()), choice)
    except DiceWanted as wanted:
        faces = [(f,) for f in range(1, wanted.sides + 1)]
    found: dict[tuple[tuple[Effect, ...], tuple[FollowUp, ...]], Fraction] = {}
    for face in faces:
        done = resolve(report, follow_up, standing, ScriptedDice(face), choice)
        outcome = (done.effects, done.more)
        found[outcome] = found.get(outcome, Fraction(0)) + Fraction(1, len(faces))
    memo[key] = [(effects, more, q) for (effects, more), q in found.items()]
    return memo[key]  # type: ignore[no-any-return]
