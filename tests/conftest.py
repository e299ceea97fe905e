"""Shared test set-up: Qt runs offscreen unless a display is asked for; the rules tests' shared
helpers are importable.

The helpers every ruleset's tests share (``dice_paths``, the conformance suite's) and each
ruleset's hypothesis strategies (``tw_strategies``, ``ar_strategies``), which the conformance
suite reuses, live in their test folders (every folder of tests/rules: a new ruleset's tests
need no edit here); they go on the path here, not in a conftest of their own: with
``--doctest-modules`` two conftest modules of one name clash when collected together.
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Nothing a test does may reach the tester's own settings, caches or data: every test process
# (pytest-xdist runs one per core) starts with folders of its own, before Qt reads them, and
# :func:`own_settings_folders` gives each test fresh ones.
_PROCESS_HOME = Path(tempfile.mkdtemp(prefix="hexcombat-tests-"))
for _var in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
    os.environ[_var] = str(_PROCESS_HOME / _var.lower())

RULES_TESTS = Path(__file__).resolve().parent / "rules"
for _folder in sorted(p for p in RULES_TESTS.iterdir() if p.is_dir() and p.name != "__pycache__"):
    if str(_folder) not in sys.path:  # each ruleset's test folder, and the conformance suite's
        sys.path.insert(0, str(_folder))

from hexcombat.game.opening import default_ruleset, default_tutorial, open_game  # noqa: E402
from hexcombat.game.state import GameState  # noqa: E402
from hexcombat.rules.registry import get_ruleset  # noqa: E402  (after the platform is chosen)


@pytest.fixture(autouse=True)
def own_settings_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each test its own settings, cache and data folders (Qt's ``QSettings`` and
    ``QStandardPaths`` read them), so no test sees another's remembered choices or cached
    images, whatever the order or the process it runs in."""
    home = tmp_path_factory.mktemp("home")
    for var in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
        monkeypatch.setenv(var, str(home / var.lower()))
    if "PySide6.QtCore" in sys.modules:  # only a test that uses Qt can have settings to keep
        from PySide6.QtCore import QSettings

        for form in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
            QSettings.setPath(form, QSettings.Scope.UserScope, str(home / "xdg_config_home"))


@pytest.fixture
def zoc_free(monkeypatch: pytest.MonkeyPatch) -> None:
    """The built-in tutorial's ruleset played with enemy zones of control that do not block
    retreats (the shipped, assumed rules block them, and would leave the 14D2d tutorial's
    defender no retreat at all)."""
    rules = get_ruleset(default_ruleset())
    monkeypatch.setattr(rules, "retreat", replace(rules.retreat, enemy_zoc_blocks=False))


@pytest.fixture
def state() -> GameState:
    """A fresh game on the built-in 14D2d tutorial, the game most game-layer tests play (test
    files laying out their own override this fixture)."""
    return open_game(default_tutorial())
