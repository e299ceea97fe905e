"""Importing a VASSAL module's board: a small .vmod made here imports with its grid.

The expected hex centres come from VASSAL's HexGridNumbering placement (column ``c`` at
``c * dx + x0``, row ``r`` at ``r * dy + y0``, odd columns half a hex lower, with ``stagger``
the odd columns' row numbers one more), computed here from the labels, not from hexcombat.
"""

from __future__ import annotations

import math
import struct
import zipfile
import zlib
from pathlib import Path

import pytest

from hexcombat.board.import_vassal import import_vassal
from hexcombat.board.imported import ImportRefused, write_import
from hexcombat.board.mapfile import check_map_source, load_map
from hexcombat.sourcefile import TomlSource
from imagefiles import gif

BOARD = "VASSAL.build.module.map.boardPicker.Board"
GRID = "VASSAL.build.module.map.boardPicker.board.HexGrid"
NUMBERING = "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering"
ZONED = "VASSAL.build.module.map.boardPicker.board.ZonedGrid"
ZONE = "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone"


def png(width: int, height: int) -> bytes:
    """A grey PNG of the given size, written by hand (no imaging library needed)."""
    raw = b"".join(b"\x00" + b"\x80" * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def build_file(numbering: str, zones: bool = False, second_board: bool = False) -> str:
    grid = f'<{GRID} dx="45.0" dy="52.0" x0="30" y0="28" sideways="false">{numbering}</{GRID}>'
    if zones:
        grid = (
            f'<{ZONED}>{grid}<{ZONE} name="Box" path="0,0;50,0;50,50;0,50">'
            f'<{GRID} dx="10" dy="12"/></{ZONE}></{ZONED}>'
        )
    other = f'<{BOARD} name="Back" image="back.png">{grid}</{BOARD}>' if second_board else ""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<VASSAL.launch.BasicModule name="Test"><VASSAL.build.module.Map>'
        "<VASSAL.build.module.map.BoardPicker>"
        f'<{BOARD} name="Main" image="main.png">{grid}</{BOARD}>{other}'
        "</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>"
        "</VASSAL.launch.BasicModule>"
    )


def write_vmod(folder: Path, build: str, image: bytes | None = None) -> Path:
    path = folder / "test.vmod"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("buildFile.xml", build)
        archive.writestr("images/main.png", image if image is not None else png(500, 400))
        archive.writestr("images/back.png", png(100, 100))
    return path


def vassal_centre(col: int, row: int, stagger: bool, h_off: int, v_off: int) -> tuple:
    """Where VASSAL puts the hex numbered (col, row)."""
    c, r = col - h_off, row - v_off
    if stagger and c % 2:
        r -= 1
    return c * 45.0 + 30, r * 52.0 + 28 + (26.0 if c % 2 else 0.0)


PLAIN = f'<{NUMBERING} first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" ' + (
    'hOff="1" vOff="1" stagger="false"/>'
)


@pytest.mark.parametrize("stagger", [False, True])
def test_a_small_vmod_imports_with_its_grid_and_image(tmp_path, stagger) -> None:
    numbering = PLAIN.replace('stagger="false"', f'stagger="{str(stagger).lower()}"')
    source = write_vmod(tmp_path, build_file(numbering))
    target = tmp_path / "out" / "board.toml"
    target.parent.mkdir()
    imported = import_vassal(source, target)
    write_import(imported, source, target)
    hexmap = load_map(target)
    assert check_map_source(TomlSource.load(target)) == []  # the image is there, the grid on it
    assert hexmap.image is not None and hexmap.image.path.is_file()
    assert hexmap.orientation == "flat"
    # every column whose centre is on the 500-pixel board: x = 30 + 45 c <= 500, c = 0..10
    assert hexmap.columns == 11
    for h in hexmap:
        label = hexmap.label(h)
        col, row = int(label[:2]), int(label[2:])
        x, y = hexmap.image.hex_centre("flat", h)
        vx, vy = vassal_centre(col, row, stagger, 1, 1)
        assert abs(x - vx) < 0.01 and abs(y - vy) < 0.01, label
        assert 0 <= x <= 500 and 0 <= y <= 400


