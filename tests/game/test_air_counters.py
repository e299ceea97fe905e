"""Air counters on the map (16A): the shipped air units reach the counter library with their
printed rating and range, stand at their bases, survive a save, and never join a ground combat."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcombat.board.mapfile import load_map
from hexcombat.game.attack import AttackSetup, attack_candidates, build_situation
from hexcombat.game.commands import AddCounter
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.scenario import load_counter_library, load_scenario
from hexcombat.game.state import Counter, GameError, GameState
from hexcombat.rules.situation import Conditions
from hexcombat.rules.units import unit_from_mapping
from hexcombat.rulesets.europa.air.map_counters import is_air_unit
from hexcombat.rulesets.europa.units import europa
from hexcombat.sourcefile import SourceError

REPO = Path(__file__).resolve().parents[2]
RIFLE = unit_from_mapping({"name": "Rifle XX", "size": "XX", "re": 2, "attack": 4}, "t")
INF = unit_from_mapping({"name": "Inf XX", "size": "XX", "defence": 8}, "t")


def library_air(counter_id: str):  # noqa: ANN201
    library, problems = load_counter_library("total-war")
    assert problems == []
    return library[counter_id]


def test_the_me_109e_is_in_the_library_with_its_7f5_rating_and_range() -> None:
    me109 = library_air("ge-me-109e")
    # 23D1: "a Me 109E fighter (7F5)"; the range 4 is the counter file's placeholder
    assert (europa(me109).air_type, me109.attack, me109.defence, me109.movement) == ("F", 7, 5, 4)
    assert me109.unit_type == "fighter" and europa(me109).re == 0
    assert is_air_unit(me109)
    assert not is_air_unit(RIFLE)


@pytest.fixture
def state() -> GameState:
    game = GameState(load_map(REPO / "maps" / "tutorial-14a3-lra.toml"))
    me109 = library_air("ge-me-109e")
    for unit, side, label in [
        (INF, "Axis", "0504"),
        (me109, "Axis", "0504"),  # an airbase in the defended hex
        (me109, "Soviet", "0403"),  # an air unit alone next to the target
        (RIFLE, "Soviet", "0604"),
        (me109, "Soviet", "0604"),  # ... and one stacked with a rifle division
        (me109, "Axis", "0801"),  # an airbase with nothing else
    ]:
        counter = Counter(game.new_uid(), unit, side, "ge-me-109e" if unit is me109 else None)
        game.execute(AddCounter(counter, game.hexmap.hex_at(label)))
    return game


def test_air_units_are_not_proposed_as_attackers(state: GameState) -> None:
    found = attack_candidates(state, state.hexmap.hex_at("0504"))
    assert [(c.label, [x.unit.name for x in c.counters]) for c in found] == [("0604", ["Rifle XX"])]


def test_air_units_in_the_defended_hex_are_not_defenders(state: GameState) -> None:
    (candidate,) = attack_candidates(state, state.hexmap.hex_at("0504"))
    setup = AttackSetup(
        state.hexmap.hex_at("0504"), [c.uid for c in candidate.counters], Conditions()
    )
    assert [p.unit.name for p in build_situation(state, setup).defenders] == ["Inf XX"]


def test_an_air_unit_sent_into_a_ground_attack_is_refused(state: GameState) -> None:
    air_uid = state.stack_at(state.hexmap.hex_at("0403"))[0].uid
    setup = AttackSetup(state.hexmap.hex_at("0504"), [air_uid], Conditions())
    with pytest.raises(GameError, match=r"Me 109E: air units .* not in ground combat \(16A"):
        build_situation(state, setup)


def test_a_hex_with_only_air_units_has_nobody_to_fight_on_the_ground(state: GameState) -> None:
    rifle = Counter(state.new_uid(), RIFLE, "Soviet")
    state.execute(AddCounter(rifle, state.hexmap.hex_at("0802")))  # next to the airbase
    target = state.hexmap.hex_at("0801")
    with pytest.raises(GameError, match="hex 0801 holds no ground units to attack"):
        build_situation(state, AttackSetup(target, [rifle.uid], Conditions()))


def test_an_air_counter_keeps_its_rating_through_a_save(state: GameState, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(state, path)
    again = load_game(path)
    base = again.stack_at(again.hexmap.hex_at("0801"))[0]
    assert (base.unit.name, europa(base.unit).air_type, base.unit.attack, base.unit.defence) == (
        "Me 109E", "F", 7, 5)  # fmt: skip


def test_a_scenario_may_not_name_an_air_unit_as_a_ground_attacker(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(
        'ruleset = "total-war"\n[conditions]\nterrain = "clear"\n'
        '[[attacker]]\ncounter = "ge-me-109e"\n'
        '[[defender]]\nname = "Inf XX"\nsize = "XX"\n'
    )
    with pytest.raises(SourceError) as caught:
        load_scenario(path)
    (problem,) = caught.value.problems
    assert str(problem).startswith(f"{path}:5: 'ge-me-109e' is an air unit")
    assert "(16A, 23D1)" in str(problem)
