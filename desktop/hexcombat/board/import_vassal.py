"""Import a VASSAL module's board (``.vmod``): its image and hex grid become a map with the
scanned image under the grid and its calibration, every hex clear, ready for terrain painting.

A module is a zip holding ``buildFile.xml``. A board (``...boardPicker.Board``: ``name``,
``image``, ``width``, ``height``) carries a ``HexGrid`` (``dx``, ``dy``, ``x0``, ``y0``,
``sideways``) with its ``HexGridNumbering`` (``first``, ``sep``, ``hType``/``vType``,
``hLeading``/``vLeading``, ``hOff``/``vOff``, ``hDescend``/``vDescend``, ``stagger``). The grid
is read as VASSAL's HexGridNumbering places a label (the reading pywargame's ``vassal/grid.py``
also follows): column ``c`` at ``x = c * dx + x0``, row ``r`` at ``y = r * dy + y0``, odd
columns half a hex lower; with ``stagger`` the odd columns' row numbers are one more; a
``sideways`` grid is the same turned a quarter (x and y exchanged), with hexes in rows.

pywargame 0.8 would read the build file for us, but it does not import under Python 3.11 (its
VASSAL traits use f-strings of Python 3.12), so the few elements needed are read here with the
standard XML reader, refusing document type declarations.

Only what the module names is read, each to a bounded size: the zip's directory (at most
:data:`MAX_ENTRIES` files), the build file (16 MB) and the board's image (its header first:
:data:`~hexcombat.board.mapimage.MAX_IMAGE_SIDE` pixels a side), so a zip bomb is refused in
seconds. What cannot be carried over is said in :attr:`Imported.notes`: other boards, zones and
their own grids, lettered or descending numbering, an image hexcombat cannot show.
"""

from __future__ import annotations

import math
import re
import struct
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hexcombat.board.hexes import Hex
from hexcombat.board.imported import (
    MAX_IMPORT_HEXES,
    MAX_XML_BYTES,
    ZIP_READ_ERRORS,
    Imported,
    copy_member,
    refuse,
    zip_member,
)
from hexcombat.board.mapfile import TERRAIN_TYPES, HexMap
from hexcombat.board.mapimage import (
    HEADER_BYTES,
    MAX_IMAGE_PIXELS,
    MAX_IMAGE_SIDE,
    ImageTooLarge,
    MapImage,
    header_info,
    truncation,
)
from hexcombat.board.offset import OffsetScheme
from hexcombat.sourcefile import is_file

MAX_ENTRIES = 100_000
"""The most files a module's zip may list (large modules hold a few thousand images)."""
MAX_IMAGE_BYTES = 512 * 1024 * 1024
"""The largest board image file unpacked (a 12,000 x 9,000 PNG scan is about 200 MB)."""
_BOARD = "VASSAL.build.module.map.boardPicker.Board"


@dataclass(frozen=True)
class Grid:
    """A VASSAL hex grid and its numbering, as the build file gives them."""

    dx: float
    dy: float
    x0: float
    y0: float
    sideways: bool
    first: str = "H"
    sep: str = ""
    h_type: str = "N"
    v_type: str = "N"
    h_leading: int = 1
    v_leading: int = 1
    h_off: int = 1
    v_off: int = 1
    h_descend: bool = False
    v_descend: bool = False
    stagger: bool = True
    numbered: bool = True
    """Whether the grid has a numbering at all (a board without one prints no labels)."""
    oblique: bool = False
    """VASSAL's oblique hex numbering (rows run slantwise), which hexcombat's cannot follow."""


Point = tuple[float, float]
MAX_ZONE_POINTS = 10_000
"""The most corners a zone's outline may have (a hand-drawn zone has a few dozen)."""
MAX_ZONE_WORK = 5_000_000
"""The most hex-by-corner tests zones may take (a second or two): a 5,000-hex board with zones
of 1,000 corners in all."""


