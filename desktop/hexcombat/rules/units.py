"""Units in one vocabulary shared by counter sets (``counters/*.toml``), units defined inline in a
scenario, saves and the rulesets: what every game's unit has (a name, a nationality, a type, a size
mark, its printed strengths, steps, range, and the values its ruleset reads under ``rules``), plus
the capabilities a ruleset family declares (:class:`CapabilityKind`: a family's own values and
categories), read from the same tables at their lines. The core names no game's types, sizes or
values: the types and size marks a counter may name are those the registered rulesets declare
(``Vocabulary.unit_types``, ``unit_sizes``).

Values that change by date are listed in ``changes``; :meth:`Unit.on` resolves them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Any, NamedTuple, Protocol, TypeVar, runtime_checkable

from hexcombat.rules.dates import ASSUMED_IN_A_CHANGE, change_date_problem
from hexcombat.rules.errors import UnitDataError
from hexcombat.rules.names import MAX_NAME, long_name

MAX_STRENGTH = 999
"""The largest attack, defence, movement or other count a unit may have. Counters print
these in one or two digits; a side's losses are chosen by adding strengths point by point, so a
strength no counter prints is refused rather than counted up to."""
MAX_STEPS = 20
"""The most steps a counter may have: tactical counters print two (full and reduced) and a few
more on step markers; a unit's steps are drawn as pips and lost one by one."""

TACTICAL = "tactical"
"""The one ``scale`` a counter may say (:attr:`Unit.scale`): a squad, weapon or vehicle that
loses steps, drawn without a size mark."""

CapabilityT = TypeVar("CapabilityT")


@dataclass(frozen=True)
class DatedChange:
    """Capabilities that a unit gains from a date on (10.H: values change by date)."""

    date: str
    """``YYYY-MM``: the first game month the change applies."""
    values: Mapping[str, Any]
    """Field name -> new value (already parsed)."""


@dataclass(frozen=True)
class Unit:
    """One unit type: what every game's counter has, and the capabilities its ruleset reads."""

    name: str
    """The name a player reads, e.g. ``Hv Tank XX``."""
    id: str = ""
    """The counter's key in its counter set, empty for an inline unit."""
    nationality: str = ""
    """``soviet``, ``german``, ``axis``, ...: colours on the map, and 10.I.3's Axis Hv AA."""
    size: str | None = None
    """Size mark, one a registered ruleset declares (``Vocabulary.unit_sizes``: ``I``,
    ``III``, ``XX``, ...); None for a counter that prints none."""
    unit_type: str = "infantry"
    """A type a registered ruleset declares (``Vocabulary.unit_types``)."""
    attack: int | None = None
    """Printed attack strength (the ``16`` of a ``16-10``)."""
    defence: int | None = None
    """Printed defence strength; equals attack for counters that print one combat value."""
    movement: int | None = None
    """Printed movement allowance (the ``10`` of a ``16-10``)."""
    range: int = 1
    """Attack range in hexes: 2 for long-range artillery (14A3)."""
    steps: int | None = None
    """Steps the counter has (a tactical game's full and reduced sides); None where the game
    counts strength points instead. A unit that loses its last step is eliminated."""
    scale: str | None = None
    """A game-neutral hint, not a rule: ``tactical`` when the counter loses steps (a squad,
    weapon or vehicle: its game's ``Vocabulary.steps``, or its set's own ``scale = "tactical"``
    where the set is read without its game's ruleset), which the map and the Stack panel draw
    without a size mark; None otherwise. The core reads it only to stand for ``steps`` where the
    game is not known; no ruleset reads it. Kept with the unit, so a scenario placing it and a
    save holding it read it as its counter set did."""
    rules: tuple[tuple[str, RuleValue], ...] = ()
    """Values the unit's ruleset reads beyond the shared keys (a fire value, a morale, steps),
    as a counter set writes them under ``rules = { ... }``, sorted by key; the ruleset's
    vocabulary says which it reads (``hexcombat check`` checks them at their line)."""
    capabilities: tuple[Any, ...] = ()
    """The capabilities a ruleset family declares for its units, each a frozen dataclass of
    its own (a family's values, docs/rulesets.md), read from the counter's keys by its
    :class:`CapabilityKind`; asked for with :meth:`capability`."""
    changes: tuple[DatedChange, ...] = field(default=(), compare=False)
    """Values that change by date (10.H), oldest first."""
    assumed: tuple[str, ...] = field(default=(), compare=False)
    """Keys whose values the rules texts do not give (placeholders to check against the
    printed counter), e.g. ``("attack", "defence", "changes")``; ``changes`` marks the dates."""

    def __post_init__(self) -> None:
        # a capability may follow the unit's type (14D2: a heavy type qualifies whatever its
        # flags say), so it is fitted to the unit each time one is made or replaced
        if not self.capabilities:
            return
        fitted = tuple(c.fitted(self) if hasattr(c, "fitted") else c for c in self.capabilities)
        if fitted != self.capabilities:
            object.__setattr__(self, "capabilities", fitted)

    def capability(self, kind: type[CapabilityT]) -> CapabilityT | None:
        """The unit's capability of type ``kind``; None when it has none."""
        for found in self.capabilities:
            if isinstance(found, kind):
                return found
        return None

    def rule_value(self, key: str, default: RuleValue | None = None) -> RuleValue | None:
        """The ruleset value ``key`` (``rules = { fire = 6 }``), else ``default``."""
        return dict(self.rules).get(key, default)

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
                shared = {k: v for k, v in change.values.items() if k in SHARED_FIELDS}
                capabilities = unit.capabilities
                if len(shared) < len(change.values):  # a capability's value changes too
                    capabilities = tuple(_changed(c, change.values) for c in capabilities)
                unit = replace(unit, **shared, capabilities=capabilities, assumed=kept)
        return unit


