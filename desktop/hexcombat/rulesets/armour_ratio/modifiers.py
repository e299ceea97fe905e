"""The armour modifier (10.C, 10.C.2, 10.D, 10.E, 10.F declarations) and heavy armour by count
(10.I), each as a distribution of die roll modifiers with their chances."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hexcombat.rules.explain import Explanation, Provenance, fmt
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import Unit
from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.armour_ratio.tables import (
    ArmourEffectsTable,
    RatioRow,
    SpecialUnitTable,
    ratio_text,
)
from hexcombat.rulesets.armour_ratio.terrain import TerrainChart, adjust_for_terrain
from hexcombat.rulesets.armour_ratio.totals import AecTotals
from hexcombat.rulesets.armour_ratio.totals_steps import res_text
from hexcombat.rulesets.europa.units import europa

Distribution = dict[int, Fraction]
NO_MODIFIER: Distribution = {0: Fraction(1)}


@dataclass(frozen=True)
class AecUse:
    """What of the totals this combat uses, after the players' declarations (10.F) and 10.C.2."""

    aeca: Fraction
    """AECA in use after terrain; 0 when the attacker declines AEC (10.F)."""
    aeca_before_terrain: Fraction
    atec: Fraction
    """ATEC in use; 0 when the defender declines (10.F). Terrain never changes it (10.D)."""
    atec_non_intrinsic: Fraction
    aecd: Fraction
    """AECD in use after terrain; 0 when the defender declines (10.F)."""
    aecd_before_terrain: Fraction
    atec_compared: bool
    """AECA was compared with ATEC (the attacker used AECA)."""
    aecd_compared: bool
    """AECA:AECD was compared (10.C.2: under 1:1 against ATEC, or no AECA)."""
    aeca_uses_conversions: bool
    defence_uses_conversions: bool
    terrain_modifies_aec: bool
    """The defender's hex modifies AEC for some reason: ATEC doubles for required losses."""
    aeca_atec_ratio: str
    aeca_aecd_ratio: str | None
    modifies_by_assumed: bool = False
    """Only an assumed chart value makes the hex modify AEC: the 10.F.2 doubling, and the
    required losses it gives, are then assumed too."""

    @property
    def atec_for_losses(self) -> Fraction:
        """ATEC counted against the attacker's required losses, doubled where the hex modifies
        AEC (10.F.2: an anti-tank brigade of 1 RE in forest causes 2 REs)."""
        return self.atec * 2 if self.terrain_modifies_aec else self.atec


def stretched_text(row: RatioRow, ratio: Fraction | None, label: str) -> str:
    """Say so when a row the text gives is used for a ratio it does not state: its value is
    then assumed (the 10.C row is given for 5.1:1 only, not for 5.5:1)."""
    if not row.stretched(ratio):
        return ""
    return (
        f"; the rules text gives this row for {row.label} only: stretched from {row.label} to "
        f"{label}, an assumed value"
    )


def _row_step(
    ex: Explanation,
    rule: str,
    text: str,
    row: RatioRow,
    ratio: tuple[Fraction | None, str],
    drm: int,
    side: SideName | None = None,
) -> None:
    """The step for an Armour Effects Table row used for ``ratio`` (exact value, as shown)."""
    note = f" ({row.note})" if row.note else ""
    ex.add(
        rule,
        f"{text}: {row.describe()} on the Armour Effects Table (11.J){note}"
        f"{stretched_text(row, ratio[0], ratio[1])}",
        ratio[1],
        provenance=row.provenance_at(ratio[0]),
        drm=drm,
        side=side,
    )


