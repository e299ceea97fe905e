"""The Europa family's own result figures, declared as a typed feature of its results: the
strength points each side must take from its armour or anti-tank units (10.F), how many of
them converted units may give (10.F.1), and which units may take them. Other games' results
have none; the loss policy and the JSON ask for this feature by its type."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import ClassVar

from hexcombat.rules.explain import json_number
from hexcombat.rules.report import CombatResult, SideFigures
from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.europa.required_losses import RequiredLossRule


@dataclass(frozen=True)
class SideRequired:
    """One side's required losses (10.F)."""

    required_losses: Fraction = Fraction(0)
    """Strength points of the side's loss that must come from AEC/ATEC units (10.F)."""
    converted_max: int = 0
    """Of the required losses, at most this many points from converted units (10.F.1)."""
    required_by: RequiredLossRule | None = None
    """Which units may take the required losses (10.F); None when there are none."""


@dataclass(frozen=True)
class RequiredLossFigures(SideFigures):
    """Feature of a Europa result: each side's required losses (10.F); one with none required
    of either side still says so (``required_losses`` 0), as every Europa result's JSON does."""

    attacker: SideRequired
    defender: SideRequired
    placed_after: ClassVar[Mapping[str, str]] = MappingProxyType({"required_losses": "loss_points"})

    def side(self, side: SideName) -> SideRequired:
        """``side``'s required losses."""
        return self.attacker if side == "attacker" else self.defender

    def side_json(self, side: SideName) -> Mapping[str, object]:
        """``required_losses`` and ``converted_max`` as report-schema.md gives them."""
        mine = self.side(side)
        return {
            "required_losses": json_number(mine.required_losses),
            "converted_max": mine.converted_max,
        }


NONE_REQUIRED = SideRequired()
"""A side of a result no 10.F loss is required of."""
NOTHING_REQUIRED = RequiredLossFigures(NONE_REQUIRED, NONE_REQUIRED)
"""The 10.F figures of a result that requires no loss of either side (Total War's)."""


def required_of(result: CombatResult, side: SideName) -> SideRequired:
    """``side``'s required losses in ``result`` (none when the result declares none)."""
    found = result.feature(RequiredLossFigures)
    return found.side(side) if found is not None else NONE_REQUIRED


@dataclass(frozen=True)
class NotSubject(SideFigures):
    """Feature of a Europa result: attacking units not subject to it (long-range artillery
    firing at two hexes, 14A3), by name; they are in no effect's targets either."""

    attacker: tuple[str, ...]
    placed_after: ClassVar[Mapping[str, str]] = MappingProxyType({"exempt": "retreat_min_hexes"})

    def side_json(self, side: SideName) -> Mapping[str, object]:
        """``exempt`` as report-schema.md gives it: the attackers' names, none for the defender."""
        return {"exempt": list(self.attacker) if side == "attacker" else []}
