"""The Total War charts the rules texts cite but do not print, read from TOML beside this module.

Every entry carries its provenance: ``rule = "14D2d"`` for the few points the worked example
states, ``assumed = true`` for our placeholders. A calculation that reads an assumed entry marks
its step ``assumed`` so the report warns the player to check their rulebook.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from hexcombat.paths import charts_dir
from hexcombat.rules.charts import entry_provenance, read_chart
from hexcombat.rules.errors import IllegalAttackError, RulesError
from hexcombat.rules.explain import Provenance
from hexcombat.rules.numbers import chart_fraction
from hexcombat.rulesets.europa.chances import CHANCE_WORDS, chance_probability
from hexcombat.sourcefile import KeyPath, Problem, SourceError, TomlSource

HERE = charts_dir() / "total_war"
ARMOUR_EFFECTS = HERE / "armour_effects.toml"
AEC_TERRAIN = HERE / "aec_terrain.toml"
ENGINEER_EFFECTS = HERE / "engineer_effects.toml"


def share_text(value: Fraction) -> str:
    """A proportion as the rules write it: ``1/5``, ``1/7``, ``3/5``, ``1``."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


@dataclass(frozen=True)
class Band:
    """One row of a proportion chart: a band of shares and the DRM (or chances) it gives."""

    drm: int
    """The modifier; with a chance, the lower one."""
    chances: Mapping[int, Fraction]
    """Each modifier this band may give with its probability (one entry when there is no chance)."""
    provenance: Provenance
    rule: str
    lower: Fraction | None = None
    lower_open: bool = False
    upper: Fraction | None = None
    upper_open: bool = False

    def holds(self, share: Fraction) -> bool:
        """Whether ``share`` falls in this band."""
        if self.lower is not None and (
            share < self.lower or (self.lower_open and share == self.lower)
        ):
            return False
        return self.upper is None or not (
            share > self.upper or (self.upper_open and share == self.upper)
        )

    def describe(self) -> str:
        """The band in words: ``more than 1/2``, ``exactly 1/7``, ``1/10 to 1/2``."""
        lo, hi = self.lower, self.upper
        if lo is not None and lo == hi:
            return f"exactly {share_text(lo)}"
        parts = []
        if lo is not None:
            parts.append(
                f"more than {share_text(lo)}" if self.lower_open else f"at least {share_text(lo)}"
            )
        if hi is not None:
            parts.append(
                f"below {share_text(hi)}" if self.upper_open else f"at most {share_text(hi)}"
            )
        return " and ".join(parts)


@dataclass(frozen=True)
class ArmourChart:
    """The armour effects by proportion: AECA share in the attack, ATEC share in the defence."""

    title: str
    path: str
    aeca: tuple[Band, ...]
    atec: tuple[Band, ...]

    def lookup(self, table: str, share: Fraction) -> Band:
        """The first band of ``table`` (``aeca`` or ``atec``) that holds ``share``."""
        for band in getattr(self, table):
            if band.holds(share):
                return band
        raise RulesError(f"{self.path}: no [[{table}]] entry covers a share of {share_text(share)}")


@dataclass(frozen=True)
class Allowance:
    """Whether a terrain or a weather condition allows AEC, and where that comes from."""

    name: str
    allows: bool
    provenance: Provenance
    rule: str


@dataclass(frozen=True)
class AecChart:
    """Terrain and weather that allow AEC (Terrain Effects Chart AEC column, weather rules)."""

    title: str
    path: str
    terrain: Mapping[str, Allowance]
    weather: Mapping[str, Allowance]

    def allowance(self, kind: str, name: str) -> Allowance:
        """The entry for terrain or weather ``name``; an unknown one names the known ones."""
        table: Mapping[str, Allowance] = getattr(self, kind)
        if name not in table:
            known = ", ".join(sorted(table))
            raise IllegalAttackError(
                f"{kind} {name!r} is not on the AEC chart ({self.path}); it knows {known}"
            )
        return table[name]


