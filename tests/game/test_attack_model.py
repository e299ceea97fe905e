"""The attack being prepared, without a window: what the Combat panel shows comes from here, and
each change says what changed. The 14D2d tutorial: the whole Soviet force against the Axis in
the Dubrava wood (0504) is 3:1, DRM +1 (the rules text's worked example)."""

from __future__ import annotations

from pathlib import Path

import pytest
from command_history import History

import hexcombat.game.attack_model as attack_model_module
import hexcombat.game.roll as roll_module
from hexcombat.game.attack_model import AttackEvent, AttackModel
from hexcombat.game.commands import SetPhase
from hexcombat.game.opening import open_game
from hexcombat.game.roll import read_typed_roll, what_to_type
from hexcombat.game.state import GameError, GameState
from hexcombat.game.tutorials import tutorial_target
from hexcombat.rules.dice import DiceWanted, ScriptedDice
from hexcombat.rules.report import final_drm, odds_column
from hexcombat.rules.vocabulary import DieSpec
from meaning import says

MAPS = Path(__file__).resolve().parents[2] / "maps"


@pytest.fixture
def history(state: GameState) -> History:
    return History(state)


@pytest.fixture
def model(state: GameState, history: History) -> AttackModel:
    return AttackModel(state, history.run)


@pytest.fixture
def events(model: AttackModel) -> list[AttackEvent]:
    heard: list[AttackEvent] = []
    model.subscribe(heard.append)
    return heard


def test_setting_the_target_proposes_every_stack_and_reports_the_odds(
    model: AttackModel, events: list[AttackEvent], state: GameState
) -> None:
    assert model.start(tutorial_target(state))
    assert events == ["target", "report"]
    assert [c.label for c in model.candidates] == ["0403", "0404", "0503", "0603", "0604"]
    assert model.taking_part == {c.hex for c in model.candidates}
    assert (odds_column(model.report), final_drm(model.report)) == ("3:1", 1)  # 14D2d
    assert model.dice_wanted() == [6] and model.rollable()


def test_leaving_out_a_stack_changes_the_report(
    model: AttackModel, events: list[AttackEvent], state: GameState
) -> None:
    model.start(tutorial_target(state))
    events.clear()
    hv_tank_xx = model.candidates[0].hex  # 0403: the heavy armour and most of the AECA
    model.set_taking_part(hv_tank_xx, False)
    assert events == ["participants", "report"]
    assert hv_tank_xx not in {state.hex_of(u) for u in model.attacker_uids()}
    assert odds_column(model.report) == "2:1" and final_drm(model.report) == 0
    model.set_taking_part(hv_tank_xx, True)
    assert (odds_column(model.report), final_drm(model.report)) == ("3:1", 1)


def test_a_condition_changes_the_report_and_a_bad_value_is_refused(
    model: AttackModel, events: list[AttackEvent], state: GameState
) -> None:
    model.start(tutorial_target(state))
    events.clear()
    model.set_condition("fortification", -2)  # 14D1: the fortification's DRM is added
    assert events == ["conditions", "report"]
    assert model.conditions().number("fortification") == -2
    assert final_drm(model.report) == -1
    assert any(s.rule == "14D1" and s.drm == -2 for s in model.report.steps)
    with pytest.raises(GameError, match="is negative \\(-1, -2, -3, ...\\), not \\+1 \\(14D1\\)"):
        model.set_condition("fortification", 1)
    with pytest.raises(GameError, match="set by the phase"):
        model.set_condition("overrun", True)
    with pytest.raises(GameError, match="no condition 'mud'"):
        model.set_condition("mud", True)
    assert final_drm(model.report) == -1  # nothing refused changed the attack


def test_the_phase_sets_its_conditions(
    model: AttackModel, events: list[AttackEvent], state: GameState
) -> None:
    model.start(tutorial_target(state))
    assert model.condition("overrun") is False
    events.clear()
    state.execute(SetPhase(state.phasing_player, "movement"))  # 10.G: an overrun
    assert events == ["conditions", "report", "turn"]  # the attack follows, then the view
    assert model.condition("overrun") is True
    assert model.report.situation.conditions.flag("overrun")


def test_the_phase_and_the_weather_change_through_the_model(
    model: AttackModel, events: list[AttackEvent], state: GameState, history: History
) -> None:
    model.start(tutorial_target(state))
    events.clear()
    assert model.set_turn(state.phasing_player, "movement") == ""  # one undoable command
    assert state.phase == "movement" and model.condition("overrun") is True  # 10.G
    assert events == ["conditions", "report", "turn"]
    events.clear()
    assert model.set_turn(state.phasing_player, "movement") == "" and events == []  # no change
    assert model.set_weather_and_date("mud", state.conditions.date) == ""
    assert state.conditions.weather == "mud" and events[-1] == "weather"
    assert model.report.situation.conditions.weather == "mud"
    events.clear()
    refusal = model.set_weather_and_date("mud", "June 1942")  # no month: refused, told
    assert says(refusal, names=["June 1942"]) and state.conditions.date != "June 1942"
    assert events == ["weather"]  # the view shows the game's date again
    history.undo()
    history.undo()
    assert (state.phase, state.conditions.weather) == ("combat", "clear")


