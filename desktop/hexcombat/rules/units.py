"""Unit capabilities as the Unit Identification Chart gives them, in one vocabulary shared by
counter sets (``counters/*.toml``), units defined inline in a scenario, and the rulesets.

A unit's RE size follows its size mark unless ``re`` is given (Soviet rifle divisions are 2
REs, 14D2d). Capabilities that change by date are listed in ``changes``; :meth:`Unit.on`
resolves them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any, NamedTuple

from hexcombat.rules.dates import ASSUMED_IN_A_CHANGE, change_date_problem
from hexcombat.rules.errors import UnitDataError
from hexcombat.rules.names import MAX_NAME, long_name
from hexcombat.rules.numbers import exact_number


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

MAX_STRENGTH = 999
"""The largest attack, defence, movement or heavy-ATEC count a unit may have. Counters print
these in one or two digits; a side's losses are chosen by adding strengths point by point, so a
strength no counter prints is refused rather than counted up to."""
MAX_STEPS = 20
"""The most steps a counter may have: tactical counters print two (full and reduced) and a few
more on step markers; a unit's steps are drawn as pips and lost one by one."""
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

UNIT_TYPES = frozenset(
    {
        "armour", "heavy-armour", "assault-gun", "heavy-assault-gun", "tank-destroyer",
        "heavy-tank-destroyer", "engineer-tank", "heavy-engineer-tank", "flamethrower-tank",
        "assault-engineer-tank", "mechanized", "motorized-infantry", "panzer-grenadier",
        "infantry", "rifle", "mountain", "high-mountain", "light-infantry", "jager", "commando",
        "partisan", "parachute", "parachute-infantry", "air-landing", "glider", "cavalry",
        "engineer", "heavy-engineer", "assault-engineer", "artillery", "anti-tank",
        "heavy-anti-tank", "anti-aircraft", "heavy-anti-aircraft", "mortar", "rocket", "hq",
        "coast-defence-artillery", "fighter", "bomber", "transport",
    }
)  # fmt: skip
"""Unit types named by the rules texts (14D1, 14D2, 14A, 14F, 10.B.4, 16A)."""
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
AIR_CATEGORIES = frozenset({"fighter", "bomber", "transport"})
"""The unit types that are air units' categories (16A1): the air rules' ``Category`` values."""
TACTICAL_UNIT_TYPES = frozenset(
    (UNIT_TYPES - AIR_CATEGORIES)
    | {"machine-gun", "leader", "wagon", "truck", "prime-mover", "half-track", "carrier",
       "fighting-vehicle", "flamethrower", "fortified-position"}
)  # fmt: skip
"""Unit types a tactical game's counter may have: the ground types above and the squads' weapons
and vehicles the tactical player aids name (HMG and MG teams, leaders, wagons, trucks, prime
movers, half-tracks, carriers, fighting vehicles, flamethrowers, fortified positions). A tactical
counter's own kind (``rules = { kind = "hmg" }``) is its ruleset's to read."""
TACTICAL = "tactical"
"""The ``scale`` of a tactical game's counter: a squad, weapon or vehicle that loses steps, with
no size mark or REs."""
AIR_TYPE_LETTERS = ("F", "HF", "AF", "DF", "B", "A", "D", "T")
"""The air unit types of rule 16A1, as a counter's rating prints them: plain declared values,
which the air rules' own types (``AirType``) must match (tests/rules/test_air_declared.py)."""


@dataclass(frozen=True)
class DatedChange:
    """Capabilities that a unit gains from a date on (10.H: values change by date)."""

    date: str
    """``YYYY-MM``: the first game month the change applies."""
    values: Mapping[str, Any]
    """Field name -> new value (already parsed)."""