@runtime_checkable
class Fitted(Protocol):
    """A capability that follows the unit it belongs to (its type, its motorization)."""

    def fitted(self, unit: Unit) -> Any:
        """The capability as ``unit`` has it."""


@runtime_checkable
class CounterMarkings(Protocol):
    """What a capability shows on a counter and in the Stack panel, so the map, the palette
    and the legend draw it without knowing the game (a size in the game's own measure, coloured
    bands, type letters)."""

    def stack_size(self) -> tuple[Fraction, str] | None:
        """What the unit adds to a stack's size and in what (``(3, "RE")``); None: nothing."""

    def type_letters(self) -> str | None:
        """Letters the counter prints for its type (an air unit's ``F``); None: none."""

    def band(self) -> str | None:
        """A band the counter carries (``heavy-armour``, ``heavy-antitank``); None: none."""

    def flies(self) -> bool:
        """An air unit: it stands at its base on the map and fights no ground combat."""


_MARKING_METHODS = tuple(
    name for name, value in vars(CounterMarkings).items() if callable(value) and name[0] != "_"
)
"""The methods of :class:`CounterMarkings`, looked up on a capability's class."""


def markings(unit: Unit) -> Iterator[CounterMarkings]:
    """The capabilities of ``unit`` that show on its counter: those whose class has every
    method of :class:`CounterMarkings` (the test ``isinstance`` makes of a protocol, done
    directly: every counter drawn asks, and typing's own takes 9 us a capability)."""
    return (c for c in unit.capabilities if _shows_markings(c))


def _shows_markings(capability: object) -> bool:
    """Whether ``capability``'s class provides every method of :class:`CounterMarkings`."""
    kind = type(capability)
    return all(callable(getattr(kind, name, None)) for name in _MARKING_METHODS)


def stack_size(unit: Unit) -> tuple[Fraction, str] | None:
    """What ``unit`` adds to a stack's size and in what (``(3, "RE")``); None in a game whose
    units have no size in a stack (a tactical game's squads count steps)."""
    return next((size for m in markings(unit) if (size := m.stack_size()) is not None), None)


