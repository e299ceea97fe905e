"""Hex arithmetic: range counting and adjacency as a player counts them on the map."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexcombat.board.hexes import DIRECTIONS, Hex, direction_to, distance, neighbours, ring, within

coords = st.integers(min_value=-500, max_value=500)
hexes = st.builds(Hex, coords, coords)


@given(hexes, hexes)
def test_distance_is_symmetric(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)


@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, hexes)
def test_distance_is_zero_only_for_the_same_hex(a: Hex, b: Hex) -> None:
    assert (distance(a, b) == 0) == (a == b)


@given(hexes)
def test_neighbour_relation_is_symmetric(h: Hex) -> None:
    around = neighbours(h)
    assert len(set(around)) == 6
    for n in around:
        assert distance(h, n) == 1
        assert h in neighbours(n)


@given(hexes, st.integers(min_value=0, max_value=5))
def test_direction_to_names_the_step_taken(h: Hex, d: int) -> None:
    assert direction_to(h, h.neighbour(d)) == d


def test_direction_to_refuses_hexes_that_are_not_adjacent() -> None:
    with pytest.raises(ValueError, match="not adjacent"):
        direction_to(Hex(0, 0), Hex(2, 0))


def test_cube_coordinates_sum_to_zero() -> None:
    h = Hex(3, -5)
    assert (h.q, h.r, h.s) == (3, -5, 2)


def test_distances_counted_by_hand() -> None:
    # Three steps east-south-east then one north: 3 + 1 - overlap, counted on paper.
    assert distance(Hex(0, 0), Hex(3, 0)) == 3
    assert distance(Hex(0, 0), Hex(3, -1)) == 3
    assert distance(Hex(0, 0), Hex(2, -4)) == 4
    assert distance(Hex(-1, 2), Hex(1, -2)) == 4


@given(hexes, st.integers(min_value=0, max_value=6))
def test_ring_holds_exactly_the_hexes_at_that_range(center: Hex, n: int) -> None:
    found = ring(center, n)
    assert len(found) == len(set(found)) == max(1, 6 * n)
    assert all(distance(center, h) == n for h in found)


@given(hexes, st.integers(min_value=0, max_value=6))
def test_within_holds_every_hex_up_to_that_range(center: Hex, n: int) -> None:
    found = within(center, n)
    assert len(found) == len(set(found)) == 3 * n * (n + 1) + 1
    assert set(found) == {h for k in range(n + 1) for h in ring(center, k)}


def test_ring_two_around_the_origin() -> None:
    assert set(ring(Hex(0, 0), 2)) == {
        Hex(2, 0),
        Hex(2, -1),
        Hex(2, -2),
        Hex(1, -2),
        Hex(0, -2),
        Hex(-1, -1),
        Hex(-2, 0),
        Hex(-2, 1),
        Hex(-2, 2),
        Hex(-1, 2),
        Hex(0, 2),
        Hex(1, 1),
    }


def test_negative_radius_is_refused() -> None:
    with pytest.raises(ValueError):
        ring(Hex(0, 0), -1)
    with pytest.raises(ValueError):
        within(Hex(0, 0), -1)


def test_hexes_order_and_key_dictionaries() -> None:
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]
    assert {Hex(2, 3): "woods"}[Hex(2, 3)] == "woods"
    assert len(DIRECTIONS) == 6