@dataclass(frozen=True)
class EngineerChart:
    """What engineers do against a major city or a -1/-2/-3 fortification (the engineer rule)."""

    title: str
    path: str
    share: Fraction
    """Engineer REs at least this share of the attacking non-artillery REs give ``drm``."""
    drm: int
    drm_provenance: Provenance
    drm_rule: str
    assault_factor: int
    """Assault engineers' attack strength multiplier."""
    assault_provenance: Provenance
    assault_rule: str


@dataclass(frozen=True)
class Tables:
    """The three Total War charts a combat evaluation reads."""

    armour: ArmourChart
    aec: AecChart
    engineer: EngineerChart


def load_tables(
    armour: str | Path = ARMOUR_EFFECTS,
    aec: str | Path = AEC_TERRAIN,
    engineer: str | Path = ENGINEER_EFFECTS,
) -> Tables:
    """Load the charts; any problem raises :class:`SourceError` listing each with its line."""
    problems: list[Problem] = []
    armour_chart, found = read_chart(armour, armour_chart_from_source)
    problems += found
    aec_chart, found = read_chart(aec, aec_chart_from_source)
    problems += found
    engineer_chart, found = read_chart(engineer, engineer_chart_from_source)
    problems += found
    if problems or armour_chart is None or aec_chart is None or engineer_chart is None:
        raise SourceError(problems)
    return Tables(armour_chart, aec_chart, engineer_chart)


def parse_fraction(value: Any) -> Fraction:
    """A share from TOML: ``0``, ``0.5`` or ``"1/7"``; raises ValueError for anything else
    (``inf``, ``nan``, a negative or huge number, ``"1/0"``: :func:`chart_fraction`)."""
    share = chart_fraction(value)
    if share is None:
        raise ValueError(value)
    return share


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _band(
    source: TomlSource, where: KeyPath, entry: Any, chart_rule: str
) -> tuple[Band | None, list[Problem]]:
    if not isinstance(entry, dict):
        return None, [source.problem(where, "each band must be a table")]
    problems: list[Problem] = []
    bounds: dict[str, Fraction] = {}
    for key in ("above", "at_least", "below", "at_most"):
        if key in entry:
            try:
                bounds[key] = parse_fraction(entry[key])
            except ValueError:
                problems.append(
                    source.problem(
                        (*where, key),
                        f'{key} must be a share like 0, 0.5 or "1/7", not {entry[key]!r}',
                    )
                )
    if "above" in bounds and "at_least" in bounds or "below" in bounds and "at_most" in bounds:
        problems.append(source.problem(where, "give one lower bound and at most one upper bound"))
    if not any(key in entry for key in ("above", "at_least", "below", "at_most")):
        problems.append(source.problem(where, "a band needs above, at_least, below or at_most"))
    drm = entry.get("drm")
    if not _is_int(drm):
        problems.append(source.problem((*where, "drm"), "drm must be a whole number like -1 or 2"))
        drm = 0
    chances: dict[int, Fraction] = {drm: Fraction(1)}
    if "chance" in entry:
        chance = entry["chance"]
        other = chance.get("drm") if isinstance(chance, dict) else None
        p = chance_probability(chance.get("probability")) if isinstance(chance, dict) else None
        if not _is_int(other) or p is None or other == drm:
            problems.append(
                source.problem(
                    (*where, "chance"),
                    f'chance must be {{ drm = N, probability = "1/2" }} with another drm and '
                    f"{CHANCE_WORDS}",
                )
            )
        else:
            assert other is not None
            chances = {drm: 1 - p, other: p}
            drm = min(chances)
    prov = entry_provenance(source, where, entry, chart_rule, problems)
    if problems or prov is None:
        return None, problems
    lower = bounds.get("above", bounds.get("at_least"))
    upper = bounds.get("below", bounds.get("at_most"))
    return (
        Band(
            drm=drm,
            chances=chances,
            provenance=prov[0],
            rule=prov[1],
            lower=lower,
            lower_open="above" in bounds,
            upper=upper,
            upper_open="below" in bounds,
        ),
        [],
    )


