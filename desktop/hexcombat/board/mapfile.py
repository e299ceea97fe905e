"""Map files: a hex map written as TOML, read with every problem located to its line.

The format (also described for map makers in ``maps/README.md``)::

    name = "Tutorial 14D2d: attack into woods"   # required
    description = "..."                          # optional, free text

    [layout]                      # required; how the printed map numbers its hexes
    orientation = "flat"          # flat | pointy
    offset = "odd"                # odd | even: which columns (flat) / rows (pointy) are shoved,
                                  #   counted from 0 at the left (top) edge
    label = "{col:02d}{row:02d}"  # format of the printed labels: {col} and {row}
    first = "0101"                # label of the top-left hex
    columns = 8
    rows = 6

    [legend]                      # required; one character per terrain type
    c = "clear"
    w = "woods"
    "." = "sea"                   # characters other than letters, digits, - and _ need quotes

    [terrain]                     # required; one string per map row, top to bottom,
    rows = [                      #   one character per hex, left to right; a space where
      "cccccccc",                 #   the printed map has no hex (a shorter column, a cut
      "ccccccc ",                 #   corner): that place is not on the map
      ...
    ]

    [elevation]                   # optional (tactical maps); one digit 0-9 per hex, laid out
    rows = [                      #   as [terrain] rows (a space where there is no hex); a map
                                  #   without it is all at level 0
      "00011000",
      ...
    ]

    [extra]                       # optional; types this map uses beyond the standard ones
    terrain = ["glacier"]
    features = ["escarpment"]

    [[hexsides]]                  # optional; a feature on hexsides in any order
    feature = "escarpment"
    hexsides = ["0403/0404", "0503/0504"]   # each hexside names its two adjacent hexes

    [[rivers]]                    # optional; a river as it runs, hexside after hexside,
    feature = "minor-river"       #   each meeting the one before it at a corner
    name = "Psel"                 # optional
    hexsides = ["0203/0204", "0203/0304", "0304/0403"]

    [[places]]                    # optional; named hexes (towns, objectives)
    hex = "0504"
    name = "Kharkov"

    [image]                       # optional; a scanned map drawn under the grid
    file = "scan.jpg"             # PNG or JPEG, relative to the map file
    origin = [43.5, 38.0]         # the pixel at the centre of the top-left hex
    hex_width = 80.5              # pixels (see hexcombat.board.mapimage)
    hex_height = 70.2

A map is a frame of ``columns`` x ``rows`` places; a place whose terrain character is a space
(:data:`NO_HEX`) has no hex, so a map follows a printed board whose alternate columns are one
hex longer, or whose edge is cut: such a place has no terrain, no neighbours and no label on
the map. Hex labels are always strings in quotes. A hexside is written ``"A/B"`` with the
labels of its two hexes in either order, one string per hexside, so every hexside has a line of
its own for problems to point at. Standard terrain: :data:`TERRAIN_TYPES`; standard hexside
features: ``minor-river``, ``major-river``, ``wall`` and ``hedgerow``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import MAJOR_RIVER, MINOR_RIVER, STANDARD_FEATURES, Hexside
from hexcombat.board.mapimage import (
    MAX_IMAGE_SIDE,
    MapImage,
    grid_off_image,
    image_info,
    truncation,
)
from hexcombat.board.offset import ORIENTATIONS, PARITIES, OffsetScheme, check_label_format
from hexcombat.paths import maps_dir
from hexcombat.sourcefile import KeyPath, Problem, SourceError, TomlSource, is_file, quoted

TERRAIN_TYPES: tuple[str, ...] = (
    "clear",
    "woods",
    "forest",
    "rough",
    "mountain",
    "swamp",
    "city",
    "major-city",
    "fortification",
    "sea",
    # tactical maps: the terrain the assault player aids name (a river *hex* is a stream a
    # unit stands in, beside the river hexsides of operational maps)
    "town",
    "entrenchment",
    "hill",
    "urban-building",
    "rural-building",
    "sunken-road",
    "marsh",
    "jungle",
    "river",
)
"""Terrain every map may use; a map declares any others under ``[extra] terrain``."""

NO_HEX = " "
"""The terrain (and elevation) character of a place in the frame where the printed map has no
hex; never a legend key, so every map written before it reads the same."""

_TOP_KEYS = ("name", "description", "layout", "legend", "terrain", "elevation", "extra", "image")
_TOP_ARRAYS = ("hexsides", "rivers", "places")
_IMAGE_KEYS = ("file", "origin", "hex_width", "hex_height")
_LAYOUT_KEYS = ("orientation", "offset", "label", "first", "columns", "rows")


@dataclass(frozen=True)
class River:
    """A river as its map maker drew it: its hexsides in order, for drawing it as one line."""

    name: str
    feature: str
    hexsides: tuple[Hexside, ...]


@dataclass
class HexMap:
    """A loaded map: its hexes with their terrain, hexside features and named places."""

    name: str
    scheme: OffsetScheme
    columns: int
    rows: int
    terrain: dict[Hex, str]
    """Every hex on the map and its terrain type."""
    hexside_features: dict[Hexside, frozenset[str]] = field(default_factory=dict)
    """Hexsides that carry a feature; a hexside absent here has none."""
    places: dict[Hex, str] = field(default_factory=dict)
    rivers: tuple[River, ...] = ()
    legend: dict[str, str] = field(default_factory=dict)
    """The terrain character of each terrain type, as the file wrote it."""
    terrain_types: frozenset[str] = frozenset(TERRAIN_TYPES)
    feature_types: frozenset[str] = STANDARD_FEATURES
    description: str = ""
    source: Path | None = None
    elevation: dict[Hex, int] = field(default_factory=dict)
    """The level (1-9) of each hex above level 0, for tactical maps; a hex absent is at 0."""
    image: MapImage | None = None
    """The scanned map under the grid, when the file names one (``[image]``)."""

    @property
    def orientation(self) -> str:
        """``"flat"`` or ``"pointy"``."""
        return self.scheme.orientation

    def __contains__(self, h: object) -> bool:
        return h in self.terrain

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.terrain)

    def __len__(self) -> int:
        return len(self.terrain)

    def in_frame(self, h: Hex) -> bool:
        """Whether ``h`` is one of the ``columns`` x ``rows`` places of the map's frame, a hex
        or a place with no hex (:data:`NO_HEX`)."""
        col, row = self.scheme.offset_of(h)
        return 0 <= col < self.columns and 0 <= row < self.rows

    def missing(self) -> list[Hex]:
        """The places of the frame that have no hex, in reading order (rows, then columns)."""
        if len(self.terrain) >= self.columns * self.rows:
            return []  # a full rectangle, as most maps are: nothing to look for
        return [
            h
            for r in range(self.rows)
            for h in self.scheme.hexes_of_row(r, self.columns)
            if h not in self.terrain
        ]

    def label(self, h: Hex) -> str:
        """The printed label of ``h``, e.g. ``"0504"``."""
        return self.scheme.label(h)

    def hex_at(self, label: str) -> Hex:
        """The hex printed ``label``; ``ValueError`` if it is not a label or not on this map."""
        h = self.scheme.parse_label(label)
        if h not in self.terrain:
            if self.in_frame(h):
                raise ValueError(
                    f"hex {label!r} is not on the map: the printed map has no hex there"
                )
            raise ValueError(f"hex {label!r} is off the map ({self.extent()})")
        return h

    def extent(self) -> str:
        """The map's label range, e.g. ``"0101 to 0806"``, for messages."""
        top_left = self.scheme.hex_of(0, 0)
        bottom_right = self.scheme.hex_of(self.columns - 1, self.rows - 1)
        return f"{self.scheme.label(top_left)} to {self.scheme.label(bottom_right)}"

    def features(self, a: Hex, b: Hex) -> frozenset[str]:
        """The features on the hexside between adjacent ``a`` and ``b`` (empty if none)."""
        return self.hexside_features.get(Hexside(a, b), frozenset())


