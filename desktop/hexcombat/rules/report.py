"""What a ruleset says about a combat before the roll (:class:`Report`) and after it
(:class:`CombatResult`). Both are plain data: the panel shows them, tests assert on them, and
``hexcombat explain --json`` prints them."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType
from typing import ClassVar, TypeVar

from hexcombat.rules.effects import DieRoll, Effect
from hexcombat.rules.errors import UnitDataError
from hexcombat.rules.explain import Explanation, Favours, Step, Value, json_number
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.vocabulary import DieSpec, SideName, Vocabulary

NEEDS_STRENGTHS = "the chance of each result needs strengths"
"""What a report whose units lack a strength says by default (``Report.needs_strengths``): a
ruleset may say it in its own words."""

FeatureT = TypeVar("FeatureT")


# the optional features a report or a result declares ------------------------------------------
# What only some games have is a typed feature the ruleset adds to ``Report.features`` (or
# ``CombatResult.features``); code above the rulesets asks ``report.feature(OddsColumn)`` and
# gets None where the game has none, never a key of the ruleset's own ``payload``. Each feature
# writes its own keys into the JSON of the report or result carrying it (:class:`JsonFeature`):
# a game without odds has no ``odds`` key.


class JsonFeature:
    """A feature that writes its own keys into ``hexcombat explain --json`` (report-schema.md
    says which keys come with which feature)."""

    def json_fragment(self) -> Mapping[str, object]:
        """This feature's keys, JSON-ready."""
        raise NotImplementedError


Boundaries = Callable[[Fraction, Fraction, int], Iterator[Fraction]]
"""``(attack, defence, direction)``: the attack strengths at which a table's column (odds,
a differential, a fire strength) changes, nearest first (``direction`` +1: the least strength
reaching each better column; -1: the strength just under which each worse one begins). The
table's own rounding says them."""


@dataclass(frozen=True)
class TableColumn:
    """Feature: the combat is rolled on a column of a table that attack strength moves (an
    odds ratio, attack minus defence, a fire strength), so a what-if can tell how many factors
    reach the next column each way and the chances there (rules/what_if.py)."""

    column: str | None
    """The column rolled on; None while a unit lacks the strength the column needs."""
    attack: Fraction | None = None
    """The attack strength the column was worked from (None without one)."""
    defence: Fraction | None = None
    """The defence strength the column was worked from (0 where the table reads none)."""
    boundaries: Boundaries | None = field(default=None, compare=False)
    """Where the column changes (:data:`Boundaries`); None: the what-if cannot move it."""
    strength: str = "attack"
    """The unit value the attack strength is read from: the counter's printed ``attack``, or
    a value the ruleset names (``fire``) among the unit's ``rules``."""


@dataclass(frozen=True)
class OddsColumn(TableColumn, JsonFeature):
    """Feature: the combat is rolled on a column of an odds table (``3:1``) that attack
    strength moves: a :class:`TableColumn` whose column is the odds (``Report.to_json``'s
    ``odds``)."""

    def json_fragment(self) -> Mapping[str, object]:
        """``odds``: the column (null while a strength is missing)."""
        return {"odds": self.column}


@dataclass(frozen=True)
class DrmChances(JsonFeature):
    """Feature: the die roll modifier the table roll gets, with the chance of each value where
    a chart gives a chance ("+3 with a 50% chance of +4"); a single value is certain."""

    distribution: Mapping[int, Fraction]

    @property
    def lowest(self) -> int:
        """The final DRM; where a chart gives a chance, the lower value."""
        return min(self.distribution)

    def json_fragment(self) -> Mapping[str, object]:
        """``drm`` (the lower where a chart gives a chance) and ``drm_distribution``."""
        return drm_json(self.distribution)


