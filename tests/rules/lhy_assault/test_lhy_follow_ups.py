"""Every follow-up an assault result calls for keeps its promise: its chances are exact and add
up to 1, and rolling every face of its die gives exactly those chances (over generated
assaults, for every table roll)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from dice_paths import every_roll
from hypothesis import HealthCheck, given, settings
from lhy_strategies import situations

from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.follow_ups import FollowUp, FollowUpResult
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import Report
from hexcombat.rules.situation import CombatSituation
from hexcombat.rules.status import UnitStatus

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
    for roll in every_roll(LHY, report):
        for follow_up in LHY.follow_ups(report, roll.result, standing):
            for choice in follow_up.choices or (None,):
                promised = LHY.follow_up_chances(report, follow_up, standing, choice)
                chances = {o.code: o.probability for o in promised}
                assert sum(chances.values()) == 1 and all(p > 0 for p in chances.values())
                assert rolled_chances(report, follow_up, standing, choice) == chances
