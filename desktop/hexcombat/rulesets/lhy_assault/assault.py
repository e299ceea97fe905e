"""Before the roll: who may assault (10.5.2.2 and the aid's list), the assaults resolved at once,
which units count under the limits, and the assault DRM with each of its rows.

Every function reads the situation only; each step it adds cites the aid (``Assault``, the
``Assault DRM`` table, ``10.5.2.2``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from hexcombat.rules.eligibility import Refusal
from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.explain import Explanation
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import Unit
from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.lhy_assault.vocab import (
    COMBAT,
    VEHICLES,
    cohesion,
    disrupted,
    is_combat,
    japanese_russian,
    kind,
    marked,
    number,
    reduced,
    steps_now,
)

COMBAT_STEPS = 4
"""Assault: per side at most 4 non-vehicular combat steps count."""
ONE_EACH = {"leader": "leader", "latw": "LATW", "ft": "FT", "vehicle": "vehicle"}
"""Assault: per side at most 1 leader, 1 LATW, 1 FT and 1 vehicle count."""


def reach(unit: Unit, heroic: bool = False) -> int:
    """10.5.2.2: non-vehicular units assault from 2 hexes (3 if Heroic), vehicles from 3."""
    if kind(unit) in VEHICLES or heroic:
        return 3
    return 2


def own_refusal(p: Participant) -> Refusal | None:
    """Why ``p`` may not assault whatever its companions (the aid's eligibility list)."""
    name = p.unit.name
    if disrupted(p) or marked(p, "regrouping") or marked(p, "shocked"):
        why = (
            "disrupted" if disrupted(p) else "regrouping" if marked(p, "regrouping") else "shocked"
        )
        return Refusal(
            f"{name} is {why}: only units not disrupted, regrouping or shocked assault", "Assault"
        )
    if kind(p.unit) == "afv" and marked(p, "riders"):
        return Refusal(f"{name} carries riders: AFVs assault without riders", "Assault")
    if p.unit.nationality == "russian" and not marked(p, "heroic"):
        if kind(p.unit) == "leader":
            return Refusal(f"{name}: a Russian leader assaults only when Heroic", "Assault")
        if marked(p, "out-of-command"):
            return Refusal(
                f"{name}: a Russian unit out of command assaults only when Heroic", "Assault"
            )
    if p.range > reach(p.unit, marked(p, "heroic")):
        return Refusal(
            f"{name} is {p.range} hexes away: non-vehicular units assault from 2 hexes "
            "(3 if Heroic), vehicles from 3",
            "10.5.2.2",
        )
    return None


def companion_refusal(p: Participant, companions: Sequence[Participant]) -> Refusal | None:
    """Why ``p`` may not assault with these ``companions`` (leaders, LATWs and FTs need a
    combat unit; FVs and HTs friendly infantry or an AFV)."""
    k = kind(p.unit)
    others = [c for c in companions if c is not p]
    if k in ("leader", "latw", "ft") and not any(is_combat(c) for c in others):
        return Refusal(
            f"{p.unit.name}: a leader, LATW or FT assaults only with a combat unit", "Assault"
        )
    if k in ("fv", "half-track") and not any(kind(c.unit) in COMBAT | {"afv"} for c in others):
        return Refusal(
            f"{p.unit.name}: an FV or HT assaults only with friendly infantry or an AFV",
            "Assault",
        )
    return None


def check_eligible(situation: CombatSituation) -> None:
    """Refuse an assault any attacker may not make (Assault, 10.5.2.2)."""
    attackers = situation.attackers
    defenders_kinds = {kind(d.unit) for d in situation.defenders}
    for p in attackers:
        refusal = own_refusal(p) or companion_refusal(p, attackers)
        if refusal is None and kind(p.unit) in ("fv", "half-track"):
            if defenders_kinds & {"afv", "towed-gun"}:
                refusal = Refusal(
                    f"{p.unit.name}: FVs and HTs cannot assault an AFV or a towed gun", "Assault"
                )
        if refusal is not None:
            raise refusal.error()


# --- immediate resolutions ---------------------------------------------------------------------


@dataclass(frozen=True)
class Immediate:
    """An assault resolved before any roll."""

    code: str
    """``DX`` (the defenders destroyed), ``LX`` (the LATWs destroyed), ``AR`` (the attackers
    retreat), ``DR`` (the defenders retreat), or ``TIE`` (the tie die decides which retreats)."""
    text: str
    rule_text: str
    """What the aid says, for the step."""


DESTROYED_ALONE = frozenset({"towed-gun", "carrier", "fv"})


def immediate(situation: CombatSituation, ex: Explanation) -> Immediate | None:
    """The assault as the aid resolves it at once, or None for a roll (Assault)."""
    attackers, defenders = situation.attackers, situation.defenders
    fresh_afv = any(kind(a.unit) == "afv" and not marked(a, "shocked") for a in attackers)
    helpless = all(
        kind(d.unit) in DESTROYED_ALONE or (kind(d.unit) == "afv" and marked(d, "shocked"))
        for d in defenders
    )
    if fresh_afv and helpless:
        ex.add(
            "Assault",
            "towed guns, carriers, FVs and shocked AFVs defending alone against "
            "a non-shocked AFV are destroyed at once",
            kind="result",
        )
        return Immediate("DX", "the defenders are destroyed", "")
    able = any(not disrupted(a) and not marked(a, "shocked") for a in attackers)
    if able and all(kind(d.unit) == "latw" for d in defenders):
        ex.add(
            "Assault",
            "LATWs defending alone against an undisrupted, non-shocked unit are destroyed at once",
            kind="result",
        )
        return Immediate("LX", "the LATWs are destroyed", "")
    everyone = (*attackers, *defenders)
    if all(kind(p.unit) == "afv" for p in everyone):
        return _lesser(
            situation,
            ex,
            "ATV",
            _best_atv,
            "only AFVs fight: the force with the lesser ATV retreats",
        )
    if not any(is_combat(p) for p in everyone):  # vehicles, leaders, FPs...: no combat unit
        return _lesser(
            situation,
            ex,
            "cohesion",
            _best_cohesion,
            "only non-combat units fight: the force with the lesser cohesion retreats",
        )
    return None


def _best_atv(side: Sequence[Participant]) -> int:
    """A force's best ATV (a unit without one counts below -1)."""
    return max((v for p in side if (v := number(p.unit, "atv")) is not None), default=-2)


def _best_cohesion(side: Sequence[Participant]) -> int:
    """A force's best cohesion."""
    return max((cohesion(p) for p in side), default=0)


def _lesser(
    situation: CombatSituation,
    ex: Explanation,
    what: str,
    best: Callable[[Sequence[Participant]], int],
    said: str,
) -> Immediate:
    """The force with the lesser ``what`` retreats; equal, the tie die decides (Assault)."""
    att, dfn = best(situation.attackers), best(situation.defenders)
    ex.add("Assault", f"{said}: attackers' best {what} {att}, defenders' {dfn}", kind="result")
    if att < dfn:
        return Immediate("AR", f"the attackers have the lesser {what}", "")
    if dfn < att:
        return Immediate("DR", f"the defenders have the lesser {what}", "")
    ex.add(
        "Assault",
        f"equal {what}: the aid says 'random': the force that retreats is drawn with the tie "
        "die, a d10, 1-5 the attackers, 6-10 the defenders (the die is assumed)",
        Fraction(1, 2),
        provenance="assumed",
        kind="note",
    )
    return Immediate("TIE", f"equal {what}", "")


# --- counting limits ---------------------------------------------------------------------------


def _group(p: Participant) -> str:
    """Which limit counts ``p``: ``combat``, ``leader``, ``latw``, ``ft``, ``vehicle``, or ``free``
    (FPs and towed guns: the aid limits neither)."""
    k = kind(p.unit)
    if k in COMBAT:
        return "combat"
    if k in VEHICLES:
        return "vehicle"
    return k if k in ("leader", "latw", "ft") else "free"


def counted_units(
    side: Sequence[Participant],
    name: SideName,
    conditions: Conditions,
    ex: Explanation,
    enemy_cohesion: int | None = None,
) -> tuple[Participant, ...]:
    """The units of ``side`` that count (Assault): the player's picks (``counted``), and the best
    for the rest within the limits; the result still applies to all. An entry of several
    identical units counts as many of them as the limit leaves room for (the entry then stands
    with that count). ``enemy_cohesion`` is the enemy's best counted combat cohesion (None: no
    combat unit counts there): the best pick weighs the cohesion difference it gives."""
    chosen: list[Participant] = [p for p in side if p.counted is True]
    for group in ("combat", *ONE_EACH):
        picked = [p for p in chosen if _group(p) == group]
        if group == "combat":
            used = sum(steps_now(p) * p.count for p in picked)
            if used > COMBAT_STEPS:
                raise IllegalAttackError(
                    f"the {name} counts {used} non-vehicular combat steps: at most 4"
                    + _whole_entries(picked),
                    "Assault",
                )
        elif sum(p.count for p in picked) > 1:
            raise IllegalAttackError(
                f"the {name} counts {sum(p.count for p in picked)} of {ONE_EACH[group]}: at most 1"
                + _whole_entries(picked),
                "Assault",
            )
    open_ = [p for p in side if p.counted is None]
    chosen += [p for p in open_ if _group(p) == "free"]
    picked_combat = [p for p in chosen if _group(p) == "combat"]
    room = COMBAT_STEPS - sum(steps_now(p) * p.count for p in picked_combat)
    pool = [p for p in open_ if _group(p) == "combat"]
    chosen += _best_combat(pool, room, conditions, picked_combat, enemy_cohesion)
    for group in ONE_EACH:
        if any(_group(p) == group for p in chosen):
            continue
        pool = [p for p in open_ if _group(p) == group]
        if pool:
            best = max(pool, key=lambda p: (unit_drm(p, conditions)[0], cohesion(p)))
            chosen.append(best if best.count == 1 else replace(best, count=1))
    counts = {p.id: p.count for p in chosen}
    left = [p for p in side if p.id not in counts or counts[p.id] < p.count]
    if left:
        why = (
            "the best for the DRM: the per-unit values and the cohesion difference, then the "
            "best cohesion"
            if any(p.counted is None for p in left)
            else "as the player picked"
        )
        ex.add(
            "Assault",
            f"{name}s counted: {', '.join(_named(p) for p in chosen)}; not counted: "
            f"{', '.join(_named(p, p.count - counts.get(p.id, 0)) for p in left)} ({why}; "
            "the result applies to all)",
            side=name,
        )
    order = {p.id: i for i, p in enumerate(side)}
    return tuple(sorted(chosen, key=lambda p: order.get(p.id, 0)))


def _named(p: Participant, n: int | None = None) -> str:
    """``Bazooka``, or ``Bazooka x1 of 2`` for some units of an entry of several."""
    n = p.count if n is None else n
    return p.unit.name if n == 1 else f"{p.unit.name} x{n}"


def _whole_entries(entries: Sequence[Participant]) -> str:
    """What to do when the player picked an entry of several identical units that the limit
    cannot count whole (Assault)."""
    several = [p for p in entries if p.count > 1]
    if not several:
        return ""
    names = ", ".join(f"{p.unit.name} x{p.count}" for p in several)
    return (
        f"; {names}: leave the entry unpicked and the limit counts as many of its units as it "
        "can, or list them one by one"
    )


def _best_combat(
    pool: list[Participant],
    room: int,
    conditions: Conditions,
    picked: Sequence[Participant] = (),
    enemy_cohesion: int | None = None,
) -> list[Participant]:
    """The combat units that fit in ``room`` steps with the most DRM for their side: their
    per-unit values and the cohesion difference against ``enemy_cohesion`` (with the units the
    player ``picked``), then the best cohesion, then the most cohesion in all, among the picks
    that leave out no unit there is room for. Of an entry of several, any number may count
    (the entry returned with that count)."""
    best: tuple[tuple[int, int, int], list[Participant]] = ((-99, -99, -99), [])

    def value(group: list[Participant]) -> tuple[int, int, int]:
        everyone = [*picked, *group]
        coh = max((cohesion(p) for p in everyone), default=None)
        diff = 0
        if coh is not None and enemy_cohesion is not None:
            diff = max(-3, min(3, coh - enemy_cohesion))  # the cohesion difference, -3..+3
        return (
            sum(unit_drm(p, conditions)[0] * p.count for p in group) + diff,
            -1 if coh is None else coh,
            sum(cohesion(p) * p.count for p in group),
        )

    def walk(i: int, left: int, group: list[Participant]) -> None:
        nonlocal best
        if i == len(pool):
            taken = {p.id: p.count for p in group}
            if any(taken.get(p.id, 0) < p.count and steps_now(p) <= left for p in pool):
                return  # a unit still fits: a pick leaves out none it has room for
            v = value(group)
            if v > best[0]:
                best = (v, list(group))
            return
        p = pool[i]
        most = min(p.count, left // steps_now(p))
        for n in range(most, -1, -1):
            walk(i + 1, left - n * steps_now(p), group + ([replace(p, count=n)] if n else []))

    walk(0, room, [])
    return best[1]


# --- the DRM ------------------------------------------------------------------------------------


def after_september_1943(conditions: Conditions) -> bool:
    """Assault DRM: "after 9/43" is from October 1943 on (no date: before)."""
    return conditions.date is not None and conditions.date > "1943-09"


def unit_drm(p: Participant, conditions: Conditions) -> tuple[int, list[str]]:
    """A unit's own assault DRM, its three cumulative rows, with why (Assault DRM)."""
    k, nat = kind(p.unit), p.unit.nationality
    late_german = nat == "german" and after_september_1943(conditions)
    jr = japanese_russian(p)
    why: list[str] = []
    value = 0
    if k in ("squad", "fp"):
        why.append(f"{k if k == 'squad' else 'FP'} +2")
    elif late_german and k in ("mg", "section"):
        why.append(f"German {'MG' if k == 'mg' else 'section'} after 9/43 +2")
    elif jr and reduced(p) and k == "section":
        why.append(f"reduced {nat.capitalize()} section +2")
    if why:
        value += 2
    atv = number(p.unit, "atv")
    if atv is not None and atv >= 0:
        why.append(f"ATV {atv} +1")
        value += 1
    elif late_german and k in ("squad", "fp"):
        why.append("German squad or FP after 9/43 +1")
        value += 1
    av = number(p.unit, "av")
    if marked(p, "heroic"):
        why.append("Heroic +1")
        value += 1
    elif av is not None and av > 2:
        why.append(f"AV {av} +1")
        value += 1
    elif jr and k == "squad":
        why.append(f"{nat.capitalize()} squad +1")
        value += 1
    return value, why
