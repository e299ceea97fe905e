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
    assert overview[0] == item.overview()
    # far out, the overview is drawn from a halving no more than twice the screen's width
    assert [o.width() for o in overview] == [overview[0].width() >> n for n in range(len(overview))]
    assert item._overview_for(100).width() == overview[0].width() // 2 >= 100


def test_the_view_never_waits_for_tiles_and_refines_when_they_come(window, qtbot) -> None:
    scene, view = window.scene, window.view
    view.set_scale(3.0)  # a level no tile was rendered at
    board = scene.board
    rendered = board.tiles_rendered
    view.viewport().repaint()
    # the frame drew what was ready; the tiles it lacked were asked of the worker thread
    assert board.tiles_rendered == rendered or board.tiles_pending()
    # the worker hands them over through the event loop, and the view repaints them
    qtbot.waitUntil(lambda: not board.tiles_pending(), timeout=30_000)
    assert board.tiles_rendered > rendered
    painted = board.tiles_rendered
    view.viewport().repaint()
    assert not board.tiles_pending() and board.tiles_rendered == painted


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


def test_zoomed_out_past_reading_no_place_name_is_looked_at(window, monkeypatch) -> None:
    """A whole 200,000-hex map in view once walked every hex in view for names too small to
    read (240 ms a frame); below the smallest legible type the names are not looked at."""
    import hexcombat.ui.place_names_item as place_names

    names = window.scene.place_names
    looked = []
    monkeypatch.setattr(place_names, "MANY_PLACES", 0)  # as on a map with thousands of places
    monkeypatch.setattr(place_names, "hexes_in_rect", lambda *a: looked.append(a) or [])
    image = QImage(200, 200, QImage.Format.Format_RGB32)
    far = QPainter(image)
    far.scale(0.02, 0.02)
    window.scene.render(far, QRectF(image.rect()), names.boundingRect())
    far.end()
    assert looked == []
    near = QPainter(image)
    plate = next(iter(names.plates.values()))
    window.scene.render(near, QRectF(image.rect()), QRectF(plate.center().x(), plate.y(), 20, 20))
    near.end()
    assert looked  # close enough to read, the hexes in view are looked at


def test_the_overview_shows_each_hex_in_its_terrain_colour(qapp) -> None:
    """The far-zoom picture, made for all hexes at once: the cell under each hex's centre has
    its terrain's colour, on both orientations."""
    from hexcombat.ui.terrain_style import terrain_colour

    for path, orientation in [
        (SAMPLE, "flat"),
        (REPO / "tests/board/data/pointy-odd.toml", "pointy"),
    ]:
        hexmap = load_map(path)
        item = BoardItem(hexmap, Layout(orientation, 30.0))
        cells = item.overview_cells()
        cell_w, cell_h, cols, rows = item._cell_grid()
        bounds = item.boundingRect()
        assert (cells.width(), cells.height()) == (cols, rows)
        for h, kind in hexmap.terrain.items():
            x, y = item.layout.hex_to_pixel(h)
            i, j = int((x - bounds.left()) / cell_w), int((y - bounds.top()) / cell_h)
            assert cells.pixel(i, j) == terrain_colour(kind).rgb(), (hexmap.label(h), kind)


def test_the_window_opens_without_shapely_or_numpy(tmp_path) -> None:
    """Shapes (shapely, and numpy under it) are made on the worker thread, after the window
    shows: importing the program does not wait for them."""
    import subprocess
    import sys

    code = (
        "import sys, hexcombat.ui.app, hexcombat.game.opening; "
        "print(sorted(m for m in ('shapely', 'numpy', 'networkx') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_map_just_opened_is_drawn_sharp_at_once(window, qtbot, monkeypatch) -> None:  # noqa: ANN001
    """The first view of a map waits for no tile: no blurred stand-in, no cut label, while
    the worker would catch up (about a second on a busy laptop). The time it may take is
    made long here, so a busy test machine does not decide the result."""
    import hexcombat.ui.board_item as board_item

    monkeypatch.setattr(board_item, "FIRST_VIEW_SECONDS", 60.0)
    assert window.open_file(REPO / "maps" / "tutorial-lhy-saint-clair-scenario.toml")
    board = window.scene.board
    window.view.viewport().repaint()
    assert not board.tiles_pending() and board.tiles_rendered > 0  # drawn by itself, at once


def test_a_tile_s_repaint_keeps_the_rest_of_the_view_wanted(qapp) -> None:  # noqa: ANN001
    """A delivered tile repaints its own square, which asks for the tiles missing there only:
    the other tiles the view still lacks stay wanted at that scale; a new scale replaces them."""
    import threading

    from hexcombat.ui.board_item import TileWorker

    started, release = threading.Event(), threading.Event()
    rendered: list[tuple] = []

    def render(key: tuple) -> QImage:
        if not started.is_set():
            started.set()
            release.wait(10)
        rendered.append(key)
        return QImage(1, 1, QImage.Format.Format_RGB32)

    delivered: dict = {}
    worker = TileWorker(render, delivered.update)
    at_2 = [("d", 2.0, i, 0) for i in range(4)]
    worker.want(at_2)
    assert started.wait(10)  # the first tile is being drawn; three more are wanted
    worker.want([at_2[3]])  # a repaint of one square
    release.set()
    assert worker.wait()
    assert set(delivered) == set(at_2)
    started.clear()
    release.clear()
    worker.want([("d", 3.0, 0, 0), ("d", 3.0, 1, 0)])
    assert started.wait(10)
    worker.want([("d", 4.0, 0, 0)])  # zoomed again: the 3.0 tiles not begun are not drawn
    release.set()
    assert worker.wait()
    assert ("d", 3.0, 1, 0) not in delivered and ("d", 4.0, 0, 0) in delivered
    worker.stop(wait=True)
