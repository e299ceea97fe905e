"""Retreats as the Europa rulesets play them (:data:`EUROPA_RETREAT`).

The operational rules texts state no retreat restrictions (file 000/002 and file 003 say nothing
of retreats), so both Europa rulesets use the series' usual ones, every value ``assumed``.
"""

from __future__ import annotations

from hexcombat.rules.retreat import RetreatRules

EUROPA_RETREAT = RetreatRules(
    enemy_zoc_blocks=True,
    friendly_units_cancel_zoc=True,
    prohibited_terrain=frozenset({"sea"}),
    prohibited_hexside_features=frozenset(),
)
"""Retreats as Europa-series games play them: not into enemy-occupied hexes, enemy zones of
control (unless friendly units hold the hex) or the sea. Assumed: the excerpts do not state it."""
