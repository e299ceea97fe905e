"""Import a hex map drawn in Tiled (``.tmx``): its hexes, terrain and rivers become a map.

A Tiled hex map says how its hexes sit with ``staggeraxis`` and ``staggerindex``:

- ``staggeraxis="x"``: the columns are staggered, so hexes are flat-topped (hexcombat's
  ``flat``); ``staggeraxis="y"``: the rows are, so they are pointy-topped (``pointy``).
- ``staggerindex="odd"``: the odd columns (rows) counted from 0 are shoved half a hex down
  (right); ``"even"``: the even ones are, so the odd ones sit half a hex up (left). These are
  hexcombat's ``odd`` and ``even`` offsets exactly: both count from 0 at the top-left hex.

A cell's terrain is its tile's ``terrain`` property, else the tile's class (``type`` in older
Tiled), else what the player maps that tile to (``tileset:id`` keys, see :func:`import_tiled`).
The topmost shown tile layer with a tile in a cell decides (hidden layers are left out, said in
a note). Polylines on object layers are snapped to the hex corners nearest their points, where
Tiled draws them (on whole pixels), and become rivers (their class or ``feature`` property
names the feature: ``minor-river`` when they name none); other objects and image layers are
named in a note. Tiled has no hex numbering: the map's
``label`` and ``first`` properties give it, else ``0101`` from the top-left hex.

The file is checked before pytiled-parser reads it: its size, the files it names (tilesets,
templates: regular files, of bounded size), and compressed layer data (unpacked to no more than
the map's size), so a damaged or hostile file is refused with its element named.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import copy as copy_module
import math
import re
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import MINOR_RIVER, Hexside
from hexcombat.board.imported import (
    MAX_IMPORT_HEXES,
    Imported,
    ImportRefused,
    inflate_bounded,
    label_scheme,
    legend_for,
    read_bounded,
    refuse,
    terrain_name,
)
from hexcombat.board.layout import Layout
from hexcombat.board.mapfile import TERRAIN_TYPES, HexMap, River
from hexcombat.board.offset import OffsetScheme
from hexcombat.named_files import OutsideFolder, confined

_GID_MASK = 0x0FFFFFFF
"""A cell's tile id without Tiled's flip and rotation flags (the top four bits)."""
_MAP_DEFAULTS = {"version": "1.0", "tiledversion": "", "renderorder": "right-down", "infinite": "0"}
"""The TMX format's defaults for <map> attributes a Tiled before 1.2 leaves out and
pytiled-parser needs (``nextlayerid`` and ``nextobjectid`` follow the ids the file uses)."""
_SQRT3 = math.sqrt(3.0)
Point = tuple[float, float]


def import_tiled(path: str | Path, mapping: dict[str, str] | None = None) -> Imported:
    """The map a Tiled ``.tmx`` hex map describes.

    ``mapping`` gives the terrain of tiles that name none (``{"terrain-set:3": "woods"}``, keys
    ``tileset name:tile id``); :class:`UnmappedTiles` lists the tiles still without one.
    :class:`ImportRefused` names the file and element of anything that cannot be imported.
    """
    path = Path(path)
    root = _prescan(path)
    try:
        import pytiled_parser

        with _readable(path, root) as readable:
            tiled = pytiled_parser.parse_map(readable)
    except ImportRefused:
        raise
    except Exception as exc:  # noqa: BLE001 - a damaged file may fail anywhere in the parser
        where, what = _culprit(path, root, exc)
        raise refuse(path, where, f"{what}pytiled-parser cannot read it: {exc}") from None
    return _build(path, root, tiled, mapping or {})


_LITERAL = re.compile(r": '(?P<value>.*?)(?P<end>'?)$", re.DOTALL)
"""The value a parser's error quotes (Python cuts a long one, leaving off its closing quote)."""


