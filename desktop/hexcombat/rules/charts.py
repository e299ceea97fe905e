"""Chart loading. Charts are data (TOML beside each ruleset's code); every entry says where its
value comes from: ``rule = "14D2d"`` (stated or implied by the text) or ``assumed = true`` (our
placeholder until the player puts in their rulebook's value).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexcombat.rules.explain import Provenance
from hexcombat.sourcefile import Problem, SourceError, TomlSource


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


def load_chart_source(path: str | Path) -> TomlSource:
    """Read a chart file; a syntax error raises :class:`SourceError` with its line."""
    return TomlSource.load(path)


def require_provenance(
    source: TomlSource, table: str, entries: list[Mapping[str, Any]], chart_rule: str
) -> list[Problem]:
    """Problems for entries of ``table`` that say neither ``rule`` nor ``assumed``."""
    problems = []
    for i, entry in enumerate(entries):
        if provenance_of(entry, chart_rule) is None:
            problems.append(
                source.problem((table, i), 'chart entry needs `rule = "..."` or `assumed = true`')
            )
    return problems


def raise_if(problems: list[Problem]) -> None:
    """Raise :class:`SourceError` when there is any problem."""
    if problems:
        raise SourceError(problems)
