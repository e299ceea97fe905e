"""File > Map Image: put a scanned map under the grid by clicking two hexes and typing their
printed labels.

The image first lies stretched over the board, so the player can find the printed hexes; a click
on the centre of a printed hex asks for the label printed there (the board's label under the
click is offered), and after a second click far from the first the grid is calibrated to the
two (:func:`hexcombat.board.mapimage.calibrate`): hex width and height separately, as printed
maps are seldom drawn with regular hexes. The map then names the image under ``[image]``; the
player saves the map file where they choose (the image is named relative to it).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QFileDialog, QInputDialog, QWidget

from hexcombat.board.mapfile import HexMap
from hexcombat.board.mapimage import (
    ImageInfo,
    MapImage,
    calibrate,
    grid_off_image,
    image_info,
    relative_name,
    with_image_table,
)
from hexcombat.paths import is_shipped_map
from hexcombat.ui.map_image_item import MapImageItem
from hexcombat.ui.map_scene import MapScene
from hexcombat.ui.window_host import MapWindow

_SQRT3 = 3**0.5

FIRST_CLICK = (
    "Map image: click the centre of a printed hex near one corner of the map "
    "(Esc or a blank label stops)"
)
SECOND_CLICK = "Map image: now click the centre of a printed hex far away, near the opposite corner"


def stretched(hexmap: HexMap, file: str, info: ImageInfo) -> MapImage:
    """A first placement of the image: stretched over the board's hexes, corner to corner."""
    columns, rows = hexmap.columns, hexmap.rows
    if hexmap.orientation == "flat":
        units = 1.5 * (columns - 1) + 2.0, _SQRT3 * (rows + 0.5)
        kx, ky = info.width / units[0], info.height / units[1]
        return MapImage(file, (kx, ky * _SQRT3 / 2), 2 * kx, _SQRT3 * ky)
    units = _SQRT3 * (columns + 0.5), 1.5 * (rows - 1) + 2.0
    kx, ky = info.width / units[0], info.height / units[1]
    return MapImage(file, (kx * _SQRT3 / 2, ky), _SQRT3 * kx, 2 * ky)


def place_image(scene: MapScene, image: MapImage, info: ImageInfo) -> MapImageItem:
    """Show ``image`` under ``scene``'s board, in place of any image before."""
    if scene.map_image is not None:
        scene.map_image.close()
        scene.removeItem(scene.map_image)
    item = MapImageItem(image, scene.layout, info)
    scene.addItem(item)
    scene.map_image = item
    scene.image_problem = item.problem
    bounds = scene.board.boundingRect().united(item.sceneBoundingRect())
    scene.setSceneRect(bounds.adjusted(-200, -200, 200, 200))
    return item


class ImageCalibration(QObject):
    """Takes the next two clicks on the map view as the centres of two printed hexes."""

    done = Signal(object)
    """The calibrated :class:`MapImage`, or None when the player stopped."""

    def __init__(
        self,
        scene: MapScene,
        viewport: QWidget,
        map_to_scene: Callable[[QPoint], QPointF],
        image_path: Path,
        say: Callable[[str], None],
    ) -> None:
        super().__init__(viewport)
        self.scene, self.viewport, self.map_to_scene = scene, viewport, map_to_scene
        self.path = image_path
        self.say = say
        self.info = image_info(image_path)  # OSError / ValueError: the caller says why
        self.ask_label: Callable[[str], str | None] = self._dialog_label
        """Ask the printed label of the hex clicked, offering ``default`` (tests replace it)."""
        self.clicks: list[tuple[str, tuple[float, float]]] = []
        self.finished = False
        hexmap = scene.state.hexmap
        self.item = place_image(scene, stretched(hexmap, str(image_path), self.info), self.info)
        self.watched = [w for w in (viewport, viewport.parentWidget()) if w is not None]
        """The viewport (clicks) and the view around it (Esc, which goes to the view)."""
        for widget in self.watched:
            widget.installEventFilter(self)
        say(FIRST_CLICK)

    def _dialog_label(self, default: str) -> str | None:
        text, ok = QInputDialog.getText(
            self.viewport, "Map image", "The label printed in this hex:", text=default
        )
        return text.strip() if ok else None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if not self.scene.views():  # the window shows another game now: stop, take nothing
            self.finish(None)
            return False
        if event.type() == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Escape:
            self.finish(None)
            return True
        if event.type() != QEvent.Type.MouseButtonPress or watched is not self.viewport:
            return False
        assert isinstance(event, QMouseEvent)
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self.click(self.map_to_scene(event.position().toPoint()))
        return True

    def click(self, scene_pos: QPointF) -> None:
        """A click at ``scene_pos``: ask its label; after the second, calibrate."""
        pixel = self.item.mapFromScene(scene_pos)
        h = self.scene.hex_at(scene_pos)
        default = self.scene.state.hexmap.label(h) if h is not None else ""
        label = self.ask_label(default)
        if not label:
            self.finish(None)
            return
        self.clicks.append((label, (pixel.x(), pixel.y())))
        if len(self.clicks) == 1:
            self.say(SECOND_CLICK)
            return
        hexmap = self.scene.state.hexmap
        try:
            origin, width, height = calibrate(hexmap.scheme, self.clicks[0], self.clicks[1])
        except ValueError as exc:
            self.clicks = []
            self.say(f"Map image: {exc}. Click the first hex again.")
            return
        image = MapImage(str(self.path), origin, width, height)
        off = grid_off_image(image, hexmap.scheme, hexmap.columns, hexmap.rows, self.info)
        if off is not None:  # a mistyped label: the map file would be refused by check
            self.clicks = []
            self.say(f"Map image: with those labels {off}. Check them; click the first hex again.")
            return
        self.finish(image)

    def finish(self, image: MapImage | None) -> None:
        """Stop taking clicks; ``done`` says the image calibrated (None: stopped). Once."""
        if self.finished:
            return
        self.finished = True
        for widget in self.watched:
            widget.removeEventFilter(self)
        self.done.emit(image)