def _culprit(path: Path, root: ET.Element, exc: Exception) -> tuple[str, str]:
    """The element and attribute a parser's error is about, found by the value it quotes (a
    number that is none: ``invalid literal for int() with base 10: 'x'``) in the map or a
    tileset it names (checked by the prescan), else none."""
    found = _LITERAL.search(str(exc))
    if found is None:
        return "", ""
    value, whole = found["value"], bool(found["end"])
    documents = [("", root)]
    for tileset in root.iter("tileset"):
        source = tileset.get("source")
        if source is not None and source.lower().endswith(".tsx"):
            with contextlib.suppress(ImportRefused, OutsideFolder):
                tsx = confined(path.parent, source, "tileset")
                documents.append((f"{source} ", _xml(tsx, read_bounded(tsx))))
    for prefix, document in documents:
        for element in document.iter():
            for attr, text in element.attrib.items():
                if text == value or (not whole and value and text.startswith(value)):
                    shown = value if len(value) <= 40 else value[:37] + "..."
                    where = f"{prefix}<{element.tag} {attr}>"
                    return where, f"{attr} = {shown!r} is not a number: "
    return "", ""


class UnmappedTiles(ImportRefused):
    """Tiles used on the map that name no terrain and are not mapped yet."""

    def __init__(
        self, path: Path, tiles: dict[str, int], used: dict[str, str] | None = None
    ) -> None:
        self.tiles = tiles
        used = used or {}

        def said(key: str, n: int) -> str:
            props = used.get(key, "")
            return f"{key} ({n} hexes" + (f"; its properties: {props})" if props else ")")

        listed = ", ".join(said(key, n) for key, n in sorted(tiles.items()))
        super().__init__(
            f"{path}: these tiles name no terrain (a 'terrain' property or a class, 'type' in "
            f"Tiled before 1.9, names it; other properties do not): {listed}; map each with "
            f"--terrain KEY=TYPE (e.g. --terrain '{next(iter(sorted(tiles)))}=woods')"
        )


# checking the file before the parser reads it ---------------------------------------------------


def _prescan(path: Path) -> ET.Element:
    data = read_bounded(path)
    root = _xml(path, data)
    if root.tag != "map":
        raise refuse(path, f"<{root.tag}>", "not a Tiled map: the file does not start with <map>")
    if root.get("orientation") != "hexagonal":
        raise refuse(
            path,
            "<map orientation>",
            f"a {root.get('orientation')!r} map; hexcombat imports hexagonal Tiled maps only",
        )
    if root.get("infinite") == "1":
        raise refuse(
            path,
            "<map infinite>",
            "an infinite map; in Tiled untick Map > Map Properties > Infinite and save again",
        )
    width, height = _int(path, root, "width"), _int(path, root, "height")
    if width * height > MAX_IMPORT_HEXES:
        raise refuse(
            path, "<map>", f"{width} x {height} hexes, more than {MAX_IMPORT_HEXES:,} imported"
        )
    for attr in ("tilewidth", "tileheight", "hexsidelength"):
        _int(path, root, attr, lowest=0 if attr == "hexsidelength" else 1)
    if root.get("staggeraxis") not in ("x", "y") or root.get("staggerindex") not in ("odd", "even"):
        raise refuse(
            path,
            "<map staggeraxis staggerindex>",
            "a hex map needs staggeraxis x or y and staggerindex odd or even",
        )
    for element in root.iter():
        for attr in ("source", "template"):
            name = element.get(attr)
            if name is not None and element.tag in ("tileset", "object"):
                _check_named_file(path, element, attr, name)
    for layer in root.iter("layer"):
        _check_layer_data(path, layer, width, height)
    return root


def _xml(path: Path, data: bytes) -> ET.Element:
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise refuse(path, "<!DOCTYPE>", "a document type declaration: Tiled maps have none")
    try:
        return ET.fromstring(data)
    except ET.ParseError as exc:
        line = exc.position[0] if exc.position else 1
        raise refuse(path, f"line {line}", f"not a readable XML file ({exc})") from None
    except (ValueError, LookupError) as exc:  # an encoding the XML reader does not take
        raise refuse(path, "<?xml encoding>", f"cannot be read: {exc}; save it as UTF-8") from None


