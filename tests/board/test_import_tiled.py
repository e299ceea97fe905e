"""Importing Tiled hex maps: each stagger axis and index gives the neighbours Tiled draws.

The neighbours expected are found from Tiled's own pixel positions (its hexagonal renderer:
columns ``(tilewidth + hexsidelength) / 2`` apart, staggered cells shoved half a tile), not
from hexcombat's offset arithmetic, so an odd/even mix-up cannot pass.
"""

from __future__ import annotations

import base64
import math
import zlib
from pathlib import Path

import pytest

from hexcombat.board.import_tiled import UnmappedTiles, import_tiled
from hexcombat.board.imported import ImportRefused, checked_text, write_import
from hexcombat.board.mapfile import load_map

COLS, ROWS = 7, 5
# Regular hexes of side 32: flat 64 x 55, pointy 55 x 64.
SIZES = {"x": (64, 55, 32), "y": (55, 64, 32)}


def terrain_at(col: int, row: int) -> str:
    return ("clear", "woods", "rough", "hills")[(col * 3 + row) % 4]


def tiled_centre(axis: str, index: str, col: int, row: int) -> tuple[float, float]:
    """Tiled's HexagonalRenderer: the pixel centre of cell (col, row)."""
    tw, th, side = SIZES[axis]
    even = index == "even"
    if axis == "x":
        column_width = (tw - side) / 2 + side
        shove = th / 2 if (col & 1) ^ even else 0
        return col * column_width + tw / 2, row * th + shove + th / 2
    row_height = (th - side) / 2 + side
    shove = tw / 2 if (row & 1) ^ even else 0
    return col * tw + shove + tw / 2, row * row_height + th / 2


def write_tmx(
    folder: Path,
    axis: str,
    index: str,
    encoding: str = "csv",
    extra: str = "",
    tiles: str | None = None,
) -> Path:
    tw, th, side = SIZES[axis]
    names = ["clear", "woods", "rough", "hills"]
    gids = [[names.index(terrain_at(c, r)) + 1 for c in range(COLS)] for r in range(ROWS)]
    if encoding == "csv":
        data = '<data encoding="csv">' + ",".join(str(g) for line in gids for g in line) + "</data>"
    else:
        raw = b"".join(g.to_bytes(4, "little") for line in gids for g in line)
        data = (
            '<data encoding="base64" compression="zlib">'
            + base64.b64encode(zlib.compress(raw)).decode()
            + "</data>"
        )
    tiles = tiles or "".join(
        # tile 0 by property, the others by class (type in older Tiled)
        '<tile id="0"><properties><property name="terrain" value="clear"/></properties></tile>'
        if i == 0
        else f'<tile id="{i}" type="{name}"/>'
        for i, name in enumerate(names)
    )
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down"
 width="{COLS}" height="{ROWS}" tilewidth="{tw}" tileheight="{th}" infinite="0"
 hexsidelength="{side}" staggeraxis="{axis}" staggerindex="{index}" nextlayerid="3"
 nextobjectid="2">
 <tileset firstgid="1" name="land" tilewidth="{tw}" tileheight="{th}" tilecount="4" columns="4">
  <image source="land.png" width="{4 * tw}" height="{th}"/>
  {tiles}
 </tileset>
 <layer id="1" name="terrain" width="{COLS}" height="{ROWS}">{data}</layer>
 {extra}