@dataclass(frozen=True)
class Unit:
    """One ground or air unit type with the capabilities the combat rules read."""

    name: str
    """The name a player reads, e.g. ``Hv Tank XX``."""
    re: Fraction
    """Regimental equivalents: its normal RE size (14D2), used for every total but the 1/10 test."""
    id: str = ""
    """The counter's key in its counter set, empty for an inline unit."""
    nationality: str = ""
    """``soviet``, ``german``, ``axis``, ...: colours on the map, and 10.I.3's Axis Hv AA."""
    size: str | None = None
    """Size mark: II, III, X, XX, XXX."""
    unit_type: str = "infantry"
    """One of :data:`UNIT_TYPES`."""
    attack: int | None = None
    """Printed attack strength (the ``16`` of a ``16-10``)."""
    defence: int | None = None
    """Printed defence strength; equals attack for Europa counters that print one combat value."""
    movement: int | None = None
    """Printed movement allowance (the ``10`` of a ``16-10``)."""
    aeca: AecValue = AecValue.NONE
    """Armour effects in the attack (10.A.1)."""
    aecd: AecValue = AecValue.NONE
    """Armour effects in the defence (10.A.2)."""
    atec: AecValue = AecValue.NONE
    """Antitank effects capability (10.A.3)."""
    heavy_armour: bool = False
    """Heavy armour effects (14D2, 10.I): heavy armour, heavy assault gun, heavy engineer. The
    types of :data:`HEAVY_ARMOUR_TYPES` have it whatever the flag says (:meth:`__post_init__`)."""
    heavy_antitank: bool = False
    """Qualifies for heavy antitank effects (14D2, 10.I); every heavy armour unit does too, and
    so does every heavy tank destroyer and heavy motorized AA or AT, whatever the flag says."""
    heavy_atec_units: int = 1
    """Heavy ATEC units it counts as under 10.I (the Axis 2-10 Hv AA X counts two, 10.I.3)."""
    artillery: bool = False
    """Artillery: left out of the non-artillery RE totals (14D2a)."""
    motorized: bool = False
    """Motorized: non-motorized artillery may not be converted to AEC (10.B.4)."""
    light_infantry: bool = False
    """Member of the light infantry category (14F)."""
    engineer: str | None = None
    """``combat`` or ``assault``: engineer capability, including specialized armour (14D1)."""
    range: int = 1
    """Attack range in hexes: 2 for long-range artillery (14A3)."""
    siege: bool = False
    """Siege artillery ability (14A3 note: long-range field artillery has none)."""
    coast_defence: bool = False
    """A coast defence artillery unit with an artillery mode and a CD mode (14A4)."""
    conversion_re: Fraction | None = None
    """REs of neutral units it may convert (10.C.1); None means the default for its size."""
    intrinsic_atec: Fraction = Fraction(0)
    """Intrinsic divisional ATEC (10.C.3): counts for ATEC, never converts neutral REs."""
    steps: int | None = None
    """Steps the counter has (a tactical game's full and reduced sides); None where the game
    counts strength points instead. A unit that loses its last step is eliminated."""
    scale: str | None = None
    """``tactical`` for a tactical game's counter (no size or REs: it counts none, and may be of
    :data:`TACTICAL_UNIT_TYPES`); None for the counters of games that count REs. Kept with the
    unit, so a scenario placing it and a save holding it read it as its counter set did."""
    air_type: str | None = None
    """An air unit's type letters (16A1: F, HF, AF, DF, B, A, D, T); None for a ground unit.
    Air units take no part in ground combat; on the map they stand at their bases."""
    rules: tuple[tuple[str, RuleValue], ...] = ()
    """Values the unit's ruleset reads beyond the shared keys (a fire value, a morale, steps),
    as a counter set writes them under ``rules = { ... }``, sorted by key; the ruleset's
    vocabulary says which it reads (``hexcombat check`` checks them at their line)."""
    changes: tuple[DatedChange, ...] = field(default=(), compare=False)
    """Capabilities that change by date (10.H), oldest first."""
    assumed: tuple[str, ...] = field(default=(), compare=False)
    """Keys whose values the rules texts do not give (placeholders to check against the
    printed counter), e.g. ``("attack", "defence", "changes")``; ``changes`` marks the dates."""

    def __post_init__(self) -> None:
        # 14D2 (10.I): a type the rule names qualifies by its type, flags or not; every other
        # type keeps the flags it is given (an inline unit need not state its type)
        by_type = heavy_by_type(self.unit_type, self.motorized)
        if by_type is not None:
            object.__setattr__(self, "heavy_armour", by_type[0])
            object.__setattr__(self, "heavy_antitank", by_type[1])

    def rule_value(self, key: str, default: RuleValue | None = None) -> RuleValue | None:
        """The ruleset value ``key`` (``rules = { fire = 6 }``), else ``default``."""
        return dict(self.rules).get(key, default)

    @property
    def heavy_atec(self) -> bool:
        """Qualifies for heavy antitank effects: every heavy armour unit plus the heavy AT types."""
        return self.heavy_antitank or self.heavy_armour

    def conversion_capacity(self) -> Fraction:
        """REs of neutral units this unit converts (10.C.1).

        Brigades and smaller convert 1:1; divisions and corps convert 1 RE; a counter may say
        more (German panzer/panzergrenadier divisions over 12 combat value convert 2).
        """
        if self.conversion_re is not None:
            return self.conversion_re
        if self.size in SMALL_FORMATIONS:
            return self.re
        return Fraction(1)

    def on(self, date: str | None) -> Unit:
        """This unit with the dated changes in force on ``date`` (``YYYY-MM``) applied (10.H)."""
        if date is None or not self.changes:
            return self
        unit = self
        for change in self.changes:
            if change.date <= date:
                # a value the dated change sets replaces the assumed base value; whether the
                # change applies rests on its date, which ``changes`` in ``assumed`` covers
                kept = tuple(k for k in unit.assumed if k not in change.values)
                unit = replace(unit, **dict(change.values), assumed=kept)
        return unit


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


