"""Recognising and checking the armour-ratio chart files, for ``hexcombat check``.

Each chart names its kind with a top-level ``chart = "..."`` key, so a player's edited copy is
checked as the chart it is and every problem comes back as ``file:line: message``.
"""

from __future__ import annotations

from collections.abc import Callable

from hexcombat.rulesets.armour_ratio.tables import (
    armour_effects_from_source,
    special_unit_from_source,
)
from hexcombat.rulesets.armour_ratio.terrain import terrain_chart_from_source
from hexcombat.sourcefile import Problem, TomlSource

CHART_KINDS: dict[str, Callable[[TomlSource], tuple[object, list[Problem]]]] = {
    "armour-effects": armour_effects_from_source,
    "special-unit-combat": special_unit_from_source,
    "terrain-effects": terrain_chart_from_source,
}
"""``chart = ...`` value -> the loader that checks it."""


def is_armour_ratio_chart(source: TomlSource) -> bool:
    """An armour-ratio chart says which one it is: ``chart = "armour-effects"``, ..."""
    return source.data.get("chart") in CHART_KINDS


def check_armour_ratio_chart(source: TomlSource) -> list[Problem]:
    """Every problem in an armour-ratio chart file."""
    return CHART_KINDS[str(source.data["chart"])](source)[1]
