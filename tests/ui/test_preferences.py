"""Preferences: the View menu's board switches (hex labels, place names, grid, terrain symbols)
change what the map draws, and are remembered in QSettings for the next start."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSettings
from PySide6.QtGui import QImage, QPainter

from hexcombat.game.opening import default_tutorial
from hexcombat.ui.display_options import BoardDisplay
from hexcombat.ui.main_window import MainWindow

SWITCHES = ["hex_labels", "place_names", "hex_grid", "terrain_symbols"]


def board_picture(window: MainWindow) -> QImage:
    """The board around 0504 (Dubrava wood: woods symbols, a place name) and 0702 (Ivanovka),
    drawn close enough for labels, as the view draws it."""
    scene, hexmap = window.scene, window.session.state.hexmap
    centres = [scene.hex_centre(hexmap.hex_at(label)) for label in ("0504", "0702")]
    size = scene.layout.size
    left, top = min(c.x() for c in centres) - size, min(c.y() for c in centres) - size
    right, bottom = max(c.x() for c in centres) + size, max(c.y() for c in centres) + size
    rect = QRectF(left, top, right - left, bottom - top)
    level = 4.0
    image = QImage(
        int(rect.width() * level), int(rect.height() * level), QImage.Format.Format_RGB32
    )
    image.fill(0)
    painter = QPainter(image)
    # the whole scene: place names are their own item, drawn above the counters
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image


def test_the_view_menu_lists_every_board_switch_checked_at_first(window: MainWindow) -> None:
    texts = [a.text() for a in window.view_menu.actions()]
    for name, text in [
        ("hex_labels", "Hex &Labels"),
        ("place_names", "&Place Names"),
        ("hex_grid", "Hex &Grid"),
        ("terrain_symbols", "Terrain &Symbols"),
    ]:
        action = window.display_actions[name]
        assert action.text() == text and text in texts
        assert action.isCheckable() and action.isChecked()
    assert window.scene.board.display == BoardDisplay()


def test_each_switch_changes_what_the_board_draws(window: MainWindow) -> None:
    everything = board_picture(window)
    for name in SWITCHES:
        window.display_actions[name].trigger()  # off, as the player unticks it
        assert getattr(window.scene.board.display, name) is False
        assert board_picture(window) != everything, name
        window.display_actions[name].trigger()  # on again
        assert board_picture(window) == everything, name


def test_the_switches_are_remembered_for_the_next_start(window: MainWindow, qtbot) -> None:
    window.display_actions["hex_labels"].trigger()
    window.display_actions["hex_grid"].trigger()
    assert window.settings.value("display/hex_labels", type=bool) is False
    assert window.close()
    # the next start reads the same settings file afresh
    again = MainWindow(QSettings(window.settings.fileName(), QSettings.Format.IniFormat))
    qtbot.addWidget(again)
    checked = {name: action.isChecked() for name, action in again.display_actions.items()}
    assert checked == {
        "hex_labels": False,
        "place_names": True,
        "hex_grid": False,
        "terrain_symbols": True,
        "board_over_image": True,
        "faint_board": True,
    }
    assert again.open_file(default_tutorial())
    assert again.scene.board.display == BoardDisplay(hex_labels=False, hex_grid=False)