@dataclass(frozen=True)
class Shape:
    """Where a board's zones leave its hex grid without hexes: a zone with a grid of its own
    (a turn track, an off-map box) or none; or, when the grid imported is a zone's own, every
    place outside that zone."""

    cuts: tuple[tuple[str, tuple[Point, ...]], ...] = ()
    only: tuple[str, tuple[Point, ...]] | None = None

    def corners(self) -> int:
        """How many corners the zones' outlines have: the cost of asking about one point."""
        every = [outline for _, outline in self.cuts]
        return sum(len(outline) for outline in every + ([self.only[1]] if self.only else []))

    def cut_by(self, x: float, y: float) -> str | None:
        """Why the board point ``(x, y)`` has no hex of the grid (for the note), or None."""
        if self.only is not None and not _inside(self.only[1], x, y):
            return f"outside the zone {self.only[0]!r}, whose grid this is"
        for name, outline in self.cuts:
            if _inside(outline, x, y):
                return f"in the zone {name!r}, which has a grid of its own or none"
        return None


def _inside(outline: tuple[Point, ...], x: float, y: float) -> bool:
    """Whether ``(x, y)`` lies inside the polygon ``outline`` (even-odd rule)."""
    inside = False
    for (ax, ay), (bx, by) in zip(outline, outline[1:] + outline[:1], strict=True):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _outline(path: Path, zone: ET.Element) -> tuple[Point, ...] | None:
    """A zone's outline from its ``path`` attribute (``"x1,y1;x2,y2;..."``); None when it has
    none that can be read (the zone is then said, not guessed at)."""
    text = zone.get("path", "")
    corners = text.split(";") if text else []
    if len(corners) > MAX_ZONE_POINTS:
        raise refuse(path, f"<Zone name={zone.get('name', '?')!r}> path", "too many corners")
    points = []
    for corner in corners:
        try:
            x, y = (float(v) for v in corner.split(","))
        except ValueError:
            return None
        if not (math.isfinite(x) and math.isfinite(y)):
            return None
        points.append((x, y))
    return tuple(points) if len(points) >= 3 else None


def _same_grid(a: ET.Element, b: ET.Element) -> bool:
    keys = ("dx", "dy", "x0", "y0", "sideways")
    return all(a.get(k) == b.get(k) for k in keys)


def _shape(path: Path, board: ET.Element, chosen: ET.Element, notes: list[str]) -> Shape:
    """The zones of ``board`` that leave the ``chosen`` grid without hexes somewhere."""
    cuts = []
    only = None
    for zoned in (child for child in board if _short(child.tag) == "ZonedGrid"):
        for zone in (z for z in zoned if _short(z.tag) == "Zone"):
            name = zone.get("name", "?")
            grids = [g for g in zone if _short(g.tag) == "HexGrid"]
            if chosen in grids:
                outline = _outline(path, zone)
                if outline is not None:
                    only = (name, outline)
                continue
            if zone.get("useParentGrid") == "true" or any(_same_grid(g, chosen) for g in grids):
                continue  # the zone has the board's hexes
            outline = _outline(path, zone)
            if outline is None:
                notes.append(f"the zone {name!r} has no outline that can be read: not followed")
                continue
            cuts.append((name, outline))
    return Shape(tuple(cuts), only)


def import_vassal(path: str | Path, target: str | Path, board: str | None = None) -> Imported:
    """The map of ``board`` (the first board with a hex grid when None) in the module at
    ``path``; its image is to be written beside ``target`` (in :attr:`Imported.files`).
    :class:`ImportRefused` names the file and the element or member at fault."""
    path, target = Path(path), Path(target)
    if not is_file(path):
        raise refuse(path, "", "the file is missing" if not path.exists() else "not a file")
    _check_directory(path)
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError) as exc:
        raise refuse(
            path, "", f"not a VASSAL module hexcombat can read (a zip file): {exc}"
        ) from None
    with archive:
        names = set(archive.namelist())
        build = "buildFile.xml" if "buildFile.xml" in names else "buildFile"
        if build not in names:
            raise refuse(path, "", "no buildFile.xml: not a VASSAL module")
        root = _xml(path, build, zip_member(archive, build, MAX_XML_BYTES, path))
        return _import_board(path, target, archive, root, board)


def _check_directory(path: Path) -> None:
    """Refuse a zip whose directory lists more files than any module holds, before Python's
    zipfile reads the whole directory into memory."""
    size = path.stat().st_size
    with path.open("rb") as file:
        file.seek(max(0, size - 65_557))
        tail = file.read()
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or at + 22 > len(tail):
        raise refuse(path, "", "not a VASSAL module: no zip directory at its end")
    entries, directory_size = struct.unpack("<HI", tail[at + 10 : at + 16])
    if entries > MAX_ENTRIES or directory_size > 64 * 1024 * 1024:
        raise refuse(path, "zip directory", f"{entries} files listed, more than any module")


