"""Hypothesis strategies for legal fires of the tiny test ruleset (tiny_ruleset.py), which the
conformance suite finds by :data:`RULESET_ID`."""

from __future__ import annotations

from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import Unit

RULESET_ID = "tiny"


def unit(name: str, attack: int, defence: int, steps: int | None = None) -> Unit:
    """A unit of the tiny rules: a name and its strengths, nothing else."""
    return Unit(name=name, attack=attack, defence=defence, steps=steps)


def situations() -> st.SearchStrategy[CombatSituation]:
    """Fires of one to three units on each side, in any terrain it knows, dug in or not,
    attackers maybe disrupted."""
    participant = st.builds(
        Participant,
        st.builds(
            unit, st.sampled_from(["Squad", "MG", "Rifles"]), st.integers(1, 6), st.integers(1, 6)
        ),
        count=st.integers(1, 2),
        status=st.sampled_from([UnitStatus(), UnitStatus(state="disrupted")]),
    )
    return st.builds(
        CombatSituation,
        st.just(RULESET_ID),
        st.lists(participant, min_size=1, max_size=3).map(tuple),
        st.lists(participant, min_size=1, max_size=3).map(tuple),
        st.builds(
            lambda terrain, dug: Conditions(terrain, dug_in=dug),
            st.sampled_from(["clear", "woods", "city"]),
            st.booleans(),
        ),
    )  # fmt: skip
