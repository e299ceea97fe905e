"""The map as a graph: hexes are nodes with their terrain, hexsides are edges with their features.

:class:`BoardGraph` answers the questions combat asks of the board: who is adjacent, what lies
within any number of hexes (how far a unit may attack from is its ruleset's to say, not the
board's), which hexside each attacking stack attacks across, and where a beaten stack may retreat.
Queries expand locally from the hexes involved, so they cost the same on a tutorial map and on a
50,000-hex campaign map.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from hexcombat.board.hexes import Hex, distance, ring, within
from hexcombat.board.hexside import Hexside
from hexcombat.board.mapfile import HexMap
from hexcombat.collection import paused_collection

if TYPE_CHECKING:
    import networkx as nx

_NO_FEATURES: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Crossing:
    """How one attacking stack reaches the defender's hex."""

    hex: Hex
    """The attacking stack's hex."""
    range: int
    """Hexes from the defender: 1 when adjacent, more when attacking from afar."""
    hexside: Hexside | None
    """The hexside attacked across; ``None`` from afar, where no single hexside is crossed."""
    features: frozenset[str]
    """The features on that hexside (``"minor-river"``, ...); empty when none or from afar."""


@dataclass(frozen=True)
class RetreatLimit:
    """A cap on a retreat's length: at most ``hexes`` hexes for a retreat that enters a hex of
    one of the ``terrain`` types, or for every retreat when ``from_start`` (a retreat at night)."""

    hexes: int
    terrain: frozenset[str] = frozenset()
    from_start: bool = False


