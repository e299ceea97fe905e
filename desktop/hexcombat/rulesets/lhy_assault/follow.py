"""What an assault result calls for once its casualties are taken, each its own roll or choice:
the cohesion checks a row names, urban assault (14.3.1), vehicle destruction attempts (14.3.2)
with their collateral damage, riders and passengers unloading, and the Heroic markers removed.

The aid prints no cohesion check procedure: a d10 against the unit's cohesion is assumed (not
above it holds; above it the unit disrupts, and a disrupted unit, a leader or an FP suffers a
casualty instead). Collateral damage is not printed either: the units beside a destroyed
vehicle check cohesion (assumed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from hexcombat.rules.dice import Dice
from hexcombat.rules.effects import DieRoll, Effect
from hexcombat.rules.errors import RulesError
from hexcombat.rules.follow_ups import FollowUp, FollowUpResult, Standing
from hexcombat.rules.report import CombatResult, Outcome, Report
from hexcombat.rules.situation import Participant
from hexcombat.rules.status import FRESH, UnitStatus
from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.lhy_assault.table import row_for
from hexcombat.rulesets.lhy_assault.vocab import (
    COHESION_DIE,
    COVER,
    COVER_HEXSIDES,
    DESTRUCTION_DIE,
    URBAN_PICK_MOST,
    cohesion,
    is_combat,
    is_vehicle,
    kind,
    urban_pick_die,
)

OTHER: dict[SideName, SideName] = {"attacker": "defender", "defender": "attacker"}
DESTROYED_ON = 10
"""14.3.2: the chosen target is destroyed on 10 or more."""
ASSUMED_CHECK = "d10 against cohesion, assumed"


def _people(report: Report) -> dict[str, tuple[SideName, Participant]]:
    """Every participant by id, with its side."""
    s = report.situation
    found: dict[str, tuple[SideName, Participant]] = {}
    for p in s.attackers:
        found[p.id or ""] = ("attacker", p)
    for p in s.defenders:
        found[p.id or ""] = ("defender", p)
    return found


def _heroic_removed(report: Report, standing: Standing) -> list[str]:
    """The units still standing whose Heroic marker the assault removes."""
    removed = report.payload.get("heroic_removed", ())
    return [pid for pid in removed if pid in standing] if isinstance(removed, list) else []


def _status(standing: Standing, pid: str) -> UnitStatus:
    return standing.get(pid, FRESH)


def _standing(report: Report, standing: Standing, side: SideName) -> list[Participant]:
    """The participants of ``side`` still in play."""
    return [p for pid, (s, p) in _people(report).items() if s == side and pid in standing]


def follow_ups(report: Report, result: CombatResult, standing: Standing) -> tuple[FollowUp, ...]:
    """The follow-ups ``result`` calls for, in the order they are made."""
    found: list[FollowUp] = []
    people = _people(report)
    removed = _heroic_removed(report, standing)
    sides: tuple[SideName, SideName] = ("attacker", "defender")
    for side in sides:
        mine = [pid for pid in removed if people[pid][0] == side]
        if mine:
            found.append(
                FollowUp(
                    f"heroic:{side}",
                    "heroic-markers",
                    side,
                    "Assault",
                    "all but one Heroic marker per nationality are removed: "
                    + ", ".join(people[pid][1].unit.name for pid in mine),
                )
            )
    if report.payload.get("immediate") is not None:
        return tuple(found)
    for effect in result.effects:
        if effect.kind != "cohesion-check":
            continue
        for pid in effect.targets:
            if pid in standing:
                found.append(_check(people[pid][1], effect.side, effect.rule, standing))
    row = row_for(result.table_roll().modified_roll)
    if row.urban and report.situation.conditions.terrain == "urban-building":
        low, high, sides = row.urban
        if low <= result.table_roll().modified_roll <= high:
            for side in sides:
                tied = _urban_candidates(report, standing, side)
                if tied:
                    found.append(_urban(side, tied))
    for side in row.destruction:
        attempt = _destruction(report, standing, side)
        if attempt is not None:
            found.append(attempt)
    for p in report.situation.defenders:
        pid = p.id or ""
        if pid in standing and "riders" in _status(standing, pid).markers:
            found.append(
                FollowUp(
                    f"unload:{pid}",
                    "unload",
                    "defender",
                    "Assault Results",
                    f"{p.unit.name}: riders and passengers in the assault hex unload",
                    target=pid,
                )
            )
    return tuple(found)


def _check(p: Participant, side: SideName, rule: str, standing: Standing) -> FollowUp:
    value = cohesion(p)
    return FollowUp(
        f"cohesion:{p.id}",
        "cohesion-check",
        side,
        rule,
        f"{p.unit.name} checks cohesion ({value}; {ASSUMED_CHECK})",
        target=p.id,
        die=COHESION_DIE,
    )


def _urban_candidates(report: Report, standing: Standing, side: SideName) -> list[Participant]:
    """14.3.1: the best-cohesion combat units of ``side`` still standing (random among them)."""
    units = [p for p in _standing(report, standing, side) if is_combat(p)]
    if not units:
        return []
    top = max(cohesion(p) for p in units)
    return [p for p in units if cohesion(p) == top]


def _urban(side: SideName, tied: list[Participant]) -> FollowUp:
    names = ", ".join(p.unit.name for p in tied)
    die = None
    drawn: tuple[str, ...] = ()
    if len(tied) > 1:
        declared = urban_pick_die(len(tied))
        if declared is None:  # more than a d10's worth: drawn by hand, then chosen
            drawn = tuple(p.id or "" for p in tied)
        else:
            die = replace(declared, side=side, asked=f"{declared.asked}: {names}")
    how = f" (more than {URBAN_PICK_MOST} tie: draw one by hand and choose it)" if drawn else ""
    return FollowUp(
        f"urban:{side}",
        "urban-assault",
        side,
        "14.3.1",
        f"urban assault: the {side}'s best-cohesion combat unit ({names}) suffers "
        f"a casualty but does not disrupt{how}",
        target=tied[0].id if len(tied) == 1 else None,
        die=die,
        choices=drawn,
        chooser=side if drawn else None,
    )


def _destruction(report: Report, standing: Standing, side: SideName) -> FollowUp | None:
    """14.3.2: ``side`` tries to destroy one enemy vehicle when it has an undisrupted combat
    unit, LATW or FP still standing."""
    targets = [p for p in _standing(report, standing, OTHER[side]) if is_vehicle(p)]
    if not _able(report, standing, side) or not targets:
        return None
    return FollowUp(
        f"destruction:{side}",
        "vehicle-destruction",
        side,
        "14.3.2",
        f"the {side} tries to destroy a vehicle: the chosen target is destroyed on 10 or more",
        die=DESTRUCTION_DIE,
        choices=tuple(p.id or "" for p in targets),
        chooser=side,
    )


NO_ATTEMPT = (
    "no vehicle destruction attempt: no undisrupted combat unit, LATW or FP left (14.3.2); no die"
)


def _able(report: Report, standing: Standing, side: SideName) -> list[Participant]:
    """14.3.2: the units of ``side`` that let it attempt a vehicle destruction: an undisrupted
    combat unit, LATW or FP still standing."""
    return [
        p for p in _standing(report, standing, side)
        if (is_combat(p) or kind(p.unit) in ("latw", "fp"))
        and _status(standing, p.id or "").state != "disrupted"
    ]  # fmt: skip


def destruction_modifier(
    report: Report, standing: Standing, target: Participant
) -> tuple[int, list[str]]:
    """The Vehicle Destruction DRM of ``target`` (cumulative), with why."""
    people = _people(report)
    side = people[target.id or ""][0]
    status = _status(standing, target.id or "")
    c = report.situation.conditions
    why: list[tuple[int, str]] = []
    mates = [
        p for p in _standing(report, standing, side)
        if is_combat(p) and p.hex == target.hex and not _status(standing, p.id or "").state
    ]  # fmt: skip
    terrain = c.terrain if side == "defender" else target.terrain
    in_cover = terrain in COVER or target.across in COVER_HEXSIDES or "ip" in status.markers
    if not mates and (in_cover or c.flag(f"{side}_near_cover")):
        why.append((3, "no good-order combat unit with it, in or adjacent to cover"))
    if kind(target.unit) == "carrier" or (
        kind(target.unit) == "afv" and "shocked" in status.markers
    ):
        why.append((2, "a carrier or a shocked AFV"))
    if kind(target.unit) == "afv" and c.flag(f"{side}_sunken_road"):
        why.append((1, "an AFV that entered a sunken road through the hedgerows"))
    if "in-motion" in status.markers:
        why.append((-1, "in motion"))
    return sum(v for v, _ in why), [f"{text} {v:+d}" for v, text in why]


def _chosen(report: Report, follow_up: FollowUp, choice: str | None) -> Participant:
    pick = choice if choice is not None else (follow_up.choices or (None,))[0]
    if pick not in follow_up.choices:
        raise RulesError(
            f"{pick!r} is not among the units {follow_up.kind} chooses", follow_up.rule
        )
    return _people(report)[pick][1]


def _target(report: Report, follow_up: FollowUp) -> Participant:
    people = _people(report)
    if follow_up.target not in people:
        raise RulesError(f"{follow_up.target!r} takes no part in this assault", follow_up.rule)
    return people[follow_up.target][1]


def _check_limit(p: Participant) -> int:
    return max(0, min(10, cohesion(p)))


def follow_up_chances(
    report: Report, follow_up: FollowUp, standing: Standing, choice: str | None = None
) -> tuple[Outcome, ...]:
    """The exact chance of each way ``follow_up`` ends."""
    other = OTHER[follow_up.side]
    if follow_up.kind == "cohesion-check":
        p = _target(report, follow_up)
        holds = Fraction(_check_limit(p), 10)
        fails = _failure(p, _status(standing, p.id or ""))
        found = [
            Outcome("holds", holds, follow_up.side, "holds"),
            Outcome(fails, 1 - holds, other, fails),
        ]
        return tuple(o for o in found if o.probability)
    if follow_up.kind == "vehicle-destruction":
        target = _chosen(report, follow_up, choice)
        if not _able(report, standing, follow_up.side):
            return (Outcome("no-attempt", Fraction(1), "neither", NO_ATTEMPT),)
        mod, _ = destruction_modifier(report, standing, target)
        hits = Fraction(sum(f + mod >= DESTROYED_ON for f in range(1, 11)), 10)
        found = [
            Outcome("destroyed", hits, follow_up.side, f"{target.unit.name} destroyed"),
            Outcome("survives", 1 - hits, other, f"{target.unit.name} survives"),
        ]
        return tuple(o for o in found if o.probability)
    if follow_up.kind == "urban-assault":
        tied = _urban_candidates(report, standing, follow_up.side)
        if not tied:
            return (Outcome("done", Fraction(1), "neither", "no combat unit left to suffer it"),)
        if follow_up.choices:  # drawn by hand: the one chosen
            tied = [_chosen(report, follow_up, choice)]
        by_die = follow_up.die is not None
        return tuple(
            Outcome(
                f"casualty:{p.id}",
                Fraction(1, len(tied)),
                other,
                (f"{face}: " if by_die else "")
                + f"{p.unit.name}{f' in {p.hex}' if p.hex else ''} suffers a casualty",
            )
            for face, p in enumerate(tied, 1)
        )
    return (Outcome("done", Fraction(1), "neither", follow_up.text),)


def _failure(p: Participant, status: UnitStatus) -> str:
    """What a failed check does: a leader, an FP or a disrupted unit suffers a casualty (the
    aid's "Leader & FP: Casualty"), another unit disrupts (assumed)."""
    if kind(p.unit) in ("leader", "fp") or status.state == "disrupted":
        return "casualty"
    return "disrupted"


def resolve_follow_up(
    report: Report,
    follow_up: FollowUp,
    standing: Standing,
    dice: Dice,
    choice: str | None = None,
) -> FollowUpResult:
    """``follow_up`` rolled with ``dice`` (and the player's ``choice`` of target)."""
    side = follow_up.side
    if follow_up.kind == "cohesion-check":
        p = _target(report, follow_up)
        face = dice.roll(10, COHESION_DIE.purpose)
        roll = DieRoll(COHESION_DIE.purpose, 10, (face,), follow_up.rule, side, p.id)
        limit = _check_limit(p)
        if face <= limit:
            return FollowUpResult(
                f"{p.unit.name}: cohesion check {face} against {limit}: holds ({ASSUMED_CHECK})",
                (roll,),
                code="holds",
            )
        status = _status(standing, p.id or "")
        fails = _failure(p, status)
        pid = (p.id or "",)
        if fails == "casualty":
            effects = (
                Effect(
                    "lose-steps",
                    side,
                    "Cohesion Check",
                    "fails its cohesion check: a casualty",
                    pid,
                    1,
                ),
            )
        else:
            effects = (
                Effect(
                    "set-state",
                    side,
                    "Cohesion Check",
                    "fails its cohesion check: disrupted",
                    pid,
                    state="disrupted",
                ),
            )
            if "regrouping" in status.markers:
                effects += (
                    Effect(
                        "remove-marker",
                        side,
                        "Regrouping",
                        "disrupts: no longer regrouping",
                        pid,
                        state="regrouping",
                    ),
                )
        return FollowUpResult(
            f"{p.unit.name}: cohesion check {face} against {limit}: {fails} ({ASSUMED_CHECK})",
            (roll,),
            effects,
            code=fails,
        )
    if follow_up.kind == "vehicle-destruction":
        target = _chosen(report, follow_up, choice)
        if not _able(report, standing, side):  # disrupted or gone since the table roll
            return FollowUpResult(f"the {side}: {NO_ATTEMPT}", code="no-attempt")
        mod, why = destruction_modifier(report, standing, target)
        face = dice.roll(10, DESTRUCTION_DIE.purpose)
        roll = DieRoll(DESTRUCTION_DIE.purpose, 10, (face,), "14.3.2", side, target.id)
        said = f" ({', '.join(why)})" if why else ""
        head = f"vehicle destruction on {target.unit.name}: {face} {mod:+d}{said} = {face + mod}"
        if face + mod < DESTROYED_ON:
            return FollowUpResult(f"{head}: survives", (roll,), code="survives")
        other = OTHER[side]
        effects = (Effect("eliminate", other, "14.3.2", "destroyed", (target.id or "",)),)
        return FollowUpResult(
            f"{head}: destroyed",
            (roll,),
            effects,
            _collateral(report, standing, target, other),
            code="destroyed",
        )
    if follow_up.kind == "urban-assault":
        tied = _urban_candidates(report, standing, side)
        if not tied:
            return FollowUpResult("urban assault: no combat unit left to suffer it", code="done")
        rolls: tuple[DieRoll, ...] = ()
        hit = _chosen(report, follow_up, choice) if follow_up.choices else tied[0]
        if len(tied) > 1 and follow_up.die is not None:
            face = dice.roll(len(tied), follow_up.die.purpose)
            rolls = (DieRoll(follow_up.die.purpose, len(tied), (face,), "14.3.1", side),)
            hit = tied[face - 1]
        effects = (
            Effect(
                "lose-steps",
                side,
                "14.3.1",
                "urban assault: a casualty, no disruption",
                (hit.id or "",),
                1,
            ),
        )
        return FollowUpResult(
            f"urban assault: {hit.unit.name} suffers a casualty",
            rolls,
            effects,
            code=f"casualty:{hit.id}",
        )
    if follow_up.kind == "unload":
        p = _target(report, follow_up)
        effects = (
            Effect(
                "remove-marker",
                side,
                "Assault Results",
                "riders unload",
                (p.id or "",),
                state="riders",
            ),
        )
        return FollowUpResult(
            f"{p.unit.name}: riders and passengers unload", (), effects, code="done"
        )
    if follow_up.kind == "heroic-markers":
        people = _people(report)
        gone = [pid for pid in _heroic_removed(report, standing) if people[pid][0] == side]
        effects = tuple(
            Effect(
                "remove-marker", side, "Assault", "Heroic marker removed", (pid,), state="heroic"
            )
            for pid in gone
        )
        return FollowUpResult(
            "all but one Heroic marker per nationality removed", (), effects, code="done"
        )
    raise RulesError(f"the {report.ruleset} rules have no follow-up {follow_up.kind!r}")


def _collateral(
    report: Report, standing: Standing, target: Participant, side: SideName
) -> tuple[FollowUp, ...]:
    """Collateral damage (assumed): the non-vehicular units of the destroyed vehicle's side in
    its hex check cohesion."""
    near: Sequence[Participant] = [
        p for p in _standing(report, standing, side)
        if not is_vehicle(p) and p.hex == target.hex and p.id != target.id
    ]  # fmt: skip
    return tuple(
        FollowUp(
            f"collateral:{p.id}",
            "cohesion-check",
            side,
            "14.3.2",
            f"collateral damage (assumed): {p.unit.name} checks cohesion "
            f"({cohesion(p)}; {ASSUMED_CHECK})",
            target=p.id,
            die=COHESION_DIE,
        )
        for p in near
    )
