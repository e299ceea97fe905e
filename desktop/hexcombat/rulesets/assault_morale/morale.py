"""Morale checks, the leader loss roll, German A-T fire and recovery, each a roll of its own
with its exact chances, for the follow-ups of an assault and for a counter's recovery action.

Readings (docs/rules.md, assault-morale): a check fails by how far 2d6 plus the result's ``#``
goes over the unit's current morale plus a leader's modifier; a unit already disrupted that
fails becomes demoralized; one already demoralized that fails loses a step."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from hexcombat.rules.dice import Dice
from hexcombat.rules.effects import DieRoll, Effect
from hexcombat.rules.errors import RulesError
from hexcombat.rules.follow_ups import FollowUpResult
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import Unit
from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.assault_morale.vocabulary import (
    ANTI_TANK_DIE,
    LEADER_DIE,
    MORALE_DIE,
    RECOVERY_DIE,
)

RANKS = ("", "disrupted", "demoralized")
"""Good order, then each state a failure moves a unit to (Morale)."""
HOLDS, DISRUPTED, DEMORALIZED, STEP = "holds", "disrupted", "demoralized", "loses a step"
"""What one morale check does to a unit."""
RECOVERY_TERRAIN = frozenset({"town", "entrenchment"})
"""Recovery: morale is +1 for attempts in a town or entrenchment."""


@cache
def two_dice() -> dict[int, Fraction]:
    """The chance of each total of 2d6."""
    found: dict[int, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            found[a + b] = found.get(a + b, Fraction(0)) + Fraction(1, 36)
    return found


def check_failure(total: int, modifier: int, morale: int) -> str:
    """A morale check (Morale): ``total`` of 2d6 plus ``modifier`` (the ``#`` of ``M#``)
    against ``morale`` (current morale plus a leader's modifier): not above it holds, 1 or 2
    above disrupts, 3 or more above demoralizes."""
    over = total + modifier - morale
    if over <= 0:
        return HOLDS
    return DISRUPTED if over <= 2 else DEMORALIZED


def after_check(state: str, failure: str) -> str:
    """What a check does to a unit in ``state``: a unit in good order takes the failure as it
    is; a failure lowers a disrupted unit to demoralized and costs a demoralized unit a step
    (compound failures further lower morale)."""
    if failure == HOLDS:
        return HOLDS
    if state == "":
        return failure
    return DEMORALIZED if state == "disrupted" else STEP


def check_chances(state: str, modifier: int, morale: int) -> dict[str, Fraction]:
    """The exact chance of each thing one check does to a unit in ``state``."""
    found: dict[str, Fraction] = {}
    for total, chance in two_dice().items():
        did = after_check(state, check_failure(total, modifier, morale))
        found[did] = found.get(did, Fraction(0)) + chance
    return found


def check_effects(
    side: SideName, pid: str, name: str, did: str, state: str = ""
) -> tuple[Effect, ...]:
    """A check's result as effects on the unit (in ``state`` before it)."""
    if did == HOLDS:
        return ()
    if did == STEP:
        text = (
            f"{name}, already demoralized, fails again: loses a step (our reading of "
            "'compound morale check failures further lower morale')"
        )
        return (Effect("lose-steps", side, "Morale", text, (pid,), 1),)
    words = "disrupted" if did == DISRUPTED else "demoralized (morale -1)"
    if did == DEMORALIZED and state == "disrupted":  # compound failures lower it further
        words = "demoralized (morale -1): already disrupted, it failed again"
    return (Effect("set-state", side, "Morale", f"{name} is {words}", (pid,), state=did),)


def leader_killed(total: int, inflicted: int) -> bool:
    """ACT: a leader is killed on a 2-dice roll of 2, the roll -1 for each step loss
    inflicted."""
    return total - inflicted <= 2


def leader_kill_chance(inflicted: int) -> Fraction:
    return sum((c for t, c in two_dice().items() if leader_killed(t, inflicted)), Fraction(0))


def anti_tank_hits(face: int) -> bool:
    """Assault: German infantry A-T fire hits a Soviet vehicle on a die roll of 5 or 6."""
    return face >= 5


ANTI_TANK_HIT = Fraction(2, 6)


def roll_two(dice: Dice, purpose: str) -> tuple[int, int]:
    return dice.roll(6, purpose), dice.roll(6, purpose)


def morale_roll(
    dice: Dice, side: SideName, pid: str, name: str, state: str, modifier: int, morale: int
) -> FollowUpResult:
    """One morale check rolled."""
    faces = roll_two(dice, MORALE_DIE.purpose)
    total = sum(faces)
    did = after_check(state, check_failure(total, modifier, morale))
    mod = f" {modifier:+d}" if modifier else ""
    headline = f"{name}: morale check {total}{mod} = {total + modifier} against {morale}: {did}"
    roll = DieRoll(MORALE_DIE.purpose, 6, faces, "Morale", side, pid)
    effects = check_effects(side, pid, name, did, state)
    return FollowUpResult(headline, (roll,), effects, code=did)


def leader_roll(dice: Dice, side: SideName, pid: str, name: str, inflicted: int) -> FollowUpResult:
    """The leader loss roll (ACT)."""
    faces = roll_two(dice, LEADER_DIE.purpose)
    total = sum(faces)
    killed = leader_killed(total, inflicted)
    headline = f"{name}: leader loss roll {total} -{inflicted} = {total - inflicted}: " + (
        "killed" if killed else "survives"
    )
    effects = (Effect("eliminate", side, "ACT", f"{name} is killed", (pid,)),) if killed else ()
    return FollowUpResult(
        headline,
        (DieRoll(LEADER_DIE.purpose, 6, faces, "ACT", side, pid),),
        effects,
        code="killed" if killed else "survives",
    )


def anti_tank_roll(dice: Dice, side: SideName, pid: str, name: str) -> FollowUpResult:
    """German A-T fire at a Soviet vehicle (Assault): 5 or 6 and it loses a step."""
    face = dice.roll(6, ANTI_TANK_DIE.purpose)
    hit = anti_tank_hits(face)
    headline = f"A-T fire at {name}: {face}: " + ("hit, loses a step" if hit else "missed")
    effects = (
        (Effect("lose-steps", side, "Assault", f"{name} is hit by A-T fire", (pid,), 1),)
        if hit
        else ()
    )
    roll = DieRoll(ANTI_TANK_DIE.purpose, 6, (face,), "Assault", side, pid)
    return FollowUpResult(headline, (roll,), effects, code="hit" if hit else "missed")


# --- recovery ----------------------------------------------------------------------------------


def recovery_morale(
    unit: Unit, status: UnitStatus, terrain: str | None, leader_modifier: int
) -> int:
    """What a recovery roll must be below: current morale (one less when demoralized), a
    leader's modifier, +1 in a town or entrenchment (Recovery)."""
    printed = unit.rule_value("morale", 0)
    morale = printed if isinstance(printed, int) and not isinstance(printed, bool) else 0
    morale -= 1 if status.state == "demoralized" else 0
    return morale + leader_modifier + (1 if terrain in RECOVERY_TERRAIN else 0)


def recovery_outcome(unit: Unit, status: UnitStatus, total: int, target: int) -> str:
    """What an unmodified 2d6 ``total`` does (Recovery): 2 recovers fully; 12 makes a
    demoralized leader desert; below ``target`` lifts the unit one rank (demoralized to
    disrupted, disrupted to good order); anything else fails. A disrupted unit's 2 is only
    "recovers": one rank is full recovery for it, so its chances name one way to good order."""
    if total == 2:
        return "recovers" if status.state == "disrupted" else "recovers fully"
    if total == 12 and status.state == "demoralized" and unit.rule_value("kind") == "leader":
        return "deserts"
    if total < target:
        return "recovers" if status.state == "disrupted" else "rallies to disrupted"
    return "fails"


def recovery(
    unit: Unit,
    status: UnitStatus,
    terrain: str | None,
    leader_modifier: int,
    dice: Dice,
    target: str = "",
    side: SideName = "defender",
) -> FollowUpResult:
    """A recovery attempt by a disrupted or demoralized unit (Recovery), its effects on the
    counter ``target`` (an id; a unit in good order has nothing to recover from)."""
    if status.state not in ("disrupted", "demoralized"):
        raise RulesError(
            f"{unit.name} is in good order: it has nothing to recover from", "Recovery"
        )
    faces = roll_two(dice, RECOVERY_DIE.purpose)
    total = sum(faces)
    needed = recovery_morale(unit, status, terrain, leader_modifier)
    did = recovery_outcome(unit, status, total, needed)
    targets = (target,) if target else ()
    effects: tuple[Effect, ...] = ()
    if did == "recovers fully" or did == "recovers":
        effects = (
            Effect("set-state", side, "Recovery", f"{unit.name} recovers: good order", targets),
        )
    elif did == "rallies to disrupted":
        effects = (
            Effect(
                "set-state",
                side,
                "Recovery",
                f"{unit.name} rallies: disrupted",
                targets,
                state="disrupted",
            ),
        )
    elif did == "deserts":
        effects = (Effect("eliminate", side, "Recovery", f"{unit.name} deserts", targets),)
    headline = f"{unit.name}: recovery roll {total} against below {needed}: {did}"
    roll = DieRoll(RECOVERY_DIE.purpose, 6, faces, "Recovery", side, target or None)
    return FollowUpResult(headline, (roll,), effects, code=did)


def recovery_chances(
    unit: Unit, status: UnitStatus, terrain: str | None, leader_modifier: int
) -> dict[str, Fraction]:
    """The exact chance of each recovery outcome."""
    needed = recovery_morale(unit, status, terrain, leader_modifier)
    found: dict[str, Fraction] = {}
    for total, chance in two_dice().items():
        did = recovery_outcome(unit, status, total, needed)
        found[did] = found.get(did, Fraction(0)) + chance
    return found
