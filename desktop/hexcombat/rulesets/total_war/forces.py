"""One side's REs as Total War counts them (14D2): normal RE size for every total, artillery left
out of the non-artillery totals, and each heavy unit as 1 RE for the 1/10 tests only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from hexcombat.rules.explain import fmt
from hexcombat.rules.situation import Participant
from hexcombat.rules.units import Unit
from hexcombat.rulesets.europa.units import europa


@dataclass(frozen=True)
class Force:
    """The totals of one side of a combat."""

    participants: tuple[Participant, ...]
    """Every unit of the side, with its capabilities for the combat's date (10.H)."""
    non_artillery: tuple[Participant, ...]
    """The units that count in the non-artillery totals (14D2a)."""
    artillery: tuple[Participant, ...]
    non_artillery_res: Fraction
    heavy_armour_units: int
    """Units qualifying for heavy armour effects, 1 RE each whatever their size (14D2)."""
    heavy_atec_units: int
    """Units qualifying for heavy antitank effects, 1 RE each whatever their size (14D2)."""
    aeca_res: Fraction
    aecd_res: Fraction
    atec_res: Fraction

    @property
    def heavy_armour(self) -> tuple[Participant, ...]:
        """The non-artillery units with heavy armour effects."""
        return tuple(p for p in self.non_artillery if europa(p.unit).heavy_armour)

    @property
    def heavy_atec(self) -> tuple[Participant, ...]:
        """The non-artillery units with heavy antitank effects (heavy armour included, 14D2)."""
        return tuple(p for p in self.non_artillery if europa(p.unit).heavy_atec)


def on_date(participants: Iterable[Participant], date: str | None) -> tuple[Participant, ...]:
    """Each participant with its unit's dated capabilities for ``date`` applied (10.H)."""
    return tuple(replace(p, unit=p.unit.on(date)) if p.unit.changes else p for p in participants)


def force(participants: tuple[Participant, ...]) -> Force:
    """Total one side."""
    non_art = tuple(p for p in participants if not europa(p.unit).artillery)
    art = tuple(p for p in participants if europa(p.unit).artillery)
    return Force(
        participants=participants,
        non_artillery=non_art,
        artillery=art,
        non_artillery_res=sum((europa(p.unit).re * p.count for p in non_art), Fraction(0)),
        heavy_armour_units=sum(p.count for p in non_art if europa(p.unit).heavy_armour),
        heavy_atec_units=sum(p.count for p in non_art if europa(p.unit).heavy_atec),
        aeca_res=_capability(non_art, lambda u: europa(u).aeca.factor),
        aecd_res=_capability(non_art, lambda u: europa(u).aecd.factor),
        atec_res=_capability(non_art, lambda u: europa(u).atec.factor),
    )


def _capability(parts: tuple[Participant, ...], factor: Callable[[Unit], Fraction]) -> Fraction:
    return sum((europa(p.unit).re * factor(p.unit) * p.count for p in parts), Fraction(0))


def listing(
    parts: Iterable[Participant], amount: Callable[[Unit], Fraction | int] | None = None
) -> str:
    """``Hv Tank XX 3 + Rifle XX 2 x2``: each unit with its amount, or just the names."""
    items = []
    for p in parts:
        text = p.unit.name
        if amount is not None:
            text += f" {fmt(amount(p.unit))}"
        if p.count > 1:
            text += f" x{p.count}"
        items.append(text)
    if amount is None:
        return ", ".join(items) or "none"
    return " + ".join(items) or "none"
