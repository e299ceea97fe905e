"""Editing a map: every change the map editor makes, as a command that does and undoes exactly.

The desktop's editor is a shell over these: it turns mouse strokes into commands and puts them
on Qt's undo stack, as the game's commands are. Everything here works on a plain
:class:`~hexcombat.board.mapfile.HexMap`, so an edit session can be played and checked without a
window, and what the editor saves (:func:`~hexcombat.board.mapwrite.save_map`) is that map.

Hexside features come in two kinds, as the map file keeps them: a river feature
(``minor-river``, ``major-river``) is drawn as a run of hexsides, each meeting the one before at
a corner, and kept as a ``[[rivers]]`` entry; any other feature (a road, an escarpment) is a
set of hexsides kept as a ``[[hexsides]]`` list.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import MAJOR_RIVER, MINOR_RIVER, RIVER_FEATURES, Hexside
from hexcombat.board.layout import Layout
from hexcombat.board.mapfile import HexMap, River
from hexcombat.board.mapwrite import free_letter
from hexcombat.board.offset import ORIENTATIONS, PARITIES, OffsetScheme

MAX_SIDE = 500
"""The most columns or rows a new map may have: 250,000 hexes, more than any printed map."""
MAX_NAME = 80
"""The longest map, place or type name the editor takes; longer ones would not fit on the map."""
MAX_LEVEL = 9
"""Elevation levels run from 0 to this (one digit a hex in the map file)."""
_CLASH = {MINOR_RIVER: MAJOR_RIVER, MAJOR_RIVER: MINOR_RIVER}


class EditError(ValueError):
    """An edit the map cannot take, with a message for the map maker."""


class MapEdit(Protocol):
    """One undoable change to a map."""

    text: str

    def do(self, hexmap: HexMap) -> None: ...

    def undo(self, hexmap: HexMap) -> None: ...


# names ---------------------------------------------------------------------------------------


def name_problem(name: str, what: str) -> str | None:
    """Why ``name`` cannot name ``what`` (a map, a place, a terrain type), or None."""
    if not name.strip():
        return f"the {what} needs a name"
    if name != name.strip():
        return f"the {what}'s name may not begin or end with a space"
    if not name.isprintable():
        return f"the {what}'s name must be one line of printable text"
    if len(name) > MAX_NAME:
        return f"the {what}'s name is {len(name)} characters long; at most {MAX_NAME}"
    return None


def type_problem(name: str, hexmap: HexMap, kind: str) -> str | None:
    """Why ``name`` cannot be a new ``kind`` (``"terrain"`` or ``"feature"``) of ``hexmap``."""
    what = "terrain type" if kind == "terrain" else "hexside feature"
    problem = name_problem(name, what)
    if problem is not None:
        return problem
    for known in hexmap.terrain_types | hexmap.feature_types:
        if known.casefold() == name.casefold():
            which = "terrain type" if known in hexmap.terrain_types else "hexside feature"
            return f"{name!r} is already a {which} of this map ({known!r})"
    return None


# a new map -----------------------------------------------------------------------------------


def new_map(
    name: str,
    orientation: str = "flat",
    parity: str = "odd",
    label: str = "{col:02d}{row:02d}",
    first: str = "0101",
    columns: int = 20,
    rows: int = 15,
    terrain: str = "clear",
) -> HexMap:
    """A map of ``columns`` x ``rows`` hexes all of ``terrain``; ``EditError`` saying what is
    wrong with any of its settings (a label format that cannot number the map, say)."""
    problem = name_problem(name, "map")
    if problem is not None:
        raise EditError(problem)
    if orientation not in ORIENTATIONS or parity not in PARITIES:
        raise EditError(f"orientation {orientation!r} or offset {parity!r} is not one we know")
    for value, what in ((columns, "columns"), (rows, "rows")):
        if not 1 <= value <= MAX_SIDE:
            raise EditError(f"a map has 1 to {MAX_SIDE} {what}, not {value}")
    try:
        scheme = OffsetScheme(orientation, parity, label, first)  # type: ignore[arg-type]
    except ValueError as exc:
        raise EditError(str(exc)) from None
    if not scheme.fits(columns, rows):
        last = scheme.printed(scheme.hex_of(columns - 1, rows - 1))
        raise EditError(
            f"label format {label!r} cannot number {columns} columns and {rows} rows from "
            f"{first!r}: the last hex is column {last[0]}, row {last[1]}; use wider numbers, "
            "e.g. {col:03d}{row:03d}"
        )
    cells = {scheme.hex_of(c, r): terrain for c in range(columns) for r in range(rows)}
    return HexMap(name, scheme, columns, rows, cells, legend={free_letter(terrain, {}): terrain})


# terrain and elevation -----------------------------------------------------------------------


@dataclass
class PaintTerrain:
    """Give hexes a terrain type (a brush stroke or a flood fill); the first hex painted with a
    type the legend has no letter for gives it one."""

    kinds: dict[Hex, str]
    text: str = "Paint terrain"
    _old: dict[Hex, str] = field(default_factory=dict, repr=False)
    _letters: dict[str, str] = field(default_factory=dict, repr=False)

    def do(self, hexmap: HexMap) -> None:
        for h, kind in self.kinds.items():
            if h not in hexmap:
                raise EditError(f"{h} is off the map ({hexmap.extent()})")
            if kind not in hexmap.terrain_types:
                raise EditError(f"{kind!r} is not a terrain type of this map")
        for kind in dict.fromkeys(self.kinds.values()):
            if kind not in hexmap.legend.values() and kind not in self._letters.values():
                self._letters[free_letter(kind, {**hexmap.legend, **self._letters})] = kind
        for letter, added in self._letters.items():
            hexmap.legend.setdefault(letter, added)
        for h, kind in self.kinds.items():
            self._old.setdefault(h, hexmap.terrain[h])
            hexmap.terrain[h] = kind

    def undo(self, hexmap: HexMap) -> None:
        hexmap.terrain.update(self._old)
        for letter in self._letters:
            hexmap.legend.pop(letter, None)

    def absorb(self, later: PaintTerrain) -> None:
        """Take ``later`` (done after this one, in the same stroke) into this edit, so a whole
        stroke undoes at once."""
        for h, kind in later._old.items():
            self._old.setdefault(h, kind)
        self.kinds.update(later.kinds)
        self._letters.update(later._letters)


def paint(hexmap: HexMap, hexes: Iterable[Hex], kind: str) -> PaintTerrain | None:
    """The edit painting ``hexes`` with ``kind``, or None when none of them would change."""
    kinds = {h: kind for h in hexes if h in hexmap and hexmap.terrain[h] != kind}
    return PaintTerrain(kinds, f"Paint {kind}") if kinds else None


def flood_region(hexmap: HexMap, start: Hex) -> set[Hex]:
    """The hexes reached from ``start`` through neighbours of the same terrain (a flood fill)."""
    if start not in hexmap:
        return set()
    kind = hexmap.terrain[start]
    region = {start}
    todo = [start]
    while todo:
        for n in todo.pop().neighbours():
            if n not in region and hexmap.terrain.get(n) == kind:
                region.add(n)
                todo.append(n)
    return region


def flood_fill(hexmap: HexMap, start: Hex, kind: str) -> PaintTerrain | None:
    """The edit filling ``start``'s region of one terrain with ``kind``."""
    edit = paint(hexmap, flood_region(hexmap, start), kind)
    if edit is not None:
        edit.text = f"Fill with {kind} from {hexmap.label(start)}"
    return edit


