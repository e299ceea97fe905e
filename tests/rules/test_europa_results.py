"""What both operational rulesets report the same way (rulesets/europa/results.py): the headline a
player reads first, whom each result favours, the dice, and the loss arithmetic they share."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from tw_helpers import evaluate, inline, p

from hexcombat.game.evaluation import evaluate_scenario, scenario_situation
from hexcombat.game.scenario import load_scenario
from hexcombat.rules.report import odds_column, with_ids
from hexcombat.rulesets.europa.combat import load_crt
from hexcombat.rulesets.europa.results import favours, loss_points
from meaning import says_in

CASES = Path(__file__).resolve().parents[1] / "cases"


def test_the_headline_is_the_odds_and_the_final_drm() -> None:
    # 14D2d: "+1 (heavy armour) ... net +1"
    report = evaluate_scenario(load_scenario(CASES / "tw-14d2d.toml"))
    assert report.headline == f"{odds_column(report)}, DRM +1"


def test_a_drm_given_as_a_chance_says_both_with_their_chances() -> None:
    # 10.C: a 5.1:1 AECA:ATEC ratio gives +3 with a 50% chance of +4
    report = evaluate_scenario(load_scenario(CASES / "ar-10c-ratio-5-1.toml"))
    assert report.headline == f"{odds_column(report)}, DRM +3 (50%) or +4 (50%)"
    assert report.payload == {
        "odds_column": odds_column(report),
        "drm_chances": {3: Fraction(1, 2), 4: Fraction(1, 2)},
    }
    assert [(d.purpose, d.sides, d.rule) for d in report.dice] == [
        ("chance roll for the DRM", 6, "10.C"),
        ("combat die", 6, "CRT"),
    ]
    assert report.to_json()["payload"] == {
        "odds_column": odds_column(report),
        "drm_chances": {"3": "1/2", "4": "1/2"},
    }


def test_without_strengths_the_headline_says_there_are_no_odds() -> None:
    report = evaluate([p(inline("A", 1, attack=None))], [p(inline("D", 1))])
    assert odds_column(report) is None
    assert says_in(report.headline, names=["no odds", "need"])
    assert report.headline.endswith("DRM 0")
    assert report.dice == () and report.outcome_list == ()


def test_whom_a_result_favours_is_read_from_the_table() -> None:
    crt = load_crt()
    assert favours(crt.effects["DR"]) == "attacker"
    assert favours(crt.effects["DE"]) == "attacker"
    assert favours(crt.effects["AE"]) == "defender"
    assert favours(crt.effects["AR"]) == "defender"
    assert favours(crt.effects["EX"]) == "neither"


def test_an_exchange_costs_the_attacker_what_the_defender_lost_at_most_all_it_has() -> None:
    ex = load_crt().effects["EX"]  # defender eliminated, exchange
    assert loss_points(ex, 12, 7) == (7, 7)
    assert loss_points(ex, 5, 7) == (5, 7)  # never more than the attacker has
    dh = load_crt().effects["DH"]  # the defender loses half, rounded up
    assert loss_points(dh, 12, 7) == (0, 4)


def test_a_scenario_without_a_map_numbers_its_participants_by_side() -> None:
    situation = scenario_situation(load_scenario(CASES / "ar-10c1-panzer-16-10.toml"))
    assert [a.id for a in situation.attackers] == [
        f"attacker-{i}" for i in range(1, len(situation.attackers) + 1)
    ]
    assert [d.id for d in situation.defenders] == ["defender-1"]
    assert with_ids(situation) == situation  # ids given are kept


def test_each_modifier_of_14d2d_says_whose_it_is() -> None:
    # 14D2d: +1 heavy armour and +2 AECA for the attacker, -1 heavy antitank and -1 ATEC for
    # the defender
    report = evaluate_scenario(load_scenario(CASES / "tw-14d2d.toml"))
    drms = [(s.rule, s.side, s.kind, s.drm) for s in report.steps if s.drm]
    assert drms == [
        ("14D2a", "attacker", "drm", 1),
        ("14D2d", "attacker", "drm", 2),
        ("14D2c", "defender", "drm", -1),
        ("14D2d", "defender", "drm", -1),
    ]
    strengths = {(s.side, s.text.split(":")[0]) for s in report.steps if s.kind == "strength"}
    assert ("attacker", "attack strength") in strengths
    assert ("defender", "defence strength") in strengths


def test_each_armour_ratio_total_says_whose_it_is() -> None:
    # 10.C.1 AECA is the attacker's; 10.C.2 AECD and 10.C.3 ATEC are the defender's
    report = evaluate_scenario(load_scenario(CASES / "ar-10c-ratio-5-1.toml"))
    sides = {s.rule: s.side for s in report.steps if s.text.endswith("total before terrain")}
    assert sides == {"10.C.1": "attacker", "10.C.2": "defender", "10.C.3": "defender"}
    (ratio,) = [s for s in report.steps if s.rule == "10.C" and s.drm is not None]
    assert (ratio.side, ratio.kind, ratio.drm) == ("attacker", "drm", 3)
