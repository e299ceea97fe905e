"""What a ruleset says about a combat before the roll (:class:`Report`) and after it
(:class:`CombatResult`). Both are plain data: the panel shows them, tests assert on them, and
``hexcombat explain --json`` prints them."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

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
                {"drm": d, "probability": float(p)}
                for d, p in sorted(self.drm_distribution.items())
            ],
            "totals": {k: json_number(v) for k, v in self.totals.items()},
            "steps": [s.to_json() for s in self.steps],
            "warnings": list(self.warnings),
            "outcomes": [
                {"result": code, "probability": float(p)} for code, p in self.outcomes.items()
            ],
        }


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
