"""What the map-image and import dialogs ask of the main window (a :class:`MainWindow`), as a
protocol, so they depend on these few things rather than on the window's module (which imports
them: no import circle)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QStatusBar

from hexcombat.ui.display_options import BoardDisplay
from hexcombat.ui.game_session import GameSession
from hexcombat.ui.map_scene import MapScene
from hexcombat.ui.map_view import MapView


class MapWindow(Protocol):
    """The main window as the map dialogs use it."""

    settings: QSettings
    session: GameSession | None
    scene: MapScene | None
    view: MapView
    display: BoardDisplay
    show_error: Callable[[str, str], None]
    choose_map_path: Callable[[str], str]

    def statusBar(self) -> QStatusBar: ...  # noqa: N802

    def open_file(self, path: str | Path) -> bool: ...
