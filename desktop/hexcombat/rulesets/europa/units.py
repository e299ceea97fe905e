"""The Europa family's unit values (the Unit Identification Chart of the operational games): a
unit's RE size, its armour and antitank values (10.A, 10.B), heavy armour and heavy antitank
effects (14D2, 10.I), coast defence (14A4), siege (14A3), intrinsic ATEC (10.C.3), its
conversion capacity (10.C.1) and, for an air unit, its type letters (16A1).

They are a declared capability of a unit (:class:`EuropaValues`, read by :data:`EUROPA_VALUES`
from the same counter tables as the shared keys): the core's :class:`~hexcombat.rules.units.Unit`
carries what every game has, and a counter of a game without REs needs none. A unit's RE size
follows its size mark unless ``re`` is given (Soviet rifle divisions are 2 REs, 14D2d).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from hexcombat.rules.errors import UnitDataError
from hexcombat.rules.numbers import exact_number
from hexcombat.rules.units import (
    MAX_STRENGTH,
    MOTORIZED,
    CapabilityKind,
    Unit,
    UnitOutline,
)

SIZE_MARKS = ("II", "III", "X", "XX", "XXX")
"""The size marks a Europa counter prints: battalion, regiment, brigade, division, corps (the
family's vocabulary declares them: ``Vocabulary.unit_sizes``)."""

AIR_CATEGORIES = frozenset({"fighter", "bomber", "transport"})
"""The three basic categories of air units (16A1), as unit types."""
GROUND_UNIT_TYPES = frozenset(
    {
        "armour", "heavy-armour", "assault-gun", "heavy-assault-gun", "tank-destroyer",
        "heavy-tank-destroyer", "engineer-tank", "heavy-engineer-tank", "flamethrower-tank",
        "assault-engineer-tank", "mechanized", "motorized-infantry", "panzer-grenadier",
        "infantry", "rifle", "mountain", "high-mountain", "light-infantry", "jager", "commando",
        "partisan", "parachute", "parachute-infantry", "air-landing", "glider", "cavalry",
        "engineer", "heavy-engineer", "assault-engineer", "artillery", "anti-tank",
        "heavy-anti-tank", "anti-aircraft", "heavy-anti-aircraft", "mortar", "rocket", "hq",
        "coast-defence-artillery",
    }
)  # fmt: skip
"""Ground unit types named by the rules texts (14D1, 14D2, 14A, 14F, 10.B.4): a tactical
game's counters name them too, beside its own squads' weapons and vehicles."""
UNIT_TYPES = GROUND_UNIT_TYPES | AIR_CATEGORIES
"""Unit types named by the rules texts (14D1, 14D2, 14A, 14F, 10.B.4, 16A): what the family's
vocabulary declares (``Vocabulary.unit_types``)."""
AIR_TYPE_LETTERS = ("F", "HF", "AF", "DF", "B", "A", "D", "T")
"""The air unit types of rule 16A1, as a counter's rating prints them (``air_type``): plain values,
which the air rules' own types (``AirType``) must match."""


class AecValue(StrEnum):
    """The five armour/antitank values a unit may have (10.B.1 - 10.B.5)."""

    DOUBLE = "double"  # 10.B.1: each RE counts two
    FULL = "full"  # 10.B.2: each RE counts one
    HALF = "half"  # 10.B.3: half its REs count; the other half is neutral
    NEUTRAL = "neutral"  # 10.B.4: not counted, but may be converted
    NONE = "none"  # 10.B.5: never counted

    @property
    def factor(self) -> Fraction:
        """REs of capability per RE of unit before conversions (10.B.1 - 10.B.5)."""
        return {
            AecValue.DOUBLE: Fraction(2),
            AecValue.FULL: Fraction(1),
            AecValue.HALF: Fraction(1, 2),
            AecValue.NEUTRAL: Fraction(0),
            AecValue.NONE: Fraction(0),
        }[self]


SIZE_RE: dict[str, Fraction] = {
    "II": Fraction(1, 2),  # 14D2d: the Hv Mot AA II is 0.5 RE
    "III": Fraction(1),  # 10.C.1: a regiment converts 1:1, one RE
    "X": Fraction(1),  # 14D2d: one RE each from the Hv Tank X and Tank Xs
    "XX": Fraction(3),  # 14D2d: 3 REs from the Hv Tank XX and from the Inf XX
    "XXX": Fraction(3),  # 10.B.2: a Soviet tank corps is 3 REs
}
"""Default RE size of each size mark; a unit's own ``re`` overrides it."""

MAX_RE = 99
"""The largest RE size one unit may have. A division is 2 or 3 REs and a corps about 3 (10.B.2's
tank corps); a counter of 99 REs is already past any game, and a size of 1e300 would print
hundred-digit totals in every step."""
MAX_RE_DENOMINATOR = 100
"""RE sizes are whole numbers, halves and thirds; a size like ``"1/999999999989"`` is refused,
since adding such sizes over a stack makes numbers of thousands of digits (a decimal such as
0.33 is already read as the nearest fraction with a denominator up to 100)."""

SMALL_FORMATIONS = frozenset({"I", "II", "III", "X"})
"""Brigades, regiments, cadres, remnants and battalions convert 1:1 (10.C.1)."""

HEAVY_ARMOUR_TYPES = frozenset(
    {"heavy-armour", "heavy-assault-gun", "heavy-engineer", "heavy-engineer-tank"}
)
"""Types that qualify for heavy armour effects, and so heavy antitank effects too (14D2, 10.I):
"heavy armor, heavy assault gun, and heavy engineer units"."""
HEAVY_ANTITANK_TYPES = frozenset({"heavy-tank-destroyer"})
"""Types that qualify for heavy antitank effects whether motorized or not (14D2)."""
HEAVY_MOTORIZED_ANTITANK_TYPES = frozenset({"heavy-anti-aircraft", "heavy-anti-tank"})
"""Types that qualify for heavy antitank effects only when motorized: "heavy motorized
antiaircraft, and heavy motorized antitank units" (14D2)."""

ZERO_RE = (
    "re = 0, but a ground unit in a combat needs more than 0 REs: with none it adds nothing to "
    "any RE total (10.B, 14D2), yet 14D2 would still count it 1 RE for heavy effects; give its "
    "REs (a II is 1/2 RE, 14D2d)"
)
"""Why a ground unit of 0 REs is refused in every ruleset (air units have no REs, 16A)."""
NEEDS_RE = "give the unit a size (II, III, X, XX, XXX) or an re"
"""What a Europa counter without a size mark or an RE size is told."""

_AEC_FIELDS = ("aeca", "aecd", "atec")
_RE_FIELDS = ("re", "conversion_re", "intrinsic_atec")
_BOOL_FIELDS = (
    "heavy_armour", "heavy_antitank", "coast_defence", "siege", "artillery", "motorized",
    "light_infantry",
)  # fmt: skip
_CATEGORY_FIELDS = ("artillery", "motorized", "light_infantry", "engineer")
"""Categories a counter says it is of (14D2a, 10.B.4, 14F, 14D1); a counter that says
none of them (``artillery = false``) has no Europa values for it: a saved squad wrote them."""
ENGINEERING = ("combat", "assault")
"""An engineer's capability (14D1): combat or assault engineering."""


@dataclass(frozen=True)
class EuropaValues:
    """A unit's values as the Europa rulesets read them (a capability of :class:`Unit`)."""

    re: Fraction = Fraction(0)
    """Regimental equivalents: its normal RE size (14D2), used for every total but the 1/10 test."""
    aeca: AecValue = AecValue.NONE
    """Armour effects in the attack (10.A.1)."""
    aecd: AecValue = AecValue.NONE
    """Armour effects in the defence (10.A.2)."""
    atec: AecValue = AecValue.NONE
    """Antitank effects capability (10.A.3)."""
    heavy_armour: bool = False
    """Heavy armour effects (14D2, 10.I): heavy armour, heavy assault gun, heavy engineer. The
    types of :data:`HEAVY_ARMOUR_TYPES` have it whatever the flag says (:meth:`fitted`)."""
    heavy_antitank: bool = False
    """Qualifies for heavy antitank effects (14D2, 10.I); every heavy armour unit does too, and
    so does every heavy tank destroyer and heavy motorized AA or AT, whatever the flag says."""
    heavy_atec_units: int = 1
    """Heavy ATEC units it counts as under 10.I (the Axis 2-10 Hv AA X counts two, 10.I.3)."""
    siege: bool = False
    """Siege artillery ability (14A3 note: long-range field artillery has none)."""
    coast_defence: bool = False
    """A coast defence artillery unit with an artillery mode and a CD mode (14A4)."""
    conversion_re: Fraction | None = None
    """REs of neutral units it may convert (10.C.1); None means the default for its size."""
    intrinsic_atec: Fraction = Fraction(0)
    """Intrinsic divisional ATEC (10.C.3): counts for ATEC, never converts neutral REs."""
    air_type: str | None = None
    """An air unit's type letters (16A1: F, HF, AF, DF, B, A, D, T); None for a ground unit.
    Air units take no part in ground combat; on the map they stand at their bases."""
    artillery: bool = False
    """Artillery: left out of the non-artillery RE totals (14D2a)."""
    motorized: bool = False
    """Motorized: non-motorized artillery may not be converted to AEC (10.B.4); drawn as wheels
    under an infantry symbol (:meth:`symbol_marks`)."""
    light_infantry: bool = False
    """Member of the light infantry category (14F)."""
    engineer: str | None = None
    """``combat`` or ``assault``: engineer capability, including specialized armour (14D1)."""

    def fitted(self, unit: Unit) -> EuropaValues:
        """These values as 14D2 (10.I) gives them to ``unit``'s type: a type the rule names
        qualifies by its type, flags or not; every other type keeps the flags it is given."""
        by_type = heavy_by_type(unit.unit_type, self.motorized)
        if by_type is None or by_type == (self.heavy_armour, self.heavy_antitank):
            return self
        return replace(self, heavy_armour=by_type[0], heavy_antitank=by_type[1])

    @property
    def heavy_atec(self) -> bool:
        """Qualifies for heavy antitank effects: every heavy armour unit plus the heavy AT types."""
        return self.heavy_antitank or self.heavy_armour

    # what the map and the palette show, without knowing the game (units.CounterMarkings)

    def stack_size(self) -> tuple[Fraction, str] | None:
        """The unit's REs, as the Stack panel adds them up (``3 RE``)."""
        return (self.re, "RE")

    def type_letters(self) -> str | None:
        """An air unit's type letters (16A1)."""
        return self.air_type

    def band(self) -> str | None:
        """``heavy-armour`` or ``heavy-antitank`` (14D2): the band across the counter's corner."""
        if self.heavy_armour:
            return "heavy-armour"
        return "heavy-antitank" if self.heavy_antitank else None

    def flies(self) -> bool:
        """An air unit (16A): it stands at its base and fights no ground combat."""
        return self.air_type is not None

    def symbol_marks(self) -> frozenset[str]:
        """``motorized`` for a motorized unit (units.SymbolMarks): its symbol shows wheels."""
        return frozenset({MOTORIZED}) if self.motorized else frozenset()


NO_VALUES = EuropaValues()
"""The values of a unit without Europa's (a tactical game's squad): no REs, no capability."""


def europa(unit: Unit) -> EuropaValues:
    """``unit``'s Europa values; a unit without them (a tactical counter) has none at all."""
    for found in unit.capabilities:  # read for every unit in every total: kept quick
        if type(found) is EuropaValues:
            return found
    return NO_VALUES


def conversion_capacity(unit: Unit) -> Fraction:
    """REs of neutral units ``unit`` converts (10.C.1).

    Brigades and smaller convert 1:1; divisions and corps convert 1 RE; a counter may say
    more (German panzer/panzergrenadier divisions over 12 combat value convert 2).
    """
    values = europa(unit)
    if values.conversion_re is not None:
        return values.conversion_re
    if unit.size in SMALL_FORMATIONS:
        return values.re
    return Fraction(1)


def europa_unit(name: str, re: Fraction | int = Fraction(1), **values: Any) -> Unit:
    """A unit with Europa values, from keyword arguments naming both the shared fields
    (``unit_type``, ``attack``, ...) and Europa's (``aeca``, ``heavy_armour``, ...); for tests,
    the legend and inline units built in code."""
    own = {f.name for f in fields(EuropaValues)}
    mine = {k: v for k, v in values.items() if k in own}
    shared = {k: v for k, v in values.items() if k not in own}
    if mine.get("heavy_armour"):
        mine.setdefault("heavy_antitank", True)  # 14D2: every heavy armour type is heavy AT too
    capability = EuropaValues(re=Fraction(re), **mine)
    return Unit(name=name, capabilities=(capability,), **shared)


def heavy_by_type(unit_type: str, motorized: bool) -> tuple[bool, bool] | None:
    """(heavy armour, heavy antitank) as 14D2 gives them for ``unit_type``; None for a type the
    rule does not name, whose flags say it."""
    if unit_type in HEAVY_ARMOUR_TYPES:
        return True, True
    if unit_type in HEAVY_ANTITANK_TYPES:
        return False, True
    if unit_type in HEAVY_MOTORIZED_ANTITANK_TYPES:
        return False, motorized
    return None


def heavy_flag_problem(
    unit_type: str, motorized: bool, flags: Mapping[str, Any]
) -> tuple[str, str] | None:
    """The stated ``heavy_armour`` / ``heavy_antitank`` flag (in ``flags``) that says otherwise
    than 14D2 gives a unit of ``unit_type`` (motorized or not), and why; None if none does."""
    by_type = heavy_by_type(unit_type, motorized)
    if by_type is None:
        return None
    for key, qualifies in zip(("heavy_armour", "heavy_antitank"), by_type, strict=True):
        stated = flags.get(key)
        if not isinstance(stated, bool) or stated == qualifies:
            continue
        if not stated:
            effects = "heavy armour" if key == "heavy_armour" else "heavy antitank"
            mot = "motorized " if unit_type in HEAVY_MOTORIZED_ANTITANK_TYPES else ""
            why = f"every {mot}{unit_type} unit qualifies for {effects} effects (14D2)"
        elif key == "heavy_armour":
            why = (
                f"a {unit_type} unit qualifies for heavy antitank effects only, not heavy armour "
                "effects: those are for heavy armour, heavy assault gun and heavy engineer "
                "units (14D2)"
            )
        else:
            why = (
                f"a {unit_type} unit that is not motorized does not qualify for heavy antitank "
                "effects: only heavy motorized antiaircraft and antitank units do (14D2); give "
                "it motorized = true if it is motorized"
            )
        return key, f"{key} = {str(stated).lower()}, but {why}"
    return None


def parse_re(value: Any, where: str) -> Fraction:
    """An RE size from TOML: ``3``, ``0.5`` or ``"1/2"``."""
    result = exact_number(value, denominator=100)
    if result is None:
        raise UnitDataError(
            f'{where}: RE size must be a number like 3, 0.5 or "1/2", not {value!r}'
        )
    if result < 0:
        raise UnitDataError(f"{where}: RE size may not be negative")
    if result > MAX_RE:
        raise UnitDataError(
            f"{where}: RE size {value!r} is more than the {MAX_RE} REs any one unit is"
        )
    if result.denominator > MAX_RE_DENOMINATOR:
        raise UnitDataError(
            f"{where}: RE size {value!r} is a fraction finer than 1/{MAX_RE_DENOMINATOR}; "
            'RE sizes are whole numbers, halves or thirds, e.g. 3, 0.5 or "1/3"'
        )
    return result


def _is_air(unit_type: str, air_type: object) -> bool:
    return air_type is not None or unit_type in AIR_CATEGORIES


class EuropaValuesKind:
    """The reader of :class:`EuropaValues` from a counter table's keys (a
    :class:`~hexcombat.rules.units.CapabilityKind`), declared by the Europa rulesets'
    vocabulary: each key is checked with the message it always had, at its line."""

    type = EuropaValues
    keys = frozenset({f.name for f in fields(EuropaValues)})
    assumed_aliases: Mapping[str, tuple[str, ...]] = {"aec": _AEC_FIELDS}
    """``aec`` in a counter's ``assumed`` list is short for ``aeca``, ``aecd`` and ``atec``."""
    required_by_default = True
    """A counter read without its game (or of a game that does not say) needs Europa's RE
    size, as it always has: only a tactical counter needs none."""
    key_rules: Mapping[str, str] = {
        "heavy_armour": "14D2a, 10.I",  # 14D2a heavy armour in the attack; 10.I heavy units
        "heavy_antitank": "14D2c, 10.I",  # 14D2c heavy antitank in defence; 10.I
    }

    def parse(self, key: str, value: Any, where: str) -> Any:
        """One key's value, or :class:`UnitDataError` naming ``where`` and why."""
        if key in _AEC_FIELDS:
            try:
                return AecValue(value)
            except ValueError:
                allowed = ", ".join(v.value for v in AecValue)
                raise UnitDataError(
                    f"{where}: {key} must be one of {allowed} (10.B), not {value!r}"
                ) from None
        if key in _RE_FIELDS:
            return parse_re(value, f"{where}: {key}")
        if key in _BOOL_FIELDS:
            if not isinstance(value, bool):
                raise UnitDataError(f"{where}: {key} must be true or false, not {value!r}")
            return value
        if key == "heavy_atec_units":
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise UnitDataError(f"{where}: {key} must be a whole number >= 0, not {value!r}")
            if value > MAX_STRENGTH:
                raise UnitDataError(
                    f"{where}: {key} {value} is more than the {MAX_STRENGTH} any counter prints"
                )
            return value
        if key == "air_type":
            if not isinstance(value, str) or value not in AIR_TYPE_LETTERS:
                allowed = ", ".join(AIR_TYPE_LETTERS)
                raise UnitDataError(f"{where}: air_type must be one of {allowed} (16A1)")
            return value
        if key == "engineer":
            if not isinstance(value, str) or value not in ENGINEERING:
                raise UnitDataError(f'{where}: engineer must be "combat" or "assault"')
            return value
        raise UnitDataError(f"{where}: unknown unit key {key!r}")  # pragma: no cover

    def build(
        self,
        values: Mapping[str, Any],
        base: EuropaValues | None,
        outline: UnitOutline,
        where: str,
    ) -> EuropaValues | None:
        """The unit's values: the parsed ``values`` over ``base``'s (the counter a scenario
        names). Its RE size from its size mark unless given; a tactical counter without any
        of these values has none; a unit that needs REs and has neither size nor ``re`` is
        refused."""
        given = dict(values)
        if base is None:  # a category a counter says it is not of adds no values of its own
            unsaid = [k for k in _CATEGORY_FIELDS if given.get(k, False) in (False, None)]
            given = {k: v for k, v in given.items() if k not in unsaid}
        sized_squad = outline.tactical and outline.size is not None  # REs from its size mark
        if base is None and not given and not sized_squad:
            if outline.tactical or not outline.required:
                return None  # squads, guns and vehicles, a game without REs: no Europa values
        if "re" not in given:
            if base is not None and not outline.size_given:
                given["re"] = base.re
            elif outline.size is not None and outline.size in SIZE_RE:
                given["re"] = SIZE_RE[outline.size]
            elif outline.tactical or not outline.required:
                given["re"] = Fraction(0)  # a tactical game has no REs
            else:
                raise UnitDataError(f"{where}: {NEEDS_RE}")
        if given.get("heavy_armour"):
            given.setdefault("heavy_antitank", True)  # 14D2: every heavy armour type is heavy AT
        values_ = replace(base, **given) if base is not None else EuropaValues(**given)
        if outline.tactical and values_ == NO_VALUES:
            return None  # a tactical counter saved with "re = 0": the same counter as read
        return values_

    def problems(
        self, data: Mapping[str, Any], where: str, outline: UnitOutline
    ) -> list[tuple[str | None, str]]:
        """What the rules refuse in a unit table whose keys each read well: no size nor RE
        where REs are needed, a ground unit of 0 REs, and a heavy flag that says otherwise than
        the unit's type (14D2), as of each dated change too; each with the key it is about."""
        found: list[tuple[str | None, str]] = []
        needs = outline.required and not outline.tactical and not outline.based
        if needs and "re" not in data and "size" not in data:
            found.append((None, f"{where}: {NEEDS_RE}"))
        unit_type = outline.unit_type
        had = europa(outline.base) if outline.base is not None else NO_VALUES
        motorized = data["motorized"] if isinstance(data.get("motorized"), bool) else had.motorized
        try:
            re = parse_re(data["re"], where) if "re" in data and not outline.tactical else None
        except UnitDataError:
            re = None  # reported with its key
        air = _is_air(unit_type, data.get("air_type"))
        if re == 0 and not air:
            found.append(("re", f"{where}: {ZERO_RE}"))
        flags = {k: data[k] for k in ("heavy_armour", "heavy_antitank") if k in data}
        heavy = heavy_flag_problem(unit_type, motorized, flags)
        if heavy:
            found.append((heavy[0], f"{where}: {heavy[1]}"))
        raw_changes = data.get("changes", [])
        for i, entry in enumerate(raw_changes if isinstance(raw_changes, list) else []):
            if not isinstance(entry, Mapping):
                continue  # the shared checks say so
            label = f"{where}: changes[{i}] ({entry.get('date')})"
            if outline.is_type(entry.get("type")):
                unit_type = entry["type"]
            if isinstance(entry.get("motorized"), bool):
                motorized = entry["motorized"]
            flags |= {k: entry[k] for k in ("heavy_armour", "heavy_antitank") if k in entry}
            if "re" in entry and not air:
                try:
                    zero = parse_re(entry["re"], label) == 0
                except UnitDataError:
                    zero = False  # the shared checks say so
                if zero:
                    found.append(("changes", f"{label}: {ZERO_RE}"))
            if not heavy and (heavy := heavy_flag_problem(unit_type, motorized, flags)):
                found.append(("changes", f"{label}: {heavy[1]}"))  # said once, where it starts
        return found


EUROPA_VALUES: CapabilityKind = EuropaValuesKind()
"""The Europa family's declared unit capability (its vocabulary's ``unit_capabilities``)."""


def with_europa(unit: Unit, **values: Any) -> Unit:
    """``unit`` with some values changed, shared (``unit_type``) and Europa's (``aeca``) alike,
    as ``dataclasses.replace`` did when both were fields of one unit: for tests and house
    rules built in code."""
    own = {f.name for f in fields(EuropaValues)}
    mine = {k: v for k, v in values.items() if k in own}
    shared = {k: v for k, v in values.items() if k not in own}
    capabilities = unit.capabilities
    if mine:
        if unit.capability(EuropaValues) is None:
            capabilities = (*capabilities, EuropaValues(**mine))
        else:
            capabilities = tuple(
                replace(c, **mine) if isinstance(c, EuropaValues) else c for c in capabilities
            )
    return replace(unit, **shared, capabilities=capabilities)