def aec_modifier_before_terrain(
    totals: AecTotals, conditions: Conditions, table: ArmourEffectsTable, ex: Explanation
) -> tuple[Distribution, AecUse]:
    """The AECA:ATEC or AECA:AECD modifier before terrain and weather (10.C, 10.C.2)."""
    aeca, atec, aecd = totals.aeca.res, totals.atec.res, totals.aecd.res
    aeca_raw, aecd_raw = totals.aeca.res_before_terrain, totals.aecd.res_before_terrain
    if conditions.flag("attacker_declines_aec"):
        ex.add(
            "10.F",
            "the attacker declares it does not use AEC (the attacker chooses first): its AECA "
            "is not counted and it takes no required losses",
            Fraction(0),
            side="attacker",
        )
        ex.warn(
            f"10.F: the attacker declines AEC: its AECA of {res_text(aeca_raw)} is not used "
            "(and it takes no required losses)"
        )
        aeca = aeca_raw = Fraction(0)
    if conditions.flag("defender_declines_aec"):
        ex.add(
            "10.F",
            "the defender declares it does not use AEC or ATEC: its AECD and ATEC are not "
            "counted and it takes no required losses",
            Fraction(0),
            side="defender",
        )
        ex.warn(
            f"10.F: the defender declines AEC and ATEC: its ATEC of {res_text(atec)} and AECD of "
            f"{res_text(aecd_raw)} are not used (and it takes no required losses)"
        )
        atec = aecd = aecd_raw = Fraction(0)
    distribution = NO_MODIFIER
    atec_compared = aeca > 0
    aecd_compared = False
    ratio = ratio_text(aeca, atec) if aeca > 0 else "no AECA"
    aecd_ratio: str | None = None
    if aeca > 0 and atec == 0:
        row = table.aeca_atec_row(None)
        if row is not None:
            _row_step(
                ex,
                "10.C",
                f"AECA {fmt(aeca)} REs against no ATEC: the ratio is unbounded and the last row "
                f"({row.label}) applies",
                row,
                (None, "unbounded"),
                min(row.distribution),
                "attacker",
            )
            distribution = dict(row.distribution)
    elif aeca > 0:
        value = aeca / atec
        row = table.aeca_atec_row(value)
        if value < 1:
            ex.add(
                "10.C.2",
                f"AECA:ATEC {ratio} is under 1:1: no positive modifier, and AECD is compared",
                ratio,
                drm=0,
                side="attacker",
            )
            aecd_compared = True
        elif row is None:
            ex.add(
                "10.C",
                f"AECA:ATEC {ratio} is below every row of the Armour Effects Table: no modifier",
                ratio,
                provenance="assumed",
                drm=0,
                side="attacker",
            )
        else:
            _row_step(
                ex,
                "10.C",
                f"AECA:ATEC {ratio}",
                row,
                (value, ratio),
                min(row.distribution),
                "attacker",
            )
            distribution = dict(row.distribution)
    else:
        aecd_compared = True
    if aecd_compared:
        if aecd == 0:
            ex.add(
                "10.C.2", "no AECD in use: no armour modifier", Fraction(0), drm=0, side="defender"
            )
        else:
            aecd_ratio = ratio_text(aeca, aecd)
            who = "the attacker has no AECA" if aeca == 0 else f"AECA:AECD {aecd_ratio}"
            row = table.aeca_aecd_row(aeca / aecd)
            if row is None:
                ex.add(
                    "10.C.2",
                    f"{who}: above every AECA:AECD row, no modifier (an attacker never gains "
                    "from AECA:AECD)",
                    aecd_ratio,
                    drm=0,
                    side="defender",
                )
            else:
                _row_step(
                    ex,
                    "10.C.2",
                    who,
                    row,
                    (aeca / aecd, aecd_ratio),
                    min(row.distribution),
                    "defender",
                )
                distribution = dict(row.distribution)
    use = AecUse(
        aeca=aeca,
        aeca_before_terrain=aeca_raw,
        atec=atec,
        atec_non_intrinsic=atec - totals.atec.intrinsic if atec else Fraction(0),
        aecd=aecd if aecd_compared else Fraction(0),
        aecd_before_terrain=aecd_raw if aecd_compared else Fraction(0),
        atec_compared=atec_compared and atec > 0,
        aecd_compared=aecd_compared and aecd > 0,
        aeca_uses_conversions=aeca > 0 and bool(totals.aeca.conversions),
        defence_uses_conversions=(atec > 0 or aecd > 0)
        and bool(totals.atec.conversions or totals.aecd.conversions),
        terrain_modifies_aec=False,
        aeca_atec_ratio=ratio,
        aeca_aecd_ratio=aecd_ratio,
    )
    return distribution, use