def _int(path: Path, element: ET.Element, attr: str, lowest: int = 1) -> int:
    text = element.get(attr)
    try:
        value = int(text or "")
    except ValueError:
        raise refuse(
            path, f"<{element.tag} {attr}>", f"{attr} must be a whole number, not {text!r}"
        ) from None
    if not lowest <= value <= 100_000:
        raise refuse(path, f"<{element.tag} {attr}>", f"{attr} = {value} is out of range")
    return value


def _check_named_file(path: Path, element: ET.Element, attr: str, name: str) -> None:
    """A tileset or template the map names: a regular file beside it, of bounded size, that
    pytiled-parser may then read (a pipe or /dev/zero would never end)."""
    where = f"<{element.tag} {attr}={name!r}>"
    try:
        target = confined(path.parent, name, "tileset" if element.tag == "tileset" else "template")
    except OutsideFolder as exc:
        raise refuse(path, where, str(exc)) from None
    try:
        read_bounded(target)
    except ImportRefused as exc:
        raise refuse(path, where, f"the file it names cannot be read: {exc}") from None
    if target.suffix.lower() in (".tsx", ".tx"):
        root = _xml(target, read_bounded(target))
        if target.suffix.lower() == ".tx":  # a template names its tileset in turn
            for tileset in root.iter("tileset"):
                inner = tileset.get("source")
                if inner is not None:
                    try:
                        read_bounded(confined(path.parent, str(target.parent / inner), "tileset"))
                    except OutsideFolder as exc:
                        raise refuse(path, where, f"its tileset: {exc}") from None
                    try:
                        read_bounded(target.parent / inner)
                    except ImportRefused as exc:
                        raise refuse(path, where, f"its tileset cannot be read: {exc}") from None


def _check_layer_data(path: Path, layer: ET.Element, width: int, height: int) -> None:
    """A tile layer the map's size, holding one tile a cell: the parser lays a layer's tiles
    out by the layer's own width, so a short or long layer would shift every hex's terrain."""
    data = layer.find("data")
    name = layer.get("name", "")
    where = f"<layer name={name!r}> <data>"
    if data is None:
        return
    size = (layer.get("width"), layer.get("height"))
    if data.find("chunk") is None and size != (str(width), str(height)):
        raise refuse(
            path,
            f"<layer name={name!r}>",
            f"a layer of {size[0]} x {size[1]} cells on a map of {width} x {height}",
        )
    cells = width * height
    if data.find("chunk") is not None:
        raise refuse(path, where, "chunked data (an infinite map) is not imported")
    encoding, compression = data.get("encoding"), data.get("compression")
    if encoding not in (None, "csv", "base64"):
        raise refuse(path, where, f"unknown encoding {encoding!r}")
    if encoding != "base64":
        if compression:
            raise refuse(path, where, f"compression {compression!r} without base64")
        count = sum(1 for value in (data.text or "").split(",") if value.strip())
        if encoding is None and data.find("tile") is not None:  # one <tile> element a cell
            count = len(data.findall("tile"))
        if count != cells:
            raise refuse(path, where, f"{count} tiles for a map of {cells} hexes")
        return
    try:
        raw = base64.b64decode((data.text or "").strip(), validate=False)
    except (binascii.Error, ValueError) as exc:
        raise refuse(path, where, f"damaged base64 data ({exc})") from None
    limit = 4 * cells
    if compression in ("zlib", "gzip"):
        raw = inflate_bounded(raw, limit, 15 if compression == "zlib" else 31, path, where)
    elif compression:
        raise refuse(path, where, f"compression {compression!r} is not read (use zlib or gzip)")
    if len(raw) != limit:
        raise refuse(path, where, f"{len(raw) // 4} tiles for a map of {cells} hexes")


# maps from Tiled 1.0 and 1.1 --------------------------------------------------------------------


