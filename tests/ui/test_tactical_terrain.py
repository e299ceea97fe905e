"""Tactical map terrain: the hex terrain and hexside features the assault player aids name are
standard (a map needs no ``[extra]`` for them), each is drawn in a look of its own, higher
ground of ``[elevation]`` is tinted by level, and the terrain legend lists them all."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import STANDARD_FEATURES, Hexside
from hexcombat.board.layout import Layout
from hexcombat.board.mapfile import TERRAIN_TYPES, HexMap, map_from_source
from hexcombat.sourcefile import TomlSource
from hexcombat.ui import terrain_style
from hexcombat.ui.board_item import BoardItem
from hexcombat.ui.terrain_legend import (
    TerrainLegend,
    feature_swatch,
    terrain_swatch,
)

TACTICAL_TERRAIN = ("town", "entrenchment", "hill", "urban-building", "rural-building",
                    "sunken-road", "marsh", "jungle", "river")  # fmt: skip
TACTICAL_FEATURES = ("wall", "hedgerow")

MAP = """name = "A village on a hill"
[layout]
orientation = "flat"
offset = "odd"
label = "{col:02d}{row:02d}"
first = "0101"
columns = 6
rows = 2
[legend]
c = "clear"
t = "town"
e = "entrenchment"
h = "hill"
u = "urban-building"
b = "rural-building"
s = "sunken-road"
m = "marsh"
j = "jungle"
r = "river"
[terrain]
rows = ["tehubs", "mjrccc"]
[elevation]
rows = ["001230", "000000"]
[[hexsides]]
feature = "wall"
hexsides = ["0101/0201", "0201/0301"]
[[hexsides]]
feature = "hedgerow"
hexsides = ["0402/0502"]
"""


def tactical_map(text: str = MAP) -> HexMap:
    return map_from_source(TomlSource.parse(text, "village.toml"))


def test_tactical_terrain_and_features_need_no_extra() -> None:
    hexmap = tactical_map()
    assert set(TACTICAL_TERRAIN) <= set(TERRAIN_TYPES)
    assert set(TACTICAL_FEATURES) <= STANDARD_FEATURES
    assert set(hexmap.terrain.values()) == {*TACTICAL_TERRAIN, "clear"}
    at = hexmap.hex_at
    assert hexmap.terrain[at("0501")] == "rural-building"
    assert hexmap.features(at("0101"), at("0201")) == frozenset({"wall"})
    assert hexmap.features(at("0402"), at("0502")) == frozenset({"hedgerow"})
    assert hexmap.elevation[at("0501")] == 3


def test_each_tactical_terrain_has_a_colour_and_symbol_of_its_own() -> None:
    colours = {k: terrain_style.terrain_colour(k).name() for k in TERRAIN_TYPES}
    for kind in TACTICAL_TERRAIN:
        others = [c for k, c in colours.items() if k != kind]
        assert colours[kind] not in others, kind
        assert terrain_style.TerrainSymbols(36.0).picture(kind) is not None, kind


def test_each_tactical_terrain_swatch_differs_from_every_other(qapp) -> None:
    swatches = {k: terrain_swatch(k).toImage() for k in (*TACTICAL_TERRAIN, "clear", "city")}
    for kind in TACTICAL_TERRAIN:
        for other, image in swatches.items():
            assert other == kind or swatches[kind] != image, (kind, other)


def test_a_wall_is_a_stone_line_and_a_hedgerow_a_green_dotted_line(qapp) -> None:
    wall = terrain_style.hexside_pens("wall", 36.0)
    assert len(wall) == 2 and wall[0].widthF() > wall[1].widthF()  # mortar under the stones
    assert wall[1].dashPattern() and QColor(wall[1].color()).saturation() < 40  # grey blocks
    (hedge,) = terrain_style.hexside_pens("hedgerow", 36.0)
    green = QColor(hedge.color())
    assert green.green() > green.red() and green.green() > green.blue()
    assert hedge.dashPattern()[0] < 0.1  # dots
    images = [feature_swatch(f).toImage() for f in (*TACTICAL_FEATURES, "escarpment")]
    assert len({img.cacheKey() for img in images}) == 3 and images[0] != images[1]
    assert images[0] != images[2] and images[1] != images[2]


def render(hexmap: HexMap) -> tuple[QImage, Layout]:
    layout = Layout("flat", 36.0)
    item = BoardItem(hexmap, layout)
    rect = item.boundingRect()
    image = QImage(int(rect.width()) + 1, int(rect.height()) + 1, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.translate(-rect.left(), -rect.top())
    item.draw_board(painter, rect, 1.0)
    painter.end()
    return image, layout.__class__("flat", 36.0, (-rect.left(), -rect.top()))


def colour_at(image: QImage, layout: Layout, h: Hex, dx: float = 0.0, dy: float = 0.55) -> QColor:
    """The board's colour in ``h``, below its symbol (``dy`` hex sizes under the centre)."""
    x, y = layout.hex_to_pixel(h)
    point = QPointF(x + dx * 36.0, y + dy * 36.0 * 0.8)
    return image.pixelColor(int(point.x()), int(point.y()))


