"""The assault DRM (Assault): each side's per-unit values, the best combat cohesion difference
(-3..+3), the situational DRMs, and the total limited to -4..+4."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from hexcombat.rules.explain import Explanation
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.lhy_assault.assault import unit_drm
from hexcombat.rulesets.lhy_assault.vocab import (
    cohesion,
    is_combat,
    is_vehicle,
    kind,
    marked,
    number,
)

COHESION_LIMIT = 3
"""Assault: the best combat cohesion difference counts from -3 to +3."""
TOTAL_LIMIT = 4
"""Assault: the final assault DRM counts from -4 to +4."""


def keep_one_heroic(situation: CombatSituation) -> tuple[CombatSituation, tuple[Participant, ...]]:
    """The situation with all but the first Heroic marker of each nationality removed
    (Assault), and the participants that lose theirs."""
    seen: set[str] = set()
    lost: list[Participant] = []

    def keep(p: Participant) -> Participant:
        if not marked(p, "heroic"):
            return p
        if p.unit.nationality not in seen:
            seen.add(p.unit.nationality)
            return p
        lost.append(p)
        return replace(p, status=replace(p.status, markers=p.status.markers - {"heroic"}))

    attackers = tuple(keep(p) for p in situation.attackers)
    defenders = tuple(keep(p) for p in situation.defenders)
    return replace(situation, attackers=attackers, defenders=defenders), tuple(lost)


def side_drm(
    counted: Sequence[Participant], name: SideName, conditions: Conditions, ex: Explanation
) -> int:
    """The sum of the counted units' own DRMs, each a step (Assault DRM)."""
    total = 0
    sign = 1 if name == "attacker" else -1
    for p in counted:
        value, why = unit_drm(p, conditions)
        if value:
            said = ", ".join(why)
            if p.count > 1:  # an entry of several identical units: each gives its own values
                said = f"each {said} = {value:+d} per unit, x{p.count} units = {value * p.count:+d}"
            ex.add(
                "Assault DRM",
                f"{p.unit.name}{f' x{p.count}' if p.count > 1 else ''}: {said}",
                value * p.count,
                drm=sign * value * p.count,
                side=name,
            )
            total += value * p.count
    return sign * total


def cohesion_drm(
    attackers: Sequence[Participant], defenders: Sequence[Participant], ex: Explanation
) -> int:
    """The best combat cohesion difference, -3..+3, when both sides have a combat unit."""
    att = [cohesion(p) for p in attackers if is_combat(p)]
    dfn = [cohesion(p) for p in defenders if is_combat(p)]
    if not att or not dfn:
        ex.add("Assault", "cohesion difference: only when both sides have a combat unit: 0")
        return 0
    diff = max(att) - max(dfn)
    drm = max(-COHESION_LIMIT, min(COHESION_LIMIT, diff))
    said = f" (limited to {drm:+d})" if drm != diff else ""
    ex.add(
        "Assault",
        f"best combat cohesion {max(att)} against {max(dfn)}: {diff:+d}{said}",
        diff,
        drm=drm,
    )
    return drm


def situational_drm(
    situation: CombatSituation,
    attackers: Sequence[Participant],
    defenders: Sequence[Participant],
    ex: Explanation,
) -> int:
    """The situational rows of the Assault DRM table, each that applies a step."""
    c = situation.conditions
    found: list[tuple[int, str, SideName | None]] = []
    urban = c.terrain == "urban-building"
    if urban and any(is_combat(d) or kind(d.unit) == "leader" for d in defenders):
        found.append(
            (-2, "defending a non-vehicular combat unit or leader in an urban building", "defender")
        )
    heights = [d.elevation for d in situation.defenders if d.elevation is not None]
    if heights and any(a.elevation is not None and a.elevation < max(heights) for a in attackers):
        found.append((-1, "assaulting up hill", "defender"))
    if any(is_combat(d) and marked(d, "concealed") for d in defenders):
        found.append((-1, "a concealed defending combat unit", "defender"))
    cover = [
        why
        for why, there in (
            ("an IP", any(marked(d, "ip") for d in situation.defenders)),
            ("a wall", any(a.across == "wall" for a in situation.attackers)),
            ("a rural building", c.terrain == "rural-building"),
        )
        if there
    ]
    if cover and any(not is_vehicle(d) for d in defenders):
        found.append((-1, f"non-vehicular defenders behind {' and '.join(cover)}", "defender"))
    companies = {v for a in attackers if (v := number(a.unit, "company")) is not None}
    if len(companies) > 1:
        found.append((-1, "fragmented assault: units from different companies", "defender"))
    if any(is_vehicle(a) and marked(a, "in-motion") for a in attackers):
        found.append((-1, "an attacking vehicle in motion (its AV is reduced)", "defender"))
    if any(is_vehicle(d) and marked(d, "in-motion") for d in defenders):
        found.append((+1, "a defending vehicle in motion (its AV is reduced)", "attacker"))
    if any(marked(d, "regrouping") for d in situation.defenders):
        found.append((+1, "the defenders are regrouping", "attacker"))
    fp = any(kind(d.unit) == "fp" for d in situation.defenders)
    if fp and any(marked(a, "heroic") for a in attackers):
        found.append((+1, "Heroic against an FP", "attacker"))
    if c.flag("envelopment"):
        russian = any(a.unit.nationality == "russian" for a in situation.attackers)
        if russian and not c.flag("coordinated_activation"):
            ex.add("Assault", "envelopment: Russians gain it only with a coordinated activation")
        else:
            found.append((+2, "envelopment", "attacker"))
    soft = fp or urban or any(kind(d.unit) == "towed-gun" for d in situation.defenders)
    if soft:
        target = "an FP, a towed gun or an urban building"
        if any(kind(a.unit) == "latw" for a in attackers):
            found.append((+1, f"a LATW against {target}", "attacker"))
        if any(kind(a.unit) == "ft" for a in attackers):
            found.append((+2, f"an FT against {target}", "attacker"))
    for drm, text, side in found:
        ex.add("Assault", f"{text}: {drm:+d}", drm=drm, side=side)
    return sum(drm for drm, _, _ in found)


def limited(total: int, ex: Explanation) -> int:
    """The final assault DRM, limited to -4..+4 as its own step."""
    drm = max(-TOTAL_LIMIT, min(TOTAL_LIMIT, total))
    if drm != total:
        ex.add(
            "Assault",
            f"the assault DRM {total:+d} is limited to {drm:+d} (-4..+4)",
            drm,
            drm=drm - total,
            kind="limit",
        )
    return drm