@contextmanager
def _readable(path: Path, root: ET.Element) -> Iterator[Path]:
    """The map as pytiled-parser reads it. A Tiled before 1.2 leaves out attributes the TMX
    format gives defaults (:data:`_MAP_DEFAULTS`, ``nextlayerid``, a tileset's ``tilecount``
    and ``columns``) and may write a layer as one ``<tile gid>`` element a cell, none of which
    the parser reads; such a map is read from a copy with them filled in, in a temporary
    folder, naming the files beside the map by their full paths."""
    copy = copy_module.deepcopy(root)
    changed = _fill_map(copy)
    for element in copy.iter():
        if element.tag == "tileset" and element.get("source") is None:
            changed |= _fill_tileset(element)
        elif element.tag == "data":
            changed |= _xml_to_csv(element)
    tilesets = []
    for element in copy.iter("tileset"):
        name = element.get("source")
        if name is None:
            continue
        target = path.parent / name
        if target.suffix.lower() == ".tsx":
            tileset = _xml(target, read_bounded(target))
            if _fill_tileset(tileset):
                tilesets.append((element, tileset))
    if not changed and not tilesets:
        yield path
        return
    with tempfile.TemporaryDirectory(prefix="hexcombat-tiled-") as folder:
        for i, (element, tileset) in enumerate(tilesets):
            filled = Path(folder) / f"tileset-{i}.tsx"
            folder_of_tileset = (path.parent / element.get("source", "")).parent
            for image in tileset.iter("image"):  # named from the tileset's own folder
                source = image.get("source")
                if source is not None:
                    image.set("source", str(folder_of_tileset / source))
            filled.write_bytes(ET.tostring(tileset, encoding="utf-8"))
            element.set("source", str(filled))
        for element in copy.iter():
            for attr in ("source", "template"):
                name = element.get(attr)
                if name is not None and not Path(name).is_absolute():
                    element.set(attr, str(path.parent / name))
        readable = Path(folder) / path.name
        readable.write_bytes(ET.tostring(copy, encoding="utf-8"))
        yield readable


def _fill_map(root: ET.Element) -> bool:
    """Fill in the <map> attributes a Tiled before 1.2 leaves out; whether any was."""
    changed = False
    for attr, value in _MAP_DEFAULTS.items():
        if root.get(attr) is None:
            root.set(attr, value)
            changed = True
    for attr, tags in (("nextlayerid", _LAYER_TAGS), ("nextobjectid", ("object",))):
        if root.get(attr) is None:  # one past the highest id used
            used = (e.get("id") for e in root.iter() if e.tag in tags)
            ids = [int(i) for i in used if _whole(i)]
            root.set(attr, str(max(ids, default=0) + 1))
            changed = True
    return changed


_LAYER_TAGS = ("layer", "objectgroup", "imagelayer", "group")


def _whole(text: str | None) -> bool:
    return text is not None and text.isdigit() and len(text) < 10


