"""A ruleset folder copied where the registry looks, or a ruleset installed as a plug-in, for the
tests that show a game is added by adding its folder (or its package) and nothing else.

:data:`ODDS_D6` is a ruleset folder kept in the tests (tests/rulesets/odds_d6: a classic odds
game on one d6 with its own references, chart, counter set and tutorial)."""

from __future__ import annotations

import importlib
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hexcombat.rules.registry import RULESETS_PACKAGE, rescan

KEPT_FOLDERS = Path(__file__).resolve().parent / "rulesets"
"""Where the ruleset folders kept in the tests are: the conformance suite copies each where the
registry finds it and checks it as every other ruleset."""

ODDS_D6 = KEPT_FOLDERS / "odds_d6"
"""The odds-d6 test ruleset's folder."""


def copy_folder(folder: Path, into: Path, name: str | None = None) -> Path:
    """``folder`` copied into ``into`` (as ``name``), without its bytecode."""
    copy = into / (name or folder.name)
    shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def _forget(prefix: str) -> None:
    for module in [m for m in sys.modules if m == prefix or m.startswith(f"{prefix}.")]:
        del sys.modules[module]


@contextmanager
def rulesets_path(path: Path) -> Iterator[None]:
    """The rulesets package looks in ``path`` too while the block runs, as if its folders had
    been copied into the checkout's rulesets package: the registry finds them by its own folder
    discovery. Afterwards the rulesets found are those of the checkout again."""
    package = importlib.import_module(RULESETS_PACKAGE)
    before = {p.name for p in path.iterdir()} if path.is_dir() else set()
    package.__path__.append(str(path))
    try:
        rescan()
        yield
    finally:
        package.__path__.remove(str(path))
        for name in before | {p.name for p in path.iterdir()}:
            _forget(f"{RULESETS_PACKAGE}.{name}")
        rescan()


def write_distribution(site: Path, name: str, entry_points: str) -> None:
    """An installed distribution ``name`` in ``site`` (its ``.dist-info`` with ``METADATA`` and
    ``entry_points.txt``), as pip leaves one."""
    info = site / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")


@contextmanager
def installed(site: Path, *modules: str) -> Iterator[None]:
    """The distributions and modules in ``site`` installed while the block runs (``site`` on
    the import path, as a virtual environment's site-packages is), then gone again."""
    sys.path.insert(0, str(site))
    importlib.invalidate_caches()
    try:
        rescan()
        yield
    finally:
        sys.path.remove(str(site))
        for module in modules:
            _forget(module)
        importlib.invalidate_caches()
        rescan()
