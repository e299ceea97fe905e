"""Sound files of the kinds hexcombat imports or shows beside its TOML and JSON files (Tiled
maps with their tilesets, VASSAL modules, maps over a scanned image), the damage a stranger's
copy of them may carry, and the watch on which files a run opens. Shared by the fuzz test in the
suite (tests/game/test_fuzz_loaders.py) and the long standalone run (tools/fuzz_files.py).

Everything here is made by hand from bytes (no imaging library), and seeded: the n-th damaged
file of a seed is always the same.
"""

from __future__ import annotations

import base64
import contextlib
import io
import os
import random
import re
import struct
import sys
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from hexcombat.game.check import check_file
from hexcombat.game.explain_cli import explain_command
from hexcombat.game.import_cli import import_command
from hexcombat.game.opening import open_game
from hexcombat.game.saves import load_game, save_game
from hexcombat.sourcefile import SourceError

ROOT = Path(__file__).resolve().parents[2]

# sound files -------------------------------------------------------------------------------


def png(width: int, height: int, depth: int = 8, colour: int = 0) -> bytes:
    """A grey PNG of the given size."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    row = b"\x00" + b"\x80" * (width * channels * depth // 8)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(row * height))
        + chunk(b"IEND", b"")
    )


def jpeg_header(width: int, height: int, progressive: bool = False) -> bytes:
    """The markers of a JPEG up to its frame header (all hexcombat reads of it without Qt)."""
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof = b"\xff\xc2" if progressive else b"\xff\xc0"
    frame = sof + struct.pack(">HBHHB", 17, 8, height, width, 3) + b"\x01\x22\x00\x02\x11\x01"
    return b"\xff\xd8" + app0 + frame + b"\x03\x11\x01" + b"\xff\xd9"


def _tileset(name: str, kinds: list[str]) -> str:
    tiles = "".join(
        f'<tile id="{i}"><properties><property name="terrain" value="{k}"/></properties></tile>'
        if i % 2
        else f'<tile id="{i}" type="{k}"/>'
        for i, k in enumerate(kinds)
    )
    return (
        f'<tileset version="1.10" tiledversion="1.10.2" name="{name}" tilewidth="64" '
        f'tileheight="55" tilecount="{len(kinds)}" columns="{len(kinds)}">'
        f'<image source="{name}.png" width="{64 * len(kinds)}" height="55"/>{tiles}</tileset>'
    )


def tiled_map(
    axis: str, index: str, cols: int, rows: int, encoding: str, external: bool, rivers: int
) -> tuple[str, dict[str, str]]:
    """A Tiled hex map's text, and the files beside it it names."""
    kinds = ["clear", "woods", "rough", "hills", "swamp", "forest"]
    tw, th = (64, 55) if axis == "x" else (55, 64)
    gids = [1 + (c * 3 + r) % len(kinds) for r in range(rows) for c in range(cols)]
    if encoding == "csv":
        data = '<data encoding="csv">' + ",".join(map(str, gids)) + "</data>"
    else:
        raw = b"".join(g.to_bytes(4, "little") for g in gids)
        packed = zlib.compress(raw) if encoding == "zlib" else raw
        attrs = ' compression="zlib"' if encoding == "zlib" else ""
        data = f'<data encoding="base64"{attrs}>{base64.b64encode(packed).decode()}</data>'
    beside: dict[str, str] = {}
    if external:
        beside["land.tsx"] = '<?xml version="1.0" encoding="UTF-8"?>\n' + _tileset("land", kinds)
        tileset = '<tileset firstgid="1" source="land.tsx"/>'
    else:
        tileset = _tileset("land", kinds).replace("<tileset ", '<tileset firstgid="1" ', 1)
    objects = "".join(
        f'<object id="{i + 1}" name="River {i + 1}" type="{("minor-river", "major-river")[i % 2]}"'
        f' x="{tw / 2}" y="{th / 2 + i * 2 * th}"><polyline points="0,0 {tw * 0.75},{th / 2} '
        f'{tw * 1.5},0 {tw * 2.25},{th / 2}"/></object>'
        for i in range(rivers)
    )
    group = f'<objectgroup id="2" name="rivers">{objects}</objectgroup>' if rivers else ""
    props = (
        '<properties><property name="label" value="{col:02d}{row:02d}"/>'
        '<property name="first" value="0101"/><property name="name" value="Fuzz"/></properties>'
    )
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" '
        f'renderorder="right-down" width="{cols}" height="{rows}" tilewidth="{tw}" '
        f'tileheight="{th}" infinite="0" hexsidelength="32" staggeraxis="{axis}" '
        f'staggerindex="{index}" nextlayerid="3" nextobjectid="{rivers + 1}">\n'
        f" {props}\n {tileset}\n"
        f' <layer id="1" name="terrain" width="{cols}" height="{rows}">{data}</layer>\n'
        f" {group}\n</map>\n"
    )
    return text, beside


