"""What-if odds: how many attack factors more reach the next odds column (and how many fewer
drop to the one below), and which single change would move the die roll modifier.

Every figure is found by evaluating a changed situation with the ruleset itself, never by
arithmetic of our own beside it: what the what-if promises is what the combat would then be.
Only a report that declares an odds column (:class:`~hexcombat.rules.report.OddsColumn`, with
where its table's columns change) has odds to move; any other gets no what-if at all.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from hexcombat.rules.errors import RulesError
from hexcombat.rules.report import OddsColumn, Outcome, Report, drm_chances, odds_column
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.vocabulary import ConditionSpec, ConditionValue, Vocabulary

Evaluate = Callable[[CombatSituation], Report]


@dataclass(frozen=True)
class ColumnChange:
    """The combat with the attack strength changed so that it reaches another column."""

    factors: int
    """Printed attack strength points added (positive) or taken away (negative)."""
    counted: Fraction
    """What they count in the odds: as many, or fewer where the ruleset halves the unit's
    strength (attacking across a river)."""
    unit: str
    """The attacking unit they are counted on."""
    column: str
    outcomes: tuple[Outcome, ...]
    """The chance of each result on that column, with the DRM as it then is."""
    drm_distribution: Mapping[int, Fraction]


@dataclass(frozen=True)
class DrmChange:
    """One change a player could make, and the DRM (and chances) it gives."""

    change: str
    """The change in a player's words: ``one more Rifles attacking``, ``mud weather``."""
    drm_distribution: Mapping[int, Fraction]
    outcomes: tuple[Outcome, ...]
    column: str | None


@dataclass(frozen=True)
class WhatIf:
    """The odds column and DRM as they stand, and what would move them."""

    column: str | None
    drm_distribution: Mapping[int, Fraction]
    outcomes: tuple[Outcome, ...]
    up: ColumnChange | None
    """How few more attack factors reach the next column; None at the top (or no odds)."""
    down: ColumnChange | None
    """How few fewer attack factors drop to the column below; None when none can."""
    drm: tuple[DrmChange, ...]
    """Each single change that gives another DRM."""


def what_if(report: Report, evaluate: Evaluate, vocabulary: Vocabulary) -> WhatIf | None:
    """The what-if figures for ``report``, re-evaluating with ``evaluate`` (the ruleset's);
    None when the ruleset's report has no odds column."""
    odds = report.feature(OddsColumn)
    if odds is None:
        return None
    column = odds.column
    up = down = None
    if column is not None:
        up = _column_change(report, evaluate, odds, +1)
        down = _column_change(report, evaluate, odds, -1)
    return WhatIf(
        column,
        dict(drm_chances(report)),
        report.outcome_list,
        up,
        down,
        tuple(drm_changes(report, evaluate, vocabulary)),
    )


# the odds ------------------------------------------------------------------------------------


def _strengths(report: Report) -> tuple[Fraction, Fraction] | None:
    """The attack and defence strengths the odds were worked from (its :class:`OddsColumn`)."""
    odds = report.feature(OddsColumn)
    if odds is None or odds.attack is None or odds.defence is None:
        return None
    return odds.attack, odds.defence


def with_attack(situation: CombatSituation, index: int, change: int) -> CombatSituation:
    """``situation`` with the printed attack strength of one counter of attacker ``index``
    changed (of several alike, one is taken apart from the others)."""
    p = situation.attackers[index]
    one = replace(p, count=1, unit=replace(p.unit, attack=(p.unit.attack or 0) + change))
    others = (replace(p, count=p.count - 1),) if p.count > 1 else ()
    attackers = (*situation.attackers[:index], one, *others, *situation.attackers[index + 1 :])
    return replace(situation, attackers=attackers)


def strength_lever(report: Report, evaluate: Evaluate) -> tuple[int, Fraction] | None:
    """The attacker whose printed attack strength the what-if changes, and what one factor
    on it counts in the odds: one whose strength counts whole (not halved across a river,
    not multiplied) if there is one, the strongest such, so taking factors away from it goes
    furthest; else the one counting most. A change that moves a modifier is never used.
    None when no attacker's strength counts in the odds."""
    strengths = _strengths(report)
    if strengths is None:
        return None
    attackers = report.situation.attackers
    order = sorted(range(len(attackers)), key=lambda i: -(attackers[i].unit.attack or 0))
    best: tuple[int, Fraction] | None = None
    for index in order:
        if attackers[index].unit.attack is None:
            continue
        changed = _evaluate(evaluate, with_attack(report.situation, index, 1))
        moved = None if changed is None else _strengths(changed)
        if changed is None or moved is None:
            continue
        counts = moved[0] - strengths[0]
        if counts <= 0 or drm_chances(changed) != drm_chances(report):
            continue
        if counts == 1:
            return index, counts
        if best is None or counts > best[1]:
            best = (index, counts)
    return best