def _xml(path: Path, member: str, data: bytes) -> ET.Element:
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise refuse(
            path, f"{member} <!DOCTYPE>", "a document type declaration: a build file has none"
        )
    try:
        return ET.fromstring(data)
    except ET.ParseError as exc:
        line = exc.position[0] if exc.position else 1
        raise refuse(path, f"{member} line {line}", f"not readable XML ({exc})") from None
    except (ValueError, LookupError) as exc:  # an encoding the XML reader does not take
        raise refuse(
            path, f"{member} <?xml encoding>", f"cannot be read: {exc}; save it as UTF-8"
        ) from None


def _short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def _grids_of(board: ET.Element) -> tuple[ET.Element | None, list[str], int]:
    """The board's hex grid (its own, else its zoned grid's background one, else the first
    zone's); the zones not carried over; how many hex grids the board has in all."""
    own = [child for child in board if _short(child.tag) == "HexGrid"]
    zoned = [child for child in board if _short(child.tag) == "ZonedGrid"]
    zones = [z for zg in zoned for z in zg if _short(z.tag) == "Zone"]
    background = [g for zg in zoned for g in zg if _short(g.tag) == "HexGrid"]
    zone_grids = [g for z in zones for g in z if _short(g.tag) == "HexGrid"]
    every = own + background + zone_grids
    chosen = (own or background or zone_grids or [None])[0]
    zone_names = [z.get("name", "?") for z in zones]
    return chosen, zone_names, len(every)


def _import_board(
    path: Path, target: Path, archive: zipfile.ZipFile, root: ET.Element, wanted: str | None
) -> Imported:
    boards = [e for e in root.iter() if e.tag == _BOARD or e.tag.endswith(".Board")]
    with_grid = [b for b in boards if _grids_of(b)[0] is not None]
    names = [b.get("name", "") for b in with_grid]
    if not with_grid:
        raise refuse(path, "buildFile.xml", "no board with a hex grid in this module")
    if wanted is not None:
        if wanted not in names:
            raise refuse(
                path, "--board", f"no board {wanted!r} with a hex grid; the module has {names}"
            )
        board = with_grid[names.index(wanted)]
    else:
        board = with_grid[0]
    notes: list[str] = []
    others = [n for n in names if n != board.get("name", "")]
    if others:
        notes.append(
            f"the module has {len(others)} other board(s) with a hex grid, not imported: "
            f"{', '.join(map(repr, others))} (import each with --board NAME)"
        )
    element, zones, grids = _grids_of(board)
    assert element is not None
    if grids > 1:
        notes.append(f"the board has {grids} hex grids; only one is imported")
    if zones:
        notes.append(f"zones not carried over: {', '.join(map(repr, zones))}")
    grid = _grid(path, element)
    name = board.get("name", "") or path.stem
    where = f"board {name!r}"
    image, files, size = _board_image(path, target, archive, board, where, notes)
    if size is None:
        raise refuse(path, where, "the board has neither an image nor a width and height")
    shape = _shape(path, board, element, notes)
    imported = _map_of(path, name, grid, size, image, files, notes, shape)
    if image is not None and image not in files:  # a GIF or SVG, to be converted to ``image``
        original = next(iter(files))
        imported.convert[image] = (original, size)
        imported.notes.insert(0, _converted_note(board.get("image", ""), original, imported))
    return imported


def _other_kind(head: bytes) -> str | None:
    """``"gif"`` or ``"svg"`` for a picture of those kinds (Qt reads both), else None."""
    if head.startswith((b"GIF87a", b"GIF89a")):
        return "gif"
    start = head[:4096].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if start.startswith((b"<svg", b"<?xml", b"<!--")) and b"<svg" in head.lower():
        return "svg"
    return None


