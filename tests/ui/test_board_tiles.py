"""The board's tiles: the view never waits for one (a worker thread renders it while the view
shows what is ready), and a tile the worker draws is the very tile the GUI thread draws."""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from hexcombat.board.layout import Layout
from hexcombat.board.mapfile import load_map
from hexcombat.ui.board_item import OVERVIEW, BoardItem, TileWorker
from hexcombat.ui.display_options import BoardDisplay

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "maps" / "sample.toml"


def board() -> BoardItem:
    return BoardItem(load_map(SAMPLE), Layout("flat", 30.0))


def test_a_tile_drawn_by_the_worker_is_the_tile_drawn_on_the_gui_thread(qapp) -> None:
    item = board()
    keys = [
        (BoardDisplay(), 1.0, 0, 0),
        (BoardDisplay(), 2.0, 1, 1),  # with printed hex labels
        (BoardDisplay(hex_grid=False, terrain_symbols=False), 0.5, 0, 0),
    ]
    got: dict = {}
    threads: set[str] = set()

    def render(key):
        threads.add(threading.current_thread().name)
        return item._render_key(key)

    worker = TileWorker(render, got.update)
    worker.want(keys)
    assert worker.wait(30)
    worker.stop()
    assert set(got) == set(keys)
    assert threads == {"hexcombat tiles"}
    for display, level, i, j in keys:
        item.display = display
        drawn_here = item._render_tile(level, i, j)
        assert got[display, level, i, j] == drawn_here, (display, level)
        assert not drawn_here.isNull()
    overview = item._render_key((BoardDisplay(), OVERVIEW, 0, 0))
    assert overview == item.overview()


def test_the_view_never_waits_for_tiles_and_refines_when_they_come(window, qtbot) -> None:
    scene, view = window.scene, window.view
    view.set_scale(3.0)  # a level no tile was rendered at
    board = scene.board
    rendered = board.tiles_rendered
    view.viewport().repaint()
    # the frame drew what was ready; the tiles it lacked were asked of the worker thread
    assert board.tiles_rendered == rendered or board.tiles_pending()
    assert board.wait_for_tiles(30)
    assert board.tiles_rendered > rendered
    view.viewport().repaint()
    assert not board.tiles_pending()


def test_a_picture_of_the_map_is_the_finished_map(qapp) -> None:
    """Into an image (printing, a saved picture) every tile is drawn at once, never a
    stand-in: the same pixels as tiles rendered one by one."""
    item = board()
    rect = QRectF(0, 0, 256, 256)
    image = QImage(256, 256, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    from PySide6.QtWidgets import QGraphicsScene

    scene = QGraphicsScene()
    scene.addItem(item)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    assert item.tiles_rendered > 0 and not item.tiles_pending()
    tile = item.tile(1.0, 0, 0)
    assert image.pixel(100, 100) == tile.pixel(102, 102)