_BOOL_FIELDS = {f.name for f in fields(Unit) if f.type in ("bool",)}
_AEC_FIELDS = ("aeca", "aecd", "atec")
_KNOWN_KEYS = {f.name for f in fields(Unit)} | {"type", "count", "from"} - {"unit_type"}
ASSUMABLE_KEYS = frozenset(
    ({f.name for f in fields(Unit)} | {"type"}) - {"unit_type", "name", "id", "assumed", "scale"}
)
"""Keys a counter may mark ``assumed``; ``aec`` is short for ``aeca``, ``aecd`` and ``atec``."""


RuleValue = bool | int | str
"""A ruleset's own unit value: a flag, a whole number, a word."""


def parse_rule_values(value: Any, where: str) -> tuple[tuple[str, RuleValue], ...]:
    """``rules = { fire = 6, morale = 8 }``: a table of the ruleset's own unit values, each a
    flag, a whole number within what a counter prints, or a short word. Which keys a ruleset
    reads is its vocabulary's to say (checked where the ruleset is known)."""
    if not isinstance(value, Mapping):
        raise UnitDataError(f"{where}: rules must be a table of values, like {{ morale = 8 }}")
    found: list[tuple[str, RuleValue]] = []
    for key, item in value.items():
        if isinstance(item, bool) or (isinstance(item, str) and 0 < len(item) <= MAX_NAME):
            found.append((str(key), item))
        elif isinstance(item, int) and abs(item) <= MAX_STRENGTH:
            found.append((str(key), item))
        else:
            raise UnitDataError(
                f"{where}: rules.{key} must be true or false, a whole number of at most "
                f"{MAX_STRENGTH} either way, or a word, not {_short(item)}"
            )
    return tuple(sorted(found))


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:20]}...({len(text)} characters)"


def parse_assumed(value: Any, where: str) -> tuple[str, ...]:
    """A counter's ``assumed = [...]`` list: keys whose values the rules texts do not give."""
    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        raise UnitDataError(f'{where}: assumed must be a list of keys, like ["attack", "aec"]')
    keys: list[str] = []
    for key in value:
        expanded = _AEC_FIELDS if key == "aec" else (key,)
        for k in expanded:
            if _is_rule_key(k):  # one of the ruleset's own values: rules.fire, rules.morale
                pass
            elif k not in ASSUMABLE_KEYS:
                raise UnitDataError(
                    f"{where}: assumed names {k!r}, which is not a unit key (known: "
                    f"{', '.join(sorted(ASSUMABLE_KEYS | {'aec'}))}, or rules.KEY for a "
                    "value under rules)"
                )
            if k not in keys:
                keys.append(k)
    return tuple(keys)


