"""Writing a map: a :class:`~hexcombat.board.mapfile.HexMap` as the TOML map format, the text
:func:`~hexcombat.board.mapfile.load_map` reads back to an equal map.

The map editor and the importers both save through :func:`save_map`, which reads the text back
with the map loader before writing it: a map that would not load again is refused with every
problem at its line, and the file on disk stays as it was.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from pathlib import Path

from hexcombat.atomicfile import write_atomically
from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import STANDARD_FEATURES, Hexside
from hexcombat.board.mapfile import NO_HEX, TERRAIN_TYPES, HexMap, check_map_source
from hexcombat.board.mapimage import image_table
from hexcombat.sourcefile import SourceError, TomlSource

_BARE_KEY = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_LETTER_POOL = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789~.#*+=%&@!?^"
"""Terrain letters handed out, in this order, to a terrain type with none yet."""
_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string: quotes and backslashes escaped, and every character that
    is not printable (a newline, a control character, a line separator) as its escape, so each
    value stays on its own line of the file."""
    out = ['"']
    for c in text:
        if c in _ESCAPES:
            out.append(_ESCAPES[c])
        elif c.isprintable():
            out.append(c)
        elif ord(c) > 0xFFFF:
            out.append(f"\\U{ord(c):08X}")
        else:
            out.append(f"\\u{ord(c):04X}")
    out.append('"')
    return "".join(out)


def toml_key(key: str) -> str:
    """A table key, bare when TOML allows it (``c``), quoted otherwise (``"~"``)."""
    return key if key and set(key) <= _BARE_KEY else toml_string(key)


def legend_letters(hexmap: HexMap) -> dict[str, str]:
    """The map's legend with a letter for every terrain type its hexes use: the file's own
    letters first, then a free letter for a type without one (its initial when free)."""
    legend = dict(hexmap.legend)
    have = set(legend.values())
    for kind in sorted(set(hexmap.terrain.values()) - have):
        legend[free_letter(kind, legend)] = kind
    return legend


def free_letter(kind: str, legend: dict[str, str]) -> str:
    """A letter no terrain type of ``legend`` has: ``kind``'s initial, its capital, or the
    first free one of a fixed pool."""
    initial = kind[:1]
    for letter in (initial.lower(), initial.upper(), *_LETTER_POOL):
        if len(letter) == 1 and not letter.isspace() and letter not in legend:
            return letter
    for code in range(0xC0, 0x2FFF):  # a legend of over 80 types: letters beyond ASCII
        letter = chr(code)
        if letter.isprintable() and not letter.isspace() and letter not in legend:
            return letter
    raise ValueError("no free terrain letter is left for the legend")


def _side_text(hexmap: HexMap, side: Hexside) -> str:
    return f"{hexmap.label(side.a)}/{hexmap.label(side.b)}"


def _reading_order(hexmap: HexMap) -> Callable[[Hex], tuple[int, int]]:
    """Hexes in the order a map is read: row by row, left to right."""

    def key(h: Hex) -> tuple[int, int]:
        col, row = hexmap.scheme.offset_of(h)
        return row, col

    return key


def _string_list(texts: Iterable[str], per_line: int = 8) -> list[str]:
    """``hexsides = [...]`` lines, ``per_line`` strings to a line."""
    texts = list(texts)
    lines = ["hexsides = ["]
    for i in range(0, len(texts), per_line):
        lines.append("  " + ", ".join(toml_string(t) for t in texts[i : i + per_line]) + ",")
    lines.append("]")
    return lines


