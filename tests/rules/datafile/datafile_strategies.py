"""Hypothesis strategies for legal attacks under the test ruleset files (data/), which the
conformance suite finds by :data:`RULESET_ID` (one module per id: these are shared)."""

from __future__ import annotations

from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import Unit


def situations_for(
    ruleset_id: str,
    terrain: list[str],
    types: list[str],
    steps: bool,
    fire: bool = False,
    conditions: st.SearchStrategy[dict[str, object]] | None = None,
    across: list[str | None] | None = None,
    states: list[str] | None = None,
    values: dict[str, st.SearchStrategy[int | str]] | None = None,
) -> st.SearchStrategy[CombatSituation]:
    """One to three units a side of the file's types, in any terrain it allows; each unit
    with the ``values`` the file names (morale, training), drawn from their strategies."""

    def unit(
        name: str, kind: str, attack: int, defence: int, elite: bool, named: dict[str, int | str]
    ) -> Unit:
        rules: tuple[tuple[str, bool | int | str], ...] = (("fire", attack),) if fire else ()
        if elite and not fire:
            rules = (("elite", True),)
        if named:
            rules = tuple(sorted(named.items()))
        return Unit(
            name=name,
            attack=None if fire else attack,
            defence=defence,
            unit_type=kind,
            steps=2 if steps else None,
            rules=rules,
        )

    units = st.builds(
        unit,
        st.sampled_from(["Alpha", "Bravo"]),
        st.sampled_from(types),
        st.integers(0, 12),
        st.integers(1, 9),
        st.booleans(),
        st.fixed_dictionaries(values or {}),
    )
    status = st.sampled_from([UnitStatus(), *(UnitStatus(state=s) for s in states or [])])
    attacker = st.builds(
        Participant,
        units,
        count=st.integers(1, 2),
        across=st.sampled_from(across or [None]),
        status=status,
    )
    defender = st.builds(Participant, units, count=st.integers(1, 2))
    return st.builds(
        lambda a, d, t, c: CombatSituation(ruleset_id, a, d, Conditions(t, choices=c)),
        st.lists(attacker, min_size=1, max_size=3).map(tuple),
        st.lists(defender, min_size=1, max_size=3).map(tuple),
        st.sampled_from(terrain),
        conditions if conditions is not None else st.just({}),
    )
