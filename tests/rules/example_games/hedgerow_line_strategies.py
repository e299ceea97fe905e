"""Legal combats of the hedgerow-line example game (rulesets/hedgerow-line/)."""

from __future__ import annotations

from example_situations import example_situations
from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation

RULESET_ID = "hedgerow-line"


def situations() -> st.SearchStrategy[CombatSituation]:
    return example_situations(
        RULESET_ID,
        ["clear", "woods", "city"],
        ["infantry", "armour", "machine-gun"],
        steps=True,
        across=[None, "hedgerow"],
        conditions=[{}],
        values=[(), (("veteran", True),)],
    )
