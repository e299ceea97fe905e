"""Hypothesis strategies for legal attacks of the odds-on-2d6 test ruleset
(odds2d6_ruleset.py), which the conformance suite finds by :data:`RULESET_ID`."""

from __future__ import annotations

from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import Unit

RULESET_ID = "odds-2d6"


def unit(name: str, attack: int, defence: int, steps: int = 2) -> Unit:
    """A unit of the odds-on-2d6 rules: a name and its strengths, nothing else."""
    return Unit(name=name, attack=attack, defence=defence, steps=steps)


def situations() -> st.SearchStrategy[CombatSituation]:
    """One to three units a side, two to four steps each (some lost), in any terrain and
    weather the rules know."""
    participant = st.builds(
        Participant,
        st.builds(
            unit,
            st.sampled_from(["Infantry", "Armour"]),
            st.integers(1, 9),
            st.integers(1, 9),
            st.integers(2, 4),
        ),
        count=st.integers(1, 2),
        status=st.sampled_from([UnitStatus(), UnitStatus(steps_lost=1)]),
    )
    return st.builds(
        CombatSituation,
        st.just(RULESET_ID),
        st.lists(participant, min_size=1, max_size=3).map(tuple),
        st.lists(participant, min_size=1, max_size=3).map(tuple),
        st.builds(
            Conditions,
            st.sampled_from(["clear", "woods", "city"]),
            st.sampled_from(["clear", "mud"]),
        ),
    )  # fmt: skip
