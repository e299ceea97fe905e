"""The exact chance that each unit ends an assault in good order, disrupted, demoralized or
eliminated, through both table dice, the losses taken as the rule suggests them, and every
roll that follows (leader loss, A-T fire, morale checks), enumerated, never simulated."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from itertools import product

from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.assault_morale.assault import (
    FACES,
    Assault,
    Exchange,
    after_losses,
    inflicted_on,
)
from hexcombat.rulesets.assault_morale.forces import Fighter
from hexcombat.rulesets.assault_morale.morale import (
    ANTI_TANK_HIT,
    DEMORALIZED,
    DISRUPTED,
    HOLDS,
    STEP,
    check_chances,
    leader_kill_chance,
)
from hexcombat.rulesets.assault_morale.table import AssaultResult
from hexcombat.rulesets.assault_morale.vocabulary import VEHICLES

Fates = dict[str, dict[str, Fraction]]


def end_state(f: Fighter) -> str:
    """``good-order`` or the unit's state key."""
    return f.status.state or "good-order"


def leader_modifier(units: tuple[Fighter, ...], f: Fighter) -> int:
    """Morale: the best modifier of a leader in the hex (a leader standing, not demoralized)
    raises a unit's morale; a leader's own check takes no other leader's modifier."""
    if f.leader:
        return 0
    mods = [u.leader_modifier for u in units if u.leader and not u.demoralized]
    return max(mods, default=0)


def anti_tank_shooter(units: tuple[Fighter, ...]) -> bool:
    """Assault: German infantry able to fire (not demoralized) may A-T fire."""
    return any(u.nationality == "german" and u.infantry and not u.demoralized for u in units)


def anti_tank_targets(shooters: tuple[Fighter, ...], units: tuple[Fighter, ...]) -> list[Fighter]:
    """The Soviet vehicles German infantry among ``shooters`` may A-T fire at, AFVs first."""
    if not anti_tank_shooter(shooters):
        return []
    found = [u for u in units if u.nationality == "soviet" and u.kind in VEHICLES and u.steps_left]
    return sorted(found, key=lambda u: not u.afv)


def _add(fates: Fates, pid: str, state: str, chance: Fraction) -> None:
    if chance:
        fates[pid][state] = fates[pid].get(state, Fraction(0)) + chance


def side_fates(
    fates: Fates,
    chance: Fraction,
    units: tuple[Fighter, ...],
    standing: tuple[Fighter, ...],
    enemy_standing: tuple[Fighter, ...],
    result: AssaultResult,
) -> None:
    """Add to ``fates`` (with weight ``chance``) what the rolls after ``result`` do to one
    side: its leader loss rolls, the enemy's A-T fire at it, then its morale checks."""
    left = {f.pid for f in standing}
    for f in units:
        if f.pid not in left:
            _add(fates, f.pid, "eliminated", chance)
    for w, everyone in _after_losses_and_fire(units, standing, enemy_standing, result):
        if not chance * w:
            continue
        left = {f.pid for f in everyone}
        for f in standing:
            if f.pid not in left:
                _add(fates, f.pid, "eliminated", chance * w)
        for f in everyone:
            _unit_checks(fates, chance * w, f, everyone, result)


def _after_losses_and_fire(
    units: tuple[Fighter, ...],
    standing: tuple[Fighter, ...],
    enemy_standing: tuple[Fighter, ...],
    result: AssaultResult,
) -> list[Branch]:
    """Every way a side's leader loss rolls and the enemy's A-T fire at it end, before its
    morale checks: each way's chance and the units left standing then (a leader lost, the A-T
    target's step gone)."""
    leaders = [f for f in standing if f.leader] if result.steps else []
    kill = leader_kill_chance(inflicted_on(units, result))
    targets = anti_tank_targets(enemy_standing, standing)
    target = targets[0].pid if targets else None
    branches: list[Branch] = []
    for killed in product((False, True), repeat=len(leaders)):
        weight = Fraction(1)
        for dead in killed:
            weight *= kill if dead else 1 - kill
        gone = {f.pid for f, dead in zip(leaders, killed, strict=True) if dead}
        for hit in (False, True) if target else (False,):
            w = weight * ((ANTI_TANK_HIT if hit else 1 - ANTI_TANK_HIT) if target else 1)
            if not w:
                continue
            now = []
            for f in standing:
                if f.pid in gone:
                    continue
                if hit and f.pid == target:
                    f = replace(f, status=replace(f.status, steps_lost=f.status.steps_lost + 1))
                    if not f.steps_left:
                        continue
                now.append(f)
            branches.append((w, tuple(now)))
    return branches


