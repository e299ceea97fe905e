"""Required armour losses on the map (10.F.1, 10.F.2): converted units may take them, at most
half the points lost, and the game refuses a choice of losses that the rules do not allow."""

from __future__ import annotations

from ar_helpers import rule10_game

from hexcombat.game.attack import (
    AttackSetup,
    Resolution,
    loss_problems,
    resolve_attack,
    suggested_losses,
)
from hexcombat.game.state import GameState
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.situation import Conditions
from hexcombat.rulesets.europa.features import required_of
from meaning import each_says, one_says

MOT_INF = {"type": "motorized-infantry", "motorized": True, "aeca": "neutral"}


def resolve(state: GameState, die: int) -> Resolution:
    target = state.hexmap.hex_at("0504")
    uids = [c.uid for c in state.stack_at(state.hexmap.hex_at("0404"))]
    return resolve_attack(state, AttackSetup(target, uids, Conditions()), ScriptedDice([die]))


def uids(state: GameState, *names: str) -> list[str]:
    return [c.uid for c in state.counters.values() if c.unit.name in names]


def converted_attack() -> tuple[GameState, Resolution]:
    # The Tank X (4) converts the Mot Inf III (2) 1:1: AECA 2 against the two AT X's ATEC 2.
    # Attack 8 against 16, 1:2; a roll of 1 gives AH (generic table): the attacker loses 4 of
    # 8, and 2 of them must come from the Tank X or the converted Mot Inf III (10.F.1), the Mot
    # Inf III giving at most 2 (half the 4 points lost).
    state = rule10_game(
        [
            {"name": "Tank X", "size": "X", "attack": 4, "aeca": "full"},
            {"name": "Mot Inf III", "size": "III", "attack": 2, **MOT_INF},
            {"name": "Rifle III", "size": "III", "attack": 2},
        ],
        [
            {"name": "AT X", "size": "X", "defence": 8, "atec": "full"},
            {"name": "AT X", "size": "X", "defence": 8, "atec": "full"},
        ],
    )
    resolution = resolve(state, 1)
    assert resolution.result.code == "AH"
    assert (resolution.attacker.points, resolution.attacker.required_aec) == (4, 2)
    assert required_of(resolution.result, "attacker").converted_max == 2
    return state, resolution


def test_a_converted_unit_may_take_the_required_losses() -> None:
    state, resolution = converted_attack()
    # losing the Mot Inf III and the Rifle III (4 points): the converted Mot Inf III gives 2
    assert loss_problems(state, resolution, uids(state, "Mot Inf III", "Rifle III")) == []


def test_without_armour_or_converted_units_the_losses_are_refused() -> None:
    state, resolution = converted_attack()
    problems = loss_problems(state, resolution, uids(state, "Rifle III"))
    assert one_says(problems, rules=["10.F.1"], figures=["2", "0", "2"], names=["attacker"])


def test_converted_units_count_at_most_half_the_points_lost() -> None:
    # Tank X (1) converts a Mot Inf III (3): AECA 2, ATEC 2; attack 6 against 12, 1:2, a roll
    # of 1 gives AH: 3 of 6 lost, 2 required. Losing only the Mot Inf III (3 points), it counts
    # for 1, half the 3 points lost (10.F.1): refused. With the Tank X too (4 points lost) it
    # counts 1 + 2 (half of 4): enough.
    state = rule10_game(
        [
            {"name": "Tank X", "size": "X", "attack": 1, "aeca": "full"},
            {"name": "Mot Inf III", "size": "III", "attack": 3, **MOT_INF},
            {"name": "Rifle III", "size": "III", "attack": 2},
        ],
        [
            {"name": "AT X", "size": "X", "defence": 6, "atec": "full"},
            {"name": "AT X", "size": "X", "defence": 6, "atec": "full"},
        ],
    )
    resolution = resolve(state, 1)
    assert resolution.result.code == "AH"
    assert (resolution.attacker.points, resolution.attacker.required_aec) == (3, 2)
    assert required_of(resolution.result, "attacker").converted_max == 1
    assert each_says(
        loss_problems(state, resolution, uids(state, "Mot Inf III")),
        dict(rules=["10.F.1"], figures=["2", "1", "3"], names=["attacker"]),
    )
    assert loss_problems(state, resolution, uids(state, "Mot Inf III", "Tank X")) == []


def test_suggested_losses_take_armour_first_and_are_legal() -> None:
    state, resolution = converted_attack()
    losses = suggested_losses(state, resolution)
    assert loss_problems(state, resolution, losses) == []
    names = sorted(state.counters[u].unit.name for u in losses)
    assert names == ["Tank X"]  # the capable unit's 4 points cover the 4 lost and the 2 required


def test_a_whole_division_eliminated_counts_its_intrinsic_atec() -> None:
    # 10.F.2 exception. Two 1941 StuG X (each 1 RE of ATEC: half, converting its own half,
    # 10.B.3) and a 4-8 Mot XX (1/2 RE intrinsic ATEC): ATEC 2 1/2 against the Tank XXX's AECA
    # 3, so 3 points (2 1/2 rounded up) from the StuGs. The defender loses half its 8 points.
    # Eliminating the whole division counts its 1/2 RE: then 2 points from the StuGs suffice.
    stug = {"name": "StuG X", "size": "X", "type": "assault-gun", "defence": 2, "atec": "half"}
    division = {
        "name": "4-8 Mot XX",
        "size": "XX",
        "defence": 4,
        "atec": "neutral",
        "intrinsic_atec": "1/2",
        **MOT_INF,
    }
    state = rule10_game(
        [{"name": "Tank XXX", "size": "XXX", "attack": 16, "aeca": "full"}],
        [stug, {**stug, "name": "StuG X b"}, division],
    )
    resolution = resolve(state, 3)
    assert resolution.result.code == "HX"
    assert (resolution.defender.points, resolution.defender.required_aec) == (4, 3)

    def defender_problems(*names: str) -> list[str]:  # the HX also costs the attacker points
        problems = loss_problems(state, resolution, uids(state, *names))
        return [p for p in problems if "defender" in p]

    assert defender_problems("StuG X", "4-8 Mot XX") == []  # 2 from the StuG, 1/2 RE intrinsic
    assert defender_problems("StuG X", "StuG X b") == []  # 4 from the StuGs
    assert each_says(
        defender_problems("4-8 Mot XX"),
        dict(rules=["10.F.2"], figures=["2", "0"], names=["defender"]),
    )


def test_the_resolution_asks_the_rulesets_loss_policy_by_counter_id() -> None:
    state, resolution = converted_attack()
    attackers = uids(state, "Tank X", "Mot Inf III", "Rifle III")
    assert [p.id for p in resolution.report.situation.attackers] == attackers
    assert resolution.losses.kind == "strength-points"
    assert dict(resolution.losses.worth("attacker")) == dict(zip(attackers, (4, 2, 2), strict=True))
    assert resolution.losses.problems(uids(state, "Mot Inf III", "Rifle III")) == []
