"""How long a unit's name may be, for ground and air units alike (their parsers are apart)."""

from __future__ import annotations

MAX_NAME = 80
"""The longest name a unit may have: a counter prints a few letters (``Hv Mot AA II``); a name
of 200,000 letters from a shared file held the desktop for seconds while it was laid out."""


def long_name(name: str, where: str) -> str | None:
    """The refusal of a name longer than :data:`MAX_NAME`, quoting only its start; None when it
    is short enough."""
    if len(name) <= MAX_NAME:
        return None
    return (
        f"{where}: name {name[:20]!r}... is {len(name)} characters long; "
        f"a unit's name is at most {MAX_NAME} characters"
    )