class BoardGraph:
    """Board queries over a :class:`HexMap`, answered by hex arithmetic.

    Neighbours are the six hexes around a hex that are on the map, and a hexside's features
    are looked up by its pair of hexes, so a 50,000-hex campaign map is ready to attack on the
    moment it opens: nothing is built per hex. :attr:`graph` is the same board as a
    ``networkx.Graph`` (node attribute ``terrain``, edge attribute ``features``), built the
    first time it is asked for.
    """

    def __init__(self, hexmap: HexMap) -> None:
        self.map = hexmap
        self._terrain = hexmap.terrain
        self._features: dict[tuple[Hex, Hex], frozenset[str]] = {}
        """Each featured hexside under both orders of its hexes (a few thousand on a big map)."""
        for side, features in hexmap.hexside_features.items():
            if features and side.a in self._terrain and side.b in self._terrain:
                self._features[side.a, side.b] = self._features[side.b, side.a] = features

    @cached_property
    def graph(self) -> nx.Graph:
        """The board as a ``networkx.Graph``; no query needs it, so it is built on demand."""
        return build_graph(self.map)

    def _around(self, h: Hex) -> Iterator[tuple[Hex, frozenset[str]]]:
        """The neighbours of ``h`` on the map, each with the features of the hexside to it."""
        terrain, features = self._terrain, self._features
        for n in h.neighbours():
            if n in terrain:
                yield n, features.get((h, n), _NO_FEATURES)

    # membership and terrain ---------------------------------------------------------------

    def __contains__(self, h: object) -> bool:
        return h in self.map.terrain

    def _require(self, h: Hex) -> None:
        if h not in self.map.terrain:
            raise ValueError(f"{h} is not on the map {self.map.name!r}")

    def terrain(self, h: Hex) -> str:
        """The terrain type of ``h``."""
        self._require(h)
        return self.map.terrain[h]

    # adjacency and range ------------------------------------------------------------------

    def neighbours(self, h: Hex) -> list[Hex]:
        """The hexes on the map adjacent to ``h``, in hex order."""
        self._require(h)
        terrain = self._terrain
        return sorted(n for n in h.neighbours() if n in terrain)

    def distance(self, a: Hex, b: Hex) -> int:
        """Range in hexes from ``a`` to ``b``, counted over the grid whatever lies between."""
        return distance(a, b)

    def hexes_at(self, center: Hex, n: int) -> list[Hex]:
        """The hexes on the map exactly ``n`` hexes from ``center``, in hex order; ``ValueError``
        for a ``center`` off the map or a negative ``n``, as every other query.

        Any ``n`` is answered, and none costs more than one pass over the map: a ring with more
        hexes than the map (``n`` from a hostile counter file, say a range of 10**12) is found by
        measuring each hex of the map instead of walking the ring, so no reach a caller asks for
        can hang the program or fill its memory."""
        self._require(center)
        if n < 0:
            raise ValueError(f"a distance cannot be negative, got {n}")
        terrain = self.map.terrain
        if n and 6 * n > len(terrain):
            return sorted(h for h in terrain if distance(center, h) == n)
        return sorted(h for h in ring(center, n) if h in terrain)

    def hexes_within(self, center: Hex, n: int) -> list[Hex]:
        """The hexes on the map at most ``n`` hexes from ``center`` (``center`` included);
        ``ValueError`` for a ``center`` off the map or a negative ``n``, as every other query.

        Any ``n`` is answered (how far a unit reaches is its ruleset's to say), at the cost of
        the smaller of the disc and the map: a disc with more hexes than the map (a hostile
        counter file's range of 10**12) is found by measuring each hex of the map, so no reach
        can hang the program or fill its memory."""
        self._require(center)
        if n < 0:
            raise ValueError(f"a distance cannot be negative, got {n}")
        terrain = self.map.terrain
        if 3 * n * (n + 1) + 1 > len(terrain):
            return sorted(h for h in terrain if distance(center, h) <= n)
        return sorted(h for h in within(center, n) if h in terrain)

    # hexsides -----------------------------------------------------------------------------

    def hexside(self, a: Hex, b: Hex) -> Hexside:
        """The hexside between adjacent ``a`` and ``b``; ``ValueError`` if not adjacent."""
        self._require(a)
        self._require(b)
        return Hexside(a, b)

    def features(self, a: Hex, b: Hex) -> frozenset[str]:
        """The features on the hexside between adjacent ``a`` and ``b`` (empty if none)."""
        self.hexside(a, b)
        return self._features.get((a, b), _NO_FEATURES)

    def attack_crossings(self, target: Hex, attacker_hexes: Iterable[Hex]) -> list[Crossing]:
        """For each attacking stack's hex: its range to ``target``, and, when adjacent, the
        hexside it attacks across and that hexside's features.

        Sorted adjacent first, then by hex. ``ValueError`` for a hex off the map or the target's
        own hex. Any distance is measured: whether a unit may attack from that far is its
        ruleset's to say (``Ruleset.attack_range``, ``reach_refusal``), not the board's.
        """
        self._require(target)
        crossings = []
        for h in sorted(set(attacker_hexes)):
            self._require(h)
            n = distance(target, h)
            if n == 1:
                side = Hexside(target, h)
                features = self._features.get((target, h), _NO_FEATURES)
                crossings.append(Crossing(h, 1, side, features))
            elif n == 0:
                raise ValueError(f"{self.map.label(h)} is the defender's own hex")
            else:
                crossings.append(Crossing(h, n, None, _NO_FEATURES))
        crossings.sort(key=lambda c: (c.range, c.hex))
        return crossings

    # retreats -----------------------------------------------------------------------------

    def retreat_paths(
        self,
        start: Hex,
        length: int,
        attacker_hexes: Collection[Hex],
        enemy_occupied: Collection[Hex],
        prohibited_terrain: Collection[str] = frozenset({"sea"}),
        prohibited_features: Collection[str] = frozenset(),
        zoc_hexes: Collection[Hex] | None = None,
        friendly_occupied: Collection[Hex] = frozenset(),
        most: int | None = None,
        limit: RetreatLimit | None = None,
    ) -> dict[Hex, tuple[Hex, ...]]:
        """Every hex a stack retreating ``length`` hexes from ``start`` may end in, with a path;
        with ``most``, every hex a retreat of ``length`` to ``most`` hexes may end in.

        "Away from the attacker", as this board defines it, means that

        - each step goes to a hex one hex farther from ``start`` than the last (so the stack
          ends exactly as many hexes from where it stood as it retreats and never doubles back),
        - each step never ends nearer the nearest attacking hex (the distance from the closest
          of ``attacker_hexes`` stays the same or grows), and
        - the end hex is strictly farther from the nearest attacking hex than ``start``: a
          stack may not merely slide along the front, keeping the distance it had.

        With no ``attacker_hexes`` only the first condition applies.

        Each hex entered must be on the map, not hold enemy units (``enemy_occupied``; the
        attackers' hexes count as enemy-occupied), not be ``prohibited_terrain`` (sea by
        default), and be reached across a hexside without any ``prohibited_features``. When the
        ruleset passes ``zoc_hexes`` (hexes in enemy zones of control), no hex among them may be
        entered, except one in ``friendly_occupied``: leave that empty when friendly units do not
        cancel enemy ZOC for a retreat, or pass the friendly-occupied hexes when they do.

        A ``limit`` caps a retreat that enters one of its terrain types (or every retreat, when
        it applies ``from_start``) at ``limit.hexes``: such a retreat may end after that many
        hexes even when the result asks for more, and a retreat through such a hex stops there
        (its end is the hex before the one that would go beyond the limit).

        Returns ``{end hex: (start, ..., end hex)}``; empty when no retreat of a legal length is
        possible. Of several paths to the same end, the one that is smallest hex by hex is
        given, so the answer is the same every time. The search expands only the few hexes
        within the longest retreat of ``start``.
        """
        self._require(start)
        top = length if most is None else most
        if length < 0:
            raise ValueError(f"a retreat cannot be {length} hexes long")
        if top < length:
            raise ValueError(f"a retreat cannot be {length} to {top} hexes long")
        terrain = self.map.terrain
        attackers = tuple(set(attacker_hexes))
        blocked = set(enemy_occupied) | set(attackers)
        bad_terrain = frozenset(prohibited_terrain)
        bad_features = frozenset(prohibited_features)
        zoc = frozenset(zoc_hexes) if zoc_hexes is not None else frozenset()
        friendly = frozenset(friendly_occupied)
        slow = limit.terrain if limit is not None else _NO_FEATURES

        def from_attackers(h: Hex) -> int:
            return min((distance(h, a) for a in attackers), default=0)

        def may_enter(h: Hex) -> bool:
            if h in blocked or terrain[h] in bad_terrain:
                return False
            return h not in zoc or h in friendly

        def legal(hexes: int, limited: bool) -> bool:
            if limited and limit is not None:
                return min(length, limit.hexes) <= hexes <= min(top, limit.hexes)
            return length <= hexes <= top

        # each hex reached, once by a route that went through no limiting hex and once by one
        # that did (the first may retreat farther, the second may stop sooner)
        first = (start, limit is not None and limit.from_start)
        level: dict[tuple[Hex, bool], tuple[Hex, ...]] = {first: (start,)}
        ends: dict[Hex, tuple[Hex, ...]] = {start: (start,)} if legal(0, first[1]) else {}
        for step in range(1, top + 1):
            following: dict[tuple[Hex, bool], tuple[Hex, ...]] = {}
            for (here, limited), path in sorted(level.items(), key=lambda item: item[1]):
                here_gap = from_attackers(here)
                for there, features in self._around(here):
                    key = (there, limited or terrain.get(there) in slow)
                    if key in following or distance(start, there) != step:
                        continue
                    if bad_features and features & bad_features:
                        continue
                    if not may_enter(there) or from_attackers(there) < here_gap:
                        continue
                    following[key] = path + (there,)
            level = following
            for (there, limited), path in sorted(level.items(), key=lambda item: item[1]):
                if legal(step, limited):
                    ends.setdefault(there, path)
                elif limited and limit is not None and step == limit.hexes + 1:
                    ends.setdefault(path[-2], path[:-1])  # stopped by the limit
            if not level:
                break
        if attackers and top > 0:
            start_gap = from_attackers(start)
            ends = {end: path for end, path in ends.items() if from_attackers(end) > start_gap}
        return dict(sorted(ends.items()))


