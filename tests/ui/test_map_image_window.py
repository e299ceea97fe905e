"""The scanned map in the window: drawn under the board from tiles, calibrated by two clicks,
and a missing image said while the game opens without it."""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, QPointF, QStandardPaths, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from uihelpers import send_mouse

from hexcombat.board.mapfile import load_map
from hexcombat.board.mapimage import MapImage
from hexcombat.board.offset import OffsetScheme

COLS, ROWS = 12, 9
TRUE = MapImage("scan.jpg", (120.0, 100.0), 200.0, 170.0)
"""The printed grid: hexes 200 pixels wide and 170 tall (not regular), so the image is
larger than its overview and is read in tiles."""
SCHEME = OffsetScheme("flat", "odd", "{col:02d}{row:02d}", "0101")
RED = "0504"


def printed_map(path: Path, fmt: str = "JPEG") -> None:
    """A scan: paper colour, a dot at each printed hex centre, hex 0504 red."""
    width = round(TRUE.origin[0] * 2 + (COLS - 1) * TRUE.hex_width * 0.75)
    height = round(TRUE.origin[1] * 2 + (ROWS - 0.5) * TRUE.hex_height)
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor(236, 226, 196))
    painter = QPainter(image)
    for col in range(COLS):
        for row in range(ROWS):
            h = SCHEME.hex_of(col, row)
            x, y = TRUE.hex_centre("flat", h)
            if SCHEME.label(h) == RED:
                painter.fillRect(round(x) - 50, round(y) - 50, 100, 100, QColor(220, 0, 0))
            painter.fillRect(round(x) - 1, round(y) - 1, 3, 3, QColor(0, 0, 0))
    painter.end()
    image.save(str(path), fmt, 95)


def map_text(image: str | None) -> str:
    rows = ",".join(f'"{"c" * COLS}"' for _ in range(ROWS))
    text = (
        'name = "Scan"\n[layout]\norientation = "flat"\noffset = "odd"\n'
        'label = "{col:02d}{row:02d}"\nfirst = "0101"\n'
        f'columns = {COLS}\nrows = {ROWS}\n[legend]\nc = "clear"\n[terrain]\nrows = [{rows}]\n'
    )
    if image:
        x, y = TRUE.origin
        text += (
            f'[image]\nfile = "{image}"\norigin = [{x}, {y}]\n'
            f"hex_width = {TRUE.hex_width}\nhex_height = {TRUE.hex_height}\n"
        )
    return text


def render(window) -> QImage:
    view = window.view
    target = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(target)
    view.render(painter)
    painter.end()
    return target


def sharp(window) -> bool:
    """Render a frame; True when it lacked no tile."""
    render(window)
    item = window.scene.map_image
    if item.source is None or item.overview.isNull():
        return False
    return not item.pending and not (item.wanted - set(item.tiles))


def test_the_image_is_drawn_under_the_board_from_tiles(window, qtbot, tmp_path) -> None:
    printed_map(tmp_path / "scan.jpg")
    (tmp_path / "scan.toml").write_text(map_text("scan.jpg"))
    assert window.open_file(tmp_path / "scan.toml"), window.errors
    window._display_switched("board_over_image", False)  # the image alone
    assert not window.scene.board.isVisible()
    h = window.session.state.hexmap.hex_at(RED)
    window.view.set_scale(3.0)  # close: tiles of the full image, not the overview
    window.view.center_on_hex(h)
    qtbot.waitUntil(lambda: sharp(window), timeout=20_000)
    assert window.scene.map_image.tiles
    frame = render(window)
    centre = window.view.mapFromScene(window.scene.hex_centre(h)) + QPoint(12, 12)  # off the dot
    assert QColor(frame.pixel(centre)).red() > 180 and QColor(frame.pixel(centre)).green() < 60
    beside = window.view.mapFromScene(window.scene.hex_centre(h.neighbour(0))) + QPoint(12, 12)
    assert QColor(frame.pixel(beside)).green() > 180  # paper, one hex away


