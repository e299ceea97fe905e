"""The terrain legend (View > Terrain Legend, Help > Terrain Legend): each terrain of the open
map with the colour and symbol the board draws it in, each hexside feature with its line, and
each elevation level with its tint.

It follows the map file: its ``[legend]`` (the terrain letters it uses, in the file's order) and
the types it declares under ``[extra]``, so a map's own terrain or feature shows as the board
draws it (a colour or line of its own name).
"""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcombat.board.hexside import STANDARD_FEATURES
from hexcombat.board.layout import Layout
from hexcombat.board.mapfile import TERRAIN_TYPES, HexMap
from hexcombat.ui import terrain_style
from hexcombat.ui.counter_legend import counter_marks, counter_swatch
from hexcombat.ui.map_layout import HEX_SIZE
from hexcombat.ui.qtgeometry import hex_prototype

SWATCH = 48
"""Edge of a legend swatch in pixels."""


@dataclass(frozen=True)
class LegendEntry:
    """One line of the legend."""

    name: str
    """The terrain type or hexside feature, as the map file names it."""
    how: str
    """Where the map has it and how it is keyed: ``letter c, 35 hexes``."""
    own: bool
    """Declared under the map's ``[extra]`` (not one of the standard types)."""


def terrain_entries(hexmap: HexMap) -> list[LegendEntry]:
    """The map's terrain types in its ``[legend]`` order, each with its letters and hex count."""
    letters: dict[str, list[str]] = {}
    for letter, kind in hexmap.legend.items():
        letters.setdefault(kind, []).append(letter)
    for kind in sorted(set(hexmap.terrain.values()) - set(letters)):  # a map built in code
        letters[kind] = []
    counts = Counter(hexmap.terrain.values())
    entries = []
    for kind, keys in letters.items():
        key = f"letter {', '.join(keys)}, " if keys else ""
        n = counts.get(kind, 0)
        entries.append(LegendEntry(kind, f"{key}{n} hex{'es' if n != 1 else ''}",
                                   kind not in TERRAIN_TYPES))  # fmt: skip
    return entries


def feature_entries(hexmap: HexMap) -> list[LegendEntry]:
    """The hexside features on the map, and those it declares under ``[extra]``: standard ones
    first, each with how many hexsides carry it."""
    counts: Counter[str] = Counter()
    for features in hexmap.hexside_features.values():
        counts.update(features)
    declared = set(hexmap.feature_types) - STANDARD_FEATURES
    names = sorted(set(counts) | declared, key=lambda f: (f not in STANDARD_FEATURES, f))
    entries = []
    for name in names:
        n = counts.get(name, 0)
        style = terrain_style.hexside_style(name)
        line = style.looks or ("broken line" if style.dashes else "solid line")
        how = f"{line}, {n} hexside{'s' if n != 1 else ''}"
        entries.append(LegendEntry(name, how, name not in STANDARD_FEATURES))
    return entries


def elevation_entries(hexmap: HexMap) -> list[LegendEntry]:
    """Each elevation level the map's ``[elevation]`` uses, lowest first, with its hex count
    (none for a map without levels)."""
    if not hexmap.elevation:
        return []
    counts = Counter(hexmap.elevation.get(h, 0) for h in hexmap.terrain)
    return [
        LegendEntry(f"level {level}", f"{n} hex{'es' if n != 1 else ''}", False)
        for level, n in sorted(counts.items())
    ]


def elevation_swatch(level: int, orientation: str = "flat") -> QPixmap:
    """A clear hex at ``level`` as the board tints it."""
    pixmap = terrain_swatch("clear", orientation)
    tint = terrain_style.elevation_tint(level)
    if tint is not None:
        layout = Layout(orientation, SWATCH * 0.46)  # type: ignore[arg-type]
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.translate(SWATCH / 2, SWATCH / 2)
        p.setPen(QPen(terrain_style.CONTOUR, 1.5))
        p.setBrush(tint)
        p.drawPolygon(hex_prototype(layout))
        p.end()
    return pixmap


