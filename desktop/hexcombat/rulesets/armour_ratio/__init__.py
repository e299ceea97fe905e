"""Ruleset ``armour-ratio``: rule 10 of file 003 (armour/anti-tank effects by ratio).

AECA, AECD and ATEC in REs with conversions (10.B, 10.C), the Armour Effects Table ratios
(rule 11.J, as assumed data beside this code), terrain and weather (10.D, 10.E), declining AEC
and required losses (10.F), overruns (10.G) and heavy armour by count (10.I).
"""

from __future__ import annotations

from hexcombat.rulesets.armour_ratio.capability import conversion_capacity
from hexcombat.rulesets.armour_ratio.chartfiles import (
    check_armour_ratio_chart,
    is_armour_ratio_chart,
)
from hexcombat.rulesets.armour_ratio.losses import RequiredLosses, required_losses
from hexcombat.rulesets.armour_ratio.modifiers import (
    AecUse,
    HeavyCounts,
    armour_modifier,
    heavy_armour_modifier,
    heavy_counts,
)
from hexcombat.rulesets.armour_ratio.ruleset import RULESET, Analysis, ArmourRatioRuleset
from hexcombat.rulesets.armour_ratio.tables import (
    ArmourEffectsTable,
    SpecialUnitTable,
    load_armour_effects,
    load_special_unit_table,
)
from hexcombat.rulesets.armour_ratio.terrain import (
    TerrainChart,
    UnknownTerrainError,
    adjust_for_terrain,
    load_terrain_chart,
)
from hexcombat.rulesets.armour_ratio.totals import (
    AecTotals,
    CapabilityTotal,
    Conversion,
    UnitAec,
    aec_totals,
    capability_total,
)
from hexcombat.rulesets.europa.results import loss_points

__all__ = [
    "RULESET",
    "AecTotals",
    "AecUse",
    "Analysis",
    "ArmourEffectsTable",
    "ArmourRatioRuleset",
    "CapabilityTotal",
    "Conversion",
    "HeavyCounts",
    "RequiredLosses",
    "SpecialUnitTable",
    "TerrainChart",
    "UnitAec",
    "UnknownTerrainError",
    "adjust_for_terrain",
    "aec_totals",
    "armour_modifier",
    "capability_total",
    "check_armour_ratio_chart",
    "conversion_capacity",
    "heavy_armour_modifier",
    "heavy_counts",
    "is_armour_ratio_chart",
    "load_armour_effects",
    "load_special_unit_table",
    "load_terrain_chart",
    "loss_points",
    "required_losses",
]
