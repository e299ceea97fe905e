"""The maps we ship load, pass `hexcombat check`, and are what their tutorials say they are."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hexcombat.board.graph import BoardGraph
from hexcombat.board.mapfile import is_map_source, load_map, shipped_maps
from hexcombat.sourcefile import TomlSource
from hexcombat_cli import hexcombat
from meaning import each_says

REPO = Path(__file__).resolve().parents[2]
"""The repository root, for the shipped files under test."""

REPO_MAPS = REPO / "maps"

MAP_FILES = sorted(p for p in REPO_MAPS.glob("*.toml") if is_map_source(TomlSource.load(p)))
TUTORIALS = [
    "tutorial-14d2d",
    "tutorial-10d-river",
    "tutorial-10d-forest-river",
    "tutorial-14a3-lra",
]


def test_the_expected_maps_are_shipped() -> None:
    names = {p.stem for p in MAP_FILES}
    assert set(TUTORIALS) | {"sample"} <= names
    assert set(TUTORIALS) | {"sample"} <= set(shipped_maps())


@pytest.mark.parametrize("path", MAP_FILES, ids=lambda p: p.stem)
def test_every_shipped_map_loads_and_builds_its_graph(path: Path) -> None:
    hexmap = load_map(path)
    assert len(hexmap) == hexmap.columns * hexmap.rows
    graph = BoardGraph(hexmap)
    assert graph.graph.number_of_nodes() == len(hexmap)


@pytest.mark.parametrize("name", TUTORIALS)
def test_tutorial_maps_are_small_flat_odd_q_maps_labelled_from_0101(name: str) -> None:
    hexmap = load_map(REPO_MAPS / f"{name}.toml")
    assert 8 <= hexmap.columns <= 10 and 6 <= hexmap.rows <= 8
    scheme = hexmap.scheme
    assert (scheme.orientation, scheme.parity) == ("flat", "odd")
    assert (scheme.label_format, scheme.first) == ("{col:02d}{row:02d}", "0101")
    assert TomlSource.load(REPO_MAPS / f"{name}.toml").path.read_text().startswith("# Tutorial")


def test_sample_map_has_every_kind_of_terrain_and_both_rivers() -> None:
    hexmap = load_map(REPO_MAPS / "sample.toml")
    assert 1000 <= len(hexmap) <= 1500
    kinds = set(hexmap.terrain.values())
    assert kinds >= {
        "clear",
        "woods",
        "forest",
        "rough",
        "mountain",
        "swamp",
        "city",
        "major-city",
        "fortification",
        "sea",
    }
    features = set().union(*hexmap.hexside_features.values())
    assert features == {"minor-river", "major-river"}
    assert hexmap.places


def run_check(*files: str | Path) -> subprocess.CompletedProcess[str]:
    return hexcombat("check", *files)


def test_hexcombat_check_passes_the_shipped_maps() -> None:
    run = run_check(*MAP_FILES)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip() == f"{len(MAP_FILES)} file(s) checked, no problems"


def test_hexcombat_check_prints_file_line_message_and_fails_on_a_bad_map(
    tmp_path: Path,
) -> None:
    text = (REPO_MAPS / "tutorial-14d2d.toml").read_text(encoding="utf-8")
    bad = tmp_path / "bad-map.toml"
    # Row 04 loses a hex and gains an unknown letter: two problems on one line.
    bad.write_text(text.replace('"ccccwccc",', '"cccqwcc",'), encoding="utf-8")
    line = 1 + text.splitlines().index('  "ccccwccc",  # row 04: 0504 the defended woods')
    run = run_check(REPO_MAPS / "tutorial-14d2d.toml", bad)
    assert run.returncode == 1
    assert each_says(
        run.stdout.splitlines(),
        dict(at=(str(bad), line), figures=["4", "7", "8"], names=["layout.columns"]),
        dict(at=(str(bad), line), figures=["4", "4", "0404"], names=["'q'", "unknown"]),
    )


def test_sample_map_is_exactly_what_its_generator_writes() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "make_big_map", REPO / "bench" / "make_big_map.py"
    )
    assert spec is not None and spec.loader is not None
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    text = generator.generate(columns=40, rows=30, seed=7, name="Sample front")
    assert text == (REPO_MAPS / "sample.toml").read_text(encoding="utf-8")
