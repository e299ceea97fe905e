"""Shared builders for the Total War tests: counters from the shipped set, situations, steps."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from hexcombat.rules.counters import load_counters
from hexcombat.rules.explain import Step
from hexcombat.rules.report import Report
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import Unit
from hexcombat.rulesets.europa.units import europa_unit, with_europa
from hexcombat.rulesets.total_war import RULESET

REPO = Path(__file__).resolve().parents[3]
COUNTERS = load_counters([REPO / "counters" / "total-war.toml"])


def unit(counter_id: str, **changes: Any) -> Unit:
    """A shipped counter, optionally with some capabilities changed."""
    return with_europa(COUNTERS[counter_id], **changes)


def inline(name: str, re: Fraction | int | str, **values: Any) -> Unit:
    """A unit defined in the test, with plausible strengths unless given."""
    values.setdefault("attack", 3)
    values.setdefault("defence", 3)
    return europa_unit(name, Fraction(re), **values)


def p(u: Unit | str, count: int = 1, **kw: Any) -> Participant:
    """A participant from a unit or a counter id."""
    return Participant(unit(u) if isinstance(u, str) else u, count, **kw)


def situation(
    attackers: list[Participant], defenders: list[Participant], **conditions: Any
) -> CombatSituation:
    """A total-war combat (clear terrain, clear weather unless told)."""
    return CombatSituation(
        "total-war", tuple(attackers), tuple(defenders), Conditions(**conditions)
    )


def evaluate(
    attackers: list[Participant], defenders: list[Participant], **conditions: Any
) -> Report:
    """Evaluate with the shipped ruleset."""
    return RULESET.evaluate(situation(attackers, defenders, **conditions))


def steps(report: Report, rule: str) -> list[Step]:
    """The steps citing ``rule``, in order."""
    return [s for s in report.steps if s.rule == rule]


def only(report: Report, rule: str) -> Step:
    """The one step citing ``rule``."""
    found = steps(report, rule)
    assert len(found) == 1, [s.text for s in found]
    return found[0]


def golden_attack() -> list[Participant]:
    """14D2d: Hv Tank XX, two Rifle XX, Hv Tank X, two Tank X, two Art III."""
    return [
        p("su-hv-tank-xx"),
        p("su-rifle-xx", 2),
        p("su-hv-tank-x"),
        p("su-tank-x", 2),
        p("su-art-iii", 2),
    ]


def golden_defence() -> list[Participant]:
    """14D2d: Inf XX, Hv Mot AA II, Art III."""
    return [p("ax-inf-xx"), p("ax-hv-mot-aa-ii"), p("ax-art-iii")]
