"""The Last Hundred Yards assault (the aid's ``Assault``): eligibility, the assaults resolved
at once, the counted units, the assault DRM, the Assault Results table on d10 + DRM, and the
follow-ups a row calls for (cohesion checks, urban assault, vehicle destruction attempts)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from hexcombat.rules.assumed_values import warn_assumed_counters
from hexcombat.rules.declarations import Declarations
from hexcombat.rules.dice import Dice, ScriptedDice
from hexcombat.rules.effects import DieRoll, Effect
from hexcombat.rules.eligibility import BasicEligibility, Refusal
from hexcombat.rules.errors import IllegalAttackError, RulesError, UnitDataError
from hexcombat.rules.explain import Explanation, Favours
from hexcombat.rules.follow_ups import FollowUp, FollowUpResult, Standing
from hexcombat.rules.references import ReferencesFile
from hexcombat.rules.report import (
    CombatResult,
    CountedUnits,
    DrmChances,
    ModifiedRoll,
    Outcome,
    Report,
    SideResult,
    final_drm,
    with_ids,
)
from hexcombat.rules.retreat import FreeRetreat, RetreatRules
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.units import Unit
from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.lhy_assault.assault import (
    check_eligible,
    companion_refusal,
    counted_units,
    immediate,
    own_refusal,
    reach,
)
from hexcombat.rulesets.lhy_assault.drm import (
    cohesion_drm,
    keep_one_heroic,
    limited,
    side_drm,
    situational_drm,
)
from hexcombat.rulesets.lhy_assault.fates import unit_fates
from hexcombat.rulesets.lhy_assault.follow import (
    ASSUMED_CHECK,
    follow_up_chances,
    follow_ups,
    resolve_follow_up,
)
from hexcombat.rulesets.lhy_assault.losses import CasualtyLosses
from hexcombat.rulesets.lhy_assault.table import ROWS, RULE, Row, row_for, words
from hexcombat.rulesets.lhy_assault.vocab import (
    ASSAULT_DIE,
    COVER,
    KINDS,
    TERRAIN,
    TIE_DIE,
    VOCABULARY,
    cohesion,
    disrupted,
    is_combat,
    is_vehicle,
    japanese_russian,
    kind,
    marked,
)

OTHER: dict[SideName, SideName] = {"attacker": "defender", "defender": "attacker"}
ROW_FAVOURS: dict[str, Favours] = {
    "DD": "attacker", "DL": "attacker", "DM": "attacker", "AM": "defender",
    "AL": "defender", "AD": "defender",
}  # fmt: skip
IMMEDIATE_TEXT = {
    "DX": "resolved at once: the defending towed guns, carriers, FVs and shocked AFVs "
    "are destroyed",
    "LX": "resolved at once: the defending LATWs are destroyed",
    "AR": "resolved at once: the attackers retreat",
    "DR": "resolved at once: the defenders retreat",
}
IMMEDIATE_FAVOURS: dict[str, Favours] = {"DX": "attacker", "LX": "attacker",
                     "AR": "defender", "DR": "attacker"}  # fmt: skip


class LhyAssaultRuleset(BasicEligibility):
    id = "lhy-assault"
    title = "The Last Hundred Yards: assault"
    vocabulary = VOCABULARY
    references = ReferencesFile(Path(__file__).parent / "references.toml")
    declares = Declarations(game="The Last Hundred Yards (assault)")
    retreat = RetreatRules(
        enemy_zoc_blocks=False,
        friendly_units_cancel_zoc=False,
        limit_hexes=3,
        limiting_terrain=frozenset({"river", "marsh", "jungle", "urban-building", "sunken-road"}),
        limiting_conditions=frozenset({"night"}),
        rule="14.3.3",
    )
    """14.3.3: "limited to 3 hexes through a River, Marsh, Jungle, Urban Building, or Sunken
    Road hex, or at Night". The aid eliminates "units ... if must retreat through prohibited
    hex(sides)" but names none, so no terrain or hexside is prohibited here (beyond the enemy's
    hexes, which no retreat enters)."""

    # --- before the roll ----------------------------------------------------------------------

    def evaluate(self, situation: CombatSituation) -> Report:
        if situation.ruleset not in (self.id, ""):
            raise RulesError(f"this combat is for the {situation.ruleset} rules, not {self.id}")
        _check_situation(situation)
        situation = with_ids(situation)
        ex = Explanation()
        c = situation.conditions
        dated = c.date is not None
        warn_assumed_counters(situation.attackers, situation.defenders, dated, self.vocabulary, ex)
        check_eligible(situation)  # the aid's order: the reach (10.5.2.2) with every marker,
        situation, lost = keep_one_heroic(situation)  # then all but one Heroic marker removed
        if lost:
            ex.add(
                "Assault",
                "all but one Heroic marker per nationality are removed, after the reach "
                "(10.5.2.2) was checked with them: " + ", ".join(p.unit.name for p in lost),
            )
        payload: dict[str, object] = {"heroic_removed": [p.id for p in lost]}
        at_once = immediate(situation, ex)
        if at_once is not None:
            return self._with_fates(
                _immediate_report(self.id, situation, at_once.code, ex, payload)
            )
        attackers, defenders = _counted(situation, ex)
        total = side_drm(attackers, "attacker", c, ex) + side_drm(defenders, "defender", c, ex)
        total += cohesion_drm(attackers, defenders, ex)
        total += situational_drm(situation, attackers, defenders, ex)
        drm = limited(total, ex)
        _assumed_procedures(situation, ex)
        chances = _row_chances(drm)
        said = f"{total:+d}, limited to {drm:+d}" if total != drm else f"{drm:+d}"
        payload |= {
            "immediate": None,
            "drm_before_limit": total,
            "drm": drm,
            "counted": {
                "attacker": [p.id for p in attackers],
                "defender": [p.id for p in defenders],
            },
            "row_chances": chances,
        }
        report = Report(
            ruleset=self.id,
            situation=situation,
            totals={"drm_before_limit": total, "drm": drm},
            outcomes=dict(chances),
            explanation=ex,
            headline=f"assault DRM {said}",
            outcome_list=tuple(
                Outcome(
                    code,
                    p,
                    _favours(_suffers(_row(code), situation), code),
                    words(_row(code), urban=c.terrain == "urban-building"),
                    _suffers(_row(code), situation),
                )
                for code, p in chances.items()
            ),
            payload=payload,
            features=(
                DrmChances({drm: Fraction(1)}),
                CountedUnits(
                    tuple(p.id or "" for p in attackers), tuple(p.id or "" for p in defenders)
                ),
            ),
            dice=(ASSAULT_DIE,),
        )
        return self._with_fates(report)

    def _with_fates(self, report: Report) -> Report:
        """``report`` with each unit's exact end state: the table roll with its suggested
        casualties, then every follow-up roll (fates.py)."""
        faces: list[tuple[int, ...]] = [(f,) for f in range(1, 11)] if report.dice else [()]
        results = [
            (self.resolve(report, ScriptedDice(face)), Fraction(1, len(faces))) for face in faces
        ]

        def losses(result: CombatResult) -> tuple[Effect, ...]:
            policy = self.loss_policy(report, result)
            return policy.effects(policy.suggested())

        fates = unit_fates(
            report,
            results,
            losses,
            lambda result, standing: self.follow_ups(report, result, standing),
            self.resolve_follow_up,  # type: ignore[arg-type]
        )
        report.unit_fates = fates.units
        if fates.unharmed:
            report.outcome_list = _with_unharmed(
                report.outcome_list,
                [
                    (r.code, p, spared)
                    for (r, p), spared in zip(results, fates.unharmed, strict=True)
                ],
            )
        return report

    # --- the roll -----------------------------------------------------------------------------

    def resolve(self, report: Report, dice: Dice) -> CombatResult:
        if report.ruleset != self.id:
            raise RulesError(f"a {report.ruleset} report cannot be resolved by the {self.id} rules")
        situation = report.situation
        code = report.payload.get("immediate")
        if isinstance(code, str):
            return _resolve_immediate(situation, code, dice)
        drm = final_drm(report)
        face = dice.roll(10, ASSAULT_DIE.purpose)
        final = face + drm
        row = row_for(final)
        ex = Explanation()
        ex.add(
            RULE,
            f"assault die {face} {drm:+d} = {final}: row {row.rolls}, the {row.loser}s lose",
            final,
            kind="result",
        )
        effects = _row_effects(situation, row, ex)
        if row.urban and situation.conditions.terrain == "urban-building":
            low, high, sides = row.urban
            hit = low <= final <= high
            ex.add(
                "14.3.1",
                f"urban assault on a final roll of {low}-{high}: "
                + (f"the {' and '.join(sides)} suffer it" if hit else "none"),
                kind="result",
            )
        sides = {  # 14.3.3: the losers retreat 2-4 hexes (4 on 14+ and below -1)
            s: SideResult(
                retreat_hexes=row.retreat[1] if s == row.loser else 0,
                retreat_min_hexes=row.retreat[0] if s == row.loser else 0,
            )
            for s in OTHER
        }
        return CombatResult(
            code=row.code,
            attacker=sides["attacker"],
            defender=sides["defender"],
            advance=row.advance == "attacker",
            steps=ex.steps,
            headline=f"assault die {face} {drm:+d} = {final}: {row.code} ({row.rolls})",
            rolls=(DieRoll(ASSAULT_DIE.purpose, 10, (face,), RULE),),
            effects=effects,
            features=(ModifiedRoll(face, drm, final),),
        )

    def loss_policy(self, report: Report, result: CombatResult) -> CasualtyLosses:
        """Assault Results: each casualty is a step of the unit the row names."""
        return CasualtyLosses(report, result)

    # --- follow-ups (rules/follow_ups.py) ------------------------------------------------------

    def follow_ups(
        self, report: Report, result: CombatResult, standing: Standing
    ) -> tuple[FollowUp, ...]:
        return follow_ups(report, result, standing)

    def follow_up_chances(
        self, report: Report, follow_up: FollowUp, standing: Standing, choice: str | None = None
    ) -> tuple[Outcome, ...]:
        return follow_up_chances(report, follow_up, standing, choice)

    def resolve_follow_up(
        self,
        report: Report,
        follow_up: FollowUp,
        standing: Standing,
        dice: Dice,
        choice: str | None = None,
    ) -> FollowUpResult:
        return resolve_follow_up(report, follow_up, standing, dice, choice)

    # --- retreats (14.3.3) ---------------------------------------------------------------------

    def retreat_elimination(self, participant: Participant) -> Refusal | None:
        """14.3.3: "unloaded Towed Gun, Shocked AFVs and FPs are eliminated"."""
        what = kind(participant.unit)
        if what == "towed-gun" and not marked(participant, "loaded"):
            return Refusal("an unloaded towed gun is eliminated instead of retreating", "14.3.3")
        if what == "afv" and marked(participant, "shocked"):
            return Refusal("a shocked AFV is eliminated instead of retreating", "14.3.3")
        if what == "fp":
            return Refusal("an FP is eliminated instead of retreating", "14.3.3")
        return None

    def free_retreat(self, participant: Participant) -> FreeRetreat | None:
        """14.3.3: "4 MPs vehicles, can retreat freely, are marked with Green motion"."""
        if is_vehicle(participant) and participant.unit.movement == 4:
            return FreeRetreat("4 MPs vehicles can retreat freely", "14.3.3", "in-motion")
        return None

    # --- who fights, from where ----------------------------------------------------------------

    def attack_range(self, unit: Unit) -> int:
        """10.5.2.2: non-vehicular units from 2 hexes (3 if Heroic: :meth:`participant_refusal`
        knows the marker), vehicles from 3."""
        return reach(unit)

    def reach_refusal(self, unit: Unit, hexes: int) -> Refusal | None:
        if 1 <= hexes <= reach(unit):
            return None
        return Refusal(
            "non-vehicular units assault from 2 hexes (3 if Heroic), vehicles from 3", "10.5.2.2"
        )

    def participant_refusal(
        self, participant: Participant, companions: Sequence[Participant]
    ) -> Refusal | None:
        """Why ``participant`` may not assault in its state, with its markers, from its range,
        beside ``companions`` (Assault, 10.5.2.2)."""
        return own_refusal(participant) or companion_refusal(participant, companions)


def _check_situation(situation: CombatSituation) -> None:
    """Refuse what no assault can be: empty sides, bad counts, units without a kind, a defender
    away from its hex, a terrain, weather or condition the aid does not know."""
    if not situation.attackers or not situation.defenders:
        raise IllegalAttackError("an assault needs attackers and defenders", "Assault")
    for side, people in (("attacker", situation.attackers), ("defender", situation.defenders)):
        for p in people:
            if p.count < 1:
                raise IllegalAttackError(f"{p.unit.name}: a {side} of {p.count} units", "Assault")
            if kind(p.unit) not in KINDS:
                raise UnitDataError(
                    f"{p.unit.name}: needs rules.kind, one of {', '.join(KINDS)}", "Assault"
                )
            if side == "defender" and p.range != 1:
                raise IllegalAttackError(
                    f"{p.unit.name} defends in the attacked hex, not {p.range} hexes away",
                    "Assault",
                )
    c = situation.conditions
    if c.terrain not in TERRAIN:
        raise IllegalAttackError(
            f"terrain {c.terrain!r}: the assault knows {', '.join(TERRAIN)}", "Assault"
        )
    if c.weather not in VOCABULARY.weather:
        raise IllegalAttackError(f"weather {c.weather!r}: the assault knows clear", "Assault")
    for key, value in c.choices:
        spec = VOCABULARY.condition(key)
        if spec is None:
            raise IllegalAttackError(f"the assault has no condition {key!r}", "Assault")
        if (problem := spec.problem(value)) is not None:
            raise IllegalAttackError(problem, spec.rule)


def _row(code: str) -> Row:
    return next(r for r in ROWS if r.code == code)


def _best_combat_cohesion(units: Sequence[Participant]) -> int | None:
    return max((cohesion(p) for p in units if is_combat(p)), default=None)


def _counted(
    situation: CombatSituation, ex: Explanation
) -> tuple[tuple[Participant, ...], tuple[Participant, ...]]:
    """Each side's counted units (Assault), each side's best pick weighing the cohesion
    difference against the other's: first against every defending combat unit, then each
    side against the other's pick, the steps written for the last."""
    c, scratch = situation.conditions, Explanation()
    a = counted_units(
        situation.attackers, "attacker", c, scratch, _best_combat_cohesion(situation.defenders)
    )
    d = counted_units(situation.defenders, "defender", c, scratch, _best_combat_cohesion(a))
    a = counted_units(situation.attackers, "attacker", c, ex, _best_combat_cohesion(d))
    d = counted_units(situation.defenders, "defender", c, ex, _best_combat_cohesion(a))
    return a, d


