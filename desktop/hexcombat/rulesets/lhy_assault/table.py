"""The Assault Results table: the final roll (d10 + DRM) picks one of six rows, and each row
says who lost, who suffers urban assault and vehicle destruction attempts, how far the losers
retreat, which of them suffer a casualty, check cohesion or regroup, and who advances.

A flagged entry of the aid (Japanese and Russian) applies to the Japanese and Russian units of
the losing side; the plain entry to the others. The results fall on non-vehicular units, the
retreat on every unit of the losing side (vehicles suffer vehicle destruction attempts).
"""

from __future__ import annotations

from dataclasses import dataclass

from hexcombat.rules.vocabulary import SideName

RULE = "Assault Results"


@dataclass(frozen=True)
class Row:
    """One row of the Assault Results table, as the aid prints it."""

    code: str
    """The result code: the losing side's letter, then D (decisively, 14 and below -1), L
    (10-13, -1..1) or M (marginally, 6-9, 2-5)."""
    rolls: str
    """The final rolls of the row as the aid prints them."""
    low: int
    """The lowest final roll of the row (None-like -99 for the last)."""
    high: int
    loser: SideName
    urban: tuple[int, int, tuple[SideName, ...]] | None
    """Urban assault: the final rolls it happens on and the sides that suffer it."""
    destruction: tuple[SideName, ...]
    """The sides that make vehicle destruction attempts."""
    retreat: tuple[int, int]
    casualty: str
    """Which plain losing units suffer a casualty: ``all``, ``disrupted`` or ``""``."""
    check: str
    """Which plain losing units check cohesion: ``all``, ``undisrupted`` or ``""``."""
    jr: str
    """The flagged Japanese/Russian entries: ``best+others`` (the best suffers a casualty, the
    others check cohesion), ``best+disrupt`` (the best suffers a casualty, the others are
    disrupted first), ``best-check`` (only the best checks cohesion)."""
    jr_regroup: bool
    """Whether the losing Japanese/Russian units (undisrupted) regroup."""
    regroup_both: bool
    """Whether every undisrupted non-vehicular unit of both sides regroups."""
    advance: SideName | None


ROWS = (
    Row("DD", "14+", 14, 99, "defender", None, ("attacker",), (4, 4), "all", "", "best+others",
        True, False, "attacker"),
    Row("DL", "10-13", 10, 13, "defender", None, ("attacker", "defender"), (2, 4), "disrupted",
        "undisrupted", "best+disrupt", True, False, None),
    Row("DM", "6-9", 6, 9, "defender", (6, 7, ("attacker", "defender")), ("attacker", "defender"),
        (2, 4), "", "all", "best-check", False, True, None),
    Row("AM", "2-5", 2, 5, "attacker", (4, 5, ("attacker",)), ("attacker", "defender"), (2, 4), "",
        "all", "best-check", False, True, None),
    Row("AL", "-1..1", -1, 1, "attacker", None, ("attacker", "defender"), (2, 4), "disrupted",
        "undisrupted", "best+disrupt", True, False, None),
    Row("AD", "below -1", -99, -2, "attacker", None, ("defender",), (4, 4), "all", "",
        "best+others", True, False, "defender"),
)  # fmt: skip


def row_for(final: int) -> Row:
    """The row of a final roll (14 and above, below -1 at the ends)."""
    return next(r for r in ROWS if r.low <= final <= r.high)


def words(row: Row, urban: bool = True) -> str:
    """The row in a player's words, for the outcome list; its urban assault only when the
    defenders are in an ``urban`` building (14.3.1)."""
    loser = "defenders" if row.loser == "defender" else "attackers"
    parts = [
        f"{row.rolls}: the {loser} lose and retreat {row.retreat[0]}"
        + (f"-{row.retreat[1]}" if row.retreat[1] != row.retreat[0] else "")
    ]
    if row.casualty:
        parts.append(
            f"casualty to {row.casualty} units" if row.casualty != "all" else "casualty to all"
        )
    if row.check:
        parts.append(f"cohesion check for {row.check}")
    if row.urban and urban:
        parts.append(f"urban assault on {row.urban[0]}-{row.urban[1]}")
    if row.regroup_both:
        parts.append("undisrupted units regroup")
    if row.advance:
        parts.append(f"the {row.advance} advances")
    return "; ".join(parts)
