"""The eligibility hooks every ruleset answers (who fights on the ground, who may attack and
from how far, whom a result leaves alone, what a player may do to a counter), as both Europa
rulesets answer them: golden words from 14A3, 14A4, 16A and 23D1."""

from __future__ import annotations

from pathlib import Path

import pytest

from declared_rulesets import europa_family
from hexcombat.rules.counters import load_counters
from hexcombat.rules.eligibility import BasicEligibility, CounterInPlay, TurnNow
from hexcombat.rules.errors import IllegalAttackError, RulesError
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.situation import Participant
from hexcombat.rulesets.europa.air.map_counters import map_unit
from hexcombat.rulesets.europa.air.units import load_air_counters
from hexcombat.rulesets.total_war.eligibility import FLIP_MODE
from meaning import says

REPO = Path(__file__).resolve().parents[2]
EUROPA = europa_family()
"""The Europa rulesets, which share these answers (a tactical ruleset has its own)."""
COUNTERS = load_counters([REPO / "counters" / "total-war.toml"])
ME_109E = map_unit(
    "ge-me-109e", load_air_counters([REPO / "counters" / "total-war-air.toml"])["ge-me-109e"]
)
CD_SIDE = COUNTERS["ge-cd-art-iii-cd"]
ARTILLERY_SIDE = COUNTERS["ge-cd-art-iii"]
LRA = COUNTERS["ge-lr-art-iii"]
INF = COUNTERS["ax-inf-xx"]
AXIS_INITIAL = TurnNow("Axis", "initial")


@pytest.mark.parametrize("ruleset_id", EUROPA)
def test_air_units_fight_no_ground_combat_in_either_europa_ruleset(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    why = ruleset.ground_combat_refusal(ME_109E)
    assert says(str(why), rules=["16A", "23D1"], names=["air units", "not in ground combat"])
    assert why is not None and why.who == "air units"
    assert ruleset.ground_combat_refusal(INF) is None


@pytest.mark.parametrize(("ruleset_id", "reach"), [("total-war", 2), ("armour-ratio", 1)])
def test_long_range_artillery_reaches_two_hexes_and_others_one(ruleset_id: str, reach: int) -> None:
    # 14A3 is Total War's: under rule 10 (armour-ratio) only adjacent units attack
    ruleset = get_ruleset(ruleset_id)
    assert (ruleset.attack_range(LRA), ruleset.attack_range(INF)) == (reach, 1)


@pytest.mark.parametrize("ruleset_id", EUROPA)
def test_lra_at_two_hexes_takes_no_result_and_may_not_advance(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    why = ruleset.result_exemption(Participant(LRA, range=2))
    assert says(str(why), rules=["14A3"], names=["long-range artillery", "two hexes", "advance"])
    assert ruleset.result_exemption(Participant(LRA, range=1)) is None  # adjacent: ordinary


def test_total_war_bars_a_cda_unit_in_cd_mode_from_attacking() -> None:
    ruleset = get_ruleset("total-war")
    why = ruleset.attack_refusal(CD_SIDE)
    assert why is not None and (why.rule, why.who) == ("14A4", "units")
    assert says(why.text, rules=["14A4"], names=["CD Art III", "CD mode", "artillery mode"])
    assert isinstance(why.error(), IllegalAttackError) and why.error().rule == "14A4"
    assert ruleset.attack_refusal(ARTILLERY_SIDE) is None


def test_armour_ratio_has_no_coast_defence_rule() -> None:
    # rule 10 has no 14A4: the Total War check no longer runs for every ruleset
    ruleset = get_ruleset("armour-ratio")
    assert ruleset.attack_refusal(CD_SIDE) is None
    assert (
        ruleset.counter_actions(CounterInPlay(CD_SIDE, "ge-cd-art-iii-cd", "Axis"), AXIS_INITIAL)
        == []
    )
    with pytest.raises(RulesError, match="has no 'flip-mode' action"):
        ruleset.counter_action(
            CounterInPlay(CD_SIDE, "ge-cd-art-iii-cd", "Axis"), AXIS_INITIAL, FLIP_MODE
        )


def test_total_war_flips_a_cda_unit_in_its_owner_s_initial_phase() -> None:
    ruleset = get_ruleset("total-war")
    (flip,) = ruleset.counter_actions(
        CounterInPlay(ARTILLERY_SIDE, "ge-cd-art-iii", "Axis"), AXIS_INITIAL
    )
    assert (flip.key, flip.menu_text, flip.done_text, flip.becomes, flip.refused) == (
        FLIP_MODE,
        "Flip to CD mode (14A4)",
        "Flip CD Art III to CD mode (14A4)",
        "ge-cd-art-iii-cd",
        None,
    )
    (back,) = ruleset.counter_actions(
        CounterInPlay(CD_SIDE, "ge-cd-art-iii-cd", "Axis"), AXIS_INITIAL
    )
    assert (back.menu_text, back.becomes) == ("Flip to artillery mode (14A4)", "ge-cd-art-iii")


@pytest.mark.parametrize("turn", [TurnNow("Axis", "combat"), TurnNow("Soviet", "initial")])
def test_a_flip_outside_the_owner_s_initial_phase_is_offered_but_refused(turn: TurnNow) -> None:
    ruleset = get_ruleset("total-war")
    flip = ruleset.counter_action(
        CounterInPlay(ARTILLERY_SIDE, "ge-cd-art-iii", "Axis"), turn, FLIP_MODE
    )
    assert flip.refused is not None and flip.refused.rule == "14A4"
    assert says(
        str(flip.refused),
        rules=["14A4"],
        names=["coast defence artillery", "initial phase", turn.phasing_player, turn.phase],
    )


def test_only_coast_defence_artillery_has_a_flip() -> None:
    ruleset = get_ruleset("total-war")
    infantry = CounterInPlay(INF, "ax-inf-xx", "Axis")
    assert ruleset.counter_actions(infantry, AXIS_INITIAL) == []
    with pytest.raises(RulesError) as caught:
        ruleset.counter_action(infantry, AXIS_INITIAL, FLIP_MODE)
    assert says(str(caught.value), rules=["14A4"], names=["Inf XX", "CDA", "CD mode"])


def test_the_plainest_answers_leave_nobody_out_and_reach_one_hex() -> None:
    # what a ruleset with no such rules (a tactical game, a test ruleset) starts from
    plain = BasicEligibility()
    assert plain.ground_combat_refusal(ME_109E) is None
    assert plain.attack_refusal(CD_SIDE) is None
    assert plain.attack_range(LRA) == 1
    assert plain.result_exemption(Participant(LRA, range=2)) is None
    infantry = CounterInPlay(INF, "ax-inf-xx", "Axis")
    assert plain.counter_actions(infantry, AXIS_INITIAL) == []
    with pytest.raises(RulesError, match=r"^Inf XX has no 'flip-mode' action under these rules$"):
        plain.counter_action(infantry, AXIS_INITIAL, FLIP_MODE)