def test_higher_ground_is_tinted_darker_level_by_level(qapp) -> None:
    hexmap = tactical_map()
    flat = tactical_map(MAP.replace('rows = ["001230", "000000"]', 'rows = ["000000", "000000"]'))
    hilly, _ = render(hexmap)
    level, layout = render(flat)
    assert hilly != level
    # the clear hex 0602 stays at level 0: as a map without elevation draws it
    h0 = hexmap.hex_at("0602")
    assert colour_at(hilly, layout, h0) == colour_at(level, layout, h0)
    # 0301 (hill, level 1), 0401 (urban building, level 2), 0501 (rural building, level 3)
    for label in ("0301", "0401", "0501"):
        h = hexmap.hex_at(label)
        assert colour_at(hilly, layout, h).lightness() < colour_at(level, layout, h).lightness()
    one, three = terrain_style.elevation_tint(1), terrain_style.elevation_tint(3)
    assert terrain_style.elevation_tint(0) is None and one.alpha() < three.alpha()


def test_the_legend_lists_the_tactical_terrain_features_and_levels(qtbot) -> None:
    legend = TerrainLegend()
    qtbot.addWidget(legend)
    legend.show_map(tactical_map())
    rows = dict(legend.rows())
    for kind in TACTICAL_TERRAIN:
        assert rows[kind].endswith("1 hex"), kind  # standard: no * of a map's own type
    assert rows["wall"] == "grey line of stones, 2 hexsides"
    assert rows["hedgerow"] == "green dotted line, 1 hexside"
    assert "Elevation" in rows and rows["level 3"] == "1 hex" and rows["level 0"] == "9 hexes"
    assert "[extra]" not in legend.title.text()


def test_the_board_draws_walls_and_hedgerows_on_their_hexsides(qapp) -> None:
    hexmap = tactical_map()
    image, layout = render(hexmap)
    at = hexmap.hex_at

    def along(a: str, b: str) -> list[QColor]:
        """The board's colours along the hexside between ``a`` and ``b``."""
        (x1, y1), (x2, y2) = layout.hexside_endpoints(Hexside(at(a), at(b)))
        steps = 20
        return [
            image.pixelColor(round(x1 + (x2 - x1) * i / steps), round(y1 + (y2 - y1) * i / steps))
            for i in range(2, steps - 1)
        ]

    wall = along("0101", "0201")
    assert sum(c.saturation() < 40 and c.lightness() < 170 for c in wall) > 10  # grey stones
    hedge = along("0402", "0502")  # between two clear hexes
    greens = [c for c in hedge if c.green() > c.red() + 30 and c.green() > c.blue() + 30]
    assert len(greens) > 4 and len(greens) < len(hedge)  # green dots with gaps between them
