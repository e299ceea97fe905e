"""Where die rolls come from. Randomness is always passed in; nothing here reads a clock.

``SeededDice`` gives a game its own reproducible stream; ``ScriptedDice`` replays fixed rolls
(tests, and a roll typed in from physical dice).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol


class Dice(Protocol):
    """Anything that can roll one die with ``sides`` faces, returning 1..sides."""

    def roll(self, sides: int = 6) -> int:
        """One die roll."""
        ...


class SeededDice:
    """Dice from a ``random.Random`` seeded per game, so a game replays the same way."""

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(seed)

    def roll(self, sides: int = 6) -> int:
        """One die roll, 1..sides."""
        return self._rng.randint(1, sides)


class ScriptedDice:
    """Fixed rolls in order: a test's script, or the roll a player typed in from real dice."""

    def __init__(self, rolls: Iterable[int]) -> None:
        self._rolls = list(rolls)
        self.used = 0

    def roll(self, sides: int = 6) -> int:
        """The next scripted roll; it must be a face of the die."""
        if self.used >= len(self._rolls):
            raise ValueError("no more scripted die rolls")
        value = self._rolls[self.used]
        if not 1 <= value <= sides:
            raise ValueError(f"a d{sides} cannot roll {value}")
        self.used += 1
        return value
