"""A game on a map with a scanned image: the save finds the image again from anywhere, and
``hexcombat import`` turns Tiled and VASSAL files into maps without the GUI."""

from __future__ import annotations

import shutil
import subprocess

from hexcombat.game.opening import open_game
from hexcombat.game.saves import load_game, save_game
from hexcombat_cli import hexcombat

FLAT = """\
name = "Scan"

[layout]
orientation = "flat"
offset = "odd"
label = "{col:02d}{row:02d}"
first = "0101"
columns = 3
rows = 2

[legend]
c = "clear"

[terrain]
rows = ["ccc", "ccc"]

[image]
file = "scan.png"
origin = [40, 35]
hex_width = 60
hex_height = 52
"""


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return hexcombat(*args)


def test_a_save_finds_the_map_image_where_the_map_had_it(tmp_path) -> None:
    maps, saves = tmp_path / "maps", tmp_path / "saves"
    maps.mkdir()
    saves.mkdir()
    (maps / "scan.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (maps / "scan.toml").write_text(FLAT)
    state = open_game(maps / "scan.toml")
    save_game(state, saves / "game.json")
    again = load_game(saves / "game.json")
    assert again.hexmap.image is not None
    assert again.hexmap.image.path == (maps / "scan.png").resolve()
    assert again.hexmap.image.hex_width == 60


def test_a_save_whose_image_moved_looks_beside_the_save_and_still_opens(tmp_path) -> None:
    (tmp_path / "scan.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (tmp_path / "scan.toml").write_text(FLAT)
    save_game(open_game(tmp_path / "scan.toml"), tmp_path / "game.json")
    elsewhere = tmp_path / "moved"
    elsewhere.mkdir()
    shutil.move(tmp_path / "game.json", elsewhere / "game.json")
    (tmp_path / "scan.png").unlink()
    state = load_game(elsewhere / "game.json")
    assert state.hexmap.image is not None
    assert state.hexmap.image.path == elsewhere / "scan.png"  # not there: the window says so


TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down"
 width="3" height="2" tilewidth="55" tileheight="64" infinite="0" hexsidelength="32"
 staggeraxis="y" staggerindex="odd" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="land" tilewidth="55" tileheight="64" tilecount="2" columns="2">
  <image source="land.png" width="110" height="64"/>
  <tile id="0" type="clear"/><tile id="1" type="woods"/>
 </tileset>
 <layer id="1" name="terrain" width="3" height="2"><data encoding="csv">1,2,1,2,2,1</data></layer>
</map>
"""


def test_import_a_tmx_from_the_command_line(tmp_path) -> None:
    source = tmp_path / "small.tmx"
    source.write_text(TMX)
    done = run("import", str(source), "-o", str(tmp_path / "m.toml"))
    assert done.returncode == 0, done.stderr
    assert "wrote" in done.stdout and "3 x 2 hexes" in done.stdout
    checked = run("check", str(tmp_path / "m.toml"))
    assert checked.returncode == 0, checked.stdout


def test_import_says_why_a_file_is_refused_without_a_traceback(tmp_path) -> None:
    source = tmp_path / "broken.vmod"
    source.write_bytes(b"PK\x03\x04 not really a zip")
    done = run("import", str(source), "-o", str(tmp_path / "m.toml"))
    assert done.returncode == 1
    assert done.stderr.startswith(f"hexcombat import: {source}")
    assert "Traceback" not in done.stderr
    other = run("import", str(tmp_path / "x.txt"), "-o", str(tmp_path / "m.toml"))
    assert other.returncode == 1 and ".tmx" in other.stderr


def test_import_never_writes_over_the_file_it_imports(tmp_path) -> None:
    """``-o`` naming the Tiled map itself (a slip of the shell's completion) is refused: the
    player's .tmx was replaced by the TOML map."""
    source = tmp_path / "small.tmx"
    source.write_text(TMX)
    for output in (source, tmp_path / "." / "small.tmx"):
        done = run("import", str(source), "-o", str(output))
        assert done.returncode == 1 and "the file imported" in done.stderr, done.stderr
        assert str(source) in done.stderr and "Traceback" not in done.stderr
        assert source.read_text() == TMX


def test_import_at_the_command_line_converts_a_gif_board(tmp_path) -> None:
    import zipfile

    from imagefiles import gif

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
    done = run("import", str(source), "-o", str(tmp_path / "m.toml"))
    assert done.returncode == 0, done.stderr
    assert "converted to m-main.png, 500 x 400 pixels" in done.stdout
    assert (tmp_path / "m-main.png").read_bytes().startswith(b"\x89PNG")
    checked = run("check", str(tmp_path / "m.toml"))
    assert checked.returncode == 0, checked.stdout
