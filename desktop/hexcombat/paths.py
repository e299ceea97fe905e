"""Where hexcombat's shipped data lives (maps, counter sets, charts, the application icon).

One function decides, so a source checkout, an installed wheel and a frozen build all find the
same files.
"""

from __future__ import annotations

import sys
from pathlib import Path


def data_root() -> Path:
    """The folder holding ``maps/`` and ``counters/``.

    A frozen build (PyInstaller) unpacks data beside the executable's ``_MEIPASS``; an installed
    wheel carries it inside the package as ``hexcombat/data`` (``pyproject.toml`` maps the
    repository's folders there); a source checkout keeps it at the repository root, two levels
    above this package.
    """
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    packaged = Path(__file__).resolve().parent / "data"
    if (packaged / "maps").is_dir():
        return packaged
    return Path(__file__).resolve().parents[2]


def charts_dir() -> Path:
    """The rulesets' charts (``europa/crt_generic.toml``, ``total_war/*.toml``, ...): package
    data beside each ruleset's code in all three layouts (``hexcombat/rulesets`` in a checkout
    and a wheel, ``_internal/hexcombat/rulesets`` in a frozen build)."""
    return Path(__file__).resolve().parent / "rulesets"


def maps_dir() -> Path:
    """The shipped map and scenario files."""
    return data_root() / "maps"


def is_shipped_map(path: Path) -> bool:
    """Whether ``path`` is one of the maps shipped with hexcombat (saved under a new name,
    never over the program's own file)."""
    try:
        return path.resolve().is_relative_to(maps_dir().resolve())
    except (OSError, ValueError, RuntimeError):
        return False


def counters_dir() -> Path:
    """The shipped counter sets (unit identification charts)."""
    return data_root() / "counters"


def rulesets_dir() -> Path:
    """The shipped example games written as ruleset files: one folder per game, each with its
    ruleset file, counter set, map and tutorial scenario (docs/ruleset-file.md)."""
    return data_root() / "rulesets"


def icons_dir() -> Path:
    """hexcombat's application icon (SVG and PNG sizes): ``icons/`` beside ``maps/`` in a wheel
    or a frozen build, ``installer/icons/`` in a source checkout."""
    root = data_root()
    packaged = root / "icons"
    return packaged if packaged.is_dir() else root / "installer" / "icons"


def player_data_dir() -> Path:
    """The player's own data folder: files a scenario or map from someone else may name besides
    those beside it (``HEXCOMBAT_DATA_DIR`` when set; else ``%APPDATA%\\hexcombat`` on Windows,
    ``~/Library/Application Support/hexcombat`` on macOS, ``$XDG_DATA_HOME/hexcombat`` or
    ``~/.local/share/hexcombat`` elsewhere). hexcombat never creates or fills it."""
    import os

    chosen = os.environ.get("HEXCOMBAT_DATA_DIR")
    if chosen:
        return Path(chosen)
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "hexcombat"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "hexcombat"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "hexcombat"
