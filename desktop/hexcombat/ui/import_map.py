"""File > Import Map: a Tiled hex map or a VASSAL module's board made into a map and opened.

Tiles that name no terrain are mapped in a dialog (each tile with the number of hexes it
covers, a terrain to choose or type); what the import could not carry over is shown before the
map opens.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImageReader
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QMessageBox,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from hexcombat.board.import_tiled import UnmappedTiles
from hexcombat.board.imported import Imported, ImportRefused, terrain_name, write_import
from hexcombat.board.mapfile import TERRAIN_TYPES
from hexcombat.game.import_cli import import_map
from hexcombat.ui.window_host import MapWindow

AskMapping = Callable[[dict[str, int]], "dict[str, str] | None"]


MAX_LIST_HEIGHT = 480
"""The tallest the list of tiles is drawn before it scrolls."""


def _tile_order(key: str) -> tuple[str, int, str]:
    """``land:2`` before ``land:10``: a tileset's tiles in their numbers' order."""
    name, _, number = key.rpartition(":")
    return (name, int(number), key) if number.isdigit() else (key, -1, key)


class TerrainMapping(QDialog):
    """The terrain of each tile that names none: chosen from the standard types or typed."""

    def __init__(self, tiles: dict[str, int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Terrain of the Tiled tiles")
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel("These tiles name no terrain (no 'terrain' property, no class). Choose one:")
        )
        rows = QWidget()
        form = QFormLayout(rows)
        self.choices: dict[str, QComboBox] = {}
        for key, count in sorted(tiles.items(), key=lambda item: _tile_order(item[0])):
            box = QComboBox()
            box.setEditable(True)  # a type of the map's own goes under [extra]
            box.addItems(TERRAIN_TYPES)
            self.choices[key] = box
            label = QLabel(f"{key} ({count} hex{'es' if count != 1 else ''})")
            label.setTextFormat(Qt.TextFormat.PlainText)  # names from the file, as written
            form.addRow(label, box)
        area = QScrollArea()  # a large tileset's tiles scroll; OK stays on screen
        area.setWidget(rows)
        area.setWidgetResizable(True)
        area.setMinimumHeight(
            min(rows.sizeHint().height() + 2 * area.frameWidth(), MAX_LIST_HEIGHT)
        )
        area.setMinimumWidth(rows.sizeHint().width() + 24)
        layout.addWidget(area)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def mapping(self) -> dict[str, str]:
        """Each tile's terrain as chosen (blank ones left out)."""
        chosen = {key: terrain_name(box.currentText()) for key, box in self.choices.items()}
        return {key: kind for key, kind in chosen.items() if kind}


def ask_mapping_dialog(parent: QWidget) -> AskMapping:
    def ask(tiles: dict[str, int]) -> dict[str, str] | None:
        dialog = TerrainMapping(tiles, parent)
        return dialog.mapping() if dialog.exec() == QDialog.DialogCode.Accepted else None

    return ask


def import_into_window(
    window: MapWindow,
    source: Path,
    target: Path,
    ask_mapping: AskMapping | None = None,
    tell: Callable[[str], None] | None = None,
) -> bool:
    """Import ``source`` into the map file ``target`` and open it; False (the reason shown)
    when it cannot be imported or the player stopped at the terrain of the tiles."""
    ask = ask_mapping or ask_mapping_dialog(window)
    mapping: dict[str, str] = {}
    while True:
        try:
            imported = import_map(source, target, mapping)
            notes = write_import(imported, source, target)
            break
        except UnmappedTiles as exc:
            more = ask(exc.tiles)
            if not more or not set(exc.tiles) <= set(more):
                window.statusBar().showMessage("Import stopped: some tiles have no terrain", 6000)
                return False
            mapping.update(more)
        except ImportRefused as exc:
            window.show_error(f"Cannot import {source.name}", str(exc))
            return False
        except OSError as exc:  # the file it names: the map or image written, else the source
            where = exc.filename if isinstance(exc.filename, str) else target
            window.show_error(f"Cannot import {source.name}", f"{where}: {exc.strerror or exc}")
            return False
        except Exception as exc:  # noqa: BLE001 - the last line of defence, as opening has
            what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            window.show_error(
                f"Cannot import {source.name}", f"{source}: cannot be imported ({what})"
            )
            return False
    notes = converted_images(imported, target, notes)
    if notes:
        say = tell or (lambda text: QMessageBox.information(window, "Imported map", text))
        say("Not carried over, or changed:\n\n" + "\n".join(f"- {note}" for note in notes))
    return window.open_file(target)


def converted_images(imported: Imported, target: Path, notes: list[str]) -> list[str]:
    """Make the PNG of each GIF or SVG board image written beside the map (Qt reads both), at
    the size the grid was calibrated for; the notes, saying what was converted. A picture Qt
    cannot read, or a PNG of that name already there, is left as the import's note says."""
    notes = list(notes)
    for name, (original, (width, height)) in imported.convert.items():
        png, source = target.parent / name, target.parent / original
        if png.exists() or not source.is_file():
            continue
        reader = QImageReader(str(source))
        reader.setAllocationLimit(max(256, width * height * 4 >> 20) + 16)
        if original.endswith(".svg"):
            reader.setScaledSize(QSize(width, height))
        image = reader.read()
        part = png.with_name(f"{png.name}.importing")
        if image.isNull() or not image.save(str(part), "PNG"):
            continue
        part.replace(png)
        kind = original.rsplit(".", 1)[-1].upper()
        notes = [n for n in notes if original not in n]
        notes.insert(
            0,
            f"the board's image was a {kind} ({original}): converted to {name}, "
            f"{image.width()} x {image.height()} pixels, under the grid as the module places it",
        )
    return notes


def choose_import(window: MapWindow) -> bool:
    """File > Import Map: the file to import, then where to save the map."""
    start = str(window.settings.value("last_dir", ""))
    name, _ = QFileDialog.getOpenFileName(
        window, "Import map", start, "Tiled maps and VASSAL modules (*.tmx *.vmod);;All files (*)"
    )
    if not name:
        return False
    source = Path(name)
    suggested = str(source.with_suffix(".toml"))
    target, _ = QFileDialog.getSaveFileName(window, "Save the imported map", suggested, "*.toml")
    if not target:
        return False
    return import_into_window(window, source, Path(target))
