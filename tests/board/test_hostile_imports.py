"""Tiled maps and VASSAL modules from someone else (issue 29): a file reads only what it
carries, a damaged one is refused naming the file and element, within seconds, never with a
traceback or a file on disk costing more than its picture can need."""

from __future__ import annotations

import os
import struct
import time
import zipfile
from pathlib import Path

import pytest
from test_import_tiled import write_tmx
from test_import_vassal import build_file, png

from hexcombat.board.import_tiled import import_tiled
from hexcombat.board.import_vassal import import_vassal
from hexcombat.board.imported import ImportRefused, write_import
from hexcombat.board.mapimage import ImageTooLarge, header_info

SECRET = "private-terrain-name-from-a-canary"
TSX = f"""<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="land" tilewidth="64" tileheight="55"
 tilecount="4" columns="4"><image source="land.png" width="256" height="55"/>
 <tile id="0" type="{SECRET}"/><tile id="1" type="{SECRET}"/>
 <tile id="2" type="{SECRET}"/><tile id="3" type="{SECRET}"/></tileset>
"""


def map_naming_tileset(folder: Path, source: str) -> Path:
    """A Tiled map whose tileset is the external file ``source``."""
    path = write_tmx(folder, "x", "odd")
    text = path.read_text()
    start = text.index(" <tileset firstgid")
    end = text.index("</tileset>") + len("</tileset>")
    path.write_text(text[:start] + f' <tileset firstgid="1" source="{source}"/>' + text[end:])
    return path


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """A folder beside the map's own, holding a tileset the map may not name."""
    folder = tmp_path / "private"
    folder.mkdir()
    (folder / "land.tsx").write_text(TSX)
    return folder


def test_a_tileset_beside_the_map_or_below_it_is_read(tmp_path: Path) -> None:
    folder = tmp_path / "received"
    (folder / "sets").mkdir(parents=True)
    (folder / "sets" / "land.tsx").write_text(TSX.replace(SECRET, "woods"))
    imported = import_tiled(map_naming_tileset(folder, "sets/land.tsx"))
    assert set(imported.hexmap.terrain.values()) == {"woods"}


@pytest.mark.parametrize("how", ["absolute", "dotdot", "symlink"])
def test_a_tileset_outside_the_map_s_folder_is_refused_unread(
    tmp_path: Path, elsewhere: Path, how: str
) -> None:
    folder = tmp_path / "received"
    folder.mkdir()
    name = {
        "absolute": str(elsewhere / "land.tsx"),
        "dotdot": "../private/land.tsx",
        "symlink": "link/land.tsx",
    }[how]
    if how == "symlink":
        (folder / "link").symlink_to(elsewhere, target_is_directory=True)
    source = map_naming_tileset(folder, name)
    with pytest.raises(ImportRefused) as caught:
        import_tiled(source)
    message = str(caught.value)
    assert str(source) in message and "<tileset source=" in message
    assert "copy the tileset beside" in message
    assert SECRET not in message


@pytest.mark.parametrize(
    ("label", "said"),
    [
        ("{x}{row:02d}", "may only use {col} and {row}"),
        ("{0}{row:02d}", "may only use {col} and {row}"),
        ("{col:01999999999d}{row:02d}", "padded to at most"),
        ("{col:0999999999d}{row:02d}", "padded to at most"),
    ],
)
def test_a_label_format_is_checked_before_it_numbers_a_hex(
    tmp_path: Path, label: str, said: str
) -> None:
    source = write_tmx(tmp_path, "x", "odd")
    props = f'<properties><property name="label" value="{label}"/></properties>'
    source.write_text(source.read_text().replace(" <tileset", f" {props}\n <tileset", 1))
    started = time.monotonic()
    with pytest.raises(ImportRefused) as caught:
        import_tiled(source)
    assert time.monotonic() - started < 1.0
    assert str(source) in str(caught.value) and "label" in str(caught.value)
    assert said in str(caught.value)


def test_a_thousand_point_polyline_imports_in_a_second(tmp_path: Path) -> None:
    """Points zigzagging from one corner of the map to the other: each as long as the map."""
    points = " ".join(f"{0 if i % 2 else 400},{0 if i % 2 else 250}" for i in range(1000))
    extra = (
        '<objectgroup id="2" name="rivers"><object id="1" name="Zigzag" x="10" y="10">'
        f'<polyline points="{points}"/></object></objectgroup>'
    )
    source = write_tmx(tmp_path, "x", "odd", extra=extra)
    assert source.stat().st_size < 12_000
    started = time.monotonic()
    imported = import_tiled(source)
    assert time.monotonic() - started < 2.0
    assert any("'Zigzag' is longer than every hexside" in note for note in imported.notes)
    assert imported.hexmap.rivers == ()


def test_a_module_whose_zip_needs_a_later_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "test.vmod"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("buildFile.xml", build_file(""))
        archive.writestr("images/main.png", png(50, 40))
    data = bytearray(path.read_bytes())
    central = data.index(b"PK\x01\x02")
    data[central + 6 : central + 8] = struct.pack("<H", 148)  # "version needed 14.8"
    path.write_bytes(bytes(data))
    with pytest.raises(ImportRefused) as caught:
        import_vassal(path, tmp_path / "out.toml")
    assert str(path) in str(caught.value) and "zip file version 14.8" in str(caught.value)