# reading ---------------------------------------------------------------------------------------


def _shown(value: Any) -> str:
    """A value as it would look in the file, for messages."""
    if isinstance(value, str):
        return quoted(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return str(value)


def _names(values: Any) -> str:
    return ", ".join(sorted(values))


class _Reader:
    """Reads one map source, collecting every problem instead of stopping at the first."""

    def __init__(self, source: TomlSource) -> None:
        self.source = source
        self.data = source.data
        self.problems: list[Problem] = []
        self.scheme: OffsetScheme | None = None
        self.columns = 0
        self.rows = 0
        self.extent = ""
        self.terrain_types = frozenset(TERRAIN_TYPES)
        self.feature_types = STANDARD_FEATURES
        self.faulty_letters: set[str] = set()
        self.no_hex: set[Hex] = set()
        """The places of the frame written with :data:`NO_HEX`: no hex there."""
        self._located: dict[str, tuple[Hex | None, str | None]] = {}
        """Each hex label read so far: a river names most hexes on its banks twice or more."""

    def problem(self, keypath: KeyPath, message: str) -> None:
        self.problems.append(self.source.problem(keypath, message))

    # small typed getters ------------------------------------------------------------------

    def table(self, keypath: KeyPath, required: bool) -> dict[str, Any] | None:
        parent: Any = self.data
        for key in keypath[:-1]:
            parent = parent[key]
        value = parent.get(keypath[-1])
        if value is None:
            if required:
                self.problem(
                    keypath[:-1], f"missing required table [{'.'.join(map(str, keypath))}]"
                )
            return None
        if not isinstance(value, dict):
            self.problem(keypath, f"{_dotted(keypath)} must be a table, not {_shown(value)}")
            return None
        return value

    def string(
        self, table: dict[str, Any], keypath: KeyPath, required: bool = True, names: str = ""
    ) -> str | None:
        """The string at ``keypath``; when it ``names`` something, an empty or all-space string
        is a problem (it would name nothing on the map or in a message)."""
        value = table.get(keypath[-1])
        if value is None:
            if required:
                self.problem(keypath[:-1], f"missing required key {_dotted(keypath)}")
            return None
        if not isinstance(value, str):
            self.problem(
                keypath, f"{_dotted(keypath)} must be a string in quotes, not {_shown(value)}"
            )
            return None
        if names and not value.strip():
            self.problem(
                keypath, f"{_dotted(keypath)} is blank ({_shown(value)}); it must name {names}"
            )
            return None
        return value

    def count(self, table: dict[str, Any], keypath: KeyPath) -> int | None:
        value = table.get(keypath[-1])
        if value is None:
            self.problem(keypath[:-1], f"missing required key {_dotted(keypath)}")
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            self.problem(
                keypath,
                f"{_dotted(keypath)} must be a whole number of at least 1, not {_shown(value)}",
            )
            return None
        return value

    def strings(self, table: dict[str, Any], keypath: KeyPath, required: bool) -> list[str] | None:
        value = table.get(keypath[-1])
        if value is None:
            if required:
                self.problem(keypath[:-1], f"missing required key {_dotted(keypath)}")
            return None
        if not isinstance(value, list):
            self.problem(
                keypath, f"{_dotted(keypath)} must be a list of strings, not {_shown(value)}"
            )
            return None
        good = True
        for i, item in enumerate(value):
            if not isinstance(item, str):
                self.problem(
                    keypath + (i,),
                    f"{_dotted(keypath)} must hold strings in quotes, not {_shown(item)}",
                )
                good = False
        return value if good else None

    def unknown_keys(self, table: dict[str, Any], keypath: KeyPath, known: tuple[str, ...]) -> None:
        for key in table:
            if key not in known:
                where = f"in [{_dotted(keypath)}]" if keypath else "at the top of a map"
                self.problem(
                    keypath + (key,),
                    f"unknown key {key!r} {where}; expected {', '.join(known)}",
                )

    # the sections -------------------------------------------------------------------------

    def read(self) -> HexMap | None:
        self.unknown_keys(self.data, (), _TOP_KEYS + _TOP_ARRAYS)
        name = self.string(self.data, ("name",), names="the map")
        description = self.string(self.data, ("description",), required=False) or ""
        self.read_layout()
        self.read_extra()
        legend = self.read_legend()
        terrain = self.read_terrain(legend)
        features: dict[Hexside, dict[str, tuple[KeyPath, str]]] = {}
        self.read_hexside_lists(features)
        rivers = self.read_rivers(features)
        places = self.read_places()
        elevation = self.read_elevation()
        image = self.read_image()
        if self.problems or self.scheme is None or name is None or terrain is None:
            return None
        return HexMap(
            name=name,
            scheme=self.scheme,
            columns=self.columns,
            rows=self.rows,
            terrain=terrain,
            hexside_features={side: frozenset(f) for side, f in features.items()},
            places=places,
            rivers=tuple(rivers),
            legend={letter: kind for letter, kind in (legend or {}).items()},
            terrain_types=self.terrain_types,
            feature_types=self.feature_types,
            description=description,
            source=self.source.path,
            elevation=elevation,
            image=image,
        )

    def read_layout(self) -> None:
        layout = self.table(("layout",), required=True)
        if layout is None:
            return
        self.unknown_keys(layout, ("layout",), _LAYOUT_KEYS)
        orientation = self.string(layout, ("layout", "orientation"))
        if orientation is not None and orientation not in ORIENTATIONS:
            self.problem(
                ("layout", "orientation"),
                f'layout.orientation must be "flat" or "pointy", not {_shown(orientation)}',
            )
            orientation = None
        parity = self.string(layout, ("layout", "offset"))
        if parity is not None and parity not in PARITIES:
            self.problem(
                ("layout", "offset"),
                f'layout.offset must be "odd" or "even", not {_shown(parity)}',
            )
            parity = None
        label = self.string(layout, ("layout", "label"))
        if label is not None:
            try:
                check_label_format(label)
            except ValueError as exc:
                self.problem(("layout", "label"), str(exc))
                label = None
        first = self.string(layout, ("layout", "first"))
        columns = self.count(layout, ("layout", "columns"))
        rows = self.count(layout, ("layout", "rows"))
        # Known sizes let the terrain rows be checked even when the numbering is at fault.
        self.columns, self.rows = columns or 0, rows or 0
        if orientation is None or parity is None or label is None or first is None:
            return
        try:
            scheme = OffsetScheme(orientation, parity, label, first)  # type: ignore[arg-type]
        except ValueError as exc:
            self.problem(("layout", "first"), str(exc))
            return
        if columns is None or rows is None:
            return
        if not scheme.fits(columns, rows):
            last = scheme.printed(scheme.hex_of(columns - 1, rows - 1))
            self.problem(
                ("layout", "label"),
                f"label format {label!r} cannot number a map of {columns} columns and {rows} "
                f"rows starting at {first!r}: the last hex is column {last[0]}, row {last[1]}; "
                "use wider numbers, e.g. {col:03d}{row:03d}",
            )
            return
        self.scheme = scheme
        self.extent = f"{scheme.label(scheme.hex_of(0, 0))} to " + scheme.label(
            scheme.hex_of(columns - 1, rows - 1)
        )

    def read_extra(self) -> None:
        extra = self.table(("extra",), required=False)
        if extra is None:
            return
        self.unknown_keys(extra, ("extra",), ("terrain", "features"))
        terrain = self.names(extra, ("extra", "terrain"))
        self.terrain_types = self.terrain_types | frozenset(terrain)
        features = self.names(extra, ("extra", "features"))
        self.feature_types = self.feature_types | frozenset(features)

    def names(self, table: dict[str, Any], keypath: KeyPath) -> list[str]:
        """The type names a list declares, leaving out (and reporting) blank ones."""
        found = []
        for i, name in enumerate(self.strings(table, keypath, required=False) or []):
            if name.strip():
                found.append(name)
            else:
                self.problem(
                    keypath + (i,), f"{_dotted(keypath)} holds a blank name ({_shown(name)})"
                )
        return found

    def read_legend(self) -> dict[str, str] | None:
        legend = self.table(("legend",), required=True)
        if legend is None:
            return None
        good: dict[str, str] = {}
        for letter, kind in legend.items():
            keypath = ("legend", letter)
            self.faulty_letters.add(letter)
            if len(letter) != 1 or letter.isspace():
                self.problem(
                    keypath,
                    f"legend keys are single characters, one per terrain type; {letter!r} is not",
                )
                continue
            if not isinstance(kind, str):
                self.problem(
                    keypath,
                    f"legend {letter!r} must name a terrain type in quotes, not {_shown(kind)}",
                )
                continue
            if not kind.strip():
                self.problem(
                    keypath,
                    f"legend {letter!r} is blank ({_shown(kind)}); it must name a terrain type",
                )
                continue
            if kind not in self.terrain_types:
                self.problem(
                    keypath,
                    f"unknown terrain type {kind!r} for legend {letter!r}; known types: "
                    f"{_names(self.terrain_types)} (declare others under [extra] terrain)",
                )
                continue
            good[letter] = kind
            self.faulty_letters.discard(letter)
        return good

    def read_terrain(self, legend: dict[str, str] | None) -> dict[Hex, str] | None:
        table = self.table(("terrain",), required=True)
        if table is None:
            return None
        self.unknown_keys(table, ("terrain",), ("rows",))
        rows = self.strings(table, ("terrain", "rows"), required=True)
        if rows is None:
            return None
        if self.rows and len(rows) < self.rows:
            self.problem(
                ("terrain", "rows"),
                f"terrain has {len(rows)} rows; expected {self.rows} (layout.rows)",
            )
        if legend is None:
            return None
        scheme, columns = self.scheme, self.columns
        terrain: dict[Hex, str] = {}
        known = ", ".join(legend) or "no letters"
        for r, text in enumerate(rows):
            keypath = ("terrain", "rows", r)
            if self.rows and r >= self.rows:
                self.problem(
                    keypath,
                    f"terrain row {r + 1} is beyond the map's {self.rows} rows (layout.rows); "
                    "remove it or raise layout.rows",
                )
                continue
            if columns and len(text) != columns:
                self.problem(
                    keypath,
                    f"terrain row {r + 1} has {len(text)} hexes; expected {columns} "
                    "(layout.columns)",
                )
            kinds = [legend.get(letter) for letter in text]
            if scheme is not None and r < self.rows and NO_HEX in text:
                places = zip(scheme.hexes_of_row(r, columns), text, strict=False)
                self.no_hex.update(h for h, letter in places if letter == NO_HEX)
            if scheme is not None and r < self.rows and len(text) == columns and None not in kinds:
                terrain.update(zip(scheme.hexes_of_row(r, columns), kinds, strict=True))
                continue  # every letter known: the whole row at once
            bad: dict[str, list[int]] = {}
            for c, letter in enumerate(text):
                kind = legend.get(letter)
                if letter == NO_HEX:
                    continue  # the printed map has no hex here
                if kind is None:
                    if letter not in self.faulty_letters:  # already reported at the legend
                        bad.setdefault(letter, []).append(c)
                elif scheme is not None and c < columns and r < self.rows:
                    terrain[scheme.hex_of(c, r)] = kind
            for letter, cols in bad.items():
                plural = "s" if len(cols) > 1 else ""
                where = f"row {r + 1}, column{plural} " + ", ".join(str(c + 1) for c in cols)
                on_map = [c for c in cols if not columns or c < columns]
                if scheme is not None and on_map:
                    labels = ", ".join(_safe_label(scheme, scheme.hex_of(c, r)) for c in on_map)
                    where += f" (hex{'es' if len(on_map) > 1 else ''} {labels})"
                self.problem(
                    keypath,
                    f"unknown terrain letter {letter!r} in {where}; the legend has {known}",
                )
        if scheme is not None and rows and columns and not terrain and not self.problems:
            self.problem(
                ("terrain", "rows"),
                "every place of the terrain rows is a space (no hex); a map needs at least one hex",
            )
        return terrain

    def read_elevation(self) -> dict[Hex, int]:
        """The optional ``[elevation]`` rows: one digit per hex, as the terrain rows lay them
        out; every row out of shape or character not a digit is a problem at its line."""
        table = self.table(("elevation",), required=False)
        if table is None:
            return {}
        self.unknown_keys(table, ("elevation",), ("rows",))
        rows = self.strings(table, ("elevation", "rows"), required=True)
        if rows is None:
            return {}
        if self.rows and len(rows) != self.rows:
            self.problem(
                ("elevation", "rows"),
                f"elevation has {len(rows)} rows; expected {self.rows} (layout.rows)",
            )
        elevation: dict[Hex, int] = {}
        for r, text in enumerate(rows[: self.rows or None]):
            keypath = ("elevation", "rows", r)
            if self.columns and len(text) != self.columns:
                self.problem(
                    keypath,
                    f"elevation row {r + 1} has {len(text)} hexes; expected {self.columns} "
                    "(layout.columns)",
                )
            bad = sorted({c for c in text if c not in "0123456789" + NO_HEX})
            if not bad and self.scheme is not None:
                spaces = [
                    c
                    for c, digit in enumerate(text[: self.columns])
                    if (digit == NO_HEX) != (self.scheme.hex_of(c, r) in self.no_hex)
                    and digit != "0"
                ]
                if spaces:
                    c = spaces[0]
                    label = _safe_label(self.scheme, self.scheme.hex_of(c, r))
                    self.problem(
                        keypath,
                        f"elevation row {r + 1}, column {c + 1} (hex {label}) is "
                        f"{_shown(text[c])}; [elevation] has a space (or 0) where [terrain] "
                        "has a space (no hex), and a digit at every hex",
                    )
                    continue
            if bad:
                self.problem(
                    keypath,
                    f"elevation row {r + 1} holds {', '.join(map(repr, bad))}; each hex's "
                    "level is one digit, 0 to 9",
                )
                continue
            if self.scheme is None:
                continue
            for c, digit in enumerate(text[: self.columns]):
                if digit not in ("0", NO_HEX):
                    elevation[self.scheme.hex_of(c, r)] = int(digit)
        return elevation

    def parse_hex(self, keypath: KeyPath, text: str, context: str) -> Hex | None:
        if self.scheme is None:
            return None
        h, why = self.locate_hex(text)
        if why is not None:
            self.problem(keypath, f"{context}: {why}")
        return h

    def locate_hex(self, text: str) -> tuple[Hex | None, str | None]:
        """The hex labelled ``text`` on this map, or why there is none."""
        found = self._located.get(text) if isinstance(text, str) else None
        if found is None:
            found = self._locate_hex(text)
            if isinstance(text, str):
                self._located[text] = found
        return found

    def _locate_hex(self, text: str) -> tuple[Hex | None, str | None]:
        assert self.scheme is not None
        try:
            h = self.scheme.parse_label(text)
        except ValueError as exc:
            return None, str(exc)
        col, row = self.scheme.offset_of(h)
        if not (0 <= col < self.columns and 0 <= row < self.rows):
            return None, f"hex {text!r} is off the map ({self.extent})"
        if h in self.no_hex:
            return None, f"hex {text!r} is not on the map: its terrain row has a space (no hex)"
        return h, None

    def parse_hexside(self, keypath: KeyPath, text: str) -> Hexside | None:
        """The hexside written ``"A/B"``; whatever is wrong with it is one problem, even when
        both halves are at fault."""
        parts = [part.strip() for part in text.split("/")]
        if len(parts) != 2 or not all(parts):
            example = "0403/0404"
            if self.scheme is not None:
                first = self.scheme.hex_of(0, 0)
                example = f"{self.scheme.label(first)}/{self.scheme.label(first.neighbour(5))}"
            self.problem(
                keypath,
                f"hexside {text!r} must name two hexes separated by '/', e.g. {example!r}",
            )
            return None
        if self.scheme is None:
            return None
        (a, why_a), (b, why_b) = self.locate_hex(parts[0]), self.locate_hex(parts[1])
        if why_a is not None and why_b is not None:
            self.problem(keypath, f"hexside {text!r}: {_both_wrong(*parts, why_a, why_b)}")
            return None
        if why_a is not None or why_b is not None:
            self.problem(keypath, f"hexside {text!r}: {why_a or why_b}")
            return None
        assert a is not None and b is not None
        if a == b:
            self.problem(
                keypath,
                f"hexside {text!r} names hex {parts[0]} twice; a hexside lies "
                "between two neighbouring hexes",
            )
            return None
        try:
            return Hexside(a, b)
        except ValueError:
            self.problem(
                keypath,
                f"hexside {text!r}: {parts[0]} and {parts[1]} are not adjacent; "
                "a hexside lies between two neighbouring hexes",
            )
            return None

    def feature_of(self, table: dict[str, Any], keypath: KeyPath) -> str | None:
        feature = self.string(table, keypath + ("feature",), names="a hexside feature")
        if feature is not None and feature not in self.feature_types:
            self.problem(
                keypath + ("feature",),
                f"unknown hexside feature {feature!r}; known features: "
                f"{_names(self.feature_types)} (declare others under [extra] features)",
            )
            return None
        return feature

    def add_feature(
        self,
        features: dict[Hexside, dict[str, tuple[KeyPath, str]]],
        side: Hexside,
        feature: str,
        keypath: KeyPath,
        text: str,
    ) -> None:
        on_side = features.setdefault(side, {})
        clash = {MINOR_RIVER: MAJOR_RIVER, MAJOR_RIVER: MINOR_RIVER}.get(feature)
        if clash is not None and clash in on_side:
            # Named at whichever entry comes second in the file, whatever the order read.
            first_path, first_text = on_side[clash]
            entries = [(first_path, first_text, clash), (keypath, text, feature)]
            entries.sort(key=lambda entry: self.source.line_of(*entry[0]))
            (earlier, _, was), (later, later_text, now) = entries
            self.problem(
                later,
                f"hexside {later_text!r} is already a {was} (line "
                f"{self.source.line_of(*earlier)}); it cannot also be a {now}",
            )
            return
        if feature in on_side:
            # The same feature twice (two rivers, or a river and a [[hexsides]] list): named at
            # whichever entry comes second in the file, as a clash is.
            first_path, first_text = on_side[feature]
            if self.source.line_of(*keypath) < self.source.line_of(*first_path):
                (first_path, first_text), (keypath, text) = (
                    (keypath, text),
                    (first_path, first_text),
                )
                on_side[feature] = (first_path, first_text)
            self.problem(
                keypath,
                f"hexside {text!r} is listed twice as a {feature} (also line "
                f"{self.source.line_of(*first_path)})",
            )
            return
        on_side[feature] = (keypath, text)

    def array_of_tables(self, key: str) -> list[dict[str, Any]]:
        value = self.data.get(key)
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.problem((key,), f"{key} must be written as [[{key}]] tables")
            return []
        return value

    def read_hexside_lists(self, features: dict[Hexside, dict[str, tuple[KeyPath, str]]]) -> None:
        for i, table in enumerate(self.array_of_tables("hexsides")):
            base: KeyPath = ("hexsides", i)
            self.unknown_keys(table, base, ("feature", "hexsides"))
            feature = self.feature_of(table, base)
            texts = self.strings(table, base + ("hexsides",), required=True) or []
            if "hexsides" in table and table["hexsides"] == []:
                self.problem(
                    base + ("hexsides",),
                    f"[[hexsides]] number {i + 1} lists no hexsides; give it at least one",
                )
            seen: dict[Hexside, int] = {}
            for j, text in enumerate(texts):
                keypath = base + ("hexsides", j)
                side = self.parse_hexside(keypath, text)
                if side is None:
                    continue
                if side in seen:
                    line = self.source.line_of(*base, "hexsides", seen[side])
                    self.problem(keypath, f"hexside {text!r} is listed twice (also line {line})")
                    continue
                seen[side] = j
                if feature is not None:
                    self.add_feature(features, side, feature, keypath, text)

    def read_rivers(self, features: dict[Hexside, dict[str, tuple[KeyPath, str]]]) -> list[River]:
        rivers: list[River] = []
        for i, table in enumerate(self.array_of_tables("rivers")):
            base: KeyPath = ("rivers", i)
            self.unknown_keys(table, base, ("feature", "name", "hexsides"))
            feature = self.feature_of(table, base)
            name = (
                self.string(
                    table, base + ("name",), required=False, names="the river (or leave name out)"
                )
                or ""
            )
            called = f"river {name!r}" if name else f"river {i + 1}"
            texts = self.strings(table, base + ("hexsides",), required=True) or []
            if "hexsides" in table and table["hexsides"] == []:
                self.problem(
                    base + ("hexsides",),
                    f"{called} lists no hexsides; a river runs along at least one",
                )
            course: list[Hexside] = []
            seen: set[Hexside] = set()
            previous: tuple[Hexside, str] | None = None
            last_corner: frozenset[Hex] | None = None
            for j, text in enumerate(texts):
                keypath = base + ("hexsides", j)
                side = self.parse_hexside(keypath, text)
                if side is None or side in seen:
                    if side is not None:
                        self.problem(keypath, f"{called}: hexside {text!r} is listed twice")
                    previous = last_corner = None
                    continue
                corner = None if previous is None else previous[0].corner_with(side)
                if previous is not None and corner is None:
                    self.problem(
                        keypath,
                        f"{called}: hexside {text!r} does not meet the hexside before it "
                        f"({previous[1]!r}) at a corner; list a river's hexsides in the order "
                        "it runs",
                    )
                elif corner is not None and corner == last_corner:
                    self.problem(
                        keypath,
                        f"{called}: hexside {text!r} leaves from the corner the river came in "
                        f"by; after {previous[1]!r} it must go on from that hexside's other end",
                    )
                last_corner = corner
                previous = (side, text)
                course.append(side)
                seen.add(side)
                if feature is not None:
                    self.add_feature(features, side, feature, keypath, text)
            if feature is not None:
                rivers.append(River(name, feature, tuple(course)))
        return rivers

    def read_image(self) -> MapImage | None:
        """The ``[image]`` table: the scan's file and the calibration that puts the grid on it
        (whether the file is there is the checker's and the window's business: a map whose
        image is missing still opens)."""
        table = self.table(("image",), required=False)
        if table is None:
            return None
        self.unknown_keys(table, ("image",), _IMAGE_KEYS)
        file = self.string(table, ("image", "file"), names="the map's image file")
        origin = table.get("origin")
        if origin is None:
            self.problem(("image",), "missing required key image.origin")
        elif not (
            isinstance(origin, list)
            and len(origin) == 2
            and all(_finite(v) and abs(v) <= 10 * MAX_IMAGE_SIDE for v in origin)
        ):
            self.problem(
                ("image", "origin"),
                "image.origin must be two numbers, the pixel [x, y] at the centre of the "
                f"top-left hex, not {_shown(origin)}",
            )
            origin = None
        sizes = [self.pixels(table, key) for key in ("hex_width", "hex_height")]
        if file is None or origin is None or None in sizes:
            return None
        base = None if self.source.path.name.startswith("<") else self.source.path.parent
        width, height = sizes
        assert width is not None and height is not None
        return MapImage(file, (float(origin[0]), float(origin[1])), width, height, base)

    def pixels(self, table: dict[str, Any], key: str) -> float | None:
        """A hex's width or height in image pixels: a number above 1 and below the largest
        image's side."""
        value = table.get(key)
        if value is None:
            self.problem(("image",), f"missing required key image.{key}")
            return None
        if not _finite(value) or not 1 <= value <= MAX_IMAGE_SIDE:
            self.problem(
                ("image", key),
                f"image.{key} must be a number of pixels from 1 to {MAX_IMAGE_SIDE}, "
                f"not {_shown(value)}",
            )
            return None
        return float(value)

    def read_places(self) -> dict[Hex, str]:
        places: dict[Hex, str] = {}
        where: dict[Hex, int] = {}
        for i, table in enumerate(self.array_of_tables("places")):
            base: KeyPath = ("places", i)
            self.unknown_keys(table, base, ("hex", "name"))
            name = self.string(table, base + ("name",), names="the place")
            label = table.get("hex")
            if label is None:
                self.problem(base, "missing required key places.hex")
                continue
            called = f"place {name!r}" if name else f"place {i + 1}"
            if not isinstance(label, str) and self.scheme is None:
                # parse_hex says this when the layout is sound; say it when it is not, too
                self.problem(
                    base + ("hex",),
                    f"{called}: hex labels are strings in quotes, like '0101', not {label!r}",
                )
                continue
            h = self.parse_hex(base + ("hex",), label, called)
            if h is None or name is None:
                continue
            if h in places:
                line = self.source.line_of("places", where[h])
                self.problem(
                    base + ("hex",),
                    f"hex {label!r} already has a place, {places[h]!r} (line {line})",
                )
                continue
            places[h] = name
            where[h] = i
        return places


def _finite(value: Any) -> bool:
    """A TOML number (whole or not) that is neither infinite nor nan."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _both_wrong(a: str, b: str, why_a: str, why_b: str) -> str:
    """One reason for a hexside whose two halves are both wrong, said once when it is the same
    reason ("hexes '0501' and '0601' are off the map ...")."""
    off_a, off_b = why_a.removeprefix(f"hex {a!r} is "), why_b.removeprefix(f"hex {b!r} is ")
    if off_a == off_b and off_a.startswith("off the map"):
        return f"hexes {a!r} and {b!r} are {off_a}"
    not_a, not_b = why_a.removeprefix(f"{a!r} is not "), why_b.removeprefix(f"{b!r} is not ")
    if not_a == not_b and not_a.startswith("a hex label"):
        return f"{a!r} and {b!r} are not hex labels{not_a.removeprefix('a hex label')}"
    return f"{why_a}; {why_b}"


def _dotted(keypath: KeyPath) -> str:
    return ".".join(str(k) for k in keypath if isinstance(k, str))


def _safe_label(scheme: OffsetScheme, h: Hex) -> str:
    try:
        return scheme.label(h)
    except ValueError:
        return str(h)


# the public functions --------------------------------------------------------------------------


def is_map_source(source: TomlSource) -> bool:
    """Whether a parsed TOML file means to be a map: it has a ``layout``, ``legend`` or
    ``terrain`` key, even one of the wrong type (``layout = "flat"``), so that the checker says
    what is wrong with it rather than not recognising it."""
    return any(key in source.data for key in ("layout", "legend", "terrain"))


def check_map_source(source: TomlSource) -> list[Problem]:
    """Every problem in a map source, in file order (an empty list when it is sound); a map
    that names an image also has the image checked: there, a PNG or JPEG hexcombat can show,
    and the calibrated grid on it."""
    reader = _Reader(source)
    hexmap = reader.read()
    if hexmap is not None and hexmap.image is not None:
        reader.problems.extend(_image_problems(source, hexmap, hexmap.image))
    return sorted(reader.problems, key=lambda p: p.line)


def _image_problems(source: TomlSource, hexmap: HexMap, image: MapImage) -> list[Problem]:
    try:
        info = image_info(image.path)
        cut = truncation(image.path, info)
    except (OSError, ValueError) as exc:
        return [source.problem(("image", "file"), f"image.file: {exc}")]
    if cut is not None:
        return [source.problem(("image", "file"), f"image.file: {cut}")]
    off = grid_off_image(image, hexmap.scheme, hexmap.columns, hexmap.rows, info)
    return [] if off is None else [source.problem(("image", "origin"), f"calibration: {off}")]


def map_from_source(source: TomlSource) -> HexMap:
    """The map a parsed source describes; ``SourceError`` listing every problem if unsound."""
    reader = _Reader(source)
    hexmap = reader.read()
    if hexmap is None:
        raise SourceError(sorted(reader.problems, key=lambda p: p.line))
    return hexmap


def load_map(path: str | Path) -> HexMap:
    """Read a map file; ``SourceError`` listing every problem (never a traceback)."""
    return map_from_source(TomlSource.load(path))


def shipped_maps() -> list[str]:
    """The names of the maps shipped in ``maps/`` (file names without ``.toml``)."""
    folder = maps_dir()
    if not folder.is_dir():
        return []
    names = []
    for path in sorted(folder.glob("*.toml")):
        try:
            if is_map_source(TomlSource.load(path)):
                names.append(path.stem)
        except SourceError:
            names.append(path.stem)
    return names


def find_map(name_or_path: str | Path) -> Path:
    """The file a map reference means: a path as given, or a bare name such as
    ``"tutorial-14d2d"`` looked up in the shipped ``maps/`` folder.

    ``FileNotFoundError`` naming the shipped maps when there is no such file.
    """
    text = str(name_or_path)
    path = Path(text)
    if is_file(path):
        return path
    looks_like_path = path.suffix == ".toml" or "/" in text or "\\" in text
    if not looks_like_path:
        candidate = maps_dir() / f"{text}.toml"
        if is_file(candidate):
            return candidate
    known = ", ".join(shipped_maps()) or "none"
    raise FileNotFoundError(f"no map {text!r}: not a file, and not a shipped map ({known})")
