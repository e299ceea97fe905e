"""The map editor (File > New Map, Edit > Edit Map): a window over the editing model of
:mod:`hexcombat.board.mapedit`.

Tools: a terrain brush (click, or drag to paint), a flood fill, hexside features (click a
hexside to set or clear it, drag along hexsides to draw a run: a river stays one river), place
names, elevation levels, and No Hex (the map's shape: places of the frame where the printed
board has no hex, drawn dashed, and hexes put back there). Every edit goes on the window's undo
stack (``Ctrl Z``); File > Save writes the TOML map format through
:func:`~hexcombat.board.mapwrite.save_map`, which reads the text back with the map loader first,
so a problem is shown at its line and nothing is written. The map is drawn by the board's own
items, in the game's colours and lines.
"""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QColor,
    QFont,
    QIcon,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QStyleOptionGraphicsItem,
    QVBoxLayout,
    QWidget,
)

from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import RIVER_FEATURES, STANDARD_FEATURES, Hexside
from hexcombat.board.layout import Layout
from hexcombat.board.mapedit import (
    MAX_LEVEL,
    AddType,
    ChangeHexsides,
    EditError,
    MapEdit,
    PaintTerrain,
    Run,
    SetElevation,
    SetHexes,
    SetMapName,
    SetPlace,
    cut_hexes,
    flood_fill,
    mark_hexsides,
    name_problem,
    nearest_hexside,
    on_map,
    paint,
    raise_to,
    restore_hexes,
    type_problem,
)
from hexcombat.board.mapfile import TERRAIN_TYPES, HexMap, map_from_source
from hexcombat.board.mapwrite import save_map
from hexcombat.game.saves import map_text_of
from hexcombat.game.state import GameState
from hexcombat.paths import is_shipped_map
from hexcombat.sourcefile import SourceError, TomlSource, is_file
from hexcombat.ui import terrain_style
from hexcombat.ui.board_item import BoardItem
from hexcombat.ui.map_editor_dialogs import NameDialog, NewMapDialog
from hexcombat.ui.map_image_item import map_image_item
from hexcombat.ui.map_layout import hexes_in_rect, layout_for
from hexcombat.ui.map_scene import FAINT
from hexcombat.ui.map_view import MapView
from hexcombat.ui.place_names_item import PlaceNamesItem
from hexcombat.ui.qtgeometry import exposed_on_device, hex_polygon
from hexcombat.ui.terrain_legend import SWATCH, TerrainLegend, feature_swatch, terrain_swatch

TOOLS = (
    ("brush", "&Brush", "B", "Paint terrain: click a hex, or drag across hexes"),
    ("fill", "&Fill", "F", "Fill the hexes of one terrain joined to the one clicked"),
    ("hexside", "&Hexside", "H", "Click a hexside to set or clear the feature; drag along "
     "hexsides to draw a run (a river stays one river)"),
    ("place", "&Place", "P", "Name the place in a hex (an empty name removes it)"),
    ("elevation", "&Elevation", "E", "Set hexes to the elevation level: click or drag"),
    ("nohex", "&No Hex", "X", "Take hexes off the map where the printed board has none (click "
     "or drag); on a place with no hex, put the hex back as the brush's terrain"),
)  # fmt: skip
"""The editor's tools: name, menu text, key, what it does."""


CORNER_REACH = 0.3
"""How near a corner (a share of a hexside's length) a release counts as made on it."""


def ends_at_corner(layout: Layout, sides: list[Hexside], release: tuple[float, float]) -> None:
    """Drop from ``sides`` a last hexside the pointer only touched at the corner it was
    released on (where it meets the side before): a stroke ends where the player let go."""
    if len(sides) < 2:
        return
    last = layout.hexside_endpoints(sides[-1])
    before = layout.hexside_endpoints(sides[-2])
    shared = [p for p in last if any(math.dist(p, q) < 1e-6 for q in before)]
    if not shared:
        return
    length = math.dist(*last)
    if math.dist(shared[0], release) <= CORNER_REACH * length:
        sides.pop()


