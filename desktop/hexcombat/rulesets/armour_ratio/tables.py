"""The ratio charts rule 10 cites but the texts do not give, loaded from TOML beside this code.

The Armour Effects Table (rule 11.J) turns AECA:ATEC into a positive die roll modifier and
AECA:AECD into zero or a negative one (10.C, 10.C.2); the Special Unit Combat Ability Table turns
heavy armour units against heavy ATEC units into a modifier (10.I). Every row says where its
value comes from (``rule = "10.C"`` or ``assumed = true``); a row without either is a problem
reported with its line, so an edited chart never silently loses its provenance.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from hexcombat.paths import charts_dir
from hexcombat.rules.charts import entry_provenance, load_chart
from hexcombat.rules.explain import Provenance, fmt
from hexcombat.rules.numbers import chart_fraction
from hexcombat.rulesets.europa.chances import CHANCE_WORDS, chance_probability
from hexcombat.sourcefile import Problem, TomlSource

HERE = charts_dir() / "armour_ratio"
ARMOUR_EFFECTS = HERE / "armour_effects.toml"
SPECIAL_UNIT_COMBAT = HERE / "special_unit_combat.toml"


@dataclass(frozen=True)
class RatioRow:
    """One row of a ratio chart: from ``threshold`` on, this DRM (or these DRM chances)."""

    threshold: Fraction
    label: str
    """The ratio as the chart prints it, e.g. ``5.1:1``."""
    distribution: Mapping[int, Fraction]
    """Each DRM this row gives with its chance, e.g. ``{3: 1/2, 4: 1/2}`` (10.C example)."""
    provenance: Provenance
    rule: str
    note: str = ""
    """Text shown with the row, e.g. how the 10.I example is read (docs/rules.md)."""

    def provenance_at(self, ratio: Fraction | None) -> Provenance:
        """Where the row's value comes from for ``ratio``: a row the text gives is ``rule`` only
        at the very ratio the text states (10.C: 5.1:1); used for any other ratio (5.5:1, or
        unbounded: None) it is stretched past the text, an assumed value."""
        return "rule" if self.provenance == "rule" and ratio == self.threshold else "assumed"

    def stretched(self, ratio: Fraction | None) -> bool:
        """Whether a row the text gives is used for a ratio the text does not state."""
        return self.provenance == "rule" and ratio != self.threshold

    def describe(self) -> str:
        """The row's modifier in words: ``+3, 50% chance of +4``."""
        drms = sorted(self.distribution)
        text = f"{drms[0]:+d}"
        for drm in drms[1:]:
            text += f", {float(self.distribution[drm]) * 100:g}% chance of {drm:+d}"
        return text


@dataclass(frozen=True)
class ArmourEffectsTable:
    """Rule 11.J: AECA:ATEC rows (at least a ratio) and AECA:AECD rows (at most a ratio)."""

    title: str
    rule: str
    aeca_atec: tuple[RatioRow, ...]
    """Ascending thresholds; a ratio uses the last row it reaches."""
    aeca_aecd: tuple[RatioRow, ...]
    """Ascending thresholds; a ratio uses the first row whose threshold it does not exceed."""

    def aeca_atec_row(self, ratio: Fraction | None) -> RatioRow | None:
        """The row for AECA:ATEC ``ratio``; None (no ATEC: unbounded) takes the last row."""
        if ratio is None:
            return self.aeca_atec[-1] if self.aeca_atec else None
        found = None
        for row in self.aeca_atec:
            if ratio >= row.threshold:
                found = row
        return found

    def aeca_aecd_row(self, ratio: Fraction) -> RatioRow | None:
        """The row for AECA:AECD ``ratio`` (0 when the attacker has no AECA)."""
        for row in self.aeca_aecd:
            if ratio <= row.threshold:
                return row
        return None


@dataclass(frozen=True)
class SpecialUnitTable:
    """Special Unit Combat Ability Table (10.I): heavy armour units to heavy ATEC units."""

    title: str
    rule: str
    heavy: tuple[RatioRow, ...]

    def row(self, ratio: Fraction | None) -> RatioRow | None:
        """The row for ``ratio``; None (no heavy ATEC against them: unbounded) takes the last."""
        if ratio is None:
            return self.heavy[-1] if self.heavy else None
        found = None
        for row in self.heavy:
            if ratio >= row.threshold:
                found = row
        return found


def parse_ratio(text: Any) -> Fraction | None:
    """``"5.1:1"`` -> 51/10, ``"1:2"`` -> 1/2; None when it is not a ratio of positive numbers."""
    if not isinstance(text, str) or text.count(":") != 1:
        return None
    a, b = (chart_fraction(side) for side in text.split(":"))
    if a is None or b is None or a <= 0 or b <= 0:
        return None
    return a / b


def ratio_text(a: Fraction, b: Fraction) -> str:
    """A ratio as a player writes it: ``5.1:1``, ``1:2``, ``1.33:1``. A ratio the chart's
    two-decimal rows do not hold exactly is cut (never rounded) toward 1:1, so it names the
    row it is read on: 5.0967:1 is ``5.09:1`` (the row below 5.1:1), 1:1.9967 is ``1:1.99``
    (above 1:2), never ``5.1:1`` or ``1:2``."""
    if b == 0:
        return "unbounded"
    if a == 0:
        return f"0:{fmt(b)}"
    value = Fraction(a, 1) / b
    if value >= 1:
        return f"{_short(value)}:1"
    return f"1:{_short(1 / value)}"


