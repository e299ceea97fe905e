"""Long-range artillery (14A3): who may fire at two hexes, and what that means for the result.

At two hexes LRA needs adjacent attackers, takes no combat result, stays out of exchanges and
may not advance; adjacent it is an ordinary unit.
"""

from __future__ import annotations

from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.explain import Explanation
from hexcombat.rules.situation import Participant
from hexcombat.rulesets.total_war.coast_defence import CoastDefenceData, check_may_attack

TWO_HEXES = 2


def check_attack(
    attackers: tuple[Participant, ...],
    defenders: tuple[Participant, ...],
    coast_defence: CoastDefenceData,
) -> None:
    """Raise :class:`IllegalAttackError` for a combat the rules forbid (14A3, 14A4)."""
    if not attackers:
        raise IllegalAttackError("an attack needs at least one attacking unit")
    if not defenders:
        raise IllegalAttackError("there is no defending unit to attack")
    for p in (*attackers, *defenders):
        if p.count < 1:
            raise IllegalAttackError(f"{p.unit.name}: count must be at least 1, not {p.count}")
    for p in defenders:
        if p.range != 1:
            raise IllegalAttackError(
                f"{p.unit.name} defends in the attacked hex; only attackers fire from two hexes",
                "14A3",
            )
    for p in attackers:
        check_may_attack(p.unit, coast_defence)
        if p.range not in (1, TWO_HEXES):
            raise IllegalAttackError(
                f"{p.unit.name} is {p.range} hexes away: units attack from adjacent hexes, "
                "long-range artillery from two",
                "14A3",
            )
        if p.range == TWO_HEXES and p.unit.range < TWO_HEXES:
            raise IllegalAttackError(
                f"{p.unit.name} is not long-range artillery and cannot fire at two hexes", "14A3"
            )
    if all(p.range == TWO_HEXES for p in attackers):
        raise IllegalAttackError("long-range artillery may not attack alone at two hexes", "14A3")


def at_two_hexes(attackers: tuple[Participant, ...]) -> tuple[Participant, ...]:
    """The long-range artillery firing at two hexes (14A3)."""
    return tuple(p for p in attackers if p.range == TWO_HEXES)


def exempt_names(attackers: tuple[Participant, ...]) -> tuple[str, ...]:
    """Names of the units no combat result applies to (LRA at two hexes, 14A3)."""
    names: list[str] = []
    for p in at_two_hexes(attackers):
        names += [p.unit.name] * p.count
    return tuple(names)


def explain_two_hexes(attackers: tuple[Participant, ...], ex: Explanation) -> None:
    """A step for each long-range artillery unit firing at two hexes (14A3)."""
    for p in at_two_hexes(attackers):
        count = f" x{p.count}" if p.count > 1 else ""
        ex.add(
            "14A3",
            f"{p.unit.name}{count} fires at two hexes: its strength counts, but it takes no "
            "combat result, is out of exchange calculations and may not advance",
            side="attacker",
            kind="strength",
        )