def test_what_was_not_carried_over_is_said(tmp_path) -> None:
    source = write_vmod(tmp_path, build_file(PLAIN, zones=True, second_board=True))
    notes = import_vassal(source, tmp_path / "m.toml").notes
    text = "\n".join(notes)
    assert "'Back'" in text and "--board" in text
    assert "zones not carried over: 'Box'" in text
    assert "2 hex grids" in text


def test_a_separator_and_row_first_numbering_become_the_label_format(tmp_path) -> None:
    numbering = PLAIN.replace('first="H" sep=""', 'first="V" sep="."')
    source = write_vmod(tmp_path, build_file(numbering))
    hexmap = import_vassal(source, tmp_path / "m.toml").hexmap
    assert hexmap.scheme.label_format == "{row:02d}.{col:02d}"
    # the frame's first row is the half hexes of column 02 at the board's top edge (row 00)
    assert hexmap.label(hexmap.scheme.hex_of(0, 1)) == "01.01"


@pytest.mark.parametrize(
    ("build", "image", "said"),
    [
        ("<VASSAL", None, "line 1"),
        (
            build_file(PLAIN).replace("<?xml", '<!DOCTYPE x [<!ENTITY a "b">]><?xml'),
            None,
            "DOCTYPE",
        ),
        (build_file(PLAIN).replace('dx="45.0"', 'dx="nan"'), None, "dx"),
        (build_file(PLAIN).replace(GRID, "Other"), None, "no board with a hex grid"),
        (
            build_file(PLAIN),
            b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR" + b"\xff" * 8 + bytes(16),
            "more than hexcombat shows",
        ),
        (  # no size from the image, none from the board: the image's damage is the reason
            build_file(PLAIN),
            b"\xff\xd8\xff\xe0" + bytes(40),
            "images/main.png: a damaged JPEG",
        ),
    ],
)
def test_a_damaged_vmod_is_refused_naming_the_file_and_element(tmp_path, build, image, said):
    source = write_vmod(tmp_path, build, image)
    with pytest.raises(ImportRefused) as caught:
        import_vassal(source, tmp_path / "m.toml")
    assert str(source) in str(caught.value) and said in str(caught.value)


@pytest.mark.slow
def test_a_zip_bomb_build_file_is_refused_quickly(tmp_path) -> None:
    source = tmp_path / "bomb.vmod"
    # 300 MB of build file in a zip of a few hundred kB, written a megabyte at a time (the test
    # itself need not hold the 300 MB the importer must refuse to read)
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("buildFile.xml", "w", force_zip64=True) as member:
            member.write(b"<a>")
            for _ in range(300):
                member.write(b" " * 1_000_000)
            member.write(b"</a>")
    with pytest.raises(ImportRefused) as caught:
        import_vassal(source, tmp_path / "m.toml")
    assert "buildFile.xml" in str(caught.value)


def test_not_a_zip_is_refused(tmp_path) -> None:
    source = tmp_path / "x.vmod"
    source.write_text("hello")
    with pytest.raises(ImportRefused, match="not a VASSAL module"):
        import_vassal(source, tmp_path / "m.toml")


def test_a_sideways_grid_imports_as_pointy_hexes_with_its_labels(tmp_path) -> None:
    # sideways: the grid turned a quarter (pywargame's reading of HexGridNumbering: x and y
    # exchanged after placing column H and row V as for an upright grid)
    build = build_file(PLAIN).replace('sideways="false"', 'sideways="true"')
    source = write_vmod(tmp_path, build)
    hexmap = import_vassal(source, tmp_path / "m.toml").hexmap
    assert hexmap.orientation == "pointy"
    assert hexmap.scheme.label_format == "{row:02d}{col:02d}"  # H (down the map) printed first
    for h in hexmap:
        label = hexmap.label(h)
        col_h, row_v = int(label[:2]), int(label[2:])
        upright_x, upright_y = vassal_centre(col_h, row_v, False, 1, 1)
        x, y = hexmap.image.hex_centre("pointy", h)
        assert abs(x - upright_y) < 0.01 and abs(y - upright_x) < 0.01, label
        assert 0 < x < 500 and 0 < y < 400