def terrain_swatch(kind: str, orientation: str = "flat") -> QPixmap:
    """A hex of ``kind`` as the board draws it close up: its colour, its symbol, the grid."""
    layout = Layout(orientation, SWATCH * 0.46)  # type: ignore[arg-type]
    pixmap = QPixmap(SWATCH, SWATCH)
    pixmap.fill(Qt.GlobalColor.transparent)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.translate(SWATCH / 2, SWATCH / 2)
    p.setPen(QPen(terrain_style.GRID.darker(150), 1.0))
    p.setBrush(terrain_style.terrain_colour(kind))
    p.drawPolygon(hex_prototype(layout))
    picture = terrain_style.TerrainSymbols(layout.size).picture(kind)
    if picture is not None:
        p.drawPicture(QPointF(0, 0), picture)
    p.end()
    return pixmap


def feature_swatch(feature: str) -> QPixmap:
    """A stretch of ``feature``'s line on clear terrain, in the board's pen for it at 100%."""
    pixmap = QPixmap(SWATCH, SWATCH)
    pixmap.fill(terrain_style.terrain_colour("clear"))
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    for pen in terrain_style.hexside_pens(feature, HEX_SIZE):
        p.setPen(pen)
        p.drawLine(QPointF(4, SWATCH / 2), QPointF(SWATCH - 4, SWATCH / 2))
    p.end()
    return pixmap


class TerrainLegend(QDialog):
    """A window beside the map listing its terrain and hexside features."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("TerrainLegend")
        self.setWindowTitle("Terrain Legend")  # and the counters' markings, under the map's
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Type", "On this map"])
        self.tree.setIconSize(QSize(SWATCH, SWATCH))
        self.tree.setRootIsDecorated(False)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.tree.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a key to read: no focus frame on it
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.setWordWrap(True)  # what a counter's marking means runs long
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.tree)
        self.resize(400, 640)
        self.show_map(None)

    def show_map(self, hexmap: HexMap | None) -> None:
        """List ``hexmap``'s terrain and features (None: no map open), then what the markings
        on the counters mean."""
        self.tree.clear()
        self._show_map(hexmap)
        self._add_section(
            "Counters", [(m.name, m.how, counter_swatch(m), False) for m in counter_marks()]
        )

    def _add_section(self, heading: str, rows: list[tuple[str, str, QPixmap, bool]]) -> None:
        """A bold heading, then each row: its name (* when the map's own), what, its swatch."""
        top = QTreeWidgetItem([heading])
        font = top.font(0)
        font.setBold(True)
        top.setFont(0, font)
        top.setFlags(Qt.ItemFlag.ItemIsEnabled)
        self.tree.addTopLevelItem(top)
        top.setFirstColumnSpanned(True)
        for name, how, swatch, own in rows:
            row = QTreeWidgetItem([f"{name} *" if own else name, how])
            row.setIcon(0, QIcon(swatch))
            row.setToolTip(1, how)
            self.tree.addTopLevelItem(row)

    def _show_map(self, hexmap: HexMap | None) -> None:
        if hexmap is None:
            self.title.setText("No map open.")
            return
        terrain, features = terrain_entries(hexmap), feature_entries(hexmap)
        own = any(e.own for e in (*terrain, *features))  # the key to * only where one is marked
        note = "<br>Types marked * are this map's own, declared under [extra]." if own else ""
        self.title.setText(f"<b>{html.escape(hexmap.name)}</b>{note}")
        for heading, entries, swatch in (
            ("Terrain", terrain, lambda e: terrain_swatch(e.name, hexmap.orientation)),
            ("Hexside features", features, lambda e: feature_swatch(e.name)),
            (
                "Elevation",
                elevation_entries(hexmap),
                lambda e: elevation_swatch(int(e.name.split()[-1]), hexmap.orientation),
            ),
        ):
            if entries:
                self._add_section(heading, [(e.name, e.how, swatch(e), e.own) for e in entries])

    def rows(self) -> list[tuple[str, str]]:
        """Every line as (name, what), headings included (tests read the legend this way)."""
        tree = self.tree
        return [
            (tree.topLevelItem(i).text(0), tree.topLevelItem(i).text(1))
            for i in range(tree.topLevelItemCount())
        ]
