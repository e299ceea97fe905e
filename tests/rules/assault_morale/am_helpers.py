"""Small assaults for the assault-morale tests, written as a counter set would give the units."""

from __future__ import annotations

from am_strategies import unit

from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import Unit
from hexcombat.rulesets.assault_morale import RULESET
from hexcombat.rulesets.assault_morale.assault import Assault

__all__ = ["RULESET", "assault", "squad", "side", "situation", "unit"]


def squad(
    fire: int = 9, morale: int = 7, steps: int = 2, nationality: str = "soviet", **more: object
) -> Unit:
    return unit("Squad", "squad", fire, morale, steps, nationality, **more)


def side(
    *units: Unit | Participant, state: str = "", markers: frozenset[str] = frozenset()
) -> tuple[Participant, ...]:
    """Participants of ``units`` (a Participant is kept as given)."""
    status = UnitStatus(state=state, markers=markers)
    return tuple(u if isinstance(u, Participant) else Participant(u, status=status) for u in units)


def situation(
    attackers: tuple[Participant, ...],
    defenders: tuple[Participant, ...],
    terrain: str = "clear",
    **choices: bool,
) -> CombatSituation:
    return CombatSituation(
        "assault-morale", attackers, defenders, Conditions(terrain=terrain, **choices)
    )


def assault(s: CombatSituation) -> Assault:
    return Assault(s, RULESET.table)
