"""A combat's result as effects addressed to the participants, and the dice that decided it.

Every ruleset resolves a report into the same kinds of effect, each naming the participants
(by their stable ids: the counter's id in a game) it falls on and the rule that imposes it. The
game applies effects without knowing which game's table produced them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from hexcombat.rules.explain import json_number
from hexcombat.rules.vocabulary import SideName

EffectKind = Literal[
    "eliminate",
    "lose-points",
    "lose-steps",
    "morale-check",
    "cohesion-check",
    "set-state",
    "add-marker",
    "remove-marker",
    "retreat",
    "advance",
    "vehicle-destruction",
]
"""What a result may do to participants."""

Chooser = Literal["owner", "opponent"]
"""Who picks a retreat's path and end within the rules' limits: the retreating side's own
player (``owner``) or its enemy (``opponent``)."""


@dataclass(frozen=True)
class Effect:
    """One thing a result does, to one side's participants (all of them when ``targets`` is
    empty), under ``rule``."""

    kind: EffectKind
    side: SideName
    rule: str
    text: str
    """The effect in a player's words, e.g. ``every defender checks morale +2``."""
    targets: tuple[str, ...] = ()
    """Participant ids it falls on; empty: every participant of ``side`` subject to the result."""
    amount: int | Fraction = 0
    """Strength points or steps lost, hexes retreated; 0 when the kind has no amount."""
    modifier: int = 0
    """Added to a morale or cohesion check, or to a vehicle destruction attempt."""
    state: str = ""
    """The state or marker set, added or removed (a key of the ruleset's vocabulary)."""
    most: int | None = None
    """For retreats given as a range (2-4 hexes): the most; ``amount`` is the least."""
    chooser: Chooser = "owner"
    """For a retreat: who picks where it goes among the legal ends (the board gives the same
    ends whoever picks; only who picks, and the end the program picks for them, differ)."""
    chooser_rule: str = ""
    """The rule that says who picks a retreat; "": the rules text is silent and the owner
    picking is hexcombat's assumption (docs/rules.md, "Who picks a retreat")."""

    def to_json(self) -> dict[str, object]:
        """The effect as JSON-ready data (``hexcombat explain --json``)."""
        return {
            "kind": self.kind,
            "side": self.side,
            "rule": self.rule,
            "text": self.text,
            "targets": list(self.targets),
            "amount": json_number(Fraction(self.amount)),
            "modifier": self.modifier,
            "state": self.state,
            "most": self.most,
            "chooser": self.chooser if self.kind == "retreat" else None,
            "chooser_rule": self.chooser_rule if self.kind == "retreat" else "",
        }


@dataclass(frozen=True)
class DieRoll:
    """One roll as it fell (dice added together), what it decided and whose it was."""

    purpose: str
    sides: int
    faces: tuple[int, ...]
    rule: str = ""
    side: SideName | None = None
    for_unit: str | None = None
    """The participant id a follow-up roll was made for (a morale check)."""

    @property
    def total(self) -> int:
        """The dice added together."""
        return sum(self.faces)

    def to_json(self) -> dict[str, object]:
        """The roll as JSON-ready data."""
        return {
            "purpose": self.purpose,
            "sides": self.sides,
            "faces": list(self.faces),
            "total": self.total,
            "rule": self.rule,
            "side": self.side,
            "for_unit": self.for_unit,
        }