def test_the_board_is_drawn_faintly_over_the_image(window, tmp_path) -> None:
    printed_map(tmp_path / "scan.jpg")
    (tmp_path / "scan.toml").write_text(map_text("scan.jpg"))
    assert window.open_file(tmp_path / "scan.toml")
    assert window.scene.board.isVisible() and window.scene.board.opacity() < 0.5
    window._display_switched("faint_board", False)
    assert window.scene.board.opacity() == 1.0


def test_a_missing_image_is_said_and_the_game_opens_without_it(window, tmp_path) -> None:
    (tmp_path / "scan.toml").write_text(map_text("gone.jpg"))
    assert window.open_file(tmp_path / "scan.toml"), window.errors
    assert window.scene.map_image is None
    message = window.statusBar().currentMessage()
    assert "gone.jpg is missing" in message and "drawn without it" in message


def test_a_png_is_converted_once_and_read_in_tiles(window, qtbot, tmp_path) -> None:
    QStandardPaths.setTestModeEnabled(True)
    printed_map(tmp_path / "scan.png", "PNG")
    (tmp_path / "scan.toml").write_text(map_text("scan.png"))
    assert window.open_file(tmp_path / "scan.toml"), window.errors
    item = window.scene.map_image
    qtbot.waitUntil(lambda: item.source is not None, timeout=20_000)
    copy = Path(item.source)
    strips = ["0000.jpg", "0001.jpg", "0002.jpg", "0003.jpg"]  # 1,645 rows: four of 512
    assert sorted(p.name for p in copy.iterdir()) == [*strips, "overview.png"]
    window._display_switched("board_over_image", False)  # the image alone
    h = window.session.state.hexmap.hex_at(RED)  # its centre in the second strip
    window.view.set_scale(3.0)
    window.view.center_on_hex(h)
    qtbot.waitUntil(lambda: sharp(window), timeout=20_000)
    frame = render(window)
    centre = window.view.mapFromScene(window.scene.hex_centre(h)) + QPoint(12, 12)
    assert QColor(frame.pixel(centre)).red() > 180 and QColor(frame.pixel(centre)).green() < 60
    assert window.open_file(tmp_path / "scan.toml"), window.errors  # again: no converting
    assert window.scene.map_image.source == str(copy) and window.image_progress.isHidden()


def test_two_clicks_and_their_labels_calibrate_the_image(window, tmp_path) -> None:
    printed_map(tmp_path / "scan.jpg")
    (tmp_path / "plain.toml").write_text(map_text(None))
    assert window.open_file(tmp_path / "plain.toml")
    window.choose_map_path = lambda start: str(tmp_path / "calibrated.toml")
    from hexcombat.ui.calibrate_image import start_map_image

    calibration = start_map_image(window, tmp_path / "scan.jpg")
    assert calibration is not None
    assert not window.scene.board.isVisible()  # the printed map alone while clicking
    window.view.set_scale(3.0)  # zoomed in to click, as a player would
    item = window.scene.map_image
    for label in ("0102", "1108"):
        calibration.ask_label = lambda default, label=label: label
        x, y = TRUE.hex_centre("flat", SCHEME.parse_label(label))
        window.view.centerOn(item.mapToScene(QPointF(x, y)))
        where = window.view.mapFromScene(item.mapToScene(QPointF(x, y)))
        send_mouse(
            window.view.viewport(),
            QEvent.Type.MouseButtonPress,
            where,
            Qt.MouseButton.LeftButton,
            Qt.MouseButton.LeftButton,
        )
    hexmap = load_map(tmp_path / "calibrated.toml")
    assert hexmap.image is not None and hexmap.image.file == "scan.jpg"
    for col in range(COLS):
        for row in range(ROWS):
            h = SCHEME.hex_of(col, row)
            found = hexmap.image.hex_centre("flat", h)
            assert math.dist(found, TRUE.hex_centre("flat", h)) < 2.0, SCHEME.label(h)
    assert window.session.state.hexmap.image is not None
    assert "[image]" in window.session.state.map_text
    assert window.scene.board.isVisible() and window.scene.board.opacity() < 0.5


