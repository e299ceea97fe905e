"""``hexcombat import``: a Tiled (``.tmx``) or VASSAL (``.vmod``) map made into a hexcombat map
file without the desktop program."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from hexcombat.board.import_tiled import import_tiled
from hexcombat.board.import_vassal import import_vassal
from hexcombat.board.imported import Imported, ImportRefused, write_import
from hexcombat.sourcefile import escaped


def import_map(
    source: Path, target: Path, terrain: dict[str, str], board: str | None = None
) -> Imported:
    """The map ``source`` describes, its image (VASSAL) named relative to ``target``."""
    suffix = source.suffix.lower()
    if suffix == ".tmx":
        return import_tiled(source, terrain)
    if suffix in (".vmod", ".zip"):
        return import_vassal(source, target, board)
    raise ImportRefused(
        escaped(f"{source}: hexcombat imports Tiled maps (.tmx) and VASSAL modules (.vmod)")
    )


def parse_terrain(pairs: list[str]) -> dict[str, str]:
    """``KEY=TYPE`` options as a mapping; ``ValueError`` for one without ``=``."""
    mapping = {}
    for pair in pairs:
        key, sep, kind = pair.rpartition("=")
        if not sep or not key or not kind.strip():
            raise ValueError(f"--terrain {pair!r}: write KEY=TYPE, e.g. 'land:3=woods'")
        mapping[key] = kind
    return mapping


Converter = Callable[[Imported, Path, list[str]], list[str]]
"""Makes the PNG of a GIF or SVG board image written beside the map (the desktop's Qt reads
both; this layer has no Qt), returning the notes to print."""


def import_command(
    source: str,
    output: str,
    terrain: list[str],
    board: str | None,
    convert: Converter | None = None,
) -> int:
    """Import ``source`` into ``output``; print what was not carried over. Exit status 1 with
    the reason (file and element) when it cannot be imported."""
    try:
        mapping = parse_terrain(terrain)
        target = Path(output)
        imported = import_map(Path(source), target, mapping, board)
        notes = write_import(imported, Path(source), target)
        if convert is not None and imported.convert:
            notes = convert(imported, target, notes)
    except (ImportRefused, ValueError) as exc:
        print(f"hexcombat import: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"hexcombat import: cannot write {escaped(output)}: {exc}", file=sys.stderr)
        return 1
    for note in notes:
        print(f"note: {escaped(note)}")
    hexmap = imported.hexmap
    print(
        f"wrote {escaped(output)}: {hexmap.columns} x {hexmap.rows} hexes, "
        f"{len(hexmap.rivers)} river(s)" + (", with its map image" if hexmap.image else "")
    )
    return 0
