"""Light infantry (14F): which unit types belong to the category, and their terrain exceptions.

Both are data (``light_infantry.toml``). The Unit Identification Chart is the complete list, so
a counter's own ``light_infantry`` flag wins; the type table is the default for inline units.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from hexcombat.paths import charts_dir
from hexcombat.rules.charts import load_chart, provenance_of
from hexcombat.rules.explain import Provenance
from hexcombat.rules.units import Unit
from hexcombat.rulesets.europa.units import europa
from hexcombat.sourcefile import Problem, TomlSource

LIGHT_INFANTRY = charts_dir() / "total_war" / "light_infantry.toml"


@dataclass(frozen=True)
class Member:
    """A unit type in the light infantry category (14F)."""

    unit_type: str
    symbol: str
    non_motorized: bool
    """Only non-motorized units with this symbol belong (Lt Inf/Jager, Cmdo, Prtsn)."""
    rule: str


@dataclass(frozen=True)
class TerrainException:
    """A light infantry movement advantage from the Terrain Effects Chart's Exceptions column."""

    terrain: str
    movement_cost: int
    provenance: Provenance
    rule: str


@dataclass(frozen=True)
class LightInfantryData:
    """The category's member types and terrain exceptions."""

    members: Mapping[str, Member]
    exceptions: Mapping[str, TerrainException]


def load_light_infantry(path: str | Path = LIGHT_INFANTRY) -> LightInfantryData:
    """Load the 14F data; a problem raises :class:`SourceError` with its line."""
    return load_chart(path, light_infantry_from_source)


def member_type(unit: Unit, data: LightInfantryData | None = None) -> Member | None:
    """The category entry ``unit``'s type falls under, if any (14F)."""
    data = data or load_light_infantry()
    member = data.members.get(unit.unit_type)
    if member is None or (member.non_motorized and europa(unit).motorized):
        return None
    return member


def is_light_infantry(unit: Unit, data: LightInfantryData | None = None) -> bool:
    """In the light infantry category: flagged on its counter, or of a member type (14F)."""
    return europa(unit).light_infantry or member_type(unit, data) is not None


def terrain_exception(
    terrain: str, data: LightInfantryData | None = None
) -> TerrainException | None:
    """The light infantry movement exception for ``terrain``, if the chart has one."""
    data = data or load_light_infantry()
    return data.exceptions.get(terrain)


def light_infantry_from_source(
    source: TomlSource,
) -> tuple[LightInfantryData | None, list[Problem]]:
    """The 14F data from a parsed file, with every problem located."""
    raw = source.data
    problems: list[Problem] = []
    members: dict[str, Member] = {}
    for i, entry in enumerate(raw.get("member", [])):
        prov = provenance_of(entry, "14F") if isinstance(entry, dict) else None
        if (
            prov is None
            or not isinstance(entry.get("type"), str)
            or not isinstance(entry.get("non_motorized"), bool)
        ):
            problems.append(
                source.problem(("member", i), "a member needs type, non_motorized and a rule")
            )
            continue
        members[entry["type"]] = Member(
            entry["type"], str(entry.get("symbol", entry["type"])), entry["non_motorized"], prov[1]
        )
    exceptions: dict[str, TerrainException] = {}
    for i, entry in enumerate(raw.get("exception", [])):
        prov = provenance_of(entry, "14F") if isinstance(entry, dict) else None
        cost = entry.get("movement_cost") if isinstance(entry, dict) else None
        if (
            prov is None
            or not isinstance(entry.get("terrain"), str)
            or not isinstance(cost, int)
            or isinstance(cost, bool)
        ):
            problems.append(
                source.problem(
                    ("exception", i), "an exception needs terrain, movement_cost and a rule"
                )
            )
            continue
        exceptions[entry["terrain"]] = TerrainException(entry["terrain"], cost, prov[0], prov[1])
    if not members:
        problems.append(source.problem(("member",), "the file needs [[member]] entries"))
    if problems:
        return None, problems
    return LightInfantryData(members, exceptions), []
