"""What both operational (Europa) rulesets say the same way: the headline of a report, the
chance of each result and whom it favours, the dice rolled, the strength points a result
costs each side, and a result as effects addressed to the participants.

``total-war`` and ``armour-ratio`` fight on the same combat results table; they differ in the
modifiers they work out, not in what a result does. So this arithmetic lives here once.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction

from hexcombat.rules.effects import DieRoll, Effect
from hexcombat.rules.explain import Favours, drm_text, percent, signed  # noqa: F401
from hexcombat.rules.odds import odds_boundaries
from hexcombat.rules.report import (
    CombatResult,
    DrmChances,
    ModifiedRoll,
    OddsColumn,
    Outcome,
    Report,
    SideResult,
    drm_chances,
    final_drm,
    odds_column,
    participant_id,
)
from hexcombat.rules.situation import Participant
from hexcombat.rules.vocabulary import DieSpec, SideName
from hexcombat.rules.wording import PlainWording, ResultWords
from hexcombat.rulesets.europa.combat import (
    CombatResultsTable,
    ResultEffect,
    TableRoll,
    chance_die,
    chance_faces,
    describe_effect,
)
from hexcombat.rulesets.europa.missing_strengths import NEEDS_STRENGTHS
from hexcombat.rulesets.europa.vocabulary import CHANCE_DIE, COMBAT_DIE


def europa_headline(
    column: str | None, distribution: Mapping[int, Fraction], missing: bool = False
) -> str:
    """What a player reads first: ``3:1, DRM +1``; without strengths, that there are no odds."""
    if column is None or missing:
        return f"no odds ({NEEDS_STRENGTHS}), {drm_text(distribution)}"
    return f"{column}, {drm_text(distribution)}"


def suffering(effect: ResultEffect) -> tuple[SideName, ...]:
    """The sides a result harms: a loss or a retreat, and the attacker's loss in an exchange.
    Read from the table's own result entry, so a player's CRT says it too."""
    attacker = bool(effect.attacker.loss_fraction or effect.attacker.retreat_hexes)
    defender = bool(effect.defender.loss_fraction or effect.defender.retreat_hexes)
    attacker = attacker or effect.exchange
    sides: tuple[SideName, ...] = ("attacker",) if attacker else ()
    return sides + (("defender",) if defender else ())


def favours(effect: ResultEffect) -> Favours:
    """Whom a result favours: the side that suffers nothing while the other loses or retreats;
    ``neither`` when both suffer (an exchange) or neither does."""
    harmed = suffering(effect)
    if harmed == ("defender",):
        return "attacker"
    if harmed == ("attacker",):
        return "defender"
    return "neither"


def outcome_list(crt: CombatResultsTable, outcomes: Mapping[str, Fraction]) -> tuple[Outcome, ...]:
    """Each result code's exact chance, with whom it favours and what it does."""
    return tuple(
        Outcome(
            code,
            p,
            favours(crt.effects[code]),
            describe_effect(crt.effects[code]),
            suffering(crt.effects[code]),
        )
        for code, p in outcomes.items()
    )


def europa_payload(column: str | None, distribution: Mapping[int, Fraction]) -> dict[str, object]:
    """The Europa figures beside the general report: the CRT column and the DRM's chances."""
    return {"odds_column": column, "drm_chances": dict(sorted(distribution.items()))}


def europa_features(
    column: str | None,
    distribution: Mapping[int, Fraction],
    strengths: tuple[Fraction | int, Fraction | int] | None,
) -> tuple[object, ...]:
    """What a Europa report declares beside the general parts: the CRT column a what-if can
    move (worked from ``strengths``, attack and defence; None without odds) and the DRM with
    its chances (10.C)."""
    attack, defence = (Fraction(s) for s in strengths) if strengths else (None, None)
    boundaries = odds_boundaries if strengths else None
    return (OddsColumn(column, attack, defence, boundaries), DrmChances(distribution))


def europa_roll(roll: TableRoll) -> ModifiedRoll:
    """The combat die, the DRM drawn and the modified roll of a Europa result."""
    return ModifiedRoll(roll.die, roll.drm, roll.modified)


def require_odds(report: Report) -> str:
    """The column a Europa report is rolled on; refuses while a strength is missing."""
    report.require_strengths()
    column = odds_column(report)
    assert column is not None  # a Europa report without missing strengths has its column
    return column


def europa_dice(
    crt: CombatResultsTable, distribution: Mapping[int, Fraction], chance_rule: str
) -> tuple[DieSpec, ...]:
    """The dice the combat rolls: a chance roll when the DRM is a chance (``chance_rule``,
    10.C), then the table's combat die."""
    combat = DieSpec(COMBAT_DIE.purpose, crt.die, rule=crt.rule)
    if len(distribution) == 1:
        return (combat,)
    chance = DieSpec(
        CHANCE_DIE.purpose,
        chance_die(distribution),
        rule=chance_rule,
        asked=f"the chance roll on a d{chance_die(distribution)} that picks the DRM "
        f"({chance_faces(distribution)})",
    )
    return (chance, combat)


