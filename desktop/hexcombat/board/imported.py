"""What the Tiled and VASSAL importers share: the map they make, the notes on what they could
not carry over, the refusal of a damaged or hostile file, and writing the map as TOML.

An import never writes a map hexcombat would refuse: the text is read back with the map reader
first, and whatever it finds is a fault of the importer, said as such.
"""

from __future__ import annotations

import filecmp
import zipfile
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from hexcombat.atomicfile import write_atomically
from hexcombat.board.mapfile import TERRAIN_TYPES, HexMap, map_from_source
from hexcombat.board.mapwrite import map_to_toml
from hexcombat.board.offset import OffsetScheme, check_label_format
from hexcombat.sourcefile import SourceError, TomlSource, escaped, is_file, resolved

MAX_IMPORT_HEXES = 500_000
"""The largest map imported: more than twice the largest published hex campaigns joined."""
MAX_XML_BYTES = 16 * 1024 * 1024
"""The most a Tiled map, a tileset or a VASSAL build file may hold (a 500,000-hex Tiled map in
CSV is about 4 MB)."""


ZIP_READ_ERRORS = (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError)
"""What reading a damaged zip member may raise: a damaged zip, compressed data cut short (EOF),
a later zip version or method, an encrypted member."""


class ImportRefused(Exception):
    """A file that cannot be imported; the message names the file and the element or line."""


@dataclass
class Imported:
    """A map made from another program's file, with what could not be carried over."""

    hexmap: HexMap
    notes: list[str] = field(default_factory=list)
    """What the import left out or changed, each said in a sentence for the player."""
    files: dict[str, Callable[[Path], None]] = field(default_factory=dict)
    """Files to write beside the map (a VASSAL board's image), by name relative to it: each
    a function writing the file to the path it is given."""
    convert: dict[str, tuple[str, tuple[int, int]]] = field(default_factory=dict)
    """Pictures hexcombat cannot show as they are (a GIF or SVG board), written beside the map:
    the PNG the map's ``[image]`` names, by the name of the file to make it from and the size
    in pixels the grid was calibrated for. The window converts them (Qt reads both); until
    then the map opens without its image."""


def refuse(path: Path | str, where: str, message: str) -> ImportRefused:
    """The refusal of ``path``, naming the element or line (``where``) at fault."""
    place = f" ({where})" if where else ""
    return ImportRefused(escaped(f"{path}{place}: {message}"))


