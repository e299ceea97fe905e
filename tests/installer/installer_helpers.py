"""Installer test helpers: the shipped data files a build must carry, a clean environment for
running what was built (no virtual environment, no PYTHONPATH, no Qt platform, HOME and XDG
folders in a temporary folder), and ``installer/build.py`` loaded as a module."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import tomllib
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]
INSTALLER = REPO / "installer"
PACKAGE = REPO / "desktop" / "hexcombat"
TUTORIAL = "tutorial-14d2d-scenario.toml"
SMOKE_DRM_LINE = "hexcombat smoke: 14D2d tutorial DRM +1"
"""What ``hexcombat --smoke`` prints: the rules text of 14D2d nets +1 for the tutorial attack."""


def smoke_tutorials_line() -> str:
    """What ``hexcombat --smoke`` prints once it has opened and evaluated every tutorial: each
    shipped scenario with walkthrough steps, those of the example games written as ruleset
    files (``rulesets/<game>/``) among them."""
    scenarios = [
        *(REPO / "maps").glob("*-scenario.toml"),
        *(REPO / "rulesets").glob("*/*-scenario.toml"),
    ]
    count = sum(
        1
        for path in scenarios
        if tomllib.loads(path.read_text(encoding="utf-8")).get("tutorial", {}).get("steps")
    )
    return f"hexcombat smoke: {count} tutorials open and their attacks evaluate"


PICTURE_IN_A_RULESET_FOLDER = "desktop/hexcombat/rulesets/total_war/a-picture-the-ruleset-shows.png"
"""Put into the copy the wheel is built from (conftest's ``wheel``): a file of a kind no shipped
ruleset folder has yet, which the wheel must carry all the same."""


def _files(folder: Path, pattern: str = "**/*") -> list[Path]:
    return sorted(
        p
        for p in folder.glob(pattern)
        if p.is_file()
        and "__pycache__" not in p.parts
        and not any(part.startswith(".") for part in p.relative_to(folder).parts)
    )


def _code(folder: Path) -> list[Path]:
    return [p for p in _files(folder) if p.suffix in (".py", ".pyc", ".pyo")]


def shipped_data() -> dict[str, list[Path]]:
    """Every data file the repository ships, by where a wheel or a frozen build keeps it:
    maps, counter sets and the example games by their path under ``maps/``, ``counters/`` or
    ``rulesets/``; the charts (every TOML file of the package, and every file but code of a ruleset
    folder, whatever its kind) by their path in the package (``hexcombat/rulesets/...``)."""
    return {
        "maps": _files(REPO / "maps"),
        "counters": _files(REPO / "counters"),
        "rulesets": _files(REPO / "rulesets"),
        "charts": sorted(
            {*_files(PACKAGE, "**/*.toml"), *_files(PACKAGE / "rulesets")} - set(_code(PACKAGE))
        ),
    }


def icon_files() -> list[Path]:
    """The icon files an installation uses: the SVG and every PNG size."""
    return [INSTALLER / "icons" / "hexcombat.svg", *_files(INSTALLER / "icons", "hexcombat-*.png")]


def clean_env(tmp: Path, **extra: str) -> dict[str, str]:
    """The environment of a player's shell: the system PATH only, no Python settings, no Qt
    platform chosen, HOME and the XDG folders in ``tmp``."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTHON", "QT_", "VIRTUAL_ENV", "XDG_")) and k != "PATH"
    }
    env["PATH"] = "/usr/local/bin:/usr/bin:/bin"
    env["HOME"] = str(tmp / "home")
    env["XDG_CONFIG_HOME"] = str(tmp / "config")
    env["XDG_DATA_HOME"] = str(tmp / "data")
    for folder in ("home", "config", "data"):
        (tmp / folder).mkdir(parents=True, exist_ok=True)
    env.update(extra)
    return env


def run(command: list[str | Path], **kwargs: object) -> subprocess.CompletedProcess[str]:
    """Run ``command``, capturing its output as text; the caller checks the return code."""
    kwargs.setdefault("timeout", 300)
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [str(c) for c in command], capture_output=True, text=True, check=False, **kwargs
    )


class Build:
    """The outcome of ``installer/build.py``: where it wrote, and what it printed."""

    def __init__(self, dist: Path, output: str) -> None:
        self.dist = dist
        self.output = output
        self.bundle = dist / "hexcombat"
        self.program = self.bundle / "hexcombat"
        self.internal = self.bundle / "_internal"


def load_script(name: str) -> ModuleType:
    """A script of ``installer/`` as a module, under a name of its own (``build`` is also the name
    of a PyPA tool)."""
    path = INSTALLER / name
    spec = importlib.util.spec_from_file_location(f"hexcombat_installer_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
