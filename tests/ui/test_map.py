"""The map: one board item drawn from cached tiles, zoom, pan, and the hex under the mouse."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, QRectF, QSettings, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from shapely.geometry import Point, Polygon
from uihelpers import hex_point, send_mouse

from hexcombat.board.geometry import point_lists, river_lines
from hexcombat.ui.board_item import BoardItem
from hexcombat.ui.main_window import MainWindow
from hexcombat.ui.stack_item import StackItem


def test_the_static_board_is_one_item_not_one_per_hex(tutorial_window) -> None:
    boards = [i for i in tutorial_window.scene.items() if isinstance(i, BoardItem)]
    assert len(boards) == 1
    hexes = len(tutorial_window.session.state.hexmap)
    non_stack = [i for i in tutorial_window.scene.items() if not isinstance(i, StackItem)]
    assert len(non_stack) < 10 < hexes


def test_hover_shows_the_printed_label_and_terrain(window, qtbot) -> None:
    viewport = window.view.viewport()
    send_mouse(viewport, QEvent.Type.MouseMove, hex_point(window, "0504"), Qt.MouseButton.NoButton)
    assert window.hex_label.text().startswith("0504  woods")
    send_mouse(viewport, QEvent.Type.MouseMove, hex_point(window, "0702"), Qt.MouseButton.NoButton)
    assert window.hex_label.text().startswith("0702  city")


def test_opening_another_map_clears_the_last_maps_hex(window) -> None:  # noqa: ANN001
    viewport = window.view.viewport()
    send_mouse(viewport, QEvent.Type.MouseMove, hex_point(window, "0702"), Qt.MouseButton.NoButton)
    assert window.hex_label.text().startswith("0702")
    assert window.open_file(Path(__file__).resolve().parents[2] / "maps" / "tutorial-lhy.toml")
    assert window.hex_label.text() == ""  # 0702 is not this map's hex until the mouse says so


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


def test_a_river_bend_is_stroked_not_filled(qtbot, tmp_path) -> None:
    """A river is a line: the hexes inside its bend keep their grid (it was once filled over)."""
    win = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.errors = []
    win.show_error = lambda title, text: win.errors.append((title, text))
    assert win.open_file(Path(__file__).resolve().parents[2] / "maps" / "sample.toml")
    board, hexmap = win.scene.board, win.session.state.hexmap
    river = max(hexmap.rivers, key=lambda r: len(r.hexsides))
    (line,) = point_lists(river_lines(board.layout, river))[:1]
    bend = Polygon(line)  # the river's course closed on itself: the bend it encloses
    near_river = {h for side in river.hexsides for h in side.hexes}
    inside = [
        h
        for h in hexmap
        if h not in near_river and bend.contains(Point(*board.layout.hex_to_pixel(h)))
    ]
    assert inside, "the sample map's longest river has a bend with hexes inside it"
    x, y = board.layout.hex_to_pixel(inside[0])
    size = board.layout.size
    image = QImage(200, 200, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    win.scene.render(painter, source=QRectF(x - size, y - size, 2 * size, 2 * size))
    painter.end()
    centre = image.pixel(100, 100)
    edge_colours = {image.pixel(100, row) for row in range(100, 200)}  # down through the edge
    assert edge_colours - {centre}, "the hex's grid line is drawn, not covered by a fill"
