"""Hexside features on the drawn board: each feature the map format documents (the two rivers,
escarpment, road) has a look of its own, and a map's other features a fallback unlike any of them.

The board is rendered into a ``QImage`` and the pixels along each feature's hexside compared, as
a player compares the lines on the map with the key.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from hexcombat.board.layout import Layout
from hexcombat.board.mapfile import HexMap, load_map
from hexcombat.ui.board_item import BoardItem
from hexcombat.ui.display_options import BoardDisplay
from hexcombat.ui.terrain_style import terrain_colour

# Six features on six hexsides that share no corner (columns 01, 03, 05; rows 1/2 and 3/4).
FEATURES = """\
name = "Feature key"
[layout]
orientation = "flat"
offset = "odd"
label = "{col:02d}{row:02d}"
first = "0101"
columns = 6
rows = 5
[legend]
c = "clear"
[terrain]
rows = ["cccccc", "cccccc", "cccccc", "cccccc", "cccccc"]
[extra]
features = ["escarpment", "road", "ford", "railway"]
[[rivers]]
feature = "minor-river"
hexsides = ["0101/0102"]
[[rivers]]
feature = "major-river"
hexsides = ["0301/0302"]
[[hexsides]]
feature = "escarpment"
hexsides = ["0501/0502"]
[[hexsides]]
feature = "road"
hexsides = ["0103/0104"]
[[hexsides]]
feature = "ford"
hexsides = ["0303/0304"]
[[hexsides]]
feature = "railway"
hexsides = ["0503/0504"]
"""
SIDES = {
    "minor-river": "0101/0102",
    "major-river": "0301/0302",
    "escarpment": "0501/0502",
    "road": "0103/0104",
    "ford": "0303/0304",
    "railway": "0503/0504",
}


@pytest.fixture
def hexmap(tmp_path: Path) -> HexMap:
    path = tmp_path / "features.toml"
    path.write_text(FEATURES, encoding="utf-8")
    return load_map(path)


def strokes(qapp, hexmap: HexMap) -> dict[str, list[int]]:
    """The pixels (ARGB) along the middle of each feature's hexside, as the board draws it."""
    layout = Layout("flat", 40.0)
    board = BoardItem(hexmap, layout)
    board.display = BoardDisplay(hex_labels=False, hex_grid=False, terrain_symbols=False)
    bounds = board.boundingRect()
    image = QImage(int(bounds.width()) + 1, int(bounds.height()) + 1, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(-bounds.left(), -bounds.top())
    board.draw_board(painter, QRectF(bounds), 1.0)
    painter.end()
    found = {}
    for feature, written in SIDES.items():
        a, b = (hexmap.hex_at(label) for label in written.split("/"))
        side = next(s for s in hexmap.hexside_features if {s.a, s.b} == {a, b})
        (x0, y0), (x1, y1) = layout.hexside_endpoints(side)
        found[feature] = [
            image.pixel(
                int(x0 + (x1 - x0) * t / 100 - bounds.left()),
                int(y0 + (y1 - y0) * t / 100 - bounds.top()),
            )
            for t in range(15, 86)
        ]
    return found


def test_each_hexside_feature_is_drawn_in_a_colour_of_its_own(qapp, hexmap: HexMap) -> None:
    clear = terrain_colour("clear").rgb()
    drawn = strokes(qapp, hexmap)
    colour = {
        feature: Counter(p for p in pixels if p != clear).most_common(1)[0][0]
        for feature, pixels in drawn.items()
    }
    # Six features, six colours: no two share a look (before, escarpment, road and every other
    # feature were one dashed brown line).
    assert len(set(colour.values())) == 6, {f: QColor(c).name() for f, c in colour.items()}
    assert colour["escarpment"] != colour["road"]
    assert clear not in colour.values()


def test_rivers_and_roads_are_solid_lines_escarpments_and_other_features_broken(
    qapp, hexmap: HexMap
) -> None:
    drawn = strokes(qapp, hexmap)
    # Pixels along the hexside that are not the line's own colour: the gaps of a broken line.
    gaps = {
        feature: sum(p != Counter(pixels).most_common(1)[0][0] for p in pixels)
        for feature, pixels in drawn.items()
    }
    for solid in ("minor-river", "major-river", "road"):
        assert gaps[solid] == 0, (solid, gaps)
    for broken in ("escarpment", "ford", "railway"):
        assert gaps[broken] > 10, (broken, gaps)
