"""What the Last Hundred Yards assault declares: the unit values it reads, its dice, the
disrupted state, the markers, the conditions the map cannot give, and what kind of unit is what.

The aid sorts units into *combat units* (squads, sections, MGs), the others that fight beside
them (leaders, LATWs, FTs, FPs, towed guns) and *vehicles* (carriers, half-tracks, FVs, AFVs);
every rule of the assault asks which one a unit is.
"""

from __future__ import annotations

from hexcombat.rules.situation import Participant
from hexcombat.rules.units import Unit
from hexcombat.rules.vocabulary import (
    CapabilitySpec,
    ConditionSpec,
    DieSpec,
    StateSpec,
    Vocabulary,
)
from hexcombat.rulesets.europa.units import GROUND_UNIT_TYPES

KINDS = (
    "squad", "section", "mg", "fp", "leader", "latw", "ft",
    "towed-gun", "carrier", "half-track", "fv", "afv",
)  # fmt: skip
COMBAT = frozenset({"squad", "section", "mg"})
"""Combat units: the units whose steps and cohesion the aid counts (Assault)."""
VEHICLES = frozenset({"carrier", "half-track", "fv", "afv"})
"""Vehicular units (a towed gun is a gun and its crew: not a vehicle, 14.3.3 "unloaded")."""
UNIT_TYPES = GROUND_UNIT_TYPES | {
    "machine-gun", "leader", "half-track", "carrier", "fighting-vehicle", "flamethrower",
    "fortified-position",
}  # fmt: skip
"""The unit types its counters may name: the ground types of the board games (as the Europa
family names them, shared on purpose; no air category) and the weapons, vehicles and works the
aid names (MGs, leaders, half-tracks, carriers, FVs, FTs, FPs: Assault)."""
JAPANESE_RUSSIAN = frozenset({"japanese", "russian"})
"""The nationalities the aid flags for their own results and DRMs."""

ASSAULT_DIE = DieSpec("assault die", 10, rule="Assault Results")
TIE_DIE = DieSpec(
    "tie die",
    10,
    rule="Assault",
    asked="the tie die on a d10 (1-5: the attackers retreat, 6-10: the defenders)",
)
COHESION_DIE = DieSpec("cohesion check", 10, rule="Cohesion Check", follow_up=True)
DESTRUCTION_DIE = DieSpec("vehicle destruction", 10, rule="14.3.2", follow_up=True)
URBAN_PICK_MOST = 10
"""The most tied units an urban assault pick draws among with one die (14.3.1 "random")."""
URBAN_PICK_DICE = tuple(
    DieSpec(
        "urban assault pick",
        n,
        rule="14.3.1",
        follow_up=True,
        asked=f"a d{n} that picks among the {n} tied units in the order listed",
    )
    for n in range(2, URBAN_PICK_MOST + 1)
)
"""14.3.1: "the best Cohesion (random) combat unit": one die with as many faces as units tie
for the best cohesion (a d10 rolled again above their number does as well), declared for each
count so a typed or saved pick is checked against the die it is."""


def urban_pick_die(tied: int) -> DieSpec | None:
    """The declared die that picks among ``tied`` units; None for a single unit or more than
    :data:`URBAN_PICK_MOST`."""
    return next((d for d in URBAN_PICK_DICE if d.sides == tied), None)


CONDITIONS = (
    ConditionSpec(
        "night", "bool", "Night", "14.3.3",
        help="At night a retreat is limited to 3 hexes.",
    ),
    ConditionSpec(
        "envelopment", "bool", "Envelopment", "Assault",
        help="The assault envelops the defender: +2.",
    ),
    ConditionSpec(
        "coordinated_activation", "bool", "Russian coordinated activation", "Assault",
        help="Russian attackers gain the envelopment +2 only with a coordinated activation.",
    ),
    ConditionSpec(
        "attacker_near_cover", "bool", "Attacking vehicles next to cover",
        "Vehicle Destruction DRM",
        help="The attacking vehicles are adjacent to cover terrain, a cover hexside or an IP "
        "(the map says only whether they are in it): +3 to destroy one with no good-order "
        "combat unit beside it.",
    ),
    ConditionSpec(
        "defender_near_cover", "bool", "Defending vehicles next to cover",
        "Vehicle Destruction DRM",
        help="The defending vehicles are adjacent to cover terrain, a cover hexside or an IP: "
        "+3 to destroy one with no good-order combat unit beside it.",
    ),
    ConditionSpec(
        "attacker_sunken_road", "bool", "Attacking AFVs entered a sunken road through hedgerows",
        "Vehicle Destruction DRM",
        help="+1 to destroy an attacking AFV that entered a sunken road through the hedgerows.",
    ),
    ConditionSpec(
        "defender_sunken_road", "bool", "Defending AFVs entered a sunken road through hedgerows",
        "Vehicle Destruction DRM",
        help="+1 to destroy a defending AFV that entered a sunken road through the hedgerows.",
    ),
)  # fmt: skip

