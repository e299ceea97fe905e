"""Shared builders for the armour-ratio tests: counters from the shipped set, situations, steps."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from hexcombat.board.mapfile import load_map
from hexcombat.game.state import Counter, GameState
from hexcombat.rules.counters import load_counters
from hexcombat.rules.explain import Step
from hexcombat.rules.report import Report
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import Unit, unit_from_mapping
from hexcombat.rulesets.armour_ratio import RULESET
from hexcombat.rulesets.europa.units import AecValue, europa_unit, with_europa

REPO = Path(__file__).resolve().parents[3]
COUNTERS = load_counters([REPO / "counters" / "armour-ratio.toml"])


def unit(counter_id: str, **changes: Any) -> Unit:
    """A shipped counter, optionally with some capabilities changed."""
    return with_europa(COUNTERS[counter_id], **changes)


def inline(name: str, re: Fraction | int | str = 1, **values: Any) -> Unit:
    """A unit defined in the test, with plausible strengths unless given."""
    values.setdefault("attack", 3)
    values.setdefault("defence", 3)
    for key in ("aeca", "aecd", "atec"):
        if isinstance(values.get(key), str):
            values[key] = AecValue(values[key])
    return europa_unit(name, Fraction(re), **values)


def p(u: Unit | str, count: int = 1, **kw: Any) -> Participant:
    """A participant from a unit or a counter id."""
    return Participant(unit(u) if isinstance(u, str) else u, count, **kw)


def situation(
    attackers: list[Participant], defenders: list[Participant], **conditions: Any
) -> CombatSituation:
    """An armour-ratio combat (clear terrain, clear weather unless told)."""
    return CombatSituation(
        "armour-ratio", tuple(attackers), tuple(defenders), Conditions(**conditions)
    )


def evaluate(
    attackers: list[Participant], defenders: list[Participant], **conditions: Any
) -> Report:
    """Evaluate with the shipped ruleset."""
    return RULESET.evaluate(situation(attackers, defenders, **conditions))


def steps(report: Report | list[Step], rule: str, text: str = "") -> list[Step]:
    """The steps citing ``rule`` whose text contains ``text``, in order."""
    found = report.steps if isinstance(report, Report) else report
    return [s for s in found if s.rule == rule and text in s.text]


def only(report: Report | list[Step], rule: str, text: str = "") -> Step:
    """The one step citing ``rule`` (and containing ``text``)."""
    found = steps(report, rule, text)
    assert len(found) == 1, f"{len(found)} steps for {rule} {text!r}: {found}"
    return found[0]


MINIMAL_DEFENDER = [p("ax-inf-xx")]
"""An opponent that only makes a combat (no AECD, no ATEC of its own)."""
MINIMAL_ATTACKER = [p("su-mot-xx")]
"""An attacker without AECA, for examples about the defender's totals."""


def rule10_game(attackers: list[dict[str, Any]], defenders: list[dict[str, Any]]) -> GameState:
    """Attackers in 0404, defenders in 0504 of the tutorial map, under rule 10: a game on the
    map, for the checks of chosen losses (10.F)."""
    state = GameState(load_map(REPO / "maps" / "tutorial-14d2d.toml"), ruleset="armour-ratio")
    for units, side, label in ((attackers, "Soviet", "0404"), (defenders, "Axis", "0504")):
        for unit in units:
            counter = Counter(state.new_uid(), unit_from_mapping(unit, "test"), side)
            state.place(counter, state.hexmap.hex_at(label), index=99)
    return state
