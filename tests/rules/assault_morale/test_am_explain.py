"""``hexcombat explain`` on the assault-morale scenarios: each side's fire value, its column
before and after the shifts, the shifts, the result chances per side and each unit's end-state
chances in the JSON; two dice for ``--roll``; and recovery as a counter's roll."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from am_helpers import RULESET, side, situation, squad, unit

from hexcombat.game.explain_cli import explain_command
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.eligibility import CounterInPlay, TurnNow
from hexcombat.rules.errors import RulesError
from hexcombat.rules.status import UnitStatus
from hexcombat.rulesets.assault_morale.vocabulary import RECOVERY_DIE
from meaning import each_says, one_says

CASES = Path(__file__).resolve().parents[2] / "cases"


def explained(path: Path, capsys: pytest.CaptureFixture[str], rolls: list[int] | None = None):  # type: ignore[no-untyped-def]
    assert explain_command(str(path), as_json=True, rolls=rolls) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_the_json_gives_each_sides_fire_columns_shifts_chances_and_unit_fates(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = explained(CASES / "am-assault-woods.toml", capsys)
    attacker = data["payload"]["attacker"]
    # 6 + 4 + 8 + 0 = 18 (18-23); woods -1, closed-top AFV with infantry +1, leader +1: 24-29
    assert (attacker["fire"], attacker["column_before_shifts"]) == ("18", "18-23")
    assert attacker["column_after_shifts"] == "24-29"
    assert [s["shift"] for s in attacker["shifts"]] == [-1, 1, 1]
    assert attacker["result_chances"] == {"M1": "1/6", "M2": "1/6", "1M2": "1/3", "2M2": "1/3"}
    defender = data["payload"]["defender"]
    assert (defender["fire"], defender["column_after_shifts"]) == ("14", "13-17")
    fates = data["unit_fates"]
    assert set(fates) == {f"attacker-{i}" for i in range(1, 5)} | {
        f"defender-{i}" for i in range(1, 4)
    }
    for fate in fates.values():
        assert sum(Fraction(c["exact"]) for c in fate["chances"].values()) == 1
    # the leader dies only after the defenders' 1M2 (a 5 or 6 on 13-17: 1/3), on a leader
    # loss roll of 2d6 - 1 <= 2 (3 of 36, one step inflicted): 1/3 * 3/36
    assert fates["attacker-4"]["chances"]["eliminated"]["exact"] == "1/36"
    assert [d["side"] for d in data["dice"]] == ["attacker", "defender"]
    assert data["payload"]["order"] == "simultaneous"


def test_explain_rolls_the_table_dice_in_the_order_of_fire(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = explained(CASES / "am-assault-woods.toml", capsys, [6, 2])
    assert data["result"]["result"] == "defender: 2M2 / attacker: M"
    assert [r["faces"] for r in data["result"]["rolls"]] == [[6], [2]]
    # the defenders fire first: the roll is their die alone; the attackers fire after its
    # morale checks, a follow-up (ACT 'Simultaneous unless defenders are entrenched or dug-in')
    first = explained(CASES / "am-assault-entrenchment.toml", capsys, [3])
    assert first["payload"]["order"] == "defenders first"
    assert [r["purpose"] for r in first["result"]["rolls"]] == ["defender's table die"]
    assert first["result"]["result"].startswith("attacker: ")


def test_recovery_is_a_counters_roll() -> None:
    turn = TurnNow("soviet", "movement")
    leader = CounterInPlay(unit("Lt", "leader", 0, 8, leader_modifier=1), None, "soviet", "c2")
    disrupted = CounterInPlay(
        squad(morale=7), None, "soviet", "c1", UnitStatus(state="disrupted"), "clear", (leader,)
    )
    (action,) = RULESET.counter_actions(disrupted, turn)
    assert (action.key, action.rule, action.die, action.becomes) == (
        "recover", "Recovery", RECOVERY_DIE, ""
    )  # fmt: skip
    # 7 + 1 (the leader stacked with it) = 8: 7 is below it
    done = RULESET.counter_action_roll(disrupted, turn, "recover", ScriptedDice([3, 4]))
    assert [(e.kind, e.state, e.targets) for e in done.effects] == [("set-state", "", ("c1",))]
    assert done.code == "recovers"
    alone = CounterInPlay(
        squad(morale=7), None, "soviet", "c1", UnitStatus(state="disrupted"), "town"
    )
    done = RULESET.counter_action_roll(alone, turn, "recover", ScriptedDice([3, 4]))
    assert done.effects != ()  # town: 7 below 8
    assert [r.purpose for r in done.rolls] == ["recovery roll"]
    good = CounterInPlay(squad(), None, "soviet", "c1")
    assert RULESET.counter_actions(good, turn) == []
    with pytest.raises(RulesError):
        RULESET.counter_action_roll(good, turn, "recover", ScriptedDice([3, 4]))


def test_a_counters_placeholder_values_are_warned_of() -> None:
    placeholder = replace(squad(), assumed=("steps", "rules.fire", "rules.morale"))
    report = RULESET.evaluate(situation(side(placeholder), side(squad())))
    assert each_says(
        report.warnings, dict(names=["assumed", "Squad", "steps", "rules.fire", "rules.morale"])
    )


def test_the_text_states_no_drm_for_a_table_of_columns(capsys: pytest.CaptureFixture[str]) -> None:
    """ACT has one die per side and no die roll modifier: no "Final DRM" line."""
    assert explain_command(str(CASES / "am-assault-woods.toml")) == 0
    out = capsys.readouterr().out
    assert "Final DRM" not in out
    assert one_says(
        out,
        figures=["24", "29", "1", "2", "3", "4", "5", "6"],
        names=["attacker", "M1", "M2", "1M2", "2M2"],
    )
