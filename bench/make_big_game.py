"""Generate a saved game on a generated map: 5,000 counters by default, two sides facing each
other in stacks of one to three. Deterministic, like the map it stands on::

    .venv/bin/python bench/make_big_game.py                      # bench/out/big-game.json
    .venv/bin/python bench/make_big_game.py --columns 500 --rows 400 --out bench/out/200k.json

The benchmarks open it as a player does (``hexcombat FILE``), through the program's own open.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from hexcombat.board.mapfile import map_from_source
from hexcombat.game.saves import save_game
from hexcombat.game.state import Counter, GameState
from hexcombat.rules.units import Unit
from hexcombat.rulesets.europa.units import europa_unit
from hexcombat.sourcefile import TomlSource
from make_big_map import generate

OUT = Path(__file__).resolve().parent / "out"


def unit_kinds() -> dict[str, list[Unit]]:
    """The five kinds of counter on the benchmark's map, per side."""
    soviet, german = {"nationality": "soviet"}, {"nationality": "german"}
    rifle = {"size": "XX", "unit_type": "rifle"}
    return {
        "Soviet": [
            europa_unit("Rifle XX", 2, attack=6, movement=4, **rifle, **soviet),
            europa_unit("Tank XXX", 3, size="XXX", unit_type="armour", attack=9, movement=8,
                        heavy_armour=True, **soviet),
        ],
        "Axis": [
            europa_unit("Inf XX", 3, size="XX", unit_type="infantry", attack=8, movement=3,
                        **german),
            europa_unit("Pz XX", 3, size="XX", unit_type="armour", attack=16, movement=10,
                        **german),
            europa_unit("Art III", 1, size="III", unit_type="artillery", attack=4, movement=3,
                        artillery=True, range=2, **german),
        ],
    }  # fmt: skip


def place_counters(state: GameState, count: int) -> None:
    """``count`` counters on land hexes spread over the map, in stacks of one to three: the
    Soviets hold the west half, the Axis the east, facing each other along the middle."""
    hexmap = state.hexmap
    land = sorted(h for h, kind in hexmap.terrain.items() if kind != "sea")
    kinds = unit_kinds()
    step = max(1, len(land) // max(1, count // 2))
    mid = hexmap.columns // 2
    placed = i = 0
    # a front along the middle column: stacks face each other there, ready to attack
    for row in range(0, min(hexmap.rows, count // 8), 2):
        for col, side in ((mid - 1, "Soviet"), (mid, "Axis")):
            h = hexmap.scheme.hex_of(col, row)
            if hexmap.terrain.get(h, "sea") != "sea" and not state.stack_size(h):
                state.place(Counter(state.new_uid(), kinds[side][0], side), h)
                placed += 1
    while placed < count:
        h = land[(i * step + i // len(land)) % len(land)]
        i += 1
        if state.stack_size(h):
            continue
        side = "Soviet" if hexmap.scheme.offset_of(h)[0] < mid else "Axis"
        for k in range(1 + i % 3):
            if placed >= count:
                break
            units = kinds[side]
            state.place(Counter(state.new_uid(), units[(i + k) % len(units)], side), h, index=k)
            placed += 1


def write_game(
    path: str | Path, columns: int = 250, rows: int = 200, counters: int = 5_000, seed: int = 1
) -> Path:
    """Write a saved game of ``counters`` counters on a generated ``columns`` x ``rows`` map."""
    text = generate(columns=columns, rows=rows, seed=seed)
    hexmap = map_from_source(TomlSource.parse(text, f"generated {columns} x {rows} map"))
    state = GameState(hexmap, title=f"Benchmark: {len(hexmap):,} hexes, {counters:,} counters")
    state.map_text = text
    place_counters(state, counters)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    save_game(state, path)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--columns", type=int, default=250)
    parser.add_argument("--rows", type=int, default=200)
    parser.add_argument("--counters", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(OUT / "big-game.json"))
    args = parser.parse_args(argv)
    path = write_game(args.out, args.columns, args.rows, args.counters, args.seed)
    print(f"wrote {path} ({args.columns * args.rows:,} hexes, {args.counters:,} counters)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
