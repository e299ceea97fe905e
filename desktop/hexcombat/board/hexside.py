"""Hexsides: the edge between two adjacent hexes, where rivers and escarpments lie.

A hexside is first-class because combat asks about it: a unit attacking across a minor river is
halved, a retreat may not cross a prohibited hexside. It is the unordered pair of its two hexes,
kept in one normal form (the smaller hex first) so the attacker's and the defender's view of the
same edge are one and the same key.
"""

from __future__ import annotations

from dataclasses import dataclass

from hexcombat.board.hexes import Hex, distance

MINOR_RIVER = "minor-river"
MAJOR_RIVER = "major-river"
WALL = "wall"
HEDGEROW = "hedgerow"
RIVER_FEATURES: frozenset[str] = frozenset({MINOR_RIVER, MAJOR_RIVER})
TACTICAL_FEATURES: frozenset[str] = frozenset({WALL, HEDGEROW})
"""Hexside features of tactical maps: stone walls and hedgerows along a hex's edge."""
STANDARD_FEATURES: frozenset[str] = RIVER_FEATURES | TACTICAL_FEATURES
"""Hexside features every map may use; a map declares any others it needs (escarpment, ...)."""


@dataclass(frozen=True, slots=True, init=False)
class Hexside:
    """The side shared by two adjacent hexes; ``Hexside(a, b) == Hexside(b, a)``."""

    a: Hex
    """The smaller of the two hexes (by ``q``, then ``r``)."""
    b: Hex
    """The larger of the two hexes."""

    def __init__(self, a: Hex, b: Hex) -> None:
        if distance(a, b) != 1:
            raise ValueError(
                f"{a} and {b} are not adjacent: a hexside lies between two neighbouring hexes"
            )
        if b < a:
            a, b = b, a
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)

    @classmethod
    def between(cls, a: Hex, b: Hex) -> Hexside:
        """The hexside between ``a`` and ``b``; ``ValueError`` when they are not adjacent."""
        return cls(a, b)

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        """Both hexes, smaller first."""
        return self.a, self.b

    def touches(self, h: Hex) -> bool:
        """Whether ``h`` is one of the two hexes this side separates."""
        return h == self.a or h == self.b

    def other(self, h: Hex) -> Hex:
        """The hex across this side from ``h``."""
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise ValueError(f"{h} is not on either side of {self}")

    def corner_with(self, other: Hexside) -> frozenset[Hex] | None:
        """The corner where this hexside meets ``other``, named by the three hexes around it;
        ``None`` when they do not meet.

        Three hexes meet at every corner; two of its three sides share one hex, and their other
        hexes are neighbours.
        """
        if self == other:
            return None
        mine, theirs = {self.a, self.b}, {other.a, other.b}
        shared = mine & theirs
        if len(shared) != 1:
            return None
        (x,) = mine - shared
        (y,) = theirs - shared
        if distance(x, y) != 1:
            return None
        return frozenset(mine | theirs)

    def joins(self, other: Hexside) -> bool:
        """Whether the two hexsides meet at a corner (a river may run from one to the other)."""
        return self.corner_with(other) is not None
