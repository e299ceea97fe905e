"""Legal attacks of the river-crossing test file (an odds table on one d6)."""

from __future__ import annotations

from datafile_strategies import situations_for
from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation

RULESET_ID = "river-crossing"


def situations() -> st.SearchStrategy[CombatSituation]:
    return situations_for(
        RULESET_ID,
        ["clear", "woods", "town"],
        ["infantry", "armour", "artillery"],
        steps=False,
        conditions=st.sampled_from([{}, {"surprise": True}, {"surprise": False}]),
        across=[None, "river"],
    )