@dataclass
class SetHexes:
    """Take hexes out of the map where the printed board has none (a shorter column, a cut
    corner), or put them back with a terrain type: the map's shape follows the board."""

    kinds: dict[Hex, str | None]
    """Each place of the frame and what it becomes: a terrain type, or None (no hex)."""
    text: str = "No hex"
    _old: dict[Hex, str | None] = field(default_factory=dict, repr=False)
    _levels: dict[Hex, int] = field(default_factory=dict, repr=False)
    _letters: dict[str, str] = field(default_factory=dict, repr=False)

    def do(self, hexmap: HexMap) -> None:
        for h, kind in self.kinds.items():
            if not hexmap.in_frame(h):
                raise EditError(f"{h} is outside the map's frame ({hexmap.extent()})")
            if kind is not None and kind not in hexmap.terrain_types:
                raise EditError(f"{kind!r} is not a terrain type of this map")
            if kind is None and h in hexmap:
                _check_bare(hexmap, h)
        left = sum(1 for h in hexmap.terrain if self.kinds.get(h, "") is not None)
        left += sum(1 for h, kind in self.kinds.items() if kind is not None and h not in hexmap)
        if not left:
            raise EditError("a map keeps at least one hex")
        for kind in dict.fromkeys(k for k in self.kinds.values() if k is not None):
            if kind not in hexmap.legend.values() and kind not in self._letters.values():
                self._letters[free_letter(kind, {**hexmap.legend, **self._letters})] = kind
        for letter, added in self._letters.items():
            hexmap.legend.setdefault(letter, added)
        for h, kind in self.kinds.items():
            self._old.setdefault(h, hexmap.terrain.get(h))
            if kind is None:
                hexmap.terrain.pop(h, None)
                level = hexmap.elevation.pop(h, 0)
                if level:
                    self._levels.setdefault(h, level)
            else:
                hexmap.terrain[h] = kind

    def undo(self, hexmap: HexMap) -> None:
        for h, kind in self._old.items():
            if kind is None:
                hexmap.terrain.pop(h, None)
            else:
                hexmap.terrain[h] = kind
        hexmap.elevation.update(self._levels)
        for letter in self._letters:
            hexmap.legend.pop(letter, None)

    def absorb(self, later: SetHexes) -> None:
        """Take ``later`` (the same stroke) into this edit, so a whole stroke undoes at once."""
        for h, kind in later._old.items():
            self._old.setdefault(h, kind)
        for h, level in later._levels.items():
            self._levels.setdefault(h, level)
        self.kinds.update(later.kinds)
        self._letters.update(later._letters)


