"""Where the desktop places a map's hexes in scene coordinates.

One hex size for every map, so counters (drawn in scene units) always fit their hexes; zooming
is the view's business, not the layout's.
"""

from __future__ import annotations

import math

from hexcombat.board.hexes import Hex
from hexcombat.board.layout import Layout
from hexcombat.board.mapfile import HexMap

HEX_SIZE = 36.0
"""Centre-to-corner distance of a hex in scene units."""


def layout_for(hexmap: HexMap) -> Layout:
    """The scene layout of ``hexmap``: its own orientation, Hex(0, 0) at the scene origin."""
    return Layout(hexmap.orientation, HEX_SIZE, (0.0, 0.0))  # type: ignore[arg-type]


def hexes_in_rect(
    layout: Layout, x0: float, y0: float, x1: float, y1: float, margin: float = 1.0
) -> list[Hex]:
    """Every grid hex whose centre lies within the rectangle grown by ``margin`` hexes.

    Walks column by column (flat) or row by row (pointy), so the cost follows the area asked
    for, not the map's size; callers filter by the map's own hexes.
    """
    s = layout.size
    ox, oy = layout.origin
    pad = margin * 2 * s
    x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
    root3 = math.sqrt(3.0)
    out: list[Hex] = []
    if layout.orientation == "flat":
        step_x, step_y = 1.5 * s, root3 * s
        for q in range(math.floor((x0 - ox) / step_x), math.ceil((x1 - ox) / step_x) + 1):
            r_lo = math.floor((y0 - oy) / step_y - q / 2)
            r_hi = math.ceil((y1 - oy) / step_y - q / 2)
            out.extend(Hex(q, r) for r in range(r_lo, r_hi + 1))
    else:
        step_x, step_y = root3 * s, 1.5 * s
        for r in range(math.floor((y0 - oy) / step_y), math.ceil((y1 - oy) / step_y) + 1):
            q_lo = math.floor((x0 - ox) / step_x - r / 2)
            q_hi = math.ceil((x1 - ox) / step_x - r / 2)
            out.extend(Hex(q, r) for q in range(q_lo, q_hi + 1))
    return out
