"""Rolling for an attack is a game change: logged, undoable, and never repeated for the same
attack until its result is applied or the roll taken back (else a player could pick the better
of two rolls)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tutorial_attacks import full_attack

from hexcombat.game.apply_result import apply_combat_command
from hexcombat.game.attack import (
    evaluate_attack,
    retreat_options,
)
from hexcombat.game.commands import SetWeatherAndDate
from hexcombat.game.opening import open_game
from hexcombat.game.roll import RollCombat, dice_rolled, read_typed_roll
from hexcombat.game.state import GameDice, GameError, GameState
from hexcombat.rules.vocabulary import DieSpec
from meaning import says

MAPS = Path(__file__).resolve().parents[2] / "maps"
D6 = DieSpec("combat die", 6)


def test_a_roll_uses_the_game_dice_and_goes_into_the_log(state: GameState) -> None:
    expected_die = GameDice(state.dice.seed).roll()  # the game's first die
    roll = RollCombat(full_attack(state))
    state.execute(roll)
    assert state.dice.used == 1
    assert roll.pending is not None and roll.pending.rolls == (expected_die,)
    assert state.pending_roll is roll.pending
    result = roll.pending.resolution.result
    # 14D2d: 3:1, DRM +1 (the tutorial's worked example)
    assert [e.text for e in state.log] == [
        f"Roll {expected_die} (game dice) for 0504: 3:1, DRM +1 = {expected_die + 1}: "
        f"{result.code}, not applied yet"
    ]


def test_a_second_roll_is_refused_until_the_first_is_applied_or_undone(state: GameState) -> None:
    first = RollCombat(full_attack(state))
    state.execute(first)
    with pytest.raises(GameError, match="apply its result, or undo the roll"):
        state.execute(RollCombat(full_attack(state)))
    with pytest.raises(GameError, match="apply its result, or undo the roll"):
        state.execute(RollCombat(full_attack(state), typed=[6]))
    assert state.dice.used == 1 and len(state.log) == 1
    first.undo(state)
    assert state.pending_roll is None and state.log == [] and state.dice.used == 0
    again = RollCombat(full_attack(state))
    state.execute(again)  # the dice were put back: the same die comes up again
    assert again.pending.rolls == first.pending.rolls


def test_redo_puts_back_the_same_roll_and_the_dice_where_they_were(state: GameState) -> None:
    roll = RollCombat(full_attack(state))
    state.execute(roll)
    rolled, after = roll.pending, state.dice.snapshot()
    roll.undo(state)
    roll.do(state)
    assert state.pending_roll is rolled and state.dice.snapshot() == after
    assert state.dice.roll() == GameDice(state.dice.seed, 1).roll()  # the stream goes on


def test_a_typed_roll_leaves_the_game_dice_alone(state: GameState) -> None:
    roll = RollCombat(full_attack(state), typed=[4])
    state.execute(roll)
    assert state.dice.used == 0
    # 3:1 column on the generic table, die 4 + DRM 1 = 5: DR
    assert says(state.log[-1].text, figures=["4", "0504", "3:1", "+1", "5"], names=["DRM", "DR"])
    roll.undo(state)
    assert state.log == [] and state.dice.used == 0


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ([7], "a d6 cannot roll 7"),
        ([], "this attack rolls 1 die, but 0 were typed in"),
        ([4, 4], "this attack rolls 1 die, but 2 were typed in"),
    ],
)
def test_a_typed_roll_that_is_not_the_attack_s_dice_is_refused(
    state: GameState, typed: list[int], message: str
) -> None:
    with pytest.raises(GameError, match=message):
        state.execute(RollCombat(full_attack(state), typed=typed))
    assert state.pending_roll is None and state.log == [] and state.dice.used == 0


def test_an_attack_with_a_drm_chance_rolls_two_dice_and_says_so() -> None:
    # 10.C tutorial: +3 with a 50% chance of +4 (10.C): a chance roll, then the combat die
    state = open_game(MAPS / "tutorial-10c-ratio-scenario.toml")
    setup = full_attack(state)
    assert dice_rolled(evaluate_attack(state, setup)) == [6, 6]
    with pytest.raises(GameError, match="this attack rolls 2 dice, but 1 was typed in"):
        state.execute(RollCombat(setup, typed=[4]))
    assert state.log == [] and state.pending_roll is None


def test_the_tutorial_attack_rolls_one_die(state: GameState) -> None:
    assert dice_rolled(evaluate_attack(state, full_attack(state))) == [6]


@pytest.mark.parametrize(
    ("typed", "dice", "message"),
    [
        ("x", [D6], "'x' is not a number: type one number: the combat die (d6), e.g. 4"),
        ("7", [D6], "the combat die (d6) has no 7: type one number: the combat die (d6), e.g. 4"),
        ("0", [D6], "the combat die (d6) has no 0: "),
        ("\u00b2", [D6], "'\u00b2' is not a number: "),  # a digit int() cannot read
        ("--5", [D6], "'--5' is not a number: "),
        ("", [D6], "no dice typed: "),
        ("2 5", [D6], "this attack rolls 1 die, but 2 numbers were typed: "),
        ("4", [D6, D6], "this attack rolls 2 dice, but 1 number was typed: type 2 numbers: "),
        ("3", [], "this combat is decided before any roll: there are no dice to type"),
    ],
)
def test_a_typed_roll_is_read_or_refused_saying_what_to_type(
    typed: str, dice: list[DieSpec], message: str
) -> None:
    with pytest.raises(GameError) as caught:
        read_typed_roll(typed, dice)
    assert str(caught.value).startswith(message)


def test_typed_dice_are_read_apart_by_spaces_or_commas() -> None:
    assert read_typed_roll(" 4 ", [D6]) == [4]
    assert read_typed_roll("2, 5", [D6, D6]) == [2, 5]


@pytest.mark.usefixtures("zoc_free")  # a DR with somewhere to retreat to
def test_applying_the_result_replaces_the_roll_in_the_log_and_frees_the_dice(
    state: GameState,
) -> None:
    roll = RollCombat(full_attack(state), typed=[4])  # DR: the defenders retreat two hexes
    state.execute(roll)
    resolution = roll.pending.resolution
    ((start, ends),) = retreat_options(state, resolution, []).items()
    apply = apply_combat_command(state, resolution, [], {start: next(iter(ends))}, [])
    state.execute(apply)
    assert state.pending_roll is None
    assert [e.text for e in state.log] == [apply.entry.text]
    assert apply.entry.text.endswith("roll 4 = 5: DR")
    next_roll = RollCombat(roll.setup, typed=[1])
    with pytest.raises(GameError, match="hex 0504 is empty"):
        state.execute(next_roll)  # free to roll again: refused only because 0504 is empty now
    apply.undo(state)  # the result comes off the map; the roll is back, waiting
    assert state.pending_roll is roll.pending
    assert [e.text for e in state.log] == [f"{roll.text}, not applied yet"]
    assert says(
        roll.text, figures=["4", "0504", "3:1", "+1", "5"], names=["DRM", "DR"]
    )  # the undo history's


def test_weather_and_date_are_game_state_set_and_undone(state: GameState) -> None:
    before = state.conditions
    command = SetWeatherAndDate("mud", "1943-08")
    state.execute(command)
    assert (state.conditions.weather, state.conditions.date) == ("mud", "1943-08")
    assert state.conditions.terrain == before.terrain  # only the weather and date change
    assert command.text == "Set weather mud and date 1943-08"
    command.undo(state)
    assert state.conditions == before
    with pytest.raises(GameError, match="unknown weather 'drizzle'"):
        state.execute(SetWeatherAndDate("drizzle", None))
    with pytest.raises(GameError, match="date must be YYYY-MM, not .August."):
        state.execute(SetWeatherAndDate("clear", "August"))
    assert state.conditions == before


def test_the_weather_date_and_phase_wait_for_a_rolled_result(state: GameState) -> None:
    from hexcombat.game.commands import SetPhase

    roll = RollCombat(full_attack(state), typed=[4])
    state.execute(roll)
    with pytest.raises(GameError, match="before changing the weather or the date"):
        state.execute(SetWeatherAndDate("mud", None))
    with pytest.raises(GameError, match="before changing the phase"):
        state.execute(SetPhase("Soviet", "movement"))
    assert state.conditions.weather == "clear" and state.phase == "combat"
    roll.undo(state)
    state.execute(SetWeatherAndDate("mud", None))
    assert state.conditions.weather == "mud"


def test_the_counters_of_a_rolled_attack_stay_put_until_it_is_applied(state: GameState) -> None:
    from hexcombat.game.commands import AddCounter, MoveCounters, RemoveCounters

    hexmap = state.hexmap
    some_counter = next(iter(state.library.counters))
    bystander = state.counter_from_library(some_counter, "Soviet")
    state.execute(AddCounter(bystander, hexmap.hex_at("0101")))  # far from 0504: no part in it
    setup = full_attack(state)
    assert bystander.uid not in setup.attacker_uids
    roll = RollCombat(setup, typed=[4])
    state.execute(roll)
    attacker, defender = setup.attacker_uids[0], state.stack_at(setup.target)[0]
    refused = "the attack on 0504 is rolled: apply its result, or undo the roll"
    with pytest.raises(GameError, match=refused):
        state.execute(MoveCounters([attacker], hexmap.hex_at("0302")))
    with pytest.raises(GameError, match=refused):
        state.execute(RemoveCounters([defender.uid]))
    with pytest.raises(GameError, match=refused):  # a new defender would change the result
        state.execute(AddCounter(state.counter_from_library(some_counter, "Axis"), setup.target))
    assert state.hex_of(attacker) != hexmap.hex_at("0302")
    state.execute(MoveCounters([bystander.uid], hexmap.hex_at("0102")))  # took no part: may move
    assert state.hex_of(bystander.uid) == hexmap.hex_at("0102")
    roll.undo(state)
    state.execute(MoveCounters([attacker], hexmap.hex_at("0302")))
    assert state.hex_of(attacker) == hexmap.hex_at("0302")


def test_each_sides_own_die_is_asked_for_by_what_it_decides() -> None:
    """On the Assault Combat Table each side rolls its own die (ACT): what to type names them,
    not a DRM's chance roll and a combat die."""
    from hexcombat.game.calculator import dice_wanted, open_combat
    from hexcombat.game.roll import dice_asked
    from hexcombat.rules.report import Report

    case = Path(__file__).parents[1] / "cases" / "am-assault-woods.toml"
    report = open_combat(case).evaluate()
    assert isinstance(report, Report)
    said = dice_wanted(report)
    assert says(
        said,
        figures=["2", "4", "2"],
        names=["the attacker's table die (d6)", "then the defender's table die (d6)"],
    )
    assert "chance roll" not in said
    with pytest.raises(GameError, match="the attacker's table die"):
        read_typed_roll("3", dice_asked(report))
