"""The conformance suite over the tactical test ruleset (tactical_ruleset.py): end-state chances
per unit, a counted pick, refusals by status, and an assault resolved at once with no dice keep
the contract the game layer and the panel rely on."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

import pytest
from test_conformance import check_report, check_report_json, check_unit_fates

from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.registry import Ruleset, register_ruleset
from hexcombat.rules.report import Report
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import Unit


@pytest.fixture(scope="module")
def tactical() -> Iterator[Ruleset]:
    with register_ruleset("tactical", "tactical_ruleset") as ruleset:
        yield ruleset


def assault(give_up: bool = False, **defender: object) -> CombatSituation:
    rifles = Unit(name="Rifles", attack=3, defence=1, steps=2)
    guards = Unit(name="Guards", attack=1, defence=2, steps=2)
    return CombatSituation(
        "tactical",
        (Participant(rifles, id="c1"), Participant(rifles, id="c2", counted=False)),
        (Participant(guards, id="c3", **defender),),  # type: ignore[arg-type]
        Conditions(give_up=give_up),
    )


def checked(ruleset: Ruleset, report: Report, dice: list[int]) -> None:
    check_report(ruleset, report)
    data = json.loads(json.dumps(report.to_json()))
    data["result"] = ruleset.resolve(report, ScriptedDice(dice)).to_json()
    check_report_json(json.loads(json.dumps(data)))


def test_an_assault_with_end_states_keeps_the_contract(tactical: Ruleset) -> None:
    report = tactical.evaluate(assault())
    assert report.unit_fates["c3"] == {"good-order": Fraction(13, 18), "disrupted": Fraction(5, 18)}
    checked(tactical, report, [6, 6, 6])
    last_step = tactical.evaluate(assault(status=UnitStatus(steps_lost=1)))
    assert last_step.unit_fates["c3"] == {
        "good-order": Fraction(1, 3),
        "eliminated": Fraction(2, 3),
    }
    checked(tactical, last_step, [6, 6, 6])


def test_an_assault_resolved_at_once_rolls_no_dice_and_keeps_the_contract(
    tactical: Ruleset,
) -> None:
    report = tactical.evaluate(assault(give_up=True))
    assert report.dice == () and report.unit_fates["c3"] == {"eliminated": Fraction(1)}
    checked(tactical, report, [])


def test_end_states_naming_no_participant_or_an_undeclared_state_are_caught(
    tactical: Ruleset,
) -> None:
    report = tactical.evaluate(assault())
    for fates in (
        {"c9": {"good-order": Fraction(1)}},
        {"c3": {"shaken": Fraction(1)}},
        {"c3": {"good-order": Fraction(1, 2)}},
    ):
        with pytest.raises(AssertionError):
            check_unit_fates(tactical, replace(report, unit_fates=fates))
