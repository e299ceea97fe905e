"""The steps loss policy: a result's ``lose-steps`` effect says how many steps a side loses in
all, and the player chooses which of the units it falls on take them (an id once per step).
Played on the tiny test ruleset (T3: a hit costs the defender one step)."""

from __future__ import annotations

from tiny_ruleset import RULESET

from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.effects import Effect
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.step_losses import StepLosses
from hexcombat.rules.units import Unit
from meaning import each_says, says


def unit(name: str, defence: int, steps: int | None) -> Unit:
    return Unit(name=name, attack=4, defence=defence, steps=steps)


def two_defenders_hit() -> StepLosses:
    """Fire 4 against defence 2: +1 (T1); a 5 makes 6, a hit (T3); morale 1 + 1 holds (T4)."""
    situation = CombatSituation(
        "tiny",
        (Participant(unit("Squad", 1, 2), id="a1"),),
        (
            Participant(unit("Rifles", 1, 2), id="d1"),
            Participant(unit("MG", 1, 3), id="d2", status=UnitStatus(steps_lost=2)),
        ),
        Conditions(),
    )
    report = RULESET.evaluate(situation)
    result = RULESET.resolve(report, ScriptedDice([5, 1, 1]))
    assert result.code == "L"
    return RULESET.loss_policy(report, result)


def test_the_side_loses_the_result_s_steps_from_the_units_the_player_chooses() -> None:
    policy = two_defenders_hit()
    assert policy.kind == "steps"
    assert policy.offered("defender") == ["d1", "d2"] and policy.offered("attacker") == []
    assert policy.worth("defender") == {"d1": 2, "d2": 1}  # the MG has lost two of its three
    assert policy.needed("defender", []) == 1
    assert policy.problems(["d1"]) == [] and policy.problems(["d2"]) == []
    assert each_says(policy.problems([]), dict(figures=["1", "0"], names=["defender", "T3"]))
    assert each_says(
        policy.problems(["d1", "d2"]), dict(figures=["1", "2"], names=["defender", "only", "T3"])
    )
    assert says(policy.problems(["a1"])[0], names=["only units the result takes steps from"])
    assert policy.suggested() == ["d1"]
    assert policy.effects(["d2"]) == (
        Effect("lose-steps", "defender", "T3", "loses 1 step", ("d2",), 1),
    )


def test_a_unit_loses_no_more_steps_than_it_has_left() -> None:
    policy = two_defenders_hit()
    assert "a unit has only 1 step(s) left to lose" in policy.problems(["d2", "d2"])
