"""Terrain and weather on armour effects and attack strength (10.D, 10.E), from the Terrain
Effects Chart as TOML beside this code.

The texts give a few points of the chart: forest halves AECA and AECD REs, and a minor river
hexside halves the AECA of units attacking across it (10.D). Everything else is ``assumed``. Each
value carries its own provenance: ``aec_drm = { value = -1, assumed = true }``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

from hexcombat.paths import charts_dir
from hexcombat.rules.charts import Provenanced, entry_provenance, load_chart
from hexcombat.rules.errors import RulesError
from hexcombat.rules.numbers import chart_fraction
from hexcombat.sourcefile import Problem, TomlSource

TERRAIN_EFFECTS = charts_dir() / "armour_ratio" / "terrain_effects.toml"

TERRAIN_FIELDS = ("aec_drm", "aec_res", "cm_attack")
HEXSIDE_FIELDS = ("aeca_res", "attack")
WEATHER_FIELDS = ("aec_drm",)


class UnknownTerrainError(RulesError):
    """A terrain, hexside or weather the Terrain Effects Chart does not list (10.D, 10.E)."""


@dataclass(frozen=True)
class TerrainEntry:
    """The defender's hex terrain: AEC modifier, AEC RE multiplier, c/m attack multiplier."""

    name: str
    aec_drm: Provenanced
    """Added to the AEC modifier, never past zero (10.D); zero or negative."""
    aec_res: Provenanced
    """Multiplies attacking AECA and defending AECD REs (10.D: forest halves both)."""
    cm_attack: Provenanced
    """Multiplies the attack strength of c/m units attacking into the hex (10.D)."""

    @property
    def modifies_aec(self) -> bool:
        """Whether this terrain modifies AEC in any way (10.F.2 doubles ATEC for losses)."""
        return self.aec_drm.value < 0 or self.aec_res.value < 1

    @property
    def modifies_aec_by_rule(self) -> bool:
        """Whether a chart value the text gives (not an assumed one) makes it modify AEC."""
        return (self.aec_drm.value < 0 and self.aec_drm.provenance == "rule") or (
            self.aec_res.value < 1 and self.aec_res.provenance == "rule"
        )

    @property
    def halves_cm(self) -> bool:
        """Terrain "that normally halves c/m units" (10.D motorized infantry note)."""
        return self.cm_attack.value < 1


@dataclass(frozen=True)
class HexsideEntry:
    """A hexside feature attacked across: AECA RE and attack strength multipliers (10.D)."""

    name: str
    aeca_res: Provenanced
    attack: Provenanced


@dataclass(frozen=True)
class WeatherEntry:
    """A weather condition: it increases the terrain's AEC modifier (10.E)."""

    name: str
    aec_drm: Provenanced


@dataclass(frozen=True)
class TerrainChart:
    """The AEC and attack strength columns of the Terrain Effects Chart."""

    title: str
    rule: str
    terrain: dict[str, TerrainEntry]
    hexsides: dict[str, HexsideEntry]
    weather: dict[str, WeatherEntry]

    def terrain_entry(self, name: str) -> TerrainEntry:
        """The chart's row for the defender's hex terrain."""
        return _row(self.terrain, name, "terrain", "10.D")

    def hexside_entry(self, name: str) -> HexsideEntry:
        """The chart's row for a hexside feature a unit attacks across."""
        return _row(self.hexsides, name, "hexside", "10.D", " to attack across")

    def weather_entry(self, name: str) -> WeatherEntry:
        """The chart's row for the weather."""
        return _row(self.weather, name, "weather", "10.E")


_Entry = TypeVar("_Entry")


def _row(rows: dict[str, _Entry], name: str, what: str, rule: str, use: str = "") -> _Entry:
    """The chart's row ``name``; :class:`UnknownTerrainError` naming the rows the chart has."""
    entry = rows.get(name)
    if entry is None:
        raise UnknownTerrainError(
            f"unknown {what} {name!r}{use}: the Terrain Effects Chart lists {', '.join(rows)}",
            rule,
        )
    return entry


