"""A session of ruleset files of a test's own: the files found beside scenarios, in the player's
folder or brought by saves are forgotten, so one test's game never leaks into another's."""

from __future__ import annotations

import pytest

from hexcombat.game import ruleset_files
from hexcombat.rules import registry


def new_session(monkeypatch: pytest.MonkeyPatch) -> None:
    """The program started again: the ruleset files found afresh, nothing played yet (undone
    when the test ends)."""
    monkeypatch.setattr(registry, "_beside", {})
    monkeypatch.setattr(registry, "_files", None)
    monkeypatch.setattr(registry, "_file_left_out", [])
    monkeypatch.setattr(ruleset_files, "_texts", {})
    monkeypatch.setattr(ruleset_files, "_paths", {})