def _assumed_procedures(situation: CombatSituation, ex: Explanation) -> None:
    """The procedures the aid names without printing, that the end-state chances and the
    follow-ups use: each a step marked ``assumed`` (docs/rules.md)."""
    ex.add(
        "Cohesion Check",
        f"the aid prints no cohesion check procedure: each check, and the end-state chances, "
        f"roll it as a {ASSUMED_CHECK} (above it, disrupted; a disrupted unit, leader or FP "
        "suffers a casualty instead)",
        provenance="assumed",
    )
    if any(is_vehicle(p) for p in (*situation.attackers, *situation.defenders)):
        ex.add(
            "Vehicle Destruction DRM",
            "the +3 for a vehicle with no good-order combat unit in or adjacent to cover reads "
            f"cover terrain as {', '.join(sorted(COVER))} and a wall or hedgerow hexside: the aid "
            "names no list, this one is assumed",
            3,
            provenance="assumed",
        )


def _suffers(row: Row, situation: CombatSituation) -> tuple[SideName, ...]:
    """Who the row may harm (a loss or a retreat, docs/rules.md): its losers, and its winners
    too when the losers make a vehicle destruction attempt against a winning vehicle (14.3.2)
    or urban assault falls on them in an urban building (14.3.1). The winners' regrouping on
    6-9 and 2-5 is no harm by that reading: they lose nothing and stay where they are."""
    winner = OTHER[row.loser]
    mine = _side(situation, winner)
    hit = row.loser in row.destruction and any(is_vehicle(p) for p in mine)
    urban = situation.conditions.terrain == "urban-building"
    if urban and row.urban is not None and winner in row.urban[2]:
        hit = True
    return ("attacker", "defender") if hit else (row.loser,)


