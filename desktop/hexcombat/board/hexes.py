"""Hexes in axial coordinates, and the hex arithmetic every board query rests on.

Axial ``(q, r)`` with the implied cube coordinate ``s = -q - r`` (Red Blob Games, "Hexagonal
Grids"). Distances, neighbours and rings are pure integer arithmetic here, apart from screen
layout (:mod:`hexcombat.board.layout`) and printed labels (:mod:`hexcombat.board.offset`), so the
same hex maths serves flat-top and pointy-top maps alike.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """One hex of the grid, in axial coordinates.

    Frozen and hashable so hexes key dictionaries and graph nodes; ordered (by ``q``, then
    ``r``) so an unordered pair of hexes, such as a hexside, has one normal form.
    """

    q: int
    r: int

    def __hash__(self) -> int:
        # Cheaper than the generated hash of a tuple: a 50,000-hex map's graph hashes hexes
        # over a million times while it is built. Equal hexes still hash equal.
        return self.q * 1_000_003 + self.r

    @property
    def s(self) -> int:
        """The third cube coordinate; ``q + r + s == 0`` always."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def neighbour(self, direction: int) -> Hex:
        """The hex across side ``direction`` (0-5, see :data:`DIRECTIONS`)."""
        d = DIRECTIONS[direction % 6]
        return Hex(self.q + d.q, self.r + d.r)

    def neighbours(self) -> list[Hex]:
        """The six hexes that share a side with this one, in :data:`DIRECTIONS` order."""
        q, r = self.q, self.r
        return [Hex(q + d.q, r + d.r) for d in DIRECTIONS]


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)
"""The six axial steps, counter-clockwise on a y-up screen (clockwise on a y-down screen).

On a flat-top map with y pointing down (Qt) they are south-east, north-east, north, north-west,
south-west, south; on a pointy-top map east, north-east, north-west, west, south-west,
south-east.
"""


def neighbours(h: Hex) -> list[Hex]:
    """The six hexes adjacent to ``h``."""
    return h.neighbours()


def distance(a: Hex, b: Hex) -> int:
    """How many hex steps separate ``a`` and ``b`` (the range a unit counts on the map)."""
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction_to(a: Hex, b: Hex) -> int:
    """The direction (0-5) from ``a`` to its neighbour ``b``; ``ValueError`` if not adjacent."""
    step = Hex(b.q - a.q, b.r - a.r)
    try:
        return DIRECTIONS.index(step)
    except ValueError:
        raise ValueError(f"{a} and {b} are not adjacent") from None


def ring(center: Hex, n: int) -> list[Hex]:
    """Every hex exactly ``n`` steps from ``center`` (just ``center`` when ``n`` is 0): the
    hexes a unit that fires at exactly ``n`` hexes reaches, a ring rather than a disc."""
    if n < 0:
        raise ValueError(f"a ring's radius cannot be negative, got {n}")
    if n == 0:
        return [center]
    out: list[Hex] = []
    d4 = DIRECTIONS[4]
    h = Hex(center.q + d4.q * n, center.r + d4.r * n)
    for side in range(6):
        d = DIRECTIONS[side]
        for _ in range(n):
            out.append(h)
            h = Hex(h.q + d.q, h.r + d.r)
    return out


def within(center: Hex, n: int) -> list[Hex]:
    """Every hex at most ``n`` steps from ``center``, ``center`` included."""
    if n < 0:
        raise ValueError(f"a radius cannot be negative, got {n}")
    out: list[Hex] = []
    for dq in range(-n, n + 1):
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
            out.append(Hex(center.q + dq, center.r + dr))
    return out
