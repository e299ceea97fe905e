"""Required losses chosen on the map (10.F.1, 10.F.2): with AECD and ATEC used together, the
game refuses losses that pay the AECD part with anti-tank units."""

from __future__ import annotations

from typing import Any

from ar_helpers import REPO

from hexcombat.board.mapfile import load_map
from hexcombat.game.attack import AttackSetup, loss_problems, resolve_attack, suggested_losses
from hexcombat.game.state import Counter, GameState
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.situation import Conditions
from hexcombat.rules.units import unit_from_mapping

AT_X = {"size": "X", "type": "anti-tank", "defence": 4, "atec": "full"}


def game(attackers: list[dict[str, Any]], defenders: list[dict[str, Any]]) -> GameState:
    """Attackers in 0404, defenders in 0504 of the tutorial map, under rule 10."""
    state = GameState(load_map(REPO / "maps" / "tutorial-14d2d.toml"), ruleset="armour-ratio")
    for units, side, label in ((attackers, "Soviet", "0404"), (defenders, "Axis", "0504")):
        for unit in units:
            counter = Counter(state.new_uid(), unit_from_mapping(unit, "test"), side)
            state.place(counter, state.hexmap.hex_at(label), index=99)
    return state


def test_the_defenders_aecd_loss_must_come_from_its_armour() -> None:
    # Tank X (attack 20, AECA 1) against Pz X (AECD 1) and two AT X (ATEC 2): under 1:1, so
    # AECD is compared too (10.C.2). 20 against 10 is 2:1; a roll of 3 gives HX on the generic
    # table: the defender loses 5 of 10, 2 of them required: 1 for AECD from the armour
    # (10.F.1), 1 for ATEC from the anti-tank units (10.F.2).
    state = game(
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

    assert defender_problems("AT X", "AT X b") == [
        "at least 2 of the defender's losses must come from armour/antitank units (10.F.2); 1 "
        "chosen; 1 of them from armour with AECD (10.F.1), the others from units with ATEC "
        "(10.F.2), a point counting for one only"
    ]
    assert defender_problems("Pz X", "AT X") == []
    suggested = suggested_losses(state, resolution)
    assert sorted(state.counters[u].unit.name for u in suggested if u not in attackers) == [
        "AT X",
        "Pz X",
    ]
    assert loss_problems(state, resolution, suggested) == []
