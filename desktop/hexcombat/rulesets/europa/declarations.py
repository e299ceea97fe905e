"""What the Europa rulesets (``total-war``, ``armour-ratio``) declare alike: the family's shared
rule references and its combat results table's chart kind. Each ruleset declares them in its own
``declares``/``references``, with its own after them."""

from __future__ import annotations

from pathlib import Path

from hexcombat.rules.declarations import ChartLoader
from hexcombat.rulesets.europa.combat import crt_from_source

EUROPA_REFERENCES = Path(__file__).resolve().parent / "references.toml"
"""The Europa rule references both rulesets cite (CRT, 10.*, 14*, 16A, 23D*)."""

EUROPA_CHART_KINDS: dict[str, ChartLoader] = {"combat-results": crt_from_source}
"""The Europa combat results table (``crt_generic.toml`` or a player's own)."""
EUROPA_OWN_TABLE = "combat-results"
"""The table a player replaces with their rulebook's (a scenario's ``crt = "..."``): the CRT."""