def test_a_module_image_larger_than_its_pixels_can_need_is_refused_before_writing(
    tmp_path: Path,
) -> None:
    """A 50 x 40 picture followed by 64 MB of nothing: the module is a few hundred kB."""
    path = tmp_path / "test.vmod"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("buildFile.xml", build_file(""))
        archive.writestr("images/main.png", png(500, 400) + bytes(64 << 20))
    assert path.stat().st_size < 1 << 20
    with pytest.raises(ImportRefused) as caught:
        import_vassal(path, tmp_path / "out.toml")
    assert "images/main.png" in str(caught.value) and "500 x 400" in str(caught.value)
    assert not list(tmp_path.glob("out*"))


def test_a_png_too_costly_to_decode_is_refused_by_its_header() -> None:
    """40,000 x 10,000 pixels: 1.6 GB decoded, refused before any pixel is read."""
    head = png(1, 1)
    big = head[:16] + struct.pack(">II", 40_000, 10_000) + head[24:]
    with pytest.raises(ImageTooLarge, match="baseline"):
        header_info(big, "scan.png")
    assert header_info(png(500, 400), "scan.png").width == 500


@pytest.mark.parametrize("name", ["t" * 300 + ".tsx", "/proc/self/mem"])
def test_a_tileset_no_file_can_be_is_blamed_on_the_map_not_the_output(
    tmp_path: Path, name: str
) -> None:
    source = map_naming_tileset(tmp_path, name)
    target = tmp_path / "out" / "map.toml"
    with pytest.raises(ImportRefused) as caught:
        write_import(import_tiled(source), source, target)
    message = str(caught.value)
    assert message.startswith(f"{source} (<tileset source=")
    assert str(target) not in message and "Errno" not in message


@pytest.mark.parametrize("encoding", ["Shift_JIS", "csv"])
def test_an_encoding_no_reader_takes_is_blamed_on_the_file(tmp_path: Path, encoding: str) -> None:
    source = write_tmx(tmp_path, "x", "odd")
    text = source.read_text().replace('encoding="UTF-8"', f'encoding="{encoding}"', 1)
    source.write_bytes(text.encode())
    with pytest.raises(ImportRefused) as caught:
        import_tiled(source)
    assert str(caught.value).startswith(str(source))
    assert os.fspath(source) in str(caught.value)


@pytest.mark.parametrize("encoding", ["Shift_JIS", "csv"])
def test_a_module_build_file_in_an_encoding_no_reader_takes_is_refused(
    tmp_path: Path, encoding: str
) -> None:
    path = tmp_path / "test.vmod"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("buildFile.xml", build_file("").replace("UTF-8", encoding, 1))
        archive.writestr("images/main.png", png(50, 40))
    with pytest.raises(ImportRefused) as caught:
        import_vassal(path, tmp_path / "out.toml")
    assert str(caught.value).startswith(f"{path} (buildFile.xml <?xml encoding>)")


@pytest.mark.parametrize("size", [(30_000, 1), (1, 1)])
def test_a_board_too_small_for_one_hex_of_its_grid_is_refused_by_name(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    path = tmp_path / "test.vmod"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(
            "buildFile.xml", build_file("").replace('sideways="false"', 'sideways="true"')
        )
        archive.writestr("images/main.png", png(*size))
    with pytest.raises(ImportRefused) as caught:
        import_vassal(path, tmp_path / "out.toml")
    assert (
        str(caught.value) == f"{path} (board 'Main'): its hex grid puts no hex centre on the board"
    )


@pytest.mark.parametrize("external", [False, True])
def test_a_value_the_tiled_reader_cannot_take_is_refused_naming_its_element(
    tmp_path: Path, external: bool
) -> None:
    if external:
        (tmp_path / "land.tsx").write_text(TSX.replace('tileheight="55"', 'tileheight="tall"'))
        source = map_naming_tileset(tmp_path, "land.tsx")
        where = "land.tsx <tileset tileheight>"
    else:
        source = write_tmx(tmp_path, "x", "odd")
        source.write_text(source.read_text().replace('<tile id="2"', '<tile id="two"', 1))
        where = "<tile id>"
    with pytest.raises(ImportRefused) as caught:
        import_tiled(source)
    assert str(caught.value).startswith(f"{source} ({where}): ")
    assert "is not a number" in str(caught.value)


@pytest.mark.parametrize("member", ["buildFile.xml", "images/main.png"])
def test_a_module_member_whose_data_lies_past_the_end_of_the_file_is_refused(
    tmp_path: Path, member: str
) -> None:
    """The member's own header says 40,960 bytes of extra fields follow it: its data would
    start past the end of the file, and the reader runs out (EOFError)."""
    path = tmp_path / "test.vmod"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("buildFile.xml", build_file(""))
        archive.writestr("images/main.png", png(500, 400))
    with zipfile.ZipFile(path) as archive:
        at = archive.getinfo(member).header_offset
    data = bytearray(path.read_bytes())
    data[at + 28 : at + 30] = struct.pack("<H", 40_960)
    path.write_bytes(bytes(data))
    with pytest.raises(ImportRefused) as caught:
        import_vassal(path, tmp_path / "out.toml")
    assert str(caught.value).startswith(f"{path} ({member}")