def type_letters(unit: Unit) -> str | None:
    """The letters ``unit``'s counter prints for its type (an air unit's ``HF``), if any."""
    return next((t for m in markings(unit) if (t := m.type_letters())), None)


def band(unit: Unit) -> str | None:
    """The band ``unit``'s counter carries (``heavy-armour``, ``heavy-antitank``), if any."""
    return next((b for m in markings(unit) if (b := m.band())), None)


def flies(unit: Unit) -> bool:
    """Whether ``unit`` is an air unit: it stands at its base, in no ground combat."""
    return any(m.flies() for m in markings(unit))


MOTORIZED = "motorized"
"""The symbol mark of a motorized unit (:class:`SymbolMarks`): wheels under its type's symbol."""


@runtime_checkable
class SymbolMarks(Protocol):
    """What a capability adds to the symbol the counter's type box draws, in game-neutral words
    (``motorized``: the wheels under an infantry symbol), so the map draws it without knowing
    the game or reading a ruleset's values."""

    def symbol_marks(self) -> frozenset[str]:
        """The marks, each a word the map's symbols know (``motorized``); empty: none."""


def symbol_marks(unit: Unit) -> frozenset[str]:
    """Every mark ``unit``'s capabilities add to its type's symbol (``motorized``)."""
    found: frozenset[str] = frozenset()
    for capability in unit.capabilities:
        if isinstance(capability, SymbolMarks):
            found |= capability.symbol_marks()
    return found


def _changed(capability: Any, values: Mapping[str, Any]) -> Any:
    """``capability`` with the dated change's values of its own keys."""
    own = capability.__dataclass_fields__  # a frozen dataclass (quicker than fields())
    mine = {k: v for k, v in values.items() if k in own}
    return replace(capability, **mine) if mine else capability


class UnitOutline(NamedTuple):
    """What a capability's reader knows of the unit it reads: its shared values, and whether
    its game needs the capability."""

    unit_type: str
    size: str | None
    size_given: bool
    """The table states ``size`` itself (not only the counter it is based on)."""
    tactical: bool
    required: bool
    """The unit's game declares the capability (or its game is not known and the capability
    is needed by default, :attr:`CapabilityKind.required_by_default`)."""
    based: bool = False
    """The table is based on a counter (a scenario entry naming one): what it leaves out is
    the counter's."""
    base: Unit | None = None
    """That counter, when the reader has it (its own values are asked of it)."""

    @staticmethod
    def is_type(value: object, tactical: bool = False) -> bool:
        """Whether ``value`` names a unit type (:func:`_is_unit_type`)."""
        return _is_unit_type(value, tactical)


class CapabilityKind(Protocol):
    """How a ruleset family's unit capability is read from a counter table: its keys beside the
    shared ones, each checked with its message, and the capability built from them. A
    ruleset declares it in its vocabulary (``Vocabulary.unit_capabilities``)."""

    type: type
    """The capability's class (what :meth:`Unit.capability` is asked for)."""
    keys: frozenset[str]
    """The table keys it reads."""
    assumed_aliases: Mapping[str, tuple[str, ...]]
    """Short names a counter's ``assumed`` list may use for several keys at once."""
    required_by_default: bool
    """Whether a unit whose game is not known needs it."""
    key_rules: Mapping[str, str]
    """The rule each key that marks a counter is read by (a flag's key -> the rules reading it),
    cited where the marking is explained, as the counter legend does."""

    def parse(self, key: str, value: Any, where: str) -> Any:
        """One key's value; :class:`UnitDataError` naming ``where`` and why."""

    def build(self, values: Mapping[str, Any], base: Any, outline: UnitOutline, where: str) -> Any:
        """The capability from its parsed ``values`` over ``base``'s (None: the unit has none);
        :class:`UnitDataError` when the unit needs it and it cannot be built."""

    def problems(
        self, data: Mapping[str, Any], where: str, outline: UnitOutline
    ) -> list[tuple[str | None, str]]:
        """Every problem of the whole table (beyond its keys one by one), each with its key."""


