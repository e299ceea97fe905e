"""Hypothesis strategies for legal Last Hundred Yards assaults, and the unit makers the
lhy-assault tests share (a plain module: tests/conftest.py puts this folder on the path)."""

from __future__ import annotations

from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import Unit

STEPS = {"squad": 2, "section": 1, "mg": 1, "fp": 1, "leader": 1, "latw": 1, "ft": 1,
         "towed-gun": 1, "carrier": 1, "half-track": 1, "fv": 1, "afv": 1}  # fmt: skip


def unit(kind: str, nationality: str = "us", name: str = "", **rules: int) -> Unit:
    """A unit of ``kind`` with its ``rules`` values (cohesion, av, atv, company...)."""
    values = {"kind": kind, **rules}
    return Unit(
        name or f"{nationality} {kind}",
        nationality=nationality,
        steps=STEPS[kind],
        movement=4 if kind in ("carrier", "half-track", "fv", "afv") else None,
        rules=tuple(sorted(values.items())),
    )


def part(u: Unit, *markers: str, state: str = "", lost: int = 0, **kw: object) -> Participant:
    """``u`` in a combat with its markers, state and steps lost."""
    status = UnitStatus(steps_lost=lost, state=state, markers=frozenset(markers))
    return Participant(u, status=status, **kw)  # type: ignore[arg-type]


def assault(
    attackers: list[Participant], defenders: list[Participant], **conditions: object
) -> CombatSituation:
    """An lhy-assault combat."""
    return CombatSituation(
        "lhy-assault", tuple(attackers), tuple(defenders), Conditions(**conditions)
    )  # type: ignore[arg-type]


NATIONS = ("german", "us", "british", "japanese", "russian")
DEFENDING = ("squad", "section", "mg", "fp", "leader", "latw", "ft", "towed-gun", "carrier",
             "half-track", "fv", "afv")  # fmt: skip


@st.composite
def _unit(draw: st.DrawFn, kinds: tuple[str, ...], nation: str) -> Unit:
    kind = draw(st.sampled_from(kinds))
    rules: dict[str, int] = {"company": draw(st.integers(1, 2))}
    if kind in ("carrier", "half-track", "fv", "afv"):
        rules["av"] = draw(st.integers(0, 5))
        if draw(st.booleans()):
            rules["atv"] = draw(st.integers(-1, 5))
    else:
        rules["cohesion"] = draw(st.integers(3, 9))
    return unit(kind, nation, **rules)


@st.composite
def situations(draw: st.DrawFn) -> st.SearchStrategy[CombatSituation]:  # type: ignore[type-var]
    """A legal assault: a combat unit first among the attackers, perhaps a leader, LATW, FT or
    AFV beside it, and any defenders in any state."""
    att_nation = draw(st.sampled_from(NATIONS))
    def_nation = draw(st.sampled_from([n for n in NATIONS if n != att_nation]))
    first = draw(_unit(("squad", "section", "mg"), att_nation))
    attackers = [
        part(
            first,
            *draw(st.sampled_from([(), ("heroic",)])),
            range=draw(st.integers(1, 2)),
            elevation=draw(st.integers(0, 1)),
        )
    ]
    more = ("squad", "section", "mg", "latw", "ft", "afv") + (
        () if att_nation == "russian" else ("leader",)
    )
    attackers += [part(u, range=1) for u in draw(st.lists(_unit(more, att_nation), max_size=3))]
    defenders = []
    for u in draw(st.lists(_unit(DEFENDING, def_nation), min_size=1, max_size=3)):
        markers = draw(
            st.lists(
                st.sampled_from(
                    ["concealed", "ip", "regrouping", "in-motion", "shocked", "riders"]
                ),
                max_size=2,
                unique=True,
            )
        )
        state = draw(st.sampled_from(["", "", "disrupted"]))
        lost = draw(st.integers(0, (u.steps or 1) - 1))
        defenders.append(part(u, *markers, state=state, lost=lost, elevation=1))
    conditions = {
        "terrain": draw(
            st.sampled_from(
                ["clear", "woods", "urban-building", "rural-building", "hill", "sunken-road"]
            )
        ),
        "date": draw(st.sampled_from([None, "1943-09", "1944-06"])),
        "night": draw(st.booleans()),
        "envelopment": draw(st.booleans()),
    }
    return assault(attackers, defenders, **conditions)  # type: ignore[return-value]


RULESET_ID = "lhy-assault"
"""The ruleset these strategies fight under: the conformance suite finds them by it."""
