"""Legal attacks of the ridge-line test file (a differential table on 2d6, steps)."""

from __future__ import annotations

from datafile_strategies import situations_for
from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation

RULESET_ID = "ridge-line"


def situations() -> st.SearchStrategy[CombatSituation]:
    return situations_for(RULESET_ID, ["clear", "hills"], ["infantry", "armour"], steps=True)