BOARD = "VASSAL.build.module.map.boardPicker.Board"
GRID = "VASSAL.build.module.map.boardPicker.board.HexGrid"
NUMBERING = "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering"
ZONED = "VASSAL.build.module.map.boardPicker.board.ZonedGrid"
ZONE = "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone"


def build_file(sideways: bool, stagger: bool, sep: str, zones: bool, boards: int) -> str:
    numbering = (
        f'<{NUMBERING} first="H" sep="{sep}" hType="N" vType="N" hLeading="1" vLeading="1" '
        f'hOff="0" vOff="0" stagger="{str(stagger).lower()}"/>'
    )
    grid = (
        f'<{GRID} dx="45.0" dy="52.0" x0="30" y0="28" sideways="{str(sideways).lower()}">'
        f"{numbering}</{GRID}>"
    )
    if zones:
        grid = (
            f'<{ZONED}>{grid}<{ZONE} name="Box" path="0,0;50,0;50,50;0,50">'
            f'<{GRID} dx="10" dy="12"/></{ZONE}></{ZONED}>'
        )
    boards_text = "".join(
        f'<{BOARD} name="Board {i}" image="board{i}.png" width="500" height="400">{grid}</{BOARD}>'
        for i in range(boards)
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<VASSAL.launch.BasicModule name="Fuzz"><VASSAL.build.module.Map>'
        f"<VASSAL.build.module.map.BoardPicker>{boards_text}"
        "</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>"
        "</VASSAL.launch.BasicModule>"
    )


def vassal_members(sideways: bool, stagger: bool, sep: str, zones: bool, boards: int) -> dict:
    members: dict[str, bytes] = {
        "buildFile.xml": build_file(sideways, stagger, sep, zones, boards).encode()
    }
    for i in range(boards):
        members[f"images/board{i}.png"] = png(500 - 60 * i, 400 - 40 * i)
    members["moduledata"] = b'<?xml version="1.0"?><data><name>Fuzz</name></data>'
    return members


def write_zip(path: Path, members: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)


IMAGE_MAP = (ROOT / "tests" / "board" / "data" / "flat-even.toml").read_text()


def image_map(image: str) -> str:
    return (
        IMAGE_MAP
        + f'\n[image]\nfile = "{image}"\norigin = [40.0, 35.0]\nhex_width = 80.0\n'
        + "hex_height = 69.3\n"
    )


@dataclass
class Sample:
    """One sound file to damage: its name, its main file's content, and the files beside it."""

    kind: str
    """``tiled``, ``vassal``, ``image-map`` or ``toml``/``json`` (the shipped ones)."""
    name: str
    main: bytes
    beside: dict[str, bytes] = field(default_factory=dict)
    members: dict[str, bytes] = field(default_factory=dict)
    """A VASSAL module's files (its main bytes are the zip made of them)."""


