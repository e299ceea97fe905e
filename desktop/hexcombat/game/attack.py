"""An attack on the map, resolved: what each side must lose, and the retreats open to it.

The other jobs of an attack have their own modules: who may take part
(:mod:`~hexcombat.game.candidates`) and the combat situation the rules evaluate
(:mod:`~hexcombat.game.attack_setup`), re-exported here so callers keep their imports;
applying the player's choices (:mod:`~hexcombat.game.apply_result`) and the combat log's words
(:mod:`~hexcombat.game.combat_log`), which build on this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hexcombat.board.graph import RetreatLimit
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
from hexcombat.game.retreat import (
    RetreatChooser,
    chosen_end,
    effect_ends,
    eliminated_instead,
    free_retreats,
    retreat_chooser,
    retreat_limit,
)
from hexcombat.game.state import GameState
from hexcombat.rules.dice import Dice
from hexcombat.rules.effects import Effect
from hexcombat.rules.eligibility import Refusal
from hexcombat.rules.losses import LossPolicy
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import CombatResult, Report, participant_id
from hexcombat.rules.retreat import RetreatRules
from hexcombat.rules.vocabulary import SideName

__all__ = [
    "AttackSetup",
    "Candidate",
    "Resolution",
    "attack_barred",
    "attack_candidates",
    "advance_hexes",
    "advance_side",
    "advance_uids",
    "destroyed_uids",
    "leaving",
    "build_situation",
    "can_roll",
    "evaluate_attack",
    "ground_units",
    "loss_problems",
    "main_feature",
    "phasing_refusal",
    "resolve_attack",
    "retreat_options",
    "retreat_choosers",
    "default_retreats",
    "suggested_losses",
]


@dataclass
class Resolution:
    """A resolved attack awaiting the player's choices."""

    setup: AttackSetup
    report: Report
    result: CombatResult
    losses: LossPolicy
    """What the result requires each side to lose, as the ruleset's loss policy says."""

    @property
    def attacker(self) -> Any:
        """The loss policy's account of the attacker's losses (its ``side``), for a policy
        that keeps one per side."""
        return self.losses.side("attacker")  # type: ignore[attr-defined]

    @property
    def defender(self) -> Any:
        """The loss policy's account of the defender's losses."""
        return self.losses.side("defender")  # type: ignore[attr-defined]


def can_roll(report: Report | None) -> bool:
    """Whether ``report`` can be rolled: every strength its chances need is given, and it has
    outcomes to roll for."""
    return (
        report is not None
        and not report.missing_strengths
        and bool(report.outcome_list or report.outcomes)
    )


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


SIDES: tuple[SideName, SideName] = ("defender", "attacker")
"""The sides a result speaks to, the defender first (as results are read out)."""


def side_uids(resolution: Resolution, side: SideName) -> list[str]:
    """The participants of ``side`` by their ids (the counters' in a game), in order."""
    situation = resolution.report.situation
    members = situation.attackers if side == "attacker" else situation.defenders
    return [participant_id(p, side, i) for i, p in enumerate(members, 1)]


def participants(resolution: Resolution) -> dict[str, list[str]]:
    """Each side's participants (``attacker``, ``defender`` -> counter ids): an effect that
    names no targets falls on all of its side."""
    return {side: side_uids(resolution, side) for side in ("attacker", "defender")}


def effects_of(resolution: Resolution, kind: str) -> list[Effect]:
    """The result's effects of ``kind`` (``retreat``, ``advance``...), the defender's first."""
    found = [e for e in resolution.result.effects if e.kind == kind]
    return sorted(found, key=lambda e: SIDES.index(e.side))


def targets_of(resolution: Resolution, effect: Effect) -> list[str]:
    """The participants ``effect`` falls on: those it names, else every one of its side."""
    return list(effect.targets) if effect.targets else side_uids(resolution, effect.side)


