"""Hypothesis strategies for legal attacks of the odds-d6 rules, kept in the ruleset's own folder
beside its ``__init__``: the conformance suite finds them there by :data:`RULESET_ID` (the
folder brings its own tests, as it brings its tutorial). Imported by the tests only, never by the
ruleset (it needs hypothesis)."""

from __future__ import annotations

from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import Unit

RULESET_ID = "odds-d6"


def unit(name: str, attack: int, defence: int, steps: int) -> Unit:
    """A unit of the odds-d6 rules: a name, its strengths and its steps, nothing else."""
    return Unit(name=name, attack=attack, defence=defence, steps=steps)


def _strength(side: tuple[Participant, ...], kind: str) -> int:
    return sum(getattr(p.unit, kind) * p.count for p in side)


def _legal(situation: CombatSituation) -> bool:
    """O1: odds below 1:2 are no attack."""
    return 2 * _strength(situation.attackers, "attack") >= _strength(situation.defenders, "defence")


def situations() -> st.SearchStrategy[CombatSituation]:
    """One to three units a side, one or two of each, some with a step lost, in clear or woods
    (O2), at odds of 1:2 or more (O1)."""
    participant = st.builds(
        Participant,
        st.builds(
            unit,
            st.sampled_from(["Rifles", "Guards"]),
            st.integers(1, 9),
            st.integers(1, 9),
            st.integers(1, 3),
        ),
        count=st.integers(1, 2),
        status=st.sampled_from([UnitStatus(), UnitStatus(steps_lost=1)]),
    )
    return st.builds(
        CombatSituation,
        st.just(RULESET_ID),
        st.lists(participant, min_size=1, max_size=3).map(tuple),
        st.lists(participant, min_size=1, max_size=3).map(tuple),
        st.builds(Conditions, st.sampled_from(["clear", "woods"])),
    ).filter(_legal)