def _is_rule_key(key: str) -> bool:
    """``rules.fire``: one value under a counter's ``rules``, marked assumed on its own."""
    head, dot, tail = key.partition(".")
    return head == "rules" and bool(dot) and 0 < len(tail) <= MAX_NAME and "." not in tail


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


def _parse_values(data: Mapping[str, Any], where: str, tactical: bool = False) -> dict[str, Any]:
    """Parse the capability keys of a unit description into :class:`Unit` field values; a
    ``tactical`` counter may have the types of :data:`TACTICAL_UNIT_TYPES`."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        name = "unit_type" if key == "type" else key
        if key in ("count", "from", "name", "id", "changes"):
            continue
        if key == "assumed":
            out[key] = parse_assumed(value, where)
            continue
        if name not in _KNOWN_KEYS and name != "unit_type":
            raise UnitDataError(f"{where}: unknown unit key {key!r}")
        if name in _AEC_FIELDS:
            try:
                out[name] = AecValue(value)
            except ValueError:
                allowed = ", ".join(v.value for v in AecValue)
                raise UnitDataError(
                    f"{where}: {key} must be one of {allowed} (10.B), not {value!r}"
                ) from None
        elif name in ("re", "conversion_re", "intrinsic_atec"):
            out[name] = parse_re(value, f"{where}: {key}")
        elif name == "size":
            if not isinstance(value, str) or value not in SIZE_RE:
                raise UnitDataError(
                    f"{where}: size must be one of {', '.join(SIZE_RE)}, not {value!r}"
                )
            out[name] = value
        elif name == "unit_type":
            if not _is_unit_type(value, tactical):
                raise UnitDataError(f"{where}: unknown unit type {value!r}")
            out[name] = value
        elif name in _BOOL_FIELDS:
            if not isinstance(value, bool):
                raise UnitDataError(f"{where}: {key} must be true or false, not {value!r}")
            out[name] = value
        elif name == "range":
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise UnitDataError(
                    f"{where}: range must be a whole number of hexes, 1 or more (2 for "
                    f"long-range artillery, 14A3), not {value!r}"
                )
            out[name] = value
        elif name == "steps":
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_STEPS:
                raise UnitDataError(
                    f"{where}: steps must be a whole number, 1 to {MAX_STEPS}, not {value!r}"
                )
            out[name] = value
        elif name in ("attack", "defence", "movement", "heavy_atec_units"):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise UnitDataError(f"{where}: {key} must be a whole number >= 0, not {value!r}")
            if value > MAX_STRENGTH:
                raise UnitDataError(
                    f"{where}: {key} {value} is more than the {MAX_STRENGTH} any counter prints"
                )
            out[name] = value
        elif name == "rules":
            out[name] = parse_rule_values(value, where)
        elif name == "air_type":
            if not isinstance(value, str) or value not in AIR_TYPE_LETTERS:
                allowed = ", ".join(AIR_TYPE_LETTERS)
                raise UnitDataError(f"{where}: air_type must be one of {allowed} (16A1)")
            out[name] = value
        elif name == "scale":
            if value != TACTICAL:
                raise UnitDataError(
                    f'{where}: scale must be "{TACTICAL}" (a squad, weapon or vehicle that loses '
                    f"steps, with no size or RE) or left out, not {_short(value)}"
                )
            out[name] = value
        elif name in ("engineer",):
            if not isinstance(value, str) or value not in ("combat", "assault"):
                raise UnitDataError(f'{where}: engineer must be "combat" or "assault"')
            out[name] = value
        else:  # name, nationality, id
            if not isinstance(value, str):
                raise UnitDataError(f"{where}: {key} must be text, not {value!r}")
            out[name] = value
    return out


def unit_from_mapping(
    data: Mapping[str, Any], where: str, *, base: Unit | None = None, tactical: bool = False
) -> Unit:
    """Build a :class:`Unit` from a counter-set or scenario table.

    ``base`` is the counter a scenario entry names; keys given here override it, so a scenario can
    say ``counter = "ax-pz-xx" `` and ``aeca = "double"``. A ``tactical`` counter (a game whose
    units lose steps) needs no size or RE: it counts no REs. Raises :class:`UnitDataError` with
    ``where`` (the file and entry) in the message.
    """
    tactical = (
        tactical or data.get("scale") == TACTICAL or (base is not None and base.scale == TACTICAL)
    )
    values = _parse_values(data, where, tactical)
    if tactical:
        values["scale"] = TACTICAL
    name = data.get("name", base.name if base else None)
    if not isinstance(name, str) or not name:
        raise UnitDataError(f"{where}: a unit needs a name")
    if too_long := long_name(name, where):
        raise UnitDataError(too_long)
    size = values.get("size", base.size if base else None)
    if "re" not in values:
        if base is not None and "size" not in values:
            values["re"] = base.re
        elif size is not None:
            values["re"] = SIZE_RE[size]
        elif tactical:
            values["re"] = Fraction(0)  # squads, guns and vehicles: a tactical game has no REs
        else:
            raise UnitDataError(f"{where}: give the unit a size (II, III, X, XX, XXX) or an re")
    if values.get("heavy_armour"):
        values.setdefault("heavy_antitank", True)  # 14D2: every heavy armour type is heavy AT too
    changes = list(base.changes) if base else []
    raw_changes = data.get("changes", [])
    for _key, message in _change_problems(raw_changes, where, tactical):
        raise UnitDataError(message)
    for i, entry in enumerate(raw_changes):
        rest = {k: v for k, v in entry.items() if k != "date"}
        parsed = _parse_values(rest, f"{where}: changes[{i}]", tactical)
        changes.append(DatedChange(entry["date"], parsed))
    changes = _merged(changes)
    if base is not None:
        # a value the scenario states is its own, no longer the counter's placeholder
        # (a scenario's own dated changes add to the counter's, whose dates stay assumed)
        given = set(data) - {"changes"} | ({"re"} if "size" in data else set())
        if isinstance(data.get("rules"), Mapping):
            given |= {f"rules.{key}" for key in data["rules"]}
        kept = tuple(k for k in base.assumed if k not in given)
        values["assumed"] = kept + tuple(k for k in values.get("assumed", ()) if k not in kept)
    values.update(name=name, changes=tuple(changes))
    unit = replace(base, **values) if base else Unit(**values)  # one copy per entry
    air = _is_air(unit.unit_type, unit.air_type)
    before = _Before(unit.unit_type, unit.motorized, None if tactical else unit.re, air)
    for _key, message in _rule_problems(before, data, where):
        raise UnitDataError(message)
    return unit


def unit_problems(
    data: Mapping[str, Any], where: str, tactical: bool = False
) -> list[tuple[str | None, str]]:
    """Every problem of a unit description, each with the key it is about (None: the whole
    table), so ``hexcombat check`` lists them all in one run where :func:`unit_from_mapping`
    stops at the first."""
    found: list[tuple[str | None, str]] = []
    tactical = tactical or data.get("scale") == TACTICAL
    for key, value in data.items():
        if key == "changes":
            continue
        try:
            _parse_values({key: value}, where, tactical)
        except UnitDataError as exc:
            found.append((key, str(exc)))
    name = data.get("name")
    if not isinstance(name, str) or not name:
        found.append(("name" if "name" in data else None, f"{where}: a unit needs a name"))
    elif too_long := long_name(name, where):
        found.append(("name", too_long))
    if "re" not in data and "size" not in data and not tactical:
        found.append((None, f"{where}: give the unit a size (II, III, X, XX, XXX) or an re"))
    unit_type = data["type"] if _is_unit_type(data.get("type"), tactical) else "infantry"
    try:
        re = parse_re(data["re"], where) if "re" in data and not tactical else None
    except UnitDataError:
        re = None  # reported above
    air = _is_air(unit_type, data.get("air_type"))
    found += _rule_problems(_Before(unit_type, data.get("motorized") is True, re, air), data, where)
    return [*found, *_change_problems(data.get("changes", []), where, tactical)]


class _Before(NamedTuple):
    """What a unit table says before its dated changes, as the rules checks read it."""

    unit_type: str
    motorized: bool
    re: Fraction | None
    air: bool
    """An air unit (16A): it has no REs, and stands in no ground combat."""


def _is_unit_type(value: object, tactical: bool = False) -> bool:
    """Whether ``value`` names a unit type (a list or table names none, and is no set key); a
    tactical counter's types are :data:`TACTICAL_UNIT_TYPES`."""
    return isinstance(value, str) and value in (TACTICAL_UNIT_TYPES if tactical else UNIT_TYPES)


