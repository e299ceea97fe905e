"""Air units (16A): the three categories, their types, and the strengths the air rules read.

An air counter prints its air attack, type and air defence as one rating (the Me 109E's
``7F5``), plus bombing strengths and a range. Counter sets keep air units as ``[[air_counter]]``
tables (``counters/total-war-air.toml``) so ground counter loaders pass them by.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from hexcombat.rules.dates import ASSUMED_IN_A_CHANGE, change_date_problem
from hexcombat.rules.errors import UnitDataError
from hexcombat.rules.names import long_name
from hexcombat.sourcefile import Problem, SourceError, TomlSource


class Category(StrEnum):
    """The three basic categories of air units (16A1)."""

    FIGHTER = "fighter"
    BOMBER = "bomber"
    TRANSPORT = "transport"


class AirType(StrEnum):
    """The air unit types of each category (16A1)."""

    F = "F"  # fighter
    HF = "HF"  # heavy fighter
    AF = "AF"  # ground attack-fighter (23D2)
    DF = "DF"  # dive bomber-fighter (23D3)
    B = "B"  # bomber
    A = "A"  # ground attack bomber
    D = "D"  # dive bomber
    T = "T"  # transport

    @property
    def category(self) -> Category:
        """The category whose rules apply to this type (16A1)."""
        if self in (AirType.F, AirType.HF, AirType.AF, AirType.DF):
            return Category.FIGHTER
        if self is AirType.T:
            return Category.TRANSPORT
        return Category.BOMBER


TYPE_NAMES: Mapping[AirType, str] = {
    AirType.F: "fighter",
    AirType.HF: "heavy fighter",
    AirType.AF: "ground attack-fighter",
    AirType.DF: "dive bomber-fighter",
    AirType.B: "bomber",
    AirType.A: "ground attack bomber",
    AirType.D: "dive bomber",
    AirType.T: "transport",
}

RATING = re.compile(r"^(\d+)(HF|AF|DF|F|B|A|D|T)(\d+)$")
"""A printed air rating: air attack, type, air defence (``7F5``)."""


@dataclass(frozen=True)
class AirUnit:
    """One air unit type with its printed strengths."""

    name: str
    air_type: AirType
    air_attack: int
    air_defence: int
    tactical_bombing: int = 0
    strategic_bombing: int = 0
    range: int | None = None
    id: str = ""
    nationality: str = ""
    changes: tuple[tuple[str, Mapping[str, Any]], ...] = field(default=(), compare=False)
    """``(YYYY-MM, values)`` pairs, oldest first: strengths that change by date."""
    assumed: tuple[str, ...] = field(default=(), compare=False)
    """Keys whose values the rules texts do not give (``rating``, ``tactical_bombing``, ...;
    ``changes`` for the dates of dated changes)."""

    @property
    def category(self) -> Category:
        """Fighter, bomber or transport (16A1)."""
        return self.air_type.category

    @property
    def rating(self) -> str:
        """The printed rating, e.g. ``7F5``."""
        return f"{self.air_attack}{self.air_type}{self.air_defence}"

    def on(self, date: str | None) -> AirUnit:
        """This unit with the dated changes in force on ``date`` applied."""
        if date is None:  # no dated change is considered, so no assumed date is used
            return replace(self, assumed=tuple(k for k in self.assumed if k != "changes"))
        unit = self
        for when, values in self.changes:
            if when <= date:
                # the file's keys: ``type`` is stored as ``air_type``
                set_here = {"type" if k == "air_type" else k for k in values}
                set_here |= {"rating"} if set(values) & set(RATED_KEYS) else set()
                kept = tuple(k for k in unit.assumed if k not in set_here)
                unit = replace(unit, **dict(values), assumed=kept)
        return unit


_INT_KEYS = ("air_attack", "air_defence", "tactical_bombing", "strategic_bombing", "range")
AIR_UNIT_KEYS = frozenset(
    {*_INT_KEYS, "name", "id", "nationality", "type", "rating", "changes", "assumed"}
)
RATED_KEYS = ("air_attack", "air_type", "air_defence")
"""What a printed rating states (``7F5``)."""
ASSUMABLE_AIR_KEYS = frozenset({*_INT_KEYS, "type", "rating", "changes"})


def _values(data: Mapping[str, Any], where: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key not in AIR_UNIT_KEYS:
            raise UnitDataError(f"{where}: unknown air unit key {key!r}")
        if key == "assumed":
            if (
                not isinstance(value, list)
                or not all(isinstance(k, str) for k in value)
                or not set(value) <= ASSUMABLE_AIR_KEYS
            ):
                raise UnitDataError(
                    f"{where}: assumed must list air unit keys among "
                    f"{', '.join(sorted(ASSUMABLE_AIR_KEYS))}, not {value!r}"
                )
            out[key] = tuple(dict.fromkeys(value))
        elif key in _INT_KEYS:
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise UnitDataError(f"{where}: {key} must be a whole number >= 0, not {value!r}")
            out[key] = value
        elif key == "type":
            try:
                out["air_type"] = AirType(value)
            except ValueError:
                allowed = ", ".join(t.value for t in AirType)
                raise UnitDataError(
                    f"{where}: type must be one of {allowed} (16A), not {value!r}"
                ) from None
        elif key in ("name", "id", "nationality"):
            if not isinstance(value, str):
                raise UnitDataError(f"{where}: {key} must be text, not {value!r}")
            if key == "name" and (too_long := long_name(value, where)):
                raise UnitDataError(too_long)
            out[key] = value
    if "rating" in data:
        out.update(_rating(data["rating"], out, where))
    return out


def _rating(value: Any, parsed: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The strengths a printed rating states; they must agree with any given separately."""
    match = RATING.match(value) if isinstance(value, str) else None
    if match is None:
        raise UnitDataError(
            f'{where}: rating must read like "7F5" (attack, type, defence), not {value!r}'
        )
    rated = {
        "air_attack": int(match.group(1)),
        "air_type": AirType(match.group(2)),
        "air_defence": int(match.group(3)),
    }
    for name, rated_value in rated.items():
        if name in parsed and parsed[name] != rated_value:
            key = "type" if name == "air_type" else name
            raise UnitDataError(f"{where}: rating {value} disagrees with {key}")
    return rated