@dataclass(frozen=True)
class CountedUnits(JsonFeature):
    """Feature: the ruleset's counting limits picked which participants count ("per side at
    most 4 non-vehicular combat steps ... count"); the result still applies to all."""

    attacker: tuple[str, ...]
    """Participant ids of the attackers that count."""
    defender: tuple[str, ...]
    """Participant ids of the defenders that count."""

    def counts(self, participant_id: str) -> bool:
        """Whether the participant counts on either side."""
        return participant_id in self.attacker or participant_id in self.defender

    def json_fragment(self) -> Mapping[str, object]:
        """``counted``: each side's participant ids that count."""
        return {"counted": {"attacker": list(self.attacker), "defender": list(self.defender)}}


@dataclass(frozen=True)
class ModifiedRoll(JsonFeature):
    """Feature of a result: the table was read on one die plus a modifier (an odds table's
    combat die and DRM, an assault's d10 + DRM); the dice themselves are ``CombatResult.rolls``."""

    die: int
    """The die as rolled."""
    drm: int
    """The final DRM applied (after any chance roll)."""
    modified_roll: int
    """Die plus DRM, limited to the table's rows."""

    def json_fragment(self) -> Mapping[str, object]:
        """``die``, ``drm`` and ``modified_roll`` of a result."""
        return {"die": self.die, "drm": self.drm, "modified_roll": self.modified_roll}


class SideFigures:
    """A result feature that adds its own figures to each side of the result's JSON (a
    family's required losses, the units a result leaves alone); a game without them has none
    of its keys."""

    placed_after: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """Where each of its keys goes in a side's JSON: after the key named; a key not named
    goes last."""

    def side_json(self, side: SideName) -> Mapping[str, object]:
        """The figures this feature gives ``side``."""
        raise NotImplementedError

    def placed(self, side: SideName, data: dict[str, object]) -> dict[str, object]:
        """``data`` (a side's JSON) with this feature's figures for ``side`` in their places."""
        for key, value in self.side_json(side).items():
            after = self.placed_after.get(key)
            if key in data or after not in data:
                data[key] = value
                continue
            items = list(data.items())
            at = [k for k, _v in items].index(after) + 1  # type: ignore[arg-type]
            data = dict([*items[:at], (key, value), *items[at:]])
        return data