@pytest.mark.usefixtures("zoc_free")  # a DR with somewhere to retreat to
def test_roll_choose_apply_and_undo(
    model: AttackModel, events: list[AttackEvent], history: History, state: GameState
) -> None:
    target = tutorial_target(state)
    model.start(target)
    events.clear()
    resolution = model.roll([4])  # 3:1, die 4 + DRM 1 = 5: DR
    assert resolution is not None and resolution.result.code == "DR"
    assert model.rolls == (4,) and "roll" in events and not model.rollable()
    with pytest.raises(GameError, match="the dice are rolled"):
        model.set_condition("fortified", True)
    ((start, ends),) = model.retreat_ends.items()
    assert model.losses == []  # a DR takes no strength points
    ((end, _path),) = ends.items()  # one legal end: chosen, as the panel's list shows it
    assert model.retreats == {start: end}
    model.set_retreat(start, None)
    events.clear()
    assert model.apply() is False
    assert says(model.apply_problem, figures=["0504"], names=["retreat"])
    assert events == ["choices"]
    model.set_retreat(start, end)  # put right: the refusal goes
    assert model.apply_problem == ""
    events.clear()
    assert model.apply()
    assert events[-1] == "applied" and model.target is None and model.resolution is None
    assert model.applied.endswith("roll 4 = 5: DR")
    assert state.stack_at(target) == [] and state.stack_at(end)
    history.undo()  # the result comes off the map: the roll waits again, on show
    assert model.target == target and model.resolution is resolution
    assert model.rolls == (4,)
    history.undo()  # the roll taken back: the set-up is the player's again
    assert model.resolution is None and model.rollable()
    assert (odds_column(model.report), final_drm(model.report)) == ("3:1", 1)


def test_a_typed_roll_that_is_not_the_attack_s_dice_is_refused(
    model: AttackModel, state: GameState
) -> None:
    model.start(tutorial_target(state))
    assert model.roll([4, 4]) is None
    assert says(model.roll_problem, figures=["1", "2"], names=["rolls 1 die", "2 were typed"])
    assert state.pending_roll is None


def test_a_typed_die_runs_out_and_the_next_is_asked_for() -> None:
    dice = ScriptedDice([3])
    assert dice.roll(6) == 3 and dice.used == 1
    with pytest.raises(DiceWanted) as wanted:
        dice.roll(6, "morale check")
    assert (wanted.value.sides, wanted.value.purpose) == (6, "morale check")


def test_what_to_type_names_a_follow_up_roll_by_its_purpose() -> None:
    combat, chance = DieSpec("combat die", 6), DieSpec("chance roll for the DRM", 6)
    morale = DieSpec("morale check", 6, count=2)  # two d6 added: said once, as 2 numbers
    said = what_to_type([combat, morale, morale])
    assert says(said, figures=["3", "2", "4", "2", "5"])
    assert says(said, names=["the combat die (d6)", "then the morale check (2d6), 2 numbers"])
    assert says(  # a chance roll for the DRM first (10.C), as before
        what_to_type([chance, combat]),
        figures=["2", "4", "2"],
        names=["the chance roll for the DRM (d6)", "then the combat die (d6)"],
    )
    assert read_typed_roll("5 1 3", [combat, morale, morale]) == [5, 1, 3]
    with pytest.raises(GameError, match=r"the morale check \(2d6\) has no 7: type 3 numbers"):
        read_typed_roll("5 1 7", [combat, morale, morale])


def test_a_follow_up_roll_is_asked_for_when_the_result_calls_for_it(
    model: AttackModel, events: list[AttackEvent], state: GameState, monkeypatch
) -> None:
    """No shipped ruleset rolls a follow-up die yet: this one rolls a 2d6 morale check after
    every result, as a tactical ruleset does after a hit."""
    real = roll_module.resolve_attack

    def with_morale_check(state, setup, dice=None):  # noqa: ANN001, ANN202
        resolution = real(state, setup, dice)
        (dice or state.dice).roll(6, "morale check")
        (dice or state.dice).roll(6, "morale check")
        return resolution

    monkeypatch.setattr(roll_module, "resolve_attack", with_morale_check)
    monkeypatch.setattr(attack_model_module, "resolve_attack", with_morale_check)
    model.start(tutorial_target(state))
    assert model.dice_wanted() == [6]
    events.clear()
    assert model.roll([4]) is None
    assert events == ["roll"] and state.pending_roll is None
    assert says(model.roll_problem, names=["one more die", "d6", "morale check"])
    assert model.dice_wanted() == [6, 6]
    assert model.roll([4, 2]) is None and model.dice_wanted() == [6, 6, 6]
    resolution = model.roll([4, 2, 5])
    assert resolution is not None and model.rolls == (4, 2, 5)
    assert resolution.result.code == "DR" and model.roll_problem == ""