def _with_unharmed(
    outcomes: Sequence[Outcome], spared: Sequence[tuple[str, Fraction, dict[SideName, Fraction]]]
) -> tuple[Outcome, ...]:
    """``outcomes`` with each side's exact chance to come out unharmed (``Outcome.unharmed``)
    where a follow-up roll decides it: the chance of each roll of a row, times its chance of
    sparing the side through every follow-up (fates.py), over the row's chance. A row whose
    ``suffers`` already says it for certain is left as it is."""
    found = []
    for outcome in outcomes:
        rolls = [(p, by_side) for code, p, by_side in spared if code == outcome.code]
        exact = {
            side: sum((p * by_side[side] for p, by_side in rolls), Fraction(0))
            / outcome.probability
            for side in OTHER
        }
        certain = {side: Fraction(side not in (outcome.suffers or ())) for side in OTHER}
        decided = outcome.suffers is None or exact == certain
        found.append(outcome if decided else replace(outcome, unharmed=exact))
    return tuple(found)


def _favours(suffers: tuple[SideName, ...], code: str) -> Favours:
    """docs/report-schema.md: the side that alone does not suffer, else neither."""
    return ROW_FAVOURS[code] if len(suffers) == 1 else "neither"


def _row_chances(drm: int) -> dict[str, Fraction]:
    """The exact chance of each row on d10 + ``drm``."""
    chances: dict[str, Fraction] = {}
    for face in range(1, 11):
        code = row_for(face + drm).code
        chances[code] = chances.get(code, Fraction(0)) + Fraction(1, 10)
    return {r.code: chances[r.code] for r in ROWS if r.code in chances}