def terrain_modifier(
    conditions: Conditions, chart: TerrainChart
) -> tuple[int, Provenance, tuple[bool, bool], str]:
    """The combined terrain and weather AEC modifier (10.D, 10.E), its provenance, whether the
    hex modifies AEC at all (10.F.2) and whether only an assumed chart value makes it, and how
    it was reached in words."""
    terrain = chart.terrain_entry(conditions.terrain)
    weather = chart.weather_entry(conditions.weather)
    modifier = terrain.aec_drm.value + weather.aec_drm.value
    assumed = "assumed" in (terrain.aec_drm.provenance, weather.aec_drm.provenance)
    modifies = terrain.modifies_aec or weather.aec_drm.value < 0
    by_rule = terrain.modifies_aec_by_rule or (
        weather.aec_drm.value < 0 and weather.aec_drm.provenance == "rule"
    )
    text = (
        f"{conditions.terrain} in {conditions.weather} weather: AEC modifier {modifier:+d} "
        f"(terrain {terrain.aec_drm.value:+d}, weather {weather.aec_drm.value:+d}, 10.E)"
    )
    return modifier, ("assumed" if assumed else "rule"), (modifies, modifies and not by_rule), text


def armour_modifier(
    totals: AecTotals,
    conditions: Conditions,
    table: ArmourEffectsTable,
    chart: TerrainChart,
    ex: Explanation,
) -> tuple[Distribution, AecUse]:
    """The final armour modifier with its chances: ratio, then terrain and weather (10.C-10.E)."""
    distribution, use = aec_modifier_before_terrain(totals, conditions, table, ex)
    modifier, provenance, (modifies, by_assumed), text = terrain_modifier(conditions, chart)
    adjusted = adjust_for_terrain(distribution, modifier)
    delta = min(adjusted) - min(distribution)
    if distribution != NO_MODIFIER or modifier != 0:
        ex.add(
            "10.D",
            f"{text}, reducing a positive AECA modifier or raising a negative AECD one, never "
            f"past zero: {_describe(distribution)} becomes {_describe(adjusted)}",
            modifier,
            provenance=provenance,
            drm=delta,
        )
    use = AecUse(
        **{**use.__dict__, "terrain_modifies_aec": modifies, "modifies_by_assumed": by_assumed}
    )
    return adjusted, use


def _describe(distribution: Distribution) -> str:
    drms = sorted(distribution)
    text = f"{drms[0]:+d}"
    for drm in drms[1:]:
        text += f" ({float(distribution[drm]) * 100:g}% chance of {drm:+d})"
    return text


@dataclass(frozen=True)
class HeavyCounts:
    """Heavy units by count (10.I): each counts one whatever its size; a 2-10 Hv AA X two."""

    attacker_heavy_armour: int
    defender_heavy_atec: int
    defender_heavy_armour: int
    attacker_heavy_atec: int


AXIS = frozenset(
    {"german", "italian", "romanian", "hungarian", "finnish", "slovak", "bulgarian", "croatian",
     "axis"}
)  # fmt: skip
"""The Axis nationalities, for 10.I.3's 'each Axis 2-10 Hv AA X'."""


def rule_heavy_atec_units(unit: Unit) -> int:
    """10.I.3: 'each Axis 2-10 Hv AAX counts as two heavy ATEC units'; every other heavy ATEC
    unit counts one (10.I). The 10.I example's Hv Mot AA III is read as that unit
    (docs/rules.md), so an Axis heavy AA brigade or regiment counts two as well."""
    axis_aa = unit.nationality in AXIS and unit.unit_type == "heavy-anti-aircraft"
    return 2 if axis_aa and unit.size in ("X", "III") else 1