TERRAIN = (
    "clear", "woods", "town", "entrenchment", "hill", "urban-building", "rural-building",
    "sunken-road", "marsh", "jungle", "river",
)  # fmt: skip
COVER = frozenset(
    {"woods", "town", "entrenchment", "urban-building", "rural-building", "sunken-road", "jungle"}
)
"""Cover terrain for a vehicle destruction attempt: the aid names no list, so this one is
assumed (every terrain of the map words that hides infantry closing in)."""
COVER_HEXSIDES = frozenset({"wall", "hedgerow"})

VOCABULARY = Vocabulary(
    attack_name="Assault",  # the aid's own word for the combat (Assault)
    terrain=TERRAIN,  # Assault: any other terrain is refused
    glossary={"drm": "DRM"},  # Assault DRM: the die roll modifier, as the aid writes it
    conditions=CONDITIONS,
    capabilities=(
        CapabilitySpec("kind", "choice", "Kind", "Assault", choices=KINDS),
        CapabilitySpec("cohesion", "int", "Cohesion", "Assault", low=0, high=10),
        CapabilitySpec("av", "int", "AV", "Assault DRM", low=0, high=9),
        CapabilitySpec("atv", "int", "ATV", "Assault DRM", low=-1, high=9),
        CapabilitySpec("company", "int", "Company", "Assault", low=1, high=99),
        CapabilitySpec("platoon", "int", "Platoon", "Assault", low=1, high=99),
    ),
    dice=(ASSAULT_DIE, TIE_DIE, COHESION_DIE, DESTRUCTION_DIE, *URBAN_PICK_DICE),
    states=(StateSpec("disrupted", "Disrupted", "Assault", short="D", rank=1),),
    markers=(
        StateSpec("heroic", "Heroic", "Assault", short="H"),
        StateSpec("shocked", "Shocked", "Assault", short="S"),
        StateSpec("concealed", "Concealed", "Assault", short="C"),
        StateSpec("in-motion", "In motion", "14.3.3", short="M"),
        StateSpec("regrouping", "Regrouping", "Regrouping", short="R"),
        StateSpec("riders", "Riders", "Assault", short="Ri"),
        StateSpec("out-of-command", "Out of command", "Assault", short="OC"),
        StateSpec("ip", "IP", "Assault", short="IP"),
        StateSpec("loaded", "Loaded", "14.3.3", short="L"),
    ),
    steps=True,
    unit_types=UNIT_TYPES,
    unit_sizes=(),  # its squads, weapons and vehicles print no size mark
    hexside_features=("wall", "hedgerow"),
    hexside_rule="Assault",
    advance_once_per_turn="14.3.3",
    counting_limits=(
        "per side at most 4 non-vehicular combat steps, 1 leader, 1 LATW, 1 FT and 1 vehicle "
        "count; the result applies to all (Assault)"
    ),
)


def kind(unit: Unit) -> str:
    """The unit's kind (``squad``, ``afv``, ...) as its counter gives it."""
    value = unit.rule_value("kind")
    return value if isinstance(value, str) else ""


def number(unit: Unit, key: str) -> int | None:
    """A whole-number value of the unit (cohesion, AV, ATV, company), None when absent."""
    value = unit.rule_value(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def is_combat(p: Participant) -> bool:
    """A squad, section or MG."""
    return kind(p.unit) in COMBAT


def is_vehicle(p: Participant) -> bool:
    """A carrier, half-track, FV or AFV."""
    return kind(p.unit) in VEHICLES


def marked(p: Participant, marker: str) -> bool:
    """Whether the unit carries ``marker``."""
    return marker in p.status.markers


def disrupted(p: Participant) -> bool:
    """Whether the unit is disrupted."""
    return p.status.state == "disrupted"


def cohesion(p: Participant) -> int:
    """The unit's cohesion; a unit without one has 0."""
    return number(p.unit, "cohesion") or 0


def steps_now(p: Participant) -> int:
    """The steps the unit has left (a unit without a step count has one)."""
    return max(1, (p.unit.steps or 1) - p.status.steps_lost)


def reduced(p: Participant) -> bool:
    """A unit that has lost a step (a two-step counter on its reduced side)."""
    return p.status.steps_lost > 0


def japanese_russian(p: Participant) -> bool:
    """A Japanese or Russian unit: the aid's flagged variations apply to it."""
    return p.unit.nationality in JAPANESE_RUSSIAN