def _span_text(lo: Fraction, lo_in: bool, hi: Fraction | None, hi_in: bool) -> str:
    """Shares between two bounds in the chart's words: ``more than 1/2 and below 3/5``."""
    if hi is not None and lo == hi:
        return f"exactly {share_text(lo)}"
    text = f"at least {share_text(lo)}" if lo_in else f"more than {share_text(lo)}"
    if hi is not None:
        text += f" and at most {share_text(hi)}" if hi_in else f" and below {share_text(hi)}"
    return text


def band_gaps(source: TomlSource, table: str, bands: list[tuple[int, Band]]) -> list[Problem]:
    """Shares above 0 that no band holds: a combat with such a share could not be evaluated.

    A share is a count of REs over the non-artillery REs, so any value above 0 can occur (double
    AEC units make it more than 1); a share of 0 means no armour effect and needs no band.
    """
    problems = []
    ordered = sorted(
        bands,
        key=lambda b: (Fraction(-1) if b[1].lower is None else b[1].lower, b[1].lower_open),
    )
    reach, reach_in = Fraction(0), True  # shares covered so far: up to reach (included?)
    for _, band in ordered:
        lo = Fraction(0) if band.lower is None else band.lower
        lo_in = band.lower is None or not band.lower_open
        if lo > reach or (lo == reach and not reach_in and not lo_in):
            problems.append(
                source.problem(
                    (table,),
                    f"no [[{table}]] band holds shares "
                    f"{_span_text(reach, not reach_in, lo, not lo_in)}: a combat with such a "
                    "share could not be evaluated; extend a band or add one",
                )
            )
        if band.upper is None:
            return problems
        hi_in = not band.upper_open
        if band.upper > reach or (band.upper == reach and hi_in and not reach_in):
            reach, reach_in = band.upper, hi_in
    problems.append(
        source.problem(
            (table,),
            f"no [[{table}]] band holds shares {_span_text(reach, not reach_in, None, False)}: "
            "a combat with such a share could not be evaluated; extend a band or add one",
        )
    )
    return problems


def _overlap(a: Band, b: Band) -> tuple[Fraction, bool, Fraction | None, bool] | None:
    """The shares both bands hold (lower, included, upper, included), or None."""
    candidates = [(x.lower, not x.lower_open) for x in (a, b) if x.lower is not None]
    lo, lo_in = max(candidates, key=lambda c: (c[0], not c[1]), default=(Fraction(0), False))
    uppers = [(x.upper, not x.upper_open) for x in (a, b) if x.upper is not None]
    if not uppers:
        return lo, lo_in, None, False
    hi, hi_in = min(uppers, key=lambda c: (c[0], c[1]))
    if hi < lo or (hi == lo and not (lo_in and hi_in)):
        return None
    return lo, lo_in, hi, hi_in


def band_overlaps(source: TomlSource, table: str, bands: list[tuple[int, Band]]) -> list[Problem]:
    """Bands that both hold a share but give different modifiers: only their order in the file
    would decide, silently. (A ``rule`` point inside an assumed band that agrees with it, like
    14D2d's ATEC 1/7 for -1, is no conflict.)"""
    problems = []
    for n, (i, later) in enumerate(bands):
        for j, earlier in bands[:n]:
            shared = _overlap(earlier, later)
            if shared is None or dict(earlier.chances) == dict(later.chances):
                continue
            problems.append(
                source.problem(
                    (table, i),
                    f"this [[{table}]] band ({later.describe()}: {later.drm:+d}) overlaps the "
                    f"band at line {source.line_of(table, j)} ({earlier.describe()}: "
                    f"{earlier.drm:+d}) for shares {_span_text(*shared)}; bands that give "
                    "different modifiers must not overlap",
                )
            )
    return problems


