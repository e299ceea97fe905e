"""Total War air rules: air unit categories (16A) and fighter capabilities (23D1-23D3).

``fly(Sortie(...))`` checks a mission and gives the strengths it is flown with, step by step;
``evaluate_air_scenario(data, counters)`` does it for every ``[[air]]`` entry of a scenario.
"""

from __future__ import annotations

from hexcombat.rulesets.europa.air.missions import MISSIONS, Kind, Mission, mission
from hexcombat.rulesets.europa.air.scenario import (
    AirReport,
    evaluate_air_scenario,
    sortie_from_mapping,
)
from hexcombat.rulesets.europa.air.sortie import AirResult, Sortie, fly
from hexcombat.rulesets.europa.air.units import (
    AirType,
    AirUnit,
    Category,
    air_counters_from_source,
    air_unit_from_mapping,
    check_air_counter_source,
    is_air_counter_source,
    load_air_counters,
)

__all__ = [
    "MISSIONS",
    "AirReport",
    "AirResult",
    "AirType",
    "AirUnit",
    "Category",
    "Kind",
    "Mission",
    "Sortie",
    "air_counters_from_source",
    "air_unit_from_mapping",
    "check_air_counter_source",
    "evaluate_air_scenario",
    "fly",
    "is_air_counter_source",
    "load_air_counters",
    "mission",
    "sortie_from_mapping",
]
