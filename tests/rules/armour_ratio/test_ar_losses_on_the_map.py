"""Required losses chosen on the map (10.F.1, 10.F.2): with AECD and ATEC used together, the
game refuses losses that pay the AECD part with anti-tank units."""

from __future__ import annotations

from ar_helpers import rule10_game

from hexcombat.game.attack import AttackSetup, loss_problems, resolve_attack, suggested_losses
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.situation import Conditions
from meaning import each_says

AT_X = {"size": "X", "type": "anti-tank", "defence": 4, "atec": "full"}


def test_the_defenders_aecd_loss_must_come_from_its_armour() -> None:
    # Tank X (attack 20, AECA 1) against Pz X (AECD 1) and two AT X (ATEC 2): under 1:1, so
    # AECD is compared too (10.C.2). 20 against 10 is 2:1; a roll of 3 gives HX on the generic
    # table: the defender loses 5 of 10, 2 of them required: 1 for AECD from the armour
    # (10.F.1), 1 for ATEC from the anti-tank units (10.F.2).
    state = rule10_game(
        [{"name": "Tank X", "size": "X", "attack": 20, "aeca": "full"}],
        [
            {"name": "Pz X", "size": "X", "type": "armour", "defence": 2, "aecd": "full"},
            {"name": "AT X", **AT_X},
            {"name": "AT X b", **AT_X},
        ],
    )
    target = state.hexmap.hex_at("0504")
    attackers = [c.uid for c in state.stack_at(state.hexmap.hex_at("0404"))]
    resolution = resolve_attack(
        state, AttackSetup(target, attackers, Conditions()), ScriptedDice([3])
    )
    assert resolution.result.code == "HX"
    assert (resolution.defender.points, resolution.defender.required_aec) == (5, 2)

    def defender_problems(*names: str) -> list[str]:  # the HX also costs the attacker points
        chosen = [c.uid for c in state.counters.values() if c.unit.name in names]
        return [p for p in loss_problems(state, resolution, chosen) if "defender" in p]

    assert each_says(
        defender_problems("AT X", "AT X b"),
        dict(
            rules=["10.F.2", "10.F.1"], figures=["2", "1", "1"], names=["defender", "AECD", "ATEC"]
        ),
    )
    assert defender_problems("Pz X", "AT X") == []
    suggested = suggested_losses(state, resolution)
    assert sorted(state.counters[u].unit.name for u in suggested if u not in attackers) == [
        "AT X",
        "Pz X",
    ]
    assert loss_problems(state, resolution, suggested) == []