def _fill_tileset(tileset: ET.Element) -> bool:
    """Fill in a tileset's ``tilecount`` and ``columns`` (written since Tiled 0.13 and 1.0):
    from its image and tile size, else from the tiles it lists; whether either was."""
    if tileset.get("tilecount") is not None and tileset.get("columns") is not None:
        return False
    image = tileset.find("image")
    columns = count = 0
    try:
        tw, th = int(tileset.get("tilewidth", "0")), int(tileset.get("tileheight", "0"))
        margin, spacing = int(tileset.get("margin", "0")), int(tileset.get("spacing", "0"))
        if image is not None and tw > 0 and th > 0:
            iw, ih = int(image.get("width", "0")), int(image.get("height", "0"))
            columns = max(0, (iw - 2 * margin + spacing) // (tw + spacing))
            count = columns * max(0, (ih - 2 * margin + spacing) // (th + spacing))
    except ValueError:
        columns = count = 0
    ids = [int(t.get("id", "")) for t in tileset.findall("tile") if _whole(t.get("id"))]
    count = max(count, max(ids, default=-1) + 1)
    tileset.set("tilecount", tileset.get("tilecount") or str(count))
    tileset.set("columns", tileset.get("columns") or str(columns))
    return True


def _xml_to_csv(data: ET.Element) -> bool:
    """A layer written as one ``<tile gid>`` element a cell (Tiled's oldest encoding) written
    as CSV instead; whether it was."""
    if data.get("encoding") is not None or data.find("tile") is None:
        return False
    gids = [tile.get("gid", "0") for tile in data.findall("tile")]
    for tile in data.findall("tile"):
        data.remove(tile)
    data.set("encoding", "csv")
    data.text = ",".join(gids)
    return True


# building the map -------------------------------------------------------------------------------


class _Geometry:
    """Tiled's pixel positions (its HexagonalRenderer) put on hexcombat's layout of size 1."""

    def __init__(self, tiled: Any, scheme: OffsetScheme) -> None:
        # Tiled's HexagonalRenderer works in whole pixels: the tile size rounded down to even,
        # the side offsets halved with the remainder dropped
        tw, th = tiled.tile_size.width & ~1, tiled.tile_size.height & ~1
        self.odd = (tw, th) != (tiled.tile_size.width, tiled.tile_size.height)
        side = tiled.hex_side_length or 0
        self.stagger_x = tiled.stagger_axis == "x"
        self.even = tiled.stagger_index == "even"
        self.tw, self.th = tw, th
        if self.stagger_x:
            self.column_width = (tw - side) // 2 + side
            self.row_height = th // 2
        else:
            self.column_width = tw // 2
            self.row_height = (th - side) // 2 + side
        self.scheme = scheme
        self.unit = Layout(scheme.orientation, 1.0)
        self.origin = self.centre(0, 0)

    def staggered(self, index: int) -> bool:
        return bool((index & 1) ^ self.even)

    def centre(self, col: int, row: int) -> Point:
        """The Tiled pixel at the centre of cell ``(col, row)``."""
        if self.stagger_x:
            x = col * self.column_width
            y = row * self.th + (self.row_height if self.staggered(col) else 0)
        else:
            x = col * self.tw + (self.column_width if self.staggered(row) else 0)
            y = row * self.row_height
        return x + self.tw / 2, y + self.th / 2

    def to_unit(self, x: float, y: float) -> Point:
        """A Tiled pixel on the size-1 layout (Hex(0, 0) at its origin)."""
        dx, dy = x - self.origin[0], y - self.origin[1]
        if self.stagger_x:
            return dx / self.column_width * 1.5, dy / self.th * _SQRT3
        return dx / self.tw * _SQRT3, dy / self.row_height * 1.5


def _build(path: Path, root: ET.Element, tiled: Any, mapping: dict[str, str]) -> Imported:
    columns, rows = tiled.map_size.width, tiled.map_size.height
    orientation = "flat" if tiled.stagger_axis == "x" else "pointy"
    parity = "even" if tiled.stagger_index == "even" else "odd"
    props = tiled.properties or {}
    label = props.get("label") if isinstance(props.get("label"), str) else None
    first = props.get("first") if isinstance(props.get("first"), str) else None
    try:
        scheme = label_scheme(orientation, parity, columns, rows, label, first)
    except ValueError as exc:
        raise refuse(path, "<map> <properties> label, first", str(exc)) from None
    notes: list[str] = []
    layers = list(_visible_layers(tiled.layers, notes))
    terrain, unmapped, empty, used = _terrain(tiled, layers, scheme, mapping)
    if unmapped:
        raise UnmappedTiles(path, unmapped, used)
    for key in sorted(set(mapping) - set(used)):
        notes.append(f"--terrain {key!r} names no tile used on the map: it is not used")
    if empty:
        notes.append(
            "1 hex has no tile in any layer: it is clear"
            if empty == 1
            else f"{empty} hexes have no tile in any layer: they are clear"
        )
    geometry = _Geometry(tiled, scheme)
    if geometry.odd:
        notes.append(
            f"the tiles are {tiled.tile_size.width} x {tiled.tile_size.height} pixels; Tiled lays "
            f"its hexes out on whole pixels, {geometry.tw} x {geometry.th} (rounded down to "
            "even), and the rivers are read where Tiled draws them"
        )
    on_map = set(terrain)
    rivers = list(_rivers(layers, geometry, on_map, notes))
    kinds = set(terrain.values())
    try:
        legend = legend_for(kinds)
    except ValueError as exc:
        raise refuse(path, "<tileset>", str(exc)) from None
    extra = frozenset(kinds) - frozenset(TERRAIN_TYPES)
    if extra:
        notes.append(f"terrain declared under [extra]: {', '.join(sorted(extra))}")
    name = str(props.get("name") or path.stem)
    hexmap = HexMap(
        name=name,
        scheme=scheme,
        columns=columns,
        rows=rows,
        terrain=terrain,
        hexside_features={},
        rivers=tuple(rivers),
        legend=legend,
        terrain_types=frozenset(TERRAIN_TYPES) | extra,
        description=f"Imported from the Tiled map {path.name}.",
    )
    features: dict[Hexside, set[str]] = {}
    for river in rivers:
        for side in river.hexsides:
            features.setdefault(side, set()).add(river.feature)
    hexmap.hexside_features = {side: frozenset(f) for side, f in features.items()}
    return Imported(hexmap, notes)


def _tile_terrain(tiled: Any, gid: int) -> tuple[str, str | None]:
    """A global tile id's ``tileset:id`` key and the terrain its tile names (None if none)."""
    sets = tiled.tilesets or {}
    firstgid = max((f for f in sets if f <= gid), default=None)
    if firstgid is None:
        return f"gid {gid}", None
    tileset, tile_id = sets[firstgid], gid - firstgid
    tile = (tileset.tiles or {}).get(tile_id)
    kind = None
    if tile is not None:
        prop = (tile.properties or {}).get("terrain")
        if isinstance(prop, str) and prop.strip():
            kind = prop
        elif tile.class_:
            kind = tile.class_
    return f"{tileset.name}:{tile_id}", kind


def _visible_layers(layers: Iterable[Any], notes: list[str]) -> Iterable[Any]:
    """The map's layers Tiled shows, groups opened; a hidden layer (or group) is said in a note
    and left out: what the map maker hid does not decide the terrain or draw a river."""
    import pytiled_parser

    for layer in layers or []:
        if not layer.visible:
            kind = "group" if isinstance(layer, pytiled_parser.LayerGroup) else "layer"
            notes.append(f"the hidden {kind} {layer.name!r} is left out, as Tiled hides it")
        elif isinstance(layer, pytiled_parser.LayerGroup):
            yield from _visible_layers(layer.layers, notes)
        else:
            yield layer


def _tile_layers(layers: Iterable[Any]) -> Iterable[Any]:
    import pytiled_parser

    for layer in layers:
        if isinstance(layer, pytiled_parser.TileLayer) and layer.data is not None:
            yield layer


def _terrain(
    tiled: Any, layers: list[Any], scheme: OffsetScheme, mapping: dict[str, str]
) -> tuple[dict[Hex, str], dict[str, int], int, dict[str, str]]:
    """Every hex's terrain from the topmost tile of the shown ``layers`` in its cell; the tiles
    that name none (with how many hexes use each); the number of hexes with no tile; and each
    tile used, by its key, with the properties it has (for the message on unmapped tiles)."""
    columns, rows = tiled.map_size.width, tiled.map_size.height
    top = [[0] * columns for _ in range(rows)]
    for layer in _tile_layers(layers):
        for r, line in enumerate(layer.data[:rows]):
            for c, gid in enumerate(line[:columns]):
                if gid & _GID_MASK:
                    top[r][c] = gid & _GID_MASK
    named = {gid: _tile_terrain(tiled, gid) for gid in {g for line in top for g in line} if gid}
    terrain: dict[Hex, str] = {}
    unmapped: Counter[str] = Counter()
    empty = 0
    for r in range(rows):
        for c in range(columns):
            gid = top[r][c]
            if not gid:
                empty += 1
                kind: str | None = "clear"
            else:
                key, kind = named.get(gid, (f"gid {gid}", None))
                kind = mapping.get(key, kind)
                if kind is None or not terrain_name(kind):
                    unmapped[key] += 1
                    continue
            terrain[scheme.hex_of(c, r)] = terrain_name(kind)
    used = {key: _properties_of(tiled, gid) for gid, (key, _kind) in named.items()}
    return terrain, dict(unmapped), empty, used


def _properties_of(tiled: Any, gid: int) -> str:
    """The properties a tile has, as ``name='value'`` pairs (empty when none)."""
    sets = tiled.tilesets or {}
    firstgid = max((f for f in sets if f <= gid), default=None)
    if firstgid is None:
        return ""
    tile = (sets[firstgid].tiles or {}).get(gid - firstgid)
    props = (tile.properties or {}) if tile is not None else {}
    return ", ".join(f"{name}={str(value)[:40]!r}" for name, value in sorted(props.items())[:6])


# rivers -----------------------------------------------------------------------------------------

_STEP = 0.2
"""Sampling step along a polyline, in hex sizes: several samples per hexside."""


_KINDS = {
    "Point": "point",
    "Polygon": "polygon",
    "Rectangle": "rectangle",
    "Ellipse": "ellipse",
    "Tile": "tile object",
    "Text": "text",
}
"""The objects hexcombat does not carry over, as a note names their kind."""


def _rivers(
    layers: list[Any], geometry: _Geometry, on_map: set[Hex], notes: list[str]
) -> Iterable[River]:
    import pytiled_parser

    objects = []
    dropped: dict[str, list[str]] = {}
    for layer in layers:  # the visible layers, groups opened (_visible_layers)
        if isinstance(layer, pytiled_parser.ObjectLayer):
            objects.extend(layer.tiled_objects)
        elif isinstance(layer, pytiled_parser.ImageLayer):
            notes.append(f"the image layer {layer.name!r} is not carried over")
    taken: dict[Hexside, str] = {}
    """Each hexside a river runs along so far, and that river's name, for the next."""
    budget = _length_budget(on_map)
    for obj in objects:
        if not isinstance(obj, pytiled_parser.tiled_object.Polyline):
            kind = _KINDS.get(type(obj).__name__, type(obj).__name__.lower())
            dropped.setdefault(kind, []).append(repr(obj.name or obj.id))
            continue
        feature = (obj.properties or {}).get("feature") or obj.class_ or MINOR_RIVER
        feature = terrain_name(str(feature))
        if feature not in (MINOR_RIVER, "major-river"):
            notes.append(
                f"polyline {obj.name or obj.id!r} names {feature!r}, not a river: left out"
            )
            continue
        x0, y0 = obj.coordinates.x, obj.coordinates.y
        points = [geometry.to_unit(x0 + x, y0 + y) for x, y in _turned(obj)]
        if not _near_the_map(points, geometry, on_map):
            notes.append(f"polyline {obj.name or obj.id!r} has points far off the map: left out")
            continue
        length = sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))
        if length > budget:
            notes.append(
                f"polyline {obj.name or obj.id!r} is longer than every hexside of the map "
                "together (with the rivers before it): left out"
            )
            continue
        budget -= length
        runs = _snap(points, geometry.unit, on_map)
        if not runs:
            notes.append(f"polyline {obj.name or obj.id!r} runs along no hexside: left out")
        elif len(runs) > 1:
            notes.append(
                f"polyline {obj.name or obj.id!r} leaves the hexsides (across a hex or off the "
                f"map): it became {len(runs)} rivers"
            )
        shared = [side for run in runs for side in run if side in taken]
        if shared:
            others = sorted({taken[side] for side in shared})
            notes.append(
                f"polyline {obj.name or obj.id!r} runs along {len(shared)} hexside(s) of "
                f"{', '.join(others)} drawn before it: each hexside is one river's, the first's"
            )
        for run in runs:
            for piece in _without(run, taken):
                yield River(obj.name or "", feature, tuple(piece))
            for side in run:
                taken.setdefault(side, repr(obj.name or obj.id))
    for kind, names in sorted(dropped.items()):
        notes.append(
            f"{len(names)} {kind}{'s' if len(names) > 1 else ''} not carried over (only "
            f"polylines are, as rivers): {', '.join(names)}"
        )