CapabilitySource = Callable[[], tuple[CapabilityKind, ...]]
"""Where the declared unit capabilities come from: every registered ruleset's vocabulary."""
_capability_source: list[CapabilitySource] = []


def set_capability_source(source: CapabilitySource) -> None:
    """Say where the declared unit capabilities come from: the registry does, as it is
    imported (the core names no ruleset, and imports no registry)."""
    _capability_source[:] = [source]


_type_source: list[Callable[[bool], frozenset[str]]] = []
_size_source: list[Callable[[], tuple[str, ...]]] = []


def set_type_source(source: Callable[[bool], frozenset[str]]) -> None:
    """Say where the unit types the rulesets declare come from (asked with whether the
    counter's units lose steps): the registry does, as it is imported (as
    :func:`set_capability_source`)."""
    _type_source[:] = [source]


def set_size_source(source: Callable[[], tuple[str, ...]]) -> None:
    """Say where the size marks the rulesets declare come from: the registry does, as it is
    imported (as :func:`set_capability_source`)."""
    _size_source[:] = [source]


def declared_types(steps: bool = False) -> frozenset[str]:
    """Every unit type a registered ruleset declares (``Vocabulary.unit_types``) for counters
    that lose ``steps`` (a tactical game's) or strength points; none before the registry is
    loaded: the core names no game's types."""
    return _type_source[0](steps) if _type_source else frozenset()


def declared_sizes() -> tuple[str, ...]:
    """Every size mark a registered ruleset declares (``Vocabulary.unit_sizes``), sorted; none
    before the registry is loaded: the core names no game's sizes."""
    return _size_source[0]() if _size_source else ()


def capability_kinds() -> tuple[CapabilityKind, ...]:
    """Every unit capability a registered ruleset declares, each once: the keys a counter table
    may have beyond the shared ones (none before the registry is loaded)."""
    return _capability_source[0]() if _capability_source else ()


def _kind_of(key: str, declared: tuple[CapabilityKind, ...]) -> CapabilityKind | None:
    return next((k for k in declared if key in k.keys), None)


SHARED_FIELDS = frozenset(f.name for f in fields(Unit)) - {"capabilities", "changes", "assumed"}
"""The values every game's unit has, as :class:`Unit` fields."""
_SHARED_KEYS = (SHARED_FIELDS - {"unit_type"}) | {"type", "count", "from", "changes", "assumed"}
_NOT_ASSUMABLE = {"unit_type", "name", "id", "assumed", "scale", "capabilities", "changes"}
_ASSUMABLE_SHARED = frozenset({f.name for f in fields(Unit)} - _NOT_ASSUMABLE | {"type", "changes"})


def assumable_keys(declared: tuple[CapabilityKind, ...] | None = None) -> frozenset[str]:
    """Keys a counter may mark ``assumed``: the shared ones and every declared capability's
    (a capability may give one short name for several of its keys). ``declared``: the
    capabilities asked of the registry already (:func:`capability_kinds`)."""
    kinds = capability_kinds() if declared is None else declared
    return frozenset(_ASSUMABLE_SHARED | {k for c in kinds for k in c.keys})


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


def parse_assumed(
    value: Any, where: str, declared: tuple[CapabilityKind, ...] | None = None
) -> tuple[str, ...]:
    """A counter's ``assumed = [...]`` list: keys whose values the rules texts do not give."""
    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        raise UnitDataError(f'{where}: assumed must be a list of keys, like ["attack", "defence"]')
    keys: list[str] = []
    kinds = capability_kinds() if declared is None else declared
    aliases = {a: ks for c in kinds for a, ks in c.assumed_aliases.items()}
    known = assumable_keys(kinds)
    for key in value:
        expanded = aliases.get(key, (key,))
        for k in expanded:
            if _is_rule_key(k):  # one of the ruleset's own values: rules.fire, rules.morale
                pass
            elif k not in known:
                raise UnitDataError(
                    f"{where}: assumed names {k!r}, which is not a unit key (known: "
                    f"{', '.join(sorted(known | set(aliases)))}, or rules.KEY for a "
                    "value under rules)"
                )
            if k not in keys:
                keys.append(k)
    return tuple(keys)


