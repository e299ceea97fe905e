"""The odds-on-2d6 test ruleset (odds2d6_ruleset.py, rules O1-O5): its exact chances against a
hand computation, and a game of it played on the map. The conformance suite checks it beside
every registered ruleset.

The hand computation. Two d6 added make 2 to 12 in 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1 ways of 36.

- 6 against 2 is 3:1 (O1). On 3:1 (O3) A1 is 2 (1 way), NE 3-5 (2+3+4 = 9), D1 6-9
  (5+6+5+4 = 20), D2 10-12 (3+2+1 = 6): 1/36, 1/4, 5/9, 1/6.
- In woods one column left (O2): 2:1. A1 2-3 (1+2 = 3), NE 4-6 (3+4+5 = 12), D1 7-10
  (6+5+4+3 = 18), D2 11-12 (2+1 = 3): 1/12, 1/3, 1/2, 1/12.
- In woods and mud two columns left: 1:1. A1 2-4 (1+2+3 = 6), NE 5-8 (4+5+6+5 = 20), D1 9-11
  (4+3+2 = 9), D2 12 (1): 1/6, 5/9, 1/4, 1/36.
- In a city and mud three columns left, but never left of 1:2: 1:2. A1 2-6 (1+2+3+4+5 = 15),
  NE 7-10 (6+5+4+3 = 18), D1 11-12 (2+1 = 3): 5/12, 1/2, 1/12.
- 9 against 2 is 4:1 (above 4:1 would be too). NE 2-3 (3), D1 4-8 (3+4+5+6+5 = 23), D2 9-12
  (4+3+2+1 = 10): 1/12, 23/36, 5/18.
- 1 against 3 is below 1:1: 1:2 (O1).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction as F
from pathlib import Path

import pytest
from family_games import known, opened_game, uids_at, where
from odds2d6_strategies import unit

from hexcombat.game.attack_model import AttackModel
from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.registry import Ruleset, get_ruleset
from hexcombat.rules.report import odds_column
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.status import UnitStatus


@pytest.fixture
def odds() -> Iterator[Ruleset]:
    with known("odds-2d6"):
        yield get_ruleset("odds-2d6")


def attack(
    attack: int, defence: int, terrain: str = "clear", weather: str = "clear"
) -> CombatSituation:
    return CombatSituation(
        "odds-2d6",
        (Participant(unit("Infantry", attack, 1)),),
        (Participant(unit("Guard", 1, defence)),),
        Conditions(terrain, weather),
    )


@pytest.mark.parametrize(
    ("situation", "column", "chances"),
    [
        (attack(6, 2), "3:1", {"A1": F(1, 36), "NE": F(1, 4), "D1": F(5, 9), "D2": F(1, 6)}),
        (
            attack(6, 2, "woods"),
            "2:1",
            {"A1": F(1, 12), "NE": F(1, 3), "D1": F(1, 2), "D2": F(1, 12)},
        ),
        (
            attack(6, 2, "woods", "mud"),
            "1:1",
            {"A1": F(1, 6), "NE": F(5, 9), "D1": F(1, 4), "D2": F(1, 36)},
        ),
        (attack(6, 2, "city", "mud"), "1:2", {"A1": F(5, 12), "NE": F(1, 2), "D1": F(1, 12)}),
        (attack(9, 2), "4:1", {"NE": F(1, 12), "D1": F(23, 36), "D2": F(5, 18)}),
        (attack(1, 3), "1:2", {"A1": F(5, 12), "NE": F(1, 2), "D1": F(1, 12)}),
    ],
    ids=["3:1", "woods 2:1", "woods mud 1:1", "city mud 1:2", "4:1", "below 1:1"],
)
def test_the_chances_are_the_hand_computed_ones(
    odds: Ruleset, situation: CombatSituation, column: str, chances: dict[str, F]
) -> None:
    report = odds.evaluate(situation)
    assert odds_column(report) == column
    assert report.outcomes == chances
    assert [d.name for d in report.dice] == ["2d6"]


def test_a_terrain_a_weather_or_a_condition_it_does_not_know_is_refused(odds: Ruleset) -> None:
    for bad in (attack(6, 2, "moon"), attack(6, 2, weather="fog")):
        with pytest.raises(IllegalAttackError) as refused:
            odds.evaluate(bad)
        assert refused.value.rule == "O2"
    fortified = attack(6, 2)
    fortified = CombatSituation(
        "odds-2d6", fortified.attackers, fortified.defenders, Conditions(fortification=-1)
    )
    with pytest.raises(IllegalAttackError) as refused:
        odds.evaluate(fortified)
    assert refused.value.rule == "O2"


def test_an_attack_is_rolled_and_its_step_losses_applied_on_the_map(
    odds: Ruleset, tmp_path: Path
) -> None:
    """Two infantry (attack 3 each, 2 steps) in 0101 attack a guard (defence 2, 3 steps) in
    the woods of 0201: 6 against 2 is 3:1, woods 2:1. A roll of 6 + 5 = 11 is D2: the guard
    loses 2 steps and keeps its hex (no retreat in this game)."""
    infantry, guard = unit("Infantry", 3, 1), unit("Guard", 1, 2, steps=3)
    placed = [(infantry, "Red", "0101"), (infantry, "Red", "0101"), (guard, "Blue", "0201")]
    state = opened_game("odds-2d6", "cwcccc", placed, tmp_path)
    (g,) = uids_at(state, "0201")
    model = AttackModel(state)
    assert model.start(state.hexmap.hex_at("0201")), model.refusal
    assert model.report is not None and odds_column(model.report) == "2:1"
    assert model.report.outcomes["D2"] == F(1, 12)
    assert model.rollable() and model.dice_wanted() == [6, 6]
    assert model.roll([6, 5]) is not None, model.roll_problem
    resolution = model.resolution
    assert resolution is not None and resolution.result.code == "D2"
    assert [(r.purpose, r.faces) for r in resolution.result.rolls] == [("combat roll", (6, 5))]
    assert resolution.losses.kind == "steps"
    model.set_losses([g, g])
    assert model.apply(), model.apply_problem
    assert state.counters[g].status == UnitStatus(steps_lost=2)
    assert where(state, g) == "0201"


def test_a_low_roll_costs_the_attackers_a_step_of_the_unit_chosen(
    odds: Ruleset, tmp_path: Path
) -> None:
    """The same attack, a roll of 1 + 2 = 3 on 2:1: A1, the attackers lose a step (O4)."""
    infantry, guard = unit("Infantry", 3, 1), unit("Guard", 1, 2, steps=3)
    placed = [(infantry, "Red", "0101"), (infantry, "Red", "0101"), (guard, "Blue", "0201")]
    state = opened_game("odds-2d6", "cwcccc", placed, tmp_path)
    first, second = uids_at(state, "0101")
    model = AttackModel(state)
    assert model.start(state.hexmap.hex_at("0201")), model.refusal
    assert model.roll([1, 2]) is not None, model.roll_problem
    assert model.resolution is not None and model.resolution.result.code == "A1"
    model.set_losses([second])
    assert model.apply(), model.apply_problem
    assert state.counters[second].status == UnitStatus(steps_lost=1)
    assert state.counters[first].status == UnitStatus()