def _check_bare(hexmap: HexMap, h: Hex) -> None:
    """``EditError`` when ``h`` holds a place or a hexside feature: taking the hex out would
    drop them without a word."""
    label = hexmap.label(h)
    if h in hexmap.places:
        raise EditError(
            f"{label} is the place {hexmap.places[h]!r}: remove the name before the hex"
        )
    for side, features in hexmap.hexside_features.items():
        if features and h in (side.a, side.b):
            raise EditError(
                f"{label} has a {sorted(features)[0]} on its hexside "
                f"{hexmap.label(side.a)}/{hexmap.label(side.b)}: clear it before the hex"
            )


def cut_hexes(hexmap: HexMap, hexes: Iterable[Hex]) -> SetHexes | None:
    """The edit taking ``hexes`` off the map (the printed board has none there), or None when
    none of them is a hex now."""
    kinds: dict[Hex, str | None] = {h: None for h in hexes if h in hexmap}
    return SetHexes(kinds, "No hex") if kinds else None


def restore_hexes(hexmap: HexMap, hexes: Iterable[Hex], kind: str) -> SetHexes | None:
    """The edit putting hexes back into places of the frame that have none, as ``kind``."""
    kinds: dict[Hex, str | None] = {
        h: kind for h in hexes if h not in hexmap and hexmap.in_frame(h)
    }
    return SetHexes(kinds, f"Hex back as {kind}") if kinds else None


@dataclass
class SetElevation:
    """Set the elevation level of hexes (0 to :data:`MAX_LEVEL`), for tactical maps."""

    levels: dict[Hex, int]
    text: str = "Set elevation"
    _old: dict[Hex, int] = field(default_factory=dict, repr=False)

    def do(self, hexmap: HexMap) -> None:
        for h, level in self.levels.items():
            if not 0 <= level <= MAX_LEVEL:
                raise EditError(f"an elevation level is 0 to {MAX_LEVEL}, not {level}")
            if h not in hexmap:
                raise EditError(f"{h} is off the map ({hexmap.extent()})")
        for h, level in self.levels.items():
            self._old.setdefault(h, hexmap.elevation.get(h, 0))
            _set_level(hexmap, h, level)

    def undo(self, hexmap: HexMap) -> None:
        for h, level in self._old.items():
            _set_level(hexmap, h, level)

    def absorb(self, later: SetElevation) -> None:
        """Take ``later`` (the same stroke) into this edit."""
        for h, level in later._old.items():
            self._old.setdefault(h, level)
        self.levels.update(later.levels)


def _set_level(hexmap: HexMap, h: Hex, level: int) -> None:
    if level:
        hexmap.elevation[h] = level
    else:
        hexmap.elevation.pop(h, None)


def raise_to(hexmap: HexMap, hexes: Iterable[Hex], level: int) -> SetElevation | None:
    """The edit setting ``hexes`` to ``level``, or None when none of them would change."""
    levels = {h: level for h in hexes if h in hexmap and hexmap.elevation.get(h, 0) != level}
    return SetElevation(levels, f"Elevation {level}") if levels else None


# places ----------------------------------------------------------------------------------------


@dataclass
class SetPlace:
    """Name the place in a hex, rename it, or (with no name) remove it."""

    hex: Hex
    name: str | None
    text: str = ""
    _old: str | None = field(default=None, repr=False)

    def do(self, hexmap: HexMap) -> None:
        if self.name is not None:
            problem = name_problem(self.name, "place")
            if problem is not None:
                raise EditError(problem)
        self._old = hexmap.places.get(self.hex)
        _set_place(hexmap, self.hex, self.name)
        if not self.text:
            where = hexmap.label(self.hex)
            self.text = f"Name {where} {self.name!r}" if self.name else f"Unname {where}"

    def undo(self, hexmap: HexMap) -> None:
        _set_place(hexmap, self.hex, self._old)