def read_bounded(path: Path, limit: int = MAX_XML_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, or :class:`ImportRefused`."""
    if not is_file(path):
        try:
            what = "is missing" if not path.exists() else "is not a file"
        except (OSError, ValueError):
            what = "cannot be found (its name is not one the system can open)"
        raise refuse(path, "", f"the file {what}")
    try:
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except OSError as exc:
        raise refuse(path, "", f"the file cannot be read ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise refuse(path, "", f"the file is over {limit >> 20} MB, more than any map needs")
    return data


def inflate_bounded(data: bytes, limit: int, wbits: int, path: Path, where: str) -> bytes:
    """Decompress zlib or gzip ``data`` to at most ``limit`` bytes: a zip bomb is refused when
    it passes the size the map says it holds, not after it filled the memory."""
    inflater = zlib.decompressobj(wbits)
    try:
        out = inflater.decompress(data, limit + 1)
    except zlib.error as exc:
        raise refuse(path, where, f"damaged compressed data ({exc})") from None
    if len(out) > limit or inflater.unconsumed_tail:
        raise refuse(path, where, "the compressed data holds more than the map's size says")
    return out


def zip_member(archive: zipfile.ZipFile, name: str, limit: int, path: Path) -> bytes:
    """One member of a zip, read to at most ``limit`` bytes whatever its header claims."""
    try:
        info = archive.getinfo(name)
    except KeyError:
        raise refuse(path, name, "the module does not hold this file") from None
    if info.file_size > limit:
        raise refuse(path, name, f"the file is {info.file_size:,} bytes, over {limit:,}")
    try:
        with archive.open(info) as member:
            data = member.read(limit + 1)
    except (*ZIP_READ_ERRORS, OSError) as exc:
        raise refuse(path, name, f"cannot be read from the module ({exc})") from None
    if len(data) > limit:
        raise refuse(path, name, "the file unpacks to more than its header says")
    return data


def copy_member(path: Path, name: str, limit: int, target: Path) -> None:
    """Copy one member of the zip at ``path`` to ``target`` a megabyte at a time, never more
    than ``limit`` bytes whatever its header claims (a partial copy is removed)."""
    part = target.with_name(target.name + ".part")
    try:
        with zipfile.ZipFile(path) as archive, archive.open(name) as member, part.open("wb") as out:
            copied = 0
            while chunk := member.read(1 << 20):
                copied += len(chunk)
                if copied > limit:
                    raise refuse(path, name, f"the file unpacks to more than {limit:,} bytes")
                out.write(chunk)
        part.replace(target)
    except (*ZIP_READ_ERRORS, KeyError) as exc:
        raise refuse(path, name, f"cannot be read from the module ({exc})") from None
    finally:
        part.unlink(missing_ok=True)


def label_scheme(
    orientation: str, parity: str, columns: int, rows: int, label: str | None, first: str | None
) -> OffsetScheme:
    """The numbering of an imported map: the one asked for, else ``0101`` style with numbers
    as wide as the map needs."""
    if label is None:
        width = max(2, len(str(columns)), len(str(rows)))
        label = f"{{col:0{width}d}}{{row:0{width}d}}"
    else:  # checked before it prints anything: {x}, {0} or a width of a billion digits
        check_label_format(label)
    if first is None:
        first = label.format(col=1, row=1)
    scheme = OffsetScheme(orientation, parity, label, first)  # type: ignore[arg-type]
    if not scheme.fits(columns, rows):
        raise ValueError(
            f"label format {label!r} from {first!r} cannot number {columns} x {rows} hexes"
        )
    return scheme


def legend_for(types: Iterable[str]) -> dict[str, str]:
    """A terrain letter for each type: its initial when free, else the next free character."""
    pool = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    legend: dict[str, str] = {}
    for kind in sorted(set(types), key=lambda k: (k not in TERRAIN_TYPES, k)):
        initial = kind[:1].lower()
        choices = [initial, initial.upper(), *pool] if initial.isalnum() else list(pool)
        letter = next((c for c in choices if c not in legend), None)
        if letter is None:
            raise ValueError("more than 62 terrain types: hexcombat's legend has no letter left")
        legend[letter] = kind
    return legend


def terrain_name(text: str) -> str:
    """A terrain or feature name as hexcombat writes them: lower case, words joined by '-'."""
    return "-".join(text.strip().lower().replace("_", " ").split())


# writing -----------------------------------------------------------------------------------


def checked_text(imported: Imported, source: Path) -> str:
    """The map's TOML, read back as hexcombat reads maps: a problem found is the importer's."""
    text = map_to_toml(imported.hexmap)
    try:
        map_from_source(TomlSource.parse(text, f"{source} (imported map)"))
    except SourceError as exc:
        first = exc.problems[0]
        raise refuse(source, "", f"the imported map would not load: {first.message}") from None
    return text


def write_import(imported: Imported, source: Path, target: Path) -> list[str]:
    """Write the imported map to ``target`` (and the files it names beside it); returns the
    notes on what was not carried over. Never over the file imported (or the image beside)."""
    text = checked_text(imported, source)
    for written in (target, *(target.parent / name for name in imported.files)):
        if resolved(written) == resolved(source):
            raise refuse(source, "", f"{written} would be written over the file imported")
    for name, write in imported.files.items():
        _write_beside(target.parent / name, write, source)
    write_atomically(target, text)
    return imported.notes


def _write_beside(path: Path, write: Callable[[Path], None], source: Path) -> None:
    """Write a file the map names (its image) to ``path``, never over another file of that
    name: the same picture again (an import run twice) is left as it is, a different one is
    refused by name, so a player's own file there is never lost."""
    part = path.with_name(f"{path.name}.importing")
    write(part)
    if path.exists() and not filecmp.cmp(part, path, shallow=False):
        part.unlink()
        raise refuse(
            source,
            "",
            f"{path} already exists and is another file: import into another folder, or move "
            "that file away first",
        )
    part.replace(path)