def _column_change(
    report: Report, evaluate: Evaluate, odds: OddsColumn, direction: int
) -> ColumnChange | None:
    """The fewest attack factors more (``direction`` +1) or fewer (-1) that move the combat
    to another column, with the chances there, found by evaluating the changed combat; the
    table's own :data:`~hexcombat.rules.report.Boundaries` say where to look."""
    strengths = _strengths(report)
    lever = strength_lever(report, evaluate)
    if strengths is None or lever is None or odds.boundaries is None:
        return None
    index, counts = lever
    attack, defence = strengths
    printed = report.situation.attackers[index].unit.attack or 0
    for boundary in odds.boundaries(attack, defence, direction):
        if direction > 0:
            factors = math.ceil((boundary - attack) / counts)
        else:
            factors = -(math.floor((attack - boundary) / counts) + 1)
        if attack + factors * counts <= 0 or printed + factors < 0:
            return None
        changed = _evaluate(evaluate, with_attack(report.situation, index, factors))
        if changed is None:
            return None
        moved = odds_column(changed)
        if moved is not None and moved != odds.column:
            return ColumnChange(
                factors,
                factors * counts,
                attackers_name(report, index),
                moved,
                changed.outcome_list,
                drm_chances(changed),
            )
    return None


def attackers_name(report: Report, index: int) -> str:
    """The name of the attacker the what-if changes."""
    return report.situation.attackers[index].unit.name


# the DRM -------------------------------------------------------------------------------------


def drm_changes(report: Report, evaluate: Evaluate, vocabulary: Vocabulary) -> Iterator[DrmChange]:
    """Each single change (a condition, the weather, one unit more or fewer) that gives
    another DRM than ``report``'s, in the order a player meets them in the panel."""
    for change, situation in candidates(report.situation, vocabulary):
        changed = _evaluate(evaluate, situation)
        if changed is None or drm_chances(changed) == drm_chances(report):
            continue
        yield DrmChange(
            change,
            dict(drm_chances(changed)),
            changed.outcome_list,
            odds_column(changed),
        )


def candidates(
    situation: CombatSituation, vocabulary: Vocabulary
) -> Iterator[tuple[str, CombatSituation]]:
    """Every single change a player could make before the roll, named in their words."""
    cond = situation.conditions
    for spec in vocabulary.conditions:
        if spec.set_by_phase:
            continue
        current = cond.choice(spec.key, spec.default)
        for value, words in _other_values(spec, current):
            changed = cond.with_choices(**{spec.key: value})
            yield words, replace(situation, conditions=changed)
    for weather in vocabulary.weather:
        if weather != cond.weather:
            changed = replace(cond, weather=weather)
            yield f"{weather} weather", replace(situation, conditions=changed)
    yield from _unit_changes(situation, "attacker")
    yield from _unit_changes(situation, "defender")


def _other_values(
    spec: ConditionSpec, current: ConditionValue
) -> Iterator[tuple[ConditionValue, str]]:
    """The values ``spec`` could take instead of ``current``, each in a player's words."""
    if spec.kind == "bool":
        yield (not current, spec.label if not current else f"not {_lower(spec.label)}")
    elif spec.kind == "int" and isinstance(current, int):
        for value in (current - 1, current + 1):
            if spec.problem(value) is None:
                yield value, f"{spec.label} {value:+d}" if value else f"{spec.label} 0"
    elif spec.kind == "choice":
        for choice in spec.choices:
            if choice != current:
                yield choice, f"{spec.label}: {choice}"


def _lower(label: str) -> str:
    """``Fortified`` as ``fortified``; a label that opens with an abbreviation (``ZOC``) stays."""
    first = label.split(" ", 1)[0]
    return label if first.isupper() else label[:1].lower() + label[1:]


def _unit_changes(situation: CombatSituation, side: str) -> Iterator[tuple[str, CombatSituation]]:
    """One more of each unit on ``side``, and one fewer (while the side keeps a unit)."""
    parts: tuple[Participant, ...] = getattr(situation, f"{side}s")
    seen: set[str] = set()
    verb = "attacking" if side == "attacker" else "defending"
    for i, p in enumerate(parts):
        if p.unit.name in seen:
            continue
        seen.add(p.unit.name)
        more = (*parts[:i], replace(p, count=p.count + 1), *parts[i + 1 :])
        yield f"one more {p.unit.name} {verb}", replace(situation, **{f"{side}s": more})
        if p.count > 1:
            fewer = (*parts[:i], replace(p, count=p.count - 1), *parts[i + 1 :])
        else:
            fewer = (*parts[:i], *parts[i + 1 :])
        if sum(q.count for q in fewer):
            yield f"one {p.unit.name} fewer {verb}", replace(situation, **{f"{side}s": fewer})


def _evaluate(evaluate: Evaluate, situation: CombatSituation) -> Report | None:
    """The changed combat's report, or None when the rules forbid it (an illegal attack)."""
    try:
        return evaluate(situation)
    except RulesError:
        return None
