"""Legal combats of the starting game ``hexcombat new-ruleset starter`` writes
(game/new_ruleset.py: an odds table on one d6, infantry and armour, clear, woods and a city),
which the conformance suite checks as it checks every ruleset file."""

from __future__ import annotations

from example_situations import example_situations
from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation

RULESET_ID = "starter"


def situations() -> st.SearchStrategy[CombatSituation]:
    return example_situations(
        RULESET_ID,
        ["clear", "woods", "city"],
        ["infantry", "armour"],
        steps=False,
        across=[None],
        conditions=[{}],
    )
