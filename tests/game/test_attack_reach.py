"""How far an attacker may stand from the defender is its ruleset's to say, per kind of unit;
the board measures any distance. Small scenarios laid out here:

- Last Hundred Yards (10.5.2.2: "non-vehicular may assault from 2 hexes (3 if Heroic),
  vehicles from 3 hexes"): on a one-row corridor a German AFV 3 hexes from a Russian squad is
  offered, a German squad beside it is not (its reach is 2), and the report has the AFV at 3.
- Total War (14A3: units attack from adjacent hexes, long-range artillery from two): on the
  14A3 tutorial map, a long-range artillery III 3 hexes away is not offered, nor is a counter
  that prints a range of 3; set up by hand, it is refused with 14A3."""

from __future__ import annotations

from pathlib import Path

import pytest
from lhy_game import at, lhy_game, place

from hexcombat.board.mapfile import load_map
from hexcombat.game.attack import AttackSetup, attack_candidates, build_situation
from hexcombat.game.attack_model import AttackModel
from hexcombat.game.candidates import attack_reach
from hexcombat.game.commands import AddCounter, RemoveCounters
from hexcombat.game.state import Counter, GameState
from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.units import unit_from_mapping

REPO = Path(__file__).resolve().parents[2]


def lhy_ground() -> tuple[GameState, str, str]:
    """A Russian rifle squad in 0401; a German AFV and a German squad in 0101, 3 hexes west
    along a one-row corridor (each hex touches only the hexes beside it)."""
    state = lhy_game("cccccccc")
    afv = place(state, "lhy-ge-afv", "Red", "0101")  # the first side placed is phasing
    squad = place(state, "lhy-ge-rifle-sqd", "Red", "0101")
    place(state, "lhy-ru-rifle-sqd", "Blue", "0401")
    return state, afv, squad


def test_an_lhy_vehicle_3_hexes_away_is_offered_and_a_squad_beside_it_is_not() -> None:
    state, afv, squad = lhy_ground()
    assert state.graph.distance(at(state, "0101"), at(state, "0401")) == 3
    (stack,) = attack_candidates(state, at(state, "0401"))
    assert (stack.label, stack.range) == ("0101", 3)
    assert [c.uid for c in stack.counters] == [afv]  # the squad reaches 2 hexes (10.5.2.2)
    assert squad not in {c.uid for c, _ in stack.barred}  # out of reach: not listed at all


def test_the_attack_model_sets_the_vehicle_up_at_3_hexes_and_the_report_has_it_there() -> None:
    state, afv, _ = lhy_ground()
    model = AttackModel(state)
    assert model.start(at(state, "0401")), model.refusal
    assert model.attacker_uids() == [afv]
    assert model.report is not None, model.problem
    (attacker,) = model.report.situation.attackers
    assert (attacker.id, attacker.range, attacker.hex) == (afv, 3, "0101")


def test_the_largest_reach_in_play_follows_the_counters_on_the_map() -> None:
    state, afv, squad = lhy_ground()
    lhy = get_ruleset("lhy-assault")
    assert attack_reach(state, lhy) == 3  # a vehicle is on the map (10.5.2.2)
    state.execute(RemoveCounters([afv]))
    assert attack_reach(state, lhy) == 2  # squads only
    assert attack_candidates(state, at(state, "0401")) == []  # the squad 3 hexes away: beyond 2
    state.execute(RemoveCounters([squad]))
    assert attack_reach(state, lhy) == 2  # the Russian squad's own reach


LRA = unit_from_mapping(
    {"name": "Hv Art III", "size": "III", "type": "artillery", "artillery": True, "range": 2},
    "t",
)
FAR = unit_from_mapping(
    {"name": "Rail Art III", "size": "III", "type": "artillery", "artillery": True, "range": 3},
    "t",
)
INF = unit_from_mapping({"name": "Inf XX", "size": "XX", "defence": 8}, "t")


def europa_ground() -> GameState:
    """The 14A3 tutorial map: the defender in 0504; long-range artillery in 0804 (3 hexes) and
    in 0704 (2 hexes), a counter printing a range of 3 in 0805 (3 hexes)."""
    state = GameState(load_map(REPO / "maps" / "tutorial-14a3-lra.toml"), ruleset="total-war")
    for unit, side, label in [
        (INF, "Axis", "0504"),
        (LRA, "Soviet", "0804"),
        (FAR, "Soviet", "0805"),
        (LRA, "Soviet", "0704"),
    ]:
        state.execute(AddCounter(Counter(state.new_uid(), unit, side), state.hexmap.hex_at(label)))
    return state


def test_a_europa_unit_3_hexes_away_is_not_offered_and_is_refused_with_14a3() -> None:
    state = europa_ground()
    target = state.hexmap.hex_at("0504")
    assert [state.graph.distance(target, state.hex_of(uid)) for uid in ("c2", "c3", "c4")] == [
        3,
        3,
        2,
    ]
    assert attack_reach(state, get_ruleset("total-war")) == 2  # 14A3, whatever a counter prints
    assert [(c.label, c.range, [x.uid for x in c.counters]) for c in attack_candidates(
        state, target
    )] == [("0704", 2, ["c4"])]  # fmt: skip
    for far in ("c2", "c3"):
        with pytest.raises(IllegalAttackError) as refused:
            build_situation(state, AttackSetup(target, [far], state.conditions))
        assert refused.value.rule == "14A3"
        assert "3 hexes from 0504" in str(refused.value)