def _without(run: list[Hexside], taken: dict[Hexside, str]) -> list[list[Hexside]]:
    """The pieces of ``run`` left when the hexsides another river took are cut out."""
    pieces: list[list[Hexside]] = [[]]
    for side in run:
        if side in taken:
            pieces.append([])
        else:
            pieces[-1].append(side)
    return [piece for piece in pieces if piece]


def _turned(obj: Any) -> list[Point]:
    """A polyline's points from its object's position, turned by the object's rotation
    (degrees clockwise about that position, as Tiled draws it)."""
    rotation = float(obj.rotation or 0.0)
    turn = math.radians(rotation) if math.isfinite(rotation) else 0.0
    cos, sin = math.cos(turn), math.sin(turn)
    return [(p.x * cos - p.y * sin, p.x * sin + p.y * cos) for p in obj.points]


def _near_the_map(points: list[Point], geometry: _Geometry, on_map: set[Hex]) -> bool:
    """Every point a number within a few hexes of the map (so snapping a polyline costs what
    the map's size allows, whatever coordinates a file holds)."""
    columns = max(geometry.scheme.offset_of(h)[0] for h in on_map) + 1
    rows = max(geometry.scheme.offset_of(h)[1] for h in on_map) + 1
    reach = 2.0 * (columns + rows) + 10.0
    return all(
        math.isfinite(x) and math.isfinite(y) and abs(x) <= reach and abs(y) <= reach
        for x, y in points
    )


