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


@st.composite
def opposed_tables(draw: st.DrawFn) -> tuple[str, str, bool]:
    """The ``[[dice]]`` and ``[table.rows]`` of an opposed roll as TOML, and whether the format
    allows them: each side's dice (1 or 2 of 4, 6 or 10 sides; a die may say no side, or both
    the same), rows of one to three differences each from the lowest difference the dice give
    to the highest, one perhaps left out or one too far."""
    entries, sides = [], []
    for who in ("attacker", "defender"):
        count, faces = draw(st.integers(1, 2)), draw(st.sampled_from([4, 6, 10]))
        side = draw(st.sampled_from([who, who, who, None, "attacker"]))
        sides.append((side, count, faces))
        said = f'side = "{side}"\n' if side else ""
        entries.append(
            f'[[dice]]\nname = "{who} dice"\nsides = {faces}\ncount = {count}\n{said}rule = "S2"\n'
        )
    (a_side, a_count, a_faces), (d_side, d_count, d_faces) = sides
    low, high = a_count - d_count * d_faces, a_count * a_faces - d_count
    keys, at = [], low
    while at <= high:
        width = draw(st.integers(1, 3))
        keys.append((at, min(at + width - 1, high)))
        at += width
    fault = draw(st.sampled_from(["none", "none", "gap", "beyond"]))
    if fault == "gap" and len(keys) > 1:
        keys.pop(draw(st.integers(0, len(keys) - 1)))
    elif fault == "beyond":
        keys[-1] = (keys[-1][0], high + 1)
    else:
        fault = "none"
    codes = '["AL", "NE", "DR", "DL"]'
    rows = "".join(f'"{lo}..{hi}" = {codes}\n' for lo, hi in keys)
    sound = fault == "none" and {a_side, d_side} == {"attacker", "defender"}
    return "\n".join(entries), rows, sound