def armour_chart_from_source(source: TomlSource) -> tuple[ArmourChart | None, list[Problem]]:
    """The armour effects chart from a parsed file, and every problem with its line."""
    data = source.data
    chart_rule = str(data.get("rule", "10"))
    problems: list[Problem] = []
    tables: dict[str, tuple[Band, ...]] = {}
    for table in ("aeca", "atec"):
        entries = data.get(table)
        if not isinstance(entries, list) or not entries:
            problems.append(source.problem((table,), f"the chart needs [[{table}]] bands"))
            tables[table] = ()
            continue
        bands: list[tuple[int, Band]] = []
        for i, entry in enumerate(entries):
            band, found = _band(source, (table, i), entry, chart_rule)
            problems += found
            if band is not None:
                bands.append((i, band))
        if len(bands) == len(entries):
            problems += band_gaps(source, table, bands) + band_overlaps(source, table, bands)
        tables[table] = tuple(band for _, band in bands)
    if problems:
        return None, problems
    title = str(data.get("title", source.path.stem))
    return ArmourChart(title, source.name, tables["aeca"], tables["atec"]), []


def aec_chart_from_source(source: TomlSource) -> tuple[AecChart | None, list[Problem]]:
    """The terrain/weather AEC chart from a parsed file, and every problem with its line."""
    data = source.data
    chart_rule = str(data.get("rule", "10"))
    problems: list[Problem] = []
    tables: dict[str, dict[str, Allowance]] = {}
    for kind in ("terrain", "weather"):
        raw = data.get(kind)
        tables[kind] = {}
        if not isinstance(raw, dict) or not raw:
            problems.append(source.problem((kind,), f"the chart needs [{kind}.NAME] entries"))
            continue
        for name, entry in raw.items():
            where = (kind, name)
            if not isinstance(entry, dict) or not isinstance(entry.get("aec"), bool):
                problems.append(source.problem(where, f"{kind} {name}: aec must be true or false"))
                continue
            prov = entry_provenance(source, where, entry, chart_rule, problems)
            if prov is None:
                continue
            tables[kind][name] = Allowance(name, entry["aec"], prov[0], prov[1])
    if problems:
        return None, problems
    title = str(data.get("title", source.path.stem))
    return AecChart(title, source.name, tables["terrain"], tables["weather"]), []


def engineer_chart_from_source(source: TomlSource) -> tuple[EngineerChart | None, list[Problem]]:
    """The engineer effects chart from a parsed file, and every problem with its line."""
    data = source.data
    chart_rule = str(data.get("rule", "14D1"))
    problems: list[Problem] = []
    combat = data.get("combat")
    assault = data.get("assault")
    if not isinstance(combat, dict):
        return None, [source.problem(("combat",), "the chart needs a [combat] table")]
    if not isinstance(assault, dict):
        return None, [source.problem(("assault",), "the chart needs an [assault] table")]
    try:
        share = parse_fraction(combat.get("at_least"))
    except ValueError:
        problems.append(
            source.problem(
                ("combat", "at_least"),
                f'at_least must be a share like 0, 0.5 or "1/7", not {combat.get("at_least")!r}',
            )
        )
        share = Fraction(0)
    drm = combat.get("drm")
    if not _is_int(drm):
        problems.append(source.problem(("combat", "drm"), "drm must be a whole number"))
    factor = assault.get("attack_factor")
    if not _is_int(factor) or factor < 1:
        problems.append(
            source.problem(
                ("assault", "attack_factor"), "attack_factor must be a whole number >= 1"
            )
        )
    combat_prov = entry_provenance(source, ("combat",), combat, chart_rule, problems)
    assault_prov = entry_provenance(source, ("assault",), assault, chart_rule, problems)
    if problems or combat_prov is None or assault_prov is None:
        return None, problems
    return (
        EngineerChart(
            title=str(data.get("title", source.path.stem)),
            path=source.name,
            share=share,
            drm=drm,
            drm_provenance=combat_prov[0],
            drm_rule=combat_prov[1],
            assault_factor=factor,
            assault_provenance=assault_prov[0],
            assault_rule=assault_prov[1],
        ),
        [],
    )