def _is_air(unit_type: str, air_type: object) -> bool:
    return air_type is not None or unit_type in AIR_CATEGORIES


ZERO_RE = (
    "re = 0, but a ground unit in a combat needs more than 0 REs: with none it adds nothing to "
    "any RE total (10.B, 14D2), yet 14D2 would still count it 1 RE for heavy effects; give its "
    "REs (a II is 1/2 RE, 14D2d)"
)
"""Why a ground unit of 0 REs is refused in every ruleset (air units have no REs, 16A)."""


def _rule_problems(unit: _Before, data: Mapping[str, Any], where: str) -> list[tuple[str, str]]:
    """What the rules refuse in a unit table whose keys each read well: a ground unit of 0 REs,
    and a heavy flag that says otherwise than the unit's type (14D2), as of each dated change
    too; each with the key it is about."""
    unit_type, motorized, re, air = unit
    found: list[tuple[str, str]] = []
    if re == 0 and not air:
        found.append(("re", f"{where}: {ZERO_RE}"))
    flags = {k: data[k] for k in ("heavy_armour", "heavy_antitank") if k in data}
    heavy = heavy_flag_problem(unit_type, motorized, flags)
    if heavy:
        found.append((heavy[0], f"{where}: {heavy[1]}"))
    raw_changes = data.get("changes", [])
    for i, entry in enumerate(raw_changes if isinstance(raw_changes, list) else []):
        if not isinstance(entry, Mapping):
            continue  # _change_problems says so
        label = f"{where}: changes[{i}] ({entry.get('date')})"
        if _is_unit_type(entry.get("type")):
            unit_type = entry["type"]
        if isinstance(entry.get("motorized"), bool):
            motorized = entry["motorized"]
        flags |= {k: entry[k] for k in ("heavy_armour", "heavy_antitank") if k in entry}
        if "re" in entry and not air:
            try:
                zero = parse_re(entry["re"], label) == 0
            except UnitDataError:
                zero = False  # _change_problems says so
            if zero:
                found.append(("changes", f"{label}: {ZERO_RE}"))
        if not heavy and (heavy := heavy_flag_problem(unit_type, motorized, flags)):
            found.append(("changes", f"{label}: {heavy[1]}"))  # said once, where it starts
    return found


