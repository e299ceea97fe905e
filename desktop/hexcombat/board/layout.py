"""Where hexes fall on the screen: hex centres, corners, hexside end points, and back.

Screen coordinates have y pointing down (as in Qt). ``size`` is the distance from a hex's centre
to a corner, so a hexside is ``size`` long. ``origin`` is the centre of ``Hex(0, 0)``, the
top-left hex of a map.

Corners are computed on an integer lattice (half a hex's width and height) and scaled by one
formula, so a corner shared by three hexes has bit-identical coordinates whichever hex it is
computed from: river segments then join exactly when merged into lines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from hexcombat.board.hexes import Hex, direction_to
from hexcombat.board.hexside import Hexside
from hexcombat.board.offset import ORIENTATIONS, Orientation

Point = tuple[float, float]

_SQRT3 = math.sqrt(3.0)

# Corner offsets on the lattice, corner i at 60*i degrees (flat) or 60*i - 30 degrees (pointy),
# turning clockwise on a y-down screen.
_FLAT_CORNERS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
_POINTY_CORNERS = ((1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2))
# The two corners of a hex on its side facing DIRECTIONS[d] (the same for both orientations).
_SIDE_CORNERS = tuple(((6 - d) % 6, (7 - d) % 6) for d in range(6))


@dataclass(frozen=True)
class Layout:
    """A hex grid placed on the screen: orientation, hex size and the centre of ``Hex(0, 0)``."""

    orientation: Orientation = "flat"
    size: float = 1.0
    origin: Point = (0.0, 0.0)

    def __post_init__(self) -> None:
        if self.orientation not in ORIENTATIONS:
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {self.orientation!r}")
        if not self.size > 0:
            raise ValueError(f"a hex size must be positive, not {self.size!r}")

    @property
    def _units(self) -> tuple[float, float]:
        if self.orientation == "flat":
            return self.size / 2.0, self.size * _SQRT3 / 2.0
        return self.size * _SQRT3 / 2.0, self.size / 2.0

    def _lattice(self, h: Hex) -> tuple[int, int]:
        if self.orientation == "flat":
            return 3 * h.q, 2 * h.r + h.q
        return 2 * h.q + h.r, 3 * h.r

    def _point(self, x: int, y: int) -> Point:
        ux, uy = self._units
        return self.origin[0] + x * ux, self.origin[1] + y * uy

    def hex_to_pixel(self, h: Hex) -> Point:
        """The centre of ``h`` on the screen."""
        x, y = self._lattice(h)
        return self._point(x, y)

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        """The hex containing the screen point ``(x, y)`` (a click, a drop)."""
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        if self.orientation == "flat":
            q = 2.0 / 3.0 * px
            r = -1.0 / 3.0 * px + _SQRT3 / 3.0 * py
        else:
            q = _SQRT3 / 3.0 * px - 1.0 / 3.0 * py
            r = 2.0 / 3.0 * py
        return cube_round(q, r)

    def corner(self, h: Hex, i: int) -> Point:
        """Corner ``i`` (0-5, clockwise on screen) of ``h``."""
        x, y = self._lattice(h)
        table = _FLAT_CORNERS if self.orientation == "flat" else _POINTY_CORNERS
        dx, dy = table[i % 6]
        return self._point(x + dx, y + dy)

    def corners(self, h: Hex) -> list[Point]:
        """The six corners of ``h``, clockwise on screen."""
        x, y = self._lattice(h)
        table = _FLAT_CORNERS if self.orientation == "flat" else _POINTY_CORNERS
        return [self._point(x + dx, y + dy) for dx, dy in table]

    def hexside_endpoints(self, hexside: Hexside) -> tuple[Point, Point]:
        """The two corners a hexside runs between, in a fixed order whichever hex names it."""
        d = direction_to(hexside.a, hexside.b)
        i, j = _SIDE_CORNERS[d]
        return self.corner(hexside.a, i), self.corner(hexside.a, j)


def cube_round(q: float, r: float) -> Hex:
    """The hex whose centre is nearest the fractional axial point ``(q, r)``."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))
