"""Warnings for counter values the rules texts do not give.

A counter set marks such placeholders per counter (``assumed = ["attack", "defence"]``). When a
unit with one takes part in a combat, the report says so, so a player knows which printed value
to check on their own counter: "assumed value used: Tank X attack; Inf XX defence".

Which values a side reads is the ruleset's to say (``Vocabulary.unread_by``): a value its side
does not read changes nothing in the report, so it is not warned of.
"""

from __future__ import annotations

from hexcombat.rules.explain import Explanation
from hexcombat.rules.situation import Participant
from hexcombat.rules.units import Unit
from hexcombat.rules.vocabulary import SideName, Vocabulary

NOT_READ_IN_COMBAT = frozenset({"movement"})
"""Keys no combat reads: a placeholder there changes nothing in a report."""


def used_assumed(
    unit: Unit, side: SideName, dated: bool, unread: frozenset[str] = frozenset()
) -> tuple[str, ...]:
    """The assumed keys of ``unit`` that a combat on ``side`` reads: all but those no combat
    reads and ``unread`` (what the ruleset says ``side`` does not read); the dates of dated
    changes (``changes``) matter only when the combat has a date."""
    skip = set(NOT_READ_IN_COMBAT) | unread
    if not dated or not unit.changes:
        skip.add("changes")
    return tuple(k for k in unit.assumed if k not in skip)


def warn_assumed_counters(
    attackers: tuple[Participant, ...],
    defenders: tuple[Participant, ...],
    dated: bool,
    vocabulary: Vocabulary,
    ex: Explanation,
) -> None:
    """One warning naming each unit taking part with assumed values the combat reads under
    ``vocabulary`` (its ruleset's), and those values: "assumed value used: Tank X attack;
    Inf XX defence (check your counters)". One warning, not one per unit: a player reads it
    beside the steps."""
    used = []
    sides: tuple[tuple[SideName, tuple[Participant, ...]], ...] = (
        ("attacker", attackers),
        ("defender", defenders),
    )
    for side, participants in sides:
        for p in participants:
            keys = used_assumed(p.unit, side, dated, vocabulary.unread_by(side))
            item = f"{p.unit.name} {', '.join(keys)}"
            if keys and item not in used:
                used.append(item)
    if used:
        ex.warn(f"assumed value used: {'; '.join(used)} (check your counters)")


def warn_undated_changes(
    attackers: tuple[Participant, ...],
    defenders: tuple[Participant, ...],
    date: str | None,
    vocabulary: Vocabulary,
    ex: Explanation,
) -> None:
    """Without a date, no dated change can apply: say which were left out, citing the rule that
    dates counter values (``vocabulary.date_rule``), so a combat that should have been fought
    with a unit's later values does not silently use the base ones: "no date given: dated
    changes not applied (Tank X from 1943-01) (<rule>)"."""
    if date is not None:
        return
    left: list[str] = []
    for p in (*attackers, *defenders):
        if p.unit.changes:
            item = f"{p.unit.name} from {', '.join(c.date for c in p.unit.changes)}"
            if item not in left:
                left.append(item)
    if left:
        rule = f" ({vocabulary.date_rule})" if vocabulary.date_rule else ""
        ex.warn(f"no date given: dated changes not applied ({'; '.join(left)}){rule}")