def _change_problems(
    raw_changes: Any, where: str, tactical: bool = False
) -> Iterator[tuple[str, str]]:
    """Every problem of a unit's dated changes (10.H), each about the ``changes`` key: one
    place for :func:`unit_from_mapping` (which stops at the first) and ``check`` (which lists
    them all)."""
    if not isinstance(raw_changes, list):
        yield ("changes", f"{where}: changes must be a list of tables with a date")
        return
    previous = ""
    for i, entry in enumerate(raw_changes):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("date"), str):
            yield ("changes", f'{where}: changes[{i}] needs a date "YYYY-MM"')
            continue
        date = entry["date"]
        if problem := change_date_problem(date, previous, i):
            yield ("changes", f"{where}: {problem}")
        previous = date
        rest = {k: v for k, v in entry.items() if k != "date"}
        if not rest:
            yield ("changes", f"{where}: changes[{i}] ({date}) changes nothing")
        if "assumed" in rest:
            yield ("changes", f"{where}: changes[{i}]: {ASSUMED_IN_A_CHANGE}")
        for key, value in rest.items():
            try:
                _parse_values({key: value}, f"{where}: changes[{i}]", tactical)
            except UnitDataError as exc:
                yield ("changes", str(exc))


def _merged(changes: list[DatedChange]) -> list[DatedChange]:
    """Dated changes oldest first; a scenario's change in a counter's month adds to it."""
    by_date: dict[str, dict[str, Any]] = {}
    for change in changes:
        by_date.setdefault(change.date, {}).update(change.values)
    return [DatedChange(date, by_date[date]) for date in sorted(by_date)]
