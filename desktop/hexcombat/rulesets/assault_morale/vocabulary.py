"""What the assault-morale rules declare: the unit values they read, the morale states and
markers a counter carries, the conditions of an assault and every die they roll."""

from __future__ import annotations

from hexcombat.rules.vocabulary import (
    CapabilitySpec,
    ConditionSpec,
    DieSpec,
    StateSpec,
    Vocabulary,
)
from hexcombat.rulesets.europa.units import GROUND_UNIT_TYPES

KINDS = (
    "squad", "half-squad", "hmg", "mmg", "mortar", "aa", "afv", "leader", "wagon", "truck",
    "prime-mover",
)  # fmt: skip
TRANSPORT = frozenset({"wagon", "truck", "prime-mover"})
"""ACT 1M2 b): the second group of step losses, wagons, trucks and prime movers."""
INFANTRY = frozenset({"squad", "half-squad", "hmg", "mmg", "mortar"})
"""Infantry (the HMG among them, which the aid names as an exception where it is not)."""
SUPPORTING_INFANTRY = INFANTRY - {"hmg"}
"""Infantry that supports an HMG or AA, or AFVs: 'infantry (except HMG)' (ACT shift)."""
VEHICLES = frozenset({"afv", "truck", "prime-mover"})
"""What German A-T fire may fire at (Assault)."""
HALF_WITHOUT_INFANTRY = frozenset({"hmg", "aa"})
"""'HMG and AA are half value without friendly dismounted infantry participating' (ACT)."""
HEX_TERRAIN = (
    "clear", "woods", "town", "entrenchment", "hill", "urban-building", "rural-building",
    "sunken-road", "marsh", "jungle", "river",
)  # fmt: skip
"""The tactical maps' hex terrain; the rules read woods, town, entrenchment and hill."""

UNIT_TYPES = GROUND_UNIT_TYPES | {"machine-gun", "leader", "wagon", "truck", "prime-mover"}
"""The unit types its counters may name: the ground types of the board games (as the Europa
family names them, shared on purpose; no air category: a ``transport`` is an aircraft, 16A1)
and the weapons and vehicles the aid names (HMG and MG teams, leaders, wagons, trucks, prime
movers: ACT 1M2 b)."""

ATTACKER_DIE = DieSpec("attacker's table die", 6, rule="ACT", side="attacker")
DEFENDER_DIE = DieSpec("defender's table die", 6, rule="ACT", side="defender")
MORALE_DIE = DieSpec("morale check", 6, count=2, rule="Morale", follow_up=True)
LEADER_DIE = DieSpec("leader loss roll", 6, count=2, rule="ACT", follow_up=True)
ANTI_TANK_DIE = DieSpec("A-T fire", 6, rule="Assault", follow_up=True)
RECOVERY_DIE = DieSpec("recovery roll", 6, count=2, rule="Recovery", follow_up=True)

VOCABULARY = Vocabulary(
    terrain=HEX_TERRAIN,  # any other terrain is refused (ACT)
    conditions=(
        ConditionSpec(
            "first_round",
            "bool",
            "First round of the assault",
            "ACT shift",
            default=True,
            help="Entrenchment, a major river and a hill shift the column on the first round only.",
        ),
        ConditionSpec(
            "charging",
            "bool",
            "Cavalry charges",
            "ACT shift",
            help="Charging cavalry assaulting shifts the attacker's column one right.",
        ),
    ),
    capabilities=(
        CapabilitySpec("kind", "choice", "Kind", "ACT", choices=KINDS),
        CapabilitySpec("fire", "int", "Direct fire value", "ACT", low=0, high=99),
        CapabilitySpec("morale", "int", "Morale", "Morale", low=2, high=12),
        CapabilitySpec("closed_top", "bool", "Closed-top AFV", "ACT shift"),
        CapabilitySpec("guard", "bool", "Soviet Guard AFV", "ACT shift"),
        CapabilitySpec("engineer", "bool", "Engineers", "ACT shift"),
        CapabilitySpec("cavalry", "bool", "Cavalry", "ACT shift"),
        CapabilitySpec(
            "leader_modifier", "int", "Leader's morale modifier", "Morale", low=-3, high=3
        ),
        CapabilitySpec(
            "leader_of", "choice", "Leads", "Assault", choices=("infantry", "armour", "cavalry")
        ),
    ),
    dice=(ATTACKER_DIE, DEFENDER_DIE, MORALE_DIE, LEADER_DIE, ANTI_TANK_DIE, RECOVERY_DIE),
    states=(
        StateSpec("disrupted", "Disrupted", "Morale", short="D", rank=1),
        StateSpec("demoralized", "Demoralized", "Morale", short="DM", rank=2),
    ),
    markers=(
        StateSpec("riding", "Riding an AFV", "ACT shift", short="R"),
        StateSpec("dug-in", "Dug in", "ACT", short="DG"),
    ),
    steps=True,
    unit_types=UNIT_TYPES,
    unit_sizes=(),  # its squads, weapons and vehicles print no size mark
    dated=False,  # the aid names no date; a counter's dated changes still bring the Date box
    hexside_features=("major-river", "minor-river"),  # the aid shifts for a major river only
    hexside_rule="ACT shift",
    attack_name="Assault",
)
