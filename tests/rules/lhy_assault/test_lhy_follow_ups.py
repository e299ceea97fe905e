"""Every follow-up an assault result calls for keeps its promise: its chances are exact and add
up to 1, and rolling every face of its die gives exactly those chances (over generated
assaults, for every table roll); and each unit's fate in the report, and each result's chance
of leaving each side unharmed, is what rolling the table and every follow-up, the long way,
gives."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import pytest
from dice_paths import every_roll
from hypothesis import HealthCheck, assume, given, settings
from lhy_strategies import situations

from hexcombat.game.outcome_chart import spared
from hexcombat.rules.dice import DiceWanted, ScriptedDice
from hexcombat.rules.follow_ups import FollowUp, FollowUpResult
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import CombatResult, Report
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.vocabulary import SideName
from hexcombat.rulesets.lhy_assault.fates import apply

LHY = get_ruleset("lhy-assault")


def code_of(follow_up: FollowUp, done: FollowUpResult) -> str:
    """The outcome a resolved follow-up came to, in the codes its chances use."""
    kinds = [e.kind for e in done.effects]
    if follow_up.kind == "cohesion-check":
        return "holds" if not kinds else "disrupted" if "set-state" in kinds else "casualty"
    if follow_up.kind == "vehicle-destruction":
        return "destroyed" if "eliminate" in kinds else "survives"
    if follow_up.kind == "urban-assault":
        return f"casualty:{done.effects[0].targets[0]}"
    return "done"


def rolled_chances(
    report: Report, follow_up: FollowUp, standing: Mapping[str, UnitStatus], choice: str | None
) -> dict[str, Fraction]:
    """Each outcome's chance, found by resolving the follow-up with every face of its die."""
    if follow_up.die is None:
        done = LHY.resolve_follow_up(report, follow_up, standing, ScriptedDice([]), choice)
        return {code_of(follow_up, done): Fraction(1)}
    found: dict[str, Fraction] = {}
    for face in range(1, follow_up.die.sides + 1):
        done = LHY.resolve_follow_up(report, follow_up, standing, ScriptedDice([face]), choice)
        assert [r.faces for r in done.rolls] == [(face,)]
        code = code_of(follow_up, done)
        found[code] = found.get(code, Fraction(0)) + Fraction(1, follow_up.die.sides)
    return found


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations())
def test_every_follow_up_rolls_the_chances_it_promises(situation: CombatSituation) -> None:
    report = LHY.evaluate(situation)
    people = (*report.situation.attackers, *report.situation.defenders)
    standing = {p.id or "": p.status for p in people}
    assert set(report.unit_fates) == set(standing)
    assert all(sum(fate.values()) == 1 for fate in report.unit_fates.values())
    for roll in every_roll(LHY, report):
        for follow_up in LHY.follow_ups(report, roll.result, standing):
            for choice in follow_up.choices or (None,):
                promised = LHY.follow_up_chances(report, follow_up, standing, choice)
                chances = {o.code: o.probability for o in promised}
                assert sum(chances.values()) == 1 and all(p > 0 for p in chances.values())
                assert rolled_chances(report, follow_up, standing, choice) == chances