def _converted_note(image: str, original: str, imported: Imported) -> str:
    """What became of a GIF or SVG board image, with the calibration the map keeps for it."""
    calibrated = imported.hexmap.image
    assert calibrated is not None
    x, y = calibrated.origin
    return (
        f"the board's image {image!r} is a {original.rsplit('.', 1)[-1].upper()}: written "
        f"beside the map as {original}; the map's [image] names {calibrated.file} with the "
        f"grid's calibration (origin = [{x:g}, {y:g}], hex_width = {calibrated.hex_width:g}, "
        f"hex_height = {calibrated.hex_height:g}). The import converts it; should "
        f"that fail, save {original} as {calibrated.file} (PNG or JPEG) with any image editor"
    )


def _grid(path: Path, element: ET.Element) -> Grid:
    where = f"<{_short(element.tag)}>"

    def number(attr: str, default: float, positive: bool = False) -> float:
        text = element.get(attr)
        try:
            value = float(text) if text is not None else default
        except ValueError:
            raise refuse(path, f"{where} {attr}", f"not a number: {text!r}") from None
        if not math.isfinite(value) or abs(value) > 1e6 or (positive and value < 2):
            raise refuse(path, f"{where} {attr}", f"{attr} = {text} is out of range")
        return value

    numbering = next((c for c in element if _short(c.tag).endswith("HexGridNumbering")), None)
    n = numbering.attrib if numbering is not None else {}

    def whole(attr: str, default: int) -> int:
        try:
            value = int(n.get(attr, default))
        except ValueError:
            raise refuse(
                path, f"<HexGridNumbering> {attr}", f"not a whole number: {n[attr]!r}"
            ) from None
        if abs(value) > 10_000:
            raise refuse(path, f"<HexGridNumbering> {attr}", f"{attr} = {value} is out of range")
        return value

    # VASSAL's own defaults (RegularGridNumbering, HexGridNumbering) for an attribute a build
    # file leaves out: numbers from 1 (hOff, vOff), one leading zero, odd columns staggered
    return Grid(
        dx=number("dx", 88.5, positive=True),
        dy=number("dy", 102.2, positive=True),
        x0=number("x0", 0),
        y0=number("y0", 32),
        sideways=element.get("sideways") == "true",
        first=n.get("first", "H"),
        sep=n.get("sep", ""),
        h_type=n.get("hType", "N"),
        v_type=n.get("vType", "N"),
        h_leading=min(8, max(0, whole("hLeading", 1))),
        v_leading=min(8, max(0, whole("vLeading", 1))),
        h_off=whole("hOff", 1),
        v_off=whole("vOff", 1),
        h_descend=n.get("hDescend") == "true",
        v_descend=n.get("vDescend") == "true",
        stagger=n.get("stagger", "true") == "true",
        numbered=numbering is not None,
        oblique=numbering is not None and "oblique" in _short(numbering.tag).lower(),
    )


_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


