"""Air missions by name: what kind each is and the rule the texts cite for it.

The rules texts (16A, 23D) cite the escort (20B), interception (20C), patrol attack (20D),
combat air patrol (20E) and defensive air support (20G2c) rules without printing them; the other
mission names follow the Europa air rules and carry no rule reference here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from hexcombat.rules.errors import IllegalMissionError


class Kind(StrEnum):
    """What a mission asks of a unit, and so which category may fly it (16A)."""

    FIGHTER = "fighter"
    BOMBING = "bombing"
    TRANSPORT = "transport"


@dataclass(frozen=True)
class Mission:
    """One air mission."""

    id: str
    """The name a scenario uses, e.g. ``defensive-air-support``."""
    name: str
    """What a player reads."""
    kind: Kind
    rule: str | None = None
    """The rule the texts cite for it, when they cite one."""
    strategic: bool = False
    """Bombs with the strategic bombing strength instead of the tactical one."""


MISSIONS: dict[str, Mission] = {
    m.id: m
    for m in (
        Mission("escort", "escort", Kind.FIGHTER, "20B"),
        Mission("intercept", "interception", Kind.FIGHTER, "20C"),
        Mission("patrol-attack", "patrol attack", Kind.FIGHTER, "20D"),
        Mission("combat-air-patrol", "combat air patrol", Kind.FIGHTER, "20E"),
        Mission("ground-support", "ground support", Kind.BOMBING),
        Mission("defensive-air-support", "defensive air support", Kind.BOMBING, "20G2c"),
        Mission("airbase-bombing", "airbase bombing", Kind.BOMBING),
        Mission("rail-line-bombing", "rail line bombing", Kind.BOMBING),
        Mission("harassment", "harassment", Kind.BOMBING),
        Mission("port-bombing", "port bombing", Kind.BOMBING),
        Mission("naval-bombing", "naval bombing", Kind.BOMBING),
        Mission("strategic-bombing", "strategic bombing", Kind.BOMBING, strategic=True),
        Mission("air-transport", "air transport", Kind.TRANSPORT),
        Mission("airdrop", "airdrop", Kind.TRANSPORT),
    )
}
"""Every mission hexcombat knows, by id."""

AF_ESCORTS = ("ground-support", "defensive-air-support")
"""The only missions a type AF may escort (23D2, 20B)."""


def mission(mission_id: str) -> Mission:
    """The mission called ``mission_id``; an unknown name lists the known ones."""
    if mission_id not in MISSIONS:
        raise IllegalMissionError(
            f"unknown air mission {mission_id!r}; missions: {', '.join(MISSIONS)}"
        )
    return MISSIONS[mission_id]
