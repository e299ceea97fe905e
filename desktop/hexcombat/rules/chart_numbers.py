"""The numbers a chart file gives as fractions: shares, multipliers and chances.

A chart is a player's file: ``inf``, ``nan``, ``"1e999999999"`` (which ``Fraction`` would expand
to a billion digits), a zero denominator or a negative number must be refused at its line, never
a traceback or a hang. A chance must also be one the dice can roll: the chance roll is a d6, d10
or d100 (:func:`hexcombat.rules.combat.chance_die`), so only sixths, tenths and hundredths (and
what they reduce to: 1/2, 1/3, 1/4, 1/5, 1/20, 1/25, 1/50) can be drawn.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any

CHANCE_DICE = (6, 10, 100)
"""The dice a chance roll may use, smallest first."""

LARGEST = 1_000_000
"""No chart number, numerator or denominator is larger: a chart's shares, ratios and
multipliers are small numbers, and a bigger one is a typing slip."""

_DECIMAL = re.compile(r"\s*(\d{1,7})(?:\.(\d{1,6}))?\s*")
_FRACTION = re.compile(r"\s*(\d{1,7})\s*/\s*(\d{1,7})\s*")

CHANCE_WORDS = (
    "a probability between 0 and 1 that a d6, d10 or d100 can roll: sixths, tenths or "
    'hundredths, like "1/2", "1/6", 0.3 or 0.05'
)
"""What a chart's chance probability may be, in the words of a problem message."""


def chart_fraction(value: Any, finest: int = 1000) -> Fraction | None:
    """A number of zero or more from a chart: ``3``, ``0.5``, ``"0.5"`` or ``"1/7"``.

    A float is read as the nearest fraction with a denominator up to ``finest`` (0.1 is 1/10,
    not the binary float's 3602879701896397/36028797018963968). None for anything else: a
    boolean, infinity, NaN, a negative number, a zero denominator, text that is not a decimal or
    a fraction, or a number larger than :data:`LARGEST`.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        result = Fraction(value)
    elif isinstance(value, float):
        if not math.isfinite(value) or abs(value) > LARGEST:
            return None
        result = Fraction(value).limit_denominator(finest)
    elif isinstance(value, str):
        result = _fraction_text(value)
    else:
        return None
    if result is None or result < 0 or max(result.numerator, result.denominator) > LARGEST:
        return None
    return result


def _fraction_text(text: str) -> Fraction | None:
    """``"0.5"`` or ``"1/7"``; None for anything else (``"inf"``, ``"1e9"``, ``"1/0"``)."""
    decimal = _DECIMAL.fullmatch(text)
    if decimal:
        whole, tail = decimal.groups()
        return Fraction(f"{whole}.{tail}" if tail else whole)
    fraction = _FRACTION.fullmatch(text)
    if fraction:
        numerator, denominator = (int(x) for x in fraction.groups())
        return Fraction(numerator, denominator) if denominator else None
    return None


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
