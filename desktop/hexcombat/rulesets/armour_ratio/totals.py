"""AECA, AECD and ATEC totals with conversions, per unit (10.B, 10.C, 10.D).

Each unit counts its own REs by its value (double, full, half: 10.B.1 - 10.B.3). Units with a
capability then convert neutral REs stacked with them (10.B.4, 10.C.1): brigades and smaller
1:1, divisions and corps 1 RE, big German panzer divisions 2 REs; a half-capable unit converts
half as much, its own neutral half first (10.B.3). Terrain halves or quarters AEC REs per unit;
a converted RE counts at the lower of its converter's and its own rate (10.D: "(3+1)/2" and
"3/2 + 1/2"). Intrinsic divisional ATEC is added up to the unit's RE size and converts nothing
(10.C.3). ATEC is never changed by terrain (10.D).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Literal

from hexcombat.rules.charts import Provenanced
from hexcombat.rules.errors import IllegalAttackError, UnitDataError
from hexcombat.rules.explain import fmt
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import Unit
from hexcombat.rulesets.armour_ratio.capability import (
    CM_TYPES,
    CONDITIONAL_DOUBLE_ATEC,
    INFANTRY_TYPES,
    aec_convertible,
    aec_exclusion,
    atec_convertible,
    converting_capacity,
)
from hexcombat.rulesets.armour_ratio.terrain import TerrainChart, load_terrain_chart
from hexcombat.rulesets.europa.units import AecValue, europa

Capability = Literal["aeca", "aecd", "atec"]
CONVERSION_RULE: dict[str, str] = {"aeca": "10.C.1", "aecd": "10.C.2", "atec": "10.C.3"}
"""The rule each capability's conversions follow (10.C.2 and 10.C.3 refer back to 10.C.1)."""
VALUE_RULE = {AecValue.DOUBLE: "10.B.1", AecValue.FULL: "10.B.2", AecValue.HALF: "10.B.3"}
NAMES = {"aeca": "AECA", "aecd": "AECD", "atec": "ATEC"}
ONE_STACK = ""
"""The stack of participants whose ``stack`` is None: they all stand together."""


@dataclass(frozen=True)
class Conversion:
    """Neutral REs of one unit converted by another (or by itself, 10.B.3)."""

    converter: int
    """Index of the converting participant on its side."""
    converted: int
    """Index of the participant whose neutral REs were converted."""
    res: Fraction
    """REs converted, before terrain."""
    value: Fraction
    """What they count after terrain (10.D)."""


@dataclass(frozen=True)
class UnitAec:
    """One participant's share of a capability total (all of its ``count`` units)."""

    index: int
    name: str
    count: int
    value: AecValue
    """Its value for this capability as counted (double ATEC may count only full, 10.B.1)."""
    own_res: Fraction
    """REs counted from its own value before conversions and terrain."""
    converted_res: Fraction
    """Of its neutral REs, how many were converted (by itself or others)."""
    intrinsic_res: Fraction
    """Intrinsic divisional ATEC counted (after the RE-size cap, 10.C.3)."""
    neutral_left: Fraction
    """Convertible REs nobody converted."""
    res: Fraction
    """Its total before terrain."""
    total: Fraction
    """Its total after terrain."""
    factor: Fraction
    """Terrain multiplier on its own REs (10.D)."""
    note: str = ""
    """Why it counts differently from its printed value, if it does."""
    parts: tuple[tuple[int, AecValue, str], ...] = ()
    """Its units grouped by how they count: (how many, value, note). Of two double ATEC AT
    units one may count double and one only full (10.B.1): two parts."""


@dataclass(frozen=True)
class CapabilityTotal:
    """One side's AECA, AECD or ATEC: the total before and after terrain, and its parts."""

    capability: Capability
    res_before_terrain: Fraction
    res: Fraction
    units: tuple[UnitAec, ...] = ()
    conversions: tuple[Conversion, ...] = ()
    intrinsic: Fraction = Fraction(0)
    """Intrinsic divisional ATEC included in ``res`` (10.C.3)."""

    @property
    def non_intrinsic(self) -> Fraction:
        """REs not from intrinsic ATEC (10.F.2: required losses need some of these)."""
        return self.res - self.intrinsic


@dataclass(frozen=True)
class AecTotals:
    """The attacker's AECA and the defender's AECD and ATEC (10.C)."""

    aeca: CapabilityTotal
    aecd: CapabilityTotal
    atec: CapabilityTotal


@dataclass
class _Piece:
    """One unit of a participant (a participant with ``count = 3`` gives three pieces)."""

    index: int
    unit: Unit
    stack: str
    value: AecValue
    factor: Fraction
    own: Fraction
    neutral: Fraction
    capacity: Fraction
    intrinsic: Fraction
    converted_in: Fraction = Fraction(0)
    converted_value: Fraction = Fraction(0)
    note: str = ""
    self_only: bool = False
    """Its neutral REs may be converted only by itself: a half-ATEC unit has ATEC of its own,
    and 10.B.4 lets other units convert to ATEC only neutral REs with no ATEC of their own."""