</map>
"""
    path = folder / f"map-{axis}-{index}.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def expected_neighbours(axis: str, index: str) -> dict[tuple[int, int], set[tuple[int, int]]]:
    """Cells one hex apart as Tiled draws them (centres within 1.1 of the nearest)."""
    cells = [(c, r) for c in range(COLS) for r in range(ROWS)]
    step = min(
        math.dist(tiled_centre(axis, index, *a), tiled_centre(axis, index, *b))
        for a in cells
        for b in cells
        if a != b
    )
    return {
        a: {
            b
            for b in cells
            if b != a
            and math.dist(tiled_centre(axis, index, *a), tiled_centre(axis, index, *b)) < step * 1.1
        }
        for a in cells
    }


@pytest.mark.parametrize("axis", ["x", "y"])
@pytest.mark.parametrize("index", ["odd", "even"])
def test_each_stagger_imports_with_the_neighbours_tiled_draws(tmp_path, axis, index) -> None:
    hexmap = import_tiled(write_tmx(tmp_path, axis, index)).hexmap
    assert hexmap.orientation == ("flat" if axis == "x" else "pointy")
    expected = expected_neighbours(axis, index)
    for (col, row), around in expected.items():
        h = hexmap.hex_at(f"{col + 1:02d}{row + 1:02d}")
        found = {hexmap.scheme.offset_of(n) for n in h.neighbours() if n in hexmap}
        assert found == around, (col, row)
        assert hexmap.terrain[h] == terrain_at(col, row)


def test_the_imported_map_writes_and_loads_with_terrain_and_extra(tmp_path) -> None:
    source = write_tmx(tmp_path, "x", "odd", encoding="zlib")
    imported = import_tiled(source)
    target = tmp_path / "out.toml"
    notes = write_import(imported, source, target)
    hexmap = load_map(target)
    assert hexmap.terrain[hexmap.hex_at("0201")] == terrain_at(1, 0)
    assert "hills" in hexmap.terrain_types
    assert any("hills" in note for note in notes)


def test_a_polyline_along_hexsides_becomes_a_river(tmp_path) -> None:
    # along the bottom side of cell (2, 1) on a flat map: from corner to corner
    tw, th, side = SIZES["x"]
    cx, cy = tiled_centre("x", "odd", 2, 1)
    a, b = (cx - side / 2, cy + th / 2), (cx + side / 2, cy + th / 2)
    c = (cx + tw / 2, cy)  # then up the lower right side
    points = " ".join(f"{x - a[0]:.2f},{y - a[1]:.2f}" for x, y in (a, b, c))
    extra = (
        '<objectgroup id="2" name="rivers"><object id="1" name="Seim" x="'
        f'{a[0]}" y="{a[1]}"><polyline points="{points}"/></object></objectgroup>'
    )
    source = write_tmx(tmp_path, "x", "odd", extra=extra)
    target = tmp_path / "out.toml"
    write_import(import_tiled(source), source, target)
    hexmap = load_map(target)
    (river,) = hexmap.rivers
    assert river.name == "Seim" and river.feature == "minor-river"
    labels = [{hexmap.label(s.a), hexmap.label(s.b)} for s in river.hexsides]
    # cell (2, 1) is 0302; below it 0303; its lower right neighbour is in column 3, an odd
    # column, shoved half a hex down (staggerindex odd): the same row, 0402
    assert labels == [{"0302", "0303"}, {"0302", "0402"}]


def test_tiles_naming_no_terrain_are_listed_and_can_be_mapped(tmp_path) -> None:
    tiles = '<tile id="1" type="woods"/>'
    source = write_tmx(tmp_path, "y", "even", tiles=tiles)
    with pytest.raises(UnmappedTiles) as caught:
        import_tiled(source)
    assert set(caught.value.tiles) == {"land:0", "land:2", "land:3"}
    assert str(source) in str(caught.value)
    mapping = {"land:0": "clear", "land:2": "rough", "land:3": "Hills"}
    hexmap = import_tiled(source, mapping).hexmap
    assert hexmap.terrain[hexmap.hex_at("0101")] == terrain_at(0, 0)
    assert checked_text(import_tiled(source, mapping), source)


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda t: t.replace("</map>", ""), "line"),
        (lambda t: t.replace('orientation="hexagonal"', 'orientation="orthogonal"'), "hexagonal"),
        (lambda t: t.replace('staggeraxis="x"', 'staggeraxis="z"'), "staggeraxis"),
        (lambda t: t.replace('width="7"', 'width="900000"', 1), "width"),
        (lambda t: t.replace('<image source="land.png"', '<!DOCTYPE x><image s="'), "DOCTYPE"),
        (
            lambda t: t.replace('name="land"', 'name="land" source="/dev/zero"'),
            "/dev/zero",
        ),
    ],
)
def test_a_damaged_tmx_is_refused_naming_the_file_and_element(tmp_path, damage, said) -> None:
    source = write_tmx(tmp_path, "x", "odd")
    source.write_text(damage(source.read_text()))
    with pytest.raises(ImportRefused) as caught:
        import_tiled(source)
    assert str(source) in str(caught.value) and said in str(caught.value)


def test_a_zlib_bomb_in_layer_data_is_refused_at_the_layer(tmp_path) -> None:
    source = write_tmx(tmp_path, "x", "odd", encoding="zlib")
    bomb = base64.b64encode(zlib.compress(bytes(200_000_000), 9)).decode()
    text = source.read_text()
    start = text.index('compression="zlib">') + len('compression="zlib">')
    source.write_text(text[:start] + bomb + text[text.index("</data>") :])
    with pytest.raises(ImportRefused) as caught:
        import_tiled(source)
    assert "<layer name='terrain'>" in str(caught.value)
    assert "more than the map's size" in str(caught.value)


def test_a_tileset_claiming_a_billion_tiles_imports_at_once(tmp_path) -> None:
    source = write_tmx(tmp_path, "x", "even")
    source.write_text(source.read_text().replace('tilecount="4"', 'tilecount="999999999"'))
    hexmap = import_tiled(source).hexmap  # only the tiles the map uses are looked at
    assert hexmap.terrain[hexmap.hex_at("0101")] == terrain_at(0, 0)


def test_a_polyline_far_off_the_map_is_left_out_at_once(tmp_path) -> None:
    extra = (
        '<objectgroup id="2" name="rivers"><object id="1" name="Away" x="0" y="0">'
        '<polyline points="0,0 1e12,1e12"/></object>'
        '<object id="2" name="Nan" x="0" y="0"><polyline points="0,0 nan,3"/></object>'
        "</objectgroup>"
    )
    imported = import_tiled(write_tmx(tmp_path, "x", "odd", extra=extra))
    assert imported.hexmap.rivers == ()
    assert sum("far off the map" in note for note in imported.notes) == 2


def test_the_map_properties_give_its_numbering(tmp_path) -> None:
    props = (
        '<properties><property name="label" value="{col}.{row}"/>'
        '<property name="first" value="10.1"/></properties>'
    )
    source = write_tmx(tmp_path, "x", "odd")
    source.write_text(
        source.read_text().replace(" <tileset firstgid", f" {props}\n <tileset firstgid")
    )
    hexmap = import_tiled(source).hexmap
    assert hexmap.label(hexmap.scheme.hex_of(0, 0)) == "10.1"
    assert hexmap.label(hexmap.scheme.hex_of(COLS - 1, ROWS - 1)) == f"{9 + COLS}.{ROWS}"
    source.write_text(source.read_text().replace("{col}.{row}", "{col}/{row}"))
    with pytest.raises(ImportRefused, match="label"):
        import_tiled(source)


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        # one tile short at the start: every later hex would take its neighbour's terrain
        (lambda t: t.replace('encoding="csv">1,4,', 'encoding="csv">4,'), "34 tiles"),
        (lambda t: t.replace('encoding="csv">1,', 'encoding="csv">1,1,1,1,1,1,1,1,'), "42 tiles"),
        (
            lambda t: t.replace(
                'name="terrain" width="7" height="5"', 'name="terrain" width="5" height="7"'
            ),
            "5 x 7 cells",
        ),
    ],
)
def test_a_layer_not_the_maps_size_is_refused_rather_than_shifted(tmp_path, damage, said) -> None:
    source = write_tmx(tmp_path, "x", "odd")
    source.write_text(damage(source.read_text()))
    with pytest.raises(ImportRefused) as caught:
        import_tiled(source)
    message = str(caught.value)
    assert str(source) in message and "<layer name='terrain'>" in message and said in message


# A map as Tiled 1.0 wrote it (the shape of Tiled's own hexagonal examples): no tiledversion,
# nextlayerid or nextobjectid, a layer with no id, and its tileset without tilecount or columns.
TILED_1_0 = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.0" orientation="hexagonal" renderorder="right-down" width="3" height="2"
 tilewidth="64" tileheight="55" hexsidelength="32" staggeraxis="x" staggerindex="odd">
 <tileset firstgid="1" name="land" tilewidth="64" tileheight="55">
  <image source="land.png" width="192" height="55"/>
  <tile id="0"><properties><property name="terrain" value="clear"/></properties></tile>
  <tile id="1"><properties><property name="terrain" value="woods"/></properties></tile>
  <tile id="2"><properties><property name="terrain" value="rough"/></properties></tile>
 </tileset>
 <layer name="terrain" width="3" height="2">
  {data}
 </layer>
</map>
"""
CSV = '<data encoding="csv">1,2,3,3,2,1</data>'
XML = "<data>" + "".join(f'<tile gid="{g}"/>' for g in (1, 2, 3, 3, 2, 1)) + "</data>"


