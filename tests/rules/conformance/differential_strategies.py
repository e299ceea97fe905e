"""Hypothesis strategies for legal attacks of the differential test ruleset
(differential_ruleset.py), which the conformance suite finds by :data:`RULESET_ID`."""

from __future__ import annotations

from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import Unit

RULESET_ID = "differential"


def unit(name: str, attack: int, defence: int) -> Unit:
    """A unit of the differential rules: a name and its strengths, nothing else."""
    return Unit(name=name, attack=attack, defence=defence)


def situations() -> st.SearchStrategy[CombatSituation]:
    """One to three units a side, in any terrain, weather and entrenchment the rules know."""
    participant = st.builds(
        Participant,
        st.builds(
            unit, st.sampled_from(["Infantry", "Cavalry"]), st.integers(0, 6), st.integers(0, 6)
        ),
        count=st.integers(1, 2),
    )
    return st.builds(
        CombatSituation,
        st.just(RULESET_ID),
        st.lists(participant, min_size=1, max_size=3).map(tuple),
        st.lists(participant, min_size=1, max_size=3).map(tuple),
        st.builds(
            lambda terrain, weather, dug: Conditions(terrain, weather, entrenchment=dug),
            st.sampled_from(["clear", "woods", "city"]),
            st.sampled_from(["clear", "rain"]),
            st.integers(0, 2),
        ),
    )  # fmt: skip
