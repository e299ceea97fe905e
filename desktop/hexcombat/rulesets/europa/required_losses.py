"""The required-loss rule of 10.F: which of a side's units may take the strength points a result
requires from its armour or anti-tank units (10.F.1, 10.F.2), and how many points of a choice of
losses count towards them. Units are named by their place among the side's participants; the
Europa loss policy (:mod:`hexcombat.rulesets.europa.losses`) maps them to participant ids."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

Pool = tuple[Collection[int], Collection[int], int | None]
"""Units that may take some required losses: (capable, converted, points needed; None: any)."""


@dataclass(frozen=True)
class RequiredLossRule:
    """Which of a side's units may take its required AEC/ATEC losses, and how many (10.F).

    Units are named by their index among the side's participants. ``fixed`` strength points must
    come from units with at least 1/2 of the capability used or from converted units, plus one
    point per RE of ``atec_res`` (rounded up); an infantry or motorized division eliminated
    entirely counts its intrinsic ATEC REs towards the latter (10.F.2 exception). Converted units
    give at most half the factors eliminated (10.F.1, 10.F.2); never more is required than the
    side loses (10.F).

    A defender that used both AECD and ATEC takes each part from its own units: the ``fixed``
    AECD points from ``aec_capable`` / ``aec_converted`` (10.F.1: "from the ... defending
    armour"), the ATEC points from ``capable`` / ``converted`` (10.F.2); a point lost counts for
    one part only, and converted units give at most half the factors eliminated in all.
    """

    rule: str
    """``10.F.1`` (AECA, AECD) or ``10.F.2`` (ATEC): the rule a shortfall cites."""
    fixed: int
    """Strength points required whatever is eliminated (AECA or AECD REs, rounded up)."""
    atec_res: Fraction = Fraction(0)
    """REs of ATEC counted for required losses (10.F.2); intrinsic ATEC may pay part of them."""
    capable: tuple[int, ...] = ()
    """Units with at least 1/2 of the capability used."""
    converted: tuple[int, ...] = ()
    """Units whose neutral REs were converted (and have no capability of their own)."""
    intrinsic: tuple[tuple[int, Fraction], ...] = ()
    """Divisions with intrinsic ATEC counted, and how many REs of it (10.C.3)."""
    loss_points: int = 0
    """The strength points the result takes from the side."""
    most: int | None = None
    """The most its capable and converted units can give (converted ones at most half the
    factors eliminated, 10.F.1); never more is required."""
    aec_capable: tuple[int, ...] | None = None
    """With AECD and ATEC losses together: the units with at least 1/2 AECD, from which the
    ``fixed`` points must come (10.F.1); None when ``capable`` serve all the required losses."""
    aec_converted: tuple[int, ...] = ()
    """With AECD and ATEC losses together: the units converted to AECD (10.F.1)."""
    strengths: tuple[int, ...] = ()
    """Strength points of each of the side's units, to tell what they can give (10.F)."""

    def _atec_points(self, eliminated: Collection[int]) -> int:
        """ATEC points required when ``eliminated`` are lost entirely (10.F.2 exception)."""
        credit = sum((res for i, res in self.intrinsic if i in eliminated), Fraction(0))
        return math.ceil(max(Fraction(0), self.atec_res - credit))

    def pools(self, eliminated: Collection[int] = ()) -> list[Pool]:
        """The units each part of the required losses may come from, with the points needed."""
        if self.aec_capable is None:
            return [(self._capable, self._converted, None)]
        return [
            (frozenset(self.aec_capable), frozenset(self.aec_converted), self.fixed),
            (self._capable, self._converted, self._atec_points(eliminated)),
        ]

    @cached_property
    def _capable(self) -> frozenset[int]:
        """:attr:`capable` to look units up in at once (a stack's losses ask per unit)."""
        return frozenset(self.capable)

    @cached_property
    def _converted(self) -> frozenset[int]:
        return frozenset(self.converted) - self._capable

    def is_capable(self, unit: int) -> bool:
        """Unit ``unit`` has at least 1/2 of the capability used."""
        return unit in self._capable

    def is_converted(self, unit: int) -> bool:
        """Unit ``unit`` was converted (and has no capability of its own)."""
        return unit in self._converted

    def required(self, eliminated: Collection[int] = ()) -> int:
        """Strength points required from capable or converted units when the units
        ``eliminated`` are lost entirely (10.F.2: their intrinsic ATEC counts)."""
        atec = self._atec_points(eliminated)
        most = self.loss_points if self.most is None else min(self.most, self.loss_points)
        if self.aec_capable is not None and self.strengths:
            every = dict(enumerate(self.strengths))
            pools = self.pools(eliminated)
            most = min(most, usable_points(every, pools, converted_max(self.loss_points)))
        return min(most, self.fixed + atec)

    def counted(self, lost: Mapping[int, int]) -> int:
        """Points of ``lost`` (unit -> points) that count towards the required losses: all
        from capable units, from converted units at most half of all points lost; with AECD
        and ATEC parts, each part at most what it needs."""
        cap = converted_max(sum(lost.values()))
        return usable_points(lost, self.pools(lost.keys()), cap)

    def shortfall(self, lost: Mapping[int, int], strengths: Mapping[int, int]) -> int | None:
        """The points still needed when units ``lost`` (each lost entirely) do not meet the
        requirement though the side's units (``strengths``) could have; else None."""
        total = sum(lost.values())
        need = min(self.required(lost.keys()), total)
        have = self.counted(lost)
        most = usable_points(strengths, self.pools(lost.keys()), converted_max(total))
        return need if have < need and have < most else None


def usable_points(lost: Mapping[int, int], pools: Sequence[Pool], converted_cap: int) -> int:
    """The most of the points ``lost`` (unit -> points) that count towards required losses:
    each pool takes points from its capable units freely and from its converted units, these
    at most ``converted_cap`` over all pools; a pool takes at most its need (10.F.1, 10.F.2).
    A point counts for one pool only: the best split of the converted cap, by max flow."""
    if len(pools) == 1:
        return _pooled_flow(lost, pools, (converted_cap, 0))
    # The flow is a minimum of cuts, each linear in the split x: a concave function of x, so
    # the best split is found by halving on its slope, not by trying every point of the cap.
    flows: dict[int, int] = {}

    def flow(x: int) -> int:
        if x not in flows:
            flows[x] = _pooled_flow(lost, pools, (x, converted_cap - x))
        return flows[x]

    low, high = 0, converted_cap
    while low < high:
        mid = (low + high) // 2
        if flow(mid + 1) > flow(mid):
            low = mid + 1
        else:
            high = mid
    return flow(low)


def _pooled_flow(lost: Mapping[int, int], pools: Sequence[Pool], caps: tuple[int, int]) -> int:
    """Max flow from the units lost, through the pools' capable or converted units, to the
    pools' needs; converted points of pool k at most ``caps[k]``.

    Units that stand alike in every pool (capable, converted or neither) are interchangeable,
    so their points flow as one: the graph has a node per kind of unit (at most nine), not per
    unit, and a stack of hundreds is counted as fast as a stack of three."""
    unlimited = sum(lost.values()) + 1
    kinds: dict[tuple[str, ...], int] = {}
    for i, points in lost.items():
        kind = tuple(
            "capable" if i in capable else "converted" if i in converted else ""
            for capable, converted, _ in pools
        )
        kinds[kind] = kinds.get(kind, 0) + points
    edges: list[tuple[str, str, int]] = []
    for kind, points in kinds.items():
        edges.append(("lost", f"kind {kind}", points))
        for k, role in enumerate(kind):
            if role == "capable":
                edges.append((f"kind {kind}", f"pool {k}", unlimited))
            elif role == "converted":
                edges.append((f"kind {kind}", f"converted {k}", unlimited))
    for k, (_, _, need) in enumerate(pools):
        edges.append((f"converted {k}", f"pool {k}", caps[k]))
        edges.append((f"pool {k}", "required", unlimited if need is None else need))
    return _max_flow(edges, "lost", "required")


def _max_flow(edges: list[tuple[str, str, int]], source: str, sink: str) -> int:
    """Edmonds-Karp on a small graph (a side's units and two pools)."""
    room: dict[str, dict[str, int]] = {}
    for a, b, c in edges:
        room.setdefault(a, {})
        room.setdefault(b, {})
        room[a][b] = room[a].get(b, 0) + c
        room[b].setdefault(a, 0)
    total = 0
    while True:
        parent: dict[str, str] = {}
        queue = [source]
        for node in queue:
            for nxt, c in room.get(node, {}).items():
                if c > 0 and nxt not in parent and nxt != source:
                    parent[nxt] = node
                    queue.append(nxt)
        if sink not in parent:
            return total
        path = []
        node = sink
        while node != source:
            path.append((parent[node], node))
            node = parent[node]
        push = min(room[a][b] for a, b in path)
        for a, b in path:
            room[a][b] -= push
            room[b][a] += push
        total += push


def converted_max(points_lost: int) -> int:
    """Converted units give at most half the factors eliminated (10.F.1, 10.F.2)."""
    return points_lost // 2