def terrain_by_label(hexmap) -> dict[str, str]:  # noqa: ANN001
    return {hexmap.label(h): kind for h, kind in hexmap.terrain.items()}


@pytest.mark.parametrize("data", [CSV, XML], ids=["csv", "xml"])
def test_a_map_from_tiled_1_0_imports_with_the_format_s_defaults(tmp_path, data) -> None:
    source = tmp_path / "old.tmx"
    source.write_text(TILED_1_0.format(data=data))
    hexmap = import_tiled(source).hexmap
    assert terrain_by_label(hexmap) == {
        "0101": "clear", "0201": "woods", "0301": "rough",
        "0102": "rough", "0202": "woods", "0302": "clear",
    }  # fmt: skip


def test_an_external_tileset_without_tilecount_imports(tmp_path) -> None:
    tileset = TILED_1_0[TILED_1_0.index("<tileset") : TILED_1_0.index("</tileset>") + 10]
    (tmp_path / "tiles").mkdir()
    (tmp_path / "tiles" / "land.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n' + tileset.replace(' firstgid="1"', "")
    )
    text = TILED_1_0.format(data=XML).replace(
        tileset, '<tileset firstgid="1" source="tiles/land.tsx"/>'
    )
    source = tmp_path / "old.tmx"
    source.write_text(text)
    hexmap = import_tiled(source).hexmap
    assert terrain_by_label(hexmap)["0301"] == "rough"


