"""Warnings for counter values the rules texts do not give.

A counter set marks such placeholders per counter (``assumed = ["attack", "aec"]``). When a unit
with one takes part in a combat, the report says so, so a player knows which printed value to
check on their own counter: "assumed value used: Tank X attack; Inf XX defence".
"""

from __future__ import annotations

from hexcombat.rules.explain import Explanation
from hexcombat.rules.situation import Participant
from hexcombat.rules.units import Unit

NOT_READ_IN_COMBAT = frozenset({"movement"})
"""Keys no combat reads: a placeholder there changes nothing in a report."""
ATTACKER_UNREAD = frozenset({"defence", "aecd", "atec", "intrinsic_atec"})
"""What an attacking unit does not use (10.A: AECD and ATEC are defending capabilities)."""
DEFENDER_UNREAD = frozenset({"attack", "aeca"})
"""What a defending unit does not use (10.A.1: AECA is an attacking capability)."""


def used_assumed(unit: Unit, side: str, dated: bool) -> tuple[str, ...]:
    """The assumed keys of ``unit`` that a combat on ``side`` reads (``attacker``/``defender``).

    An attacker's defence, AECD and ATEC and a defender's attack and AECA are not read; the
    dates of dated changes (``changes``) matter only when the combat has a date.
    """
    skip = set(NOT_READ_IN_COMBAT)
    skip |= ATTACKER_UNREAD if side == "attacker" else DEFENDER_UNREAD
    if not dated or not unit.changes:
        skip.add("changes")
    return tuple(k for k in unit.assumed if k not in skip)


def warn_assumed_counters(
    attackers: tuple[Participant, ...],
    defenders: tuple[Participant, ...],
    dated: bool,
    ex: Explanation,
) -> None:
    """One warning naming each unit taking part with assumed values the combat reads, and
    those values: "assumed value used: Tank X attack; Inf XX defence (check your counters)".
    One warning, not one per unit: a player reads it beside the steps."""
    used = []
    for side, participants in (("attacker", attackers), ("defender", defenders)):
        for p in participants:
            keys = used_assumed(p.unit, side, dated)
            item = f"{p.unit.name} {', '.join(keys)}"
            if keys and item not in used:
                used.append(item)
    if used:
        ex.warn(f"assumed value used: {'; '.join(used)} (check your counters)")


def warn_undated_changes(
    attackers: tuple[Participant, ...],
    defenders: tuple[Participant, ...],
    date: str | None,
    ex: Explanation,
) -> None:
    """Without a date, no dated change (10.H) can apply: say which were left out, so a combat
    that should have been fought with, say, a 1943 assault gun does not silently use the base
    values: "no date given: dated changes not applied (StuG X from 1943-01) (10.H)"."""
    if date is not None:
        return
    left: list[str] = []
    for p in (*attackers, *defenders):
        if p.unit.changes:
            item = f"{p.unit.name} from {', '.join(c.date for c in p.unit.changes)}"
            if item not in left:
                left.append(item)
    if left:
        ex.warn(f"no date given: dated changes not applied ({'; '.join(left)}) (10.H)")