def _board_image(
    path: Path,
    target: Path,
    archive: zipfile.ZipFile,
    board: ET.Element,
    where: str,
    notes: list[str],
) -> tuple[str | None, dict[str, Callable[[Path], None]], tuple[int, int] | None]:
    """The board image's file name beside the map, its bytes, and the board's size."""
    image = board.get("image", "")
    size = None
    try:
        width, height = int(board.get("width", "0")), int(board.get("height", "0"))
        if 0 < width <= 100_000 and 0 < height <= 100_000:
            size = (width, height)
    except ValueError:
        pass
    if not image:
        notes.append("the board has no image: the map has none under its grid")
        return None, {}, size
    member = f"images/{image}"
    try:
        info = archive.getinfo(member)
        with archive.open(info) as file:
            head = file.read(HEADER_BYTES)
    except (*ZIP_READ_ERRORS, KeyError, OSError) as exc:
        raise refuse(path, member, f"the board's image cannot be read: {exc}") from None
    try:
        header = header_info(head, member)
    except ImageTooLarge as exc:
        raise refuse(path, member, str(exc)) from None
    except ValueError as exc:
        kind = _other_kind(head)
        if kind == "gif" and len(head) >= 10:
            size = struct.unpack("<HH", head[6:10])  # a GIF's header gives its size
        if size is None:  # nothing else gives the board's size
            raise refuse(path, member, f"{exc}; the board gives no width and height") from None
        too_large = max(size) > MAX_IMAGE_SIDE or size[0] * size[1] > MAX_IMAGE_PIXELS
        if kind is None or too_large or info.file_size > MAX_IMAGE_BYTES:
            notes.append(
                f"the board's image {image!r} is not carried over ({exc}); convert it to PNG or "
                "JPEG, name it under [image] file, and calibrate it (File > Map Image...)"
            )
            return None, {}, size
        # a GIF or an SVG: written beside the map as it is, the map's [image] naming the PNG
        # to be made of it, with the calibration the grid gives (see _converted_note)
        stem = _SAFE.sub("-", Path(image).stem).strip("-") or "board"
        original = f"{target.stem}-{stem}.{kind}"
        # a GIF holds at most a byte a pixel, twice over, and a megabyte of the rest: more is
        # something else (a module that writes half a gigabyte from a few hundred kilobytes)
        most = 2 * size[0] * size[1] + (1 << 20) if kind == "gif" else MAX_IMAGE_BYTES
        if info.file_size > most:
            message = f"the image is {info.file_size:,} bytes, more than its picture can need"
            raise refuse(path, member, message) from None

        def write_original(to: Path) -> None:
            copy_member(path, member, most, to)

        return f"{target.stem}-{stem}.png", {original: write_original}, size
    limit = min(MAX_IMAGE_BYTES, header.most_file_bytes())
    if info.file_size > limit:
        raise refuse(
            path,
            member,
            f"the image is {info.file_size:,} bytes, more than a {header.width} x "
            f"{header.height} picture can need ({limit:,} at most)",
        )
    suffix = ".png" if header.kind == "png" else ".jpg"
    name = f"{target.stem}-{_SAFE.sub('-', Path(image).stem).strip('-') or 'board'}{suffix}"

    def write(to: Path) -> None:
        copy_member(path, member, limit, to)
        if truncation(to, header) is not None:  # the map would not load with it (check says so)
            to.unlink()
            message = "the picture is cut short (its data stops before its end): a damaged module"
            raise refuse(path, member, message)

    return name, {name: write}, (header.width, header.height)


def _label_number(index: int, kind: str) -> int:
    """A lettered coordinate (A is 0 in VASSAL) numbered from 1; a number as it is."""
    return index + 1 if kind == "A" else index


EDGE = 2.0
"""How far (pixels) a hex's centre may lie off the board's edge and the hex still be kept as a
half hex printed there: VASSAL's hex centres are within 2 px of the printed ones."""