def samples() -> list[Sample]:
    """The sound Tiled maps, VASSAL modules and image maps the fuzz starts from."""
    found: list[Sample] = []
    variants = [
        ("x", "odd", 7, 5, "csv", False, 2),
        ("x", "even", 9, 6, "zlib", True, 1),
        ("y", "odd", 6, 7, "base64", False, 3),
        ("y", "even", 5, 5, "csv", True, 0),
    ]
    for i, (axis, index, cols, rows, encoding, external, rivers) in enumerate(variants):
        text, beside = tiled_map(axis, index, cols, rows, encoding, external, rivers)
        found.append(
            Sample(
                "tiled",
                f"map{i}.tmx",
                text.encode(),
                {k: v.encode() for k, v in beside.items()},
            )
        )
    for i, args in enumerate(
        [(False, False, "", False, 1), (True, True, ".", True, 2), (False, True, "-", False, 1)]
    ):
        members = vassal_members(*args)
        found.append(Sample("vassal", f"module{i}.vmod", b"", members=members))
    found.append(
        Sample(
            "image-map",
            "scan-map.toml",
            image_map("scan.png").encode(),
            {"scan.png": png(500, 400)},
        )
    )
    found.append(
        Sample(
            "image-map",
            "jpeg-map.toml",
            image_map("scan.jpg").encode(),
            {"scan.jpg": jpeg_header(500, 400)},
        )
    )
    return found


def shipped_text_files() -> list[Path]:
    """Every shipped TOML file, the test cases and the saves the tests keep."""
    return sorted(
        [
            *ROOT.glob("maps/*.toml"),
            *ROOT.glob("counters/*.toml"),
            *ROOT.glob("desktop/hexcombat/rules/**/*.toml"),
            *ROOT.glob("tests/cases/*.toml"),
            *ROOT.glob("tests/game/data/*.toml"),
            *ROOT.glob("tests/game/data/**/*.json"),
        ]
    )


# damage ----------------------------------------------------------------------------------------

HOSTILE = [
    "-1", "0", "1", "2", "99999999999", "1999999999", "nan", "inf", "-inf", "1e308", "1e-308",
    "", " ", "x", "true", "../../../../etc/passwd", "/etc/passwd", "/proc/self/mem", "/dev/zero",
    "/", ".", "{x}", "{0}", "{col:01999999999d}", "{col}{row}", "{row}/{col}", "a" * 300,
    "t" * 5000 + ".tsx", "\u2028", "x\ny", "&amp;", "&#0;", "%00", "odd", "even", "x", "y",
    "hexagonal", "orthogonal", "zlib", "gzip", "zstd", "base64", "csv", "Shift_JIS", "UTF-16",
    "0,0 " * 2000, "1e12,1e12", "nan,3", "-0.0",
]  # fmt: skip
"""Values a damaged or hostile file may hold in an XML attribute."""

_ATTR = re.compile(rb'(\s[\w:.-]+=")([^"]*)(")')


def _attr_edit(rng: random.Random, data: bytes) -> bytes:
    found = list(_ATTR.finditer(data))
    if not found:
        return data
    m = rng.choice(found)
    value = rng.choice(HOSTILE).replace('"', "&quot;").encode("utf-8")
    return data[: m.start(2)] + value + data[m.end(2) :]


_ELEMENT = re.compile(rb"<(\w[\w.:-]*)[^<>]*?(?:/>|>[^<]*</\1>)", re.DOTALL)


def _element_edit(rng: random.Random, data: bytes) -> bytes:
    found = list(_ELEMENT.finditer(data))
    if not found:
        return data
    m = rng.choice(found)
    what = rng.randrange(3)
    if what == 0:  # gone
        return data[: m.start()] + data[m.end() :]
    if what == 1:  # twice, or many times
        return data[: m.end()] + m.group(0) * rng.choice([1, 2, 50]) + data[m.end() :]
    other = rng.choice(found)  # moved
    return data[: m.start()] + other.group(0) + data[m.end() :]


