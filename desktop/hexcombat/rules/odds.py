"""Odds as most odds-ratio tables read them: attack to defence rounded in the defender's favour
(3.5 : 1 is 3:1, 1 : 2.5 is 1:3), and the attack strengths at which they change, which a
what-if tells the player (:class:`~hexcombat.rules.report.OddsColumn`'s boundaries)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction

RATIO_STEPS = 16
"""Odds ratios tried past the current one before giving up: beyond a table's last column (or
below its lowest) more or fewer factors move nothing."""


def whole_odds(attack: Fraction, defence: Fraction) -> tuple[int, int]:
    """``attack`` to ``defence`` (both above 0) as whole odds, rounded in the defender's favour.

    >>> whole_odds(Fraction(10), Fraction(3)), whole_odds(Fraction(5), Fraction(12))
    ((3, 1), (1, 3))
    """
    if attack >= defence:
        return math.floor(attack / defence), 1
    return 1, math.ceil(defence / attack)


def odds_boundaries(attack: Fraction, defence: Fraction, direction: int) -> Iterator[Fraction]:
    """The attack strengths at which the odds change, nearest first: up (``direction`` +1),
    the least strength reaching each better ratio; down (-1), the strength just under which each
    worse ratio begins. None without an attack or a defence.

    >>> list(odds_boundaries(Fraction(12), Fraction(4), +1))[:2]
    [Fraction(16, 1), Fraction(20, 1)]
    """
    if attack <= 0 or defence <= 0:
        return
    a, d = whole_odds(attack, defence)
    for _ in range(RATIO_STEPS):
        if direction > 0:
            a, d = (a + 1, 1) if d == 1 else (1, d - 1)
            yield Fraction(a) * defence if d == 1 else defence / d
        else:
            yield Fraction(a) * defence if d == 1 else defence / d
            a, d = (a - 1, 1) if d == 1 and a > 1 else (1, d + 1)
