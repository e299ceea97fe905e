"""The Assault Combat Table as data (``assault_combat.toml`` beside this module): columns by
the lowest direct fire value that reaches them, one row per face of the side's die, and each
cell's result, read through the shared chart loader so a bad edit is named at its line."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from hexcombat.rules.charts import entry_provenance, load_chart
from hexcombat.rules.explain import Provenance, fmt
from hexcombat.sourcefile import Problem, TomlSource

ASSAULT_COMBAT = Path(__file__).with_name("assault_combat.toml")
RESULT = re.compile(r"^(-|M[12]?|[1-9]M2)$")
"""A cell: ``-``, ``M``, ``M1``, ``M2`` or ``NM2`` (ACT results)."""
DIE_FACES = 6


@dataclass(frozen=True)
class AssaultResult:
    """One cell read: the step losses in each group and the morale check that follows."""

    code: str

    @property
    def steps(self) -> int:
        """``1M2`` -> 1 step loss in each group (ACT); 0 for ``-`` and ``M#``."""
        return int(self.code[0]) if self.code[0].isdigit() else 0

    @property
    def morale_check(self) -> bool:
        """Every result but ``-`` makes the enemy's units check morale (ACT)."""
        return self.code != "-"

    @property
    def modifier(self) -> int:
        """What is added to the morale check dice: the ``#`` of ``M#`` (ACT)."""
        return int(self.code[-1]) if self.code[-1].isdigit() and self.code != "-" else 0

    @property
    def text(self) -> str:
        """The result in a player's words."""
        if self.code == "-":
            return "no effect"
        check = f"check morale{f' +{self.modifier}' if self.modifier else ''}"
        if self.steps:
            return f"{self.steps} step loss(es) in each group, then survivors {check}"
        return f"every unit must {check}"


@dataclass(frozen=True)
class AssaultTable:
    """Columns (lowest fire value of each) and the result of each die face in each column."""

    lower: tuple[int, ...]
    rows: dict[int, tuple[AssaultResult, ...]]
    provenance: dict[int, tuple[Provenance, str]]
    rule: str

    def column_of(self, fire: Fraction) -> int | None:
        """The index of the column ``fire`` reaches: the last whose lower bound it reaches;
        None below the first (the side has no fire on the table)."""
        found = None
        for index, low in enumerate(self.lower):
            if fire >= low:
                found = index
        return found

    def label(self, column: int) -> str:
        """``9-12``, ``30+``: the column as the table heads it."""
        low = self.lower[column]
        if column + 1 == len(self.lower):
            return f"{low}+"
        return f"{low}-{self.lower[column + 1] - 1}"

    def result(self, die: int, column: int | None) -> AssaultResult:
        """The cell for ``die`` in ``column``; a side with no column has no effect."""
        if column is None:
            return AssaultResult("-")
        return self.rows[die][column]


def _columns(source: TomlSource, problems: list[Problem]) -> tuple[tuple[int, ...], str]:
    raw = source.data.get("columns")
    if not isinstance(raw, dict):
        problems.append(source.problem((), "[columns] with lower = [1, 3, ...] is missing"))
        return (), ""
    lower = raw.get("lower")
    ok = (
        isinstance(lower, list)
        and lower
        and all(isinstance(x, int) and not isinstance(x, bool) and x >= 1 for x in lower)
    )
    if not ok or any(a >= b for a, b in zip(lower, lower[1:], strict=False)):
        problems.append(
            source.problem(
                ("columns", "lower"),
                "columns.lower must be whole fire values of 1 or more, each above the one before",
            )
        )
        return (), ""
    prov = entry_provenance(source, ("columns",), raw, "ACT", problems, "columns")
    return tuple(lower), prov[1] if prov else ""


def assault_table_from_source(source: TomlSource) -> tuple[AssaultTable | None, list[Problem]]:
    """The table a chart file states, with a problem at the line of every bad entry."""
    problems: list[Problem] = []
    lower, rule = _columns(source, problems)
    rows: dict[int, tuple[AssaultResult, ...]] = {}
    provenance: dict[int, tuple[Provenance, str]] = {}
    raw_rows = source.data.get("row", [])
    if not isinstance(raw_rows, list):
        problems.append(source.problem(("row",), "rows must be [[row]] tables"))
        raw_rows = []
    for i, row in enumerate(raw_rows):
        where: tuple[str | int, ...] = ("row", i)
        die, results = (row.get("die"), row.get("results")) if isinstance(row, dict) else (0, 0)
        if not isinstance(die, int) or isinstance(die, bool) or not 1 <= die <= DIE_FACES:
            problems.append(source.problem(where, f"row die must be a face 1-{DIE_FACES}"))
            continue
        if die in rows:
            problems.append(source.problem(where, f"die {die} has two rows"))
            continue
        if not isinstance(results, list) or len(results) != len(lower):
            problems.append(
                source.problem(where, f"die {die}: give one result per column ({len(lower)})")
            )
            continue
        bad = [r for r in results if not isinstance(r, str) or not RESULT.match(r)]
        if bad:
            problems.append(
                source.problem(
                    (*where, "results"),
                    f"die {die}: {bad[0]!r} is not a result (-, M, M1, M2, 1M2, 2M2, ...)",
                )
            )
            continue
        prov = entry_provenance(source, where, row, "ACT", problems, f"row {die}")
        if prov is None:
            continue
        rows[die] = tuple(AssaultResult(r) for r in results)
        provenance[die] = prov
    missing = [d for d in range(1, DIE_FACES + 1) if d not in rows]
    if missing and not problems:
        problems.append(source.problem((), f"no row for die {', '.join(map(str, missing))}"))
    if problems:
        return None, problems
    return AssaultTable(lower, rows, provenance, rule), []


def load_assault_table(path: str | Path = ASSAULT_COMBAT) -> AssaultTable:
    """The Assault Combat Table in ``path`` (the shipped one by default)."""
    return load_chart(path, assault_table_from_source)


def fire_text(fire: Fraction) -> str:
    """A fire value as a player writes it: ``7``, ``4.5``."""
    return fmt(fire)