@pytest.mark.parametrize("sep", ["{", "}", "{row}", " - ", "\t"])
def test_a_separator_no_label_can_hold_is_left_out_and_said(tmp_path, sep) -> None:
    numbering = PLAIN.replace('sep=""', f'sep="{sep}"')
    source = write_vmod(tmp_path, build_file(numbering))
    imported = import_vassal(source, tmp_path / "m.toml")
    assert imported.hexmap.scheme.label_format == "{col:02d}{row:02d}"
    assert imported.hexmap.label(imported.hexmap.scheme.hex_of(0, 1)) == "0101"
    assert any("separator" in note and "labels have none" in note for note in imported.notes)


def test_an_import_never_writes_over_another_file_of_the_image_s_name(tmp_path) -> None:
    source = write_vmod(tmp_path, build_file(PLAIN))
    target = tmp_path / "out" / "board.toml"
    target.parent.mkdir()
    imported = import_vassal(source, target)
    name = next(iter(imported.files))
    mine = target.parent / name
    mine.write_bytes(b"the player's own picture")
    with pytest.raises(ImportRefused, match="already exists and is another file"):
        write_import(imported, source, target)
    assert mine.read_bytes() == b"the player's own picture" and not target.exists()
    assert sorted(p.name for p in target.parent.iterdir()) == [name]  # no leftover part file
    mine.unlink()
    write_import(imported, source, target)
    write_import(import_vassal(source, target), source, target)  # the same import again: fine
    assert load_map(target).image is not None


# the shape of the printed board ---------------------------------------------------------------


def grid_file(numbering: str, grid: str = 'dx="45.0" dy="52.0" x0="30" y0="26"') -> str:
    return build_file(numbering).replace('dx="45.0" dy="52.0" x0="30" y0="28"', grid)


def test_alternate_columns_one_hex_longer_keep_every_printed_hex(tmp_path) -> None:
    # A 500 x 416 board, rows 52 px: the odd-numbered columns (01, 03, ...) hold 8 whole hexes,
    # rows 01-08; the even-numbered ones, half a hex lower, 7 whole hexes (01-07) and a half
    # hex at the top (00) and at the bottom (08) edge, their centres on the edge.
    source = write_vmod(tmp_path, grid_file(PLAIN), png(500, 416))
    target = tmp_path / "out" / "board.toml"
    target.parent.mkdir()
    imported = import_vassal(source, target)
    write_import(imported, source, target)
    hexmap = load_map(target)
    labels = {hexmap.label(h) for h in hexmap}
    odd = {f"{c:02d}{r:02d}" for c in range(1, 12, 2) for r in range(1, 9)}
    even = {f"{c:02d}{r:02d}" for c in range(2, 11, 2) for r in range(0, 9)}
    assert labels == odd | even  # 0108, 0308, ... 1108: the whole hexes once dropped
    assert len(hexmap) == 6 * 8 + 5 * 9
    assert {hexmap.label(h) for h in hexmap.missing()} == {f"{c:02d}00" for c in range(1, 12, 2)}
    for h in hexmap:
        label = hexmap.label(h)
        vx, vy = vassal_centre(int(label[:2]), int(label[2:]), False, 1, 1)
        x, y = hexmap.image.hex_centre("flat", h)
        assert abs(x - vx) < 0.01 and abs(y - vy + 2) < 0.01, label  # y0 26, not 28
    text = "\n".join(imported.notes)
    assert "6 places of the map's frame of 11 columns x 9 rows have no printed hex" in text
    assert "10 half hexes along the board's edge are kept" in text
    # beyond them, a corner of each hex of the grid's columns left and right of the board
    # (centres x -15 and 525, within a hex's 30-px half width of the edge), 9 hexes each; the
    # hexes above and below touch the board along a side only (centres 26 px off its edges)
    assert "18 hexes at the board's edge with less than half of them printed" in text


def labels_of(tmp_path, numbering: str, grid: str = 'dx="45.0" dy="52.0" x0="30" y0="26"'):  # noqa: ANN201
    source = write_vmod(tmp_path, grid_file(numbering, grid), png(500, 416))
    imported = import_vassal(source, tmp_path / "m.toml")
    hexmap = imported.hexmap
    by_centre = {}
    for h in hexmap:
        x, y = hexmap.image.hex_centre("flat", h)
        by_centre[round(x), round(y)] = hexmap.label(h)
    return by_centre, "\n".join(imported.notes)


