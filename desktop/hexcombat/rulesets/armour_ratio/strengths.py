"""Attack and defence strengths for the odds, with the terrain halving that 10.D ties AECA to.

The texts say AECA REs are halved or quartered whenever a unit's attack strength is (10.D); the
strength effects themselves are Terrain Effects Chart values the texts do not give, so each
halving step carries the chart entry's provenance.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hexcombat.rules.errors import UnitDataError
from hexcombat.rules.explain import Explanation, Provenance, fmt
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rulesets.armour_ratio.capability import CM_TYPES
from hexcombat.rulesets.armour_ratio.terrain import TerrainChart
from hexcombat.rulesets.armour_ratio.totals import strength_factor
from hexcombat.rulesets.armour_ratio.totals_steps import unit_label


@dataclass(frozen=True)
class Strengths:
    """Both sides' strengths: as modified for the odds, and as printed for losses."""

    attack: Fraction
    defence: Fraction
    printed_attack: int
    printed_defence: int


def attack_of(p: Participant) -> int:
    """A unit's printed attack strength; a unit without one cannot attack."""
    if p.unit.attack is None:
        raise UnitDataError(f"{p.unit.name} has no attack strength: give it `attack`")
    return p.unit.attack


def defence_of(p: Participant) -> int:
    """A unit's printed defence strength (its single combat value if only one is printed)."""
    value = p.unit.defence if p.unit.defence is not None else p.unit.attack
    if value is None:
        raise UnitDataError(f"{p.unit.name} has no defence strength: give it `defence`")
    return value


def strengths(situation: CombatSituation, chart: TerrainChart, ex: Explanation) -> Strengths:
    """Total attack strength (halved/quartered by terrain per unit) and defence strength."""
    c = situation.conditions
    attack = Fraction(0)
    printed_attack = 0
    for p in situation.attackers:
        printed = attack_of(p) * p.count
        factor = strength_factor(p, c, chart)
        printed_attack += printed
        attack += printed * factor
        if factor != 1:
            used = []
            if p.across is not None:
                used.append((f"across a {p.across}", chart.hexside_entry(p.across).attack))
            if p.unit.unit_type in CM_TYPES:
                used.append((f"c/m into {c.terrain}", chart.terrain_entry(c.terrain).cm_attack))
            used = [(why, v) for why, v in used if v.value != 1]
            prov: Provenance = (
                "assumed" if any(v.provenance == "assumed" for _, v in used) else "rule"
            )
            whys = " and ".join(f"{why} x{fmt(v.value)}" for why, v in used)
            name = unit_label(p)
            ex.add(
                "10.D",
                f"{name} attacks {whys}: attack strength {printed} counts {fmt(printed * factor)}",
                printed * factor,
                provenance=prov,
                side="attacker",
                kind="strength",
            )
    defence = sum((defence_of(p) * p.count for p in situation.defenders), 0)
    return Strengths(attack, Fraction(defence), printed_attack, defence)
