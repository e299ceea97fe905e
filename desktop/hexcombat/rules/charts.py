"""Chart loading. Charts are data (TOML beside each ruleset's code); every entry says where its
value comes from: ``rule = "14D2d"`` (stated or implied by the text) or ``assumed = true`` (our
placeholder until the player puts in their rulebook's value).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from hexcombat.rules.explain import Provenance
from hexcombat.sourcefile import Problem, SourceError, TomlSource

T = TypeVar("T")


@dataclass(frozen=True)
class Provenanced:
    """A chart value with its source."""

    value: Any
    provenance: Provenance
    rule: str
    """The rule the value comes from; for an assumed value, the chart it stands in for."""


def provenance_of(entry: Mapping[str, Any], chart_rule: str) -> tuple[Provenance, str] | None:
    """``("rule", ref)`` or ``("assumed", chart_rule)`` for an entry; None if it says neither."""
    if entry.get("assumed") is True:
        return "assumed", chart_rule
    rule = entry.get("rule")
    if isinstance(rule, str) and rule:
        return "rule", rule
    return None


PROVENANCE_WANTED = 'needs `rule = "..."` or `assumed = true`'
"""What an entry that says neither where its value comes from is told."""


def entry_provenance(
    source: TomlSource,
    where: tuple[str | int, ...],
    entry: Mapping[str, Any],
    chart_rule: str,
    problems: list[Problem],
    what: str = "chart entry",
) -> tuple[Provenance, str] | None:
    """:func:`provenance_of` an entry; one that says neither ``rule`` nor ``assumed`` is a
    problem at its line (``what`` names it: ``result DR``, ``row``)."""
    prov = provenance_of(entry, chart_rule)
    if prov is None:
        problems.append(source.problem(where, f"{what} {PROVENANCE_WANTED}"))
    return prov


ChartReader = Callable[[TomlSource], tuple[T | None, list[Problem]]]
"""Builds one kind of chart from a parsed file, collecting every problem with its line (the
readers ``hexcombat check`` runs by the file's ``chart = "..."`` kind, chartkinds.py)."""


def read_chart(path: str | Path, reader: ChartReader[T]) -> tuple[T | None, list[Problem]]:
    """The chart in ``path`` as ``reader`` builds it, with its problems; a file is read once
    per reader (charts do not change while hexcombat runs), a syntax error raises
    :class:`SourceError` with its line."""
    chart, problems = _read_cached(str(path), reader)
    return chart, list(problems)


@lru_cache(maxsize=64)
def _read_cached(path: str, reader: ChartReader[T]) -> tuple[T | None, tuple[Problem, ...]]:
    chart, problems = reader(TomlSource.load(path))
    return chart, tuple(problems)


def load_chart(path: str | Path, reader: ChartReader[T]) -> T:
    """The chart in ``path``; any problem raises :class:`SourceError` listing each with its
    line. Every chart of every ruleset loads this way."""
    chart, problems = read_chart(path, reader)
    if problems or chart is None:
        raise SourceError(problems)
    return chart