def vassal_label(x: float, y: float, numbering: dict[str, str], dx=45.0, dy=52.0, x0=30, y0=26):  # noqa: ANN001, ANN201
    """The label VASSAL's HexGridNumbering gives the hex centred at (x, y): its defaults are
    hOff = vOff = 1, hLeading = vLeading = 1, stagger on; a number is padded to leading + 1
    digits (a longer one printed whole), column first unless first="V"."""
    h_off, v_off = int(numbering.get("hOff", 1)), int(numbering.get("vOff", 1))
    h_lead, v_lead = int(numbering.get("hLeading", 1)), int(numbering.get("vLeading", 1))
    stagger = numbering.get("stagger", "true") == "true"
    col = round((x - x0) / dx)
    row = round((y - y0 - (dy / 2 if col % 2 else 0)) / dy)
    if stagger and col % 2:
        row += 1

    def name(n: int, lead: int) -> str:
        return f"{n:0{lead + 1}d}"

    return name(col + h_off, h_lead) + numbering.get("sep", "") + name(row + v_off, v_lead)


@pytest.mark.parametrize(
    "attributes",
    [
        {},  # every attribute left out: VASSAL's defaults
        {"stagger": "true"},
        {"hOff": "0", "vOff": "1", "stagger": "false"},
        {"hOff": "5", "vOff": "3", "sep": "."},
        {"hLeading": "2", "vLeading": "2", "sep": "-"},
    ],
)
def test_labels_are_vassal_s_for_each_numbering_setting(tmp_path, attributes) -> None:
    numbering = f"<{NUMBERING} " + " ".join(f'{k}="{v}"' for k, v in attributes.items()) + "/>"
    labels, notes = labels_of(tmp_path, numbering)
    assert len(labels) > 80
    for (x, y), label in labels.items():
        assert label == vassal_label(x, y, attributes), (x, y)
    assert "differ from the board's" not in notes and "leading zero" not in notes


def test_labels_hexcombat_cannot_print_as_vassal_does_are_said(tmp_path) -> None:
    # no leading zeros and no separator: VASSAL prints 11, 1011, 111; hexcombat pads to 2
    _, notes = labels_of(tmp_path, f'<{NUMBERING} hLeading="0" vLeading="0"/>')
    assert "column numbers with 0 leading zero(s)" in notes and "the board's 1 is 01" in notes
    # column numbers reaching three digits run together: 0905 on the board, 00905 here
    labels, notes = labels_of(tmp_path, f'<{NUMBERING} hOff="95"/>')
    assert "the board's 95 is 095" in notes
    assert labels[30, 26] == "09501"
    # the oblique numbering
    oblique = f"<{NUMBERING.replace('HexGridNumbering', 'ObliqueHexGridNumbering')}/>"
    _, notes = labels_of(tmp_path, oblique)
    assert "obliquely" in notes and "differ from the board's" in notes
    # no numbering at all: labelled from 0101 at the top-left hex, and said
    labels, notes = labels_of(tmp_path, "")
    assert "no numbering" in notes and "from 0101" in notes
    assert labels[30, 26] == "0101"


def test_hexes_in_a_zone_with_a_grid_of_its_own_are_not_on_the_map(tmp_path) -> None:
    source = write_vmod(tmp_path, build_file(PLAIN, zones=True))
    imported = import_vassal(source, tmp_path / "m.toml")
    hexmap = imported.hexmap
    gone = hexmap.scheme.parse_label("0101")  # centre (30, 28), inside the box 0-50
    assert gone not in hexmap and hexmap.in_frame(gone)
    assert hexmap.hex_at("0201") in hexmap  # centre (75, 54): outside the box
    assert any("zone 'Box'" in note and "not on the map" in note for note in imported.notes)


def test_a_grid_that_is_a_zone_s_own_keeps_only_the_hexes_inside_the_zone(tmp_path) -> None:
    grid = f'<{GRID} dx="45.0" dy="52.0" x0="30" y0="28" sideways="false">{PLAIN}</{GRID}>'
    zone = f'<{ZONED}><{ZONE} name="Map" path="0,0;260,0;260,400;0,400">{grid}</{ZONE}></{ZONED}>'
    build = build_file(PLAIN).replace(grid, zone)
    imported = import_vassal(write_vmod(tmp_path, build), tmp_path / "m.toml")
    hexmap = imported.hexmap
    xs = {round(hexmap.image.hex_centre("flat", h)[0]) for h in hexmap}
    assert max(xs) == 255 and min(xs) == 30  # columns 01-06 (x 30-255), none beyond 260
    assert any("outside the zone 'Map'" in note for note in imported.notes)


