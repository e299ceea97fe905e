"""What the board shows besides the terrain and rivers, as the player set it in the View menu and
kept in ``QSettings`` so the next start looks the same.

A crowded map reads better without its printed hex labels or the grid; a screenshot for a rules
question may want only the terrain. Rivers are never hidden: every attack across one depends on
them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from PySide6.QtCore import QSettings


@dataclass(frozen=True)
class BoardDisplay:
    """Which of the board's printed extras are drawn."""

    hex_labels: bool = True
    """The printed hex numbers (``0504``), when zoomed in close enough to read them."""
    place_names: bool = True
    """Named places (towns, woods) under their hex, when zoomed in."""
    hex_grid: bool = True
    """The hex outlines."""
    terrain_symbols: bool = True
    """The woods, rough, city, ... symbols drawn over the terrain colours."""
    board_over_image: bool = True
    """On a map with a scanned image: the board (terrain colours, grid, labels, rivers) drawn
    over the image; off, the image alone shows under the counters."""
    faint_board: bool = True
    """On a map with a scanned image: the board drawn faintly, so the printed map shows
    through."""


MENU_TEXT: dict[str, str] = {
    "hex_labels": "Hex &Labels",
    "place_names": "&Place Names",
    "hex_grid": "Hex &Grid",
    "terrain_symbols": "Terrain &Symbols",
    "board_over_image": "&Board over the Map Image",
    "faint_board": "Board &Faint over the Map Image",
}
"""The View menu's words for each :class:`BoardDisplay` switch, in menu order."""

SETTINGS_GROUP = "display"


def load_display(settings: QSettings) -> BoardDisplay:
    """The display as the player left it (every switch on the first time)."""
    values = {
        f.name: bool(settings.value(f"{SETTINGS_GROUP}/{f.name}", True, type=bool))
        for f in fields(BoardDisplay)
    }
    return BoardDisplay(**values)


def save_switch(settings: QSettings, display: BoardDisplay, name: str, on: bool) -> BoardDisplay:
    """Turn the switch ``name`` on or off, remember it, and return the new display."""
    settings.setValue(f"{SETTINGS_GROUP}/{name}", on)
    settings.sync()
    return replace(display, **{name: on})
