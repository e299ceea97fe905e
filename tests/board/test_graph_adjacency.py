"""The board's adjacency by hex arithmetic is the graph the map's hexsides make, on every layout:
the same neighbours, the same features on each hexside, the same retreats."""

from __future__ import annotations

import sys
from pathlib import Path

import networkx as nx
import pytest

from hexcombat.board.graph import BoardGraph
from hexcombat.board.hexes import distance
from hexcombat.board.hexside import Hexside
from hexcombat.board.mapfile import HexMap, load_map, map_from_source
from hexcombat.sourcefile import TomlSource

REPO = Path(__file__).resolve().parents[2]
MAPS = sorted((REPO / "maps").glob("*.toml")) + sorted((REPO / "tests/board/data").glob("*.toml"))
MAP_FILES = [p for p in MAPS if not p.name.endswith("-scenario.toml") and p.name != "README.md"]


def hexside_graph(hexmap: HexMap) -> nx.Graph:
    """The board as the map file describes it, pair by pair: every two hexes on the map one
    step apart share a hexside, with whatever features the file gives it."""
    graph = nx.Graph()
    hexes = list(hexmap.terrain)
    graph.add_nodes_from(hexes)
    for a in hexes:
        for b in hexes:
            if a < b and distance(a, b) == 1:
                graph.add_edge(a, b, features=hexmap.hexside_features.get(Hexside(a, b), set()))
    return graph


def generated(columns: int, rows: int) -> HexMap:
    sys.path.insert(0, str(REPO / "bench"))
    try:
        from make_big_map import generate
    finally:
        sys.path.remove(str(REPO / "bench"))
    return map_from_source(TomlSource.parse(generate(columns, rows, seed=3), "generated"))


@pytest.mark.parametrize("hexmap", [load_map(p) for p in MAP_FILES] + [generated(30, 24)],
                         ids=[p.stem for p in MAP_FILES] + ["generated-30x24"])  # fmt: skip
def test_neighbours_and_features_are_the_hexside_graphs(hexmap: HexMap) -> None:
    expected = hexside_graph(hexmap)
    board = BoardGraph(hexmap)
    for h in hexmap.terrain:
        assert board.neighbours(h) == sorted(expected.adj[h]), hexmap.label(h)
        for n in board.neighbours(h):
            assert board.features(h, n) == expected.edges[h, n]["features"]
            assert board.features(n, h) == expected.edges[h, n]["features"]
    built = board.graph  # the networkx graph, built on demand, is the same board
    assert set(built.nodes) == set(expected.nodes)
    assert {frozenset(e) for e in built.edges} == {frozenset(e) for e in expected.edges}
    assert all(built.edges[e]["features"] == expected.edges[e]["features"] for e in built.edges)


def test_a_river_stops_a_retreat_across_it_on_a_generated_map() -> None:
    hexmap = generated(30, 24)
    board = BoardGraph(hexmap)
    side, features = next(iter(hexmap.hexside_features.items()))
    paths = board.retreat_paths(side.a, 1, (), (), prohibited_features=features)
    assert side.b not in paths
    assert side.b in board.retreat_paths(side.a, 1, (), ()) or hexmap.terrain[side.b] == "sea"