def heavy_counts(situation: CombatSituation) -> HeavyCounts:
    """Count heavy armour and heavy ATEC units on both sides (10.I, 10.I.3)."""

    def armour(ps: tuple[Participant, ...]) -> int:
        return sum(p.count for p in ps if europa(p.unit).heavy_armour)

    def atec(ps: tuple[Participant, ...]) -> int:
        return sum(
            p.count * europa(p.unit).heavy_atec_units for p in ps if europa(p.unit).heavy_atec
        )

    return HeavyCounts(
        armour(situation.attackers),
        atec(situation.defenders),
        armour(situation.defenders),
        atec(situation.attackers),
    )


def heavy_armour_modifier(
    situation: CombatSituation, table: SpecialUnitTable, ex: Explanation
) -> Distribution:
    """Heavy armour in the attack (+) and in the defence (-) by unit count (10.I)."""
    counts = heavy_counts(situation)
    for p in (*situation.attackers, *situation.defenders):
        units, rule = europa(p.unit).heavy_atec_units, rule_heavy_atec_units(p.unit)
        if not europa(p.unit).heavy_atec or units == 1 == rule:
            continue
        if units == rule:
            ex.add("10.I.3", f"{p.unit.name} counts as {units} heavy ATEC units", units * p.count)
            continue
        ex.add(
            "10.I.3",
            f"{p.unit.name} counts as {units} heavy ATEC units by its counter's "
            f"heavy_atec_units (house rule: 10.I.3 makes only each Axis 2-10 Hv AA X count two; "
            f"this unit counts {rule})",
            units * p.count,
            provenance="assumed",
        )
        ex.warn(
            f"house rule: {p.unit.name} counts as {units} heavy ATEC units (its "
            f"heavy_atec_units); 10.I.3 gives {rule}: your own value, not rule 10's"
        )
    total: Distribution = dict(NO_MODIFIER)
    a, d = counts.attacker_heavy_armour, counts.defender_heavy_atec
    da, at = counts.defender_heavy_armour, counts.attacker_heavy_atec
    for sign, rule, mine, theirs, side, other in (
        (+1, "10.I.1", a, d, "attacker", "defender"),
        (-1, "10.I.2", da, at, "defender", "attacker"),
    ):
        if mine == 0:
            continue
        base = (
            f"the {side} has {mine} heavy armour units (each counts one whatever its size) "
            f"against {theirs} heavy ATEC units of the {other}"
        )
        if mine <= theirs:
            ratio = ratio_text(Fraction(mine), Fraction(theirs))
            ex.add(rule, f"{base}: not more, no heavy armour modifier", ratio, drm=0, side=side)
            continue
        exact = Fraction(mine, theirs) if theirs else None
        row = table.row(exact)
        label = ratio_text(Fraction(mine), Fraction(theirs))
        if row is None:
            ex.add(
                rule,
                f"{base} ({label}): below every row of the Special Unit Combat Ability Table, "
                "no modifier",
                label,
                provenance="assumed",
                drm=0,
                side=side,
            )
            continue
        signed = {sign * d: p for d, p in row.distribution.items()}
        note = f"; {row.note}" if row.note else ""
        verb = "added to" if sign > 0 else "subtracted from"
        ex.add(
            rule,
            f"{base} ({label}): {row.describe()} {verb} the combat die on the Special Unit "
            f"Combat Ability Table (row {row.label}){note}; heavy effects are in addition to "
            f"normal armour effects{stretched_text(row, exact, label)}",
            label,
            provenance=row.provenance_at(exact),
            drm=min(signed),
            side=side,
        )
        total = combine(total, signed)
    return total


def combine(a: Distribution, b: Distribution) -> Distribution:
    """The distribution of the sum of two independent modifiers."""
    out: Distribution = {}
    for da, pa in a.items():
        for db, pb in b.items():
            out[da + db] = out.get(da + db, Fraction(0)) + pa * pb
    return out