def editor_key_rows() -> list[tuple[str, str]]:
    """The map editor's keys for the main window's Help > Keys: each tool's key, then the
    editor's own mouse moves (``(B, Map editor: Brush tool: ...)``)."""
    rows = [
        (key, f"Map editor: {text.replace('&', '')} tool: {tip}") for _n, text, key, tip in TOOLS
    ]
    return rows + [
        ("Ctrl+S, Ctrl+Z, Ctrl+Y", "Map editor: Save, Undo, Redo"),
        ("Ctrl+0", "Map editor: Fit Map"),
        ("Middle-button drag, arrow keys", "Map editor: Pan the map"),
    ]


class MapEditCommand(QUndoCommand):
    """A map edit on the undo stack. Done before it is pushed (a refused edit never reaches
    the stack), so the stack's first ``redo`` is skipped; the edits of one brush stroke merge
    into one command, so one undo takes back the whole stroke."""

    def __init__(self, editor: MapEditor, edit: MapEdit, stroke: int = 0) -> None:
        super().__init__(edit.text)
        self.editor = editor
        self.edit = edit
        self.stroke = stroke
        self._done = True

    def id(self) -> int:  # noqa: A003 (Qt's name)
        merges = PaintTerrain | SetElevation | SetHexes
        return 1 if self.stroke and isinstance(self.edit, merges) else -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 (Qt's name)
        if not isinstance(other, MapEditCommand) or other.stroke != self.stroke:
            return False
        if type(other.edit) is not type(self.edit):
            return False
        self.edit.absorb(other.edit)  # type: ignore[union-attr]
        return True

    def redo(self) -> None:
        if self._done:
            self._done = False
            return
        self.edit.do(self.editor.hexmap)
        self.editor.map_changed(self.edit)

    def undo(self) -> None:
        self.edit.undo(self.editor.hexmap)
        self.editor.map_changed(self.edit)


class EditorBoard(BoardItem):
    """The board as the editor draws it again after each edit. Working out the hexside lines
    (rivers merged into lines) takes half a second on a 50,000-hex map, so an edit that leaves
    the hexsides as they were reuses the lines of the board before it."""

    def __init__(self, hexmap: HexMap, layout, kept: list | None = None) -> None:  # noqa: ANN001
        self.kept = kept
        """The hexside features' pens and lines, worked out once per hexside edit."""
        super().__init__(hexmap, layout)

    def _river_pens_and_lines(self) -> list:
        if self.kept is None:
            self.kept = super()._river_pens_and_lines()
        return self.kept


class ElevationItem(QGraphicsItem):
    """Each raised hex's level, printed in its upper corner, so the levels show while painting
    terrain over them."""

    def __init__(self, hexmap: HexMap, layout) -> None:  # noqa: ANN001
        super().__init__()
        self.hexmap = hexmap
        self.layout = layout
        board = layout.size * 2
        self._bounds = QRectF(-board, -board, 1, 1)
        for h in hexmap.elevation:
            x, y = layout.hex_to_pixel(h)
            self._bounds = self._bounds.united(QRectF(x - board, y - board, 2 * board, 2 * board))
        self.setZValue(-3)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self.hexmap.elevation:
            return
        rect = exposed_on_device(painter, option)
        size = self.layout.size
        font = QFont("Sans Serif")
        font.setPixelSize(max(1, round(size * 0.32)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#5a2d0c"))
        elevation = self.hexmap.elevation
        for h in hexes_in_rect(self.layout, rect.left(), rect.top(), rect.right(), rect.bottom()):
            level = elevation.get(h)
            if level:
                x, y = self.layout.hex_to_pixel(h)
                box = QRectF(x - size * 0.75, y - size * 0.45, size * 0.5, size * 0.45)
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(level))


class NoHexItem(QGraphicsItem):
    """The places of the map's frame with no hex, outlined dashed, so the map maker sees the
    map's shape and where a hex can be put back."""

    def __init__(self, hexmap: HexMap, layout) -> None:  # noqa: ANN001
        super().__init__()
        self.layout = layout
        self.outline = QPainterPath()
        for h in hexmap.missing():
            self.outline.addPolygon(hex_polygon(layout, h))
            self.outline.closeSubpath()
        self.setZValue(-2)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self.outline.boundingRect().adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pen = QPen(QColor(120, 120, 120), 1.0, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.drawPath(self.outline)


class EditorView(MapView):
    """The map view with the left button given to the tools: press, drag and release make a
    stroke; the wheel zooms, the arrow keys and a middle-button drag pan."""

    stroke_started = Signal(QPointF)
    stroke_moved = Signal(QPointF)
    stroke_ended = Signal(QPointF)
    pointer_moved = Signal(QPointF)
    """The mouse's scene position, after ``hex_hovered`` (a place with no hex has none)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("EditorView")
        self.setDragMode(MapView.DragMode.NoDrag)
        self.setCursor(Qt.CursorShape.CrossCursor)
        self._stroking = False
        self._pan_from: QPointF | None = None

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self._stroking = True
            self.stroke_started.emit(self.mapToScene(event.position().toPoint()))
            event.accept()
        elif event.button() == Qt.MouseButton.MiddleButton:
            self._pan_from = event.position()
            event.accept()
        else:
            super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        self.hex_hovered.emit(self.hex_at_view(event.position()))
        self.pointer_moved.emit(self.mapToScene(event.position().toPoint()))
        if self._stroking:
            self.stroke_moved.emit(self.mapToScene(event.position().toPoint()))
        elif self._pan_from is not None:
            moved = self._pan_from - event.position()
            self._pan_from = event.position()
            self.pan_by(round(moved.x()), round(moved.y()))
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton and self._stroking:
            self._stroking = False
            self.stroke_ended.emit(self.mapToScene(event.position().toPoint()))
        elif event.button() == Qt.MouseButton.MiddleButton:
            self._pan_from = None
        event.accept()


class MapEditor(QMainWindow):
    """A window editing one map; ``path`` is where File > Save writes it (None: ask)."""

    def __init__(
        self, hexmap: HexMap, path: Path | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("MapEditor")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.hexmap = hexmap
        self.path = path
        self.layout_ = layout_for(hexmap)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self.tool = "brush"
        self.terrain = "clear" if "clear" in hexmap.terrain_types else min(hexmap.terrain_types)
        self.feature = "minor-river"
        self.level = 1
        self._stroke = 0
        self._cutting = False
        self._painted: set[Hex] = set()
        self._raw_sides: list[Hexside] = []
        self._run = Run()
        self.legend: TerrainLegend | None = None
        self.dialog: NameDialog | None = None
        """The name dialog open now (a place, a new type), for tests to fill in."""
        self.scene_ = QGraphicsScene(self)
        self.scene_.setBackgroundBrush(terrain_style.BACKGROUND)
        self.view = EditorView(self)
        self.setCentralWidget(self.view)
        self.preview = QGraphicsPathItem()
        self.preview.setZValue(5)
        self.scene_.addItem(self.preview)
        self.pointer = QGraphicsPathItem()
        """The outline of the hex under the mouse: where a click would paint."""
        self.pointer.setZValue(4)
        self.pointer.setPen(QPen(QColor(255, 255, 255, 200), 2.0))
        self.scene_.addItem(self.pointer)
        self.board: EditorBoard | None = None
        self._overlays: list[QGraphicsItem] = []
        self.map_image, image_problem = map_image_item(hexmap, self.layout_)
        """The scanned map under the board (its ``[image]``), painted over with a faint board."""
        if self.map_image is not None:
            self.scene_.addItem(self.map_image)
        self._make_tools_dock()
        self._make_menus()
        self.status = QLabel()
        self.statusBar().addWidget(self.status, 1)
        if image_problem:
            self.say(image_problem)
        self.image_progress = QProgressBar()
        """The first open of a PNG or progressive JPEG scan, as the main window shows it."""
        self.image_progress.setFormat("Preparing the map image, the first time only: %p%")
        self.image_progress.hide()
        self.statusBar().addPermanentWidget(self.image_progress)
        if self.map_image is not None:
            self.map_image.signals.progress.connect(self._image_progress)
            self.map_image.signals.unreadable.connect(self.say)
            self._image_progress(round(self.map_image.progress * 100))
        self.view.hex_hovered.connect(self._hovered)
        self.view.pointer_moved.connect(self._over_no_hex)
        self.view.stroke_started.connect(self._stroke_started)
        self.view.stroke_moved.connect(self._stroke_moved)
        self.view.stroke_ended.connect(self._stroke_ended)
        self.map_changed()
        self.view.show_map(self.scene_, hexmap, self.layout_)
        self.resize(1100, 760)
        self._update_title()

    # building the window ---------------------------------------------------------------------

    def _make_tools_dock(self) -> None:
        panel = QWidget()
        box = QVBoxLayout(panel)
        box.addWidget(QLabel("<b>Terrain</b>"))
        self.terrain_list = QListWidget()
        self.terrain_list.setObjectName("TerrainList")
        self.terrain_list.setIconSize(QSize(SWATCH // 2, SWATCH // 2))
        self.terrain_list.currentItemChanged.connect(self._terrain_picked)
        box.addWidget(self.terrain_list, 3)
        add_terrain = QPushButton("New Terrain Type...")
        add_terrain.clicked.connect(lambda: self.ask_new_type("terrain"))
        box.addWidget(add_terrain)
        box.addWidget(QLabel("<b>Hexside features</b>"))
        self.feature_list = QListWidget()
        self.feature_list.setObjectName("FeatureList")
        self.feature_list.setIconSize(QSize(SWATCH // 2, SWATCH // 2))
        self.feature_list.currentItemChanged.connect(self._feature_picked)
        box.addWidget(self.feature_list, 2)
        add_feature = QPushButton("New Hexside Feature...")
        add_feature.clicked.connect(lambda: self.ask_new_type("feature"))
        box.addWidget(add_feature)
        box.addWidget(QLabel("<b>Elevation level</b>"))
        self.level_box = QSpinBox()
        self.level_box.setRange(0, MAX_LEVEL)
        self.level_box.setValue(self.level)
        self.level_box.valueChanged.connect(self._level_picked)
        box.addWidget(self.level_box)
        self.counts = QLabel()
        self.counts.setWordWrap(True)
        box.addWidget(self.counts)
        dock = QDockWidget("Tools", self)
        dock.setObjectName("EditorToolsDock")
        dock.setWidget(panel)
        dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)

    def _make_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self._action(file_menu, "&Save", self.save, QKeySequence.StandardKey.Save)
        self._action(file_menu, "Save &As...", self.save_as, QKeySequence.StandardKey.SaveAs)
        file_menu.addSeparator()
        self._action(file_menu, "&Close", self.close, QKeySequence.StandardKey.Close)
        edit_menu = self.menuBar().addMenu("&Edit")
        undo = self.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence(QKeySequence.StandardKey.Redo), QKeySequence("Ctrl+Y")])
        edit_menu.addAction(undo)
        edit_menu.addAction(redo)
        self.undo_action, self.redo_action = undo, redo
        edit_menu.addSeparator()
        self._action(edit_menu, "Map &Name...", self.ask_map_name)
        self._action(edit_menu, "New &Terrain Type...", lambda: self.ask_new_type("terrain"))
        self._action(edit_menu, "New Hexside &Feature...", lambda: self.ask_new_type("feature"))
        tools_menu = self.menuBar().addMenu("&Tools")
        group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for name, text, key, tip in TOOLS:
            action = self._action(tools_menu, text, lambda n=name: self.set_tool(n), key, tip)
            action.setCheckable(True)
            action.setChecked(name == self.tool)
            group.addAction(action)
            self.tool_actions[name] = action
        toolbar = self.addToolBar("Tools")
        toolbar.setObjectName("EditorToolBar")
        for action in self.tool_actions.values():
            toolbar.addAction(action)
        toolbar.addSeparator()
        toolbar.addAction(undo)
        toolbar.addAction(redo)
        view_menu = self.menuBar().addMenu("&View")
        self._action(view_menu, "Zoom &In", self.view.zoom_in, QKeySequence.StandardKey.ZoomIn)
        self._action(view_menu, "Zoom &Out", self.view.zoom_out, QKeySequence.StandardKey.ZoomOut)
        self._action(view_menu, "&Fit Map", self.view.fit_map, "Ctrl+0")
        self._action(view_menu, "Terrain &Legend", self.show_legend)

    def _action(self, menu, text: str, slot, shortcut=None, tip: str = "") -> QAction:  # noqa: ANN001
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setStatusTip(tip)
        action.setToolTip(tip or text.replace("&", ""))
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    # what is shown ---------------------------------------------------------------------------

    def map_changed(self, edit: MapEdit | None = None) -> None:
        """Draw the map again after ``edit`` (None: anything may have changed): the board,
        place names, levels and the lists."""
        kept = None
        if self.board is not None and edit is not None and not isinstance(edit, ChangeHexsides):
            kept = self.board.kept
        for item in (self.board, *self._overlays):
            if item is not None:
                self.scene_.removeItem(item)
        self.board = EditorBoard(self.hexmap, self.layout_, kept)
        self.scene_.addItem(self.board)
        self.scene_.board = self.board  # the view fits the map to the board's bounds
        self._overlays = [
            PlaceNamesItem(self.hexmap, self.layout_),
            ElevationItem(self.hexmap, self.layout_),
            NoHexItem(self.hexmap, self.layout_),
        ]
        for item in self._overlays:
            self.scene_.addItem(item)
        bounds = self.board.boundingRect()
        if self.map_image is not None:
            self.board.setOpacity(FAINT)
            bounds = bounds.united(self.map_image.sceneBoundingRect())
        self.scene_.setSceneRect(bounds.adjusted(-200, -200, 200, 200))
        self._fill_lists()
        self._update_title()
        if self.legend is not None:
            self.legend.show_map(self.hexmap)

    def show_legend(self) -> TerrainLegend:
        """View > Terrain Legend: the map's terrain and features as the board draws them,
        kept up to date while editing."""
        if self.legend is None:
            self.legend = TerrainLegend(self)
        self.legend.show_map(self.hexmap)
        self.legend.show()
        self.legend.raise_()
        return self.legend

    def _fill_lists(self) -> None:
        counts: dict[str, int] = {}
        for kind in self.hexmap.terrain.values():
            counts[kind] = counts.get(kind, 0) + 1
        own = sorted(self.hexmap.terrain_types - set(TERRAIN_TYPES))
        kinds = [k for k in TERRAIN_TYPES if k in self.hexmap.terrain_types] + own
        self._fill(self.terrain_list, kinds, self.terrain, counts, "hex", "hexes")
        side_counts: dict[str, int] = {}
        for features in self.hexmap.hexside_features.values():
            for feature in features:
                side_counts[feature] = side_counts.get(feature, 0) + 1
        features = sorted(self.hexmap.feature_types, key=lambda f: (f not in STANDARD_FEATURES, f))
        self._fill(self.feature_list, features, self.feature, side_counts, "hexside", "hexsides")
        places, raised = len(self.hexmap.places), len(self.hexmap.elevation)
        self.counts.setText(f"{places} named places; {raised} hexes above level 0")

    def _fill(
        self, widget: QListWidget, names: list[str], current: str, counts: dict[str, int],
        one: str, many: str,
    ) -> None:  # fmt: skip
        widget.blockSignals(True)
        widget.clear()
        terrain = widget is self.terrain_list
        for name in names:
            n = counts.get(name, 0)
            item = QListWidgetItem(f"{name}  ({n} {one if n == 1 else many})")
            item.setData(Qt.ItemDataRole.UserRole, name)
            swatch = terrain_swatch(name, self.hexmap.orientation) if terrain else None
            item.setIcon(QIcon(swatch if swatch is not None else feature_swatch(name)))
            widget.addItem(item)
            if name == current:
                widget.setCurrentItem(item)
        widget.blockSignals(False)

    def _clean_changed(self, _clean: bool) -> None:
        self._update_title()

    def _update_title(self) -> None:
        where = self.path.name if self.path is not None else "not saved yet"
        star = "" if self.undo_stack.isClean() else " *"
        self.setWindowTitle(f"Map Editor: {self.hexmap.name} ({where}){star}")

    def _hovered(self, h: Hex | None) -> None:
        outline = QPainterPath()
        if h is not None and self.tool != "hexside":
            outline.addPolygon(hex_polygon(self.layout_, h))
            outline.closeSubpath()
        self.pointer.setPath(outline)
        if h is None:
            self.status.setText("")
            return
        parts = [self.hexmap.label(h), self.hexmap.terrain[h]]
        level = self.hexmap.elevation.get(h, 0)
        if level:
            parts.append(f"elevation {level}")
        if h in self.hexmap.places:
            parts.append(self.hexmap.places[h])
        self.status.setText(", ".join(parts))

    def _image_progress(self, share: int) -> None:
        self.image_progress.setValue(share)
        self.image_progress.setVisible(share < 100)

    def _over_no_hex(self, pos: QPointF) -> None:
        """With the No Hex tool, a place of the frame with no hex is outlined and named too:
        a click there puts a hex back."""
        h = self.place_at(pos)
        if self.tool != "nohex" or h is None or h in self.hexmap:
            return
        outline = QPainterPath()
        outline.addPolygon(hex_polygon(self.layout_, h))
        outline.closeSubpath()
        self.pointer.setPath(outline)
        self.status.setText(
            f"{self.hexmap.label(h)}: no hex; click to put one back as {self.terrain}"
        )

    def say(self, text: str) -> None:
        """Tell the map maker something (a refused edit) in the status bar."""
        self.statusBar().showMessage(text, 8000)

    # choosing what to draw -------------------------------------------------------------------

    def set_tool(self, name: str) -> None:
        """Use the tool ``name`` (brush, fill, hexside, place, elevation)."""
        self.tool = name
        self.tool_actions[name].setChecked(True)
        self.say(dict((n, tip) for n, _t, _k, tip in TOOLS)[name])

    def set_terrain(self, kind: str) -> None:
        """Paint ``kind`` with the brush and the fill (and pick the brush if neither is on)."""
        self.terrain = kind
        if self.tool not in ("brush", "fill", "nohex"):
            self.set_tool("brush")
        _mark_current(self.terrain_list, kind)

    def set_feature(self, feature: str) -> None:
        """Draw ``feature`` along hexsides (and pick the hexside tool)."""
        self.feature = feature
        self.set_tool("hexside")
        _mark_current(self.feature_list, feature)

    def _terrain_picked(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.set_terrain(item.data(Qt.ItemDataRole.UserRole))

    def _feature_picked(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.set_feature(item.data(Qt.ItemDataRole.UserRole))

    def _level_picked(self, level: int) -> None:
        self.level = level
        self.set_tool("elevation")

    # edits -----------------------------------------------------------------------------------

    def apply(self, edit: MapEdit | None, stroke: int = 0) -> bool:
        """Do ``edit`` and put it on the undo stack; a refused edit is said in the status bar
        and changes nothing."""
        if edit is None:
            return False
        try:
            edit.do(self.hexmap)
        except EditError as exc:
            self.say(str(exc))
            return False
        self.undo_stack.push(MapEditCommand(self, edit, stroke))
        self.map_changed(edit)
        return True

    def hex_at(self, pos: QPointF) -> Hex | None:
        h = self.layout_.pixel_to_hex(pos.x(), pos.y())
        return h if h in self.hexmap else None

    def place_at(self, pos: QPointF) -> Hex | None:
        """The place of the map's frame under ``pos``, a hex or not (the No Hex tool)."""
        h = self.layout_.pixel_to_hex(pos.x(), pos.y())
        return h if self.hexmap.in_frame(h) else None

    def _stroke_started(self, pos: QPointF) -> None:
        self._stroke += 1
        self._painted = set()
        self._raw_sides = []
        self._run = Run()
        h = self.hex_at(pos)
        # a No Hex stroke that begins on a hex takes hexes out; one that begins elsewhere in
        # the frame puts them back
        self._cutting = self.tool == "nohex" and h is not None
        if self.tool == "fill" and h is not None:
            self.apply(flood_fill(self.hexmap, h, self.terrain))
        elif self.tool == "place" and h is not None:
            self.ask_place(h)
        else:
            self._stroke_moved(pos)

    def _stroke_moved(self, pos: QPointF) -> None:
        if self.tool == "nohex":
            h = self.place_at(pos)
            if h is None or h in self._painted:
                return
            self._painted.add(h)
            if self._cutting:
                self.apply(cut_hexes(self.hexmap, [h]), self._stroke)
            else:
                self.apply(restore_hexes(self.hexmap, [h], self.terrain), self._stroke)
        elif self.tool in ("brush", "elevation"):
            h = self.hex_at(pos)
            if h is None or h in self._painted:
                return
            self._painted.add(h)
            if self.tool == "brush":
                edit = paint(self.hexmap, [h], self.terrain)
            else:
                edit = raise_to(self.hexmap, [h], self.level)
            self.apply(edit, self._stroke)
        elif self.tool == "hexside":
            side = nearest_hexside(self.layout_, pos.x(), pos.y())
            if not on_map(self.hexmap, side):
                return
            if side not in self._raw_sides:
                self._raw_sides.append(side)
            self._run.add(side)
            self._show_preview()

    def _stroke_ended(self, pos: QPointF | None = None) -> None:
        if self.tool != "hexside" or not self._raw_sides:
            return
        if pos is not None:  # released on a corner: the run ends there, not a side past it
            for sides_ in (self._run.sides, self._raw_sides):
                ends_at_corner(self.layout_, sides_, (pos.x(), pos.y()))
        sides = self._run.sides if self.feature in RIVER_FEATURES else self._raw_sides
        self.preview.setPath(QPainterPath())
        try:
            edit = mark_hexsides(self.hexmap, sides, self.feature)
        except EditError as exc:
            self.say(str(exc))
            return
        self.apply(edit)

    def _show_preview(self) -> None:
        """The hexsides the stroke will mark, in the feature's line, over a pale halo."""
        sides = self._run.sides if self.feature in RIVER_FEATURES else self._raw_sides
        path = QPainterPath()
        for side in sides:
            a, b = self.layout_.hexside_endpoints(side)
            path.moveTo(*a)
            path.lineTo(*b)
        pen = QPen(terrain_style.hexside_pen(self.feature, self.layout_.size))
        pen.setWidthF(max(pen.widthF(), self.layout_.size * 0.12))
        colour = QColor(pen.color())
        colour.setAlpha(170)
        pen.setColor(colour)
        self.preview.setPen(pen)
        self.preview.setPath(path)

    # dialogs ---------------------------------------------------------------------------------

    def ask_place(self, h: Hex) -> NameDialog:
        """Ask the name of the place in ``h`` (empty: no place there)."""
        label = self.hexmap.label(h)

        def problem(text: str) -> str | None:
            return None if not text else name_problem(text, "place")

        dialog = NameDialog(
            f"Place in {label}",
            f"Name of the place in hex {label} (leave empty for none):",
            problem,
            self.hexmap.places.get(h, ""),
            self,
        )
        dialog.accepted.connect(lambda: self._name_place(h, dialog.edit.text()))
        self._open(dialog)
        return dialog

    def _name_place(self, h: Hex, name: str) -> None:
        if (name or None) != self.hexmap.places.get(h):
            self.apply(SetPlace(h, name or None))

    def ask_new_type(self, kind: str) -> NameDialog:
        """Ask the name of a new terrain type (``kind`` ``"terrain"``) or hexside feature;
        the map file declares it under ``[extra]``."""
        what = "terrain type" if kind == "terrain" else "hexside feature"
        dialog = NameDialog(
            f"New {what}",
            f"Name of the new {what} (written under [extra] in the map file):",
            lambda text: type_problem(text, self.hexmap, kind),
            parent=self,
        )
        dialog.accepted.connect(lambda: self._add_type(kind, dialog.edit.text()))
        self._open(dialog)
        return dialog

    def ask_map_name(self) -> NameDialog:
        """Edit > Map Name: the name the map file gives the map."""
        dialog = NameDialog(
            "Map name",
            "Name of the map:",
            lambda text: name_problem(text, "map"),
            self.hexmap.name,
            self,
        )
        dialog.accepted.connect(
            lambda: self.apply(SetMapName(dialog.edit.text(), self.hexmap.description))
        )
        self._open(dialog)
        return dialog

    def _add_type(self, kind: str, name: str) -> None:
        if self.apply(AddType(kind, name)):
            if kind == "terrain":
                self.set_terrain(name)
            else:
                self.set_feature(name)

    def _open(self, dialog: NameDialog) -> None:
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog = dialog
        dialog.open()

    # saving ----------------------------------------------------------------------------------

    def save(self) -> bool:
        """File > Save: to the map's file, or ask where the first time."""
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> bool:
        stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in self.hexmap.name)
        start = str(self.path or Path.home() / f"{stem.strip('-') or 'map'}.toml")
        name, _ = QFileDialog.getSaveFileName(self, "Save Map", start, "Maps (*.toml)")
        if not name:
            return False
        path = Path(name)
        if path.suffix != ".toml":
            path = path.with_name(path.name + ".toml")
        return self.save_to(path)

    def save_to(self, path: Path) -> bool:
        """Write the map to ``path`` once it reads back as a sound map; else show every
        problem at its line and write nothing."""
        try:
            save_map(self.hexmap, path)
        except SourceError as exc:
            self._refused(path, "\n".join(str(p) for p in exc.problems))
            return False
        except (OSError, UnicodeError) as exc:
            self._refused(path, str(exc))
            return False
        self.path = path
        self.undo_stack.setClean()
        self._update_title()
        self.say(f"Saved {path}")
        return True

    def _refused(self, path: Path, why: str) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Map not saved",
            f"The map was not saved to {path}:\n\n{why}",
            QMessageBox.StandardButton.Ok,
            self,
        )
        box.setObjectName("SaveRefused")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.open()

    def ask_unsaved(self) -> QMessageBox.StandardButton:
        """Save, Discard or Cancel, asked when closing with unsaved changes (tests answer it)."""
        return QMessageBox.question(
            self,
            "Unsaved changes",
            f"Save the changes to the map {self.hexmap.name}?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if not self.undo_stack.isClean():
            answer = self.ask_unsaved()
            if answer == QMessageBox.StandardButton.Cancel or (
                answer == QMessageBox.StandardButton.Save and not self.save()
            ):
                event.ignore()
                return
        if self.map_image is not None:
            self.map_image.close()  # stop reading its tiles
        event.accept()


def _mark_current(widget: QListWidget, name: str) -> None:
    """Show ``name`` as the chosen entry of a tool list (without choosing it again)."""
    widget.blockSignals(True)
    for i in range(widget.count()):
        if widget.item(i).data(Qt.ItemDataRole.UserRole) == name:
            widget.setCurrentRow(i)
    widget.blockSignals(False)


# opening an editor (File > New Map, Edit > Edit Map) ---------------------------------------------


def show_editor(hexmap: HexMap, path: Path | None, parent: QWidget) -> MapEditor:
    """A map editor window for ``hexmap``, shown beside ``parent`` (freed when closed)."""
    editor = MapEditor(hexmap, path, parent)
    editor.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    editor.show()
    editor.raise_()
    return editor


def ask_new_map(parent: QWidget) -> NewMapDialog:
    """File > New Map: the new map's settings, then an editor on it."""
    dialog = NewMapDialog(parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.accepted.connect(lambda: show_editor(dialog.hexmap, None, parent))
    dialog.open()
    return dialog


def editable_copy(state: GameState) -> tuple[HexMap, Path | None]:
    """The open game's map read afresh (edits never touch the game being played), and the file
    Save writes to: the map's own file, unless it is one shipped with hexcombat or the map is
    embedded in a saved game (then Save asks where)."""
    source = state.hexmap.source
    text = map_text_of(state)
    hexmap = map_from_source(TomlSource.parse(text, source or "map.toml"))
    if source is None or not is_file(Path(source)) or is_shipped_map(Path(source)):
        return hexmap, None
    return hexmap, Path(source)