def _immediate_report(
    ruleset: str, situation: CombatSituation, code: str, ex: Explanation, payload: dict
) -> Report:
    """A report for an assault resolved at once: certain, or a tie die away."""
    if code == "TIE":
        chances = {"AR": Fraction(1, 2), "DR": Fraction(1, 2)}
        dice = (TIE_DIE,)
    else:
        chances, dice = {code: Fraction(1)}, ()
    return Report(
        ruleset=ruleset,
        situation=situation,
        totals={},
        outcomes=dict(chances),
        explanation=ex,
        headline=IMMEDIATE_TEXT[code]
        if code != "TIE"
        else "resolved at once: the tie die decides which force retreats",
        outcome_list=tuple(
            Outcome(c, p, IMMEDIATE_FAVOURS[c], IMMEDIATE_TEXT[c]) for c, p in chances.items()
        ),
        payload=payload | {"immediate": code},
        dice=dice,
    )


def _resolve_immediate(situation: CombatSituation, code: str, dice: Dice) -> CombatResult:
    rolls: tuple[DieRoll, ...] = ()
    face = 0
    ex = Explanation()
    if code == "TIE":
        face = dice.roll(10, TIE_DIE.purpose)
        rolls = (DieRoll(TIE_DIE.purpose, 10, (face,), "Assault"),)
        code = "AR" if face <= 5 else "DR"
        ex.add("Assault", f"tie die {face}: {IMMEDIATE_TEXT[code]}", face, kind="roll")
    ids = {s: tuple(p.id or "" for p in _side(situation, s)) for s in OTHER}
    if code in ("DX", "LX"):
        effects = (
            Effect("eliminate", "defender", "Assault", "destroyed at once", ids["defender"]),
        )
    else:
        side: SideName = "attacker" if code == "AR" else "defender"
        effects = (
            Effect(
                "retreat",
                side,
                "14.3.3",
                f"the {side}s retreat 2-4 hexes",
                ids[side],
                2,
                most=4,
                chooser="owner",  # 14.3.3 names no chooser: the owner, assumed
            ),
        )
    ex.add("Assault", IMMEDIATE_TEXT[code], kind="result")
    return CombatResult(
        code=code, attacker=SideResult(),
        defender=SideResult(), advance=False, steps=ex.steps, headline=IMMEDIATE_TEXT[code],
        rolls=rolls, effects=effects,
    )  # fmt: skip