def find_feature(features: tuple[object, ...], kind: type[FeatureT]) -> FeatureT | None:
    """The first of ``features`` that is a ``kind``, else None."""
    for found in features:
        if isinstance(found, kind):
            return found
    return None


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
    ``warnings``, ``totals``, ``outcome_list``, ``dice``); what only some games have (an odds
    column, a DRM, counting limits) is a typed feature in ``features`` that code above the
    rulesets asks for (:meth:`feature`); ``payload`` holds the ruleset's own figures for JSON
    readers, which nothing above the ruleset reads."""

    ruleset: str
    situation: CombatSituation
    totals: dict[str, Value]
    """Ruleset totals, e.g. ``attack_strength``, ``defence_strength``, ``odds``."""
    outcomes: dict[str, Fraction]
    """Each combat result code with its exact probability (none while strengths are missing)."""
    explanation: Explanation = field(default_factory=Explanation)
    missing_strengths: tuple[tuple[str, str], ...] = ()
    """Each unit without a strength the chance of each result needs, and which (``("Tank X",
    "attack")``): a scenario may leave them out when only the modifiers matter. Then there are
    no outcomes, and the combat cannot be rolled (:meth:`require_strengths`)."""
    needs_strengths: str = NEEDS_STRENGTHS
    """What the missing strengths are needed for, in the ruleset's words, as the refusal to
    roll and the explanation say it (an odds game: ``the odds and the chance of each result
    need strengths``)."""
    headline: str = ""
    """What a player reads first, e.g. ``3:1, DRM +1``."""
    outcome_list: tuple[Outcome, ...] = ()
    """Each result with its exact chance (adding up to 1) and whom it favours; empty when the
    combat cannot be rolled (``missing_strengths``)."""
    payload: Mapping[str, object] = field(default_factory=dict)
    """The ruleset's own figures beside the general ones (a fire game: each side's column);
    :func:`json_ready` writes them for ``--json``."""
    dice: tuple[DieSpec, ...] = ()
    """The dice the combat rolls first, in order (a chance roll, then the combat die);
    follow-up rolls (a morale check) are declared in the ruleset's vocabulary."""
    unit_fates: Mapping[str, Mapping[str, Fraction]] = field(default_factory=dict)
    """For rulesets whose results are followed by rolls per unit (morale checks): each
    participant id with the exact chance it ends the combat in each end state, counting every
    follow-up roll: ``good-order``, a state key of the ruleset's vocabulary (``disrupted``), or
    ``eliminated``; each unit's chances add up to 1. Empty: the ruleset gives none."""
    features: tuple[object, ...] = ()
    """What only some games have, each a typed feature (:class:`OddsColumn`,
    :class:`TableColumn`, :class:`DrmChances`, :class:`CountedUnits`, or a ruleset family's own)."""

    def feature(self, kind: type[FeatureT]) -> FeatureT | None:
        """The report's feature of type ``kind``; None when the ruleset declares none."""
        return find_feature(self.features, kind)

    def require_strengths(self) -> None:
        """Refuse to roll for a combat whose results wait for strengths (the roll needs them),
        in the ruleset's words (:attr:`needs_strengths`)."""
        if self.missing_strengths:
            raise UnitDataError(
                f"cannot roll: {self.needs_strengths}: {strengths_wanted(self.missing_strengths)}"
            )

    @property
    def steps(self) -> list[Step]:
        """The ordered working."""
        return self.explanation.steps

    @property
    def warnings(self) -> list[str]:
        """Assumed chart values used, rules waived."""
        return self.explanation.warnings

    def to_json(self) -> dict[str, object]:
        """The report as JSON-ready data (``hexcombat explain --json``): the keys every game's
        report has, and those of each feature it carries (:class:`JsonFeature`; a feature's
        own keys follow ``headline``, one that gives a key every report has replaces it, so a
        game without a DRM says 0, certainly)."""
        head: dict[str, object] = {"ruleset": self.ruleset, "headline": self.headline}
        body = self._body_json()
        added: dict[str, object] = {}
        for feature in self.features:
            if isinstance(feature, JsonFeature):
                for key, value in feature.json_fragment().items():
                    (body if key in body else added)[key] = value
        return head | added | body

    def _body_json(self) -> dict[str, object]:
        """The keys every game's report has after its headline."""
        return {
            "missing_strengths": [
                {"unit": unit, "strength": kind} for unit, kind in self.missing_strengths
            ],
            **drm_json(NO_DRM),
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


NO_DRM: Mapping[int, Fraction] = {0: Fraction(1)}
"""The DRM chances of a report that declares no :class:`DrmChances`: none, certainly."""


def drm_json(distribution: Mapping[int, Fraction]) -> dict[str, object]:
    """``drm`` (the lowest) and ``drm_distribution`` (each with its exact chance) as JSON."""
    return {
        "drm": min(distribution),
        "drm_distribution": [
            {"drm": d, "probability": float(p), "exact": exact(p)}
            for d, p in sorted(distribution.items())
        ],
    }


def drm_chances(report: Report) -> Mapping[int, Fraction]:
    """The report's DRM with the chance of each value (:class:`DrmChances`); a report that
    declares none has a DRM of 0."""
    found = report.feature(DrmChances)
    return found.distribution if found is not None else NO_DRM


def final_drm(report: Report) -> int:
    """The report's final DRM (:func:`drm_chances`); where a chart gives a chance, the lower."""
    return min(drm_chances(report))


def table_column(report: Report) -> str | None:
    """The column of any table the combat is rolled on (:class:`TableColumn`, odds among
    them); None for a game without one, or while a strength is missing."""
    found = report.feature(TableColumn)
    return found.column if found is not None else None


def odds_column(report: Report) -> str | None:
    """The odds column the combat is rolled on (:class:`OddsColumn`); None for a game without
    odds, or while a strength is missing."""
    found = report.feature(OddsColumn)
    return found.column if found is not None else None


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
    """What one side must do after the roll, in every game's terms."""

    eliminated: bool = False
    """Every unit of the side is eliminated."""
    loss_fraction: Fraction = Fraction(0)
    """Share of the side's strength to lose (1/2 for a half result)."""
    loss_points: int = 0
    """Strength points the side must lose (exchanges are computed from the other side's loss)."""
    retreat_hexes: int = 0
    """Hexes the side must retreat (the most, when the rule lets it choose how far)."""
    retreat_min_hexes: int = 0
    """The fewest hexes it may retreat when the rule gives a span (14.3.3: 2-4); 0: exactly
    ``retreat_hexes``."""


@dataclass
class CombatResult:
    """A report resolved with dice."""

    code: str
    """The combat result code, e.g. ``DR`` or ``EX``."""
    attacker: SideResult
    defender: SideResult
    advance: bool
    """Whether the attacker may advance into the vacated hex."""
    steps: list[Step] = field(default_factory=list)
    """How the result was reached and what it requires, each with its rule."""
    headline: str = ""
    """What a player reads first, e.g. ``roll 4 +1 = 5 on 3:1: DR``."""
    rolls: tuple[DieRoll, ...] = ()
    """Every die rolled, in order, with what it decided (chance roll, combat die, follow-ups),
    each named by the purpose of its :class:`DieSpec`."""
    effects: tuple[Effect, ...] = ()
    """What the result does, addressed to participant ids; units not subject to it (as the
    ruleset's ``result_exemption`` says) are in no effect's targets."""
    features: tuple[object, ...] = ()
    """What only some games' results have (:class:`ModifiedRoll`, a family's own figures)."""

    def feature(self, kind: type[FeatureT]) -> FeatureT | None:
        """The result's feature of type ``kind``; None when the ruleset declares none."""
        return find_feature(self.features, kind)

    def table_roll(self) -> ModifiedRoll:
        """The die, modifier and modified roll the table was read on: the ruleset's
        :class:`ModifiedRoll`, else the last roll before any follow-up, unmodified (0 when the
        combat was decided before any roll)."""
        found = self.feature(ModifiedRoll)
        if found is not None:
            return found
        table = [r for r in self.rolls if r.for_unit is None]
        die = table[-1].faces[0] if table else 0
        return ModifiedRoll(die, 0, die)

    def to_json(self) -> dict[str, object]:
        """The result as JSON-ready data."""
        figures = [f for f in self.features if isinstance(f, SideFigures)]

        def side(s: SideResult, name: SideName) -> dict[str, object]:
            data: dict[str, object] = {
                "eliminated": s.eliminated,
                "loss_fraction": json_number(s.loss_fraction),
                "loss_points": s.loss_points,
                "retreat_hexes": s.retreat_hexes,
                "retreat_min_hexes": s.retreat_min_hexes or s.retreat_hexes,
            }
            for feature in figures:
                data = feature.placed(name, data)
            return data

        roll = self.table_roll()  # its ModifiedRoll, else the table's roll unmodified
        data: dict[str, object] = {
            "result": self.code,
            **roll.json_fragment(),
            "attacker": side(self.attacker, "attacker"),
            "defender": side(self.defender, "defender"),
            "advance": self.advance,
            "steps": [s.to_json() for s in self.steps],
            "headline": self.headline,
            "rolls": [r.to_json() for r in self.rolls],
            "effects": [e.to_json() for e in self.effects],
        }
        for feature in self.features:  # a family's own result features (its ModifiedRoll: above)
            if isinstance(feature, JsonFeature) and not isinstance(feature, ModifiedRoll):
                data |= feature.json_fragment()
        return data