def test_a_rotated_polyline_is_snapped_where_tiled_draws_it(tmp_path) -> None:
    """Tiled turns an object's points clockwise about its position by its rotation: the same
    river stored turned back a quarter, with rotation 90, is the same river."""
    tw, th, side = SIZES["x"]
    cx, cy = tiled_centre("x", "odd", 2, 1)
    a, b = (cx - side / 2, cy + th / 2), (cx + side / 2, cy + th / 2)
    c = (cx + tw / 2, cy)
    # (x, y) turned a quarter clockwise is (-y, x); stored as (y, -x) so that it comes back
    points = " ".join(f"{y - a[1]:.2f},{-(x - a[0]):.2f}" for x, y in (a, b, c))
    extra = (
        '<objectgroup id="2" name="rivers"><object id="1" name="Seim" x="'
        f'{a[0]}" y="{a[1]}" rotation="90"><polyline points="{points}"/></object></objectgroup>'
    )
    hexmap = import_tiled(write_tmx(tmp_path, "x", "odd", extra=extra)).hexmap
    (river,) = hexmap.rivers
    labels = [{hexmap.label(s.a), hexmap.label(s.b)} for s in river.hexsides]
    assert labels == [{"0302", "0303"}, {"0302", "0402"}]


def small_tmx(
    folder: Path,
    layers: str,
    size: tuple[int, int] = (3, 2),
    tile: tuple[int, int, int] = (64, 55, 32),
    axis: str = "x",
) -> Path:
    """A Tiled 1.10 map of ``size`` cells whose tiles 1-3 are clear, woods and rough."""
    (cols, rows), (tw, th, side) = size, tile
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down"
 width="{cols}" height="{rows}" tilewidth="{tw}" tileheight="{th}" infinite="0"
 hexsidelength="{side}" staggeraxis="{axis}" staggerindex="odd" nextlayerid="9" nextobjectid="9">
 <tileset firstgid="1" name="land" tilewidth="{tw}" tileheight="{th}" tilecount="4" columns="4">
  <image source="land.png" width="{4 * tw}" height="{th}"/>
  <tile id="0" type="clear"/><tile id="1" type="woods"/><tile id="2" type="rough"/>
  <tile id="3"><properties><property name="type" value="forest"/></properties></tile>
 </tileset>
 {layers}
