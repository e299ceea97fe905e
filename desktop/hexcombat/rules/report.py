"""What a ruleset says about a combat before the roll (:class:`Report`) and after it
(:class:`CombatResult`). Both are plain data: the panel shows them, tests assert on them, and
``hexcombat explain --json`` prints them."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from hexcombat.rules.effects import DieRoll, Effect
from hexcombat.rules.errors import UnitDataError
from hexcombat.rules.explain import Explanation, Favours, Step, Value, json_number

# The 10.F required-loss rule lives with the loss policy; these names stay importable from here.
from hexcombat.rules.required_losses import (  # noqa: F401
    Pool,
    RequiredLossRule,
    _max_flow,
    _pooled_flow,
    converted_max,
    usable_points,
)
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.vocabulary import DieSpec, SideName, Vocabulary

NEEDS_STRENGTHS = "the odds and the chance of each result need strengths"
"""What a report without odds says: some unit lacks the strength the odds are computed from."""


@dataclass(frozen=True)
class Outcome:
    """One result a combat may have, with its exact chance and whom it favours."""

    code: str
    """The result as the ruleset's table names it, e.g. ``DR``."""
    probability: Fraction
    favours: Favours
    """``attacker`` when only the defender suffers, ``defender`` when only the attacker does,
    ``neither`` when both (an exchange) or nobody do; a table that names the loser favours the
    winner (The Last Hundred Yards, Assault Results: the winner may still regroup)."""
    text: str = ""
    """What the result does, in a player's words."""
    suffers: tuple[SideName, ...] | None = None
    """The sides the result harms (a loss, a retreat, an exchange's loss), when the ruleset
    says: ``favours`` cannot tell an exchange from a stall, and a chart that sums "the attacker
    suffers nothing" needs to. None: the ruleset does not say."""
    unharmed: Mapping[SideName, Fraction] | None = None
    """Each side's exact chance to come out of this result unharmed (no loss, no retreat), when
    a later roll decides it (a vehicle destruction attempt that may hit the winners); ``suffers``
    then lists every side the result may harm. None: ``suffers`` says it for certain."""

    def to_json(self) -> dict[str, object]:
        """The outcome as JSON-ready data."""
        return {
            "result": self.code,
            "probability": float(self.probability),
            "exact": exact(self.probability),
            "favours": self.favours,
            "text": self.text,
            "suffers": list(self.suffers) if self.suffers is not None else None,
            "unharmed": {
                side: {"probability": float(p), "exact": exact(p)}
                for side, p in self.unharmed.items()
            }
            if self.unharmed is not None
            else None,
        }


@dataclass
class Report:
    """A combat evaluated: totals, the final DRM and its chances, working, and outcomes.

    Every ruleset fills the general parts a player reads first (``headline``, ``steps``,
    ``warnings``, ``outcome_list``, ``dice``); ``payload`` holds the ruleset's own figures
    (a Europa odds column and DRM chances); ``odds`` / ``drm_distribution`` / ``outcomes``
    stay readable for the operational rulesets."""

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
    headline: str = ""
    """What a player reads first, e.g. ``3:1, DRM +1``."""
    outcome_list: tuple[Outcome, ...] = ()
    """Each result with its exact chance (adding up to 1) and whom it favours; empty when the
    combat cannot be rolled (``missing_strengths``)."""
    payload: Mapping[str, object] = field(default_factory=dict)
    """The ruleset's own figures beside the general ones (Europa: ``odds_column``,
    ``drm_chances``); :func:`json_ready` writes them for ``--json``."""
    dice: tuple[DieSpec, ...] = ()
    """The dice the combat rolls first, in order (a chance roll, then the combat die);
    follow-up rolls (a morale check) are declared in the ruleset's vocabulary."""
    unit_fates: Mapping[str, Mapping[str, Fraction]] = field(default_factory=dict)
    """For rulesets whose results are followed by rolls per unit (morale checks): each
    participant id with the exact chance it ends the combat in each end state, counting every
    follow-up roll: ``good-order``, a state key of the ruleset's vocabulary (``disrupted``), or
    ``eliminated``; each unit's chances add up to 1. Empty: the ruleset gives none."""

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
            "headline": self.headline,
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
            "outcome_list": [o.to_json() for o in self.outcome_list],
            "payload": json_ready(self.payload),
            "dice": [die_json(d) for d in self.dice],
            "unit_fates": {
                fate.id: {
                    "unit": fate.unit,
                    "side": fate.side,
                    "hex": fate.hex,
                    "chances": {
                        end: {"probability": float(p), "exact": exact(p)}
                        for end, p in fate.chances.items()
                    },
                }
                for fate in unit_fate_list(self)
            },
        }