def _unit_checks(
    fates: Fates, weight: Fraction, f: Fighter, units: tuple[Fighter, ...], result: AssaultResult
) -> None:
    if not result.morale_check:
        _add(fates, f.pid, end_state(f), weight)
        return
    morale = f.morale + leader_modifier(units, f)
    for did, p in check_chances(f.status.state, result.modifier, morale).items():
        if did == HOLDS:
            _add(fates, f.pid, end_state(f), weight * p)
        elif did in (DISRUPTED, DEMORALIZED):
            _add(fates, f.pid, did, weight * p)
        elif did == STEP:
            state = "eliminated" if f.steps_left <= 1 else "demoralized"
            _add(fates, f.pid, state, weight * p)


def checked(f: Fighter, did: str) -> Fighter | None:
    """``f`` after a morale check that did ``did`` (Morale); None when it is eliminated (a
    demoralized unit's step on its last step, our reading)."""
    if did == HOLDS:
        return f
    if did == STEP:
        if f.steps_left <= 1:
            return None
        status = replace(f.status, steps_lost=f.status.steps_lost + 1, state="demoralized")
        return replace(f, status=status)
    return replace(f, status=replace(f.status, state=did))


Branch = tuple[Fraction, tuple[Fighter, ...]]
"""One way a side's rolls after a result can end: its chance and the side's units left, each
in its state then."""


def side_branches(
    units: tuple[Fighter, ...],
    standing: tuple[Fighter, ...],
    enemy_standing: tuple[Fighter, ...],
    result: AssaultResult,
) -> list[Branch]:
    """Every way the rolls after ``result`` end for one side together (its leader loss rolls,
    the enemy's A-T fire at it, its morale checks), equal ends merged: what the side fires
    with when its enemy fired first (ACT: 'Simultaneous unless defenders are entrenched or
    dug-in')."""
    ends: dict[tuple[Fighter, ...], Fraction] = {}
    for w, everyone in _after_losses_and_fire(units, standing, enemy_standing, result):
        ways: list[list[tuple[Fraction, Fighter | None]]] = []
        for f in everyone:
            if not result.morale_check:
                ways.append([(Fraction(1), f)])
                continue
            morale = f.morale + leader_modifier(everyone, f)
            chances = check_chances(f.status.state, result.modifier, morale)
            ways.append([(p, checked(f, did)) for did, p in chances.items() if p])
        for combo in product(*ways):
            p = w
            for q, _ in combo:
                p *= q
            left = tuple(f for _, f in combo if f is not None)
            ends[left] = ends.get(left, Fraction(0)) + p
    return [(p, left) for left, p in ends.items()]


def _ended(
    fates: Fates, chance: Fraction, units: tuple[Fighter, ...], left: tuple[Fighter, ...]
) -> None:
    """Add each of ``units``' end state as ``left`` has it (eliminated when not in it)."""
    now = {f.pid: f for f in left}
    for f in units:
        _add(fates, f.pid, end_state(now[f.pid]) if f.pid in now else "eliminated", chance)


def attackers_after_first_fire(assault: Assault) -> list[Branch]:
    """When the defenders fire first: every way the attackers stand when they fire, through
    the defenders' die and the whole of its result (step losses as suggested, leader loss
    rolls, the defenders' A-T fire, the attackers' morale checks), equal ends merged."""
    ends: dict[tuple[Fighter, ...], Fraction] = {}
    sixth = Fraction(1, 6)
    for face in FACES:
        result = assault.first_fire_result(face)
        standing = after_losses(assault.attackers, result)
        for p, left in side_branches(assault.attackers, standing, assault.defenders, result):
            ends[left] = ends.get(left, Fraction(0)) + sixth * p
    return [(p, left) for left, p in ends.items()]


def second_fires(assault: Assault) -> list[tuple[Fraction, tuple[Fighter, ...], AssaultResult]]:
    """When the defenders fire first: each way the attackers' fire ends, its chance, the
    attackers as they fired and what it does to the defenders."""
    found = []
    sixth = Fraction(1, 6)
    for chance, attackers in attackers_after_first_fire(assault):
        fire = assault.fire("attacker", attackers)
        for face in FACES:
            found.append((chance * sixth, attackers, assault.table.result(face, fire.column)))
    return found


