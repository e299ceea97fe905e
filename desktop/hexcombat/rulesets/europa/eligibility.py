"""What both Europa rulesets (``total-war`` and ``armour-ratio``) agree on about who fights:
air units stand on the map but fight no ground combat (16A, 23D1); long-range artillery may
attack from two hexes and then takes no combat result and may not advance (14A3). The other
hooks are :class:`BasicEligibility`'s; a ruleset that differs overrides the hook it differs on.
"""

from __future__ import annotations

from hexcombat.rules.eligibility import BasicEligibility, Refusal
from hexcombat.rules.situation import Participant
from hexcombat.rules.units import Unit
from hexcombat.rulesets.europa.air.map_counters import is_air_unit

TWO_HEXES = 2
"""How far long-range artillery fires (14A3)."""

AIR_UNIT_REFUSAL = Refusal(
    "air units fight with air ratings, not in ground combat", "16A, 23D1", who="air units"
)
"""16A, 23D1: an air unit stands on the map at its base but fights no ground combat."""

REACH = Refusal("units attack from adjacent hexes, long-range artillery from two", "14A3")
"""14A3: how far a unit attacks from."""

TWO_HEX_EXEMPTION = Refusal(
    "long-range artillery firing at two hexes may not advance",
    "14A3",
    who="long-range artillery firing at two hexes",
)
"""14A3: at two hexes it takes no combat result, is out of exchanges and may not advance."""


class EuropaEligibility(BasicEligibility):
    """The eligibility hooks of the ``Ruleset`` protocol as the Europa rules answer them."""

    def ground_combat_refusal(self, unit: Unit) -> Refusal | None:
        """Why ``unit`` takes no part in ground combat at all (neither attacking nor
        defending), or None when it fights: air units fight with their air ratings, not their
        ground strengths (16A, 23D1)."""
        return AIR_UNIT_REFUSAL if is_air_unit(unit) else None

    def attack_range(self, unit: Unit) -> int:
        """How many hexes from the defender ``unit`` may attack: adjacent, or two hexes for
        long-range artillery (14A3); a counter printing a longer range still fires from two."""
        return TWO_HEXES if unit.range >= TWO_HEXES else 1

    def reach_refusal(self, unit: Unit, hexes: int) -> Refusal | None:
        """Why ``unit`` may not attack from ``hexes`` away: units attack from adjacent hexes,
        long-range artillery also from two (14A3)."""
        if 1 <= hexes <= self.attack_range(unit):
            return None
        return REACH

    def result_exemption(self, participant: Participant) -> Refusal | None:
        """Why the combat result leaves ``participant`` alone (it loses nothing, counts in no
        exchange and may not advance), or None when it takes the result: long-range artillery
        firing at two hexes (14A3)."""
        if participant.range == TWO_HEXES:
            return TWO_HEX_EXEMPTION
        return None
