"""``hexcombat --smoke`` from a source checkout, and how it fails: a non-zero exit and a message
that says what is missing or broken."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from installer_helpers import (
    INSTALLER,
    REPO,
    SMOKE_DRM_LINE,
    TUTORIAL,
    clean_env,
    run,
    smoke_tutorials_line,
)

from meaning import says_in

# Runs the smoke check with hexcombat.paths.data_root() pointing at the folder given.
WITH_DATA_ROOT = (
    "import pathlib, sys; import hexcombat.paths as p; "
    "p.data_root = lambda: pathlib.Path(sys.argv[1]); "
    "from hexcombat.cli import main; sys.exit(main(['--smoke']))"
)

pytestmark = pytest.mark.slow  # each test runs hexcombat --smoke as a separate process


def test_smoke_passes_in_a_source_checkout(tmp_path: Path) -> None:
    env = clean_env(tmp_path)
    done = run([sys.executable, "-m", "hexcombat", "--smoke"], env=env, cwd=tmp_path)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    assert done.stdout.splitlines()[-1] == SMOKE_DRM_LINE
    assert "propagateSizeHints" not in done.stderr  # Qt's offscreen chatter is not for players
    assert f"under {REPO}" in done.stdout.splitlines()[0]
    assert smoke_tutorials_line() in done.stdout.splitlines()
    assert smoke_tutorials_line() != "hexcombat smoke: 1 tutorials open and their attacks evaluate"
    assert list((tmp_path / "config").iterdir()) == []


def test_smoke_takes_no_file(tmp_path: Path) -> None:
    done = run([sys.executable, "-m", "hexcombat", "--smoke", "x.toml"], env=clean_env(tmp_path))
    assert done.returncode == 2
    assert says_in(done.stderr, names=["--smoke", "built-in tutorial", "no file"])


def test_smoke_fails_when_the_data_is_missing(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    done = run([sys.executable, "-c", WITH_DATA_ROOT, empty], env=clean_env(tmp_path))
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.startswith("hexcombat smoke: FAILED: ") and done.stderr.count("\n") == 1
    assert says_in(done.stderr, names=["no maps and scenarios", f"data folder {empty}"])


def test_smoke_fails_when_the_tutorial_cannot_be_opened(tmp_path: Path) -> None:
    root = tmp_path / "data"
    shutil.copytree(REPO / "maps", root / "maps")
    shutil.copytree(REPO / "counters", root / "counters")
    shutil.copytree(REPO / "rulesets", root / "rulesets")
    shutil.copytree(INSTALLER / "icons", root / "icons")
    tutorial = root / "maps" / TUTORIAL
    text = tutorial.read_text(encoding="utf-8")
    tutorial.write_text(text.replace('map = "tutorial-14d2d"', 'map = "no-such-map"'))
    done = run([sys.executable, "-c", WITH_DATA_ROOT, root], env=clean_env(tmp_path), cwd=root)
    assert done.returncode == 1, done.stdout
    assert "14D2d tutorial DRM" not in done.stdout
    assert says_in(done.stderr, names=["hexcombat smoke: FAILED", "could not open the tutorial"])
    assert "no-such-map" in done.stderr


def test_smoke_fails_when_another_tutorial_is_broken(tmp_path: Path) -> None:
    root = tmp_path / "data"
    shutil.copytree(REPO / "maps", root / "maps")
    shutil.copytree(REPO / "counters", root / "counters")
    shutil.copytree(REPO / "rulesets", root / "rulesets")
    shutil.copytree(INSTALLER / "icons", root / "icons")
    tutorial = root / "maps" / "tutorial-14a3-lra-scenario.toml"
    text = tutorial.read_text(encoding="utf-8")
    tutorial.write_text(text.replace('counter = "ge-lr-art-iii"', 'counter = "no-such-unit"'))
    done = run([sys.executable, "-c", WITH_DATA_ROOT, root], env=clean_env(tmp_path), cwd=root)
    assert done.returncode == 1, done.stdout
    assert "tutorials open" not in done.stdout
    assert says_in(
        done.stderr, names=["FAILED", "tutorial-14a3-lra-scenario.toml", "does not work"]
    )
    assert "no-such-unit" in done.stderr


def test_smoke_fails_without_the_application_icon(tmp_path: Path) -> None:
    root = tmp_path / "data"
    shutil.copytree(REPO / "maps", root / "maps")
    shutil.copytree(REPO / "counters", root / "counters")
    shutil.copytree(REPO / "rulesets", root / "rulesets")
    (root / "icons").mkdir()
    done = run([sys.executable, "-c", WITH_DATA_ROOT, root], env=clean_env(tmp_path))
    assert done.returncode == 1, done.stdout
    assert says_in(
        done.stderr, names=["FAILED", "application icon", f"missing from {root / 'icons'}"]
    )