def _short(value: Fraction) -> str:
    if value.denominator in (1, 2, 4, 5, 10, 20, 25, 50, 100):
        return f"{float(value):g}"
    cut = Fraction(math.floor(value * 100), 100)  # toward 1:1, never across a row's bound
    return f"{float(cut):g}"


def _rows(
    source: TomlSource,
    table: str,
    key: str,
    chart_rule: str,
    problems: list[Problem],
    sign: int,
    sign_rule: str,
) -> list[RatioRow]:
    """Parse ``[[table]]`` rows keyed by ``key`` (``at_least``/``at_most``)."""
    raw = source.data.get(table, [])
    if not isinstance(raw, list) or not raw:
        problems.append(source.problem((table,), f"the chart needs [[{table}]] rows"))
        return []
    rows: list[RatioRow] = []
    for i, entry in enumerate(raw):
        where = (table, i)
        if not isinstance(entry, dict):
            problems.append(source.problem(where, f"each [[{table}]] must be a table"))
            continue
        unknown = set(entry) - {key, "drm", "chance", "rule", "assumed", "note"}
        for name in sorted(unknown):
            problems.append(source.problem((*where, name), f"unknown chart key {name!r}"))
        threshold = parse_ratio(entry.get(key))
        if threshold is None:
            problems.append(
                source.problem((*where, key), f'{table} row needs {key} = a ratio like "2:1"')
            )
            continue
        label = str(entry[key])
        drm = entry.get("drm")
        if isinstance(drm, bool) or not isinstance(drm, int):
            problems.append(
                source.problem((*where, "drm"), f"{table} row {label} needs a whole-number drm")
            )
            continue
        distribution = {drm: Fraction(1)}
        chance = entry.get("chance")
        if chance is not None:
            other = chance.get("drm") if isinstance(chance, dict) else None
            p = chance_probability(chance.get("probability")) if isinstance(chance, dict) else None
            if isinstance(other, bool) or not isinstance(other, int) or p is None or other == drm:
                problems.append(
                    source.problem(
                        (*where, "chance"),
                        f"{table} row {label}: chance must be "
                        '{ drm = <another whole number>, probability = "1/2" }: '
                        f"{CHANCE_WORDS}",
                    )
                )
                continue
            distribution = {drm: 1 - p, other: p}
        if any(d * sign < 0 for d in distribution):
            word = "zero or positive" if sign > 0 else "zero or negative"
            problems.append(
                source.problem(
                    (*where, "drm"),
                    f"{table} row {label} may only give a {word} modifier ({sign_rule})",
                )
            )
            continue
        prov = entry_provenance(source, where, entry, chart_rule, problems, f"{table} row {label}")
        if prov is None:
            continue
        note = entry.get("note", "")
        rows.append(RatioRow(threshold, label, distribution, prov[0], prov[1], str(note)))
    rows.sort(key=lambda r: r.threshold)
    for before, after in zip(rows, rows[1:], strict=False):
        if before.threshold == after.threshold:
            problems.append(source.problem((table,), f"two {table} rows for {after.label}"))
    return rows


def _monotone(source: TomlSource, table: str, rows: list[RatioRow], rule: str) -> list[Problem]:
    """A better ratio for the attacker never gives the attacker a worse modifier."""
    problems = []
    for before, after in zip(rows, rows[1:], strict=False):
        lo_b, hi_b = min(before.distribution), max(before.distribution)
        lo_a, hi_a = min(after.distribution), max(after.distribution)
        if lo_a < lo_b or hi_a < hi_b:
            problems.append(
                source.problem(
                    (table,),
                    f"{table}: the row for {after.label} gives the attacker less than the row "
                    f"for {before.label}; a better ratio may not lower the modifier ({rule})",
                )
            )
    return problems


def armour_effects_from_source(
    source: TomlSource,
) -> tuple[ArmourEffectsTable | None, list[Problem]]:
    """Build the Armour Effects Table, collecting every problem with its line."""
    problems: list[Problem] = []
    rule = str(source.data.get("rule", "11.J"))
    atec = _rows(source, "aeca_atec", "at_least", rule, problems, +1, "10.C")
    aecd = _rows(source, "aeca_aecd", "at_most", rule, problems, -1, "10.C.2")
    problems += _monotone(source, "aeca_atec", atec, "10.C")
    # AECA:AECD rows ascend in AECA's favour too: a larger at_most may not give a lower DRM.
    problems += _monotone(source, "aeca_aecd", aecd, "10.C.2")
    if problems:
        return None, problems
    title = str(source.data.get("title", source.path.stem))
    return ArmourEffectsTable(title, rule, tuple(atec), tuple(aecd)), []


def special_unit_from_source(source: TomlSource) -> tuple[SpecialUnitTable | None, list[Problem]]:
    """Build the Special Unit Combat Ability Table, collecting every problem with its line."""
    problems: list[Problem] = []
    rule = str(source.data.get("rule", "10.I"))
    heavy = _rows(source, "heavy", "at_least", rule, problems, +1, "10.I")
    problems += _monotone(source, "heavy", heavy, "10.I")
    if problems:
        return None, problems
    title = str(source.data.get("title", source.path.stem))
    return SpecialUnitTable(title, rule, tuple(heavy)), []


def load_armour_effects(path: str | Path = ARMOUR_EFFECTS) -> ArmourEffectsTable:
    """The Armour Effects Table in ``path``; any problem raises :class:`SourceError`."""
    return load_chart(path, armour_effects_from_source)


def load_special_unit_table(path: str | Path = SPECIAL_UNIT_COMBAT) -> SpecialUnitTable:
    """The Special Unit Combat Ability Table in ``path``; problems raise :class:`SourceError`."""
    return load_chart(path, special_unit_from_source)
