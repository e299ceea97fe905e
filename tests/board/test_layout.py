"""Screen layout: a click lands in the hex drawn under it, in either orientation."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import Hexside
from hexcombat.board.layout import Layout

coords = st.integers(min_value=-400, max_value=400)
hexes = st.builds(Hex, coords, coords)
layouts = st.builds(
    Layout,
    st.sampled_from(["flat", "pointy"]),
    st.floats(min_value=2.0, max_value=200.0),
    st.tuples(st.floats(-1000, 1000), st.floats(-1000, 1000)),
)


@given(layouts, hexes)
def test_centre_maps_back_to_its_hex(layout: Layout, h: Hex) -> None:
    x, y = layout.hex_to_pixel(h)
    assert layout.pixel_to_hex(x, y) == h


@given(
    layouts,
    hexes,
    st.floats(min_value=0.0, max_value=0.98),
    st.floats(min_value=0.0, max_value=2 * math.pi),
)
def test_any_point_inside_a_hex_maps_to_that_hex_and_back(
    layout: Layout, h: Hex, fraction: float, angle: float
) -> None:
    # Anywhere within the hex's inscribed circle, short of its edge.
    inner = layout.size * math.sqrt(3) / 2
    cx, cy = layout.hex_to_pixel(h)
    x = cx + fraction * inner * math.cos(angle)
    y = cy + fraction * inner * math.sin(angle)
    found = layout.pixel_to_hex(x, y)
    assert found == h
    assert layout.pixel_to_hex(*layout.hex_to_pixel(found)) == h


@given(layouts, hexes)
def test_corners_lie_one_size_from_the_centre(layout: Layout, h: Hex) -> None:
    cx, cy = layout.hex_to_pixel(h)
    corners = layout.corners(h)
    assert len(corners) == 6
    for x, y in corners:
        assert math.isclose(math.hypot(x - cx, y - cy), layout.size, rel_tol=1e-9, abs_tol=1e-6)


@given(layouts, hexes, st.integers(min_value=0, max_value=5))
def test_hexside_runs_between_the_two_corners_both_hexes_share(
    layout: Layout, h: Hex, d: int
) -> None:
    n = h.neighbour(d)
    shared = set(layout.corners(h)) & set(layout.corners(n))  # exact: corners are on a lattice
    ends = layout.hexside_endpoints(Hexside(h, n))
    assert set(ends) == shared and len(shared) == 2
    assert layout.hexside_endpoints(Hexside(n, h)) == ends


def test_flat_layout_measured_by_hand() -> None:
    layout = Layout("flat", 10.0, (100.0, 50.0))
    assert layout.hex_to_pixel(Hex(0, 0)) == (100.0, 50.0)
    x, y = layout.hex_to_pixel(Hex(1, 0))  # one column right, half a hex down
    assert x == pytest.approx(115.0) and y == pytest.approx(50.0 + 5 * math.sqrt(3))
    x, y = layout.hex_to_pixel(Hex(0, 1))  # straight down one hex height
    assert x == pytest.approx(100.0) and y == pytest.approx(50.0 + 10 * math.sqrt(3))
    assert layout.corners(Hex(0, 0))[0] == pytest.approx((110.0, 50.0))


def test_pointy_layout_measured_by_hand() -> None:
    layout = Layout("pointy", 10.0)
    x, y = layout.hex_to_pixel(Hex(1, 0))  # one hex width right
    assert x == pytest.approx(10 * math.sqrt(3)) and y == pytest.approx(0.0)
    x, y = layout.hex_to_pixel(Hex(0, 1))  # next row: half a width right, 1.5 sizes down
    assert x == pytest.approx(5 * math.sqrt(3)) and y == pytest.approx(15.0)
    assert layout.corners(Hex(0, 0))[5] == pytest.approx((0.0, -10.0))


def test_layout_refuses_nonsense() -> None:
    with pytest.raises(ValueError, match="orientation"):
        Layout("round")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="size must be positive"):
        Layout("flat", 0.0)
