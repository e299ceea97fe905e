"""Heavy armour and heavy antitank effects (14D2a, 14D2b, 14D2c).

Each qualifying unit counts 1 RE whatever its size, against the side's non-artillery REs at
their normal size; at least 1/10 qualifies. The attack needs terrain and weather allowing AEC,
the defence only weather (14D2b), and heavy antitank only answers the attacker's +1 (14D2c).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hexcombat.rules.explain import Explanation, fmt
from hexcombat.rulesets.total_war.forces import Force, listing
from hexcombat.rulesets.total_war.tables import AecChart, Allowance, share_text

HEAVY_SHARE = Fraction(1, 10)
"""Heavy units must make up at least 1/10 of the non-artillery REs (14D2a, 14D2b, 14D2c)."""


@dataclass(frozen=True)
class AecConditions:
    """Whether the defender's terrain and the weather allow AEC."""

    terrain: Allowance
    weather: Allowance

    @property
    def attack_allowed(self) -> bool:
        """Terrain and weather both allow AEC (14D2a)."""
        return self.terrain.allows and self.weather.allows

    def why_not(self) -> str:
        """Why AEC is not allowed, in words."""
        reasons = []
        if not self.terrain.allows:
            reasons.append(f"{self.terrain.name} terrain does not allow AEC")
        if not self.weather.allows:
            reasons.append(f"{self.weather.name} weather does not allow AEC")
        return " and ".join(reasons)


def aec_conditions(terrain: str, weather: str, chart: AecChart, ex: Explanation) -> AecConditions:
    """Look up terrain and weather on the AEC chart, one step each with its provenance."""
    result = AecConditions(chart.allowance("terrain", terrain), chart.allowance("weather", weather))
    for kind, entry in (("terrain", result.terrain), ("weather", result.weather)):
        verdict = "allows AEC" if entry.allows else "does not allow AEC"
        ex.add(
            entry.rule,
            f"{entry.name} {kind} {verdict}",
            verdict,
            provenance=entry.provenance,
        )
    return result


def _share_text(units: str, count: int, total: Fraction, share: Fraction, side: str) -> str:
    of = f"{count} of {fmt(total)} {side} non-artillery REs"
    text = f"{units} count 1 RE each: {of} = {share_text(share)}"
    if share > 1:  # 14D2: 1 RE whatever the unit's size, its real size in the total
        text += f" (more than all {fmt(total)}: each counts 1 RE whatever its size, 14D2)"
    return text


def heavy_armour_attack(att: Force, aec: AecConditions, ex: Explanation) -> bool:
    """14D2a: +1 when heavy armour is at least 1/10 of the attack, in AEC terrain and weather.

    Returns whether the attacker qualified (14D2c needs it).
    """
    if att.heavy_armour_units == 0:
        ex.add(
            "14D2a",
            "no attacking unit qualifies for heavy armour effects",
            Fraction(0),
            side="attacker",
        )
        return False
    if att.non_artillery_res == 0:
        ex.add(
            "14D2a", "no non-artillery REs attack: no heavy armour effect", None, side="attacker"
        )
        return False
    share = Fraction(att.heavy_armour_units) / att.non_artillery_res
    text = _share_text(
        f"heavy armour ({listing(att.heavy_armour)})",
        att.heavy_armour_units,
        att.non_artillery_res,
        share,
        "attacking",
    )
    if share < HEAVY_SHARE:
        ex.add("14D2a", f"{text}, less than 1/10: no modifier", share, side="attacker")
        return False
    if not aec.attack_allowed:
        ex.add(
            "14D2a",
            f"{text}, at least 1/10, but {aec.why_not()}: no modifier",
            share,
            side="attacker",
        )
        return False
    ex.add("14D2a", f"{text}, at least 1/10: +1", share, drm=1, side="attacker")
    return True


def heavy_armour_defence(dfn: Force, aec: AecConditions, ex: Explanation) -> int:
    """14D2b: -1 when heavy armour is at least 1/10 of the defence and the weather allows AEC.

    Terrain does not matter: heavy armour defends even where terrain forbids AEC. Returns the DRM.
    """
    if dfn.heavy_armour_units == 0:
        ex.add(
            "14D2b",
            "no defending unit qualifies for heavy armour effects",
            Fraction(0),
            side="defender",
        )
        return 0
    if dfn.non_artillery_res == 0:
        ex.add(
            "14D2b", "no non-artillery REs defend: no heavy armour effect", None, side="defender"
        )
        return 0
    share = Fraction(dfn.heavy_armour_units) / dfn.non_artillery_res
    text = _share_text(
        f"heavy armour ({listing(dfn.heavy_armour)})",
        dfn.heavy_armour_units,
        dfn.non_artillery_res,
        share,
        "defending",
    )
    if share < HEAVY_SHARE:
        ex.add("14D2b", f"{text}, less than 1/10: no modifier", share, side="defender")
        return 0
    if not aec.weather.allows:
        ex.add(
            "14D2b",
            f"{text}, at least 1/10, but {aec.weather.name} weather does not allow AEC: "
            "no modifier",
            share,
            side="defender",
        )
        return 0
    terrain = "" if aec.terrain.allows else " (even though the terrain forbids AEC)"
    ex.add("14D2b", f"{text}, at least 1/10{terrain}: -1", share, drm=-1, side="defender")
    return -1


def heavy_antitank(dfn: Force, attacker_heavy: bool, ex: Explanation) -> int:
    """14D2c: -1 when heavy antitank is at least 1/10 of the defence and the attacker has +1.

    Returns the DRM.
    """
    if dfn.heavy_atec_units == 0:
        ex.add(
            "14D2c",
            "no defending unit qualifies for heavy antitank effects",
            Fraction(0),
            side="defender",
        )
        return 0
    if dfn.non_artillery_res == 0:
        ex.add(
            "14D2c", "no non-artillery REs defend: no heavy antitank effect", None, side="defender"
        )
        return 0
    share = Fraction(dfn.heavy_atec_units) / dfn.non_artillery_res
    text = _share_text(
        f"heavy antitank ({listing(dfn.heavy_atec)})",
        dfn.heavy_atec_units,
        dfn.non_artillery_res,
        share,
        "defending",
    )
    if share < HEAVY_SHARE:
        ex.add("14D2c", f"{text}, less than 1/10: no modifier", share, side="defender")
        return 0
    if not attacker_heavy:
        ex.add(
            "14D2c",
            f"{text}, at least 1/10, but the attacker has no heavy armour +1: no modifier",
            share,
            side="defender",
        )
        return 0
    ex.add(
        "14D2c",
        f"{text}, at least 1/10, against the attacker's heavy armour +1: -1",
        share,
        drm=-1,
        side="defender",
    )
    return -1
