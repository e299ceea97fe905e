"""Hexsides: one edge, one key, whichever side of the river names it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import Hexside

coords = st.integers(min_value=-300, max_value=300)
hexes = st.builds(Hex, coords, coords)


@given(hexes, st.integers(min_value=0, max_value=5))
def test_a_hexside_is_the_same_whichever_side_names_it(h: Hex, d: int) -> None:
    n = h.neighbour(d)
    assert Hexside(h, n) == Hexside(n, h) == Hexside.between(n, h)
    assert hash(Hexside(h, n)) == hash(Hexside(n, h))
    assert len({Hexside(h, n), Hexside(n, h)}) == 1
    side = Hexside(h, n)
    assert side.a < side.b
    assert side.other(h) == n and side.other(n) == h


@given(hexes, hexes)
def test_only_adjacent_hexes_have_a_hexside(a: Hex, b: Hex) -> None:
    if a in b.neighbours():
        assert Hexside(a, b).touches(a)
    else:
        with pytest.raises(ValueError, match="not adjacent"):
            Hexside.between(a, b)


def test_other_refuses_a_hex_off_the_hexside() -> None:
    with pytest.raises(ValueError, match="is not on either side"):
        Hexside(Hex(0, 0), Hex(1, 0)).other(Hex(5, 5))


def test_hexsides_meeting_at_a_corner() -> None:
    a, b, c = Hex(0, 0), Hex(1, 0), Hex(1, -1)  # three hexes around one corner
    assert Hexside(a, b).joins(Hexside(a, c))
    assert Hexside(a, b).corner_with(Hexside(b, c)) == frozenset({a, b, c})
    # opposite sides of one hex never meet
    assert not Hexside(a, Hex(1, 0)).joins(Hexside(a, Hex(-1, 0)))
    # a side does not "join" itself
    assert not Hexside(a, b).joins(Hexside(b, a))
    # sharing a hex whose other hexes are two apart: no common corner
    assert not Hexside(a, Hex(0, -1)).joins(Hexside(a, Hex(0, 1)))