def test_stopping_the_calibration_leaves_the_map_as_it_was(window, tmp_path) -> None:
    printed_map(tmp_path / "scan.jpg")
    (tmp_path / "plain.toml").write_text(map_text(None))
    assert window.open_file(tmp_path / "plain.toml")
    from hexcombat.ui.calibrate_image import start_map_image

    calibration = start_map_image(window, tmp_path / "scan.jpg")
    calibration.ask_label = lambda default: None  # the player cancels the label
    send_mouse(
        window.view.viewport(),
        QEvent.Type.MouseButtonPress,
        QPoint(50, 50),
        Qt.MouseButton.LeftButton,
        Qt.MouseButton.LeftButton,
    )
    assert window.scene.map_image is None
    assert window.scene.board.isVisible() and window.scene.board.opacity() == 1.0
    assert window.session.state.hexmap.image is None


def test_an_image_damaged_past_its_header_is_said(window, qtbot, tmp_path) -> None:
    printed_map(tmp_path / "good.jpg")
    data = (tmp_path / "good.jpg").read_bytes()
    start = data.index(b"\xff\xda")  # the scan data: garbage from here
    (tmp_path / "scan.jpg").write_bytes(data[: start + 2] + b"\x00\x01" * 50)
    (tmp_path / "scan.toml").write_text(map_text("scan.jpg"))
    assert window.open_file(tmp_path / "scan.toml"), window.errors
    qtbot.waitUntil(
        lambda: "could not be read" in window.statusBar().currentMessage(), timeout=20_000
    )
    assert "drawn without it" in window.statusBar().currentMessage()


def test_esc_stops_the_calibration(window, qtbot, tmp_path) -> None:
    printed_map(tmp_path / "scan.jpg")
    (tmp_path / "plain.toml").write_text(map_text(None))
    assert window.open_file(tmp_path / "plain.toml")
    from hexcombat.ui.calibrate_image import start_map_image

    start_map_image(window, tmp_path / "scan.jpg")
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.scene.map_image is None and window.scene.board.isVisible()
    assert "stopped" in window.statusBar().currentMessage()


def test_zoomed_out_the_overview_shows_the_whole_image_in_place(window, qtbot, tmp_path) -> None:
    printed_map(tmp_path / "scan.jpg")
    (tmp_path / "scan.toml").write_text(map_text("scan.jpg"))
    assert window.open_file(tmp_path / "scan.toml"), window.errors
    window._display_switched("board_over_image", False)
    item = window.scene.map_image
    qtbot.waitUntil(lambda: not item.overview.isNull(), timeout=20_000)
    width, height = item.info.width, item.info.height
    assert item.top == 1  # the image is larger than the overview: tiles below it
    assert (item.overview.width(), item.overview.height()) == (
        math.ceil(width / 2),
        math.ceil(height / 2),
    )
    window.view.fit_map()
    frame = render(window)
    h = window.session.state.hexmap.hex_at(RED)
    centre = window.view.mapFromScene(window.scene.hex_centre(h)) + QPoint(6, 6)
    assert QColor(frame.pixel(centre)).red() > 150 and QColor(frame.pixel(centre)).green() < 90


def test_a_shipped_map_calibrated_is_offered_to_save_outside_the_program(window, tmp_path) -> None:
    """The tutorial's map is one shipped with hexcombat: the save dialog does not start on its
    file (a press of Enter would overwrite the program's own map), as Edit Map does not."""
    from hexcombat.paths import maps_dir
    from hexcombat.sourcefile import resolved

    printed_map(tmp_path / "scan.jpg")
    window.settings.setValue("last_dir", str(tmp_path))
    offered: list[str] = []
    window.choose_map_path = lambda start: offered.append(start) or ""
    from hexcombat.ui.calibrate_image import start_map_image

    calibration = start_map_image(window, tmp_path / "scan.jpg")
    shipped = window.session.state.hexmap.source
    assert shipped is not None and resolved(Path(shipped)).is_relative_to(resolved(maps_dir()))
    calibration.finish(MapImage(str(tmp_path / "scan.jpg"), (120.0, 100.0), 200.0, 170.0))
    (start,) = offered
    assert Path(start) == tmp_path / Path(shipped).name


