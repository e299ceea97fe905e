"""Follow-ups on the map, without a window: after a combat's losses are applied, each roll or
choice its result calls for waits in the game, is resolved as its own undoable, logged command,
and is saved with the game. Played under the follow-up test ruleset (follow_up_ruleset.py): fire
4 against defence 3 is +1 (T1), a fire die of 4 hits (T3); each defender in play then checks
morale on 2d6, above 7 disrupted, 12 routs (F1); a rout roll of 1-3 eliminates (F2); the
attacker pins a defender on a d6 of 5-6 (F3)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from command_history import History
from follow_up_game import TARGET_HEX, follow_up_game, follow_up_rules, uid_of
from follow_up_ruleset import RALLY

from hexcombat.game.attack_model import AttackModel
from hexcombat.game.commands import (
    RemoveCounters,
    RunCounterAction,
    counter_actions,
    counter_in_play,
)
from hexcombat.game.follow_ups import (
    FollowUpModel,
    PendingFollowUps,
    ResolveFollowUp,
    RollCounterAction,
)
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import GameState
from hexcombat.game.status_commands import SetState
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.effects import Effect
from hexcombat.rules.eligibility import BasicEligibility, CounterInPlay, TurnNow
from hexcombat.rules.errors import RulesError
from hexcombat.rules.follow_ups import FollowUpResult
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import unit_from_mapping
from hexcombat.sourcefile import SourceError
from meaning import one_says, says


@pytest.fixture
def state() -> Iterator[GameState]:
    with follow_up_rules():
        yield follow_up_game()


def fought(state: GameState, history: History) -> AttackModel:
    """The Rifles fire at 0504 with a typed 4 (a hit, T3); the Guards take the step."""
    model = AttackModel(state, history.run)
    assert model.start(state.hexmap.hex_at(TARGET_HEX))
    resolution = model.roll([4])
    assert resolution is not None and resolution.result.code == "L"
    model.set_losses([uid_of(state, "Guards")])
    assert model.apply(), model.apply_problem
    return model


def waiting(state: GameState) -> list[str]:
    pending = state.follow_ups
    assert pending is None or isinstance(pending, PendingFollowUps)
    return [f.key for f in pending.queue] if pending is not None else []


def test_the_follow_ups_wait_in_order_with_their_exact_chances(state: GameState) -> None:
    history = History(state)
    model = fought(state, history)
    guards, militia = uid_of(state, "Guards"), uid_of(state, "Militia")
    assert state.counters[guards].status == UnitStatus(steps_lost=1)  # the loss came first
    assert waiting(state) == [f"morale:{guards}", f"morale:{militia}", "pin"]
    rows = FollowUpModel(state, history.run).rows()
    assert [(c.text, c.probability) for c in rows[0].chances] == [  # 2d6 (F1)
        ("holds", Fraction(21, 36)),
        ("disrupted", Fraction(14, 36)),
        ("disrupted, routs", Fraction(1, 36)),
    ]
    assert rows[0].chances[0].percent == "58.3%"
    assert rows[2].choices == ((guards, "Guards in 0504"), (militia, "Militia in 0504"))
    assert rows[2].chooser == "attacker"
    assert "follow-ups: Guards checks morale" in state.log[-1].details[-1]
    # the next attack waits for them
    assert model.start(state.hexmap.hex_at(TARGET_HEX))
    assert not model.rollable()
    assert model.roll([4]) is None
    assert "has 3 follow-ups to resolve first" in model.roll_problem


def test_a_typed_morale_check_changes_the_counter_is_logged_and_undone(state: GameState) -> None:
    history = History(state)
    fought(state, history)
    guards, militia = uid_of(state, "Guards"), uid_of(state, "Militia")
    assert history.run(ResolveFollowUp(f"morale:{guards}", [5, 5])) == ""
    assert state.counters[guards].status == UnitStatus(steps_lost=1, state="disrupted")
    entry = state.log[-1]
    assert says(
        entry.text,
        figures=["0504", "7", "5", "5", "10"],
        names=["Guards", "morale check", "disrupted"],
    )
    assert "dice: morale check 5 + 5 = 10" in entry.details
    assert entry.changes == ["Guards in 0504: disrupted (F1)"]
    assert waiting(state) == [f"morale:{militia}", "pin"]
    history.undo()  # back waiting, the Guards as they were after the loss
    assert waiting(state) == [f"morale:{guards}", f"morale:{militia}", "pin"]
    assert state.counters[guards].status == UnitStatus(steps_lost=1)
    assert state.log[-1] is not entry
    history.redo()  # the same roll again
    assert state.counters[guards].status == UnitStatus(steps_lost=1, state="disrupted")
    assert state.log[-1] is entry and entry.changes == ["Guards in 0504: disrupted (F1)"]


def test_a_rout_comes_next_eliminates_and_the_choice_is_among_those_left(
    state: GameState,
) -> None:
    history = History(state)
    fought(state, history)
    guards, militia = uid_of(state, "Guards"), uid_of(state, "Militia")
    assert history.run(ResolveFollowUp(f"morale:{guards}", [3, 3])) == ""  # 6: holds
    assert state.counters[guards].status == UnitStatus(steps_lost=1)
    assert history.run(ResolveFollowUp(f"morale:{militia}", [6, 6])) == ""  # 12: routs (F1)
    assert waiting(state) == [f"rout:{militia}", "pin"]  # the rout before what followed
    assert history.run(ResolveFollowUp(f"rout:{militia}", [2])) == ""  # 1-3: eliminated (F2)
    assert militia not in state.counters
    assert state.log[-1].changes == ["Militia in 0504: eliminated"]
    model = FollowUpModel(state, history.run)
    (pin,) = model.rows()
    assert pin.choices == ((guards, "Guards in 0504"),)
    refused = history.run(ResolveFollowUp("pin", [6], militia))
    assert "is not among its choices" in refused
    assert model.roll_typed("pin", "6")  # the one left, chosen for the player
    assert state.counters[guards].status == UnitStatus(steps_lost=1, markers=frozenset({"pinned"}))
    assert state.follow_ups is None
    history.undo()
    history.undo()  # the Militia back on the map, its rout waiting again
    assert militia in state.counters and waiting(state) == [f"rout:{militia}", "pin"]


def test_the_game_dice_roll_a_follow_up_and_undo_puts_them_back(state: GameState) -> None:
    history = History(state)
    fought(state, history)
    guards = uid_of(state, "Guards")
    used = state.dice.used
    assert history.run(ResolveFollowUp(f"morale:{guards}")) == ""
    assert state.dice.used == used + 2
    text = state.log[-1].text
    assert "(game dice)" in text
    history.undo()
    assert state.dice.used == used
    history.redo()
    assert state.dice.used == used + 2 and state.log[-1].text == text


def test_wrong_typed_dice_are_refused_and_nothing_changes(state: GameState) -> None:
    history = History(state)
    fought(state, history)
    key = f"morale:{uid_of(state, 'Guards')}"
    model = FollowUpModel(state, history.run)
    assert not model.roll_typed(key, "5 7")
    assert "the morale check (2d6) has no 7: type 2 numbers" in model.problem
    assert not model.roll_typed(key, "5")
    assert one_says(model.problem, names=["one more die", "d6", "morale check"])
    assert not model.roll_typed(key, "5 5 5")
    assert "it rolls 2 dice, but 3 were typed in" in model.problem
    assert not model.roll_typed(key, "five")
    assert "type the dice as numbers" in model.problem
    assert waiting(state)[0] == key and len(history.done) == 2  # the roll and the combat


def test_a_follow_up_whose_unit_is_gone_is_dropped_with_a_note(state: GameState) -> None:
    history = History(state)
    fought(state, history)
    militia = uid_of(state, "Militia")
    assert history.run(RemoveCounters([militia])) == ""
    (row,) = [r for r in FollowUpModel(state, history.run).rows() if r.key == f"morale:{militia}"]
    assert row.gone and row.chances == ()
    used = state.dice.used
    assert history.run(ResolveFollowUp(f"morale:{militia}")) == ""
    assert state.dice.used == used  # nothing rolled
    assert "dropped" in state.log[-1].text and "no longer in play" in state.log[-1].text
    assert f"morale:{militia}" not in waiting(state)


def test_undoing_the_combat_takes_its_follow_ups_back(state: GameState) -> None:
    history = History(state)
    fought(state, history)
    history.undo()
    assert state.follow_ups is None and state.pending_roll is not None
    history.redo()
    assert len(waiting(state)) == 3


def test_a_save_keeps_the_follow_ups_and_they_resolve_after_reopening(
    state: GameState, tmp_path: Path
) -> None:
    history = History(state)
    fought(state, history)
    guards, militia = uid_of(state, "Guards"), uid_of(state, "Militia")
    assert history.run(ResolveFollowUp(f"morale:{guards}", [6, 6])) == ""  # routs
    path = tmp_path / "game.json"
    save_game(state, path)
    data = json.loads(path.read_text())
    assert data["version"] == 2
    assert [f["key"] for f in data["follow_ups"]["pending"]] == [
        f"rout:{guards}",
        f"morale:{militia}",
        "pin",
    ]
    again = load_game(path)
    assert waiting(again) == waiting(state)
    pending = again.follow_ups
    assert isinstance(pending, PendingFollowUps) and isinstance(state.follow_ups, PendingFollowUps)
    assert pending.report.headline == state.follow_ups.report.headline
    assert pending.queue == state.follow_ups.queue
    reopened = History(again)
    assert reopened.run(ResolveFollowUp(f"rout:{guards}", [1])) == ""
    assert guards not in again.counters
    assert not AttackModel(again, reopened.run).rollable()


def test_a_save_without_follow_ups_has_no_key_and_opens(state: GameState, tmp_path: Path) -> None:
    path = tmp_path / "plain.json"
    save_game(state, path)
    assert "follow_ups" not in json.loads(path.read_text())
    assert load_game(path).follow_ups is None


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda fu: fu["pending"][1].update(target="c99"), "pending entry 2: target 'c99' is not"),
        (
            lambda fu: fu["pending"][0].update(die={"purpose": "x", "sides": 1}),
            "pending entry 1: die",
        ),
        (lambda fu: fu["pending"][2].update(choices="c2"), "pending entry 3: choices must list"),
        (lambda fu: fu["pending"][0].update(side="nobody"), "side and chooser must be"),
        (lambda fu: fu["pending"][0].update(extra=1), "pending entry 1: unknown key 'extra'"),
        (lambda fu: fu["pending"].append(dict(fu["pending"][0])), "names a follow-up key twice"),
        (lambda fu: fu.update(pending="all"), "pending must list the follow-ups"),
        (lambda fu: fu["situation"].update(defenders=[]), "situation defenders must list"),
        (lambda fu: fu["situation"]["attackers"][0].update(count=0), "count and range"),
        (lambda fu: fu["situation"]["conditions"].update(terrain=5), "situation terrain must be"),
        (lambda fu: fu["situation"]["attackers"][0].update(unit={"re": 1}), "participant of the"),
    ],
)
def test_a_bad_follow_up_in_a_save_is_refused_naming_the_file_and_place(
    state: GameState, tmp_path: Path, change: object, said: str
) -> None:
    fought(state, History(state))
    path = tmp_path / "bad.json"
    save_game(state, path)
    data = json.loads(path.read_text())
    change(data["follow_ups"])  # type: ignore[operator]
    path.write_text(json.dumps(data, indent=1))
    with pytest.raises(SourceError) as caught:
        load_game(path)
    (problem,) = caught.value.problems
    assert said in problem.message
    assert problem.file.endswith("bad.json") and problem.line > 1
    assert problem.line >= path.read_text().splitlines().index(' "follow_ups": {') + 1


# --- a counter action with a roll: F4's rally -------------------------------------------------


def disrupted_guards(state: GameState, history: History) -> str:
    guards = uid_of(state, "Guards")
    assert history.run(SetState(guards, state="disrupted")) == ""
    return guards


def test_a_rally_is_offered_to_a_disrupted_unit_and_sees_its_stack(state: GameState) -> None:
    history = History(state)
    guards = uid_of(state, "Guards")
    assert counter_actions(state, state.counters[guards]) == []  # in good order: nothing
    disrupted_guards(state, history)
    (rally,) = counter_actions(state, state.counters[guards])
    assert (rally.menu_text, rally.die, rally.becomes) == ("Rally (F4)", RALLY, "")
    seen = counter_in_play(state, state.counters[guards])
    assert (seen.uid, seen.status.state, seen.terrain) == (guards, "disrupted", "woods")
    assert [c.unit.name for c in seen.stacked] == ["Militia"]
    assert says(history.run(RunCounterAction(guards, "rally")), names=["Rally Guards", "F4", "2d6"])


def test_a_typed_rally_roll_is_applied_logged_undone_and_redone(state: GameState) -> None:
    history = History(state)
    guards = disrupted_guards(state, history)
    # 4 + 4 = 8, -1 stacked with the Militia = 7: rallied (F4)
    assert history.run(RollCounterAction(guards, "rally", [4, 4])) == ""
    assert state.counters[guards].status == UnitStatus()
    entry = state.log[-1]
    assert says(
        entry.text,
        figures=["0504", "4", "4", "8", "-1", "7"],
        names=["Rally Guards", "F4", "rally roll", "rallied"],
    )
    assert "dice: rally roll 4 + 4 = 8" in entry.details
    assert entry.changes == ["Guards in 0504: back in good order (F4)"]
    history.undo()
    assert state.counters[guards].status == UnitStatus(state="disrupted") and entry not in state.log
    history.redo()
    assert state.counters[guards].status == UnitStatus() and state.log[-1] is entry


def test_a_rally_alone_fails_on_8_and_the_game_dice_go_back_on_undo(state: GameState) -> None:
    history = History(state)
    guards = disrupted_guards(state, history)
    assert history.run(RemoveCounters([uid_of(state, "Militia")])) == ""
    assert history.run(RollCounterAction(guards, "rally", [4, 4])) == ""  # 8, alone: fails
    assert state.counters[guards].status == UnitStatus(state="disrupted")
    assert state.log[-1].changes == ["no change"]
    history.undo()
    used = state.dice.used
    assert history.run(RollCounterAction(guards, "rally")) == ""
    assert state.dice.used == used + 2 and "(game dice)" in state.log[-1].text
    history.undo()
    assert state.dice.used == used


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ([4], "one more die is wanted: roll a d6 for the rally roll"),
        ([4, 9], "the rally roll (2d6) has no 9"),
        ([4, 4, 4], "it rolls 2 dice, but 3 were typed in"),
        ([], "no dice typed"),
    ],
)
def test_wrong_dice_for_a_rally_are_refused(state: GameState, typed: list[int], said: str) -> None:
    history = History(state)
    guards = disrupted_guards(state, history)
    used = state.dice.used
    refused = history.run(RollCounterAction(guards, "rally", typed))
    assert refused.startswith("Rally Guards (F4): ") and said in refused
    assert state.counters[guards].status == UnitStatus(state="disrupted")
    assert state.dice.used == used


def test_a_rally_the_rules_do_not_offer_is_refused_in_their_words(state: GameState) -> None:
    guards = uid_of(state, "Guards")  # in good order: F4 offers no rally
    refused = History(state).run(RollCounterAction(guards, "rally", [1, 1]))
    assert says(refused, names=["Guards", "no 'rally' action"])


def test_a_ruleset_whose_actions_roll_nothing_refuses_a_roll() -> None:
    counter = CounterInPlay(unit_from_mapping({"name": "Rifles", "re": 1}, "x"), None, "Red")
    with pytest.raises(RulesError, match="rolls no die under these rules"):
        BasicEligibility().counter_action_roll(
            counter, TurnNow("Red", ""), "rally", ScriptedDice([])
        )


def test_an_effect_the_game_cannot_make_refuses_the_roll_and_puts_the_dice_back(
    state: GameState, monkeypatch: pytest.MonkeyPatch
) -> None:
    history = History(state)
    fought(state, history)
    key = waiting(state)[0]
    ruleset = get_ruleset(state.ruleset)

    def berserk(report, follow_up, standing, dice, choice=None):  # noqa: ANN001, ANN202
        dice.roll(6, "morale check")
        wild = Effect("set-state", "defender", "F1", "berserk", (follow_up.target,), state="wild")
        return FollowUpResult("berserk", effects=(wild,), code="holds")

    monkeypatch.setattr(ruleset, "resolve_follow_up", berserk)
    used, logged = state.dice.used, len(state.log)
    refused = history.run(ResolveFollowUp(key))
    assert one_says(refused, names=["'wild'", "morale or cohesion state"])
    assert (state.dice.used, len(state.log), waiting(state)[0]) == (used, logged, key)
