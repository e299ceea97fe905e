"""Benchmark of the board layer on a 50,000-hex map: prints median timings against the targets.

Run: ``.venv/bin/python bench/board.py`` (generates ``bench/out/big.toml`` first if missing).
The targets come from docs/design.md: open the map under 1 s; a retreat-path query under 5 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

from harness import Figure, finish, record, timed
from hexcombat.board.geometry import feature_lines, terrain_areas
from hexcombat.board.graph import BoardGraph
from hexcombat.board.hexes import Hex
from hexcombat.board.layout import Layout
from hexcombat.board.mapfile import HexMap, load_map
from make_big_map import write_map

BIG = Path(__file__).resolve().parent / "out" / "big.toml"


def queries(graph: BoardGraph, count: int, seed: int) -> list[tuple[Hex, list[Hex], set[Hex]]]:
    """Random combats on land: a defender, two or three adjacent attackers, enemy nearby."""
    rng = random.Random(seed)
    land = [h for h, kind in graph.map.terrain.items() if kind != "sea"]
    out = []
    while len(out) < count:
        target = rng.choice(land)
        around = graph.neighbours(target)
        if len(around) < 6:
            continue
        attackers = rng.sample(around, rng.randint(2, 3))
        nearby = graph.hexes_within(target, 4)
        enemy = set(rng.sample(nearby, 6)) - {target}
        out.append((target, attackers, enemy))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", type=Path, default=BIG, help="map file (default: %(default)s)")
    parser.add_argument("--repeats", type=int, default=7, help="runs of each whole-map step")
    parser.add_argument("--queries", type=int, default=2000, help="runs of each query")
    args = parser.parse_args(argv)

    if not args.map.exists():
        print(f"generating {args.map} ...")
        write_map(args.map)
    hexmap: HexMap = load_map(args.map)
    graph = BoardGraph(hexmap)
    print(
        f"{args.map}: {len(hexmap):,} hexes, "
        f"{len(hexmap.hexside_features):,} with features, {len(hexmap.rivers)} rivers"
    )
    print(
        f"Python {sys.version.split()[0]}; medians over {args.repeats} runs of whole-map steps "
        f"and {args.queries} random queries"
    )
    print()

    load = record(
        Figure(
            "board: load the map file", timed(lambda: load_map(args.map), args.repeats), below=1000
        )
    )
    build = record(
        Figure(
            "board: the board's queries ready (BoardGraph)",
            timed(lambda: BoardGraph(hexmap), args.repeats),
        )
    )
    both = [a + b for a, b in zip(load.samples, build.samples, strict=True)]
    record(Figure("board: open: load + queries ready", both, below=1000))
    record(
        Figure(
            "board: the networkx graph, built on demand", timed(lambda: BoardGraph(hexmap).graph, 3)
        )
    )

    layout = Layout(hexmap.orientation, 20.0)
    record(
        Figure(
            "board: river and feature polylines", timed(lambda: feature_lines(layout, hexmap), 3)
        )
    )
    record(
        Figure(
            "board: terrain areas (coverage union)", timed(lambda: terrain_areas(layout, hexmap), 3)
        )
    )
    print()

    cases = queries(graph, args.queries, seed=1)
    it = iter(cases * 2)

    def range_query() -> object:
        target, _attackers, _enemy = next(it)
        return graph.hexes_at(target, 2)

    record(Figure("board: hexes at exactly two hexes (14A3)", timed(range_query, args.queries)))

    it = iter(cases * 2)

    def crossings() -> object:
        target, attackers, _enemy = next(it)
        return graph.attack_crossings(target, attackers + graph.hexes_at(target, 2)[:2])

    record(Figure("board: attack crossings (adjacent + two hexes)", timed(crossings, args.queries)))

    it = iter(cases * 2)
    found = []

    def retreat() -> object:
        target, attackers, enemy = next(it)
        zoc = {n for h in attackers for n in graph.neighbours(h)}
        paths = graph.retreat_paths(target, 4, attackers, enemy, zoc_hexes=zoc)
        found.append(len(paths))
        return paths

    record(
        Figure("board: retreat paths, four hexes, with ZOC", timed(retreat, args.queries), below=5)
    )
    print(f"  ({statistics.mean(found):.1f} legal end hexes on average)")
    return finish()


if __name__ == "__main__":
    raise SystemExit(main())
