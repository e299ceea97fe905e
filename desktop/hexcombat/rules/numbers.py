"""Numbers read from files (counter sets, charts, scenarios) as exact fractions.

TOML hands over whatever the file holds: ``nan``, ``inf``, ``1e400`` (read as infinity), a list,
or text such as ``"1/7"``. One reader turns a number into a :class:`~fractions.Fraction` and
refuses the rest, so no loader meets an ``OverflowError`` or a ``"1e99999999"`` that takes
minutes to expand. A chart's shares, multipliers and chances are held to more: never negative,
never huge, and a chance one the dice can roll: a chance roll is a d6, d10 or d100 (the Europa
family's ``chance_die``), so only sixths, tenths and hundredths (and what they reduce to: 1/2,
1/3, 1/4, 1/5, 1/20, 1/25, 1/50) can be drawn.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any

_TEXT = re.compile(r"\s*[+-]?(\d{1,12}/\d{1,12}|\d{1,12}(\.\d{0,12})?|\.\d{1,12})\s*")
"""A number written as text: ``3``, ``0.5``, ``"1/7"`` (no exponent; a chart's numbers are
small)."""


def exact_number(value: Any, denominator: int = 1000) -> Fraction | None:
    """``value`` as an exact fraction: a whole number, a finite decimal (its nearest fraction with
    a denominator of at most ``denominator``: ``0.33`` is not ``1/3``, but ``0.5`` is ``1/2``),
    or text such as ``"1/7"`` or ``"0.5"``. None for anything else: true/false, NaN, infinity,
    text that is no such number, a division by zero."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(value).limit_denominator(denominator) if math.isfinite(value) else None
    if isinstance(value, str) and _TEXT.fullmatch(value):
        try:
            return Fraction(value)
        except ZeroDivisionError:
            return None
    return None


CHANCE_DICE = (6, 10, 100)
"""The dice a chance roll may use, smallest first."""

LARGEST = 1_000_000
"""No chart number, numerator or denominator is larger: a chart's shares, ratios and
multipliers are small numbers, and a bigger one is a typing slip."""

CHANCE_WORDS = (
    "a probability between 0 and 1 that a d6, d10 or d100 can roll: sixths, tenths or "
    'hundredths, like "1/2", "1/6", 0.3 or 0.05'
)
"""What a chart's chance probability may be, in the words of a problem message."""


def chart_fraction(value: Any, finest: int = 1000) -> Fraction | None:
    """A number of zero or more from a chart (:func:`exact_number`, a float read to the nearest
    fraction with a denominator up to ``finest``); None also for a negative number or one whose
    numerator or denominator is larger than :data:`LARGEST`."""
    result = exact_number(value, denominator=finest)
    if result is None or result < 0 or max(result.numerator, result.denominator) > LARGEST:
        return None
    return result


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