GOOD_ORDER, ELIMINATED = "good-order", "eliminated"
"""The end states every unit may reach beside the ruleset's own (``Report.unit_fates``)."""


@dataclass(frozen=True)
class UnitFate:
    """One participant's chances of ending the combat in each end state, with whom it is."""

    id: str
    side: SideName
    unit: str
    """The unit's name as a player reads it (``Rifles x2``)."""
    hex: str | None
    chances: Mapping[str, Fraction]


def fate_columns(vocabulary: Vocabulary) -> tuple[tuple[str, str], ...]:
    """Each end state's key and label in the order a player reads them: good order, the
    ruleset's states from the mildest (its vocabulary's order), eliminated."""
    states = tuple((s.key, s.label) for s in vocabulary.states if s.key not in ("", GOOD_ORDER))
    return ((GOOD_ORDER, "Good order"), *states, (ELIMINATED, "Eliminated"))


def fate_chances(fate: UnitFate, vocabulary: Vocabulary) -> tuple[Fraction, ...]:
    """``fate``'s chance of each end state, in :func:`fate_columns` order (0 where none)."""
    return tuple(fate.chances.get(key, Fraction(0)) for key, _label in fate_columns(vocabulary))


def unit_fate_list(report: Report) -> tuple[UnitFate, ...]:
    """Each participant ``report.unit_fates`` gives chances for: the defenders first, then the
    attackers, each side in the combat's order (the panel's and the explanation's order)."""
    found = []
    sides: tuple[tuple[SideName, tuple[Participant, ...]], ...] = (
        ("defender", report.situation.defenders),
        ("attacker", report.situation.attackers),
    )
    for side, participants in sides:
        for place, p in enumerate(participants, 1):
            pid = participant_id(p, side, place)
            if pid in report.unit_fates:
                count = f" x{p.count}" if p.count != 1 else ""
                found.append(
                    UnitFate(pid, side, f"{p.unit.name}{count}", p.hex, report.unit_fates[pid])
                )
    return tuple(found)


def die_json(die: DieSpec) -> dict[str, object]:
    """A die a combat rolls, as JSON-ready data."""
    return {
        "purpose": die.purpose,
        "name": die.name,
        "sides": die.sides,
        "count": die.count,
        "rule": die.rule,
        "side": die.side,
        "follow_up": die.follow_up,
    }


def json_ready(value: object) -> object:
    """A ruleset's payload as JSON: exact fractions as ``"1/2"`` (never a lossy float),
    mappings with text keys, sequences as lists."""
    if isinstance(value, Fraction):
        return exact(value)
    if isinstance(value, Mapping):
        return {str(k): json_ready(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_ready(v) for v in value]
    return value


def participant_id(participant: Participant, side: SideName, place: int) -> str:
    """The id results address ``participant`` by: its own (the counter's id in a game), else
    ``attacker-1``, ``defender-2``: its side and its place (from 1) among that side's entries."""
    return participant.id if participant.id is not None else f"{side}-{place}"


def with_ids(situation: CombatSituation) -> CombatSituation:
    """``situation`` with every participant carrying an id (:func:`participant_id`), so a
    map-less scenario's results can address each entry."""
    attackers = tuple(
        replace(p, id=participant_id(p, "attacker", i))
        for i, p in enumerate(situation.attackers, 1)
    )
    defenders = tuple(
        replace(p, id=participant_id(p, "defender", i))
        for i, p in enumerate(situation.defenders, 1)
    )
    return replace(situation, attackers=attackers, defenders=defenders)


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
    """Hexes the side must retreat (the most, when the rule lets it choose how far)."""
    retreat_min_hexes: int = 0
    """The fewest hexes it may retreat when the rule gives a span (14.3.3: 2-4); 0: exactly
    ``retreat_hexes``."""
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
    headline: str = ""
    """What a player reads first, e.g. ``roll 4 +1 = 5 on 3:1: DR``."""
    rolls: tuple[DieRoll, ...] = ()
    """Every die rolled, in order, with what it decided (chance roll, combat die, follow-ups)."""
    effects: tuple[Effect, ...] = ()
    """What the result does, addressed to participant ids; units not subject to it (14A3)
    are in no effect's targets."""

    def to_json(self) -> dict[str, object]:
        """The result as JSON-ready data."""

        def side(s: SideResult) -> dict[str, object]:
            return {
                "eliminated": s.eliminated,
                "loss_fraction": json_number(s.loss_fraction),
                "loss_points": s.loss_points,
                "required_losses": json_number(s.required_losses),
                "retreat_hexes": s.retreat_hexes,
                "retreat_min_hexes": s.retreat_min_hexes or s.retreat_hexes,
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
            "headline": self.headline,
            "rolls": [r.to_json() for r in self.rolls],
            "effects": [e.to_json() for e in self.effects],
        }
