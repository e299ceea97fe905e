"""Which files a file from someone else may name: a received scenario's ``map``, ``crt`` and
``counters``, a Tiled map's tilesets and templates.

What such a file names is read, and a scenario's map and table go into the player's next save,
which in play by email goes back to the sender. So a named file must be one the sender could
have sent along: a shipped map, counter set or chart; a file in the naming file's own folder
or below it (a symbolic link that leads out of it does not count); or a file in the player's own
data folder (:func:`hexcombat.paths.player_data_dir`). Anything else is refused before it is
opened, and the refusal says how to allow it without repeating anything of the refused file.
"""

from __future__ import annotations

from pathlib import Path

from hexcombat.paths import charts_dir, counters_dir, maps_dir, player_data_dir


class OutsideFolder(ValueError):
    """A named file outside what the naming file may reach; the message says how to allow it."""


def _real(path: Path) -> Path | None:
    """``path`` with every symbolic link followed, or None when it cannot be worked out."""
    try:
        return path.resolve()
    except (OSError, ValueError, RuntimeError):
        return None


def _within(path: Path, folder: Path) -> bool:
    real = _real(folder)
    return real is not None and path.is_relative_to(real)


def allowed_roots(folder: Path) -> list[Path]:
    """The folders a file in ``folder`` may name files in, the folder itself first."""
    return [folder, maps_dir(), counters_dir(), charts_dir(), player_data_dir()]


def confined(folder: Path, name: str, what: str = "file") -> Path:
    """The file ``name`` (relative to ``folder``, or absolute) names, when a file in ``folder``
    may name it; else :class:`OutsideFolder`. The file need not exist (a missing file is the
    caller's own message)."""
    try:
        named = folder / name
    except (TypeError, ValueError):
        raise OutsideFolder(f"{what} {name!r} is not a file name") from None
    real = _real(named)
    if real is None or "\x00" in name:
        raise OutsideFolder(f"{what} {name!r} is not a file name")
    if any(_within(real, root) for root in allowed_roots(folder)):
        return real
    raise OutsideFolder(
        f"{what} {name!r} is outside the file's own folder: a file may name only files in its "
        "folder or below it, shipped maps and counter sets, and files in your own data folder "
        f"({player_data_dir()}); to use it, copy the {what} beside the file that names it and "
        "name it there"
    )
