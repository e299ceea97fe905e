"""What a ruleset declares about itself, so the game, the checks and the panel need no rule of it.

A ruleset names the conditions it reads (each with its kind, choices, label and rule), the unit
capabilities it reads beyond the shared counter vocabulary, the dice it rolls, its turn sequence,
the markers and morale or cohesion states a counter may carry under it. The layers above read
these declarations; they never name a condition, a phase or a marker of a particular game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from hexcombat.rules.units import CapabilityKind

ConditionValue = bool | int | str
"""What a condition holds: a flag (fortified), a number (a fortification's DRM), a choice."""

ConditionKind = Literal["bool", "int", "choice"]
"""How a condition is chosen: checked, a whole number within bounds, one of its choices."""

SideName = Literal["attacker", "defender"]


@dataclass(frozen=True)
class ConditionSpec:
    """One condition a ruleset reads, as a player sets it before the combat."""

    key: str
    """The key scenarios and saves write, e.g. ``fortified``."""
    kind: ConditionKind
    label: str
    """What a player reads beside the control, e.g. ``Fortified``."""
    rule: str
    """The rule reference that makes the condition matter, e.g. ``10.B.1``."""
    default: ConditionValue = False
    choices: tuple[str, ...] = ()
    """For ``choice``: the values allowed, the default among them."""
    low: int | None = None
    """For ``int``: the smallest value allowed (None: no bound)."""
    high: int | None = None
    """For ``int``: the largest value allowed (None: no bound)."""
    help: str = ""
    """One sentence a tooltip shows: what the condition does under the rule."""
    set_by_phase: bool = False
    """Not chosen by the player: the turn's phase sets it (an overrun in the movement phase)."""
    phase_words: str = ""
    """For a condition the phase sets: the rule in words, told to a scenario that contradicts
    its phase (``an attack is an overrun when made in the movement phase``)."""
    bounds: str = ""
    """What an out-of-bounds whole number is told, in the rule's words (``a fortification's
    combat die roll modifier is negative``); empty: the bounds as numbers."""

    def problem(self, value: object) -> str | None:
        """Why ``value`` cannot be this condition, or None when it can."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                return f"{self.key} must be true or false, not {value!r}"
            return None
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                return f"{self.key} must be a whole number, not {value!r}"
            low = self.low is not None and value < self.low
            if low or (self.high is not None and value > self.high):
                if self.bounds:
                    return f"{self.bounds}, not {value:+d} ({self.rule})"
                bound = f"at least {self.low}" if low else f"at most {self.high}"
                return f"{self.key} must be {bound}, not {value} ({self.rule})"
            return None
        if value not in self.choices:
            return f"{self.key} must be one of {', '.join(self.choices)}, not {value!r}"
        return None


CapabilityKind = Literal["bool", "int", "choice"]


@dataclass(frozen=True)
class CapabilitySpec:
    """A unit value a ruleset reads beyond the shared counter vocabulary (a fire value, a
    morale, steps), written in a counter set or an inline unit under ``[rules]``."""

    key: str
    kind: CapabilityKind
    label: str
    rule: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None

    def problem(self, value: object) -> str | None:
        """Why ``value`` cannot be this capability, or None when it can."""
        return ConditionSpec(
            self.key, self.kind, self.label, self.rule, False, self.choices, self.low, self.high
        ).problem(value)


@dataclass(frozen=True)
class DieSpec:
    """A die (or dice added together) a ruleset rolls, and what for."""

    purpose: str
    """What the roll decides, in a player's words: ``combat die``, ``morale check``."""
    sides: int
    count: int = 1
    """Dice rolled together and added: 2 for a 2d6 morale check."""
    rule: str = ""
    side: SideName | None = None
    """Whose roll it is, when each side rolls its own (both fire at once)."""
    follow_up: bool = False
    """Rolled after the result, for the units it names (a morale check)."""
    asked: str = ""
    """How a player is asked for it when its faces pick among choices, e.g. ``the chance roll
    on a d6 that picks the DRM (1-3: +3, 4-6: +4)``; empty: ``the <purpose>``."""

    @property
    def name(self) -> str:
        """``d6``, ``2d6``, ``d10``."""
        return f"{self.count if self.count > 1 else ''}d{self.sides}"


@dataclass(frozen=True)
class PhaseSpec:
    """One phase of a ruleset's turn sequence, as the Conditions box offers it."""

    name: str
    """The key saves and scenarios write, e.g. ``combat``."""
    title: str
    attacks: bool = True
    """Whether attacks are made in this phase."""
    sets: Mapping[str, ConditionValue] = field(default_factory=dict)
    """Conditions the phase sets for every attack in it (an overrun in the movement phase)."""
    rule: str = ""
    note: str = ""
    """What a player should know when this phase is chosen."""
    attack_words: str = ""
    """How its attacks are named where a phase without attacks is warned of: ``resolved in
    the combat phase``; empty: ``made in the <name> phase``."""


@dataclass(frozen=True)
class StateSpec:
    """A morale or cohesion state, or a marker, a counter may carry under the ruleset."""

    key: str
    """The key saves write, e.g. ``disrupted``."""
    label: str
    rule: str
    short: str = ""
    """What the counter shows (a letter or two), e.g. ``D``; empty: the label's first letter."""
    rank: int = 0
    """For morale or cohesion states: how far below good order (0 good order); a further
    failure moves a unit to the next rank."""

    @property
    def mark(self) -> str:
        """The letters drawn on a counter carrying it."""
        return self.short or self.label[:1].upper()


@dataclass(frozen=True)
class Vocabulary:
    """Everything a ruleset declares for the layers above it."""

    conditions: tuple[ConditionSpec, ...] = ()
    capabilities: tuple[CapabilitySpec, ...] = ()
    dice: tuple[DieSpec, ...] = ()
    phases: tuple[PhaseSpec, ...] = ()
    default_phase: str = ""
    states: tuple[StateSpec, ...] = ()
    """Morale or cohesion states, good order first (``rank`` 0)."""
    markers: tuple[StateSpec, ...] = ()
    """Markers a counter may carry besides its state (heroic, in motion, regrouping)."""
    steps: bool = False
    """Whether units lose steps (tactical games) rather than strength points."""
    weather: tuple[str, ...] = ("clear",)
    """The weather its charts know, the usual first."""
    terrain: tuple[str, ...] = ()
    """The terrain its rules know for the defended hex, the usual first: what the calculator
    offers and what any other terrain is refused against. Empty: not declared (a test ruleset),
    the terrain is typed."""
    glossary: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """The game's own words as its rules texts write them, by the lower-case word (or words
    joined by ``_``) a report's totals are keyed with: ``drm`` -> ``DRM``, ``cv`` -> ``CV``. A
    tutorial step naming a total spells it so (:meth:`spelled`); a game with no glossary has its
    totals read as their keys' words."""
    dated: bool = True
    """Whether its rules read the game month (a date in the rules, or units' dated changes):
    without, the panel asks for no date unless a counter in play changes by one."""
    date_rule: str = ""
    """The rule that dates counter values (a counter changes from a month on), cited where the
    date is asked for."""
    hexside_features: tuple[str, ...] = ()
    """Hexside features a unit may attack across that the ruleset reads (a scenario without a
    map names them); a map may declare more, which the ruleset then treats as none."""
    hexside_rule: str = ""
    """The rule that makes attacking across a hexside feature matter."""
    hexside_first: tuple[str, ...] = ()
    """When a hexside carries several features, the ones the rules ask about, the most telling
    first: the one a unit is said to attack across."""
    one_attacking_force: bool = False
    """Whether the stacks attacking together are one force for what units share with those
    they stack with (conversions), rather than each stack for itself."""
    unit_types: frozenset[str] = frozenset()
    """The unit types its counters may name (``infantry``, ``armour``; a game of legions and
    cohorts its own): the core knows none, and reads a counter's ``type`` when a registered
    ruleset whose units lose steps as the counter's do (:attr:`steps`) declares it."""
    unit_sizes: tuple[str, ...] = ()
    """The size marks its counters may print (``I``, ``III``, ``XX``; none for a
    game of squads, whose counters print none): the core knows none, and reads a counter's
    ``size`` when a registered ruleset declares it."""
    unit_capabilities: tuple[CapabilityKind, ...] = ()
    """The capabilities the ruleset's units have beyond what every game's unit has, each read
    from the counter tables by its :class:`~hexcombat.rules.units.CapabilityKind` (a family's
    sizes and armour values); a counter of its game needs what they need."""
    counting_limits: str = ""
    """When only some of a side's units count in a combat (the result applies to all): the
    limits in the rule's words with its reference, e.g. ``per side at most 4 non-vehicular
    combat steps, 1 leader, 1 LATW, 1 FT and 1 vehicle count (Assault)``; the panel then lets a
    player choose the counted units (``Participant.counted``). Empty: every unit counts."""
    attack_name: str = "Attack"
    """What the game calls an attack, as the panel's button, the menu and the combat log say
    it: ``Assault`` in the tactical games."""
    attacker_unread: frozenset[str] = frozenset()
    """The unit keys an attacking unit does not read under these rules (a defence strength, a
    defending capability): a value assumed there is not warned of (rules/assumed_values.py).
    Empty: an attacker reads every key it has."""
    defender_unread: frozenset[str] = frozenset()
    """The unit keys a defending unit does not read under these rules (an attack strength, an
    attacking capability); as :attr:`attacker_unread`."""
    advance_once_per_turn: str = ""
    """The rule reference when a unit may advance after combat only once per turn (14.3.3:
    "Advance is allowed once per turn per unit"): the game remembers who advanced this turn and
    refuses a second advance under it. Empty: no limit."""

    def condition(self, key: str) -> ConditionSpec | None:
        """The declared condition ``key``, or None."""
        return next((c for c in self.conditions if c.key == key), None)

    def capability(self, key: str) -> CapabilitySpec | None:
        """The declared capability ``key``, or None."""
        return next((c for c in self.capabilities if c.key == key), None)

    def phase(self, name: str) -> PhaseSpec | None:
        """The declared phase ``name``, or None."""
        return next((p for p in self.phases if p.name == name), None)

    def state(self, key: str) -> StateSpec | None:
        """The declared morale/cohesion state ``key``, or None."""
        return next((s for s in self.states if s.key == key), None)

    def marker(self, key: str) -> StateSpec | None:
        """The declared marker ``key``, or None."""
        return next((m for m in self.markers if m.key == key), None)

    def capability_problems(
        self, ruleset: str, values: tuple[tuple[str, object], ...]
    ) -> list[tuple[str, str]]:
        """Each of a unit's ``rules`` values this ruleset does not read as given, with the key
        it is about, so a counter set or scenario is told at the value's line."""
        found = []
        for key, value in values:
            spec = self.capability(key)
            if spec is None:
                known = ", ".join(c.key for c in self.capabilities)
                reads = f"it reads {known}" if known else "it reads none beyond the shared keys"
                found.append(
                    (key, f"rules.{key}: the {ruleset} ruleset reads no such value; {reads}")
                )
            elif (problem := spec.problem(value)) is not None:
                found.append((key, f"rules.{problem}"))
        return found

    def spelled(self, key: str) -> str:
        """A report total's key in the game's words (``drm_before_limit`` -> ``DRM before
        limit``): the longest run of its ``_``-joined words the glossary knows first, every
        other word as it is."""
        words = key.split("_")
        said: list[str] = []
        at = 0
        while at < len(words):
            for end in range(len(words), at, -1):
                phrase = "_".join(words[at:end])
                if phrase in self.glossary:
                    said.append(self.glossary[phrase])
                    at = end
                    break
            else:
                said.append(words[at])
                at += 1
        return " ".join(said)

    def unread_by(self, side: SideName) -> frozenset[str]:
        """The unit keys ``side``'s units do not read under these rules."""
        return self.attacker_unread if side == "attacker" else self.defender_unread

    def die_faces(self) -> int:
        """The most faces any of the ruleset's dice has: a saved roll above it is refused."""
        return max((d.sides for d in self.dice), default=6)
