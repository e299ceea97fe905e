"""The rulesets hexcombat knows, by the id a scenario names (``ruleset = "total-war"``).

A ruleset is a module with a small surface: ``evaluate`` a combat situation into a report, and
``resolve`` a report with dice into a result. Preview and resolution are the same function of the
same inputs, so what the panel promises is what the roll applies.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from hexcombat.rules.dice import Dice
from hexcombat.rules.errors import RulesError
from hexcombat.rules.report import CombatResult, Report
from hexcombat.rules.retreat import RetreatRules
from hexcombat.rules.situation import CombatSituation
from hexcombat.rules.vocabulary import Vocabulary


class Ruleset(Protocol):
    """What every ruleset module provides as its ``RULESET`` object."""

    id: str
    """The id scenarios use, e.g. ``total-war``."""
    title: str
    """What a player reads, e.g. ``Total War (Europa) rules 14D, 14A, 23D``."""
    retreat: RetreatRules
    """What blocks a beaten stack's retreat (enemy zones of control, terrain, hexsides)."""
    vocabulary: Vocabulary
    """The conditions, unit capabilities, dice, phases, states and markers the ruleset reads:
    the game, the checks and the panel offer exactly these."""

    def evaluate(self, situation: CombatSituation) -> Report:
        """Every modifier with its rule, the odds, and the chance of every outcome."""
        ...

    def resolve(self, report: Report, dice: Dice) -> CombatResult:
        """The combat resolved with ``dice``: result code, losses, retreats, advance."""
        ...


_MODULES = {
    "total-war": "hexcombat.rules.total_war",
    "armour-ratio": "hexcombat.rules.armour_ratio",
}


@contextmanager
def register_ruleset(ruleset_id: str, module_path: str) -> Iterator[Ruleset]:
    """Make the ruleset module ``module_path`` (its ``RULESET``) known as ``ruleset_id`` while
    the ``with`` block runs, then forget it: how the conformance suite plays its tiny test
    ruleset, and how a new ruleset is tried before it is listed in :data:`_MODULES`. An id
    already known is refused, so a test cannot shadow a shipped ruleset."""
    if ruleset_id in _MODULES:
        raise RulesError(f"a ruleset {ruleset_id!r} is already registered")
    _MODULES[ruleset_id] = module_path
    try:
        yield get_ruleset(ruleset_id)
    finally:
        del _MODULES[ruleset_id]


def ruleset_ids() -> tuple[str, ...]:
    """The ids of the rulesets a scenario may name."""
    return tuple(_MODULES)


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset for ``ruleset_id``; an unknown id raises :class:`RulesError` naming the known."""
    module = _MODULES.get(ruleset_id)
    if module is None:
        known = ", ".join(_MODULES)
        raise RulesError(f"unknown ruleset {ruleset_id!r}; hexcombat knows {known}")
    return importlib.import_module(module).RULESET  # type: ignore[no-any-return]
