"""The chances a Europa chart may give (a DRM "+3, 50% chance of +4", 10.C): a chance roll is a
d6, d10 or d100 (:func:`~hexcombat.rulesets.europa.combat.chance_die`), so only sixths, tenths and
hundredths (and what they reduce to: 1/2, 1/3, 1/4, 1/5, 1/20, 1/25, 1/50) can be drawn."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hexcombat.rules.numbers import chart_fraction

CHANCE_DICE = (6, 10, 100)
"""The dice a chance roll may use, smallest first."""

CHANCE_WORDS = (
    "a probability between 0 and 1 that a d6, d10 or d100 can roll: sixths, tenths or "
    'hundredths, like "1/2", "1/6", 0.3 or 0.05'
)
"""What a chart's chance probability may be, in the words of a problem message."""


def chance_dice(denominator: int) -> int | None:
    """The smallest die whose faces share out a chance with this denominator (d6 for sixths,
    d10 for tenths, d100 for hundredths); None when no d6, d10 or d100 can."""
    return next((sides for sides in CHANCE_DICE if sides % denominator == 0), None)


def chance_probability(value: Any) -> Fraction | None:
    """A chart's chance probability: above 0, below 1 and one a d6, d10 or d100 can roll
    (:data:`CHANCE_WORDS`); None for anything else."""
    p = chart_fraction(value)
    if p is None or not 0 < p < 1 or chance_dice(p.denominator) is None:
        return None
    return p