def map_to_toml(hexmap: HexMap) -> str:
    """The TOML text of ``hexmap``: what :func:`~hexcombat.board.mapfile.load_map` reads back
    to an equal map (rivers as rivers, the other hexside features as lists, places, the
    elevation rows when any hex is above level 0, and ``[extra]`` for the map's own types)."""
    scheme = hexmap.scheme
    out = [f"name = {toml_string(hexmap.name)}"]
    if hexmap.description:
        out.append(f"description = {toml_string(hexmap.description)}")
    out += [
        "",
        "[layout]",
        f"orientation = {toml_string(scheme.orientation)}",
        f"offset = {toml_string(scheme.parity)}",
        f"label = {toml_string(scheme.label_format)}",
        f"first = {toml_string(scheme.first)}",
        f"columns = {hexmap.columns}",
        f"rows = {hexmap.rows}",
    ]
    extra_terrain = sorted(hexmap.terrain_types - frozenset(TERRAIN_TYPES))
    extra_features = sorted(hexmap.feature_types - STANDARD_FEATURES)
    if extra_terrain or extra_features:
        out += ["", "[extra]"]
        if extra_terrain:
            out.append(f"terrain = [{', '.join(toml_string(t) for t in extra_terrain)}]")
        if extra_features:
            out.append(f"features = [{', '.join(toml_string(f) for f in extra_features)}]")
    legend = legend_letters(hexmap)
    out += ["", "[legend]"]
    out += [f"{toml_key(letter)} = {toml_string(kind)}" for letter, kind in legend.items()]
    letter_of: dict[str, str] = {}
    for letter, kind in legend.items():
        letter_of.setdefault(kind, letter)
    out += ["", "[terrain]", "rows = ["]
    terrain = hexmap.terrain
    for r in range(hexmap.rows):
        row = "".join(
            letter_of[terrain[h]] if h in terrain else NO_HEX  # a place with no hex
            for h in scheme.hexes_of_row(r, hexmap.columns)
        )
        out.append(f"  {toml_string(row)},")
    out.append("]")
    if hexmap.elevation:
        out += ["", "[elevation]", "rows = ["]
        for r in range(hexmap.rows):
            levels = (
                str(hexmap.elevation.get(h, 0)) if h in terrain else NO_HEX
                for h in scheme.hexes_of_row(r, hexmap.columns)
            )
            out.append(f"  {toml_string(''.join(levels))},")
        out.append("]")
    in_rivers: dict[str, set[Hexside]] = {}
    for river in hexmap.rivers:
        out += ["", "[[rivers]]", f"feature = {toml_string(river.feature)}"]
        if river.name:
            out.append(f"name = {toml_string(river.name)}")
        out += _string_list(_side_text(hexmap, side) for side in river.hexsides)
        in_rivers.setdefault(river.feature, set()).update(river.hexsides)
    order = _reading_order(hexmap)
    for feature in sorted(hexmap.feature_types):
        sides = [
            side
            for side, features in hexmap.hexside_features.items()
            if feature in features and side not in in_rivers.get(feature, ())
        ]
        if not sides:
            continue
        sides.sort(key=lambda side: (order(side.a), order(side.b)))
        out += ["", "[[hexsides]]", f"feature = {toml_string(feature)}"]
        out += _string_list(_side_text(hexmap, side) for side in sides)
    for h in sorted(hexmap.places, key=order):
        out += ["", "[[places]]", f"hex = {toml_string(hexmap.label(h))}"]
        out.append(f"name = {toml_string(hexmap.places[h])}")
    if hexmap.image is not None:  # the scanned map under the grid and its calibration
        out += ["", image_table(hexmap.image).rstrip("\n")]
    return "\n".join(out) + "\n"


def save_map(hexmap: HexMap, path: str | Path) -> None:
    """Write ``hexmap`` to ``path`` as a TOML map, atomically (a crash never leaves half a file).

    The text is first read back with the map loader: when it would not load (a blank name, a
    label format too narrow for the map's size), ``SourceError`` lists every problem at its line
    of the text that would have been written, and ``path`` is left as it was."""
    path = Path(path)
    image = hexmap.image.named_from(path.parent) if hexmap.image is not None else None
    text = map_to_toml(dataclasses.replace(hexmap, image=image))
    problems = check_map_source(TomlSource.parse(text, path))
    if problems:
        raise SourceError(problems)
    write_atomically(path, text)
    hexmap.image = image
