"""The game hexcombat starts with when it is given none: the built-in tutorial, and its ruleset
for whatever names none of its own (a bare map laid out, a new calculator combat).

No ruleset is named here: the tutorial's scenario file names it, as every scenario does.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from hexcombat.paths import maps_dir
from hexcombat.rules.registry import ruleset_ids
from hexcombat.sourcefile import SourceError, load_shared

TUTORIAL = "tutorial-14d2d-scenario.toml"
"""The scenario ``hexcombat`` opens with no file: the 14D2d worked example, ready to attack."""


def default_tutorial() -> Path:
    """The built-in tutorial scenario."""
    return maps_dir() / TUTORIAL


@cache
def _tutorial_ruleset() -> str | None:
    try:
        named = load_shared(default_tutorial()).data.get("ruleset")
    except SourceError:
        return None
    return named if isinstance(named, str) else None


def default_ruleset() -> str:
    """The ruleset of a game that names none: the built-in tutorial's (else, when that file is
    unreadable or its ruleset unknown, the first ruleset found)."""
    named = _tutorial_ruleset()
    known = ruleset_ids()
    if named in known:
        return named  # type: ignore[return-value]
    return known[0]
