"""Strengths the odds need, and what a combat is worked out to without them.

The worked examples of the rules texts (14D2d, 10.B to 10.I) give units by size and armour
capability, never by strength: the modifiers and totals need none, only the odds and the chance
of each result do. A unit without a strength is therefore no reason to refuse a combat: the
report works out every modifier, says the odds need strengths (:data:`NEEDS_STRENGTHS`, its
``needs_strengths``), and a roll is refused until they are given
(:meth:`~hexcombat.rules.report.Report.require_strengths`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from hexcombat.rules.explain import Explanation
from hexcombat.rules.report import strengths_wanted
from hexcombat.rules.situation import Participant
from hexcombat.rules.units import Unit

NEEDS_STRENGTHS = "the odds and the chance of each result need strengths"
"""What a Europa report without odds says (its ``Report.needs_strengths``): some unit lacks the
strength the odds are computed from."""


def missing_strengths(
    parts: Iterable[Participant], kind: str, value: Callable[[Unit], int | None]
) -> list[tuple[str, str]]:
    """Each unit of ``parts`` (once per name) whose ``kind`` strength (``attack``, ``defence``)
    ``value`` does not find, with that kind."""
    return list(dict.fromkeys((p.unit.name, kind) for p in parts if value(p.unit) is None))


def explain_missing(missing: list[tuple[str, str]], rule: str, ex: Explanation) -> None:
    """Say, as a step and a warning, that the odds and outcomes wait for these strengths."""
    wanted = strengths_wanted(missing)
    ex.add(rule, f"{NEEDS_STRENGTHS} ({wanted}); the modifiers above need none")
    ex.warn(f"no odds or outcomes: {NEEDS_STRENGTHS}: {wanted}")