def retreating(resolution: Resolution) -> list[tuple[Effect, list[str]]]:
    """Each retreat the result orders, with the participants it moves."""
    return [(e, targets_of(resolution, e)) for e in effects_of(resolution, "retreat")]


def advance_uids(resolution: Resolution) -> list[str]:
    """The attackers the result lets advance (none when it allows no advance)."""
    return [u for e in effects_of(resolution, "advance") for u in targets_of(resolution, e)]


def leaving(state: GameState, resolution: Resolution, losses: list[str]) -> set[str]:
    """The counters the chosen ``losses`` take off the map, so they do not retreat: the units
    chosen under a strength-point policy; under a step policy (an id once per step) the units
    losing their last step, and those the result's ``eliminate`` effects destroy outright."""
    if getattr(resolution.losses, "effects", None) is None:
        return set(losses)
    gone = set(destroyed_uids(state, resolution))
    for uid in set(losses):
        counter = state.counters.get(uid)
        if counter is None:
            continue
        left = max(1, counter.unit.steps or 1) - counter.status.steps_lost
        if losses.count(uid) >= left:
            gone.add(uid)
    return gone


def destroyed_uids(state: GameState, resolution: Resolution) -> list[str]:
    """The counters the result's ``eliminate`` effects remove outright (a towed gun destroyed
    at once) under a step policy; under a strength-point policy the player ticks the units an
    ``eliminate`` loses (the policy refuses fewer), so none here. An effect naming no targets
    falls on every participant of its side."""
    if getattr(resolution.losses, "effects", None) is None:
        return []
    found: list[str] = []
    for effect in effects_of(resolution, "eliminate"):
        for uid in targets_of(resolution, effect):
            if uid in state.counters and uid not in found:
                found.append(uid)
    return found


def advance_side(resolution: Resolution) -> SideName | None:
    """The side the result lets advance (its ``advance`` effects'), or None."""
    found = effects_of(resolution, "advance")
    return found[0].side if found else None


def advance_hexes(state: GameState, resolution: Resolution) -> list[Hex]:
    """Where the result's advance may go, as the side advancing says: the attackers into the
    attacked hex; the defenders into a hex the attackers assaulted from (14.3.3: the winning
    side advances into the ground its enemy fought from). Each must be vacated to be entered."""
    side = advance_side(resolution)
    if side is None:
        return []
    if side == "attacker":
        return [resolution.setup.target]
    found: list[Hex] = []
    for uid in resolution.setup.attacker_uids:
        if uid in state.counters and (h := state.hex_of(uid)) not in found:
            found.append(h)
    return found


def _no_retreat_uids(state: GameState, resolution: Resolution) -> set[str]:
    """Counters of a retreating side whose stack has no legal retreat end, or that the ruleset
    eliminates instead of retreating: they are lost whatever the losses chosen."""
    doomed = set(retreat_eliminations(state, resolution))
    for start, ends in retreat_options(state, resolution, []).items():
        if not ends:
            doomed |= {
                u
                for _, uids in retreating(resolution)
                for u in uids
                if u in state.counters and state.hex_of(u) == start
            }
    return doomed


def retreat_eliminations(state: GameState, resolution: Resolution) -> dict[str, Refusal]:
    """The units of a retreating side the ruleset eliminates instead of letting them retreat
    (its ``retreat_elimination`` hook), each with why."""
    uids = [u for effect, us in retreating(resolution) if effect.amount > 0 for u in us]
    live = [u for u in uids if u in state.counters]
    return eliminated_instead(get_ruleset(state.ruleset), resolution.report.situation, live)


def retreating_stack(
    state: GameState, resolution: Resolution, losses: list[str], start: Hex
) -> tuple[Effect, list[str]] | None:
    """The retreat that moves the stack in ``start``, with the units of it that retreat (not
    lost, not eliminated instead of retreating)."""
    lost = leaving(state, resolution, losses) | set(retreat_eliminations(state, resolution))
    for effect, uids in retreating(resolution):
        stack = [u for u in uids if u not in lost and u in state.counters]
        stack = [u for u in stack if state.hex_of(u) == start]
        if effect.amount > 0 and stack:
            return effect, stack
    return None


