"""Rulesets written as files, played like the built-in ones (docs/ruleset-file.md): the copy of
its ruleset file a saved game carries.

A save carries the whole text of the ruleset file it was played with, so it reopens with the
same rules even when the player's file was edited or removed since; it never reads a file it only
names. When the player's copy now differs, the reopened game says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hexcombat.rules.errors import RulesError
from hexcombat.rules.registry import (
    builtin_ruleset_ids,
    get_ruleset,
    play_ruleset,
    ruleset_from_text,
)
from hexcombat.sourcefile import Problem, SourceError, is_file, read_capped

MOST_BYTES = 256 * 1024
"""A ruleset file is at most 256 kB (docs/ruleset-file.md, Sizes)."""

_texts: dict[str, str] = {}
"""Each ruleset file's text as it was played this session, by the ruleset's id: what a save
carries (read when the ruleset was first asked for, or the copy a save brought)."""
_paths: dict[str, Path] = {}
"""The player's own file of each ruleset id, where it was first found this session."""


def _disk_text(ruleset_id: str) -> str | None:
    """The text of the player's own ruleset file ``ruleset_id`` as it is now on disk; None for a
    built-in ruleset or a file that is gone."""
    if ruleset_id not in _paths:
        try:
            ruleset = get_ruleset(ruleset_id)
        except RulesError:
            return None
        where = getattr(getattr(ruleset, "file", None), "path", None)  # a ruleset file's
        if not isinstance(where, str | Path) or not is_file(Path(where)):
            return None
        _paths[ruleset_id] = Path(where)
    try:
        return read_capped(_paths[ruleset_id], MOST_BYTES).decode("utf-8")
    except (OSError, UnicodeDecodeError, ValueError):
        return None


def _played_text(ruleset_id: str) -> str | None:
    """The text the ruleset ``ruleset_id`` in play was read from (its file's ``text``), else
    its file as it is on disk now; None for a ruleset written as code."""
    try:
        text = getattr(getattr(get_ruleset(ruleset_id), "file", None), "text", None)
    except RulesError:
        return None
    return text if isinstance(text, str) and text else _disk_text(ruleset_id)


def carried(ruleset_id: str) -> dict[str, str]:
    """What a save carries of its ruleset: the whole text of the ruleset file it is played with
    (nothing for a built-in ruleset)."""
    if ruleset_id in builtin_ruleset_ids():
        return {}
    if ruleset_id not in _texts and (text := _played_text(ruleset_id)) is not None:
        _texts[ruleset_id] = text  # the text the rules in play were read from, not today's file
    return {"ruleset_file": _texts[ruleset_id]} if ruleset_id in _texts else {}


def play_carried(data: dict[str, Any], name: str) -> str | None:
    """Play the ruleset file a save carries (``ruleset_file``) under its id, checked like any
    ruleset file; a note when the player's own file of that id differs or is gone, else None.
    :class:`SourceError` names what is wrong with the carried copy."""
    text = data.get("ruleset_file")
    if text is None or data.get("ruleset") in builtin_ruleset_ids():
        return None  # a ruleset registered as code plays as it is
    if not isinstance(text, str):
        raise SourceError([Problem(name, 1, "ruleset_file must be a ruleset file's text")])
    copy = ruleset_from_text(text, f"{name} (embedded ruleset file)")
    if copy.id != data.get("ruleset"):
        game = data.get("ruleset")
        said = f"the embedded ruleset file is {copy.id!r}, the game's ruleset {game!r}"
        raise SourceError([Problem(name, 1, said)])
    on_disk = _disk_text(copy.id)
    play_ruleset(copy)
    _texts[copy.id] = text
    if on_disk is None:
        return (
            f"the ruleset file {copy.id!r} is not among your rulesets (gone, or beside a scenario "
            "not opened yet): the game is played with the copy this save carries"
        )
    if on_disk != text:
        return (
            f"the ruleset file {copy.id!r} differs from the copy this save carries: the game is "
            "played with the save's copy, as it was played"
        )
    return None
