"""The game layer's shared set-up: the built-in 14D2d tutorial, the game most tests play."""

from __future__ import annotations

import pytest

from hexcombat.game.opening import default_tutorial, open_game
from hexcombat.game.state import GameState


@pytest.fixture
def state() -> GameState:
    """A fresh game on the built-in 14D2d tutorial (test files laying out their own override
    this fixture)."""
    return open_game(default_tutorial())