def spared(
    units: tuple[Fighter, ...],
    standing: tuple[Fighter, ...],
    enemy_standing: tuple[Fighter, ...],
    result: AssaultResult,
) -> Fraction:
    """The chance that ``result`` and the rolls after it leave one side unharmed (docs/rules.md:
    no loss, no retreat; the assault makes no one retreat): its losses take no step
    (``standing`` is the side after them), the enemy's A-T fire misses and no morale check
    costs a step (a demoralized unit's failure, our reading); a check that only disrupts or
    demoralizes is no loss. Leader loss rolls follow a loss only."""
    start = {f.pid: f.status.steps_lost for f in units}

    def whole(now: tuple[Fighter, ...]) -> bool:
        return len(now) == len(units) and all(start[f.pid] == f.status.steps_lost for f in now)

    if not whole(standing):
        return Fraction(0)
    found = Fraction(0)
    for w, everyone in _after_losses_and_fire(units, standing, enemy_standing, result):
        if not whole(everyone):
            continue
        for f in everyone if result.morale_check else ():
            morale = f.morale + leader_modifier(everyone, f)
            w *= 1 - check_chances(f.status.state, result.modifier, morale).get(STEP, Fraction(0))
        found += w
    return found


def exchange_unharmed(assault: Assault, ex: Exchange) -> dict[SideName, Fraction]:
    """Both sides firing at once: each side's chance that ``ex`` and the rolls after it leave
    it unharmed (:func:`spared`)."""
    defenders = after_losses(assault.defenders, ex.on_defender)
    attackers = after_losses(assault.attackers, ex.on_attacker)
    return {
        "attacker": spared(assault.attackers, attackers, defenders, ex.on_attacker),
        "defender": spared(assault.defenders, defenders, attackers, ex.on_defender),
    }


def first_fire_unharmed(
    assault: Assault, results: Iterable[AssaultResult]
) -> dict[str, dict[SideName, Fraction]]:
    """The defenders firing first: for each of their ``results`` (by its code), each side's
    chance that it leaves the side unharmed, the defenders' through every way the attackers
    then fire with what is left (ACT). The attackers' fire is found once for each way they
    stand, and what it does to the defenders once for each result and A-T fire."""
    columns: dict[tuple[Fighter, ...], int | None] = {}
    hits: dict[tuple[str, bool], Fraction] = {}

    def defenders_spared(attackers: tuple[Fighter, ...], on_defender: AssaultResult) -> Fraction:
        key = (on_defender.code, anti_tank_shooter(attackers))  # all spared reads of them
        if key not in hits:
            after = after_losses(assault.defenders, on_defender)
            hits[key] = spared(assault.defenders, after, attackers, on_defender)
        return hits[key]

    found: dict[str, dict[SideName, Fraction]] = {}
    for result in results:
        if result.code in found:
            continue
        standing = after_losses(assault.attackers, result)
        defenders = Fraction(0)
        for p, attackers in side_branches(assault.attackers, standing, assault.defenders, result):
            if attackers not in columns:
                columns[attackers] = assault.fire("attacker", attackers).column
            for face in FACES:
                on_defender = assault.table.result(face, columns[attackers])
                defenders += p * Fraction(1, 6) * defenders_spared(attackers, on_defender)
        found[result.code] = {
            "attacker": spared(assault.attackers, standing, assault.defenders, result),
            "defender": defenders,
        }
    return found


def unit_fates(assault: Assault) -> Fates:
    """Every participant's chance of each end state, adding up to 1 for each."""
    fates: Fates = {f.pid: {} for f in (*assault.attackers, *assault.defenders)}
    if assault.defenders_first:
        for chance, attackers, on_defender in second_fires(assault):
            defenders = after_losses(assault.defenders, on_defender)
            side_fates(fates, chance, assault.defenders, defenders, attackers, on_defender)
        for chance, attackers in attackers_after_first_fire(assault):
            _ended(fates, chance, assault.attackers, attackers)
        return fates
    for ex in assault.exchanges():
        chance = Fraction(1, 36)
        defenders = after_losses(assault.defenders, ex.on_defender)
        attackers = after_losses(assault.attackers, ex.on_attacker)
        side_fates(fates, chance, assault.defenders, defenders, attackers, ex.on_defender)
        side_fates(fates, chance, assault.attackers, attackers, defenders, ex.on_attacker)
    return fates
