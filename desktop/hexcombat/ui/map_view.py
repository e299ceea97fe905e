"""The map view: zoom (wheel, pinch, Ctrl +/-, fit), pan (drag empty map, arrow keys), and the
hex under the mouse, found through the board layout rather than item shapes."""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPointF, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QNativeGestureEvent,
    QPainter,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGestureEvent, QGraphicsScene, QGraphicsView, QWidget

from hexcombat.board.hexes import Hex
from hexcombat.board.layout import Layout
from hexcombat.board.mapfile import HexMap
from hexcombat.ui import terrain_style
from hexcombat.ui.counter_mime import read_mime

MAX_SCALE = 6.0
LABELS_SCALE = 1.1
"""A zoom at which the board prints its hex labels (its tiles are drawn at level 2 from just
above 1:1, board_item.LABEL_LEVEL): where a tutorial opens when fitting the map hides them."""
ZOOM_STEP = 1.25


class MapView(QGraphicsView):
    """Shows a map scene; reports the hex under the mouse and the zoom."""

    hex_hovered = Signal(object)
    """The :class:`Hex` under the mouse (None off the map)."""
    hex_clicked = Signal(object)
    """A left click on a map hex (retreat picks); selection and drags work as usual."""
    context_requested = Signal(object, object)
    """Right click: the :class:`Hex` (or None) and the global position for a menu."""
    zoom_changed = Signal(float)
    """The view's scale (screen pixels per scene unit)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("MapView")
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.setBackgroundBrush(terrain_style.BACKGROUND)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setMouseTracking(True)
        self.setAcceptDrops(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.viewport().grabGesture(Qt.GestureType.PinchGesture)
        self.hexmap: HexMap | None = None
        self.layout_: Layout | None = None
        self._fitted_once = False
        self._readable_at: QPointF | None = None

    def show_map(self, scene: QGraphicsScene, hexmap: HexMap, layout: Layout) -> None:
        """Show ``scene`` whose board is ``hexmap`` placed by ``layout``, fitted to the window."""
        self.hexmap = hexmap
        self.layout_ = layout
        self._readable_at = None
        self.setScene(scene)
        self.fit_map()

    def show_readable(self, at: QPointF) -> None:
        """Zoom in on the scene point ``at`` until the hex labels print, when the map fitted to
        the window is too small for them (a tutorial names hexes: "select 0303"); a map that
        fits with its labels stays whole."""
        self._readable_at = at
        self._make_readable()

    def _make_readable(self) -> None:
        if self._readable_at is None or self.scene() is None:
            return
        if self.scale_factor <= 1.0:  # tiles at level 1 or coarser: no labels
            self.set_scale(LABELS_SCALE)
            self.centerOn(self._readable_at)

    # zoom ----------------------------------------------------------------------------------

    @property
    def scale_factor(self) -> float:
        """Screen pixels per scene unit."""
        return self.transform().m11()

    def _min_scale(self) -> float:
        scene = self.scene()
        if scene is None:
            return 0.01
        rect = scene.sceneRect()
        view = self.viewport().rect()
        fit = min(view.width() / max(rect.width(), 1), view.height() / max(rect.height(), 1))
        return max(0.002, fit * 0.5)

    def set_scale(self, scale: float) -> None:
        """Zoom to ``scale`` (clamped between half the whole map and a close look)."""
        scale = max(self._min_scale(), min(MAX_SCALE, scale))
        factor = scale / self.scale_factor
        if math.isclose(factor, 1.0):
            return
        self.scale(factor, factor)
        self._zoomed()

    def zoom_by(self, factor: float, at: QPointF | None = None) -> None:
        """Zoom in (factor > 1) or out around the viewport point ``at`` (the cursor, or the
        fingers of a pinch), else around the centre: the map point there stays there.

        The anchor is the event's own position, not where Qt last saw the cursor, so a wheel or
        a pinch over Ivanovka zooms into Ivanovka whatever moved before."""
        anchor = (at if at is not None else QPointF(self.viewport().rect().center())).toPoint()
        pointed = self.mapToScene(anchor)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        try:
            self.set_scale(self.scale_factor * factor)
        finally:
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        moved = self.mapFromScene(pointed) - anchor
        self.pan_by(moved.x(), moved.y())

    def zoom_in(self) -> None:
        """One step closer (Ctrl +)."""
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        """One step farther (Ctrl -)."""
        self.zoom_by(1 / ZOOM_STEP)

    def fit_map(self) -> None:
        """Show the whole map."""
        scene = self.scene()
        if scene is None:
            return
        board = scene.board.boundingRect() if hasattr(scene, "board") else scene.sceneRect()
        board = board.adjusted(-12, -12, 12, 12)
        self.fitInView(board, Qt.AspectRatioMode.KeepAspectRatio)
        if self.scale_factor > MAX_SCALE:
            self.set_scale(MAX_SCALE)
        self._zoomed()

    def _zoomed(self) -> None:
        scene = self.scene()
        if scene is not None and hasattr(scene, "set_far"):
            from hexcombat.ui.map_scene import FAR_BELOW

            scene.set_far(self.scale_factor * scene.counter_size < FAR_BELOW)
        self.zoom_changed.emit(self.scale_factor)

    def center_on_hex(self, h: Hex) -> None:
        """Scroll so ``h`` is in the middle."""
        if self.layout_ is not None:
            self.centerOn(QPointF(*self.layout_.hex_to_pixel(h)))

    # events --------------------------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        delta = event.angleDelta().y() or event.pixelDelta().y()
        if delta:
            self.zoom_by(1.0015**delta, event.position())
        event.accept()

    def _pinched(self, gesture: QNativeGestureEvent, on_viewport: bool) -> bool:
        """A trackpad pinch (macOS, Wayland): zoom by its value around the fingers."""
        if gesture.gestureType() != Qt.NativeGestureType.ZoomNativeGesture:
            return False
        at = gesture.position()
        if not on_viewport:
            at = QPointF(self.viewport().mapFrom(self, at.toPoint()))
        self.zoom_by(1.0 + gesture.value(), at)
        gesture.accept()  # taken: not passed on to the view as well
        return True

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.NativeGesture and self._pinched(event, False):  # type: ignore[arg-type]
            return True
        return super().event(event)

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.NativeGesture and self._pinched(event, True):  # type: ignore[arg-type]
            return True
        if event.type() == QEvent.Type.Gesture:
            gestures: QGestureEvent = event  # type: ignore[assignment]
            pinch = gestures.gesture(Qt.GestureType.PinchGesture)
            if pinch is not None:  # a touch screen pinch
                centre = self.viewport().mapFromGlobal(pinch.centerPoint().toPoint())
                self.zoom_by(pinch.scaleFactor(), QPointF(centre))
                return True
        return super().viewportEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        step = 60
        moves = {
            Qt.Key.Key_Left: (-step, 0),
            Qt.Key.Key_Right: (step, 0),
            Qt.Key.Key_Up: (0, -step),
            Qt.Key.Key_Down: (0, step),
        }
        move = moves.get(Qt.Key(event.key()))
        if move is not None and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.pan_by(*move)
            event.accept()
            return
        super().keyPressEvent(event)

    def pan_by(self, dx: int, dy: int) -> None:
        """Scroll the map by ``dx``, ``dy`` screen pixels."""
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + dx)
        v.setValue(v.value() + dy)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        self.hex_hovered.emit(self.hex_at_view(event.position()))
        super().mouseMoveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            h = self.hex_at_view(event.position())
            if h is not None:
                self.hex_clicked.emit(h)
        super().mousePressEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802
        h = self.hex_at_view(QPointF(event.pos()))
        scene = self.scene()
        if h is not None and hasattr(scene, "select_hex"):
            scene.select_hex(h)
        self.context_requested.emit(h, event.globalPos())

    def hex_at_view(self, pos: QPointF) -> Hex | None:
        """The map hex under a viewport point, through the layout (not item shapes)."""
        if self.layout_ is None or self.hexmap is None:
            return None
        scene = self.mapToScene(pos.toPoint())
        h = self.layout_.pixel_to_hex(scene.x(), scene.y())
        return h if h in self.hexmap.terrain else None

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        if not self._fitted_once and self.scene() is not None and self.isVisible():
            self._fitted_once = True
            self.fit_map()
            self._make_readable()

    # drops from the palette and the stack inspector -------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802
        if read_mime(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802
        if read_mime(event.mimeData()) is not None:
            event.acceptProposedAction()
            self.hex_hovered.emit(self.hex_at_view(event.position()))
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        payload = read_mime(event.mimeData())
        scene = self.scene()
        if payload is None or scene is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.drop_payload(payload, self.mapToScene(event.position().toPoint()))

    def drop_payload(self, payload: dict[str, object], pos: QPointF) -> None:
        """Counters (uids) or a library counter were dropped at scene point ``pos``."""
        scene = self.scene()
        uids = payload.get("uids")
        if isinstance(uids, list):
            scene.drop_counters([str(u) for u in uids], pos)
        elif isinstance(payload.get("counter"), str):
            scene.add_requested.emit(
                str(payload["counter"]), str(payload.get("side", "")), scene.hex_at(pos)
            )
