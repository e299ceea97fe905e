"""Generate a plausible hex map file: coast, mountains, woods, rivers, towns. Deterministic.

The benchmark's 50,000-hex map (the default) and the shipped ``maps/sample.toml`` both come from
here::

    .venv/bin/python bench/make_big_map.py                      # bench/out/big.toml, 250 x 200
    .venv/bin/python bench/make_big_map.py --columns 40 --rows 30 --seed 7 \\
        --name "Sample front" --out maps/sample.toml

The same arguments always write the same file. Rivers are walked hexside by hexside from corner
to corner towards the sea, so they are valid ``[[rivers]]`` as a map maker would write them.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
from collections.abc import Iterable
from pathlib import Path

from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import MAJOR_RIVER, MINOR_RIVER, Hexside
from hexcombat.board.layout import Layout
from hexcombat.board.offset import OffsetScheme

LEGEND = {
    "c": "clear",
    "w": "woods",
    "f": "forest",
    "r": "rough",
    "m": "mountain",
    "s": "swamp",
    "t": "city",
    "T": "major-city",
    "x": "fortification",
    "~": "sea",
}
LETTER = {kind: letter for letter, kind in LEGEND.items()}

_SYLLABLES = ("ka", "lo", "mir", "vo", "bel", "gor", "sta", "ro", "du", "ne", "pol", "tre", "zan")
_ENDINGS = ("ovka", "sk", "grad", "ino", "evo", "ets", "any", "itsa")


class _Generator:
    def __init__(self, columns: int, rows: int, seed: int) -> None:
        self.columns, self.rows = columns, rows
        self.rng = random.Random(seed)
        self.scheme = OffsetScheme("flat", "odd")
        self.layout = Layout("flat", 1.0)
        self.terrain: dict[Hex, str] = {
            self.scheme.hex_of(c, r): "clear" for r in range(rows) for c in range(columns)
        }
        self.river_sides: dict[Hexside, str] = {}
        self.rivers: list[tuple[str, str, list[Hexside]]] = []
        self.places: dict[Hex, str] = {}
        self.names: set[str] = set()

    def offset(self, h: Hex) -> tuple[int, int]:
        return self.scheme.offset_of(h)

    def land(self, h: Hex) -> bool:
        return self.terrain.get(h, "sea") != "sea"

    def random_land(self, min_col: float = 0.0, max_col: float = 1.0) -> Hex:
        while True:
            c = self.rng.randrange(int(self.columns * min_col), int(self.columns * max_col))
            h = self.scheme.hex_of(c, self.rng.randrange(self.rows))
            if self.land(h):
                return h

    # terrain --------------------------------------------------------------------------------

    def coast(self) -> None:
        """Sea along the west edge behind a wandering coastline, with a bay or two."""
        mean = self.columns * 0.12
        phase1, phase2 = self.rng.uniform(0, 6.3), self.rng.uniform(0, 6.3)
        amplitude = self.columns * 0.05
        coast: list[int] = []
        for r in range(self.rows):
            x = mean + amplitude * math.sin(r / 6.0 + phase1) + 1.2 * math.sin(r / 2.1 + phase2)
            x = max(x, 1.0)
            coast.append(int(x))
            for c in range(int(x)):
                self.terrain[self.scheme.hex_of(c, r)] = "sea"
        for _ in range(max(1, self.rows // 40)):
            r0 = self.rng.randrange(self.rows)
            bay = self.scheme.hex_of(coast[r0], r0)  # the first land hex: the bay opens on the sea
            self.blob(bay, 6 + self.rows // 10, "sea")

    def blob(self, seed: Hex, size: int, kind: str, only_on: Iterable[str] = ()) -> None:
        allowed = set(only_on)
        grown = [seed]
        while len(grown) < size:
            base = self.rng.choice(grown)
            n = base.neighbour(self.rng.randrange(6))
            if n in self.terrain and (not allowed or self.terrain[n] in allowed):
                grown.append(n)
            elif self.rng.random() < 0.05:
                break
        for h in grown:
            if h in self.terrain and (not allowed or self.terrain[h] in allowed or h == seed):
                self.terrain[h] = kind

    def mountains(self) -> None:
        """A ridge of mountains wandering north to south, with rough ground on its flanks."""
        for _ in range(max(1, self.columns // 60)):
            h = self.random_land(0.55, 0.9)
            for _ in range(int(self.rows * 0.7)):
                if h not in self.terrain or not self.land(h):
                    break
                self.terrain[h] = "mountain"
                for n in h.neighbours():
                    if self.terrain.get(n) == "clear" and self.rng.random() < 0.55:
                        self.terrain[n] = "rough"
                h = h.neighbour(self.rng.choice((0, 4, 5, 5, 5)))

    def forests(self) -> None:
        area = self.columns * self.rows
        for _ in range(area // 45):
            kind = "woods" if self.rng.random() < 0.7 else "forest"
            self.blob(self.random_land(), self.rng.randint(2, 12), kind, ("clear",))
        for _ in range(area // 400 + 1):
            self.blob(self.random_land(0.2, 0.7), self.rng.randint(2, 6), "swamp", ("clear",))

    # rivers ---------------------------------------------------------------------------------

    def corner_x(self, hexes: Iterable[Hex]) -> float:
        return self.corner(hexes)[0]

    def corner(self, hexes: Iterable[Hex]) -> tuple[float, float]:
        points = [self.layout.hex_to_pixel(h) for h in hexes]
        return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)

    def river(self, feature: str, start: Hex, min_length: int) -> None:
        """Walk a river from a corner of ``start`` towards the west until it meets the sea, the
        map edge or another river."""
        a = start
        b = a.neighbour(self.rng.choice((0, 1, 5)))
        if not (self.land(a) and self.land(b)):
            return
        side = Hexside(a, b)
        if side in self.river_sides:
            return
        common = sorted(set(a.neighbours()) & set(b.neighbours()))
        toward = min(common, key=lambda h: self.corner_x((a, b, h)))
        course = [side]
        seen_corners = {frozenset((a, b, toward))}
        heading = math.pi + self.rng.uniform(-0.6, 0.6)  # roughly west, towards the sea
        while True:
            heading += self.rng.uniform(-0.25, 0.25)
            heading = min(max(heading, math.pi - 1.1), math.pi + 1.1)
            if not self.land(toward):
                break  # reached the sea or the map edge at this corner
            options = []
            for keep, came in ((side.a, side.b), (side.b, side.a)):
                nxt = Hexside(keep, toward)
                third = next(
                    h for h in set(keep.neighbours()) & set(toward.neighbours()) if h != came
                )
                x, y = self.corner((keep, toward, third))
                score = -(x * math.cos(heading) + y * math.sin(heading))
                score += self.rng.uniform(-0.4, 0.4)
                options.append((score, nxt, third))
            options.sort(key=lambda o: o[0])
            _, nxt, third = options[0]
            corner = frozenset((*nxt.hexes, third))
            if nxt in self.river_sides:
                break  # joins another river
            if corner in seen_corners:
                break
            seen_corners.add(corner)
            course.append(nxt)
            side, toward = nxt, third
        if len(course) < min_length:
            return
        for s in course:
            self.river_sides[s] = feature
        name = self.new_name()
        self.rivers.append((feature, name, course))

    def all_rivers(self) -> None:
        while not self.rivers:
            self.river(MAJOR_RIVER, self.random_land(0.85, 1.0), self.columns // 2)
        tries = 0
        wanted = max(4, self.columns * self.rows // 600)
        while len(self.rivers) < wanted and tries < wanted * 20:
            tries += 1
            feature = MAJOR_RIVER if self.rng.random() < 0.15 else MINOR_RIVER
            self.river(feature, self.random_land(0.35, 1.0), 6)

    # towns ----------------------------------------------------------------------------------

    def new_name(self) -> str:
        """A place or river name not used before. Names of one or two syllables run out after
        about 1,500 (a map of some 250,000 hexes wants more): each twenty tries that find only
        names in use allow one syllable more, so a name is always found."""
        for attempt in itertools.count():
            most = 2 + attempt // 20
            parts = [self.rng.choice(_SYLLABLES) for _ in range(self.rng.randint(1, most))]
            name = ("".join(parts) + self.rng.choice(_ENDINGS)).capitalize()
            if name not in self.names:
                self.names.add(name)
                return name
        raise AssertionError("unreachable: itertools.count() never ends")

    def towns(self) -> None:
        by_river: dict[str, list[Hex]] = {MAJOR_RIVER: [], MINOR_RIVER: []}
        for side, feature in sorted(self.river_sides.items(), key=lambda item: item[0].hexes):
            by_river[feature].extend(h for h in side.hexes if self.terrain[h] == "clear")
        major_bank = by_river[MAJOR_RIVER] or [self.random_land()]
        capital = self.rng.choice(major_bank)
        self.terrain[capital] = "major-city"
        self.places[capital] = self.new_name()
        # a line of forts covering the capital from the east
        fort = capital.neighbour(0).neighbour(0)
        for _ in range(max(3, self.rows // 12)):
            if self.terrain.get(fort) in ("clear", "rough", "woods"):
                self.terrain[fort] = "fortification"
            fort = fort.neighbour(5)
        for _ in range(max(4, self.columns * self.rows // 160)):
            bank = by_river[MINOR_RIVER] + by_river[MAJOR_RIVER]
            h = self.rng.choice(bank) if bank and self.rng.random() < 0.6 else self.random_land()
            if self.terrain[h] == "clear" and all(
                self.terrain.get(n) not in ("city", "major-city") for n in h.neighbours()
            ):
                self.terrain[h] = "city"
                self.places[h] = self.new_name()

    def marshes(self) -> None:
        """Swamp along some river banks."""
        banks = sorted({h for side in self.river_sides for h in side.hexes})
        for _ in range(len(banks) // 60 + 1):
            if banks:
                self.blob(self.rng.choice(banks), self.rng.randint(2, 5), "swamp", ("clear",))

    def build(self) -> None:
        self.coast()
        self.mountains()
        self.forests()
        self.all_rivers()
        self.marshes()
        self.towns()


def generate(
    columns: int = 250,
    rows: int = 200,
    seed: int = 1,
    name: str = "Benchmark front",
    label: str | None = None,
) -> str:
    """The TOML text of a generated map of ``columns`` x ``rows`` hexes."""
    gen = _Generator(columns, rows, seed)
    gen.build()
    width = 2 if columns < 100 and rows < 100 else 3
    label = label or f"{{col:0{width}d}}{{row:0{width}d}}"
    scheme = OffsetScheme("flat", "odd", label, label.format(col=1, row=1))

    def lab(h: Hex) -> str:
        return scheme.label(h)

    def side_text(s: Hexside) -> str:
        return f"{lab(s.a)}/{lab(s.b)}"

    out = [
        f"# Generated by bench/make_big_map.py --columns {columns} --rows {rows} --seed {seed}",
        "# (deterministic: the same arguments write the same map).",
        "",
        f'name = "{name}"',
        f'description = "A generated {columns} x {rows} hex map: coast, mountains, woods, '
        'rivers and towns."',
        "",
        "[layout]",
        'orientation = "flat"',
        'offset = "odd"',
        f'label = "{label}"',
        f'first = "{scheme.first}"',
        f"columns = {columns}",
        f"rows = {rows}",
        "",
        "[legend]",
    ]
    for letter, kind in LEGEND.items():
        key = letter if letter.isalnum() else f'"{letter}"'
        out.append(f'{key} = "{kind}"')
    out += ["", "[terrain]", "rows = ["]
    for r in range(rows):
        text = "".join(LETTER[gen.terrain[scheme.hex_of(c, r)]] for c in range(columns))
        comment = f"  # row {r + 1:0{width}d}" if columns <= 60 else ""
        out.append(f'  "{text}",{comment}')
    out.append("]")
    for feature, river_name, course in gen.rivers:
        out += ["", "[[rivers]]", f'feature = "{feature}"', f'name = "{river_name}"']
        out.append("hexsides = [")
        for i in range(0, len(course), 8):
            chunk = course[i : i + 8]
            out.append("  " + ", ".join(f'"{side_text(s)}"' for s in chunk) + ",")
        out.append("]")
    for h, place in sorted(gen.places.items(), key=lambda item: gen.offset(item[0])[::-1]):
        out += ["", "[[places]]", f'hex = "{lab(h)}"', f'name = "{place}"']
    return "\n".join(out) + "\n"


def write_map(path: str | Path, **options: object) -> Path:
    """Generate a map with ``options`` (see :func:`generate`) and write it to ``path``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(generate(**options), encoding="utf-8")  # type: ignore[arg-type]
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--columns", type=int, default=250)
    parser.add_argument("--rows", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--name", default="Benchmark front")
    parser.add_argument("--out", default=str(Path(__file__).parent / "out" / "big.toml"))
    args = parser.parse_args(argv)
    path = write_map(args.out, columns=args.columns, rows=args.rows, seed=args.seed, name=args.name)
    print(f"wrote {path} ({args.columns} x {args.rows} = {args.columns * args.rows} hexes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
