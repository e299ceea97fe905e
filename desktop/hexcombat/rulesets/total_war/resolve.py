"""Resolve an evaluated Total War combat with dice: the chance roll for the DRM (if the chart gave
one), the combat die on the report's odds column, and what the result asks of each side.

It reads only the report (its odds column, DRM chances and situation), so the roll applies
exactly what the preview promised.
"""

from __future__ import annotations

from hexcombat.rules.dice import Dice
from hexcombat.rules.errors import RulesError
from hexcombat.rules.explain import Explanation, fmt
from hexcombat.rules.report import CombatResult, Report, SideResult, drm_chances
from hexcombat.rules.situation import Participant
from hexcombat.rulesets.europa.combat import CombatResultsTable, roll_on_table
from hexcombat.rulesets.europa.features import NOTHING_REQUIRED, NotSubject
from hexcombat.rulesets.europa.results import (
    europa_roll,
    ids,
    loss_points,
    require_odds,
    result_effects,
    result_headline,
    table_rolls,
)
from hexcombat.rulesets.total_war.artillery import TWO_HEXES, exempt_names
from hexcombat.rulesets.total_war.evaluate import RULESET_ID
from hexcombat.rulesets.total_war.forces import on_date


def resolve(report: Report, dice: Dice, crt: CombatResultsTable) -> CombatResult:
    """The combat result for ``report`` rolled with ``dice`` on ``crt``."""
    if report.ruleset != RULESET_ID:
        raise RulesError(f"a {report.ruleset} report cannot be resolved by the {RULESET_ID} rules")
    column = require_odds(report)
    distribution = drm_chances(report)
    ex = Explanation()
    roll = roll_on_table(crt, column, distribution, dice, ex, "CRT")
    code, effect = roll.code, roll.effect
    cond = report.situation.conditions
    attackers = on_date(report.situation.attackers, cond.date)
    defenders = on_date(report.situation.defenders, cond.date)
    exempt = exempt_names(attackers)
    subject = tuple(p for p in attackers if p.range != TWO_HEXES)
    attack_points = _strength(subject, "attack")
    att_loss, def_loss = loss_points(effect, attack_points, _strength(defenders, "defence"))
    defender = _side(effect.defender, def_loss)
    attacker = _side(effect.attacker, att_loss)
    if effect.exchange:
        owed = att_loss
        attacker.eliminated = attacker.eliminated or owed >= attack_points
        ex.add(
            effect.rule,
            f"exchange: the attacker loses at least as many attack strength points as the "
            f"defender loses: at least {owed}, and more when the defender loses more",
            owed,
            provenance=effect.provenance,
            side="attacker",
            kind="result",
        )
    for name, side in (("attacker", attacker), ("defender", defender)):
        if side.loss_fraction or side.retreat_hexes:
            ex.add(
                effect.rule,
                f"{name}: {_side_text(side)}",
                provenance=effect.provenance,
                side=name,
                kind="result",
            )
    if exempt:
        tail = " and may not advance" if effect.advance else ""
        ex.add(
            "14A3",
            f"{', '.join(exempt)} fired at two hexes: not subject to the result, out of the "
            f"exchange calculation{tail}",
            side="attacker",
        )
    targets = (
        tuple(
            i
            for i, p in zip(ids(attackers, "attacker"), attackers, strict=True)
            if p.range != TWO_HEXES
        ),
        ids(defenders, "defender"),
    )
    return CombatResult(
        code=code,
        attacker=attacker,
        defender=defender,
        advance=effect.advance,
        steps=ex.steps,
        headline=result_headline(roll, column),
        rolls=table_rolls(crt, roll, distribution, "CRT"),
        effects=result_effects(attacker, defender, effect, targets),
        features=(europa_roll(roll), NotSubject(exempt), NOTHING_REQUIRED),  # no 10.F rule here
    )


def _strength(parts: tuple[Participant, ...], kind: str) -> int:
    return sum((getattr(p.unit, kind) or 0) * p.count for p in parts)


def _side(template: SideResult, points: int) -> SideResult:
    """A side's result: the CRT's effect with its loss in strength points."""
    return SideResult(
        eliminated=template.eliminated,
        loss_fraction=template.loss_fraction,
        loss_points=points,
        retreat_hexes=template.retreat_hexes,
    )


def _side_text(side: SideResult) -> str:
    parts = []
    if side.eliminated:
        parts.append("eliminated")
    elif side.loss_fraction:
        parts.append(f"loses {fmt(side.loss_fraction)} of its strength, {side.loss_points} points")
    if side.retreat_hexes:
        parts.append(f"retreats {side.retreat_hexes} hex{'es' if side.retreat_hexes > 1 else ''}")
    return ", ".join(parts)