def _is_rule_key(key: str) -> bool:
    """``rules.fire``: one value under a counter's ``rules``, marked assumed on its own."""
    head, dot, tail = key.partition(".")
    return head == "rules" and bool(dot) and 0 < len(tail) <= MAX_NAME and "." not in tail


def _parse_values(
    data: Mapping[str, Any],
    where: str,
    tactical: bool = False,
    declared: tuple[CapabilityKind, ...] | None = None,
) -> dict[str, Any]:
    """Parse the keys of a unit description: the shared ones into :class:`Unit` field values,
    a declared capability's by its :class:`CapabilityKind`; a ``tactical`` counter (one that
    loses steps) may have the types the games whose units lose steps declare. ``declared``: the
    capabilities asked of the registry already (asked once a unit, not once a key: a counter set
    has hundreds)."""
    declared = capability_kinds() if declared is None else declared
    out: dict[str, Any] = {}
    for key, value in data.items():
        name = "unit_type" if key == "type" else key
        if key in ("count", "from", "name", "id", "changes"):
            continue
        if key == "assumed":
            out[key] = parse_assumed(value, where, declared)
            continue
        if name not in _SHARED_KEYS and name != "unit_type":
            kind = _kind_of(name, declared)
            if kind is None:
                raise UnitDataError(f"{where}: unknown unit key {key!r}")
            out[name] = kind.parse(name, value, where)
        elif name == "size":
            if not _is_size(value):
                sizes = ", ".join(declared_sizes()) or "none (no ruleset declares a size)"
                raise UnitDataError(f"{where}: size must be one of {sizes}, not {value!r}")
            out[name] = value
        elif name == "unit_type":
            if not _is_unit_type(value, tactical):
                known = ", ".join(sorted(declared_types(tactical))) or "none"
                raise UnitDataError(
                    f"{where}: unknown unit type {value!r} (the rulesets' types: {known})"
                )
            out[name] = value
        elif name == "range":
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise UnitDataError(
                    f"{where}: range must be a whole number of hexes, 1 or more (2 for a "
                    f"unit that reaches two hexes away), not {value!r}"
                )
            out[name] = value
        elif name == "steps":
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_STEPS:
                raise UnitDataError(
                    f"{where}: steps must be a whole number, 1 to {MAX_STEPS}, not {value!r}"
                )
            out[name] = value
        elif name in ("attack", "defence", "movement"):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise UnitDataError(f"{where}: {key} must be a whole number >= 0, not {value!r}")
            if value > MAX_STRENGTH:
                raise UnitDataError(
                    f"{where}: {key} {value} is more than the {MAX_STRENGTH} any counter prints"
                )
            out[name] = value
        elif name == "rules":
            out[name] = parse_rule_values(value, where)
        elif name == "scale":
            if value != TACTICAL:
                raise UnitDataError(
                    f'{where}: scale must be "{TACTICAL}" (a squad, weapon or vehicle that loses '
                    f"steps, with no size or RE) or left out, not {_short(value)}"
                )
            out[name] = value
        else:  # nationality
            if not isinstance(value, str):
                raise UnitDataError(f"{where}: {key} must be text, not {value!r}")
            out[name] = value
    return out


def _required(kind: CapabilityKind, kinds: Collection[CapabilityKind] | None) -> bool:
    """Whether a unit needs ``kind``: its game declares it, or (its game not known) the
    capability is needed by default."""
    if kinds is None:
        return kind.required_by_default
    return any(kind is k for k in kinds)


