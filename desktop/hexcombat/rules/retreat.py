"""What a ruleset says about retreats: the hexes and hexsides a beaten stack may not retreat into.

The board finds retreat paths; the ruleset decides what blocks them. :class:`RetreatRules` is the
small, pure datum a ruleset supplies (as its ``retreat`` attribute) and the game layer hands to
the board's retreat-path query. It knows nothing of the board: terrain and hexside features are
named by the words map files use (``"sea"``, ``"major-river"``).

Neither rules text hexcombat implements states retreat restrictions (file 000/002 and file 003
say nothing of retreats; file 004's retreat rules belong to a tactical game not built yet), so the
operational rulesets use :data:`EUROPA_RETREAT`, every value ``assumed``.
"""

from __future__ import annotations

from dataclasses import dataclass


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
    rule: str | None = None
    """The rule reference these come from, or ``None`` when they are assumed."""

    @property
    def assumed(self) -> bool:
        """True when no rules text gives these restrictions (hexcombat's placeholder)."""
        return self.rule is None

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
        source = "assumed" if self.rule is None else self.rule
        return f"{'; '.join(parts)} ({source})"


EUROPA_RETREAT = RetreatRules(
    enemy_zoc_blocks=True,
    friendly_units_cancel_zoc=True,
    prohibited_terrain=frozenset({"sea"}),
    prohibited_hexside_features=frozenset(),
)
"""Retreats as Europa-series games play them: not into enemy-occupied hexes, enemy zones of
control (unless friendly units hold the hex) or the sea. Assumed: the excerpts do not state it."""
