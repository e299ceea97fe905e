"""Named errors for situations the rules forbid, worded for a player and citing the rule."""

from __future__ import annotations


class RulesError(Exception):
    """A combat, mission or unit the rules do not allow. ``rule`` names the rule that forbids it."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(message if rule is None or rule in message else f"{message} ({rule})")


class IllegalAttackError(RulesError):
    """An attack the rules forbid, e.g. long-range artillery alone at two hexes (14A3)."""


class IllegalMissionError(RulesError):
    """An air mission a unit type may not fly, e.g. an AF on combat air patrol (23D2)."""


class UnitDataError(RulesError):
    """A unit description the rules cannot use: unknown capability value, missing RE size."""