def test_labels_that_put_the_grid_off_the_picture_are_asked_again(window, tmp_path) -> None:
    """A mistyped second label (0203 for 1108) fits a grid far off the scan: the player is
    told and clicks again, and no map file is written with it."""
    printed_map(tmp_path / "scan.jpg")
    (tmp_path / "plain.toml").write_text(map_text(None))
    assert window.open_file(tmp_path / "plain.toml")
    offered: list[str] = []
    window.choose_map_path = lambda start: offered.append(start) or str(tmp_path / "out.toml")
    from hexcombat.ui.calibrate_image import start_map_image

    calibration = start_map_image(window, tmp_path / "scan.jpg")
    item = window.scene.map_image
    for printed, typed in (("0102", "0102"), ("1108", "0203")):
        calibration.ask_label = lambda default, typed=typed: typed
        x, y = TRUE.hex_centre("flat", SCHEME.parse_label(printed))
        calibration.click(item.mapToScene(QPointF(x, y)))
    message = window.statusBar().currentMessage()
    assert "off the" in message and "click the first hex again" in message
    assert calibration.clicks == [] and offered == [] and not (tmp_path / "out.toml").exists()


def press(window, where: QPoint) -> None:
    send_mouse(
        window.view.viewport(),
        QEvent.Type.MouseButtonPress,
        where,
        Qt.MouseButton.LeftButton,
        Qt.MouseButton.LeftButton,
    )


def test_a_calibration_left_unfinished_never_takes_the_clicks_of_later_play(
    window, tmp_path
) -> None:
    """File > Map Image chosen again, or another game opened, while the first still waits
    for its clicks: the first stops (it asked for printed labels at every later click)."""
    from hexcombat.ui.calibrate_image import start_map_image

    printed_map(tmp_path / "scan.jpg")
    (tmp_path / "plain.toml").write_text(map_text(None))
    assert window.open_file(tmp_path / "plain.toml")
    window.choose_map_path = lambda start: ""
    asked: list[str] = []
    first = start_map_image(window, tmp_path / "scan.jpg")
    first.ask_label = lambda default: asked.append("first") or default
    second = start_map_image(window, tmp_path / "scan.jpg")
    second.ask_label = lambda default: asked.append("second") or None  # a blank label: stop
    press(window, window.view.viewport().rect().center())
    assert asked == ["second"]
    press(window, window.view.viewport().rect().center())
    assert asked == ["second"]  # nobody asks any more

    third = start_map_image(window, tmp_path / "scan.jpg")
    third.ask_label = lambda default: asked.append("third") or default
    assert window.open_file(tmp_path / "plain.toml")  # another game, its scene
    press(window, window.view.viewport().rect().center())
    assert asked == ["second"]


def test_a_png_s_first_open_converts_in_a_process_of_its_own_with_a_progress_bar(
    window, qtbot, tmp_path
) -> None:
    import os

    from hexcombat.ui.map_image_item import _Converter

    QStandardPaths.setTestModeEnabled(True)
    printed_map(tmp_path / "first.png", "PNG")
    (tmp_path / "first.toml").write_text(map_text("first.png"))
    assert window.open_file(tmp_path / "first.toml"), window.errors
    item = window.scene.map_image
    (converter,) = [c for c in _Converter.running.values() if c.source.endswith("first.png")]
    assert converter.process.processId() not in (0, os.getpid())  # not the window's memory
    bar = window.image_progress
    assert bar is not None and bar.isVisible() and bar.value() < 100
    assert "first time only" in bar.format()
    qtbot.waitUntil(lambda: item.source is not None, timeout=30_000)
    assert not bar.isVisible() and item.progress == 1.0
    assert (Path(item.source) / "0000.jpg").is_file()


