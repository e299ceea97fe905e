"""Where die rolls come from. Randomness is always passed in; nothing here reads a clock.

``SeededDice`` gives a game its own reproducible stream; ``ScriptedDice`` replays fixed rolls
(tests, and a roll typed in from physical dice). A ruleset asks for each die with what it is
for (``dice.roll(6, "combat die")``), so scripted dice that run out can say which die a player
must roll next: a follow-up roll (a morale check) is only known once the result is.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol

from hexcombat.rules.errors import RulesError
from hexcombat.rules.vocabulary import DieSpec

MAX_DIE = 100
"""The most faces a table's die may have. Wargame tables roll a d6, a d10 or percentile dice
(d100); every face is a row the table must hold and every chance is counted face by face, so a
bigger die is refused rather than looped over."""


class Dice(Protocol):
    """Anything that can roll one die with ``sides`` faces, returning 1..sides; ``purpose``
    says what the roll decides (``"combat die"``, ``"chance roll"``, ``"morale check"``)."""

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        """One die roll."""
        ...


def die_words(die: DieSpec) -> str:
    """A die as its ruleset names it, the one wording every prompt, refusal and help uses:
    how it is asked when its faces pick among choices (``the chance roll on a d6 that picks the
    DRM (1-3: +3, 4-6: +4)``), else its purpose and its dice (``the combat die (d6)``,
    ``the attacker's table die (d6)``, ``the morale check (2d6)``; ``the attacker's d6``, not
    ``the attacker's d6 (d6)``)."""
    if die.asked:
        return die.asked
    if die.purpose.split()[-1:] == [die.name]:  # "attacker's d6": named by its dice already
        return f"the {die.purpose}"
    return f"the {die.purpose} ({die.name})"


class DiceWanted(RulesError, ValueError):
    """Scripted dice ran out: the resolution wants one more die, a d``sides`` for ``purpose``.

    A player typing physical dice is asked for exactly this die next. It is a
    :class:`RulesError` (and, as scripted dice always raised, a ``ValueError``)."""

    def __init__(self, sides: int, purpose: str = "") -> None:
        self.sides = sides
        self.purpose = purpose
        what = f" for the {purpose}" if purpose else ""
        super().__init__(f"no more scripted die rolls: a d{sides}{what} is wanted")


class SeededDice:
    """Dice from a ``random.Random`` seeded per game, so a game replays the same way."""

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(seed)

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        """One die roll, 1..sides (the purpose does not change the stream)."""
        return self._rng.randint(1, sides)


class ScriptedDice:
    """Fixed rolls in order: a test's script, or the roll a player typed in from real dice."""

    def __init__(self, rolls: Iterable[int]) -> None:
        self._rolls = list(rolls)
        self.used = 0

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        """The next scripted roll; it must be a face of the die. When none is left,
        :class:`DiceWanted` names the die wanted and what it is for."""
        if self.used >= len(self._rolls):
            raise DiceWanted(sides, purpose)
        value = self._rolls[self.used]
        if not 1 <= value <= sides:
            what = f" for the {purpose}" if purpose else ""
            raise ValueError(f"a d{sides} cannot roll {value}{what}")
        self.used += 1
        return value