def build_graph(hexmap: HexMap) -> nx.Graph:
    """The ``networkx.Graph`` of a map: hexes with ``terrain``, hexsides with ``features``."""
    with paused_collection():  # hundreds of thousands of small dicts, none of them garbage
        return _build_graph(hexmap)


def _build_graph(hexmap: HexMap) -> nx.Graph:
    import networkx as nx  # only here: no query needs it, and it is slow to import

    graph = nx.Graph()
    terrain = hexmap.terrain
    graph.add_nodes_from((h, {"terrain": kind}) for h, kind in terrain.items())
    # Look neighbours up by coordinates and reuse the map's own Hex objects: dictionaries then
    # match them by identity, which keeps building a 50,000-hex graph well under a second.
    by_axial = {(h.q, h.r): h for h in terrain}
    edges = []
    for (q, r), h in by_axial.items():
        # Three directions per hex name every hexside once.
        for key in ((q + 1, r), (q + 1, r - 1), (q, r - 1)):
            n = by_axial.get(key)
            if n is not None:
                edges.append((h, n))
    graph.add_edges_from(edges, features=_NO_FEATURES)
    adj = graph.adj
    for side, features in hexmap.hexside_features.items():
        if side.a in terrain and side.b in terrain:
            adj[side.a][side.b]["features"] = features
    return graph
