"""Dice asked for with what they decide: scripted dice that run out name the die wanted."""

from __future__ import annotations

import pytest

from hexcombat.game.state import GameDice
from hexcombat.rules.dice import DiceWanted, ScriptedDice, SeededDice
from hexcombat.rules.errors import RulesError
from meaning import says


def test_scripted_dice_that_run_out_name_the_die_and_what_it_is_for() -> None:
    dice = ScriptedDice([4])
    assert dice.roll(6, "combat die") == 4
    with pytest.raises(DiceWanted) as wanted:
        dice.roll(6, "morale check")
    assert (wanted.value.sides, wanted.value.purpose) == (6, "morale check")
    assert says(str(wanted.value), names=["no more scripted die rolls", "d6", "morale check"])
    assert isinstance(wanted.value, RulesError) and isinstance(wanted.value, ValueError)
    with pytest.raises(DiceWanted, match="a d10 is wanted"):
        ScriptedDice([]).roll(10)  # asked positionally, without a purpose


def test_seeded_and_game_dice_roll_the_same_whatever_the_purpose() -> None:
    plain, told = SeededDice(7), SeededDice(7)
    assert [plain.roll(6) for _ in range(20)] == [told.roll(6, "combat die") for _ in range(20)]
    game, game_told = GameDice(3), GameDice(3)
    assert [game.roll(10) for _ in range(5)] == [game_told.roll(10, "x") for _ in range(5)]
