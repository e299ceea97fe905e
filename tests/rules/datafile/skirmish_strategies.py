"""Legal attacks of the skirmish test file (an opposed d6 on a differential table, morale and
training on the units), and the conditions over unit values its loader tests generate."""

from __future__ import annotations

from datafile_strategies import situations_for
from hypothesis import strategies as st

from hexcombat.rules.situation import CombatSituation

RULESET_ID = "skirmish"
VALUES = {"morale": "int", "training": "choice", "courage": None}
"""The values a generated condition names: two the file declares, one it does not."""
TRAINING = ("green", "regular", "elite")


def situations() -> st.SearchStrategy[CombatSituation]:
    return situations_for(
        RULESET_ID,
        ["clear", "woods"],
        ["infantry", "armour"],
        steps=True,
        across=[None, "stream"],
        values={"morale": st.integers(1, 6), "training": st.sampled_from(TRAINING)},
    )


@st.composite
def unit_conditions(draw: st.DrawFn) -> tuple[str, bool]:
    """An ``any-unit`` / ``every-unit`` condition as TOML, and whether the format allows it: a
    declared value compared as its kind allows (an int by ``at_least`` / ``at_most`` in order,
    a choice by ``is`` among its choices), else not."""
    kind = draw(st.sampled_from(["any-unit", "every-unit"]))
    side = draw(st.sampled_from(["attacker", "defender"]))
    value = draw(st.sampled_from(sorted(VALUES)))
    low = draw(st.none() | st.integers(-3, 9))
    high = draw(st.none() | st.integers(-3, 9))
    said = draw(
        st.none()
        | st.sampled_from([*TRAINING, "veteran"])
        | st.lists(st.sampled_from(TRAINING), min_size=1, max_size=2, unique=True)
    )
    parts = [f'kind = "{kind}"', f'side = "{side}"', f'value = "{value}"']
    if low is not None:
        parts.append(f"at_least = {low}")
    if high is not None:
        parts.append(f"at_most = {high}")
    if said is not None:
        shown = (
            f'"{said}"' if isinstance(said, str) else "[" + ", ".join(f'"{c}"' for c in said) + "]"
        )
        parts.append(f"is = {shown}")
    declared = VALUES[value]
    if declared == "int":
        sound = (
            said is None
            and (low, high) != (None, None)
            and (low is None or high is None or low <= high)
        )
    elif declared == "choice":
        named = [said] if isinstance(said, str) else said or []
        sound = low is None and high is None and bool(named) and all(c in TRAINING for c in named)
    else:
        sound = False
    return "{ " + ", ".join(parts) + " }", sound
