"""Shared test set-up: Qt runs offscreen unless a display is asked for."""

from __future__ import annotations

import os
from dataclasses import replace

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hexcombat.game.opening import default_tutorial, open_game  # noqa: E402
from hexcombat.game.state import GameState  # noqa: E402
from hexcombat.rules.registry import get_ruleset  # noqa: E402  (after the platform is chosen)


@pytest.fixture
def zoc_free(monkeypatch: pytest.MonkeyPatch) -> None:
    """Total War played with enemy zones of control that do not block retreats (the shipped,
    assumed rules block them, and would leave the 14D2d tutorial's defender no retreat at all)."""
    rules = get_ruleset("total-war")
    monkeypatch.setattr(rules, "retreat", replace(rules.retreat, enemy_zoc_blocks=False))


@pytest.fixture
def state() -> GameState:
    """A fresh game on the built-in 14D2d tutorial, the game most game-layer tests play (test
    files laying out their own override this fixture)."""
    return open_game(default_tutorial())