def _side(situation: CombatSituation, side: SideName) -> tuple[Participant, ...]:
    return situation.attackers if side == "attacker" else situation.defenders


def best_unit(units: Sequence[Participant]) -> Participant | None:
    """The best unit for a flagged casualty or check: the best cohesion, a combat unit before
    another, the first listed among equals."""
    if not units:
        return None
    return max(units, key=lambda p: (cohesion(p), is_combat(p)))


def _row_effects(situation: CombatSituation, row: Row, ex: Explanation) -> tuple[Effect, ...]:
    """What ``row`` does to the participants (Assault Results): the losers' retreat, casualties,
    cohesion checks (rolled as follow-ups), disruption and regrouping; the winner's advance."""
    loser = row.loser
    losers = _side(situation, loser)
    people = [p for p in losers if not is_vehicle(p)]
    plain = [p for p in people if not japanese_russian(p)]
    flagged = [p for p in people if japanese_russian(p)]
    effects: list[Effect] = []
    lo, hi = row.retreat
    span = f"{lo}-{hi}" if lo != hi else f"{hi}"
    effects.append(
        Effect(
            "retreat",
            loser,
            "14.3.3",
            f"the {loser}s retreat {span} hexes",
            tuple(p.id or "" for p in losers),
            lo,
            most=hi,
            chooser="owner",  # 14.3.3 names no chooser: the losing side's player, assumed
        )
    )
    casualties = [
        p for p in plain if row.casualty == "all" or (row.casualty == "disrupted" and disrupted(p))
    ]
    checks = [
        p for p in plain if row.check == "all" or (row.check == "undisrupted" and not disrupted(p))
    ]
    disrupt: list[Participant] = []
    best = best_unit(flagged)
    if best is not None:
        others = [p for p in flagged if p is not best]
        if row.jr == "best-check":
            checks.append(best)
        else:
            casualties.append(best)
            if row.jr == "best+others":
                checks += others
            else:
                disrupt += [p for p in others if not disrupted(p)]
        ex.add(RULE, f"Japanese and Russian units: {best.unit.name} is the best", kind="note")
    for p in casualties:
        effects.append(Effect("lose-steps", loser, RULE, "suffers a casualty", (p.id or "",), 1))
    for p in disrupt:
        effects.append(
            Effect("set-state", loser, RULE, "is disrupted", (p.id or "",), state="disrupted")
        )
        if marked(p, "regrouping"):
            effects.append(
                Effect(
                    "remove-marker",
                    loser,
                    "Regrouping",
                    "disrupts: no longer regrouping",
                    (p.id or "",),
                    state="regrouping",
                )
            )
    if checks:
        effects.append(
            Effect(
                "cohesion-check", loser, RULE, "checks cohesion", tuple(p.id or "" for p in checks)
            )
        )
    regroup: list[tuple[SideName, Participant]] = []
    if row.jr_regroup:
        regroup += [(loser, p) for p in flagged if not disrupted(p) and p not in disrupt]
    if row.regroup_both:
        for side in ("attacker", "defender"):
            regroup += [
                (side, p)
                for p in _side(situation, side)  # type: ignore[arg-type]
                if not is_vehicle(p) and not disrupted(p)
            ]
    for side, p in regroup:
        if not marked(p, "regrouping"):
            effects.append(
                Effect(
                    "add-marker",
                    side,
                    "Regrouping",
                    "is regrouping",
                    (p.id or "",),
                    state="regrouping",
                )
            )
    if row.advance:
        effects.append(
            Effect(
                "advance",
                row.advance,
                "Advance",
                f"the {row.advance} may advance (once per turn per unit)",
                tuple(p.id or "" for p in _side(situation, row.advance)),
            )
        )
    return tuple(effects)


RULESET = LhyAssaultRuleset()
