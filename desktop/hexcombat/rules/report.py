"""What a ruleset says about a combat before the roll (:class:`Report`) and after it
(:class:`CombatResult`). Both are plain data: the panel shows them, tests assert on them, and
``hexcombat explain --json`` prints them."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from fractions import Fraction

from hexcombat.rules.errors import UnitDataError
from hexcombat.rules.explain import Explanation, Step, Value, json_number

# The 10.F required-loss rule lives with the loss policy; these names stay importable from here.
from hexcombat.rules.required_losses import (  # noqa: F401
    Pool,
    RequiredLossRule,
    _max_flow,
    _pooled_flow,
    converted_max,
    usable_points,
)
from hexcombat.rules.situation import CombatSituation

NEEDS_STRENGTHS = "the odds and the chance of each result need strengths"
"""What a report without odds says: some unit lacks the strength the odds are computed from."""


@dataclass
class Report:
    """A combat evaluated: totals, the final DRM and its chances, working, and outcomes."""

    ruleset: str
    situation: CombatSituation
    totals: dict[str, Value]
    """Ruleset totals, e.g. ``aeca_res``, ``atec_res``, ``attack_strength``, ``odds``."""
    odds: str | None
    """The odds column used on the combat results table, e.g. ``3:1``; None when a unit has no
    strength (``missing_strengths``): the modifiers are worked out, the odds are not."""
    drm_distribution: dict[int, Fraction]
    """Each possible final die roll modifier with its probability (chance steps such as
    "+3 with a 50% chance of +4", 10.C)."""
    outcomes: dict[str, Fraction]
    """Each combat result code with its exact probability (none without odds)."""
    explanation: Explanation = field(default_factory=Explanation)
    missing_strengths: tuple[tuple[str, str], ...] = ()
    """Each unit without the strength the odds need, and which (``("Tank X", "attack")``): the
    worked examples of the rules texts give none. Then ``odds`` is None and there are no
    outcomes."""

    def require_odds(self) -> None:
        """Refuse to roll for a combat whose odds wait for strengths (the roll needs a column)."""
        if self.odds is None:
            raise UnitDataError(
                f"cannot roll: {NEEDS_STRENGTHS}: {strengths_wanted(self.missing_strengths)}"
            )

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
            "missing_strengths": [
                {"unit": unit, "strength": kind} for unit, kind in self.missing_strengths
            ],
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


def strengths_wanted(missing: Collection[tuple[str, str]]) -> str:
    """``give `attack` to Tank X, Rifle XX; `defence` to Inf XX``: what a player adds."""
    kinds = dict.fromkeys(kind for _unit, kind in missing)
    return "give " + "; ".join(
        f"`{kind}` to " + ", ".join(unit for unit, k in missing if k == kind) for kind in kinds
    )


def exact(p: Fraction) -> str:
    """A probability as an exact fraction, ``"1/12"`` (``"1"``, ``"0"``), for JSON readers that
    must not lose precision to a float."""
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


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
