"""The attack a tutorial is about, as File > Open Tutorial sets it up."""

from __future__ import annotations

from hexcombat.game.attack import AttackSetup, attack_candidates
from hexcombat.game.state import GameState
from hexcombat.game.tutorials import tutorial_target


def full_attack(state: GameState, label: str | None = None) -> AttackSetup:
    """Every counter proposed against the tutorial's one defending hex (or the hex ``label``)
    takes part (in 14D2d: the whole Soviet force against 0504)."""
    target = state.hexmap.hex_at(label) if label else tutorial_target(state)
    assert target is not None
    uids = [c.uid for x in attack_candidates(state, target) for c in x.counters]
    return AttackSetup(target, uids, state.conditions)
