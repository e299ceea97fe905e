"""Legal combats of the firefight example game (rulesets/firefight/)."""

from __future__ import annotations

from example_situations import example_situations
from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation

RULESET_ID = "firefight"


def situations() -> st.SearchStrategy[CombatSituation]:
    return example_situations(
        RULESET_ID,
        ["clear", "woods", "city"],
        ["infantry", "machine-gun", "mortar"],
        steps=True,
        across=[None, "wall"],
        conditions=[{}, {"point_blank": True}],
        states=["disrupted"],
    )
