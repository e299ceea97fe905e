"""Total War's air rules (16A, 23D) as the air capability a ruleset declares (``air = AIR``):
the shape of :class:`hexcombat.rules.missions.AirRules`, so the game and the calculator fly a
scenario's ``[[air]]`` entries, read air counter files and refuse air units in ground combat
through the registry, without importing these rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexcombat.rules.counters import CounterSet
from hexcombat.rules.units import Unit
from hexcombat.rulesets.europa.air.map_counters import air_counter_set, is_air_unit
from hexcombat.rulesets.europa.air.missions import MISSIONS, Mission
from hexcombat.rulesets.europa.air.scenario import (
    AIR_ROLL_REFUSAL,
    HEX_KEYS,
    AirReport,
    air_beside_ground,
    air_in_ground_combat,
    entry_key,
    evaluate_air_scenario,
    not_a_hex,
)
from hexcombat.rulesets.europa.air.units import (
    AirUnit,
    air_counters_from_source,
    is_air_counter_source,
)
from hexcombat.sourcefile import Problem, TomlSource


class EuropaAir:
    """The air units of 16A and the fighter capabilities of 23D, flown on the missions of
    :data:`~hexcombat.rulesets.europa.air.missions.MISSIONS`."""

    basis = "air units fly by Total War's 16A and 23D (fighter-bombers, 23D)"
    roll_refusal = AIR_ROLL_REFUSAL
    missions_rule = "23D"  # 23D: fighters on missions (escort, interception, ground support)
    units_rule = "16A"  # 16A: air units
    rating_rule = "16A1"  # 16A1: the air unit's type and ratings
    missions: Mapping[str, Mission] = MISSIONS
    hex_keys = HEX_KEYS

    def is_counter_source(self, source: TomlSource) -> bool:
        """An air counter file has ``[[air_counter]]`` tables."""
        return is_air_counter_source(source)

    def counters_from_source(self, source: TomlSource) -> tuple[dict[str, AirUnit], list[Problem]]:
        """Every ``[[air_counter]]`` that parses, and a located problem for each that does not."""
        return air_counters_from_source(source)

    def map_counters(self, counters: Mapping[str, AirUnit]) -> CounterSet:
        """Every air unit as a map counter (its rating's strengths, its range), by id."""
        return air_counter_set(dict(counters))

    def is_air_unit(self, unit: Unit) -> bool:
        """A map counter that is an air unit (16A)."""
        return is_air_unit(unit)

    def evaluate(self, data: Mapping[str, Any], counters: Mapping[str, AirUnit]) -> AirReport:
        """Fly every ``[[air]]`` entry (16A, 23D); a bad entry raises a ``RulesError``."""
        return evaluate_air_scenario(data, counters)

    def entry_key(self, message: str, entry: Mapping[str, object]) -> str | None:
        """The key of an ``[[air]]`` entry a refusal is about, or None."""
        return entry_key(message, entry)

    def not_a_hex(self, index: int, key: str, value: str, why: str) -> str:
        """A ``base`` / ``target`` that is no hex: 23D2 compares them."""
        return not_a_hex(index, key, value, why)

    def ground_refusal(
        self, entry: Mapping[str, object], name: str, base: Unit | None
    ) -> tuple[str, str] | None:
        """An air unit (a counter that is one, or an inline air type) fights no ground combat
        (16A, 23D1)."""
        return air_in_ground_combat(entry, name, base is not None and is_air_unit(base))

    def beside_ground(self, ground: str) -> str:
        """An air mission and a ground combat are separate scenarios."""
        return air_beside_ground(ground)


AIR = EuropaAir()
"""The air rules the Total War ruleset declares."""