@dataclass
class Factors:
    """Terrain multipliers on one participant's AEC REs, with the chart values used."""

    factor: Fraction = Fraction(1)
    sources: list[tuple[str, Provenanced]] = field(default_factory=list)


def resolved_units(situation: CombatSituation) -> CombatSituation:
    """The situation with dated capabilities applied (10.H) and its participants checked: every
    attacker adjacent and every defender in the attacked hex (two-hex fire is Total War's
    14A3, not rule 10's), no defender across a hexside (10.D), no unit qualifying for heavy ATEC
    that counts as none (10.I)."""
    date = situation.conditions.date
    for side, participants in (
        ("attacking", situation.attackers),
        ("defending", situation.defenders),
    ):
        for p in participants:
            if p.count < 1:
                raise UnitDataError(f"{p.unit.name}: the number of {side} units must be 1 or more")
            if europa(p.unit).re <= 0:
                raise UnitDataError(f"{p.unit.name} has no RE size; give it `re` or `size`")
    for p in situation.attackers:
        if p.range != 1:
            raise IllegalAttackError(
                f"{p.unit.name} is {p.range} hexes from the defender: under rule 10 only adjacent "
                "units attack; fire from two hexes is Total War's long-range artillery, which "
                "the armour-ratio ruleset does not have",
                "10",  # rule 10 has no fire from two hexes: only adjacent units attack
            )
    for p in situation.defenders:
        if p.range != 1:
            raise IllegalAttackError(
                f"{p.unit.name} defends in the attacked hex: `range` is only for attacking "
                "units, and under rule 10 every attacker is adjacent (fire from two hexes is "
                "Total War's long-range artillery)",
                "10",  # rule 10 has no fire from two hexes: only adjacent units attack
            )
        if p.across is not None:
            raise IllegalAttackError(
                f"{p.unit.name} defends: `across` is only for units attacking across a hexside, "
                "and a hexside never affects the defender",
                "10.D",
            )
    if date is not None:

        def on(ps: tuple[Participant, ...]) -> tuple[Participant, ...]:
            return tuple(replace(p, unit=p.unit.on(date)) for p in ps)  # its id and status kept

        situation = CombatSituation(
            situation.ruleset,
            on(situation.attackers),
            on(situation.defenders),
            situation.conditions,
        )
    for p in (*situation.attackers, *situation.defenders):
        if europa(p.unit).heavy_atec and europa(p.unit).heavy_atec_units < 1:
            raise UnitDataError(
                f"{p.unit.name} qualifies for heavy antitank effects but heavy_atec_units = "
                f"{europa(p.unit).heavy_atec_units}: each qualifying unit counts as one heavy ATEC "
                "unit whatever its size (10.I; the Axis 2-10 Hv AA X as two, 10.I.3); give 1 or "
                "more",
                "10.I",
            )
    return situation


def attack_factors(p: Participant, conditions: Conditions, chart: TerrainChart) -> Factors:
    """Terrain multipliers on an attacker's AECA REs: the hexside it crosses and the hex (10.D)."""
    f = Factors()
    if p.across is not None:
        hexside = chart.hexside_entry(p.across)
        f.factor *= hexside.aeca_res.value
        f.sources.append((f"attacks across a {p.across}", hexside.aeca_res))
    terrain = chart.terrain_entry(conditions.terrain)
    f.factor *= terrain.aec_res.value
    f.sources.append((f"attacks into {conditions.terrain}", terrain.aec_res))
    return f


def defence_factors(conditions: Conditions, chart: TerrainChart) -> Factors:
    """Terrain multipliers on a defender's AECD REs: its hex only; hexsides never (10.D)."""
    terrain = chart.terrain_entry(conditions.terrain)
    return Factors(terrain.aec_res.value, [(f"defends in {conditions.terrain}", terrain.aec_res)])


def strength_factor(p: Participant, conditions: Conditions, chart: TerrainChart) -> Fraction:
    """Terrain multiplier on an attacker's attack strength (hexside, and c/m into the hex)."""
    factor = Fraction(1)
    if p.across is not None:
        factor *= chart.hexside_entry(p.across).attack.value
    if p.unit.unit_type in CM_TYPES:
        factor *= chart.terrain_entry(conditions.terrain).cm_attack.value
    return factor


def value_of(unit: Unit, capability: Capability) -> AecValue:
    """A unit's printed value for ``capability``."""
    return getattr(europa(unit), capability)  # type: ignore[no-any-return]


