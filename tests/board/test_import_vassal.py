"""Importing a VASSAL module's board: a small .vmod made here imports with its grid.

The expected hex centres come from VASSAL's HexGridNumbering placement (column ``c`` at
``c * dx + x0``, row ``r`` at ``r * dy + y0``, odd columns half a hex lower, with ``stagger``
the odd columns' row numbers one more), computed here from the labels, not from hexcombat.
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from pathlib import Path

import pytest

from hexcombat.board.import_vassal import import_vassal
from hexcombat.board.imported import ImportRefused, write_import
from hexcombat.board.mapfile import check_map_source, load_map
from hexcombat.sourcefile import TomlSource

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
    assert hexmap.label(hexmap.scheme.hex_of(0, 0)) == "01.01"


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
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("buildFile.xml", b"<a>" + b" " * 300_000_000 + b"</a>")
    source.write_bytes(buffer.getvalue())
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
    assert imported.hexmap.label(imported.hexmap.scheme.hex_of(0, 0)) == "0101"
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
