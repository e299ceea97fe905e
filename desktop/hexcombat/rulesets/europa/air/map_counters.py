"""Air units as map counters: a shipped ``[[air_counter]]`` (16A) as a :class:`Unit`, so a game
can place it (at an airbase, say) from the Counters palette and keep it in saves.

The map knows counters as :class:`Unit`; an air unit becomes one with its type letters in
``air_type``, its air attack and air defence as the strengths its rating prints (``7F5``) and its
range as its movement. It has no REs: air units fight with their air ratings, not in ground
combat (16A, 23D1), so the Europa rulesets leave them out of ground combat
(:mod:`hexcombat.rulesets.europa.eligibility`).
"""

from __future__ import annotations

from fractions import Fraction

from hexcombat.rules.counters import CounterSet
from hexcombat.rules.units import Unit, flies
from hexcombat.rulesets.europa.air.units import AirUnit
from hexcombat.rulesets.europa.units import europa_unit


def map_unit(counter_id: str, air: AirUnit) -> Unit:
    """The map counter of air unit ``air``."""
    return europa_unit(
        air.name,
        Fraction(0),
        id=counter_id,
        nationality=air.nationality,
        unit_type=air.category.value,
        attack=air.air_attack,
        defence=air.air_defence,
        movement=air.range,
        air_type=air.air_type.value,
    )


def air_counter_set(air_units: dict[str, AirUnit], title: str = "air units") -> CounterSet:
    """Every air unit as a map counter, by its counter id."""
    return CounterSet(
        {cid: map_unit(cid, air) for cid, air in air_units.items()}, [title] if air_units else []
    )


def is_air_unit(unit: Unit) -> bool:
    """An air unit (16A): it stands on the map at its base but fights no ground combat."""
    return flies(unit)