def choose_image(parent: QWidget, start: str) -> str:
    """Ask for the scanned map's image file."""
    name, _ = QFileDialog.getOpenFileName(
        parent, "Map image", start, "Map images (*.png *.jpg *.jpeg);;All files (*)"
    )
    return name


def choose_map_file(parent: QWidget, start: str) -> str:
    """Ask where to save the map that now names its image."""
    name, _ = QFileDialog.getSaveFileName(parent, "Save the map", start, "Maps (*.toml)")
    if name and not name.lower().endswith(".toml"):
        name += ".toml"
    return name


def save_calibrated_map(hexmap: HexMap, text: str, image: MapImage, target: Path) -> str:
    """Write the map to ``target`` naming ``image`` relative to it; the text written."""
    named = MapImage(
        relative_name(Path(image.file), target.parent),
        image.origin,
        image.hex_width,
        image.hex_height,
        target.parent,
    )
    text = with_image_table(text, named)
    target.write_text(text, encoding="utf-8")
    hexmap.image = named
    return text


def start_map_image(window: MapWindow, path: Path) -> ImageCalibration | None:
    """File > Map Image with ``path`` chosen: take the next two clicks on the map, then save
    the map naming its image (None, with the reason shown, when the image cannot be used)."""
    scene = window.scene
    if scene is None:
        return None
    say = window.statusBar().showMessage
    for earlier in window.view.viewport().findChildren(ImageCalibration):
        earlier.finish(None)  # one calibration at a time: the clicks are the new one's
    try:
        calibration = ImageCalibration(
            scene, window.view.viewport(), window.view.mapToScene, path, say
        )
    except (OSError, ValueError) as exc:
        window.show_error("Cannot use the map image", str(exc))
        return None
    scene.board.setVisible(False)  # the printed map alone while its hexes are clicked
    calibration.done.connect(lambda image: _calibrated(window, calibration, image))
    return calibration


def _show_board(window: MapWindow, scene: MapScene) -> None:
    """The board as the View menu says again, over the image if there is one."""
    scene.board.setVisible(True)
    scene.board.setOpacity(1.0)
    scene.set_display(window.display)


def _save_start(source: Path | str | None, last_dir: str) -> str:
    """Where the save dialog starts: the map's own file, or for a map shipped with hexcombat
    (or none) its name in the folder last used."""
    if source is None:
        return last_dir
    if is_shipped_map(Path(source)):
        return str(Path(last_dir) / Path(source).name)
    return str(source)


def _calibrated(window: MapWindow, calibration: ImageCalibration, image: MapImage | None) -> None:
    scene, session = window.scene, window.session
    if scene is None or session is None or scene is not calibration.scene:
        return
    state = session.state
    if image is None:
        before = state.hexmap.image
        if before is not None and before.path.is_file():
            place_image(scene, before, image_info(before.path))
        elif scene.map_image is not None:
            scene.map_image.close()
            scene.removeItem(scene.map_image)
            scene.map_image = None
        _show_board(window, scene)
        window.statusBar().showMessage("Map image: stopped; the map is as it was", 6000)
        return
    place_image(scene, image, calibration.info)
    _show_board(window, scene)
    start = _save_start(state.hexmap.source, str(window.settings.value("last_dir", "")))
    target = window.choose_map_path(start)
    if not target:
        state.hexmap.image = image
        state.map_text = with_image_table(state.map_text or "", image)
        window.statusBar().showMessage(
            "Map image calibrated; the map file is unchanged (a saved game keeps the image)", 8000
        )
        return
    try:
        state.map_text = save_calibrated_map(
            state.hexmap, state.map_text or "", image, Path(target)
        )
    except OSError as exc:
        window.show_error("Cannot save the map", f"{target}: {exc}")
        return
    window.statusBar().showMessage(f"Saved {target}, naming its map image", 8000)
