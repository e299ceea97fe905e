"""A ruleset that is not Europa-shaped plays on the map end to end, without a window: the tiny
test ruleset (no odds, no strength points; a step lost and a 2d6 morale check, rules T1-T4 of
tiny_ruleset.py). Fire 3 against defence 2 is +1 (T1); a fire die of 4 makes 5, a hit (T3:
4 or more), so the defender loses a step and checks morale; 5 + 5 = 10 is above 7: disrupted
(T4)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from command_history import History
from tiny_game import guards, target, tiny_game, tiny_rules

from hexcombat.game.attack_model import AttackModel
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import GameState
from hexcombat.game.status_commands import LoseSteps
from hexcombat.rules.status import FRESH, UnitStatus
from meaning import each_says, one_says, says


@pytest.fixture
def state() -> Iterator[GameState]:
    with tiny_rules():
        yield tiny_game()


def rolled(state: GameState, model: AttackModel) -> None:
    """Attack the Guards and roll the typed dice as a player does: the fire die, then the
    morale check die by die as the result asks for it."""
    assert model.start(target(state))
    assert model.report is not None and model.report.headline == "fire 3 against 2, DRM +1"
    assert model.rollable() and model.dice_wanted() == [6]
    assert model.roll([4]) is None  # a hit: the morale check is wanted
    assert [(d.sides, d.purpose) for d in model.follow_up] == [(6, "morale check")]
    assert "roll a d6 for the morale check" in model.roll_problem
    assert state.pending_roll is None and state.log == []  # nothing rolled yet
    assert model.roll([4, 5]) is None  # 2d6: the second die of the check
    assert model.dice_wanted() == [6, 6, 6]
    assert model.roll([4, 5, 5]) is not None


def test_a_hit_and_a_failed_morale_check_are_rolled_logged_and_applied(
    state: GameState, tmp_path: Path
) -> None:
    history = History(state)
    model = AttackModel(state, history.run)
    rolled(state, model)
    resolution = model.resolution
    assert resolution is not None and resolution.result.code == "LD"
    assert [(r.purpose, r.faces) for r in resolution.result.rolls] == [
        ("fire die", (4,)),
        ("morale check", (5, 5)),
    ]
    assert says(
        state.log[-1].text,
        figures=["4", "5", "5", "0504", "4", "+1", "5", "5", "5", "10"],
        names=["typed in", "fire die", "LD", "morale check", "not applied yet"],
    )
    assert one_says(
        state.log[-1].details, figures=["4", "5", "5", "10"], names=["fire die", "morale check"]
    )
    uid = guards(state)
    assert resolution.losses.kind == "steps" and model.losses == [uid]  # T3: the one step
    assert model.retreat_ends == {} and model.advance_choices() == []  # no retreat, no advance
    model.set_losses([])
    assert not model.apply()
    assert says(model.apply_problem, figures=["1", "0"], names=["defender loses", "T3"])
    model.set_losses([uid, uid])
    assert not model.apply()
    assert one_says(model.apply_problem, figures=["1", "2"], names=["defender loses only", "T3"])
    model.set_losses([uid])
    assert model.apply()
    assert state.counters[uid].status == UnitStatus(steps_lost=1, state="disrupted")
    entry = state.log[-1]
    assert says(
        entry.text,
        figures=["0404", "0504", "4", "+1", "5", "5", "5", "10"],
        names=["fire die", "LD", "morale check"],
    )
    assert each_says(
        entry.details[-2:],
        dict(figures=["0504", "1"], names=["Guards", "loses 1 step", "T3"]),
        dict(figures=["0504"], names=["Guards", "defender is disrupted", "T4"]),
    )
    assert len(state.log) == 1  # the roll's line became the combat's
    history.undo()  # the result taken back: the roll waits again, the Guards as they were
    assert state.counters[uid].status == FRESH
    assert state.pending_roll is not None and state.log[-1].text.endswith("not applied yet")
    history.redo()
    assert state.counters[uid].status == UnitStatus(steps_lost=1, state="disrupted")
    save_game(state, tmp_path / "tiny.json")
    again = load_game(tmp_path / "tiny.json")
    assert again.ruleset == "tiny"
    assert again.counters[uid].status == UnitStatus(steps_lost=1, state="disrupted")
    assert [e.text for e in again.log] == [entry.text]


def test_a_hit_whose_morale_check_holds_costs_only_the_step(state: GameState) -> None:
    model = AttackModel(state)
    assert model.start(target(state))
    assert model.roll([6, 3, 4]) is not None  # 6 + 1 = 7: a hit; 3 + 4 = 7 is not above 7
    assert model.resolution is not None and model.resolution.result.code == "L"
    assert model.apply()
    assert state.counters[guards(state)].status == UnitStatus(steps_lost=1)


def test_a_miss_asks_for_no_morale_check_and_changes_nobody(state: GameState) -> None:
    model = AttackModel(state)
    assert model.start(target(state))
    assert model.roll([2]) is not None  # 2 + 1 = 3: below 4, no effect (T3)
    assert model.resolution is not None and model.resolution.result.code == "NE"
    assert model.losses == [] and model.follow_up == []
    assert says(
        state.log[-1].text,
        figures=["2", "0504", "2", "+1", "3"],
        names=["fire die", "NE", "not applied yet"],
    )
    assert model.apply()
    assert state.counters[guards(state)].status == FRESH


def test_the_last_step_lost_eliminates_the_unit(state: GameState) -> None:
    uid = guards(state)
    state.execute(LoseSteps(uid, steps=1))
    model = AttackModel(state)
    assert model.start(target(state))
    assert model.roll([5, 1, 1]) is not None  # a hit; 1 + 1 holds
    assert model.apply()
    assert uid not in state.counters and state.stack_at(target(state)) == []
    assert one_says(
        state.log[-1].details, figures=["0504"], names=["Guards", "last step", "eliminated", "T3"]
    )