def test_a_board_picture_cut_short_is_refused_and_nothing_is_left_behind(tmp_path) -> None:
    # a PNG whose data stops before its end: the window could not show it, so the import says
    # so by the module's file rather than writing a map that would not open
    whole = png(500, 400)
    source = write_vmod(tmp_path, build_file(PLAIN), whole[: len(whole) - 20])
    out = tmp_path / "out"
    out.mkdir()
    with pytest.raises(ImportRefused) as caught:
        write_import(import_vassal(source, out / "board.toml"), source, out / "board.toml")
    assert "images/main.png" in str(caught.value) and "cut short" in str(caught.value)
    assert list(out.iterdir()) == []


def test_a_gif_board_larger_than_its_pixels_can_need_is_refused_before_writing(tmp_path) -> None:
    # a 500 x 400 GIF holds at most a byte a pixel (twice over, and a megabyte of the rest):
    # three megabytes behind its header are something else, and nothing is written
    source = write_vmod(tmp_path, build_file(PLAIN), gif(500, 400) + b"\0" * 3_000_000)
    with pytest.raises(ImportRefused) as caught:
        import_vassal(source, tmp_path / "out" / "board.toml")
    assert "more than its picture can need" in str(caught.value)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_gif_board_keeps_the_grid_s_calibration_and_says_how(tmp_path) -> None:
    source = write_vmod(tmp_path, build_file(PLAIN), gif(500, 400))
    target = tmp_path / "out" / "board.toml"
    target.parent.mkdir()
    imported = import_vassal(source, target)
    write_import(imported, source, target)
    hexmap = load_map(target)
    assert hexmap.image is not None and hexmap.image.file == "board-main.png"
    assert hexmap.image.origin == (30.0, 28.0 - 52.0) and hexmap.image.hex_height == 52.0
    assert (target.parent / "board-main.gif").read_bytes() == gif(500, 400)
    assert imported.convert == {"board-main.png": ("board-main.gif", (500, 400))}
    note = imported.notes[0]
    assert "board-main.gif" in note and "origin = [30, -24]" in note and "hex_width = 60" in note
    assert "hex_height = 52" in note


def test_an_svg_board_is_kept_with_its_calibration(tmp_path) -> None:
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="500" height="400"></svg>'
    build = build_file(PLAIN).replace(
        'image="main.png"', 'image="main.png" width="500" height="400"'
    )
    imported = import_vassal(write_vmod(tmp_path, build, svg), tmp_path / "m.toml")
    assert imported.convert == {"m-main.png": ("m-main.svg", (500, 400))}
    assert imported.hexmap.image is not None and imported.hexmap.image.file == "m-main.png"


def test_zones_too_detailed_for_the_board_s_size_are_said_and_import_at_once(tmp_path) -> None:
    import time

    corners = ";".join(f"{250 + 100 * math.cos(a / 500):.1f},{200 + 100 * math.sin(a / 500):.1f}"
                       for a in range(3142))  # fmt: skip
    grid = f'<{GRID} dx="10" dy="12" x0="5" y0="6" sideways="false">{PLAIN}</{GRID}>'
    other = f'<{GRID} dx="50" dy="60"/>'
    zoned = f'<{ZONED}>{grid}<{ZONE} name="Round" path="{corners}">{other}</{ZONE}></{ZONED}>'
    build = build_file(PLAIN).replace(
        f'<{GRID} dx="45.0" dy="52.0" x0="30" y0="28" sideways="false">{PLAIN}</{GRID}>', zoned
    )
    start = time.perf_counter()
    imported = import_vassal(write_vmod(tmp_path, build), tmp_path / "m.toml")
    assert time.perf_counter() - start < 2.0
    # every hex kept, those in the zone too: 50 columns (x 5 to 495) of 34 hexes each
    assert len(imported.hexmap) == 50 * 34
    assert any("too detailed" in note for note in imported.notes)
