"""A place of the map's frame with no hex is not drawn: the board's background shows there, in
the tiles and in the overview, as on the printed board."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from hexcombat.board.layout import Layout
from hexcombat.board.mapfile import load_map
from hexcombat.ui import terrain_style
from hexcombat.ui.board_item import BoardItem

MAP = """\
name = "Shaped"

[layout]
orientation = "flat"
offset = "odd"
label = "{col:02d}{row:02d}"
first = "0101"
columns = 4
rows = 3

[legend]
w = "woods"

[terrain]
rows = ["wwww", "wwww", "w w "]
"""


def test_a_place_with_no_hex_shows_the_background(qapp, tmp_path: Path) -> None:  # noqa: ANN001
    path = tmp_path / "shaped.toml"
    path.write_text(MAP, encoding="utf-8")
    hexmap = load_map(path)
    layout = Layout("flat", 36.0)
    item = BoardItem(hexmap, layout)
    rect = item.boundingRect()
    image = QImage(int(rect.width()) + 1, int(rect.height()) + 1, QImage.Format.Format_RGB32)
    image.fill(terrain_style.BACKGROUND)
    painter = QPainter(image)
    painter.translate(-rect.left(), -rect.top())
    item.draw_board(painter, QRectF(rect), 1.0)
    painter.end()

    def colour(label: str):  # noqa: ANN202
        x, y = layout.hex_to_pixel(hexmap.scheme.parse_label(label))
        return image.pixelColor(int(x - rect.left()), int(y - rect.top() + 12)).name()

    woods = terrain_style.terrain_colour("woods").name()
    background = terrain_style.BACKGROUND.name()
    assert colour("0203") == background and colour("0403") == background
    assert colour("0103") != background and colour("0303") != background
    assert woods != background
