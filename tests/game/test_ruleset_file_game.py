"""A ruleset file plays on the map like a built-in ruleset: the attack offered, the report
citing the file's rules, a typed roll, losses, a retreat of the file's hexes, an advance, undo,
and a save that reopens (ruleset_file_game.py: 24 against 4 doubled in woods, 3:1; the 3:1
column of the file reads 1 DR, 2 DR, 3-4 EX, 5 AR, 6 AR)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from command_history import History
from ruleset_file_game import ATTACKER_HEX, registered, river_game, river_rules, target, uid_at

from hexcombat.board.hexes import distance
from hexcombat.game.attack_model import AttackModel
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import GameState
from hexcombat.rules.status import UnitStatus
from hexcombat.rules.units import Unit


@pytest.fixture
def state() -> Iterator[GameState]:
    with river_rules():
        yield river_game()


def test_a_defender_retreat_of_two_hexes_and_the_advance(state: GameState, tmp_path: Path) -> None:
    """A 1: DR, the defender retreats two hexes (7.4) and the attacker may advance."""
    history = History(state)
    model = AttackModel(state, history.run)
    guards, rifles = uid_at(state, "0504"), uid_at(state, ATTACKER_HEX)
    assert model.start(target(state))
    report = model.report
    assert report is not None and report.payload["column"] == "3:1"
    assert {s.rule for s in report.steps} <= {"7.1", "7.2", "7.3", "7.5", "8.1", "8.3", "9.1",
                                              "9.2", "9.3"}  # fmt: skip
    assert model.dice_wanted() == [6]
    assert model.roll([1]) is not None
    resolution = model.resolution
    assert resolution is not None and resolution.result.code == "DR"
    assert model.losses == []
    ((start, ends),) = model.retreat_ends.items()
    assert ends and all(distance(target(state), end) == 2 for end in ends)
    model.set_retreat(start, next(iter(ends)))
    assert model.advance_choices() == [rifles]
    model.set_advance([rifles])
    assert model.apply(), model.apply_problem
    assert state.hex_of(rifles) == target(state)
    assert distance(target(state), state.hex_of(guards)) == 2
    history.undo()
    assert state.hex_of(guards) == target(state)
    history.redo()
    save_game(state, tmp_path / "river.json")
    again = load_game(tmp_path / "river.json")
    assert again.ruleset == "river-crossing" and again.hex_of(rifles) == target(state)


def test_an_exchange_costs_the_attacker_whole_units_making_up_the_points(
    state: GameState,
) -> None:
    """A 3: EX, the Guards (defence 4 printed) are eliminated; the Rifles (attack 24) make up
    the 4 strength points."""
    model = AttackModel(state)
    guards, rifles = uid_at(state, "0504"), uid_at(state, ATTACKER_HEX)
    assert model.start(target(state))
    assert model.roll([3]) is not None
    assert model.resolution is not None and model.resolution.result.code == "EX"
    assert model.resolution.losses.kind == "strength-points"
    assert set(model.losses) == {rifles, guards}  # the Guards all, the Rifles make up 4
    model.set_losses([rifles])
    assert not model.apply() and "every unit of the defender is eliminated" in model.apply_problem
    model.set_losses([rifles, guards])
    assert model.apply(), model.apply_problem
    assert guards not in state.counters and rifles not in state.counters


def test_a_fire_table_on_d66_disrupts_and_costs_a_step_on_a_saved_and_reopened_map(
    tmp_path: Path,
) -> None:
    """The barrage file (tests/rules/datafile/data/barrage.toml) on a row of clear hexes: a gun
    of fire 7 in 0101 fires at an infantry of 2 steps in 0201: the 6..9 column (F1); the d66 is
    typed as two d6, 5 then 2: 52, LD (F3): a step lost and disrupted."""
    from family_games import opened_game, uids_at

    gun = Unit(name="Gun", unit_type="artillery", steps=2, rules=(("fire", 7),))
    infantry = Unit(name="Infantry", unit_type="infantry", steps=2)
    with registered("barrage", "barrage_ruleset"):
        state = opened_game(
            "barrage", "ccc", [(gun, "Red", "0101"), (infantry, "Blue", "0201")], tmp_path
        )
        (target_uid,) = uids_at(state, "0201")
        model = AttackModel(state)
        assert model.start(state.hexmap.hex_at("0201"))
        assert model.report is not None and model.report.payload["column"] == "6..9"
        assert model.dice_wanted() == [6, 6]
        assert model.roll([5, 2]) is not None
        assert model.resolution is not None and model.resolution.result.code == "LD"
        assert model.losses == [target_uid]
        assert model.apply(), model.apply_problem
        assert state.counters[target_uid].status == UnitStatus(steps_lost=1, state="disrupted")


def test_a_gun_of_range_3_is_offered_three_hexes_away_and_fires_from_there(
    tmp_path: Path,
) -> None:
    """The barrage file reads each unit's reach from its counter's range: a gun printing
    range 3 in 0101 fires at the infantry in 0401, three hexes along a row; a gun of range 1
    beside it is not offered. Fire 7 is still the 6..9 column."""
    from family_games import at, opened_game, uids_at

    far = Unit(name="Far gun", unit_type="artillery", steps=2, range=3, rules=(("fire", 7),))
    near = Unit(name="Near gun", unit_type="artillery", steps=2, rules=(("fire", 7),))
    infantry = Unit(name="Infantry", unit_type="infantry", steps=2)
    placed = [(far, "Red", "0101"), (near, "Red", "0101"), (infantry, "Blue", "0401")]
    with registered("barrage", "barrage_ruleset"):
        state = opened_game("barrage", "cccc", placed, tmp_path)
        far_uid = next(u for u in uids_at(state, "0101") if state.counters[u].unit.range == 3)
        model = AttackModel(state)
        assert model.start(at(state, "0401")), model.refusal
        assert model.attacker_uids() == [far_uid]
        assert model.report is not None, model.problem
        (attacker,) = model.report.situation.attackers
        assert attacker.range == 3 and model.report.payload["column"] == "6..9"