def _set_place(hexmap: HexMap, h: Hex, name: str | None) -> None:
    if name is None:
        hexmap.places.pop(h, None)
    else:
        hexmap.places[h] = name


# the map's name and types ---------------------------------------------------------------------


@dataclass
class SetMapName:
    """Rename the map and change its description."""

    name: str
    description: str
    text: str = "Rename the map"
    _old: tuple[str, str] = field(default=("", ""), repr=False)

    def do(self, hexmap: HexMap) -> None:
        problem = name_problem(self.name, "map")
        if problem is not None:
            raise EditError(problem)
        self._old = (hexmap.name, hexmap.description)
        hexmap.name, hexmap.description = self.name, self.description

    def undo(self, hexmap: HexMap) -> None:
        hexmap.name, hexmap.description = self._old


@dataclass
class AddType:
    """Declare a terrain type or hexside feature of the map's own (written under ``[extra]``)."""

    kind: str
    """``"terrain"`` or ``"feature"``."""
    name: str
    text: str = ""

    def do(self, hexmap: HexMap) -> None:
        problem = type_problem(self.name, hexmap, self.kind)
        if problem is not None:
            raise EditError(problem)
        if self.kind == "terrain":
            hexmap.terrain_types = hexmap.terrain_types | {self.name}
        else:
            hexmap.feature_types = hexmap.feature_types | {self.name}
        what = "terrain" if self.kind == "terrain" else "hexside feature"
        self.text = self.text or f"Add {what} {self.name!r}"

    def undo(self, hexmap: HexMap) -> None:
        if self.kind == "terrain":
            hexmap.terrain_types = hexmap.terrain_types - {self.name}
        else:
            hexmap.feature_types = hexmap.feature_types - {self.name}


# hexsides ----------------------------------------------------------------------------------------


def nearest_hexside(layout: Layout, x: float, y: float) -> Hexside:
    """The hexside nearest the screen point ``(x, y)``: of the hex under the point, the side
    whose middle is closest."""
    h = layout.pixel_to_hex(x, y)

    def gap(n: Hex) -> float:
        (ax, ay), (bx, by) = layout.hexside_endpoints(Hexside(h, n))
        return ((ax + bx) / 2 - x) ** 2 + ((ay + by) / 2 - y) ** 2

    return Hexside(h, min(h.neighbours(), key=gap))


def on_map(hexmap: HexMap, side: Hexside) -> bool:
    """Whether both hexes of ``side`` are on the map (the map's edge has no hexsides to mark)."""
    return side.a in hexmap and side.b in hexmap


class Run:
    """Hexsides a stroke passes along, kept as a river course: each meets the one before at a
    corner and goes on from its far end.

    A pointer crossing a corner may touch the third hexside there for a moment; that spur is
    replaced by the side the stroke goes on along, and going back along the run shortens it.
    """

    def __init__(self) -> None:
        self.sides: list[Hexside] = []

    def add(self, side: Hexside) -> None:
        """Follow the stroke onto ``side``."""
        sides = self.sides
        if side in sides[-1:]:
            return
        if len(sides) >= 2 and sides[-2] == side:  # going back along the run
            sides.pop()
            return
        if not sides or _goes_on(sides, side):
            sides.append(side)
        elif len(sides) >= 2 and _goes_on(sides[:-1], side):  # the last side was a spur
            sides[-1] = side


def _goes_on(course: list[Hexside], side: Hexside) -> bool:
    """Whether ``side`` continues ``course`` from the far end of its last hexside."""
    if side in course:
        return False
    corner = course[-1].corner_with(side)
    if corner is None:
        return False
    return len(course) < 2 or corner != course[-2].corner_with(course[-1])


@dataclass
class ChangeHexsides:
    """Replace the features of some hexsides and the map's rivers (one drawn or erased run)."""

    features: dict[Hexside, frozenset[str]]
    rivers: tuple[River, ...]
    text: str
    _old: tuple[dict[Hexside, frozenset[str]], tuple[River, ...]] | None = field(
        default=None, repr=False
    )

    def do(self, hexmap: HexMap) -> None:
        old = {side: hexmap.hexside_features.get(side, frozenset()) for side in self.features}
        self._old = (old, hexmap.rivers)
        _put_features(hexmap, self.features)
        hexmap.rivers = self.rivers

    def undo(self, hexmap: HexMap) -> None:
        assert self._old is not None
        _put_features(hexmap, self._old[0])
        hexmap.rivers = self._old[1]