def air_unit_from_mapping(
    data: Mapping[str, Any], where: str, *, base: AirUnit | None = None
) -> AirUnit:
    """Build an :class:`AirUnit` from a counter or scenario table; ``base`` is a named counter."""
    values = _values(data, where)
    changes = list(base.changes) if base else []
    raw_changes = data.get("changes", [])
    if not isinstance(raw_changes, list):
        raise UnitDataError(f"{where}: changes must be a list of tables with a date")
    previous = ""
    for i, entry in enumerate(raw_changes):
        date = entry.get("date") if isinstance(entry, Mapping) else None
        if not isinstance(date, str):
            raise UnitDataError(f'{where}: changes[{i}] needs a date "YYYY-MM"')
        if problem := change_date_problem(date, previous, i):
            raise UnitDataError(f"{where}: {problem}")
        previous = date
        rest = {k: v for k, v in entry.items() if k != "date"}
        if "assumed" in rest:
            raise UnitDataError(f"{where}: changes[{i}]: {ASSUMED_IN_A_CHANGE}")
        changes.append((date, _values(rest, f"{where}: changes[{i}]")))
    changes.sort(key=lambda c: c[0])
    if base is not None:
        given = set(data) - {"changes", "assumed"}
        if given & {"air_attack", "air_defence", "type"}:
            given.add("rating")
        kept = tuple(k for k in base.assumed if k not in given)
        values["assumed"] = kept + tuple(k for k in values.get("assumed", ()) if k not in kept)
        return replace(base, **values, changes=tuple(changes))
    missing = [k for k in ("name", "air_type", "air_attack", "air_defence") if k not in values]
    if missing:
        raise UnitDataError(
            f"{where}: an air unit needs a name and a rating (or type, air_attack, air_defence); "
            f"missing {', '.join(missing).replace('air_type', 'type')}"
        )
    return AirUnit(**values, changes=tuple(changes))


def is_air_counter_source(source: TomlSource) -> bool:
    """An air counter file has ``[[air_counter]]`` tables."""
    return isinstance(source.data.get("air_counter"), list)


def air_counters_from_source(source: TomlSource) -> tuple[dict[str, AirUnit], list[Problem]]:
    """Every air counter that parses, and a located problem for each one that does not."""
    counters: dict[str, AirUnit] = {}
    problems: list[Problem] = []
    for i, entry in enumerate(source.data.get("air_counter", [])):
        where = ("air_counter", i)
        counter_id = entry.get("id") if isinstance(entry, dict) else None
        if not isinstance(counter_id, str) or not counter_id:
            problems.append(source.problem(where, "air counter needs an id"))
            continue
        if counter_id in counters:
            problems.append(source.problem((*where, "id"), f"duplicate air counter {counter_id!r}"))
            continue
        try:
            counters[counter_id] = air_unit_from_mapping(entry, f"air counter {counter_id!r}")
        except UnitDataError as exc:
            message = str(exc)
            key = next(
                (
                    k
                    for k in entry
                    if repr(k) in message or f" {k} " in message or f": {k}[" in message
                ),
                None,
            )
            every = [
                (k, f"{m}") for k, m in air_unit_problems(entry, f"air counter {counter_id!r}")
            ] or [(key, message)]
            for bad, text in every:  # every bad key, not only the first (check lists each)
                problems.append(source.problem((*where, bad) if bad else where, text))
    return counters, problems


def air_unit_problems(data: Mapping[str, Any], where: str) -> list[tuple[str | None, str]]:
    """Every bad key of an air unit table with its message, for ``hexcombat check``, where
    :func:`air_unit_from_mapping` stops at the first."""
    found: list[tuple[str | None, str]] = []
    for key, value in data.items():
        if key == "changes":
            continue
        try:
            _rating(value, {}, where) if key == "rating" else _values({key: value}, where)
        except UnitDataError as exc:
            found.append((key, str(exc)))
    if found:
        return found
    try:  # each key is sound: what is left is about them together (rating vs type, changes)
        air_unit_from_mapping(data, where)
    except UnitDataError as exc:
        found.append(("changes" if "changes[" in str(exc) else None, str(exc)))
    return found


def check_air_counter_source(source: TomlSource) -> list[Problem]:
    """Every problem in an air counter file (for ``hexcombat check``)."""
    return air_counters_from_source(source)[1]


def load_air_counters(paths: Iterable[str | Path]) -> dict[str, AirUnit]:
    """Air counters of several files by id; any problem raises :class:`SourceError`."""
    merged: dict[str, AirUnit] = {}
    problems: list[Problem] = []
    for path in paths:
        counters, found = air_counters_from_source(TomlSource.load(path))
        merged.update(counters)
        problems += found
    if problems:
        raise SourceError(problems)
    return merged