def _map_of(
    path: Path,
    name: str,
    grid: Grid,
    size: tuple[int, int],
    image: str | None,
    files: dict[str, Callable[[Path], None]],
    notes: list[str],
    shape: Shape | None = None,
) -> Imported:
    """The map of every hex printed on the board: each hex whose centre lies on the board (its
    edges included, so the half hexes printed there are kept), in a frame of columns x rows
    whose places with no printed hex (the shorter of alternate columns, a zone with a grid of
    its own) are places with no hex."""
    width, height = size
    # In the grid's own frame columns run along u (x, or y when sideways).
    span_u, span_v = (height, width) if grid.sideways else (width, height)
    c_lo = math.ceil((-EDGE - grid.x0) / grid.dx)
    c_hi = math.floor((span_u + EDGE - grid.x0) / grid.dx)

    def shift(c: int) -> float:
        """How far column ``c``'s hex of label row R is below R * dy + y0."""
        lower = grid.dy / 2 if c % 2 else 0.0
        return lower - (grid.dy if grid.stagger and c % 2 else 0.0)

    if c_hi < c_lo:  # no column's centre on the board (a grid far wider than the board)
        raise refuse(path, f"board {name!r}", "its hex grid puts no hex centre on the board")

    def rows_of(c: int) -> range:
        """The label rows of column ``c`` whose centres lie on the board."""
        low = math.ceil((-EDGE - grid.y0 - shift(c)) / grid.dy)
        high = math.floor((span_v + EDGE - grid.y0 - shift(c)) / grid.dy)
        return range(low, high + 1)

    spans = {p: rows_of(p) for p in (0, 1)}
    present = [p for p in {c % 2 for c in range(c_lo, min(c_hi, c_lo + 1) + 1)} if spans[p]]
    if not present:
        raise refuse(path, f"board {name!r}", "its hex grid puts no hex centre on the board")
    r_lo = min(spans[p].start for p in present)
    r_hi = max(spans[p].stop - 1 for p in present)
    columns, rows = c_hi - c_lo + 1, r_hi - r_lo + 1
    if columns * rows > MAX_IMPORT_HEXES:
        raise refuse(
            path, f"board {name!r}", f"{columns} x {rows} hexes, more than {MAX_IMPORT_HEXES:,}"
        )
    lower_second = shift(c_lo + 1) > shift(c_lo)
    parity = "odd" if lower_second else "even"
    orientation = "pointy" if grid.sideways else "flat"
    col_first = _label_number(c_lo + grid.h_off, grid.h_type)
    row_first = _label_number(r_lo + grid.v_off, grid.v_type)
    if not grid.numbered:
        col_first, row_first = 1, 1
    if grid.sideways:
        # the grid's columns are the map's rows: its h numbers count down the map
        col_first, row_first = row_first, col_first
    try:
        scheme = _scheme(
            grid, orientation, parity, col_first, row_first, *_sized(grid, columns, rows), notes
        )
    except ValueError as exc:
        raise refuse(path, "<HexGridNumbering>", str(exc)) from None

    def centre(c: int, r: int) -> tuple[float, float]:
        """The board pixel at the centre of grid column ``c``, label row ``r``."""
        u, v = c * grid.dx + grid.x0, r * grid.dy + grid.y0 + shift(c)
        return (v, u) if grid.sideways else (u, v)

    def place(c: int, r: int) -> Hex:
        i, j = c - c_lo, r - r_lo
        return scheme.hex_of(j, i) if grid.sideways else scheme.hex_of(i, j)

    if shape is not None and shape.corners() * columns * rows > MAX_ZONE_WORK:
        notes.append(
            "the zones' outlines are too detailed to follow over a board this size: the hexes "
            "in them are kept"
        )
        shape = None
    terrain: dict[Hex, str] = {}
    half = 0
    cut: dict[str, int] = {}
    for c in range(c_lo, c_hi + 1):
        for r in rows_of(c):
            x, y = centre(c, r)
            zone = shape.cut_by(x, y) if shape is not None else None
            if zone is not None:
                cut[zone] = cut.get(zone, 0) + 1
                continue
            terrain[place(c, r)] = "clear"
            if min(x, width - x, y, height - y) <= EDGE:
                half += 1  # its centre on the edge: half of it is printed
    if not terrain:
        raise refuse(path, f"board {name!r}", "its hex grid puts no hex on the board outside zones")
    slivers = 0  # hexes with less than half on the board: a corner or a strip of them printed
    for c in range(c_lo - 1, c_hi + 2):
        for r in range(rows_of(c).start - 1, rows_of(c).stop + 1):
            u, v = c * grid.dx + grid.x0, r * grid.dy + grid.y0 + shift(c)
            off_u, off_v = max(-u, u - span_u), max(-v, v - span_v)  # how far off the board
            kept = max(off_u, off_v) <= EDGE
            if not kept and off_u < grid.dx * 2 / 3 and off_v < grid.dy / 2:
                slivers += 1
    if slivers:
        notes.append(
            f"{slivers} hexes at the board's edge with less than half of them printed (their "
            "centres off the board) are not on the map"
        )
    left_out = columns * rows - len(terrain) - sum(cut.values())
    if left_out:
        wide, tall = _sized(grid, columns, rows)
        notes.append(
            f"{left_out} places of the map's frame of {wide} columns x {tall} rows have no "
            "printed hex (alternate columns of different lengths, the board's corners): they "
            "are not on the map"
        )
    if half:
        notes.append(
            f"{half} half hexes along the board's edge are kept (their centres lie on the edge); "
            "the map editor's No Hex tool takes out those the game does not use"
        )
    for zone, n in sorted(cut.items()):
        notes.append(
            f"{n} hexes of the grid lie in the zone {zone!r}, which has no hexes of this grid "
            "(an off-map box, a track): they are not on the map"
        )
    unit_u = c_lo * grid.dx + grid.x0
    unit_v = r_lo * grid.dy + grid.y0 + shift(c_lo)
    origin = (unit_v, unit_u) if grid.sideways else (unit_u, unit_v)
    if grid.sideways:
        hex_width, hex_height = grid.dy, grid.dx * 4 / 3
        columns, rows = rows, columns
    else:
        hex_width, hex_height = grid.dx * 4 / 3, grid.dy
    map_image = None
    if image is not None:
        map_image = MapImage(image, origin, hex_width, hex_height)
    notes.append("every hex is clear: paint the terrain over the image, and add rivers and places")
    hexmap = HexMap(
        name=name,
        scheme=scheme,
        columns=columns,
        rows=rows,
        terrain=terrain,
        legend={"c": "clear"},
        terrain_types=frozenset(TERRAIN_TYPES),
        description=f"Imported from the VASSAL module {path.name}.",
        image=map_image,
    )
    return Imported(hexmap, notes, files)


