"""What a ruleset says about retreats: the hexes and hexsides a beaten stack may not retreat into.

The board finds retreat paths; the ruleset decides what blocks them. :class:`RetreatRules` is the
small, pure datum a ruleset supplies (as its ``retreat`` attribute) and the game layer hands to
the board's retreat-path query. It knows nothing of the board: terrain and hexside features are
named by the words map files use (``"sea"``, ``"major-river"``).

A ruleset may also cap a retreat's length (The Last Hundred Yards, 14.3.3: "limited to 3 hexes
through a River, Marsh, Jungle, Urban Building, or Sunken Road hex, or at Night"), and say per unit
who is eliminated instead of retreating and who retreats freely (its ``retreat_elimination`` and
``free_retreat`` hooks, :class:`FreeRetreat`).

A ruleset whose rules texts state no retreat restrictions supplies its family's usual ones with
no ``rule`` (``assumed``), and the game says so where a retreat is chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

from hexcombat.rules.situation import Conditions
from hexcombat.rules.vocabulary import Vocabulary


@dataclass(frozen=True)
class RetreatRules:
    """What blocks a retreat under one ruleset."""

    enemy_zoc_blocks: bool
    """A retreating stack may not enter a hex in an enemy zone of control (a hex next to an
    enemy stack)."""
    friendly_units_cancel_zoc: bool
    """... unless friendly units already hold that hex (only when ``enemy_zoc_blocks``)."""
    prohibited_terrain: frozenset[str] = frozenset()
    """Terrain types a retreat may not enter."""
    prohibited_hexside_features: frozenset[str] = frozenset()
    """Hexside features a retreat may not cross."""
    limit_hexes: int | None = None
    """The most hexes a retreat may go when it enters a hex of ``limiting_terrain`` or when one
    of ``limiting_conditions`` holds (3 in 14.3.3); such a retreat may also stop there when the
    result asks for more. ``None``: no limit."""
    limiting_terrain: frozenset[str] = frozenset()
    """Terrain types that limit a retreat passing through them (map words: ``marsh``)."""
    limiting_conditions: frozenset[str] = frozenset()
    """Keys of true-or-false conditions under which every retreat is limited (``night``)."""
    rule: str | None = None
    """The rule reference these come from, or ``None`` when they are assumed."""

    @property
    def assumed(self) -> bool:
        """True when no rules text gives these restrictions (hexcombat's placeholder)."""
        return self.rule is None

    def limited_by(self, conditions: Conditions) -> str | None:
        """The condition that limits every retreat of this combat (``night``), or None."""
        if self.limit_hexes is None:
            return None
        return next((c for c in sorted(self.limiting_conditions) if conditions.flag(c)), None)

    def problems(self, vocabulary: Vocabulary) -> list[str]:
        """What is wrong with these rules under a ruleset's ``vocabulary``: a limit of no
        hexes, a limiting condition that is not one of its true-or-false conditions."""
        found = []
        if self.limit_hexes is not None and self.limit_hexes < 1:
            found.append(f"a retreat limit of {self.limit_hexes} hexes: it must be 1 or more")
        if (self.limiting_terrain or self.limiting_conditions) and self.limit_hexes is None:
            found.append("limiting terrain or conditions are given without limit_hexes")
        for key in sorted(self.limiting_conditions):
            spec = vocabulary.condition(key)
            if spec is None or spec.kind != "bool":
                found.append(f"the limiting condition {key!r} is not a true-or-false condition")
        return found

    def limit_words(self) -> str:
        """``at most 3 hexes through marsh or river, or at night``; "" without a limit."""
        if self.limit_hexes is None:
            return ""
        where = []
        if self.limiting_terrain:
            where.append("through " + " or ".join(sorted(self.limiting_terrain)))
        if self.limiting_conditions:
            where.append("at " + " or ".join(sorted(self.limiting_conditions)))
        hexes = "hex" if self.limit_hexes == 1 else "hexes"
        return f"at most {self.limit_hexes} {hexes} " + ", or ".join(where)

    def describe(self) -> str:
        """The restrictions in a player's words, saying where they come from."""
        parts = [
            "retreats go away from the attacker, ending farther from the nearest attacking hex "
            "than they started",
            "not into enemy-occupied hexes",
        ]
        if self.enemy_zoc_blocks:
            zoc = "not into enemy zones of control"
            if self.friendly_units_cancel_zoc:
                zoc += " unless friendly units hold the hex"
            parts.append(zoc)
        if self.prohibited_terrain:
            parts.append("not into " + ", ".join(sorted(self.prohibited_terrain)))
        if self.prohibited_hexside_features:
            parts.append("not across " + ", ".join(sorted(self.prohibited_hexside_features)))
        if limit := self.limit_words():
            parts.append(limit)
        source = "assumed" if self.rule is None else self.rule
        return f"{'; '.join(parts)} ({source})"


@dataclass(frozen=True)
class FreeRetreat:
    """A unit the retreat limits leave alone, as a ruleset's ``free_retreat`` hook says: 14.3.3
    "4 MPs vehicles, can retreat freely, are marked with Green motion"."""

    text: str
    """Who retreats freely, in the rule's words: ``4 MPs vehicles can retreat freely``."""
    rule: str
    marker: str = ""
    """The marker a unit that retreats so gets (a marker the ruleset declares); "" none."""