def test_a_progressive_jpeg_shows_its_overview_then_its_tiles(window, qtbot, tmp_path) -> None:
    """Its overview whole before its strips are made (a progress bar until then), then tiles
    from the strips, the red hex where it is printed."""
    from PySide6.QtGui import QImageWriter

    QStandardPaths.setTestModeEnabled(True)
    printed_map(tmp_path / "plain.png", "PNG")
    writer = QImageWriter(str(tmp_path / "scan.jpg"), b"jpeg")
    writer.setProgressiveScanWrite(True)
    writer.setQuality(95)
    assert writer.write(QImage(str(tmp_path / "plain.png")))
    (tmp_path / "scan.toml").write_text(map_text("scan.jpg"))
    assert window.open_file(tmp_path / "scan.toml"), window.errors
    item = window.scene.map_image
    assert not item.info.tiled and window.image_progress.isVisible()
    heard: list[str] = []
    item.signals.tile_read.connect(lambda key, image: heard.append(f"tile {key}"))
    item.signals.converted.connect(lambda target: heard.append("strips"))
    qtbot.waitUntil(lambda: item.source is not None, timeout=30_000)
    assert heard[:2] == ["tile (-1, 0, 0)", "strips"]  # the overview (whole) first
    assert (Path(item.source) / "0003.jpg").is_file() and window.image_progress.isHidden()
    window._display_switched("board_over_image", False)
    h = window.session.state.hexmap.hex_at(RED)
    window.view.set_scale(3.0)
    window.view.center_on_hex(h)
    qtbot.waitUntil(lambda: sharp(window), timeout=20_000)
    frame = render(window)
    centre = window.view.mapFromScene(window.scene.hex_centre(h)) + QPoint(12, 12)
    assert QColor(frame.pixel(centre)).red() > 180 and QColor(frame.pixel(centre)).green() < 60


def test_a_png_cut_short_is_said_by_the_window_and_by_check(window, qtbot, tmp_path) -> None:
    from hexcombat.board.mapfile import check_map_source
    from hexcombat.sourcefile import TomlSource

    QStandardPaths.setTestModeEnabled(True)
    printed_map(tmp_path / "whole.png", "PNG")
    data = (tmp_path / "whole.png").read_bytes()
    (tmp_path / "cut.png").write_bytes(data[: len(data) * 2 // 3])
    (tmp_path / "cut.toml").write_text(map_text("cut.png"))
    (problem,) = check_map_source(TomlSource.load(tmp_path / "cut.toml"))
    assert "cut.png is cut short" in problem.message
    assert window.open_file(tmp_path / "cut.toml"), window.errors
    qtbot.waitUntil(
        lambda: "could not be decoded" in window.statusBar().currentMessage(), timeout=30_000
    )
    assert not window.image_progress.isVisible()


def test_the_converter_shows_the_part_read_so_far_then_the_whole(qapp, tmp_path) -> None:  # noqa: ANN001
    from PySide6.QtCore import QSize

    from hexcombat.ui import image_convert

    printed_map(tmp_path / "scan.png", "PNG")
    said: list[object] = []
    shown: list[QImage] = []

    def overview(path: Path) -> None:
        said.append(path)
        shown.append(QImage(str(path)))

    image_convert.OVERVIEW_EVERY, every = 0.0, image_convert.OVERVIEW_EVERY
    try:
        why = image_convert.convert(
            tmp_path / "scan.png", tmp_path / "copy", said.append, (QSize(189, 165), overview)
        )
    finally:
        image_convert.OVERVIEW_EVERY = every
    assert why is None and (tmp_path / "copy" / "0003.jpg").is_file()
    assert all(image.size() == QSize(189, 165) for image in shown)
    first, last = shown[0], shown[-1]
    assert QColor.fromRgba(first.pixel(90, 10)).alpha() == 255  # the first band: read
    assert QColor.fromRgba(first.pixel(90, 160)).alpha() == 0  # the last rows: not yet
    assert QColor.fromRgba(last.pixel(90, 160)).alpha() == 255
    paths = [at for at, s in enumerate(said) if isinstance(s, Path)]
    assert paths[0] < said.index(99 * 1024 // 1645) and paths[-1] < said.index(100)
    assert [s for s in said if isinstance(s, int)] == sorted(s for s in said if isinstance(s, int))
    assert QImage(str(tmp_path / "copy" / "overview.png")) == last  # kept for later opens