def long_ways(report: Report) -> list[tuple[CombatResult, Fraction, dict[tuple, Fraction]]]:
    """Every table face's result, its chance, and each way the whole assault may stand after
    it and every follow-up, one after another on the whole assault's state, with every face of
    its die."""
    people = (*report.situation.attackers, *report.situation.defenders)
    steps = {p.id or "": max(1, p.unit.steps or 1) for p in people}
    start = tuple(sorted((p.id or "", p.status) for p in people))
    faces = [(f,) for f in range(1, 11)] if report.dice else [()]
    found = []

    def run(ends: dict, units: tuple, queue: tuple, p: Fraction) -> None:
        if not queue:
            ends[units] = ends.get(units, Fraction(0)) + p
            return
        follow_up, rest = queue[0], queue[1:]
        standing = dict(units)
        choice = next((c for c in follow_up.choices if c in standing), None)
        gone = follow_up.target is not None and follow_up.target not in standing
        if gone or (follow_up.choices and choice is None):
            run(ends, units, rest, p)
            return
        try:
            LHY.resolve_follow_up(report, follow_up, standing, ScriptedDice([]), choice)
            rolls = [()]
        except DiceWanted as wanted:
            rolls = [(f,) for f in range(1, wanted.sides + 1)]
        for face in rolls:
            done = LHY.resolve_follow_up(report, follow_up, standing, ScriptedDice(face), choice)
            run(ends, apply(units, done.effects, steps), done.more + rest, p / len(rolls))

    for face in faces:
        result = LHY.resolve(report, ScriptedDice(face))
        policy = LHY.loss_policy(report, result)
        units = apply(start, policy.effects(policy.suggested()), steps)
        units = apply(units, [e for e in result.effects if e.kind != "lose-steps"], steps)
        ends: dict[tuple, Fraction] = {}
        run(ends, units, LHY.follow_ups(report, result, dict(units)), Fraction(1))
        found.append((result, Fraction(1, len(faces)), ends))
    return found


def joint_fates(report: Report) -> dict[str, dict[str, Fraction]]:
    """Each unit's fate found the long way (:func:`long_ways`)."""
    people = (*report.situation.attackers, *report.situation.defenders)
    fates: dict[str, dict[str, Fraction]] = {p.id or "": {} for p in people}
    for _result, chance, ends in long_ways(report):
        for units, p in ends.items():
            standing = dict(units)
            for pid in fates:
                status = standing.get(pid)
                fate = "eliminated" if status is None else status.state or "good-order"
                fates[pid][fate] = fates[pid].get(fate, Fraction(0)) + chance * p
    return fates


def joint_unharmed(report: Report) -> dict[tuple[str, SideName], Fraction]:
    """Each result's chance of leaving each side unharmed (docs/rules.md: no loss, no retreat)
    found the long way: the side retreats nowhere on the table roll, and every one of its
    units ends standing with the steps it started with."""
    s = report.situation
    sides: dict[SideName, tuple[Participant, ...]] = {
        "attacker": s.attackers,
        "defender": s.defenders,
    }
    chances: dict[str, Fraction] = {}
    spared: dict[tuple[str, SideName], Fraction] = {}
    for result, chance, ends in long_ways(report):
        chances[result.code] = chances.get(result.code, Fraction(0)) + chance
        for side, people in sides.items():
            retreats = any(e.kind == "retreat" and e.side == side for e in result.effects)
            kept = Fraction(0)
            for units, p in ends.items():
                standing = dict(units)
                whole = all(
                    (p_.id or "") in standing
                    and standing[p_.id or ""].steps_lost == p_.status.steps_lost
                    for p_ in people
                )
                kept += p if whole and not retreats else Fraction(0)
            key = (result.code, side)
            spared[key] = spared.get(key, Fraction(0)) + chance * kept
    return {(code, side): p / chances[code] for (code, side), p in spared.items()}


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@pytest.mark.slow
@given(situations())
def test_the_reports_unit_fates_are_the_long_ways(situation: CombatSituation) -> None:
    assume(len(situation.attackers) + len(situation.defenders) <= 4)  # the long way is long
    report = LHY.evaluate(situation)
    assert report.unit_fates == joint_fates(report)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@pytest.mark.slow
@given(situations())
def test_each_results_unharmed_chances_are_the_long_ways(situation: CombatSituation) -> None:
    """What the outcome chart sums for each result (``Outcome.unharmed`` where a later roll
    decides, else ``suffers``) is each side's chance, rolled the long way, of losing no step,
    losing no unit and retreating nowhere."""
    assume(len(situation.attackers) + len(situation.defenders) <= 4)  # the long way is long
    report = LHY.evaluate(situation)
    long = joint_unharmed(report)
    for outcome in report.outcome_list:
        for side in ("attacker", "defender"):
            assert spared(outcome, side) == long[outcome.code, side], (outcome, side)
