"""Installer test fixtures: one PyInstaller build and one wheel per test session."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from installer_helpers import INSTALLER, PICTURE_IN_A_RULESET_FOLDER, REPO, Build, run


@pytest.fixture(scope="session")
def frozen(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """hexcombat built by ``installer/build.py`` with this test run's Python (which installs
    PyInstaller into it first when it is missing)."""
    tmp = tmp_path_factory.mktemp("installer")
    done = run(
        [
            sys.executable,
            INSTALLER / "build.py",
            "--python",
            sys.executable,
            "--dist",
            tmp / "dist",
            "--work",
            tmp / "work",
        ],
        timeout=900,
    )
    assert done.returncode == 0, f"build.py failed:\n{done.stdout}\n{done.stderr}"
    return Build(tmp / "dist", done.stdout)


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built with pip from a copy of the project's files (a copy, so no build leftovers
    in the working tree end up in it, and none are left behind)."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"
    ignore = shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"
    )
    shutil.copytree(REPO, source, ignore=ignore)
    # a file of a kind no shipped ruleset folder has yet: a ruleset folder ships whatever it holds
    (source / PICTURE_IN_A_RULESET_FOLDER).write_bytes(b"\x89PNG\r\n\x1a\n")
    out = tmp / "out"
    done = run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", out, source],
        timeout=600,
    )
    assert done.returncode == 0, f"pip wheel failed:\n{done.stdout}\n{done.stderr}"
    (built,) = out.glob("hexcombat-*.whl")
    return built
