"""What a result calls for after its losses are taken: each morale or cohesion check, leader
loss roll, vehicle destruction attempt or urban assault casualty as its own roll or choice.

A tactical result does not end with the table: survivors check morale, a leader may be killed,
a player picks which vehicle to try to destroy. The ruleset names each of these as a
:class:`FollowUp`; the game shows it, asks for its die (or the player's choice), and applies what
:meth:`resolve_follow_up` returns as its own undoable, logged step. A follow-up may call for more
(a leader killed on a morale failure's roll). The rules core stays free of the board: the game
hands the ruleset the status of every participant still standing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from hexcombat.rules.effects import DieRoll, Effect
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.vocabulary import DieSpec, SideName

Standing = Mapping[str, UnitStatus]
"""The participants still in play after the losses taken so far, by id, with their status."""


@dataclass(frozen=True)
class FollowUp:
    """One roll or choice a result calls for, for one unit (``target``) or among several
    (``choices``)."""

    key: str
    """Unique within its combat, stable across saves: ``morale:<participant id>``."""
    kind: str
    """What it is: ``morale-check``, ``cohesion-check``, ``leader-loss``,
    ``vehicle-destruction``, ``urban-assault``, ``recovery``, ... (the ruleset's words)."""
    side: SideName
    """Whose unit it is about."""
    rule: str
    text: str
    """In a player's words: ``Rifle squad checks morale (7, +2)``."""
    target: str | None = None
    """The participant id it is for; None when the player picks one of ``choices``."""
    die: DieSpec | None = None
    """The die rolled (its purpose names it); None for a choice alone."""
    modifier: int = 0
    """Added to the roll (``M2``: +2)."""
    choices: tuple[str, ...] = ()
    """Participant ids to choose among (the vehicle a destruction attempt targets)."""
    chooser: SideName | None = None
    """Who picks among ``choices`` (None: the side it is about)."""


@dataclass(frozen=True)
class FollowUpResult:
    """A follow-up resolved: the dice as they fell, what it does, and what it calls for next."""

    headline: str
    """The roll in a line: ``morale check 9 +2 = 11 against 7: demoralized``."""
    rolls: tuple[DieRoll, ...] = ()
    effects: tuple[Effect, ...] = ()
    more: tuple[FollowUp, ...] = ()
    """Follow-ups this one calls for (a leader-loss roll after a demoralizing failure)."""
    code: str = ""
    """How it ended, as the ``code`` of one of the outcomes ``follow_up_chances`` gives
    (``holds``, ``disrupted``): the conformance suite checks those chances against the
    resolution over every die face by it."""
