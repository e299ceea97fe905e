"""File > Import Map in the window: tiles without terrain mapped in the dialog, the map opened,
what was not carried over said, a damaged file refused by name."""

from __future__ import annotations

import zipfile

from hexcombat.ui.import_map import TerrainMapping, import_into_window
from imagefiles import gif

TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down"
 width="3" height="2" tilewidth="64" tileheight="55" infinite="0" hexsidelength="32"
 staggeraxis="x" staggerindex="odd" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="land" tilewidth="64" tileheight="55" tilecount="3" columns="3">
  <image source="land.png" width="192" height="55"/>
  <tile id="0" type="clear"/>
 </tileset>
 <layer id="1" name="terrain" width="3" height="2"><data encoding="csv">1,2,1,3,2,0</data></layer>
</map>
"""


def test_tiles_without_terrain_are_mapped_and_the_map_opens(window, tmp_path) -> None:
    source = tmp_path / "small.tmx"
    source.write_text(TMX)
    asked, told = [], []

    def ask(tiles):
        asked.append(dict(tiles))
        return {"land:1": "woods", "land:2": "Glacier Ice"}

    assert import_into_window(window, source, tmp_path / "small.toml", ask, told.append)
    assert asked == [{"land:1": 2, "land:2": 1}]
    hexmap = window.session.state.hexmap
    assert [hexmap.terrain[hexmap.hex_at(label)] for label in ("0101", "0201", "0102")] == [
        "clear",
        "woods",
        "glacier-ice",
    ]
    assert "glacier-ice" in hexmap.terrain_types
    (text,) = told
    assert "1 hex has no tile" in text and "[extra]" in text


def test_stopping_at_the_terrain_dialog_imports_nothing(window, tmp_path) -> None:
    source = tmp_path / "small.tmx"
    source.write_text(TMX)
    title = window.windowTitle()
    assert not import_into_window(window, source, tmp_path / "small.toml", lambda tiles: None)
    assert not (tmp_path / "small.toml").exists()
    assert window.windowTitle() == title


def test_a_damaged_module_is_refused_by_name(window, tmp_path) -> None:
    source = tmp_path / "broken.vmod"
    source.write_bytes(b"PK\x05\x06" + bytes(18))
    assert not import_into_window(window, source, tmp_path / "m.toml")
    ((title, text),) = window.errors
    assert "broken.vmod" in title and str(source) in text


def test_the_mapping_dialog_offers_the_standard_terrain_and_takes_a_typed_one(qtbot) -> None:
    dialog = TerrainMapping({"land:1": 2, "land:2": 1})
    qtbot.addWidget(dialog)
    assert dialog.choices["land:1"].itemText(1) == "woods"
    dialog.choices["land:1"].setCurrentText("woods")
    dialog.choices["land:2"].setCurrentText("Salt Marsh")
    assert dialog.mapping() == {"land:1": "woods", "land:2": "salt-marsh"}


def test_a_tileset_of_many_unnamed_tiles_fits_the_screen_in_tile_order(qtbot) -> None:
    """Three hundred tiles (a large tileset without terrain properties): the list scrolls and
    OK stays on screen (the dialog was 8,000 pixels tall); tiles come in their numbers' order."""
    from PySide6.QtWidgets import QLabel, QScrollArea

    dialog = TerrainMapping({f"land:{i}": 1 for i in range(300)})
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.height() < 800
    area = dialog.findChild(QScrollArea)
    assert area is not None and area.isAncestorOf(dialog.choices["land:299"])
    labels = [w.text() for w in area.widget().findChildren(QLabel)]
    assert labels[:3] == ["land:0 (1 hex)", "land:1 (1 hex)", "land:2 (1 hex)"]


def test_a_gif_board_is_converted_and_opens_under_its_grid(window, tmp_path) -> None:
    board = "VASSAL.build.module.map.boardPicker.Board"
    grid = "VASSAL.build.module.map.boardPicker.board.HexGrid"
    build = (
        f'<VASSAL.launch.BasicModule><{board} name="Main" image="main.gif">'
        f'<{grid} dx="45.0" dy="52.0" x0="30" y0="28"/></{board}></VASSAL.launch.BasicModule>'
    )
    source = tmp_path / "test.vmod"
    with zipfile.ZipFile(source, "w") as archive:
        archive.writestr("buildFile.xml", build)
        archive.writestr("images/main.gif", gif(500, 400))
    told: list[str] = []
    assert import_into_window(window, source, tmp_path / "board.toml", tell=told.append)
    png = tmp_path / "board-main.png"
    assert png.read_bytes().startswith(b"\x89PNG")
    hexmap = window.session.state.hexmap
    assert hexmap.image is not None and hexmap.image.path == png
    (text,) = told
    assert "converted to board-main.png, 500 x 400 pixels" in text
