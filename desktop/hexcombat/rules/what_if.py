"""What-if columns: how many attack factors more reach the next column of the table (and how
many fewer drop to the one below), with the chances there, and which single change would move
the die roll modifier.

Every figure is found by evaluating a changed situation with the ruleset itself, never by
arithmetic of our own beside it: what the what-if promises is what the combat would then be.
Only a report that declares a table column (:class:`~hexcombat.rules.report.TableColumn`: an
odds column, a differential's or a fire table's, with where its columns change) has a column to
move; any other gets no what-if at all.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from hexcombat.rules.errors import RulesError
from hexcombat.rules.report import Outcome, Report, TableColumn, drm_chances, table_column
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.units import Unit
from hexcombat.rules.vocabulary import ConditionSpec, ConditionValue, Vocabulary

Evaluate = Callable[[CombatSituation], Report]


@dataclass(frozen=True)
class ColumnChange:
    """The combat with the attack strength changed so that it reaches another column."""

    factors: int
    """Printed attack strength points added (positive) or taken away (negative)."""
    counted: Fraction
    """What they count in the attack total: as many, or fewer where the ruleset halves the
    unit's strength (attacking across a river)."""
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
    """The column and DRM as they stand, and what would move them."""

    column: str | None
    drm_distribution: Mapping[int, Fraction]
    outcomes: tuple[Outcome, ...]
    up: ColumnChange | None
    """How few more attack factors reach the next column; None at the top."""
    down: ColumnChange | None
    """How few fewer attack factors drop to the column below; None when none can."""
    drm: tuple[DrmChange, ...]
    """Each single change that gives another DRM."""


def what_if(report: Report, evaluate: Evaluate, vocabulary: Vocabulary) -> WhatIf | None:
    """The what-if figures for ``report``, re-evaluating with ``evaluate`` (the ruleset's);
    None when the ruleset's report has no table column."""
    odds = report.feature(TableColumn)
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


# the column ----------------------------------------------------------------------------------


def _strengths(report: Report) -> tuple[Fraction, Fraction] | None:
    """The attack and defence strengths the column was worked from (its :class:`TableColumn`)."""
    odds = report.feature(TableColumn)
    if odds is None or odds.attack is None or odds.defence is None:
        return None
    return odds.attack, odds.defence


def _key(report: Report) -> str:
    """The unit value the report's attack strength is read from (:class:`TableColumn`)."""
    found = report.feature(TableColumn)
    return found.strength if found is not None else "attack"


def printed(unit: Unit, key: str = "attack") -> int | None:
    """The unit's attack strength as its counter gives it: the printed ``attack``, or the value
    ``key`` among its ``rules`` (a fire strength)."""
    if key == "attack":
        return unit.attack
    value = unit.rule_value(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def with_attack(
    situation: CombatSituation, index: int, change: int, key: str = "attack"
) -> CombatSituation:
    """``situation`` with the attack strength (``key``: :func:`printed`) of one counter of
    attacker ``index`` changed (of several alike, one is taken apart from the others)."""
    p = situation.attackers[index]
    value = (printed(p.unit, key) or 0) + change
    if key == "attack":
        unit = replace(p.unit, attack=value)
    else:
        rules = tuple(sorted({**dict(p.unit.rules), key: value}.items()))
        unit = replace(p.unit, rules=rules)
    one = replace(p, count=1, unit=unit)
    others = (replace(p, count=p.count - 1),) if p.count > 1 else ()
    attackers = (*situation.attackers[:index], one, *others, *situation.attackers[index + 1 :])
    return replace(situation, attackers=attackers)


def strength_lever(report: Report, evaluate: Evaluate) -> tuple[int, Fraction] | None:
    """The attacker whose printed attack strength the what-if changes, and what one factor
    on it counts in the attack total: one whose strength counts whole (not halved across a
    river, not multiplied) if there is one, the strongest such, so taking factors away from it goes
    furthest; else the one counting most. A change that moves a modifier is never used.
    None when no attacker's strength counts in the attack total."""
    strengths = _strengths(report)
    if strengths is None:
        return None
    attackers, key = report.situation.attackers, _key(report)
    order = sorted(range(len(attackers)), key=lambda i: -(printed(attackers[i].unit, key) or 0))
    best: tuple[int, Fraction] | None = None
    for index in order:
        if printed(attackers[index].unit, key) is None:
            continue
        changed = _evaluate(evaluate, with_attack(report.situation, index, 1, key))
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
    report: Report, evaluate: Evaluate, odds: TableColumn, direction: int
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
    key = _key(report)
    own = printed(report.situation.attackers[index].unit, key) or 0
    for boundary in odds.boundaries(attack, defence, direction):
        if direction > 0:
            factors = math.ceil((boundary - attack) / counts)
        else:
            factors = -(math.floor((attack - boundary) / counts) + 1)
        if attack + factors * counts <= 0 or own + factors < 0:
            return None
        changed = _evaluate(evaluate, with_attack(report.situation, index, factors, key))
        if changed is None:
            return None
        moved = table_column(changed)
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
            table_column(changed),
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
