"""What a ruleset says about a combat before the roll (:class:`Report`) and after it
(:class:`CombatResult`). Both are plain data: the panel shows them, tests assert on them, and
``hexcombat explain --json`` prints them."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from hexcombat.rules.explain import Explanation, Step, Value, json_number
from hexcombat.rules.situation import CombatSituation


@dataclass
class Report:
    """A combat evaluated: totals, the final DRM and its chances, working, and outcomes."""

    ruleset: str
    situation: CombatSituation
    totals: dict[str, Value]
    """Ruleset totals, e.g. ``aeca_res``, ``atec_res``, ``attack_strength``, ``odds``."""
    odds: str
    """The odds column used on the combat results table, e.g. ``3:1``."""
    drm_distribution: dict[int, Fraction]
    """Each possible final die roll modifier with its probability (chance steps such as
    "+3 with a 50% chance of +4", 10.C)."""
    outcomes: dict[str, Fraction]
    """Each combat result code with its exact probability."""
    explanation: Explanation = field(default_factory=Explanation)

    @property
    def drm(self) -> int:
        """The final DRM; where a chart gives a chance, the lower value."""
        return min(self.drm_distribution)

    @property
    def steps(self) -> list[Step]:
        """The ordered working."""
        return self.explanation.steps

    @property
    def warnings(self) -> list[str]:
        """Assumed chart values used, rules waived."""
        return self.explanation.warnings

    def to_json(self) -> dict[str, object]:
        """The report as JSON-ready data (``hexcombat explain --json``)."""
        return {
            "ruleset": self.ruleset,
            "odds": self.odds,
            "drm": self.drm,
            "drm_distribution": [
                {"drm": d, "probability": float(p), "exact": exact(p)}
                for d, p in sorted(self.drm_distribution.items())
            ],
            "totals": {k: json_number(v) for k, v in self.totals.items()},
            "steps": [s.to_json() for s in self.steps],
            "warnings": list(self.warnings),
            "outcomes": [
                {"result": code, "probability": float(p), "exact": exact(p)}
                for code, p in self.outcomes.items()
            ],
        }


def exact(p: Fraction) -> str:
    """A probability as an exact fraction, ``"1/12"`` (``"1"``, ``"0"``), for JSON readers that
    must not lose precision to a float."""
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


@dataclass(frozen=True)
class RequiredLossRule:
    """Which of a side's units may take its required AEC/ATEC losses, and how many (10.F).

    Units are named by their index among the side's participants. ``fixed`` strength points must
    come from units with at least 1/2 of the capability used or from converted units, plus one
    point per RE of ``atec_res`` (rounded up); an infantry or motorized division eliminated
    entirely counts its intrinsic ATEC REs towards the latter (10.F.2 exception). Converted units
    give at most half the factors eliminated (10.F.1, 10.F.2); never more is required than the
    side loses (10.F).
    """

    rule: str
    """``10.F.1`` (AECA, AECD) or ``10.F.2`` (ATEC): the rule a shortfall cites."""
    fixed: int
    """Strength points required whatever is eliminated (AECA or AECD REs, rounded up)."""
    atec_res: Fraction = Fraction(0)
    """REs of ATEC counted for required losses (10.F.2); intrinsic ATEC may pay part of them."""
    capable: tuple[int, ...] = ()
    """Units with at least 1/2 of the capability used."""
    converted: tuple[int, ...] = ()
    """Units whose neutral REs were converted (and have no capability of their own)."""
    intrinsic: tuple[tuple[int, Fraction], ...] = ()
    """Divisions with intrinsic ATEC counted, and how many REs of it (10.C.3)."""
    loss_points: int = 0
    """The strength points the result takes from the side."""
    most: int | None = None
    """The most its capable and converted units can give (converted ones at most half the
    factors eliminated, 10.F.1); never more is required."""

    @cached_property
    def _capable(self) -> frozenset[int]:
        """:attr:`capable` to look units up in at once (a stack's losses ask per unit)."""
        return frozenset(self.capable)

    @cached_property
    def _converted(self) -> frozenset[int]:
        return frozenset(self.converted) - self._capable

    def is_capable(self, unit: int) -> bool:
        """Unit ``unit`` has at least 1/2 of the capability used."""
        return unit in self._capable

    def is_converted(self, unit: int) -> bool:
        """Unit ``unit`` was converted (and has no capability of its own)."""
        return unit in self._converted

    def required(self, eliminated: Collection[int] = ()) -> int:
        """Strength points required from capable or converted units when the units
        ``eliminated`` are lost entirely (10.F.2: their intrinsic ATEC counts)."""
        credit = sum((res for i, res in self.intrinsic if i in eliminated), Fraction(0))
        atec = math.ceil(max(Fraction(0), self.atec_res - credit))
        most = self.loss_points if self.most is None else min(self.most, self.loss_points)
        return min(most, self.fixed + atec)

    def counted(self, lost: Mapping[int, int]) -> int:
        """Points of ``lost`` (unit -> points) that count towards the required losses: all
        from capable units, from converted units at most half of all points lost."""
        own = sum(points for i, points in lost.items() if i in self._capable)
        converted = sum(points for i, points in lost.items() if i in self._converted)
        return own + min(converted, converted_max(sum(lost.values())))

    def shortfall(self, lost: Mapping[int, int], strengths: Mapping[int, int]) -> int | None:
        """The points still needed when units ``lost`` (each lost entirely) do not meet the
        requirement though the side's units (``strengths``) could have; else None."""
        total = sum(lost.values())
        need = min(self.required(lost.keys()), total)
        have = self.counted(lost)
        most = sum(s for i, s in strengths.items() if i in self._capable) + min(
            sum(s for i, s in strengths.items() if i in self._converted), converted_max(total)
        )
        return need if have < need and have < most else None


def converted_max(points_lost: int) -> int:
    """Converted units give at most half the factors eliminated (10.F.1, 10.F.2)."""
    return points_lost // 2


@dataclass
class SideResult:
    """What one side must do after the roll."""

    eliminated: bool = False
    """Every unit of the side is eliminated."""
    loss_fraction: Fraction = Fraction(0)
    """Share of the side's strength to lose (1/2 for a half result)."""
    loss_points: int = 0
    """Strength points the side must lose (exchanges are computed from the other side's loss)."""
    required_losses: Fraction = Fraction(0)
    """Of those, strength points that must come from AEC/ATEC units (10.F)."""
    retreat_hexes: int = 0
    """Hexes the side must retreat."""
    exempt: tuple[str, ...] = ()
    """Units not subject to the result (long-range artillery firing at two hexes, 14A3)."""
    converted_max: int = 0
    """Of the required losses, at most this many points from converted units (10.F.1)."""
    required_by: RequiredLossRule | None = None
    """Which units may take the required losses (10.F); None when there are none."""


@dataclass
class CombatResult:
    """A report resolved with dice."""

    code: str
    """The combat result code, e.g. ``DR`` or ``EX``."""
    die: int
    """The combat die as rolled."""
    drm: int
    """The final DRM applied (after any chance roll)."""
    modified_roll: int
    """Die plus DRM, limited to the table's rows."""
    attacker: SideResult
    defender: SideResult
    advance: bool
    """Whether the attacker may advance into the vacated hex."""
    steps: list[Step] = field(default_factory=list)
    """How the result was reached and what it requires, each with its rule."""

    def to_json(self) -> dict[str, object]:
        """The result as JSON-ready data."""

        def side(s: SideResult) -> dict[str, object]:
            return {
                "eliminated": s.eliminated,
                "loss_fraction": json_number(s.loss_fraction),
                "loss_points": s.loss_points,
                "required_losses": json_number(s.required_losses),
                "retreat_hexes": s.retreat_hexes,
                "exempt": list(s.exempt),
                "converted_max": s.converted_max,
            }

        return {
            "result": self.code,
            "die": self.die,
            "drm": self.drm,
            "modified_roll": self.modified_roll,
            "attacker": side(self.attacker),
            "defender": side(self.defender),
            "advance": self.advance,
            "steps": [s.to_json() for s in self.steps],
        }