def table_rolls(
    crt: CombatResultsTable, roll: TableRoll, distribution: Mapping[int, Fraction], rule: str
) -> tuple[DieRoll, ...]:
    """The dice as they fell: the chance roll (citing ``rule``) when there was one, then the
    combat die."""
    dice = europa_dice(crt, distribution, rule)
    faces = ((roll.chance_face,) if roll.chance_face is not None else ()) + (roll.die,)
    pairs = zip(dice, faces, strict=True)
    return tuple(DieRoll(d.purpose, d.sides, (f,), d.rule) for d, f in pairs)


def result_headline(roll: TableRoll, column: str) -> str:
    """``roll 4 +1 = 5 on 3:1: DR``; after a chance roll, ``chance 5: DRM +4; roll ...``."""
    chance = f"chance {roll.chance_face}: DRM {signed(roll.drm)}; " if roll.chance_face else ""
    return f"{chance}roll {roll.die} {roll.drm:+d} = {roll.modified} on {column}: {roll.code}"


class TableWording(PlainWording):
    """A combat rolled on a table's column in the words its players have always read: ``3:1
    DRM +1`` over the panel, ``3:1, DRM +1 = 5: DR`` when rolled, ``3:1, DRM +1, roll 4 = 5:
    DR`` in the log. A report with no column and no strength missing says its headlines."""

    def report_words(self, report: Report) -> str:
        """``3:1   DRM +1``; a DRM given as a chance with each value's chance (10.C)."""
        column = odds_column(report)
        if column is None and not report.missing_strengths:
            return super().report_words(report)
        chance = ""
        distribution = drm_chances(report)
        if len(distribution) > 1:
            chances = sorted(distribution.items())
            chance = " (" + ", ".join(f"{d:+d}: {float(p):.0%}" for d, p in chances) + ")"
        shown = column or "No odds (strengths needed)"  # as the worked examples give
        return f"{shown}   DRM {final_drm(report):+d}{chance}"

    def result_words(self, report: Report, result: CombatResult) -> ResultWords:
        """The column, the DRM and the modified roll with the result code."""
        column = odds_column(report)
        if column is None:
            return super().result_words(report, result)
        roll = result.table_roll()
        drm, modified = f"DRM {roll.drm:+d}", roll.modified_roll
        return ResultWords(
            rolled=f"{column}, {drm} = {modified}: {result.code}",
            logged=f"{column}, {drm}, roll {roll.die} = {modified}: {result.code}",
            shown=(f"die {roll.die}, {drm} = {modified}",),
        )


TABLE_WORDING = TableWording()


def loss_points(effect: ResultEffect, attack_points: int, defence_points: int) -> tuple[int, int]:
    """Strength points the attacker and the defender lose for a result.

    A share of a side's strength, rounded up; an exchange (EX, HX) costs the attacker at least
    as many points as the defender lost, never more than it has.
    """
    defender = min(defence_points, math.ceil(effect.defender.loss_fraction * defence_points))
    attacker = math.ceil(effect.attacker.loss_fraction * attack_points)
    if effect.exchange:
        attacker = max(attacker, defender)
    return min(attacker, attack_points), defender


def ids(participants: Iterable[Participant], side: SideName) -> tuple[str, ...]:
    """The ids results address a side's participants by (:func:`participant_id`)."""
    return tuple(participant_id(p, side, i) for i, p in enumerate(participants, 1))


def side_effects(
    side: SideName,
    result: SideResult,
    rule: str,
    targets: tuple[str, ...],
    exchange: bool = False,
) -> list[Effect]:
    """What a side's result does, as effects on ``targets``: eliminated, or strength points
    lost (the loss policy says which units lose them; in an ``exchange`` at least as many as
    the other side lost), then any retreat."""
    effects = []
    if result.eliminated:
        effects.append(Effect("eliminate", side, rule, f"every {side} is eliminated", targets))
    elif result.loss_points:
        effects.append(
            Effect(
                "lose-points",
                side,
                rule,
                f"the {side} loses {'at least ' if exchange else ''}{result.loss_points} "
                f"strength point{'s' if result.loss_points != 1 else ''}"
                + (" (as many as the defender lost)" if exchange else ""),
                targets,
                amount=result.loss_points,
            )
        )
    if result.retreat_hexes and not result.eliminated:
        hexes = result.retreat_hexes
        effects.append(
            Effect(
                "retreat",
                side,
                rule,
                f"the {side} retreats {hexes} hex{'es' if hexes != 1 else ''}",
                targets,
                amount=hexes,
                # the owning player picks the path within the retreat rules; assumed: the
                # excerpts state no retreat rules (docs/rules.md, "Who picks a retreat")
                chooser="owner",
            )
        )
    return effects


def result_effects(
    attacker: SideResult,
    defender: SideResult,
    effect: ResultEffect,
    targets: tuple[tuple[str, ...], tuple[str, ...]],
) -> tuple[Effect, ...]:
    """A CRT result as effects on the attackers and defenders it applies to (``targets``:
    their ids; units not subject to the result, 14A3, are left out), then the advance."""
    att, dfn = targets
    effects = side_effects("defender", defender, effect.rule, dfn)
    effects += side_effects("attacker", attacker, effect.rule, att, effect.exchange)
    if effect.advance and not attacker.eliminated:
        effects.append(
            Effect("advance", "attacker", effect.rule, "the attacker may advance into the hex", att)
        )
    return tuple(effects)
