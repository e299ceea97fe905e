"""The map editor driven as a map maker drives it: mouse strokes on the view, the undo key,
its dialogs (odd input gets a reason, not a traceback), and a save that reopens equal."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox
from uihelpers import send_mouse

from hexcombat.board.hexside import Hexside
from hexcombat.board.mapedit import new_map
from hexcombat.board.mapfile import load_map
from hexcombat.ui.map_editor import MapEditor
from hexcombat.ui.map_editor_dialogs import NewMapDialog
from meaning import one_says

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.MouseButton.NoButton
SEIM = ("0103/0104", "0104/0203", "0203/0204", "0204/0304")


@pytest.fixture
def editor(qtbot) -> MapEditor:  # noqa: ANN001
    win = MapEditor(new_map("Test map", columns=8, rows=6))
    win.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.resize(1000, 700)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_map()
    return win


def at(editor: MapEditor, label: str) -> QPoint:
    """The viewport point of the centre of the hex printed ``label``."""
    h = editor.hexmap.hex_at(label)
    return editor.view.mapFromScene(QPointF(*editor.layout_.hex_to_pixel(h)))


def side(editor: MapEditor, text: str) -> Hexside:
    a, b = text.split("/")
    return Hexside(editor.hexmap.hex_at(a), editor.hexmap.hex_at(b))


def middle(editor: MapEditor, text: str) -> QPoint:
    """The viewport point of the middle of a hexside."""
    (ax, ay), (bx, by) = editor.layout_.hexside_endpoints(side(editor, text))
    return editor.view.mapFromScene(QPointF((ax + bx) / 2, (ay + by) / 2))


def stroke(editor: MapEditor, points: list[QPoint], steps: int = 8) -> None:
    """Press at the first point, move through the others in small steps, release at the last."""
    viewport = editor.view.viewport()
    send_mouse(viewport, QEvent.Type.MouseButtonPress, points[0], LEFT, LEFT)
    for start, end in zip(points, points[1:], strict=False):
        for k in range(1, steps + 1):
            p = QPointF(start) + QPointF(end - start) * (k / steps)
            send_mouse(viewport, QEvent.Type.MouseMove, p.toPoint(), LEFT)
    send_mouse(viewport, QEvent.Type.MouseButtonRelease, points[-1], NONE, LEFT)


def click(editor: MapEditor, point: QPoint) -> None:
    stroke(editor, [point])


def terrain_of(editor: MapEditor, label: str) -> str:
    return editor.hexmap.terrain[editor.hexmap.hex_at(label)]


def test_a_brush_stroke_paints_each_hex_it_crosses_and_one_undo_takes_it_back(
    editor, qtbot
) -> None:  # noqa: ANN001
    editor.set_terrain("woods")
    stroke(editor, [at(editor, "0103"), at(editor, "0703")])
    woods = {editor.hexmap.label(h) for h, kind in editor.hexmap.terrain.items() if kind == "woods"}
    assert {"0103", "0303", "0503", "0703"} <= woods and len(woods) >= 7
    assert editor.undo_stack.count() == 1  # the whole stroke is one edit
    assert not editor.undo_stack.isClean() and editor.windowTitle().endswith("*")
    editor.view.setFocus()
    qtbot.keyClick(editor.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert set(editor.hexmap.terrain.values()) == {"clear"}
    assert editor.undo_stack.isClean()


def test_a_click_with_the_fill_fills_one_terrain_s_region(editor) -> None:  # noqa: ANN001
    m = editor.hexmap
    clearing = m.hex_at("0404")
    editor.set_terrain("forest")
    for h in clearing.neighbours():
        click(editor, editor.view.mapFromScene(QPointF(*editor.layout_.hex_to_pixel(h))))
    editor.set_tool("fill")
    editor.set_terrain("sea")
    click(editor, at(editor, "0101"))
    assert terrain_of(editor, "0404") == "clear"  # ringed by forest: not reached
    assert terrain_of(editor, "0806") == "sea" and terrain_of(editor, "0403") == "forest"
    editor.undo_stack.undo()
    assert terrain_of(editor, "0806") == "clear"


def test_a_drag_along_hexsides_draws_one_river_and_a_click_on_it_erases_a_hexside(
    editor,
) -> None:  # noqa: ANN001
    editor.set_feature("minor-river")
    stroke(editor, [middle(editor, text) for text in SEIM])
    assert [r.hexsides for r in editor.hexmap.rivers] == [
        tuple(side(editor, text) for text in SEIM)
    ]
    assert editor.hexmap.features(*side(editor, "0203/0204").hexes) == {"minor-river"}
    click(editor, middle(editor, "0104/0203"))
    assert [len(r.hexsides) for r in editor.hexmap.rivers] == [1, 2]  # split in two
    editor.undo_stack.undo()
    assert [len(r.hexsides) for r in editor.hexmap.rivers] == [4]


def test_places_and_elevation_by_click_and_the_map_saves_and_reopens_equal(
    editor, tmp_path: Path
) -> None:  # noqa: ANN001
    editor.set_tool("place")
    click(editor, at(editor, "0504"))
    dialog = editor.dialog
    dialog.edit.setText("Hill 112")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    editor.level_box.setValue(3)
    click(editor, at(editor, "0504"))
    editor.set_feature("major-river")
    stroke(editor, [middle(editor, text) for text in SEIM[:2]])
    m = editor.hexmap
    assert m.places == {m.hex_at("0504"): "Hill 112"} and m.elevation == {m.hex_at("0504"): 3}
    path = tmp_path / "hill.toml"
    assert editor.save_to(path)
    assert editor.undo_stack.isClean() and "hill.toml" in editor.windowTitle()
    reopened = load_map(path)
    assert dataclasses.replace(reopened, source=None) == dataclasses.replace(m, source=None)


def test_odd_names_get_a_reason_and_ok_stays_grey(editor) -> None:  # noqa: ANN001
    editor.set_tool("place")
    click(editor, at(editor, "0202"))
    dialog = editor.dialog
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    for text, reason in (
        ("Kursk\x1b[31m", "must be one line of printable text"),
        (" Kursk", "may not begin or end with a space"),
        ("K" * 200, "200 characters long; at most 80"),
    ):
        dialog.edit.setText(text)
        assert reason in dialog.problem.text() and not ok.isEnabled()
    dialog.accept()  # refused: still open, nothing named
    assert editor.hexmap.places == {} and dialog.isVisible()
    dialog.reject()
    new_type = editor.ask_new_type("terrain")
    new_type.edit.setText("Woods")
    assert one_says(new_type.problem.text(), names=["'Woods'", "already a terrain type", "'woods'"])
    new_type.edit.setText("glacier")
    new_type.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert "glacier" in editor.hexmap.terrain_types and editor.terrain == "glacier"
    names = [editor.terrain_list.item(i).text() for i in range(editor.terrain_list.count())]
    assert names[-1] == "glacier  (0 hexes)"


def test_the_new_map_dialog_names_what_is_wrong(qtbot) -> None:  # noqa: ANN001
    dialog = NewMapDialog()
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    dialog.label_format.setText("{col}{row}")
    assert "needs a fixed zero-padded width" in dialog.problem.text() and not ok.isEnabled()
    dialog.label_format.setText("{col:02d}{row:02d}")
    dialog.columns.setValue(120)
    assert "use wider numbers" in dialog.problem.text() and not ok.isEnabled()
    dialog.label_format.setText("{col:03d}{row:03d}")
    dialog.first.setText("0101")
    assert "does not match the label format" in dialog.problem.text()
    dialog.first.setText("001001")
    dialog.name.setText("")
    assert "the map needs a name" in dialog.problem.text()
    dialog.name.setText("Big front")
    assert ok.isEnabled() and "001001 to 120015" in dialog.problem.text()
    ok.click()
    assert dialog.hexmap is not None and len(dialog.hexmap) == 120 * 15


def test_a_map_that_would_not_load_is_not_saved_and_each_problem_shows_its_line(
    editor, tmp_path: Path
) -> None:  # noqa: ANN001
    path = tmp_path / "kept.toml"
    path.write_text("kept", encoding="utf-8")
    editor.hexmap.name = " "  # as a damaged model would have it: the save's check catches it
    assert not editor.save_to(path)
    box = editor.findChild(QMessageBox, "SaveRefused")
    assert f"{path}:1: name is blank" in box.text()
    assert path.read_text(encoding="utf-8") == "kept"


def test_file_new_map_and_edit_map_open_the_editor(window, qtbot) -> None:  # noqa: ANN001
    texts = [a.text() for a in window.menuBar().actions()[0].menu().actions()]
    assert "New &Map..." in texts
    editor = window.edit_map()
    assert editor is not None and editor.path is None  # a shipped map: Save asks where
    assert editor.hexmap == dataclasses.replace(window.session.state.hexmap)
    assert editor.hexmap is not window.session.state.hexmap
    editor.set_terrain("sea")
    click(editor, at(editor, "0504"))
    assert window.session.state.hexmap.terrain[editor.hexmap.hex_at("0504")] == "woods"
    editor.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    editor.close()


def test_the_board_draws_a_new_river_and_keeps_its_lines_while_terrain_is_painted(
    editor,
) -> None:  # noqa: ANN001
    # the board works its lines out when it is first drawn (by the tile thread or a paint)
    assert editor.board._rivers == []
    editor.set_feature("minor-river")
    stroke(editor, [middle(editor, text) for text in SEIM])
    lines = editor.board._rivers
    assert len(lines) == 1 and len(lines[0][1]) == 1  # one pen, one line: the river
    editor.set_terrain("woods")
    click(editor, at(editor, "0405"))
    assert editor.board._rivers is lines  # worked out again only when hexsides change
    editor.undo_stack.undo()
    editor.undo_stack.undo()
    assert editor.board._rivers == []


def test_the_legend_follows_the_edits(editor) -> None:  # noqa: ANN001
    legend = editor.show_legend()
    editor.set_terrain("swamp")
    click(editor, at(editor, "0303"))
    assert ("swamp", "letter s, 1 hex") in legend.rows()
    dialog = editor.ask_map_name()
    dialog.edit.setText("")
    assert "the map needs a name" in dialog.problem.text()
    dialog.edit.setText("Prokhorovka")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert editor.hexmap.name == "Prokhorovka" and "Prokhorovka" in editor.windowTitle()
    assert "Prokhorovka" in legend.title.text()


def test_choosing_from_the_tool_lists_picks_the_brush_and_the_feature(editor, qtbot) -> None:  # noqa: ANN001
    editor.set_tool("place")
    swamp = editor.terrain_list.findItems("swamp", Qt.MatchFlag.MatchStartsWith)[0]
    rect = editor.terrain_list.visualItemRect(swamp)
    qtbot.mouseClick(editor.terrain_list.viewport(), LEFT, pos=rect.center())
    assert (editor.tool, editor.terrain) == ("brush", "swamp")
    major = editor.feature_list.findItems("major-river", Qt.MatchFlag.MatchStartsWith)[0]
    rect = editor.feature_list.visualItemRect(major)
    qtbot.mouseClick(editor.feature_list.viewport(), LEFT, pos=rect.center())
    assert (editor.tool, editor.feature) == ("hexside", "major-river")
    click(editor, at(editor, "0202"))  # the hexside tool: a click marks the nearest hexside
    assert editor.hexmap.terrain[editor.hexmap.hex_at("0202")] == "clear"
    assert [r.feature for r in editor.hexmap.rivers] == ["major-river"]


def test_file_new_map_asks_the_settings_then_opens_an_editor_on_the_new_map(window, qtbot) -> None:  # noqa: ANN001
    action = next(
        a for a in window.menuBar().actions()[0].menu().actions() if a.text() == "New &Map..."
    )
    action.trigger()
    dialog = window.findChild(NewMapDialog)
    dialog.name.setText("Kursk")
    dialog.columns.setValue(12)
    dialog.rows.setValue(9)
    dialog.orientation.setCurrentIndex(1)  # pointy
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    editor = next(e for e in window.findChildren(MapEditor) if e.hexmap.name == "Kursk")
    assert (editor.hexmap.columns, editor.hexmap.rows, editor.hexmap.orientation) == (
        12,
        9,
        "pointy",
    )
    assert editor.path is None and editor.isVisible()
    assert editor.close()  # nothing edited yet: closes without asking


@pytest.mark.parametrize(
    ("label", "first", "reason"),
    [
        ("{", "0101", "is not a valid format string"),
        ("{col.__class__}{row}", "0101", "may only use {col} and {row}"),
        ("{col:0100000000d}{row:02d}", "0101", "padded to at most 9 digits"),
        ("{col:02d}/{row:02d}", "01/01", "may not contain '/'"),
        ("{col:02d}{row:02d}", "0101\x00", "does not match the label format"),
    ],
)
def test_a_hostile_label_format_is_named_not_a_traceback(
    qtbot, label: str, first: str, reason: str
) -> None:  # noqa: ANN001
    dialog = NewMapDialog()
    qtbot.addWidget(dialog)
    dialog.label_format.setText(label)
    dialog.first.setText(first)
    assert reason in dialog.problem.text()
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    dialog.accept()  # Enter pressed anyway: refused, no map
    assert dialog.hexmap is None


def test_the_hex_under_the_mouse_is_outlined_and_named(editor) -> None:  # noqa: ANN001
    editor.hexmap.elevation[editor.hexmap.hex_at("0303")] = 2
    send_mouse(editor.view.viewport(), QEvent.Type.MouseMove, at(editor, "0303"), NONE)
    centre = QPointF(*editor.layout_.hex_to_pixel(editor.hexmap.hex_at("0303")))
    outline = editor.pointer.path().boundingRect()
    assert outline.contains(centre) and outline.width() < 2.5 * editor.layout_.size
    assert editor.status.text() == "0303, clear, elevation 2"


def test_the_scanned_map_lies_under_the_board_being_painted(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    """A map with an [image] (a VASSAL board, a calibrated scan) is painted over its picture:
    the board faint over it, through every edit."""
    from PySide6.QtGui import QColor, QImage, QPainter
    from test_map_image_window import RED, map_text, printed_map

    printed_map(tmp_path / "scan.jpg")
    (tmp_path / "scan.toml").write_text(map_text("scan.jpg"))
    win = MapEditor(load_map(tmp_path / "scan.toml"), tmp_path / "scan.toml")
    win.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.resize(1000, 700)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_map()
    item = win.map_image
    assert item is not None and item.scene() is win.scene_
    qtbot.waitUntil(lambda: not item.overview.isNull(), timeout=20_000)
    win.set_terrain("woods")
    click(win, at(win, "0101"))  # an edit draws the board afresh: still faint over the scan
    assert win.board.opacity() < 0.5

    def colour(label: str) -> QColor:
        frame = QImage(win.view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
        painter = QPainter(frame)
        win.view.render(painter)
        painter.end()
        return QColor(frame.pixel(at(win, label) + QPoint(6, 6)))

    red, paper = colour(RED), colour("0502")
    assert red.red() > red.green() + 80  # the printed red hex shows through the board
    assert paper.green() > 150


def test_a_missing_scan_is_said_and_the_map_is_edited_without_it(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    from test_map_image_window import map_text

    (tmp_path / "scan.toml").write_text(map_text("gone.jpg"))
    win = MapEditor(load_map(tmp_path / "scan.toml"), tmp_path / "scan.toml")
    qtbot.addWidget(win)
    assert win.map_image is None and win.board.opacity() == 1.0
    assert "gone.jpg is missing" in win.statusBar().currentMessage()


def test_edit_map_of_a_saved_game_asks_where_to_save_the_map(window, tmp_path: Path) -> None:  # noqa: ANN001
    """A saved game embeds its map: the map has no file of its own, so the editor's Save asks
    (it wrote the map to a file named 'game.json (embedded map)' beside the save)."""
    window.choose_save_path = lambda: str(tmp_path / "game.json")
    assert window.save_as()
    assert window.open_file(tmp_path / "game.json"), window.errors
    editor = window.edit_map()
    assert editor is not None and editor.path is None
    editor.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    editor.close()


def test_the_no_hex_tool_takes_hexes_off_the_map_and_puts_them_back(
    editor, tmp_path: Path
) -> None:  # noqa: ANN001
    editor.set_tool("nohex")
    stroke(editor, [at(editor, "0806"), at(editor, "0606")])
    gone = {editor.hexmap.label(h) for h in editor.hexmap.missing()}
    assert gone == {"0606", "0706", "0806"}
    assert editor.undo_stack.count() == 1
    outline = next(i for i in editor._overlays if type(i).__name__ == "NoHexItem")
    assert not outline.outline.isEmpty()  # the places with no hex are drawn dashed
    editor.set_terrain("woods")
    assert editor.tool == "nohex"
    point = editor.view.mapFromScene(
        QPointF(*editor.layout_.hex_to_pixel(editor.hexmap.scheme.parse_label("0706")))
    )
    viewport = editor.view.viewport()
    send_mouse(viewport, QEvent.Type.MouseMove, point, NONE)
    assert editor.status.text() == "0706: no hex; click to put one back as woods"
    assert not editor.pointer.path().isEmpty()
    click(editor, point)  # a click on a place with no hex puts it back as the brush's terrain
    assert terrain_of(editor, "0706") == "woods"
    assert editor.save_to(tmp_path / "shaped.toml")
    reopened = load_map(tmp_path / "shaped.toml")
    assert {reopened.label(h) for h in reopened.missing()} == {"0606", "0806"}
    editor.undo_stack.undo()
    editor.undo_stack.undo()
    assert editor.hexmap.missing() == []


def test_a_png_scan_s_first_open_in_the_editor_shows_its_progress(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    from PySide6.QtCore import QStandardPaths
    from test_map_image_window import map_text, printed_map

    QStandardPaths.setTestModeEnabled(True)
    printed_map(tmp_path / "edit-scan.png", "PNG")
    (tmp_path / "scan.toml").write_text(map_text("edit-scan.png"))
    win = MapEditor(load_map(tmp_path / "scan.toml"), tmp_path / "scan.toml")
    win.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(win)
    win.show()
    item = win.map_image
    assert item is not None and item.source is None
    assert win.image_progress.isVisible() and win.image_progress.value() < 100
    qtbot.waitUntil(lambda: item.source is not None, timeout=30_000)
    assert not win.image_progress.isVisible()


def corner(editor: MapEditor, first: str, second: str, nudge: QPointF | None = None) -> QPoint:
    """The viewport point of the corner where two hexsides meet (``nudge``d in scene units)."""
    a, b = side(editor, first), side(editor, second)
    ends_a = {tuple(round(v, 6) for v in p) for p in editor.layout_.hexside_endpoints(a)}
    ends_b = {tuple(round(v, 6) for v in p) for p in editor.layout_.hexside_endpoints(b)}
    ((x, y),) = ends_a & ends_b
    return editor.view.mapFromScene(QPointF(x, y) + (nudge or QPointF()))


@pytest.mark.parametrize("dx", [-1.5, 0.0, 1.5])
@pytest.mark.parametrize("dy", [-1.5, 0.0, 1.5])
def test_a_river_released_on_a_corner_ends_at_that_corner(editor, dx: float, dy: float) -> None:  # noqa: ANN001
    editor.set_feature("minor-river")
    end = corner(editor, SEIM[1], SEIM[2], QPointF(dx, dy))
    stroke(editor, [middle(editor, SEIM[0]), middle(editor, SEIM[1]), end])
    assert [r.hexsides for r in editor.hexmap.rivers] == [
        (side(editor, SEIM[0]), side(editor, SEIM[1]))
    ]