def _sized(grid: Grid, columns: int, rows: int) -> tuple[int, int]:
    """The map's columns and rows from the grid's (exchanged on a sideways grid)."""
    return (rows, columns) if grid.sideways else (columns, rows)


def _scheme(
    grid: Grid,
    orientation: str,
    parity: str,
    col_first: int,
    row_first: int,
    columns: int,
    rows: int,
    notes: list[str],
) -> OffsetScheme:
    """The labels VASSAL prints, as nearly as hexcombat's numbering can: numbers counting up
    from the top-left hex, with VASSAL's separator, order and zero padding."""
    if not grid.numbered:
        notes.append(
            "the board's grid has no numbering: hexcombat numbers its hexes from 0101 at the "
            "top-left hex, column then row"
        )
        return OffsetScheme(orientation, parity, "{col:02d}{row:02d}", "0101")  # type: ignore[arg-type]
    if grid.oblique:
        notes.append(
            "the board numbers its hexes obliquely (rows running slantwise); hexcombat numbers "
            "straight columns and rows, so its labels differ from the board's"
        )
    if "A" in (grid.h_type, grid.v_type):
        notes.append("lettered coordinates (A, B, ...) are numbered from 1 (A is 1)")
    if grid.h_descend or grid.v_descend:
        notes.append(
            "the module numbers its hexes descending; hexcombat numbers them counting up from "
            "the top-left hex, so its labels differ from the board's"
        )
    if col_first < 0 or row_first < 0:
        notes.append(
            "the grid's numbers start below 0 at the board's edge (VASSAL prints -1): here they "
            "start at 0, so the labels differ from the board's"
        )
        col_first, row_first = max(0, col_first), max(0, row_first)
    h_lead, v_lead = grid.h_leading, grid.v_leading
    if grid.sideways:
        h_lead, v_lead = v_lead, h_lead
    # a label holds no '/' (it joins a hexside's two labels), no space and no format braces
    usable = not any(ch in "/{}" or ch.isspace() for ch in grid.sep)
    sep = grid.sep if usable else ""
    if grid.sep and not sep:
        notes.append(f"the separator {grid.sep!r} cannot be in a label: labels have none")
    widths = {"col": h_lead + 1, "row": v_lead + 1}
    types = {"col": grid.h_type, "row": grid.v_type}
    if grid.sideways:
        types = {"col": grid.v_type, "row": grid.h_type}
    last = {"col": col_first + columns - 1, "row": row_first + rows - 1}
    order = ("col", "row") if (grid.first == "H") != grid.sideways else ("row", "col")
    if not sep:
        for field in order:
            # VASSAL pads a number to leading + 1 digits and prints a longer one whole; run
            # together without a separator, hexcombat's labels need one width a number
            vassal = widths[field]
            widths[field] = max(widths[field], len(str(last[field])), 2)
            lowest = col_first if field == "col" else row_first
            numeric = types[field] == "N"
            if numeric and widths[field] != vassal and len(str(lowest)) < widths[field]:
                which = "column" if field == "col" else "row"
                notes.append(
                    f"the board prints its {which} numbers with {vassal - 1} leading zero(s) and "
                    f"no separator, so its labels run to different lengths; hexcombat's "
                    f"{which} numbers are {widths[field]} digits (the board's "
                    f"{lowest} is {lowest:0{widths[field]}d} here)"
                )
    parts = [f"{{{f}:0{widths[f]}d}}" if widths[f] > 1 else f"{{{f}}}" for f in order]
    label = sep.join(parts)
    first = label.format(col=col_first, row=row_first)
    return OffsetScheme(orientation, parity, label, first)  # type: ignore[arg-type]
