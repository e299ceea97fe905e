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
    """The rules' charts (``crt_generic.toml``, ``total_war/*.toml``, ...): package data beside
    the rules code in all three layouts (``hexcombat/rules`` in a checkout and a wheel,
    ``_internal/hexcombat/rules`` in a frozen build)."""
    return Path(__file__).resolve().parent / "rules"


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


def icons_dir() -> Path:
    """hexcombat's application icon (SVG and PNG sizes): ``icons/`` beside ``maps/`` in a wheel
    or a frozen build, ``installer/icons/`` in a source checkout."""
    root = data_root()
    packaged = root / "icons"
    return packaged if packaged.is_dir() else root / "installer" / "icons"
