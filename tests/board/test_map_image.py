"""A scanned map under the grid: the [image] table, its checks, and calibration from two clicks.

The calibration test draws a printed map's hex centres as dots on a generated image with a known
grid (hexes wider than they are tall, as printed maps often are), finds the two dots where a
player would click, and recovers the grid within a pixel at every hex of the map.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

import pytest

from hexcombat.board.mapfile import HexMap, check_map_source, load_map, map_from_source
from hexcombat.board.mapimage import (
    MapImage,
    calibrate,
    header_info,
    image_info,
    with_image_table,
)
from hexcombat.board.offset import OffsetScheme
from hexcombat.sourcefile import SourceError, TomlSource
from meaning import one_says

MAP = """\
name = "Scan"

[layout]
orientation = "flat"
offset = "odd"
label = "{col:02d}{row:02d}"
first = "0101"
columns = 4
rows = 3

[legend]
c = "clear"

[terrain]
rows = ["cccc", "cccc", "cccc"]
"""


def png(width: int, height: int, dots: set[tuple[int, int]] = frozenset()) -> bytes:
    """A grey PNG, black at ``dots``, written by hand."""
    rows = []
    for y in range(height):
        line = bytearray(b"\xc0" * width)
        for x, yy in dots:
            if yy == y and 0 <= x < width:
                line[x] = 0
        rows.append(b"\x00" + bytes(line))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows)))
        + chunk(b"IEND", b"")
    )


def image_map(tmp_path: Path, image: str, origin="[40.0, 35.0]", width=60, height=52) -> Path:
    path = tmp_path / "scan.toml"
    path.write_text(
        MAP + f'\n[image]\nfile = "{image}"\norigin = {origin}\n'
        f"hex_width = {width}\nhex_height = {height}\n"
    )
    return path


def test_a_map_names_its_image_relative_to_the_map_file(tmp_path) -> None:
    (tmp_path / "scan.png").write_bytes(png(240, 200))
    hexmap = load_map(image_map(tmp_path, "scan.png"))
    assert hexmap.image == MapImage("scan.png", (40.0, 35.0), 60.0, 52.0, tmp_path)
    assert hexmap.image.path == tmp_path / "scan.png"
    assert check_map_source(TomlSource.load(tmp_path / "scan.toml")) == []


def test_a_missing_image_is_said_by_check_and_the_map_still_loads(tmp_path) -> None:
    path = image_map(tmp_path, "gone.jpg")
    assert load_map(path).image is not None
    (problem,) = check_map_source(TomlSource.load(path))
    assert problem.line == 18  # the file = ... line
    assert "gone.jpg is missing" in problem.message


def test_a_calibration_off_the_image_is_said_at_origin(tmp_path) -> None:
    (tmp_path / "scan.png").write_bytes(png(240, 200))
    path = image_map(tmp_path, "scan.png", origin="[40.0, 3500.0]")
    (problem,) = check_map_source(TomlSource.load(path))
    assert problem.line == 19  # origin = ...
    assert one_says(
        problem.message, figures=["0101", "40", "3500", "240", "200"], names=["off the", "image"]
    )


def test_a_file_that_is_no_picture_is_said(tmp_path) -> None:
    (tmp_path / "scan.png").write_text("not a picture")
    (problem,) = check_map_source(TomlSource.load(image_map(tmp_path, "scan.png")))
    assert "is not a PNG or JPEG image" in problem.message


@pytest.mark.parametrize(
    ("head", "said"),
    [
        (b"\x89PNG\r\n\x1a\n" + bytes(8), "a damaged PNG: no image header"),
        (b"\xff\xd8\xff\xe0" + bytes(100), "a damaged JPEG: a segment of no length"),
        (b"\xff\xd8\x00" + bytes(100), "a damaged JPEG: a marker was expected"),
    ],
)
def test_a_picture_damaged_in_its_header_is_said_by_name(tmp_path, head, said) -> None:
    """File > Map Image shows this message alone: it names the file the player chose."""
    (tmp_path / "scan.jpg").write_bytes(head)
    with pytest.raises(ValueError) as caught:
        image_info(tmp_path / "scan.jpg")
    assert str(caught.value) == f"{tmp_path / 'scan.jpg'}: {said}"


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("origin = [1, 2, 3]", "image.origin must be two numbers"),
        ("origin = [nan, 2]", "image.origin must be two numbers"),
        ("hex_width = 0", "image.hex_width must be a number of pixels from 1 to 40000"),
        ("hex_height = inf", "image.hex_height must be a number of pixels"),
        ('file = ""', "image.file is blank"),
        ("scale = 2", "unknown key 'scale' in [image]"),
    ],
)
def test_bad_image_keys_are_named_at_their_line(tmp_path, line, said) -> None:
    key = line.split(" =")[0]
    text = image_map(tmp_path, "scan.png").read_text()
    lines = [line if ln.startswith(f"{key} =") else ln for ln in text.splitlines()]
    if key not in text:
        lines.append(line)
    path = tmp_path / "bad.toml"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(SourceError) as caught:
        load_map(path)
    (problem,) = caught.value.problems
    assert said in problem.message
    assert problem.line == next(i for i, ln in enumerate(lines, 1) if ln.startswith(key))


def test_a_huge_image_is_refused_from_its_header(tmp_path) -> None:
    head = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR" + struct.pack(">II", 100_000, 90_000)
    with pytest.raises(ValueError, match="more than hexcombat shows"):
        header_info(head + bytes(16), "huge.png")


# calibration ----------------------------------------------------------------------------------

TRUE_ORIGIN, TRUE_WIDTH, TRUE_HEIGHT = (47.3, 41.8), 61.7, 49.2
"""The printed map's grid: hexes 61.7 pixels wide and 49.2 tall (not regular)."""