def _length_budget(on_map: set[Hex]) -> float:
    """How long, in hex sizes, the rivers of a map may be together: every hexside of the map
    once (about three a hex), so snapping costs what the map's size allows, whatever a file's
    polylines hold."""
    return 3.0 * len(on_map) + 12.0


def _snap(points: list[Point], unit: Layout, on_map: set[Hex]) -> list[list[Hexside]]:
    """The runs of hexsides a polyline follows: each sample snapped to its nearest hex corner,
    each step between two corners the hexside joining them. A step across a hex, or off the
    map, ends a run."""
    corners: list[tuple[int, int]] = []
    sides: dict[frozenset[tuple[int, int]], Hexside] = {}
    near: set[Hex] = set()  # the hexes whose hexsides are in ``sides`` already
    for (ax, ay), (bx, by) in zip(points, points[1:], strict=False):
        steps = max(1, math.ceil(math.hypot(bx - ax, by - ay) / _STEP))
        for k in range(steps + 1):
            x, y = ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps
            h = unit.pixel_to_hex(x, y)
            best = min(range(6), key=lambda i: math.dist(unit.corner(h, i), (x, y)))
            key = _key_of(unit, unit.corner(h, best))
            for n in (h, *h.neighbours()):
                if n in near:
                    continue
                near.add(n)
                for d in range(6):
                    m = n.neighbour(d)
                    side = Hexside(n, m)
                    a, b = unit.hexside_endpoints(side)
                    sides[frozenset((_key_of(unit, a), _key_of(unit, b)))] = side
            if not corners or corners[-1] != key:
                corners.append(key)
    runs: list[list[Hexside]] = [[]]
    seen: set[Hexside] = set()
    for a, b in zip(corners, corners[1:], strict=False):
        side = sides.get(frozenset((a, b)))
        if side is None or side.a not in on_map or side.b not in on_map or side in seen:
            runs.append([])
            continue
        seen.add(side)
        runs[-1].append(side)
    return [run for run in runs if run]


def _key_of(unit: Layout, point: Point) -> tuple[int, int]:
    x, y = point
    if unit.orientation == "flat":
        return round(x * 2), round(y * 2 / _SQRT3)
    return round(x * 2 / _SQRT3), round(y * 2)
