"""Every kind of chart file hexcombat reads, by the ``chart = "..."`` key each file starts with,
so ``hexcombat check`` validates a player's edited copy as the chart it is: the core's own (rule
references) and those each ruleset declares (``declares.chart_kinds``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from hexcombat.rules.declarations import ChartLoader
from hexcombat.rules.references import references_from_source
from hexcombat.rules.registry import declarations, ruleset_ids
from hexcombat.sourcefile import Problem, TomlSource

CORE_CHART_KINDS: dict[str, ChartLoader] = {"rule-references": references_from_source}
"""The chart kinds of the core: every ruleset's references file is one."""


def chart_kinds() -> dict[str, ChartLoader]:
    """``chart = ...`` value -> the loader that parses and checks it: the core's, then each
    ruleset's in the registry's order (rulesets of a family declare a kind with one loader; of
    two loaders for one kind, the first ruleset's is used)."""
    kinds = dict(CORE_CHART_KINDS)
    for ruleset in ruleset_ids():
        for kind, loader in declarations(ruleset).chart_kinds.items():
            kinds.setdefault(kind, loader)
    return kinds


class _DeclaredKinds(Mapping[str, ChartLoader]):
    """:func:`chart_kinds` as a mapping, asked afresh each time (a ruleset found later counts)."""

    def __getitem__(self, kind: str) -> ChartLoader:
        return chart_kinds()[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(chart_kinds())

    def __len__(self) -> int:
        return len(chart_kinds())


CHART_KINDS: Mapping[str, ChartLoader] = _DeclaredKinds()
"""Every chart kind, the core's and the rulesets' (:func:`chart_kinds`)."""


def is_chart_source(source: TomlSource) -> bool:
    """A chart file names its kind with a top-level ``chart`` key."""
    return "chart" in source.data


def check_chart_source(source: TomlSource) -> list[Problem]:
    """Every problem in a chart file, or one naming the kinds when ``chart`` is unknown."""
    kinds = chart_kinds()
    kind = source.data.get("chart")
    loader = kinds.get(kind) if isinstance(kind, str) else None
    if loader is None:
        known = ", ".join(kinds)
        return [source.problem(("chart",), f"unknown chart kind {kind!r}; known: {known}")]
    return loader(source)[1]


def own_table_problems(ruleset_id: str, source: TomlSource) -> list[Problem]:
    """Every problem of a player's own table file (a scenario's ``crt = "..."``, a save's
    embedded table) for ruleset ``ruleset_id``, read as the chart kind the ruleset declares it
    replaces (``declares.own_table``); one problem when the ruleset reads none."""
    declared = declarations(ruleset_id)
    loader = declared.chart_kinds.get(declared.own_table) if declared.own_table else None
    if loader is None:
        return [
            source.problem(
                (), f"the {ruleset_id} rules read no table of a player's own (crt = ...)"
            )
        ]
    return loader(source)[1]