def stack_limit(
    state: GameState, resolution: Resolution, stack: list[str], rules: RetreatRules
) -> RetreatLimit | None:
    """The cap on the retreat of ``stack``: none when every unit of it retreats freely (a
    unit that may retreat freely may also stop with its stack)."""
    situation = resolution.report.situation
    freely = free_retreats(get_ruleset(state.ruleset), situation, stack)
    free = bool(stack) and all(u in freely for u in stack)
    return retreat_limit(rules, situation.conditions, free)


def retreat_options(
    state: GameState,
    resolution: Resolution,
    losses: list[str],
    rules: RetreatRules | None = None,
) -> dict[Hex, dict[Hex, tuple[Hex, ...]]]:
    """For every stack the result's ``retreat`` effects move: each legal end hex with its path
    (from the board's retreat-path query, blocked and limited as the ruleset's ``retreat`` rules
    say unless ``rules`` are given). A stack with no legal end is eliminated; units the ruleset
    eliminates instead of retreating are not in any stack."""
    rules = rules or get_ruleset(state.ruleset).retreat
    options: dict[Hex, dict[Hex, tuple[Hex, ...]]] = {}
    target = resolution.setup.target
    attackers = resolution.setup.attacker_uids
    lost = leaving(state, resolution, losses) | set(retreat_eliminations(state, resolution))
    for effect, uids in retreating(resolution):
        if effect.amount <= 0:
            continue
        survivors = [u for u in uids if u not in lost and u in state.counters]
        for start in sorted({state.hex_of(u) for u in survivors}):
            stack = [u for u in survivors if state.hex_of(u) == start]
            side = state.counters[stack[0]].side
            away_from = (
                {state.hex_of(u) for u in attackers if u in state.counters}
                if effect.side == "defender"
                else {target}
            )
            limit = stack_limit(state, resolution, stack, rules)
            options[start] = effect_ends(state, rules, start, effect, side, away_from, limit)
    return options


def side_names(state: GameState, resolution: Resolution) -> dict[str, str]:
    """Each side's name on the map (``attacker`` -> ``Red``), from its participants' counters
    (the defender's from the attacked stack when none is left)."""
    names: dict[str, str] = {}
    for side in SIDES:
        uid = next((u for u in side_uids(resolution, side) if u in state.counters), None)
        if uid is not None:
            names[side] = state.counters[uid].side
    if "defender" not in names and (held := state.side_at(resolution.setup.target)):
        names["defender"] = held
    return names


def retreat_choosers(
    state: GameState, resolution: Resolution, losses: list[str], starts: list[Hex]
) -> dict[Hex, RetreatChooser]:
    """Who picks where the stack in each of ``starts`` retreats, as its retreat effect says."""
    names = side_names(state, resolution)
    found = {}
    for start in starts:
        stack = retreating_stack(state, resolution, losses, start)
        if stack is not None:
            found[start] = retreat_chooser(stack[0], names)
    return found


def default_retreats(
    state: GameState,
    resolution: Resolution,
    losses: list[str],
    options: dict[Hex, dict[Hex, tuple[Hex, ...]]],
) -> dict[Hex, Hex]:
    """The end the program picks for each retreating stack (of ``options``, as
    :func:`retreat_options` gives them) in the interest of the player who picks it
    (:func:`~hexcombat.game.retreat.chosen_end`); a stack with no legal end has none."""
    gone = leaving(state, resolution, losses)
    picked = {}
    for start, ends in options.items():
        stack = retreating_stack(state, resolution, losses, start)
        if stack is None or not ends:
            continue
        effect, uids = stack
        end = chosen_end(state, state.counters[uids[0]].side, ends, effect.chooser, gone)
        if end is not None:
            picked[start] = end
    return picked