def test_unticking_one_unit_of_a_stack_changes_the_report_and_the_stack_shows_some() -> None:
    # 10.C (example 9): 25.5 REs of AECA against 5 of ATEC, 5.1:1; without the half-RE Tank II
    # of the 0604 stack, 25 : 5 = 5:1, the rest of its stack still attacking
    state = open_game(MAPS / "tutorial-10c-ratio-scenario.toml")
    model = AttackModel(state)
    model.start(tutorial_target(state))
    stack = next(c for c in model.candidates if c.label == "0604")
    (tank_ii,) = [c.uid for c in stack.counters if c.unit.name == "Tank II"]
    assert model.report.totals["aeca_atec_ratio"] == "5.1:1"
    assert model.stack_ticks(stack.hex) == "all"
    heard: list[AttackEvent] = []
    model.subscribe(heard.append)
    model.set_unit_taking_part(tank_ii, False)
    assert heard == ["participants", "report"]
    assert model.report.totals["aeca_atec_ratio"] == "5:1"
    assert float(model.report.totals["aeca_res"]) == 25
    assert model.stack_ticks(stack.hex) == "some"
    assert tank_ii not in model.attacker_uids() and len(model.attacker_uids()) == 9
    model.set_unit_taking_part(tank_ii, True)
    assert model.report.totals["aeca_atec_ratio"] == "5.1:1"
    assert model.stack_ticks(stack.hex) == "all"


def test_unticking_every_unit_of_a_stack_leaves_the_stack_out_and_its_tick_takes_all_back() -> None:
    state = open_game(MAPS / "tutorial-10c-ratio-scenario.toml")
    model = AttackModel(state)
    model.start(tutorial_target(state))
    stack = next(c for c in model.candidates if c.label == "0604")
    for counter in stack.counters:
        model.set_unit_taking_part(counter.uid, False)
    assert model.stack_ticks(stack.hex) == "none" and stack.hex not in model.taking_part
    model.set_unit_taking_part(stack.counters[0].uid, True)  # one unit: the stack takes part
    assert model.stack_ticks(stack.hex) == "some" and model.attacker_uids()[-1:] == [
        stack.counters[0].uid
    ]
    model.set_taking_part(stack.hex, True)  # the stack's box: all its units again
    assert model.stack_ticks(stack.hex) == "all"
    assert model.report.totals["aeca_atec_ratio"] == "5.1:1"
    with pytest.raises(GameError, match="may not join"):
        model.set_unit_taking_part(state.stack_at(model.target)[0].uid, True)  # a defender


def test_a_rolled_attack_shows_the_units_it_was_rolled_with() -> None:
    # the set-up comes back from the game's rolled attack: the Tank II left out stays out
    state = open_game(MAPS / "tutorial-10c-ratio-scenario.toml")
    model = AttackModel(state)
    model.start(tutorial_target(state))
    stack = next(c for c in model.candidates if c.label == "0604")
    (tank_ii,) = [c.uid for c in stack.counters if c.unit.name == "Tank II"]
    model.set_unit_taking_part(tank_ii, False)
    assert model.roll() is not None
    with pytest.raises(GameError, match="dice are rolled"):
        model.set_unit_taking_part(tank_ii, True)
    again = AttackModel(state)
    assert again.start(tutorial_target(state))
    assert tank_ii not in again.attacker_uids() and again.stack_ticks(stack.hex) == "some"
    assert again.report.totals["aeca_atec_ratio"] == "5:1"


def test_undoing_apply_brings_back_the_choices_it_was_applied_with(
    model: AttackModel, history: History, state: GameState
) -> None:
    model.start(tutorial_target(state))
    resolution = model.roll([4])  # 3:1, die 4 + DRM 1 = 5: DR, the attacker may advance
    assert resolution is not None and resolution.result.code == "DR"
    retreats = dict(model.retreats)
    advancing = model.advance_choices()[:2]
    model.set_advance(advancing)
    assert model.apply()
    history.undo()  # the result off the map: the roll waits with what the player chose
    assert model.resolution is resolution
    assert model.advance == advancing and model.retreats == retreats
    history.undo()
    assert model.roll([4]) is not None  # a new roll: nothing chosen for it yet
    assert model.advance == []
