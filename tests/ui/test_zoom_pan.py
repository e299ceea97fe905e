"""Zoom with the wheel and a pinch around the point under the cursor, and pan by dragging empty
map: the map point the player points at stays under the cursor while the scale changes, and a
drag moves the map with the mouse."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QNativeGestureEvent, QPointingDevice, QWheelEvent
from PySide6.QtWidgets import QApplication
from uihelpers import hex_point, send_mouse

from hexcombat.ui.main_window import MainWindow

NO_BUTTON = Qt.MouseButton.NoButton
LEFT = Qt.MouseButton.LeftButton


def wheel(window: MainWindow, at: QPoint, notches: int) -> None:
    """Turn the mouse wheel ``notches`` notches (120 each, positive away from the player) at
    ``at`` in the map's viewport."""
    viewport = window.view.viewport()
    send_mouse(viewport, QEvent.Type.MouseMove, at, NO_BUTTON)  # the cursor is there first
    event = QWheelEvent(
        QPointF(at),
        QPointF(viewport.mapToGlobal(at)),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        NO_BUTTON,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(viewport, event)


def pinch(window: MainWindow, at: QPoint, value: float, to_viewport: bool = False) -> None:
    """A trackpad pinch of ``value`` (0.25 = a quarter bigger) at ``at`` in the viewport, sent to
    the viewport (where the platform delivers it) or to the view."""
    view = window.view
    target = view.viewport() if to_viewport else view
    local = QPointF(view.viewport().mapTo(target, at)) if not to_viewport else QPointF(at)
    event = QNativeGestureEvent(
        Qt.NativeGestureType.ZoomNativeGesture,
        QPointingDevice.primaryPointingDevice(),
        2,
        local,
        local,
        QPointF(target.mapToGlobal(local)),
        value,
        QPointF(0, 0),
    )
    QApplication.sendEvent(target, event)


def scene_at(window: MainWindow, at: QPoint) -> QPointF:
    return window.view.mapToScene(at)


def close_to(a: QPointF, b: QPointF, tolerance: float) -> bool:
    return abs(a.x() - b.x()) <= tolerance and abs(a.y() - b.y()) <= tolerance


def test_the_wheel_zooms_in_and_out_around_the_cursor(window: MainWindow) -> None:
    view = window.view
    view.fit_map()
    at = hex_point(window, "0702")  # Ivanovka, off the map's centre
    assert (at - view.viewport().rect().center()).manhattanLength() > 100
    pointed = scene_at(window, at)
    fitted = view.scale_factor
    wheel(window, at, 2)
    # two notches of 120: 1.0015 ** 240, about 1.43 times closer
    assert abs(view.scale_factor / fitted - 1.0015**240) < 1e-6
    unit = 2 / view.scale_factor  # two screen pixels, in scene units
    assert close_to(scene_at(window, at), pointed, unit)  # Ivanovka stays under the cursor
    assert window.zoom_label.text() == f"{view.scale_factor * 100:.0f}%"
    wheel(window, at, -2)
    assert abs(view.scale_factor - fitted) < 1e-9
    assert close_to(scene_at(window, at), pointed, 2 / view.scale_factor)


def test_a_pinch_zooms_around_the_fingers(window: MainWindow) -> None:
    view = window.view
    for to_viewport in (False, True):
        view.fit_map()
        at = hex_point(window, "0306")
        pointed = scene_at(window, at)
        fitted = view.scale_factor
        pinch(window, at, 0.25, to_viewport)
        assert abs(view.scale_factor / fitted - 1.25) < 1e-6
        assert close_to(scene_at(window, at), pointed, 2 / view.scale_factor)
        pinch(window, at, -0.2, to_viewport)  # fingers together: farther out
        assert abs(view.scale_factor / fitted - 1.25 * 0.8) < 1e-6
        assert close_to(scene_at(window, at), pointed, 2 / view.scale_factor)


def test_dragging_empty_map_pans_with_the_mouse(window: MainWindow) -> None:
    view = window.view
    view.fit_map()
    view.zoom_in()
    view.zoom_in()  # closer than the whole map, so there is somewhere to pan to
    state = window.session.state
    empty = next(
        hex_point(window, label) for label in ("0303", "0302", "0202")
        if not state.stack_at(state.hexmap.hex_at(label))
    )  # fmt: skip
    before = scene_at(window, QPoint(0, 0))
    stacks = {h: [c.uid for c in s] for h, s in state.stacks().items()}
    viewport = view.viewport()
    end = empty + QPoint(-120, -80)
    send_mouse(viewport, QEvent.Type.MouseButtonPress, empty, LEFT, LEFT)
    for k in range(1, 6):
        send_mouse(viewport, QEvent.Type.MouseMove, empty + (end - empty) * (k / 5), LEFT)
    send_mouse(viewport, QEvent.Type.MouseButtonRelease, end, NO_BUTTON, LEFT)
    after = scene_at(window, QPoint(0, 0))
    # the map followed the mouse 120 px left and 80 up: the view looks 120 and 80 px further on
    unit = 1 / view.scale_factor
    assert abs((after.x() - before.x()) - 120 * unit) <= 2 * unit
    assert abs((after.y() - before.y()) - 80 * unit) <= 2 * unit
    # panning moves the view, never a counter
    assert {h: [c.uid for c in s] for h, s in state.stacks().items()} == stacks


def test_ctrl_equals_zooms_in_like_ctrl_plus(window: MainWindow, qtbot) -> None:
    view = window.view
    view.fit_map()
    fitted = view.scale_factor
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    once = view.scale_factor
    assert once > fitted * 1.05  # the = key, unshifted, zooms in
    qtbot.keyClick(view, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert abs(view.scale_factor / once - once / fitted) < 1e-6  # by the same step as Ctrl++
