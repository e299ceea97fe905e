"""The wheel: built from the project it carries the package, every map, counter set and chart,
and the application icon, as ``hexcombat/data/...``; installed into a fresh virtual environment
(dependencies from the package index) it finds its data inside the installed package, explains
the 14D2d tutorial to +1, and passes its smoke check."""

from __future__ import annotations

import json
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest
from installer_helpers import (
    PACKAGE,
    PICTURE_IN_A_RULESET_FOLDER,
    REPO,
    SMOKE_DRM_LINE,
    TUTORIAL,
    clean_env,
    icon_files,
    run,
    shipped_data,
)

from hexcombat import __version__

wheel_test = pytest.mark.packaging
"""A test of the wheel installed into a fresh virtual environment (left out of make test-fast;
make test runs a file's tests in one process, so the wheel is built once)."""


def test_every_package_under_desktop_is_found_with_no_list_to_edit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from setuptools._distutils.core import run_setup

    setuptools = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    # pyproject.toml lists no package: setup.py finds them (a new ruleset folder needs no edit)
    assert "packages" not in setuptools
    monkeypatch.chdir(REPO)
    found = run_setup(str(REPO / "setup.py"), stop_after="init").packages
    packages = sorted(
        ".".join(init.parent.relative_to(PACKAGE.parent).parts)
        for init in PACKAGE.rglob("__init__.py")
    )
    data = [
        "hexcombat.data.maps",
        "hexcombat.data.counters",
        "hexcombat.data.rulesets",
        "hexcombat.data.icons",
    ]
    assert sorted(found) == sorted(packages + data)


@wheel_test
def test_a_ruleset_folder_ships_files_of_any_kind(wheel: Path) -> None:
    """A ruleset folder's picture (or any file that is not code) goes into the wheel with no
    list edited; its compiled leftovers do not."""
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    assert PICTURE_IN_A_RULESET_FOLDER.removeprefix("desktop/") in names
    assert not [n for n in names if n.endswith(".pyc") or "__pycache__" in n]


@wheel_test
def test_the_wheel_carries_the_package_and_every_data_file(wheel: Path) -> None:
    assert wheel.name == f"hexcombat-{__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        data = shipped_data()
        expected = {
            **{f"hexcombat/data/{p.relative_to(REPO).as_posix()}": p for p in data["maps"]},
            **{f"hexcombat/data/{p.relative_to(REPO).as_posix()}": p for p in data["counters"]},
            **{f"hexcombat/data/{p.relative_to(REPO).as_posix()}": p for p in data["rulesets"]},
            **{p.relative_to(PACKAGE.parent).as_posix(): p for p in data["charts"]},
            **{f"hexcombat/data/icons/{p.name}": p for p in icon_files()},
        }
        assert any(n.startswith("hexcombat/data/maps/") and n.endswith(".toml") for n in expected)
        assert any(n.startswith("hexcombat/data/counters/") for n in expected)
        assert any(n.startswith("hexcombat/data/rulesets/") for n in expected)
        for name, source in expected.items():
            assert name in names, f"{name} is not in the wheel"
            assert zf.read(name) == source.read_bytes(), f"{name} differs from {source}"
    modules = {
        p.relative_to(PACKAGE.parent).as_posix()
        for p in PACKAGE.rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert modules - names == set(), "modules missing from the wheel"
    outside = ("tests/", "installer/", "maps/", "counters/", "rulesets/")
    assert not [n for n in names if n.startswith(outside)]


@wheel_test
def test_the_installed_wheel_finds_its_data_and_explains_the_tutorial(
    wheel: Path, tmp_path: Path
) -> None:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    env = clean_env(tmp_path)
    done = run([python, "-m", "pip", "install", "--quiet", wheel], env=env, timeout=600)
    assert done.returncode == 0, f"pip install failed:\n{done.stdout}\n{done.stderr}"

    # Run outside the repository, so nothing but the installed package can be found.
    where = run(
        [python, "-c", "import hexcombat.paths as p; print(p.data_root()); print(p.icons_dir())"],
        env=env,
        cwd=tmp_path,
    )
    assert where.returncode == 0, where.stderr
    data_root, icons = (Path(line) for line in where.stdout.splitlines())
    (site,) = (env_dir / "lib").glob("python3.*/site-packages")
    assert data_root == site / "hexcombat" / "data"
    assert icons == data_root / "icons"

    program = env_dir / "bin" / "hexcombat"
    done = run([program, "explain", data_root / "maps" / TUTORIAL, "--json"], env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["drm"] == 1

    done = run([program, "--smoke"], env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    assert SMOKE_DRM_LINE in done.stdout.splitlines()
    assert f"under {data_root}" in done.stdout