def _pieces(
    participants: tuple[Participant, ...],
    capability: Capability,
    conditions: Conditions,
    chart: TerrainChart,
) -> list[_Piece]:
    """Expand participants into units with their own REs, neutral REs and converting capacity."""
    terrain = chart.terrain_entry(conditions.terrain)
    pieces: list[_Piece] = []
    for index, p in enumerate(participants):
        unit = p.unit
        value = value_of(unit, capability)
        if capability == "aeca":
            factors = attack_factors(p, conditions, chart)
        elif capability == "aecd":
            factors = defence_factors(conditions, chart)
        else:
            factors = Factors()  # 10.D: ATEC is unaffected by terrain
        neutral = Fraction(0)
        note = ""
        if value == AecValue.HALF:
            neutral = europa(unit).re / 2  # 10.B.3: the other half is neutral and convertible
        elif value == AecValue.NEUTRAL:
            if capability == "atec":
                convertible = atec_convertible(unit)
                note = "" if convertible else "mortars and rockets may not be converted to ATEC"
            else:
                convertible = aec_convertible(unit)
                note = "" if convertible else aec_exclusion(unit)
                if (
                    convertible
                    and capability == "aeca"
                    and unit.unit_type == "motorized-infantry"
                    and terrain.halves_cm
                    and strength_factor(p, conditions, chart) == 1
                ):
                    convertible = False
                    note = (
                        f"motorized infantry attacking {conditions.terrain} at full strength is "
                        "no longer neutral for AECA conversions (10.D)"
                    )
            neutral = europa(unit).re if convertible else Fraction(0)
        for _ in range(p.count):
            pieces.append(
                _Piece(
                    index=index,
                    unit=unit,
                    stack=ONE_STACK if p.stack is None else p.stack,
                    value=value,
                    factor=factors.factor,
                    own=europa(unit).re * value.factor,
                    neutral=neutral,
                    capacity=converting_capacity(unit, value),
                    intrinsic=europa(unit).intrinsic_atec if capability == "atec" else Fraction(0),
                    note=note,
                    self_only=capability == "atec" and value == AecValue.HALF,
                )
            )
    return pieces


def _double_atec_conditions(pieces: list[_Piece], conditions: Conditions) -> None:
    """10.B.1: AT and heavy AA units count double ATEC only when fortified or entrenched before
    the reaction phase and stacked with three times their REs of infantry; else full.

    Reading (10.B.1 note: "the heavy AA or anti-tank unit must also be stacked with at least
    three times as many infantry REs"): the condition is per unit, and each infantry RE counts
    for one unit only. Two 1 RE AT regiments with 4 infantry REs: the first takes 3 and counts
    double (2 REs), the second has 1 left and counts full (1 RE): 3 REs of ATEC.
    """
    infantry: dict[str, Fraction] = {}
    for piece in pieces:
        if piece.unit.unit_type in INFANTRY_TYPES:
            infantry[piece.stack] = infantry.get(piece.stack, Fraction(0)) + europa(piece.unit).re
    stacked = dict(infantry)
    for piece in pieces:
        if piece.value != AecValue.DOUBLE or piece.unit.unit_type not in CONDITIONAL_DOUBLE_ATEC:
            continue
        need = 3 * europa(piece.unit).re
        have = infantry.get(piece.stack, Fraction(0))
        total = stacked.get(piece.stack, Fraction(0))
        if not (conditions.flag("fortified") or conditions.flag("entrenched")):
            reason = "not fortified or entrenched before the reaction phase"
        elif have < need and have < total:
            reason = (
                f"stacked with {fmt(total)} infantry REs, {fmt(total - have)} of them already "
                f"counted for another unit's double ATEC: {fmt(have)} left, not the {fmt(need)} "
                "it needs (an infantry RE counts for one unit only)"
            )
        elif have < need:
            reason = f"stacked with {fmt(have)} infantry REs, not the {fmt(need)} it needs"
        else:
            infantry[piece.stack] = have - need
            piece.note = (
                f"fortified or entrenched, and stacked with three times its REs of infantry "
                f"({fmt(need)} of the {fmt(total)} infantry REs in its stack): double"
            )
            continue
        piece.value = AecValue.FULL
        piece.own = europa(piece.unit).re
        piece.note = f"double ATEC counts only full: {reason}"