</map>
"""
    path = folder / "small.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def layer(name: str, gids: str, visible: bool = True) -> str:
    hidden = "" if visible else ' visible="0"'
    data = f'<data encoding="csv">{gids}</data>'
    return f'<layer id="1" name="{name}" width="3" height="2"{hidden}>{data}</layer>'


def test_a_hidden_layer_does_not_decide_the_terrain_and_is_said(tmp_path) -> None:
    layers = layer("ground", "1,1,1,1,1,1") + layer("old woods", "2,2,2,2,2,2", visible=False)
    imported = import_tiled(small_tmx(tmp_path, layers))
    assert set(imported.hexmap.terrain.values()) == {"clear"}
    assert "the hidden layer 'old woods' is left out" in "\n".join(imported.notes)
    group = f'<group id="5" name="draft" visible="0">{layer("woods", "2,2,2,2,2,2")}</group>'
    imported = import_tiled(small_tmx(tmp_path, layer("ground", "1,1,1,1,1,1") + group))
    assert set(imported.hexmap.terrain.values()) == {"clear"}
    assert "the hidden group 'draft' is left out" in "\n".join(imported.notes)


def test_every_object_not_carried_over_is_named(tmp_path) -> None:
    objects = (
        '<objectgroup id="3" name="marks">'
        '<object id="1" name="Kharkov" x="10" y="10"><point/></object>'
        '<object id="2" name="Lake" x="10" y="10"><polygon points="0,0 5,0 5,5"/></object>'
        '<object id="3" name="Box" x="10" y="10" width="5" height="5"/>'
        '<object id="4" x="10" y="10" width="5" height="5"><ellipse/></object>'
        '<object id="5" name="Tank" gid="2" x="10" y="10" width="64" height="55"/>'
        '<object id="6" name="Note" x="1" y="1" width="9" height="9"><text>hi</text></object>'
        "</objectgroup>"
        '<imagelayer id="4" name="Scan">'
        '<image source="scan.png" width="9" height="9"/></imagelayer>'
    )
    imported = import_tiled(small_tmx(tmp_path, layer("ground", "1,1,1,1,1,1") + objects))
    text = "\n".join(imported.notes)
    for said in (
        "1 point not carried over (only polylines are, as rivers): 'Kharkov'",
        "1 polygon not carried over",
        "'Lake'",
        "1 rectangle not carried over",
        "'Box'",
        "1 ellipse not carried over",
        "4",  # the ellipse has no name: its id
        "1 tile object not carried over",
        "'Tank'",
        "1 text not carried over",
        "'Note'",
        "the image layer 'Scan' is not carried over",
    ):
        assert said in text, said


def test_a_terrain_key_naming_no_tile_is_said_and_unmapped_tiles_show_their_properties(tmp_path):
    source = small_tmx(tmp_path, layer("ground", "1,2,3,4,1,1"))
    with pytest.raises(UnmappedTiles) as caught:
        import_tiled(source)
    assert "land:3 (1 hexes; its properties: type='forest')" in str(caught.value)
    assert "'type' in Tiled before 1.9" in str(caught.value)
    imported = import_tiled(source, {"land:3": "forest", "land:7": "swamp"})
    assert "--terrain 'land:7' names no tile used on the map" in "\n".join(imported.notes)


def test_a_river_in_two_pieces_sharing_a_hexside_imports_once_each(tmp_path) -> None:
    tw, th, side = SIZES["x"]
    cx, cy = tiled_centre("x", "odd", 2, 1)
    a, b = (cx - side / 2, cy + th / 2), (cx + side / 2, cy + th / 2)
    c = (cx + tw / 2, cy)

    def polyline(oid: int, name: str, points: list) -> str:  # noqa: ANN001
        text = " ".join(f"{x - points[0][0]:.2f},{y - points[0][1]:.2f}" for x, y in points)
        return (
            f'<object id="{oid}" name="{name}" x="{points[0][0]}" y="{points[0][1]}">'
            f'<polyline points="{text}"/></object>'
        )

    extra = (
        '<objectgroup id="2" name="rivers">'
        + polyline(1, "Seim", [a, b])
        + polyline(2, "Seim 2", [a, b, c])
        + "</objectgroup>"
    )
    source = write_tmx(tmp_path, "x", "odd", extra=extra)
    target = tmp_path / "out.toml"
    imported = import_tiled(source)
    write_import(imported, source, target)  # refused before: a hexside listed twice
    hexmap = load_map(target)
    sides = [[{hexmap.label(s.a), hexmap.label(s.b)} for s in r.hexsides] for r in hexmap.rivers]
    assert sides == [[{"0302", "0303"}], [{"0302", "0402"}]]
    assert any("'Seim 2' runs along 1 hexside(s) of 'Seim'" in n for n in imported.notes)


def test_rivers_on_tiles_of_odd_pixels_land_where_tiled_draws_them(tmp_path) -> None:
    """Tiled rounds the tile size down to even pixels and halves in whole pixels: tiles 41 x 48
    with sides of 24 are laid out 40 wide, rows 36 apart, staggered rows shoved 20 right."""
    cols, rows = 40, 3
    gids = ",".join(["1"] * cols * rows)
    data = f'<data encoding="csv">{gids}</data>'
    ground = f'<layer id="1" name="g" width="{cols}" height="{rows}">{data}</layer>'
    cx, cy = 35 * 40 + 20 + 20, 1 * 36 + 24  # cell (35, 1), in a staggered row
    points = [(cx + 20, cy - 12), (cx + 20, cy + 12), (cx, cy + 24)]
    text = " ".join(f"{x - points[0][0]},{y - points[0][1]}" for x, y in points)
    river = (
        f'<objectgroup id="2" name="r"><object id="1" name="Don" x="{points[0][0]}" '
        f'y="{points[0][1]}"><polyline points="{text}"/></object></objectgroup>'
    )
    source = small_tmx(tmp_path, ground + river, (cols, rows), (41, 48, 24), axis="y")
    imported = import_tiled(source)
    hexmap = imported.hexmap
    (don,) = hexmap.rivers
    # its right side (to cell 36, 1) and its lower right side (to cell 36, 2: row 2 is not
    # staggered, so the cell below right is in the next column)
    assert [{hexmap.label(s.a), hexmap.label(s.b)} for s in don.hexsides] == [
        {"3602", "3702"},
        {"3602", "3703"},
    ]
    assert any("41 x 48 pixels" in note and "40 x 48" in note for note in imported.notes)
