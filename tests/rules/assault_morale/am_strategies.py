"""Hypothesis strategies for legal assault-morale assaults: good-order attackers (a leader only
with troops of his type), defenders in any state, any terrain, round and elevation."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import Unit
from hexcombat.rulesets.assault_morale.vocabulary import INFANTRY

TROOPS = ["squad", "half-squad", "hmg", "mmg", "mortar", "aa", "afv"]
DEFENDING = [*TROOPS, "leader", "wagon", "truck", "prime-mover"]
TERRAIN = ["clear", "woods", "town", "entrenchment", "hill"]


def unit(
    name: str,
    kind: str,
    fire: int,
    morale: int,
    steps: int = 1,
    nationality: str = "german",
    **more: object,
) -> Unit:
    """A unit as a counter set writes it: ``rules = { kind, fire, morale, ... }``."""
    rules = {"kind": kind, "fire": fire, "morale": morale, **more}
    return Unit(
        name=name, steps=steps, nationality=nationality,
        rules=tuple(sorted(rules.items())),  # type: ignore[arg-type]
    )  # fmt: skip


@st.composite
def units(draw: st.DrawFn, kinds: list[str]) -> Unit:
    kind = draw(st.sampled_from(kinds))
    more: dict[str, object] = {}
    if kind == "afv":
        more["closed_top"] = draw(st.booleans())
    if kind == "squad":
        more["engineer"] = draw(st.booleans())
        more["cavalry"] = draw(st.booleans())
    if kind == "leader":
        more["leader_modifier"] = draw(st.integers(-1, 2))
        more["leader_of"] = "infantry"
    fire = 0 if kind in ("leader", "wagon", "truck", "prime-mover") else draw(st.integers(0, 16))
    return unit(
        kind.title(), kind, fire, draw(st.integers(4, 10)), draw(st.integers(1, 3)),
        draw(st.sampled_from(["german", "soviet"])), **more,
    )  # fmt: skip


@st.composite
def situations(draw: st.DrawFn) -> CombatSituation:
    attackers = [
        Participant(draw(units(TROOPS)), across=draw(st.sampled_from([None, "major-river"])),
                    elevation=draw(st.sampled_from([None, 0, 1])))
        for _ in range(draw(st.integers(1, 3)))
    ]  # fmt: skip
    if draw(st.booleans()):
        attackers.append(
            Participant(unit("Leader", "leader", 0, 8, leader_of="infantry", leader_modifier=1))
        )
        attackers.append(Participant(unit("Squad", "squad", 4, 7)))
    states = st.sampled_from(["", "", "disrupted", "demoralized"])
    markers = st.sampled_from(
        [frozenset(), frozenset(), frozenset({"dug-in"}), frozenset({"riding"})]
    )
    defenders = [
        Participant(
            draw(units(DEFENDING)),
            status=UnitStatus(state=draw(states), markers=draw(markers)),
            elevation=draw(st.sampled_from([None, 1, 2])),
        )
        for _ in range(draw(st.integers(1, 3)))
    ]
    # ACT shift: only infantry rides, and only an AFV of its side in the assault
    can_ride = any(p.unit.rule_value("kind") == "afv" for p in defenders)
    defenders = [
        p
        if can_ride and p.unit.rule_value("kind") in INFANTRY
        else replace(p, status=replace(p.status, markers=p.status.markers - {"riding"}))
        for p in defenders
    ]
    conditions = Conditions(
        terrain=draw(st.sampled_from(TERRAIN)),
        first_round=draw(st.booleans()),
        charging=draw(st.booleans()),
    )
    return CombatSituation("assault-morale", tuple(attackers), tuple(defenders), conditions)


RULESET_ID = "assault-morale"
"""The ruleset these strategies fight under: the conformance suite finds them by it."""