def _value(
    source: TomlSource,
    where: tuple[str, str, str],
    raw: Any,
    chart_rule: str,
    problems: list[Problem],
) -> Provenanced | None:
    """One provenanced value: ``{ value = ..., rule = "10.D" }`` or ``{ ..., assumed = true }``."""
    section, name, key = where
    label = f"{section} {name!r} {key}"
    if not isinstance(raw, dict):
        problems.append(
            source.problem(
                where,
                f'{label} needs its provenance: write {{ value = {raw!r}, rule = "..." }} '
                f"or {{ value = {raw!r}, assumed = true }}",
            )
        )
        return None
    prov = entry_provenance(source, where, raw, chart_rule, problems, label)
    if prov is None:
        return None
    value = raw.get("value")
    if key.endswith("drm"):
        if isinstance(value, bool) or not isinstance(value, int) or value > 0:
            problems.append(
                source.problem(
                    where,
                    f"{label} must be zero or a negative whole number: terrain and weather "
                    "only reduce armour effects (10.D)",
                )
            )
            return None
        return Provenanced(value, prov[0], prov[1])
    number = chart_fraction(value, finest=100)
    if number is None or not 0 < number <= 1:
        problems.append(
            source.problem(where, f'{label} must be a multiplier above 0 and at most 1, like "1/2"')
        )
        return None
    return Provenanced(number, prov[0], prov[1])


def _section(
    source: TomlSource, section: str, fields: tuple[str, ...], rule: str, problems: list[Problem]
) -> dict[str, dict[str, Provenanced]]:
    raw = source.data.get(section)
    if not isinstance(raw, dict) or not raw:
        problems.append(source.problem((section,), f"the chart needs [{section}.<name>] tables"))
        return {}
    out: dict[str, dict[str, Provenanced]] = {}
    for name, entry in raw.items():
        if not isinstance(entry, dict):
            problems.append(source.problem((section, name), f"[{section}.{name}] must be a table"))
            continue
        values: dict[str, Provenanced] = {}
        for key in entry:
            if key not in fields:
                problems.append(
                    source.problem(
                        (section, name, key),
                        f"unknown key {key!r} in [{section}.{name}]; use {', '.join(fields)}",
                    )
                )
        for key in fields:
            if key not in entry:
                problems.append(source.problem((section, name), f"[{section}.{name}] needs {key}"))
                continue
            value = _value(source, (section, name, key), entry[key], rule, problems)
            if value is not None:
                values[key] = value
        if len(values) == len(fields):
            out[name] = values
    return out


def terrain_chart_from_source(source: TomlSource) -> tuple[TerrainChart | None, list[Problem]]:
    """Build the chart, collecting every problem with its line."""
    problems: list[Problem] = []
    rule = str(source.data.get("rule", "10.D"))
    terrain = _section(source, "terrain", TERRAIN_FIELDS, rule, problems)
    hexsides = _section(source, "hexside", HEXSIDE_FIELDS, rule, problems)
    weather = _section(source, "weather", WEATHER_FIELDS, rule, problems)
    for name, values in terrain.items():
        if values["aec_res"].value > values["cm_attack"].value:
            problems.append(
                source.problem(
                    ("terrain", name, "aec_res"),
                    f"terrain {name!r} halves c/m attack strength more than their AEC REs; "
                    "AECA REs are halved or quartered whenever attack strength is (10.D)",
                )
            )
    for name, values in hexsides.items():
        if values["aeca_res"].value > values["attack"].value:
            problems.append(
                source.problem(
                    ("hexside", name, "aeca_res"),
                    f"hexside {name!r} halves attack strength more than AECA REs; "
                    "AECA REs are halved or quartered whenever attack strength is (10.D)",
                )
            )
    if problems:
        return None, problems
    return (
        TerrainChart(
            title=str(source.data.get("title", source.path.stem)),
            rule=rule,
            terrain={n: TerrainEntry(n, **v) for n, v in terrain.items()},
            hexsides={n: HexsideEntry(n, **v) for n, v in hexsides.items()},
            weather={n: WeatherEntry(n, **v) for n, v in weather.items()},
        ),
        [],
    )


def load_terrain_chart(path: str | Path = TERRAIN_EFFECTS) -> TerrainChart:
    """The chart in ``path``; any problem raises :class:`SourceError` listing all of them."""
    return load_chart(path, terrain_chart_from_source)


def adjust_for_terrain(distribution: dict[int, Fraction], modifier: int) -> dict[int, Fraction]:
    """Apply a terrain/weather AEC modifier (zero or negative) to an AEC DRM distribution (10.D).

    A positive AECA modifier is reduced, a negative AECD one is raised, never past zero (10.D
    note; docs/rules.md): +3 with -1 gives +2, -2 with -1 gives -1, +1 with -2 gives 0.
    """
    out: dict[int, Fraction] = {}
    for drm, p in distribution.items():
        if drm > 0:
            new = max(0, drm + modifier)
        elif drm < 0:
            new = min(0, drm - modifier)
        else:
            new = 0
        out[new] = out.get(new, Fraction(0)) + p
    return out
