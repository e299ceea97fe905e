"""Numbers read from files (counter sets, charts, scenarios) as exact fractions.

TOML hands over whatever the file holds: ``nan``, ``inf``, ``1e400`` (read as infinity), a list,
or text such as ``"1/7"``. One reader turns a number into a :class:`~fractions.Fraction` and
refuses the rest, so no loader meets an ``OverflowError`` or a ``"1e99999999"`` that takes
minutes to expand. A chart's shares and multipliers are held to more: never negative, never huge
(:func:`chart_fraction`); which chances a chart may give is its ruleset's to say (the dice it
rolls them on).
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


LARGEST = 1_000_000
"""No chart number, numerator or denominator is larger: a chart's shares, ratios and
multipliers are small numbers, and a bigger one is a typing slip."""


def chart_fraction(value: Any, finest: int = 1000) -> Fraction | None:
    """A number of zero or more from a chart (:func:`exact_number`, a float read to the nearest
    fraction with a denominator up to ``finest``); None also for a negative number or one whose
    numerator or denominator is larger than :data:`LARGEST`."""
    result = exact_number(value, denominator=finest)
    if result is None or result < 0 or max(result.numerator, result.denominator) > LARGEST:
        return None
    return result
