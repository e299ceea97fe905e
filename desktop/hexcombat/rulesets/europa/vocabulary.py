"""The vocabulary both operational (Europa) rulesets declare: their conditions, dice and turn
sequence. Each ruleset's ``vocabulary`` is built from these; nothing above ``rules`` names them."""

from __future__ import annotations

import tomllib
from pathlib import Path
from types import MappingProxyType

from hexcombat.rules.vocabulary import ConditionSpec, DieSpec, PhaseSpec, Vocabulary
from hexcombat.rulesets.europa.units import EUROPA_VALUES, SIZE_MARKS, UNIT_TYPES

FORTIFICATION = ConditionSpec(
    "fortification",
    "int",
    "Fortification DRM",
    "14D1",
    default=0,
    low=-9,  # 14D1 names -1, -2, -3; a player's own chart may be stronger (warned as assumed)
    high=0,
    bounds="a fortification's combat die roll modifier is negative (-1, -2, -3, ...)",
    help="the fortification's combat die roll modifier from the Fortifications Effects Chart "
    "(-1, -2, -3); it never helps the attacker",
)
FORTIFIED = ConditionSpec(
    "fortified",
    "bool",
    "Fortified",
    "10.B.1",
    help="the defenders were fortified before the reaction phase (double ATEC)",
)
ENTRENCHED = ConditionSpec(
    "entrenched",
    "bool",
    "Entrenched",
    "10.B.1",
    help="the defenders were entrenched before the reaction phase (double ATEC)",
)
ATTACKER_DECLINES_AEC = ConditionSpec(
    "attacker_declines_aec",
    "bool",
    "Attacker declines AEC",
    "10.F",
    help="the attacker declares it does not use AEC (the attacker chooses first)",
)
DEFENDER_DECLINES_AEC = ConditionSpec(
    "defender_declines_aec",
    "bool",
    "Defender declines AEC/ATEC",
    "10.F",
    help="the defender declares it does not use AEC or ATEC",
)
OVERRUN = ConditionSpec(
    "overrun",
    "bool",
    "Overrun",
    "10.G",
    help="an attack made while moving: armour effects are calculated normally",
    set_by_phase=True,
    phase_words="an attack is an overrun when made in the movement phase",
)
EUROPA_CONDITIONS = (
    FORTIFICATION,
    FORTIFIED,
    ENTRENCHED,
    ATTACKER_DECLINES_AEC,
    DEFENDER_DECLINES_AEC,
    OVERRUN,
)

WEATHER = ("clear", "mud", "frost", "snow", "winter")
"""The weather both rulesets' charts know (10.E weather rows, the 14D2 AEC chart)."""

COMBAT_DIE = DieSpec("combat die", 6, rule="CRT")

OVERRUN_PHASE = "movement"
COMBAT_PHASE = "combat"
EUROPA_PHASES = (
    PhaseSpec(
        "initial",
        "Initial",
        attacks=False,
        rule="14A4",
        note="a player may switch his coast defence artillery between its artillery and CD "
        "modes only during his initial phase",
    ),
    PhaseSpec(
        OVERRUN_PHASE,
        "Movement",
        sets={"overrun": True},
        rule="10.G",
        attack_words="overruns made in the movement phase (10.G)",
        note="an attack made while moving is an overrun; armour and anti-tank effects are "
        "calculated normally (10.G, overruns are rule 12)",
    ),
    PhaseSpec(
        "reaction",
        "Reaction",
        attacks=False,
        rule="10.B.1",
        note="Soviet AT and German heavy AA count double ATEC only if fortified or entrenched "
        "before the start of the reaction phase",
    ),
    PhaseSpec(
        COMBAT_PHASE,
        "Combat",
        attack_words="resolved in the combat phase",
        note="the attacks of the player-turn are resolved (rules 10 and 14D; the excerpts do "
        "not name the phase, the Europa turn sequence does)",
    ),
    PhaseSpec(
        "exploitation",
        "Exploitation",
        attacks=False,
        note="units that may still move do so (the Europa turn sequence; the rules excerpts do "
        "not name the phase)",
    ),
)
"""The player-turn phases in order. Only ``initial`` (14A4) and ``reaction`` (10.B.1) are named
in the rules texts; ``movement`` is where 10.G's overruns happen (our reading: rule 12 is not in
the texts), and ``combat`` and ``exploitation`` complete the Europa player-turn."""

CHANCE_DIE = DieSpec("chance roll for the DRM", 6, rule="10.C", follow_up=False)
"""Rolled before the combat die when a chart gives the DRM as a chance (10.C); a d10 or d100
when the chances are tenths or hundredths."""

EUROPA_GLOSSARY = MappingProxyType(
    {
        "aeca": "AECA",  # 14D2: armour effects capability of the attackers
        "aecd": "AECD",  # 14D2: of the defenders
        "atec": "ATEC",  # 14D2: anti-tank effects capability
        "res": "REs",  # 10.B: regimental equivalents
        "drm": "DRM",
        "aeca_atec_ratio": "AECA:ATEC",  # 10.C: the ratio the armour chart is read on
    }
)
"""The Europa rules' words as they write them, by the words a report's totals are keyed with
(``aeca_res`` -> ``AECA REs``): a tutorial step naming a total says it so."""


def chart_terrain(path: Path) -> tuple[str, ...]:
    """The terrain a chart file lists under ``[terrain]``, in its order: the terrain a ruleset
    reading that chart knows (it refuses any other). A file that cannot be read gives none: its
    problems are told, with their lines, when the chart is loaded for a combat."""
    try:
        with path.open("rb") as file:
            terrain = tomllib.load(file).get("terrain")
    except (OSError, tomllib.TOMLDecodeError):
        return ()
    return tuple(terrain) if isinstance(terrain, dict) else ()


EUROPA_VOCABULARY = Vocabulary(
    conditions=EUROPA_CONDITIONS,
    dice=(CHANCE_DIE, COMBAT_DIE),
    phases=EUROPA_PHASES,
    default_phase=COMBAT_PHASE,
    weather=WEATHER,
    date_rule="10.H",  # 10.H: AEC/ATEC values change at dates (Unit Identification Chart)
    hexside_features=("minor-river", "major-river"),
    hexside_rule="10.D",
    hexside_first=("major-river", "minor-river"),  # 10.D: a major river before a minor one
    # 10.B.4 says "stacked with", but 10.D's example "3/2 + 1/2" converts a unit attacking from
    # another hex: conversions reach the whole attacking force (docs/rules.md)
    one_attacking_force=True,
    unit_capabilities=(EUROPA_VALUES,),  # RE sizes and armour values (10.B, 14D2)
    glossary=EUROPA_GLOSSARY,
    unit_types=UNIT_TYPES,  # the types the rules texts name (14D1, 14D2, 14A, 14F, 10.B.4, 16A)
    unit_sizes=SIZE_MARKS,  # II to XXX: the marks its counters print (14D2d, 10.C.1)
    # 10.A: AECD and ATEC are defending capabilities (an attacker's defence is not read either)
    attacker_unread=frozenset({"defence", "aecd", "atec", "intrinsic_atec"}),
    # 10.A.1: AECA is an attacking capability (a defender's attack is not read either)
    defender_unread=frozenset({"attack", "aeca"}),
)