def _allocate(pieces: list[_Piece]) -> list[tuple[_Piece, _Piece, Fraction]]:
    """Convert neutral REs within each stack, the largest total after terrain first.

    Half-capable units convert their own neutral half first (10.B.3); what a half-ATEC unit
    leaves neutral no other unit may convert to ATEC (10.B.4). Then converters and neutral
    REs are matched best rate to best rate, which maximises the total after terrain; intrinsic
    ATEC divisions are converted last, since their intrinsic REs may be capped (10.C.3).
    """
    done: list[tuple[_Piece, _Piece, Fraction]] = []
    left = {id(p): p.capacity for p in pieces}
    for piece in pieces:
        if piece.value == AecValue.HALF and piece.neutral > 0 and left[id(piece)] > 0:
            amount = min(left[id(piece)], piece.neutral)
            left[id(piece)] -= amount
            piece.neutral -= amount
            done.append((piece, piece, amount))
    stacks: dict[str, list[_Piece]] = {}
    for piece in pieces:  # grouped once, in the order the stacks first appear
        stacks.setdefault(piece.stack, []).append(piece)
    for members in stacks.values():
        converters = sorted((p for p in members if left[id(p)] > 0), key=lambda p: -p.factor)
        neutrals = sorted(
            (p for p in members if p.neutral > 0 and not p.self_only),
            key=lambda p: (-p.factor, p.intrinsic > 0),
        )
        n = 0
        for converter in converters:
            while left[id(converter)] > 0 and n < len(neutrals):
                target = neutrals[n]
                amount = min(left[id(converter)], target.neutral)
                left[id(converter)] -= amount
                target.neutral -= amount
                done.append((converter, target, amount))
                if target.neutral == 0:
                    n += 1
    return done


def capability_total(
    participants: tuple[Participant, ...],
    capability: Capability,
    conditions: Conditions,
    chart: TerrainChart | None = None,
) -> CapabilityTotal:
    """One side's total of ``capability`` with conversions and terrain (10.B, 10.C, 10.D)."""
    chart = chart or load_terrain_chart()
    pieces = _pieces(participants, capability, conditions, chart)
    if capability == "atec":
        _double_atec_conditions(pieces, conditions)
    allocation = _allocate(pieces)
    conversions: dict[tuple[int, int], list[Fraction]] = {}
    for converter, target, amount in allocation:
        value = amount * min(converter.factor, target.factor)
        target.converted_in += amount
        target.converted_value += value
        entry = conversions.setdefault((converter.index, target.index), [Fraction(0), Fraction(0)])
        entry[0] += amount
        entry[1] += value
    units: list[UnitAec] = []
    intrinsic_total = Fraction(0)
    by_index: dict[int, list[_Piece]] = {}
    for piece in pieces:  # grouped once: a big stack's pieces are not searched per unit
        by_index.setdefault(piece.index, []).append(piece)
    for index, p in enumerate(participants):
        mine = by_index[index]
        own = sum((x.own for x in mine), Fraction(0))
        converted = sum((x.converted_in for x in mine), Fraction(0))
        intrinsic = Fraction(0)
        for x in mine:
            if x.intrinsic > 0:
                room = max(
                    Fraction(0),
                    max(europa(x.unit).re, x.own + x.converted_in) - x.own - x.converted_in,
                )
                intrinsic += min(x.intrinsic, room)
        res = own + converted + intrinsic
        total = sum((x.own * x.factor + x.converted_value for x in mine), Fraction(0)) + intrinsic
        intrinsic_total += intrinsic
        units.append(
            UnitAec(
                index=index,
                name=p.unit.name,
                count=p.count,
                value=mine[0].value,
                own_res=own,
                converted_res=converted,
                intrinsic_res=intrinsic,
                neutral_left=sum((x.neutral for x in mine), Fraction(0)),
                res=res,
                total=total,
                factor=mine[0].factor,
                note=mine[0].note,
                parts=_parts(mine),
            )
        )
    return CapabilityTotal(
        capability=capability,
        res_before_terrain=sum((u.res for u in units), Fraction(0)),
        res=sum((u.total for u in units), Fraction(0)),
        units=tuple(units),
        conversions=tuple(
            Conversion(a, b, amounts[0], amounts[1]) for (a, b), amounts in conversions.items()
        ),
        intrinsic=intrinsic_total,
    )


def _parts(pieces: list[_Piece]) -> tuple[tuple[int, AecValue, str], ...]:
    """One participant's units grouped, in order, by the value they count at and why."""
    parts: list[tuple[int, AecValue, str]] = []
    for x in pieces:
        if parts and parts[-1][1:] == (x.value, x.note):
            parts[-1] = (parts[-1][0] + 1, x.value, x.note)
        else:
            parts.append((1, x.value, x.note))
    return tuple(parts)


def aec_totals(situation: CombatSituation, chart: TerrainChart | None = None) -> AecTotals:
    """The attacker's AECA and the defender's AECD and ATEC, per unit (10.B - 10.D)."""
    chart = chart or load_terrain_chart()
    situation = resolved_units(situation)
    c = situation.conditions
    return AecTotals(
        aeca=capability_total(situation.attackers, "aeca", c, chart),
        aecd=capability_total(situation.defenders, "aecd", c, chart),
        atec=capability_total(situation.defenders, "atec", c, chart),
    )