def unit_from_mapping(
    data: Mapping[str, Any],
    where: str,
    *,
    base: Unit | None = None,
    tactical: bool = False,
    kinds: Collection[CapabilityKind] | None = None,
) -> Unit:
    """Build a :class:`Unit` from a counter-set or scenario table.

    ``base`` is the counter a scenario entry names; keys given here override it, so a scenario can
    say ``counter = "blue-inf"`` and ``attack = 7``. A ``tactical`` counter (a game whose
    units lose steps) needs no size or RE. ``kinds``: the capabilities the unit's game declares
    (None: its game is not known); a capability its game does not declare is read only where
    the table gives its keys. Raises :class:`UnitDataError` with ``where`` (the file and entry)
    in the message.
    """
    tactical = (
        tactical or data.get("scale") == TACTICAL or (base is not None and base.scale == TACTICAL)
    )
    declared = capability_kinds()  # asked once for the whole table
    values = _parse_values(data, where, tactical, declared)
    if tactical:
        values["scale"] = TACTICAL
    name = data.get("name", base.name if base else None)
    if not isinstance(name, str) or not name:
        raise UnitDataError(f"{where}: a unit needs a name")
    if too_long := long_name(name, where):
        raise UnitDataError(too_long)
    changes = list(base.changes) if base else []
    raw_changes = data.get("changes", [])
    for _key, message in _change_problems(raw_changes, where, tactical):
        raise UnitDataError(message)
    for i, entry in enumerate(raw_changes):
        rest = {k: v for k, v in entry.items() if k != "date"}
        parsed = _parse_values(rest, f"{where}: changes[{i}]", tactical, declared)
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
    shared = {k: v for k, v in values.items() if k in SHARED_FIELDS or k == "assumed"}
    outline = _outline(shared, base, tactical, data)
    capabilities = []
    for kind in declared:
        mine = {k: v for k, v in values.items() if k in kind.keys}
        had = base.capability(kind.type) if base is not None else None
        capability = kind.build(mine, had, outline._replace(required=_required(kind, kinds)), where)
        if capability is not None:
            capabilities.append(capability)
    shared.update(name=name, changes=tuple(changes), capabilities=tuple(capabilities))
    unit = replace(base, **shared) if base else Unit(**shared)  # one copy per entry
    for kind in declared:
        check = outline._replace(required=_required(kind, kinds), based=base is not None)
        for _key, message in kind.problems(data, where, check):
            raise UnitDataError(message)
    return unit


def _outline(
    shared: Mapping[str, Any], base: Unit | None, tactical: bool, data: Mapping[str, Any]
) -> UnitOutline:
    """What a capability's reader knows of the unit the table makes."""
    unit_type = shared.get("unit_type", base.unit_type if base else "infantry")
    size = shared.get("size", base.size if base else None)
    return UnitOutline(unit_type, size, "size" in data, tactical, True, False, base)


def unit_problems(
    data: Mapping[str, Any],
    where: str,
    tactical: bool = False,
    kinds: Collection[CapabilityKind] | None = None,
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
    unit_type = data["type"] if _is_unit_type(data.get("type"), tactical) else "infantry"
    size = data.get("size") if _is_size(data.get("size")) else None
    for kind in capability_kinds():
        outline = UnitOutline(
            unit_type, size, "size" in data, tactical, _required(kind, kinds), False
        )
        found += kind.problems(data, where, outline)
    return [*found, *_change_problems(data.get("changes", []), where, tactical)]


def _is_unit_type(value: object, tactical: bool = False) -> bool:
    """Whether ``value`` names a unit type (a list or table names none, and is no set key): one
    a registered ruleset declares (``Vocabulary.unit_types``) for counters that lose steps
    (``tactical``), or for counters that lose strength points."""
    return isinstance(value, str) and value in declared_types(tactical)


def _is_size(value: object) -> bool:
    """Whether ``value`` is a size mark a registered ruleset declares (``unit_sizes``)."""
    return isinstance(value, str) and value in declared_sizes()


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
