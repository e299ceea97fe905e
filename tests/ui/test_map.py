"""The map: one board item drawn from cached tiles, zoom, pan, and the hex under the mouse."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from uihelpers import hex_point, send_mouse

from hexcombat.ui.board_item import BoardItem
from hexcombat.ui.stack_item import StackItem


def test_the_static_board_is_one_item_not_one_per_hex(window) -> None:
    boards = [i for i in window.scene.items() if isinstance(i, BoardItem)]
    assert len(boards) == 1
    hexes = len(window.session.state.hexmap)
    non_stack = [i for i in window.scene.items() if not isinstance(i, StackItem)]
    assert len(non_stack) < 10 < hexes


def test_hover_shows_the_printed_label_and_terrain(window, qtbot) -> None:
    viewport = window.view.viewport()
    send_mouse(viewport, QEvent.Type.MouseMove, hex_point(window, "0504"), Qt.MouseButton.NoButton)
    assert window.hex_label.text().startswith("0504  woods")
    send_mouse(viewport, QEvent.Type.MouseMove, hex_point(window, "0702"), Qt.MouseButton.NoButton)
    assert window.hex_label.text().startswith("0702  city")


def test_zoom_keys_and_fit(window, qtbot) -> None:
    qtbot.wait(10)
    window.view.fit_map()
    fitted = window.view.scale_factor
    qtbot.keyClick(window.view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert window.view.scale_factor < fitted
    window.view.zoom_in()
    window.view.zoom_in()
    assert window.view.scale_factor > fitted
    window.view.fit_map()
    assert abs(window.view.scale_factor - fitted) < 1e-6


def test_arrow_keys_pan(window, qtbot) -> None:
    window.view.zoom_in()
    window.view.zoom_in()
    before = window.view.mapToScene(QPoint(0, 0))
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    after = window.view.mapToScene(QPoint(0, 0))
    assert after.x() > before.x()


def _render(view) -> QImage:
    image = QImage(view.viewport().size(), QImage.Format.Format_RGB32)
    painter = QPainter(image)
    view.render(painter)
    painter.end()
    return image


def test_far_zoom_draws_the_overview_and_close_zoom_draws_tiles(window) -> None:
    board = window.scene.board
    tiny = QImage(80, 60, QImage.Format.Format_RGB32)
    painter = QPainter(tiny)
    window.scene.render(painter, source=board.boundingRect())  # about 3 pixels per hex
    painter.end()
    assert board._overview is not None
    window.scene.set_far(True)
    assert window.scene.overview.isVisible() and not window.scene.stacks_shown
    assert not any(i.isVisible() for i in window.scene.stack_items.values())
    window.scene.set_far(False)
    window.view.fit_map()
    rendered = board.tiles_rendered
    image = _render(window.view)
    assert board.tiles_rendered > rendered or rendered > 0
    assert all(i.isVisible() for i in window.scene.stack_items.values())
    woods = QColor("#a9c98a").rgb()
    colours = {
        image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)
    }
    assert woods in colours
