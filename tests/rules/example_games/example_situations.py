"""Hypothesis strategies for legal combats of the example games shipped in ``rulesets/``
(hexcombat's own numbers), shared by their ``*_strategies.py`` modules, which the conformance
suite finds by ``RULESET_ID``."""

from __future__ import annotations

from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import Unit


def example_situations(
    ruleset_id: str,
    terrain: list[str],
    types: list[str],
    steps: bool,
    across: list[str | None],
    conditions: list[dict[str, object]],
    values: list[tuple[tuple[str, bool], ...]] | None = None,
    states: list[str] | None = None,
) -> st.SearchStrategy[CombatSituation]:
    """One to three units a side of the game's types, in any of its terrains, across any of its
    hexsides, under any of its conditions."""

    def unit(
        name: str, kind: str, attack: int, defence: int, rules: tuple[tuple[str, bool], ...]
    ) -> Unit:
        return Unit(
            name=name,
            attack=attack,
            defence=defence,
            unit_type=kind,
            steps=2 if steps else None,
            rules=rules,
        )

    units = st.builds(
        unit,
        st.sampled_from(["Blue", "Red"]),
        st.sampled_from(types),
        st.integers(0, 12),
        st.integers(1, 9),
        st.sampled_from(values or [()]),
    )
    status = st.sampled_from([UnitStatus(), *(UnitStatus(state=s) for s in states or [])])
    attacker = st.builds(
        Participant, units, count=st.integers(1, 2), across=st.sampled_from(across), status=status
    )
    defender = st.builds(Participant, units, count=st.integers(1, 2), status=status)
    return st.builds(
        lambda a, d, t, c: CombatSituation(ruleset_id, a, d, Conditions(t, choices=c)),
        st.lists(attacker, min_size=1, max_size=3).map(tuple),
        st.lists(defender, min_size=1, max_size=3).map(tuple),
        st.sampled_from(terrain),
        st.sampled_from(conditions),
    )
