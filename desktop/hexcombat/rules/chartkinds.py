"""Every kind of chart file hexcombat reads, by the ``chart = "..."`` key each file starts with,
so ``hexcombat check`` validates a player's edited copy as the chart it is."""

from __future__ import annotations

from collections.abc import Callable

from hexcombat.rules.armour_ratio.chartfiles import CHART_KINDS as ARMOUR_RATIO_CHARTS
from hexcombat.rules.assault_morale.table import assault_table_from_source
from hexcombat.rules.combat import crt_from_source
from hexcombat.rules.references import references_from_source
from hexcombat.rules.total_war.coast_defence import coast_defence_from_source
from hexcombat.rules.total_war.light_infantry import light_infantry_from_source
from hexcombat.rules.total_war.tables import (
    aec_chart_from_source,
    armour_chart_from_source,
    engineer_chart_from_source,
)
from hexcombat.sourcefile import Problem, TomlSource

ChartLoader = Callable[[TomlSource], tuple[object, list[Problem]]]

CHART_KINDS: dict[str, ChartLoader] = {
    "combat-results": crt_from_source,
    "tw-armour-effects": armour_chart_from_source,
    "tw-aec-terrain": aec_chart_from_source,
    "tw-engineer-effects": engineer_chart_from_source,
    "tw-coast-defence": coast_defence_from_source,
    "tw-light-infantry": light_infantry_from_source,
    "rule-references": references_from_source,
    "assault-combat-table": assault_table_from_source,
    **ARMOUR_RATIO_CHARTS,
}
"""``chart = ...`` value -> the loader that parses and checks it."""


def is_chart_source(source: TomlSource) -> bool:
    """A chart file names its kind with a top-level ``chart`` key."""
    return "chart" in source.data


def check_chart_source(source: TomlSource) -> list[Problem]:
    """Every problem in a chart file, or one naming the kinds when ``chart`` is unknown."""
    kind = source.data.get("chart")
    loader = CHART_KINDS.get(kind) if isinstance(kind, str) else None
    if loader is None:
        known = ", ".join(CHART_KINDS)
        return [source.problem(("chart",), f"unknown chart kind {kind!r}; known: {known}")]
    return loader(source)[1]