def _put_features(hexmap: HexMap, features: dict[Hexside, frozenset[str]]) -> None:
    for side, on in features.items():
        if on:
            hexmap.hexside_features[side] = on
        else:
            hexmap.hexside_features.pop(side, None)


def mark_hexsides(hexmap: HexMap, sides: list[Hexside], feature: str) -> ChangeHexsides | None:
    """The edit a stroke along ``sides`` makes with ``feature``: a single hexside clicked is
    toggled; a stroke that starts on a hexside with the feature erases it along the stroke,
    unless it starts at a river's end and goes on from there, which extends that river; any
    other stroke draws the feature (a river as one run). ``EditError`` when nothing can change:
    an unknown feature, or a river over a hexside the other river kind already holds."""
    if feature not in hexmap.feature_types:
        raise EditError(f"{feature!r} is not a hexside feature of this map")
    sides = [side for side in dict.fromkeys(sides) if on_map(hexmap, side)]
    if not sides:
        return None
    has = feature in hexmap.features(*sides[0].hexes)
    if has and len(sides) > 1 and feature in RIVER_FEATURES:
        extended = _extend_river(hexmap, sides, feature)
        if extended is not None:
            return extended
    if has:
        return _erase(hexmap, sides, feature)
    if feature in RIVER_FEATURES:
        return _draw_river(hexmap, sides, feature)
    added = [side for side in sides if feature not in hexmap.features(*side.hexes)]
    features = {side: hexmap.features(*side.hexes) | {feature} for side in added}
    return ChangeHexsides(features, hexmap.rivers, f"Draw {feature} ({_count(added)})")


def _count(sides: list[Hexside]) -> str:
    return "1 hexside" if len(sides) == 1 else f"{len(sides)} hexsides"


def _free_run(hexmap: HexMap, sides: list[Hexside], feature: str) -> list[Hexside]:
    """The run up to the first hexside that has ``feature`` or the other river kind already."""
    run = []
    for side in sides:
        on = hexmap.features(*side.hexes)
        if feature in on or _CLASH[feature] in on:
            break
        run.append(side)
    return run


def _draw_river(hexmap: HexMap, sides: list[Hexside], feature: str) -> ChangeHexsides:
    run = _free_run(hexmap, sides, feature)
    if not run:
        side = sides[0]
        raise EditError(
            f"hexside {hexmap.label(side.a)}/{hexmap.label(side.b)} is already a "
            f"{_CLASH[feature]}; erase that first"
        )
    features = {side: hexmap.features(*side.hexes) | {feature} for side in run}
    rivers = (*hexmap.rivers, River("", feature, tuple(run)))
    return ChangeHexsides(features, rivers, f"Draw {feature} ({_count(run)})")


def _extend_river(hexmap: HexMap, sides: list[Hexside], feature: str) -> ChangeHexsides | None:
    """A stroke from a river's end onward, as that river made longer; None when the stroke
    does not start at an end of a river of ``feature`` and leave it."""
    start, rest = sides[0], sides[1:]
    for i, river in enumerate(hexmap.rivers):
        if river.feature != feature:
            continue
        course = list(river.hexsides)
        if course[-1] == start and _goes_on(course, rest[0]):
            forward = True
        elif course[0] == start and _goes_on(course[::-1], rest[0]):
            forward, course = False, course[::-1]
        else:
            continue
        run = _free_run(hexmap, rest, feature)
        if not run:
            return None
        course += run
        if not forward:
            course.reverse()
        rivers = list(hexmap.rivers)
        rivers[i] = River(river.name, feature, tuple(course))
        features = {side: hexmap.features(*side.hexes) | {feature} for side in run}
        called = f" {river.name}" if river.name else ""
        return ChangeHexsides(features, tuple(rivers), f"Extend {feature}{called}")
    return None


def _erase(hexmap: HexMap, sides: list[Hexside], feature: str) -> ChangeHexsides:
    gone = [side for side in sides if feature in hexmap.features(*side.hexes)]
    features = {side: hexmap.features(*side.hexes) - {feature} for side in gone}
    rivers: list[River] = []
    for river in hexmap.rivers:
        if river.feature != feature or not set(river.hexsides) & set(gone):
            rivers.append(river)
            continue
        piece: list[Hexside] = []
        for side in (*river.hexsides, None):
            if side is None or side in gone:
                if piece:
                    rivers.append(River(river.name, feature, tuple(piece)))
                piece = []
            else:
                piece.append(side)
    return ChangeHexsides(features, tuple(rivers), f"Erase {feature} ({_count(gone)})")
