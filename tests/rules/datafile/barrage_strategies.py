"""Legal attacks of the barrage test file (a fire table on d66, a disrupted state)."""

from __future__ import annotations

from datafile_strategies import situations_for
from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation

RULESET_ID = "barrage"


def situations() -> st.SearchStrategy[CombatSituation]:
    return situations_for(
        RULESET_ID,
        ["clear", "bunker"],
        ["infantry", "artillery"],
        steps=True,
        fire=True,
        states=["disrupted"],
    )