def dot_centre(dots: set[tuple[int, int]], near: tuple[float, float]) -> tuple[float, float]:
    """Where a player clicks on the printed dot nearest ``near``: the middle of its pixels."""
    blob = [(x, y) for x, y in dots if math.dist((x, y), near) < 4]
    return sum(x for x, _ in blob) / len(blob), sum(y for _, y in blob) / len(blob)


@pytest.mark.parametrize(
    ("orientation", "parity", "clicks"),
    [("flat", "odd", ("0102", "1208")), ("pointy", "even", ("0211", "0901"))],
)
def test_two_clicks_recover_the_grid_within_a_pixel(tmp_path, orientation, parity, clicks):
    scheme = OffsetScheme(orientation, parity, "{col:02d}{row:02d}", "0101")
    truth = MapImage("scan.png", TRUE_ORIGIN, TRUE_WIDTH, TRUE_HEIGHT)
    columns, rows = 12, 11
    centres = {
        (c, r): truth.hex_centre(orientation, scheme.hex_of(c, r))
        for c in range(columns)
        for r in range(rows)
    }
    # each hex centre printed as a 3 x 3 dot, rounded to whole pixels as a printer would
    dots = {
        (round(x) + dx, round(y) + dy)
        for x, y in centres.values()
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
    }
    width = round(max(x for x, _ in centres.values()) + 50)
    height = round(max(y for _, y in centres.values()) + 50)
    (tmp_path / "scan.png").write_bytes(png(width, height, dots))
    assert image_info(tmp_path / "scan.png").width == width
    first, second = clicks
    picked = [
        (label, dot_centre(dots, truth.hex_centre(orientation, scheme.parse_label(label))))
        for label in (first, second)
    ]
    origin, hex_width, hex_height = calibrate(scheme, picked[0], picked[1])
    found = MapImage("scan.png", origin, hex_width, hex_height)
    for (c, r), (x, y) in centres.items():
        fx, fy = found.hex_centre(orientation, scheme.hex_of(c, r))
        assert math.dist((fx, fy), (x, y)) < 1.0, scheme.label(scheme.hex_of(c, r))


@pytest.mark.parametrize(
    ("a", "b", "said"),
    [
        ("0101", "0101", "both clicks name hex 0101"),
        ("0101", "0108", "in one column"),
        ("0808", "0101", "clicked left"),
    ],
)
def test_clicks_that_cannot_fix_the_grid_say_what_to_do(a, b, said) -> None:
    scheme = OffsetScheme("flat", "odd", "{col:02d}{row:02d}", "0101")
    with pytest.raises(ValueError, match=said):
        calibrate(scheme, (a, (100.0, 100.0)), (b, (600.0, 500.0)))


def test_naming_an_image_replaces_the_image_table_and_keeps_every_other_line() -> None:
    text = (
        MAP
        + '\n[image]  # the scan\nfile = "old.png"\norigin = [1, 2]\n'
        + ('hex_width = 3\nhex_height = 4\n\n[[places]]\nhex = "0101"\nname = "Kursk"\n')
    )
    new = with_image_table(text, MapImage("new scan.jpg", (10.5, 20.25), 61.5, 52.0))
    source = TomlSource.parse(new, "new.toml")
    hexmap = load_map_text(new)
    assert hexmap.image == MapImage("new scan.jpg", (10.5, 20.25), 61.5, 52.0, None)
    assert hexmap.places[hexmap.hex_at("0101")] == "Kursk"
    assert "old.png" not in new and new.startswith(MAP)
    assert source.data["image"]["file"] == "new scan.jpg"


def load_map_text(text: str) -> HexMap:
    return map_from_source(TomlSource.parse(text, "<text>"))


def test_clicks_that_would_make_hexes_under_a_pixel_are_refused() -> None:
    """Two clicks a pixel apart labelled far apart made hexes 0.06 pixels wide: the map was
    saved with them and then refused to open (hex_width must be 1 to 40000 pixels)."""
    scheme = OffsetScheme("flat", "odd", "{col:02d}{row:02d}", "0101")
    with pytest.raises(ValueError, match="a hex 0.06 x 0.02 pixels: check the two labels"):
        calibrate(scheme, ("0101", (100.0, 100.0)), ("1212", (100.5, 100.2)))


def jpeg_head(width: int, height: int) -> bytes:
    """A JPEG's start and frame header (SOF0), as :func:`image_info` reads them."""
    sof = struct.pack(">BHHB", 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + b"\xff\xc0" + struct.pack(">H", len(sof) + 2) + sof


@pytest.mark.parametrize(
    ("name", "whole", "cut"),
    [
        ("scan.png", png(240, 200), png(240, 200)[:-40]),
        (
            "scan.jpg",
            jpeg_head(240, 200) + b"\xff\xda\x00\x02" + bytes(500) + b"\xff\xd9",
            jpeg_head(240, 200) + b"\xff\xda\x00\x02" + bytes(500),
        ),
    ],
)
def test_check_refuses_a_picture_cut_short(tmp_path, name, whole, cut) -> None:
    (tmp_path / name).write_bytes(whole)
    path = image_map(tmp_path, name)
    assert check_map_source(TomlSource.load(path)) == []
    (tmp_path / name).write_bytes(cut)
    (problem,) = check_map_source(TomlSource.load(path))
    assert problem.line == 18 and "is cut short" in problem.message and name in problem.message
