"""The chance of every result grouped by whom it favours, and each side's chance to come out
unharmed (no loss, no retreat): what the Combat panel's chart draws and the combat report lists,
in the same order. Qt-free.

The groups and sums come from each outcome's ``favours``, ``suffers`` and ``unharmed``
(rules/report.py), never from a table's result codes, so any ruleset's outcomes read the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from hexcombat.rules.explain import Favours
from hexcombat.rules.report import Outcome
from hexcombat.rules.vocabulary import SideName

FAVOUR_ORDER: tuple[Favours, ...] = ("attacker", "neither", "defender")
"""The groups top to bottom: the attacker's hopes first, the defender's last."""
GROUP_TITLE: dict[Favours, str] = {
    "attacker": "For the attacker",
    "neither": "For neither side",
    "defender": "For the defender",
}
UNHARMED = "(unharmed: no loss, no retreat)"
"""What "unharmed" means in the sums (as the README says)."""


@dataclass(frozen=True)
class FavourGroup:
    """The outcomes favouring one side (or neither), with their summed chance."""

    favours: Favours
    chance: Fraction
    outcomes: tuple[Outcome, ...]

    @property
    def title(self) -> str:
        return GROUP_TITLE[self.favours]


def favour_groups(outcomes: Sequence[Outcome]) -> list[FavourGroup]:
    """The outcomes by whom they favour, in :data:`FAVOUR_ORDER`, each group's outcomes in the
    ruleset's order; a side no outcome favours has no group."""
    groups = []
    for who in FAVOUR_ORDER:
        mine = tuple(o for o in outcomes if o.favours == who)
        if mine:
            groups.append(FavourGroup(who, sum((o.probability for o in mine), Fraction(0)), mine))
    return groups


def harms(outcome: Outcome, side: SideName) -> bool | None:
    """Whether ``outcome`` harms ``side``: what the ruleset says, else what ``favours`` tells
    (an outcome favouring one side harms the other and spares it); None when neither says."""
    if outcome.suffers is not None:
        return side in outcome.suffers
    if outcome.favours == "neither":
        return None
    return outcome.favours != side


def spared(outcome: Outcome, side: SideName) -> Fraction | None:
    """The chance ``outcome`` leaves ``side`` unharmed: the ruleset's exact figure where a
    later roll decides (``Outcome.unharmed``), else 1 or 0 as :func:`harms` says; None when
    nothing says."""
    if outcome.unharmed is not None:
        return outcome.unharmed[side]
    harmed = harms(outcome, side)
    return None if harmed is None else Fraction(0 if harmed else 1)


def unharmed_chance(outcomes: Sequence[Outcome], side: SideName) -> Fraction | None:
    """The chance that ``side`` suffers nothing (no loss, no retreat): each outcome's chance
    times its chance of sparing ``side``; None when some outcome does not say."""
    said = [(spared(o, side), o.probability) for o in outcomes]
    if not said or any(s is None for s, _p in said):
        return None
    return sum((s * p for s, p in said if s is not None), Fraction(0))


def cumulative_lines(outcomes: Sequence[Outcome]) -> list[tuple[str, Fraction]]:
    """The sums shown beside the bars: each side's chance to come out unharmed (no loss, no
    retreat), where the outcomes say it."""
    lines = []
    for side in ("attacker", "defender"):
        chance = unharmed_chance(outcomes, side)
        if chance is not None:
            lines.append((f"{side.capitalize()} unharmed", chance))
    return lines
