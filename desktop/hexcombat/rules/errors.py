"""Named errors for situations the rules forbid, worded for a player and citing the rule."""

from __future__ import annotations


class RulesError(Exception):
    """A combat, mission or unit the rules do not allow. ``rule`` names the rule that forbids it."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(message if rule is None or rule in message else f"{message} ({rule})")


class IllegalAttackError(RulesError):
    """An attack the rules forbid, e.g. a unit attacking from further than its rules let it."""


class IllegalMissionError(RulesError):
    """An air mission a unit type may not fly under its ruleset's air rules."""


class UnitDataError(RulesError):
    """A unit description the rules cannot use: an unknown capability value, a missing size."""
