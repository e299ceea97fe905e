"""Legal combats of the hill-and-ford example game (rulesets/hill-and-ford/)."""

from __future__ import annotations

from example_situations import example_situations
from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation

RULESET_ID = "hill-and-ford"


def situations() -> st.SearchStrategy[CombatSituation]:
    return example_situations(
        RULESET_ID,
        ["clear", "woods", "city", "rough"],
        ["infantry", "armour", "artillery"],
        steps=False,
        across=[None, "minor-river"],
        conditions=[{}, {"surprise": True}],
    )
