"""A checked ruleset file as plain frozen data (docs/ruleset-file.md, schema 1): nothing here
reads a file or knows the contract's types, so the arithmetic and the adapter share one model."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

SCHEMA = 1
"""The version of the format this program reads."""

TableKind = Literal["odds", "differential", "fire"]
Side = Literal["attacker", "defender"]
Factor = Literal["doubled", "halved"]
Rounding = Literal["down", "up", "exact"]
Combine = Literal["sum", "difference"]
"""How the dice give the row: every entry added (``sum``), or the attacker's dice total minus
the defender's (``difference``: an opposed roll, each side rolling its own)."""
FACTORS: Mapping[str, Fraction] = {"doubled": Fraction(2), "halved": Fraction(1, 2)}
COLUMN = "column"
"""``below`` / ``above``: read the nearest column rather than a result of its own."""


@dataclass(frozen=True)
class DieEntry:
    """One ``[[dice]]`` entry: dice rolled together, added or read as d66."""

    name: str
    sides: int
    count: int
    read: Literal["sum", "d66"]
    side: Side | None
    rule: str


@dataclass(frozen=True)
class Column:
    """One column of the table: for odds its ratio (``low``), else the range ``low..high``."""

    label: str
    low: Fraction
    high: Fraction


@dataclass(frozen=True)
class Row:
    """The die totals ``low..high`` and the result code of each column."""

    low: int
    high: int
    codes: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    kind: TableKind
    rule: str
    columns: tuple[Column, ...]
    below: str | None
    """A result code, :data:`COLUMN`, or None: no combat may fall below the lowest column."""
    above: str | None
    rows: tuple[Row, ...]
    combine: Combine = "sum"
    """The rows are read on the dice total (``sum``) or on the attacker's dice total minus
    the defender's (``difference``)."""


@dataclass(frozen=True)
class ValueDecl:
    """A unit value the player names (``[units.values.elite]``)."""

    key: str
    kind: Literal["bool", "int", "choice"]
    label: str
    rule: str
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Feature:
    """A terrain or a hexside feature and its effects."""

    key: str
    label: str
    rule: str
    attack: Factor | None = None
    defence: Factor | None = None
    shift: int = 0
    drm: int = 0
    prohibited: bool = False
    when: Literal["any", "all"] = "any"
    """For a hexside: its shift and DRM apply when any (or all) attackers cross it."""


@dataclass(frozen=True)
class ConditionDecl:
    key: str
    kind: Literal["bool", "choice"]
    label: str
    rule: str
    choices: tuple[str, ...] = ()
    default: bool | str = False


TestKind = Literal[
    "type-present",
    "type-absent",
    "all-type",
    "value-present",
    "state-present",
    "terrain",
    "any-across",
    "all-across",
    "condition",
    "any-unit",
    "every-unit",
]


@dataclass(frozen=True)
class Test:
    """One condition of a modifier's ``when``, from the closed vocabulary."""

    kind: TestKind
    side: Side | None = None
    name: str = ""
    """The type, value, state, hexside or condition it names."""
    terrains: tuple[str, ...] = ()
    value: str | None = None
    """For ``condition`` on a choice: the choice it asks for."""
    at_least: int | None = None
    """For ``any-unit`` / ``every-unit`` on an ``int`` value: the least it may be."""
    at_most: int | None = None
    """For ``any-unit`` / ``every-unit`` on an ``int`` value: the most it may be."""
    one_of: tuple[str, ...] = ()
    """For ``any-unit`` / ``every-unit`` on a ``choice`` value: the choices it may be."""
    flag: bool | None = None
    """For ``any-unit`` / ``every-unit`` on a ``bool`` value: true or false."""


@dataclass(frozen=True)
class Modifier:
    rule: str
    text: str
    when: tuple[Test, ...]
    shift: int = 0
    drm: int = 0
    attack: Factor | None = None
    defence: Factor | None = None
    prohibited: bool = False


@dataclass(frozen=True)
class Limits:
    shift_min: int | None = None
    shift_max: int | None = None
    drm_min: int | None = None
    drm_max: int | None = None
    rule: str = ""


@dataclass(frozen=True)
class StateDecl:
    key: str
    label: str
    short: str
    rule: str


EffectKind = Literal[
    "eliminate", "lose-steps", "lose-points", "exchange", "retreat", "state", "advance"
]


@dataclass(frozen=True)
class EffectDecl:
    kind: EffectKind
    side: Side
    amount: int = 0
    """Steps or strength points lost; hexes retreated or advanced."""
    chooser: Literal["owner", "opponent"] | None = None
    """Who picks a retreat's path; None: the file does not say (the owner, assumed)."""
    state: str = ""


@dataclass(frozen=True)
class ResultDecl:
    code: str
    text: str
    rule: str
    effects: tuple[EffectDecl, ...]


@dataclass(frozen=True)
class RulesetFile:
    """A whole ruleset file, checked: every name it uses is declared in it."""

    path: str
    id: str
    title: str
    rounding: Rounding
    steps: bool
    rules: Mapping[str, str]
    dice: tuple[DieEntry, ...]
    table: Table
    attack_value: str
    defence_value: str
    types: tuple[str, ...]
    values: tuple[ValueDecl, ...]
    terrain: Mapping[str, Feature]
    hexsides: Mapping[str, Feature]
    conditions: tuple[ConditionDecl, ...]
    modifiers: tuple[Modifier, ...]
    limits: Limits
    states: tuple[StateDecl, ...]
    results: Mapping[str, ResultDecl]
    glossary: Mapping[str, str] = field(default_factory=dict)
    """The game's own words as its rules write them, by a report total's word (``[glossary]``)."""
    sizes: tuple[str, ...] = ()
    """The size marks its counters may print (``[units] sizes``: ``XX``, ``III``)."""
    text: str = field(default="", repr=False, compare=False)
    """The file's text as it was read: the rules this ruleset plays, which a save carries
    (a later edit of the file on disk is another ruleset, read when the program starts again)."""