HOSTILE_XML = [
    b'<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>',
    b'<!DOCTYPE map [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
    b'<?xml version="1.0" encoding="Shift_JIS"?>',
    b'<?xml version="1.0" encoding="UTF-16"?>',
    b"<x>" * 5000 + b"</x>" * 5000,
    b'<property name="label" value="{x}"/>',
    b'<property name="label" value="{col:0999999999d}{row}"/>',
    b'<tileset firstgid="1" source="/etc/passwd"/>',
    b'<tileset firstgid="1" source="../../../../etc/hostname"/>',
    b'<object id="9" template="/proc/self/mem"/>',
    b"\xff\xfe",
    b"\x00",
]
"""Whole pieces to put into an XML file."""


def mutate_xml(rng: random.Random, data: bytes) -> bytes:
    """``data`` (a Tiled map, a tileset, a build file) with one to three damages."""
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(10)
        if kind < 4:
            data = _attr_edit(rng, data)
        elif kind < 6:
            data = _element_edit(rng, data)
        elif kind < 8:
            at = rng.randrange(len(data) + 1)
            data = data[:at] + rng.choice(HOSTILE_XML) + data[at:]
        else:
            data = mutate_bytes(rng, data, 4)
    return data


def mutate_bytes(rng: random.Random, data: bytes, edits: int = 8) -> bytes:
    """A few bytes changed, cut or put in."""
    out = bytearray(data)
    for _ in range(rng.randint(1, edits)):
        if not out:
            break
        i = rng.randrange(len(out))
        what = rng.randrange(4)
        if what == 0:
            out[i] = rng.randrange(256)
        elif what == 1:
            del out[i : i + rng.randint(1, 16)]
        elif what == 2:
            out[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        else:
            out[i] = 0xFF
    return bytes(out)


def mutate_image(rng: random.Random, data: bytes) -> bytes:
    """A picture damaged where readers look first: its size, depth and kind, or anywhere."""
    out = bytearray(data)
    what = rng.randrange(5)
    if what == 0 and data.startswith(b"\x89PNG"):
        out[16:24] = struct.pack(
            ">II", *(rng.choice([0, 1, 40_000, 2**31, 2**32 - 1, 65_535]) for _ in range(2))
        )
    elif what == 1 and data.startswith(b"\x89PNG"):
        out[24], out[25] = rng.choice([1, 8, 16, 255]), rng.choice([0, 2, 3, 4, 6, 7])
    elif what == 2 and data.startswith(b"\xff\xd8"):
        at = data.find(b"\xff\xc0") if b"\xff\xc0" in data else data.find(b"\xff\xc2")
        if at >= 0:
            out[at + 5 : at + 9] = struct.pack(">HH", rng.randrange(65_536), rng.randrange(65_536))
    elif what == 3:
        out = out[: rng.randrange(len(out) + 1)]
    else:
        return mutate_bytes(rng, data)
    return bytes(out)


def mutate_zip(rng: random.Random, members: dict[str, bytes]) -> bytes:
    """A module damaged inside (its build file, its images, its names) or as a zip."""
    members = dict(members)
    what = rng.randrange(9)
    if what <= 2:
        members["buildFile.xml"] = mutate_xml(rng, members["buildFile.xml"])
    elif what == 3:
        name = rng.choice([n for n in members if n.startswith("images/")] or ["buildFile.xml"])
        members[name] = mutate_image(rng, members[name])
    elif what == 4:
        name = rng.choice([n for n in members if n.startswith("images/")] or ["buildFile.xml"])
        members[name] = members[name] + bytes(rng.choice([1 << 20, 16 << 20]))  # much more
    elif what == 5:
        old = rng.choice(list(members))
        members[rng.choice(["../../evil.png", "/etc/passwd", "images/", "buildFile"])] = (
            members.pop(old)
        )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    data = buffer.getvalue()
    if what == 6:  # a directory field: version needed, flags, method, sizes, offsets
        at = data.rfind(b"PK\x01\x02")
        if at >= 0:
            field_at = at + rng.choice([6, 8, 10, 20, 24, 28, 42])
            size = 4 if field_at - at in (20, 24, 42) else 2
            value = rng.choice([0, 1, 14, 99, 148, 0xFFFF, 0xFFFFFFFF])
            out = bytearray(data)
            out[field_at : field_at + size] = (value & ((1 << (8 * size)) - 1)).to_bytes(
                size, "little"
            )
            data = bytes(out)
    elif what == 7:
        at = data.rfind(b"PK\x05\x06")
        if at >= 0:
            out = bytearray(data)
            out[at + 10 : at + 12] = struct.pack("<H", rng.choice([0, 1, 65_535]))
            data = bytes(out)
    elif what == 8:
        data = mutate_bytes(rng, data)
    return data


def mutate_toml(rng: random.Random, text: str) -> str:
    """The TOML and JSON damage of the suite's fuzz test."""
    from test_fuzz_loaders import mutate

    return mutate(rng, text)


# damage aimed at what a hostile file does (issue 29) ------------------------------------------

CANARY = "canary-4f1c-private"


def canaries(folder: Path) -> Path:
    """Private files beside the damaged file's folder (never to be read): a map, a table, a
    counter set, a tileset and a picture, each carrying :data:`CANARY`."""
    canary = folder.parent / "canary"
    if not (canary / "map.toml").is_file():
        canary.mkdir(exist_ok=True)
        (canary / "map.toml").write_text(f"# {CANARY}\n" + IMAGE_MAP)
        crt = ROOT / "desktop" / "hexcombat" / "rulesets" / "europa" / "crt_generic.toml"
        (canary / "crt.toml").write_text(f"# {CANARY}\n" + crt.read_text())
        counters = ROOT / "counters" / "total-war.toml"
        (canary / "counters.toml").write_text(f"# {CANARY}\n" + counters.read_text())
        kinds = ["clear", CANARY, "woods", "rough", "hills", "swamp"]
        (canary / "land.tsx").write_text('<?xml version="1.0"?>\n' + _tileset("land", kinds))
        (canary / "scan.png").write_bytes(png(500, 400))
    return canary


def _outside_names(rng: random.Random, folder: Path, name: str) -> str:
    """A name for the private file ``name``: absolute, a ``../`` chain, or a link beside."""
    target = canaries(folder) / name
    how = rng.randrange(4)
    if how == 0:
        return str(target)
    if how == 1:
        return f"../canary/{name}"
    if how == 2:
        link = folder / f"beside-{name}"
        if not link.is_symlink():
            link.symlink_to(target)
        return link.name
    link = folder / "sub"
    if not link.is_symlink():
        link.symlink_to(target.parent, target_is_directory=True)
    return f"sub/{name}"


_SYSTEM = ["/etc/passwd", "/proc/self/mem", "/dev/zero", "/", "t" * 300 + ".toml", "\x00x"]


def _set_key(text: str, key: str, value: str) -> str:
    """``key = value`` at the top of a TOML text, replacing a line of that key."""
    lines = [line for line in text.split("\n") if not re.match(rf"\s*{key}\s*=", line)]
    return f"{key} = {value}\n" + "\n".join(lines)


def aim_toml(rng: random.Random, text: str, folder: Path) -> str:
    """A scenario, map or save naming a private file, or as large as a hostile file makes it."""
    what = rng.randrange(7)
    if what <= 2:
        key = ("map", "crt", "counters")[what]
        name = {"map": "map.toml", "crt": "crt.toml", "counters": "counters.toml"}[key]
        chosen = _outside_names(rng, folder, name) if rng.random() < 0.8 else rng.choice(_SYSTEM)
        value = json_string(chosen)
        return _set_key(text, key, f"[{value}]" if key == "counters" else value)
    if what == 3:
        word = "x" * rng.choice([10_000, 300_000, 1_500_000])
        step = f'\n[[tutorial.steps]]\ntext = "t"\nshow = \'value 14D2d "{word}"\'\n'
        return text + step
    if what == 4:
        ones = ", ".join(["1"] * rng.choice([1000, 100_000]))
        return _set_key(text, rng.choice(["defender", "attacker"]), f"[{ones}]")
    if what == 5:
        label = rng.choice(["{x}", "{0}", "{col:01999999999d}{row}", "{col}{row}", "{row}"])
        line = f"label = {json_string(label)}"
        return re.sub(r'(?m)^label = ".*"$', lambda _m: line, text, count=1)
    image = _outside_names(rng, folder, "scan.png") if rng.random() < 0.5 else rng.choice(_SYSTEM)
    line = f"file = {json_string(image)}"
    return re.sub(r'(?m)^file = ".*"$', lambda _m: line, text, count=1)


def json_string(text: str) -> str:
    import json

    return json.dumps(text)


def aim_save(rng: random.Random, data: bytes, folder: Path) -> bytes:
    """A save whose embedded map, table or conditions name private files or hostile values."""
    import json

    try:
        save = json.loads(data)
    except ValueError:
        return data
    what = rng.randrange(4)
    if what == 0 and isinstance(save.get("conditions"), dict):
        save["conditions"]["crt"] = _outside_names(rng, folder, "crt.toml")
    elif what == 1 and isinstance(save.get("map_toml"), str):
        save["map_toml"] = aim_toml(rng, save["map_toml"], folder)
    elif what == 2 and isinstance(save.get("counters"), list) and save["counters"]:
        entry = rng.choice(save["counters"])
        if isinstance(entry.get("unit"), dict):
            entry["unit"]["id"] = rng.choice([[], 1, None, "x" * 5000, ""])
    else:
        save["crt_toml"] = rng.choice(["x = 1", "[" * 5000, "a = '" + "x" * 100_000 + "'"])
    return json.dumps(save).encode()


def aim_tiled(rng: random.Random, text: str, folder: Path) -> str:
    """A Tiled map doing what hostile maps did: a label no format takes, a tileset elsewhere,
    an encoding the reader lacks, a polyline of thousands of points, a bomb in its layer."""
    what = rng.randrange(7)
    if what == 0:
        label = rng.choice(["{x}", "{0}", "{col:01999999999d}{row}", "{col:0999999999d}{row}"])
        return text.replace('value="{col:02d}{row:02d}"', f'value="{label}"', 1)
    if what == 1:
        source = (
            _outside_names(rng, folder, "land.tsx") if rng.random() < 0.6 else rng.choice(_SYSTEM)
        )
        source = source.replace("\x00", "")
        start = text.index("<tileset")
        end = text.index("</tileset>") + 10 if "</tileset>" in text else text.index("/>", start) + 2
        return text[:start] + f'<tileset firstgid="1" source="{source}"/>' + text[end:]
    if what == 2:
        encoding = rng.choice(["Shift_JIS", "UTF-16", "csv", "EUC-JP", "x" * 40])
        return text.replace('encoding="UTF-8"', f'encoding="{encoding}"', 1)
    if what == 3:
        n = rng.choice([1000, 5000, 20_000])
        points = " ".join(f"{(i % 2) * 400},{(i % 3) * 150}" for i in range(n))
        group = (
            '<objectgroup id="9" name="r"><object id="99" name="Long" x="10" y="10">'
            f'<polyline points="{points}"/></object></objectgroup>'
        )
        return text.replace("</map>", f"{group}</map>")
    if what == 4:
        bomb = base64.b64encode(zlib.compress(bytes(rng.choice([1 << 20, 16 << 20])))).decode()
        return re.sub(
            r"<data[^>]*>.*?</data>",
            lambda _m: f'<data encoding="base64" compression="zlib">{bomb}</data>',
            text,
            count=1,
            flags=re.DOTALL,
        )
    if what == 5:
        size = rng.choice(["1999999999", "100000", "0", "-5"])
        return re.sub(r' width="\d+"', lambda _m: f' width="{size}"', text, count=1)
    entity = rng.choice(HOSTILE_XML[:2])
    return text.replace("<map ", entity.decode() + "\n<map ", 1)


def aim_vassal(rng: random.Random, members: dict[str, bytes]) -> bytes:
    """A module doing what hostile modules did: a later zip version, an image far larger than
    its picture, a picture too costly to decode, an encoding the reader lacks, a name leading
    out."""
    members = dict(members)
    what = rng.randrange(6)
    images = [n for n in members if n.startswith("images/")]
    if what == 1:
        members[images[0]] += bytes(rng.choice([4 << 20, 16 << 20]))
    elif what == 2:
        head = members[images[0]]
        size = rng.choice([(40_000, 10_000), (20_000, 20_000), (65_535, 1)])
        members[images[0]] = head[:16] + struct.pack(">II", *size) + head[24:]
    elif what == 3:
        build = members["buildFile.xml"]
        encoding = rng.choice([b"Shift_JIS", b"UTF-16", b"csv"])
        members["buildFile.xml"] = build.replace(b"UTF-8", encoding, 1)
    elif what == 4:
        build = members["buildFile.xml"]
        name = rng.choice([b"../../../etc/passwd", b"/etc/passwd", b"x" * 300])
        members["buildFile.xml"] = build.replace(b'image="board0.png"', b'image="' + name + b'"')
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    data = bytearray(buffer.getvalue())
    if what == 0:  # "version needed 14.8" (or a compression method no reader has)
        at = data.find(b"PK\x01\x02")
        while at >= 0:
            if rng.random() < 0.5:
                data[at + 6 : at + 8] = struct.pack("<H", 148)
            else:
                data[at + 10 : at + 12] = struct.pack("<H", 99)
            at = data.find(b"PK\x01\x02", at + 4)
    return bytes(data)


def aim_image(rng: random.Random, data: bytes) -> bytes:
    """A picture declaring a size far beyond what it holds."""
    if data.startswith(b"\x89PNG"):
        size = rng.choice([(40_000, 10_000), (20_000, 20_000), (40_001, 1), (2**31, 2**31)])
        return data[:16] + struct.pack(">II", *size) + data[24:]
    return jpeg_header(rng.choice([65_535, 40_000]), rng.choice([65_535, 10_000]))


AIMED = 0.35
"""The share of damaged files made by the aimed damage above rather than at random."""


def damaged(rng: random.Random, sample: Sample, folder: Path) -> Path:
    """A damaged copy of ``sample`` written into the empty ``folder``; its main file's path."""
    for name, data in sample.beside.items():
        (folder / name).write_bytes(data)
    main = folder / sample.name
    if rng.random() < AIMED:
        if sample.kind == "vassal":
            main.write_bytes(aim_vassal(rng, sample.members))
        elif sample.kind == "tiled":
            main.write_text(aim_tiled(rng, sample.main.decode(), folder), encoding="utf-8")
        elif sample.kind == "save":
            main.write_bytes(aim_save(rng, sample.main, folder))
        elif sample.kind == "image-map" and rng.random() < 0.5:
            name = next(iter(sample.beside))
            (folder / name).write_bytes(aim_image(rng, sample.beside[name]))
            main.write_bytes(sample.main)
        else:
            main.write_text(aim_toml(rng, sample.main.decode(), folder), encoding="utf-8")
        return main
    if sample.kind == "vassal":
        main.write_bytes(mutate_zip(rng, sample.members))
    elif sample.kind == "tiled":
        if sample.beside and rng.random() < 0.3:  # the tileset damaged instead
            name = rng.choice(list(sample.beside))
            (folder / name).write_bytes(mutate_xml(rng, sample.beside[name]))
            main.write_bytes(sample.main)
        else:
            main.write_bytes(mutate_xml(rng, sample.main))
    elif sample.kind == "image-map":
        if rng.random() < 0.5:
            name = next(iter(sample.beside))
            (folder / name).write_bytes(mutate_image(rng, sample.beside[name]))
            main.write_bytes(sample.main)
        else:
            main.write_text(mutate_toml(rng, sample.main.decode()), encoding="utf-8")
    else:
        main.write_text(mutate_toml(rng, sample.main.decode("utf-8")), encoding="utf-8")
    return main


# running ------------------------------------------------------------------------------------


@dataclass
class Outcome:
    """What one damaged file did: refused (status 1 with its reasons), or taken."""

    status: int
    said: str


def run_file(path: Path, out: Path, reopen: bool = False) -> Outcome:
    """``import`` of a Tiled map or module (then ``check`` of the map it wrote), else ``check``
    and ``explain --json`` (with ``reopen``, a sound map, scenario or save is also opened, saved
    and reopened): all in-process, as the command line runs them."""
    err, printed = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(err):
        if path.suffix in (".tmx", ".vmod"):
            status = import_command(str(path), str(out), [], None)
            if status == 0:
                problems = check_file(out)
                assert not problems, f"the imported map does not load: {problems[0]}"
        else:
            problems = check_file(path)
            status = explain_command(str(path), as_json=True)
            said = "\n".join(str(p) for p in problems)
            if reopen and not problems:  # a sound game also saves and reopens
                try:
                    state = open_game(path)
                except SourceError as exc:
                    said += "\n" + "\n".join(str(p) for p in exc.problems)
                else:
                    save = out.with_suffix(".json")
                    save_game(state, save)
                    load_game(save)
            return Outcome(status, f"{said}\n{err.getvalue()}".strip())
    return Outcome(status, err.getvalue())


class Reads:
    """The files opened while watching (``sys.addaudithook``: every ``open``), each with whether
    the map image reader opened it (only a picture's header, shown and never saved)."""

    _current: Reads | None = None
    _hooked = False

    def __init__(self) -> None:
        self.opened: list[tuple[str, bool]] = []

    @classmethod
    def _hook(cls, event: str, args: tuple) -> None:
        watching = cls._current
        if watching is None or event != "open":
            return
        name = args[0]
        if isinstance(name, int):
            return
        name = os.fsdecode(name) if isinstance(name, bytes) else str(name)
        frame = sys._getframe(1)
        image = False
        while frame is not None:
            if frame.f_code.co_name == "image_info" and "mapimage" in frame.f_code.co_filename:
                image = True
                break
            frame = frame.f_back
        watching.opened.append((name, image))

    @contextlib.contextmanager
    def watching(self) -> Iterator[Reads]:
        if not Reads._hooked:
            sys.addaudithook(Reads._hook)
            Reads._hooked = True
        Reads._current = self
        try:
            yield self
        finally:
            Reads._current = None


def allowed_folders() -> list[Path]:
    """Where a run may read besides the damaged file's own folder: the shipped data, the
    program and the libraries it runs on, and the private folder of tables saves carry."""
    import tempfile

    import hexcombat
    from hexcombat.paths import data_root

    roots = [Path(hexcombat.__file__).parent, data_root() / "maps", data_root() / "counters"]
    roots += [Path(p) for p in {sys.prefix, sys.base_prefix, sys.exec_prefix}]
    roots += [Path(tempfile.gettempdir()) / "hexcombat-tables-"]
    return roots


def outside(reads: Reads, folder: Path, out: Path) -> tuple[list[str], list[str]]:
    """The files opened outside ``folder`` (the damaged file's own), the output and the
    allowed folders: read to be kept, and read by the image reader for a picture's header."""
    roots = [folder.resolve(), out.parent.resolve()]
    allowed = allowed_folders()
    kept, headers = [], []
    for name, image in reads.opened:
        try:
            real = Path(name).resolve()
        except (OSError, ValueError, RuntimeError):
            real = Path(name)
        text = str(real)
        if any(real.is_relative_to(r) for r in roots) or any(
            text.startswith(str(r)) for r in allowed
        ):
            continue
        (headers if image else kept).append(name)
    return kept, headers
