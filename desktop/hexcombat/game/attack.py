"""An attack on the map, resolved: what each side must lose, and the retreats open to it.

The other jobs of an attack have their own modules, re-exported here so callers keep their
imports: who may take part (:mod:`~hexcombat.game.candidates`), the combat situation the rules
evaluate (:mod:`~hexcombat.game.attack_setup`), applying the player's choices
(:mod:`~hexcombat.game.apply_result`) and the combat log's words
(:mod:`~hexcombat.game.combat_log`).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from hexcombat.board.hexes import Hex
from hexcombat.game.attack_setup import (
    AttackSetup,
    build_situation,
    evaluate_attack,
    ground_units,
    main_feature,
)
from hexcombat.game.candidates import (
    Candidate,
    attack_barred,
    attack_candidates,
    phasing_refusal,
)
from hexcombat.game.retreat import retreat_ends
from hexcombat.game.state import GameState
from hexcombat.rules.dice import Dice

# The strength-point loss policy's names, importable from here while the Combat panel moves to
# the LossPolicy API.
from hexcombat.rules.europa_losses import LossRequirement, fewest_points
from hexcombat.rules.losses import LossPolicy
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import CombatResult, Report
from hexcombat.rules.retreat import RetreatRules

__all__ = [
    "AttackSetup",
    "Candidate",
    "LossRequirement",
    "Resolution",
    "attack_barred",
    "attack_candidates",
    "build_situation",
    "evaluate_attack",
    "fewest_points",
    "ground_units",
    "loss_problems",
    "main_feature",
    "phasing_refusal",
    "points_needed",
    "resolve_attack",
    "retreat_options",
    "sides_losing",
    "suggested_losses",
]

_ABOVE = {
    "apply_combat_command": "hexcombat.game.apply_result",
    "log_entry": "hexcombat.game.combat_log",
}
"""Names whose modules build on this one: looked up when asked for (``from
hexcombat.game.attack import apply_combat_command`` keeps working) so this module imports none
of them and the import graph stays without circles."""


def __getattr__(name: str) -> object:
    """A name of a module above this one (see :data:`_ABOVE`)."""
    module = _ABOVE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


@dataclass
class Resolution:
    """A resolved attack awaiting the player's choices."""

    setup: AttackSetup
    report: Report
    result: CombatResult
    losses: LossPolicy
    """What the result requires each side to lose, as the ruleset's loss policy says."""

    @property
    def attacker(self) -> LossRequirement:
        """What the attacker must lose, as a strength-point policy says it (the Combat panel
        and the retreats read it)."""
        return self.losses.side("attacker")  # type: ignore[attr-defined,no-any-return]

    @property
    def defender(self) -> LossRequirement:
        """What the defender must lose."""
        return self.losses.side("defender")  # type: ignore[attr-defined,no-any-return]

    @property
    def exchange(self) -> bool:
        """The policy's word on whether the attacker's losses follow the defender's (the
        Combat panel reads it until it asks the policy's ``needed``)."""
        return bool(getattr(self.losses, "exchange", False))


def resolve_attack(state: GameState, setup: AttackSetup, dice: Dice | None = None) -> Resolution:
    """Evaluate and roll (the game's seeded dice unless others are given, e.g. a typed-in roll);
    the ruleset says what the result requires each side to lose."""
    ruleset = get_ruleset(state.ruleset)
    report = evaluate_attack(state, setup)
    result = ruleset.resolve(report, dice or state.dice)
    return Resolution(setup, report, result, ruleset.loss_policy(report, result))


def loss_problems(state: GameState, resolution: Resolution, losses: list[str]) -> list[str]:
    """Why the chosen losses do not satisfy the result (empty when they do), as the loss policy
    says; a stack with no legal retreat is eliminated anyway, so its units are never refused as
    more than the result asks."""
    return resolution.losses.problems(losses, _no_retreat_uids(state, resolution))


def suggested_losses(state: GameState, resolution: Resolution) -> list[str]:
    """A legal choice of losses that loses as little as the result allows (the policy's)."""
    return resolution.losses.suggested(_no_retreat_uids(state, resolution))


def points_needed(resolution: Resolution, req: LossRequirement, losses: list[str]) -> int:
    """The points ``req``'s side must lose with ``losses`` ticked: what Apply checks, and what
    the panel states (the policy's: it may grow with the other side's losses)."""
    return resolution.losses.needed(req.side, losses)


def sides_losing(resolution: Resolution) -> list[LossRequirement]:
    """The sides the result makes lose strength points, the defender first: the only ones a
    player ticks losses from (a stack with no legal retreat is eliminated without ticking)."""
    sides = (resolution.defender, resolution.attacker)
    return [req for req in sides if resolution.losses.offered(req.side)]


def _no_retreat_uids(state: GameState, resolution: Resolution) -> set[str]:
    """Counters of a retreating side whose stack has no legal retreat end."""
    doomed: set[str] = set()
    for start, ends in retreat_options(state, resolution, []).items():
        if not ends:
            doomed |= {
                u
                for u in (*resolution.defender.uids, *resolution.attacker.uids)
                if state.hex_of(u) == start
            }
    return doomed


def retreat_options(
    state: GameState,
    resolution: Resolution,
    losses: list[str],
    rules: RetreatRules | None = None,
) -> dict[Hex, dict[Hex, tuple[Hex, ...]]]:
    """For every stack of the losing side that must retreat: each legal end hex with its path
    (from the board's retreat-path query, blocked as the ruleset's ``retreat`` rules say unless
    ``rules`` are given). A stack with no legal end is eliminated."""
    rules = rules or get_ruleset(state.ruleset).retreat
    options: dict[Hex, dict[Hex, tuple[Hex, ...]]] = {}
    target = resolution.setup.target
    for req in (resolution.defender, resolution.attacker):
        if req.retreat_hexes <= 0:
            continue
        lost = set(losses)
        survivors = [u for u in req.uids if u not in lost]
        starts = sorted({state.hex_of(u) for u in survivors})
        for start in starts:
            side = state.counters[survivors[0]].side
            away_from = (
                {state.hex_of(u) for u in resolution.attacker.uids + resolution.attacker.exempt}
                if req.side == "defender"
                else {target}
            )
            options[start] = retreat_ends(state, rules, start, req.retreat_hexes, side, away_from)
    return options
