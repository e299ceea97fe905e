"""Applying the result the player chose: the losses, the retreats and the advance checked
against the result and the ruleset, and turned into one undoable command with its log entry."""

from __future__ import annotations

from hexcombat.board.hexes import Hex
from hexcombat.game.attack import (
    SIDES,
    Resolution,
    advance_hexes,
    advance_side,
    advance_uids,
    destroyed_uids,
    effects_of,
    leaving,
    loss_problems,
    participants,
    retreat_eliminations,
    retreat_options,
    retreating,
    retreating_stack,
    side_names,
    side_uids,
    stack_limit,
    targets_of,
)
from hexcombat.game.combat_log import (
    advance_in_words,
    log_entry,
    lost_in_words,
    steps_in_words,
    units_in_words,
)
from hexcombat.game.commands import ApplyCombat
from hexcombat.game.retreat import (
    end_refusal,
    free_retreat_markers,
    free_retreats,
    retreat_chooser,
)
from hexcombat.game.state import GameError, GameState
from hexcombat.rules.effects import Effect
from hexcombat.rules.losses import LossPolicy
from hexcombat.rules.registry import Ruleset, get_ruleset


def _retreats(
    state: GameState,
    resolution: Resolution,
    losses: list[str],
    retreats: dict[Hex, Hex],
) -> tuple[list[str], dict[str, Hex], list[str], list[str], list[str], list[Effect], list[str]]:
    """The stacks that must retreat: the units the ruleset eliminates instead of retreating
    (each with its rule), a stack with no legal end eliminated, the others moved to the end the
    player who picks chose (the log names who), the units that retreat freely marked as the
    ruleset says. Returns (eliminated, moves, notes, log words, problems, marker effects, the
    players who picked among several ends)."""
    options = retreat_options(state, resolution, losses)
    ruleset = get_ruleset(state.ruleset)
    rules = ruleset.retreat
    lost = leaving(state, resolution, losses)
    instead = {u: w for u, w in retreat_eliminations(state, resolution).items() if u not in lost}
    eliminated: list[str] = list(instead)
    moves: dict[str, Hex] = {}
    words: list[str] = []
    problems: list[str] = []
    markers: list[Effect] = []
    notes = [f"retreat: {rules.describe()}"] if options or instead else []
    names = side_names(state, resolution)
    pickers: list[str] = []
    for uid, why in instead.items():
        where = f"{state.counters[uid].unit.name} in {state.hexmap.label(state.hex_of(uid))}"
        notes.append(f"{where} is eliminated instead of retreating: {why}")
        words.append(f"{where}: eliminated instead of retreating ({why})")
    situation = resolution.report.situation
    for start, ends in options.items():
        found = retreating_stack(state, resolution, losses, start)
        assert found is not None, "every retreat option is a retreating stack's"
        effect, stack = found
        label = state.hexmap.label(start)
        if not ends:
            eliminated += stack
            notes.append(f"units in {label} have no legal retreat and are eliminated")
            words.append(f"{units_in_words(state, stack)} in {label}: no legal retreat, eliminated")
            continue
        end = retreats.get(start)
        if end is None:
            problems.append(f"choose where the units in {label} retreat to")
        elif end not in ends:
            limit = stack_limit(state, resolution, stack, rules)
            problems.append(end_refusal(state, rules, effect, start, end, limit))
        else:
            chooser = retreat_chooser(effect, names)
            picked = chooser.logged(only=len(ends) == 1)
            if len(ends) > 1:
                pickers.append(chooser.player())
            moves.update({u: end for u in stack})
            to = state.hexmap.label(end)
            notes.append(f"units in {label} retreat to {to}")
            words.append(f"{units_in_words(state, stack)}: {label} -> {to} ({picked})")
            freely = free_retreats(ruleset, situation, stack)
            markers += free_retreat_markers(state, effect.side, freely, stack)
    return eliminated, moves, notes, words, problems, markers, pickers


def picked_words(pickers: list[str]) -> str:
    """What the undo text adds for the retreats picked among several ends (``pickers``: the
    player who picked, once per stack): ``; retreat picked by the Red attacker``; "" when
    nobody had a choice."""
    if not pickers:
        return ""
    who = " and ".join(dict.fromkeys(pickers))
    return f"; retreat{'s' if len(pickers) > 1 else ''} picked by {who}"


def retreat_notices(
    state: GameState, resolution: Resolution, losses: list[str], effect: Effect
) -> tuple[str, list[str]]:
    """What a player reads of ``effect``'s retreat beside its length: how the ruleset limits it
    ("" when it does not), and each unit it eliminates instead of retreating, with why."""
    rules = get_ruleset(state.ruleset).retreat
    limit = f"{rules.limit_words()} ({rules.rule or 'assumed'})" if rules.limit_hexes else ""
    moved = {u for e, uids in retreating(resolution) if e is effect for u in uids}
    lost = leaving(state, resolution, losses)
    doomed = [
        f"{state.counters[uid].unit.name} in {state.hexmap.label(state.hex_of(uid))} is "
        f"eliminated instead of retreating: {why}"
        for uid, why in retreat_eliminations(state, resolution).items()
        if uid in moved and uid not in lost
    ]
    return limit, doomed


def exempt_refusals(ruleset: Ruleset, resolution: Resolution) -> dict[str, str]:
    """The attackers the result leaves alone, each with why it may not advance (as the ruleset
    says of the participant it fought as)."""
    fought = dict(
        zip(resolution.setup.attacker_uids, resolution.report.situation.attackers, strict=False)
    )
    refusals = {}
    advancing = set(advance_uids(resolution))
    for uid in (u for u in resolution.setup.attacker_uids if u not in advancing):
        why = ruleset.result_exemption(fought[uid]) if uid in fought else None
        refusals[uid] = str(why) if why is not None else "it takes no part in the result"
    return refusals


def advance_problems(
    state: GameState,
    resolution: Resolution,
    advance: list[str],
    gone: set[str],
    moves: dict[str, Hex],
    into: Hex | None = None,
) -> list[str]:
    """Why the chosen advance (into ``into``: the attacked hex when the attackers advance, a
    hex the attackers assaulted from when the defenders do) is refused: the result allows none,
    the hex is not one it may go to or not vacated, units that fought no ground combat stand
    there, or a unit may not advance."""
    problems: list[str] = []
    side = advance_side(resolution)
    offered = advance_hexes(state, resolution)
    target = into if into is not None else (offered[0] if len(offered) == 1 else None)
    ruleset = get_ruleset(state.ruleset)
    if side is None:
        problems.append(f"the result {resolution.result.code} allows no advance")
    elif target is None:
        where = ", ".join(state.hexmap.label(h) for h in offered)
        problems.append(f"choose the hex the {side}s advance into ({where})")
    elif target not in offered:
        where = ", ".join(state.hexmap.label(h) for h in offered)
        problems.append(
            f"the {side} may advance only into {where}, not {state.hexmap.label(target)}"
        )
    else:
        problems += _vacated_problems(state, resolution, side, target, gone, moves)
    exempt, allowed = exempt_refusals(ruleset, resolution), set(advance_uids(resolution))
    once = state.vocabulary.advance_once_per_turn
    for uid in advance:
        if side == "attacker" and uid in exempt:
            problems.append(exempt[uid])
        elif uid not in allowed or uid in gone:
            problems.append(f"only surviving {side or 'attacker'}s may advance")
        elif once and uid in state.advanced:
            problems.append(
                f"{state.counters[uid].unit.name} has advanced this turn already: "
                f"advance is allowed once per turn per unit ({once})"
            )
    return problems


def _vacated_problems(
    state: GameState,
    resolution: Resolution,
    side: str,
    target: Hex,
    gone: set[str],
    moves: dict[str, Hex],
) -> list[str]:
    """Why ``side`` may not advance into ``target`` yet: the enemy that fought from it has not
    left it, or other enemy units stand there."""
    label = state.hexmap.label(target)
    enemy = "defender" if side == "attacker" else "attacker"
    fought = [u for u in side_uids(resolution, enemy) if u in state.counters]
    there = [u for u in fought if state.hex_of(u) == target]
    if not all(u in gone or u in moves for u in there):
        return [f"the {side} may advance only into a vacated hex"]
    left = [c for c in state.stack_at(target) if c.uid not in gone and c.uid not in moves]
    if not left:
        return []
    # units the ruleset leaves out of ground combat (air units at a base) stay: what becomes of
    # them when the hex falls is not in the rules texts, so hexcombat does not guess
    why = get_ruleset(state.ruleset).ground_combat_refusal(left[0].unit)
    who = why.who if why is not None else "units"
    return [
        f"the {side} may not advance into {label} while enemy {who} stand there "
        f"({', '.join(c.unit.name for c in left)}): the rules texts do not say what "
        "becomes of them; move or remove them first"
    ]


def effect_eliminations(state: GameState, resolution: Resolution) -> dict[str, str]:
    """The counters the result's ``eliminate`` effects remove outright (a towed gun destroyed
    at once, a vehicle destroyed, :func:`destroyed_uids`), each with the words the log gives it."""
    found: dict[str, str] = {}
    for effect in effects_of(resolution, "eliminate"):
        for uid in destroyed_uids(state, resolution):
            if uid in targets_of(resolution, effect) and uid not in found:
                where = state.hexmap.label(state.hex_of(uid))
                found[uid] = (
                    f"{state.counters[uid].unit.name} in {where}: {effect.text}, eliminated "
                    f"({effect.rule})"
                )
    return found


def chosen_effects(resolution: Resolution, losses: list[str]) -> tuple[list[str], list[Effect]]:
    """The losses chosen, as the counters eliminated and the result's effects to apply.

    Under a strength-point policy the units chosen are eliminated. A policy that turns the
    player's choice into effects (``steps``: an id once per step lost) gives those instead of
    the result's own effects of the kinds it ``replaces``, which only said how many the side
    loses."""
    policy = resolution.losses
    effects = list(resolution.result.effects)
    as_effects = getattr(policy, "effects", None)
    if as_effects is None:
        return list(losses), effects
    chosen = list(as_effects(losses))
    replaced = {e.kind for e in chosen} | set(getattr(policy, "replaces", ()))
    first = next((i for i, e in enumerate(effects) if e.kind in replaced), len(effects))
    kept = [e for e in effects if e.kind not in replaced]
    at = sum(1 for e in effects[:first] if e.kind not in replaced)
    return [], kept[:at] + chosen + kept[at:]  # in the result's order


def points_lost(policy: LossPolicy, losses: list[str]) -> list[str]:
    """Each side's strength points lost against what the result asked: whole units are lost,
    so a side may lose more than the result's "at least" (``defender: 8 strength points lost,
    the result asks at least 6``)."""
    lines = []
    for side in SIDES:
        worth = policy.worth(side)
        if not policy.offered(side):
            continue
        lost = sum(worth.get(u, 0) for u in losses)
        needed = policy.needed(side, losses)
        lines.append(
            f"{side}: {lost} strength point{'s' if lost != 1 else ''} lost, "
            f"the result asks at least {needed}"
        )
    return lines


def apply_combat_command(
    state: GameState,
    resolution: Resolution,
    losses: list[str],
    retreats: dict[Hex, Hex],
    advance: list[str],
    into: Hex | None = None,
) -> ApplyCombat:
    """The undoable command for the player's choices; :class:`GameError` lists what is wrong.
    The result's effects go with it, so steps, states and markers change on the counters. The
    advance goes ``into`` the hex chosen among :func:`advance_hexes` (needed only when it
    offers several)."""
    problems = loss_problems(state, resolution, losses)
    eliminated, effects = chosen_effects(resolution, losses)
    destroyed = effect_eliminations(state, resolution)
    eliminated += [u for u in destroyed if u not in eliminated]
    effects = [e for e in effects if e.kind != "eliminate"]
    doomed, moves, notes, retreat_words, refused, markers, pickers = _retreats(
        state, resolution, losses, retreats
    )
    notes[:0] = destroyed.values()
    effects += markers
    problems += refused
    eliminated += doomed
    target = resolution.setup.target
    if advance:
        gone = set(eliminated) | leaving(state, resolution, losses)
        problems += advance_problems(state, resolution, advance, gone, moves, into)
        offered = advance_hexes(state, resolution)
        target = into if into is not None else (offered[0] if offered else target)
        moves.update({u: target for u in advance})
        notes.append(f"{len(advance)} unit(s) advance into {state.hexmap.label(target)}")
    if problems:
        raise GameError("; ".join(dict.fromkeys(problems)))
    entry = log_entry(state, resolution, eliminated, notes)
    if hasattr(resolution.losses, "effects"):  # steps chosen, as chosen_effects reads them
        entry.losses = steps_in_words(state, losses)
    else:  # the units chosen are lost, with the strength points they came to
        policy = resolution.losses
        worth = None
        if policy.kind == "strength-points":
            worth = {**policy.worth("attacker"), **policy.worth("defender")}
            entry.details += points_lost(policy, losses)
        entry.losses = lost_in_words(state, losses, worth)
    entry.retreats = retreat_words
    entry.advance = advance_in_words(state, advance, target)
    pending = state.pending_roll  # the roll being applied: when it was made
    if pending is not None and pending.resolution is resolution:
        entry.rolled_at = pending.entry.rolled_at
        if pending.rolls:
            entry.details.append("dice: typed in" if pending.typed else "dice: the game's dice")
    once = bool(state.vocabulary.advance_once_per_turn)
    return ApplyCombat(
        eliminated,
        moves,
        entry,
        text=entry.text + picked_words(pickers),
        effects=tuple(effects),
        participants=participants(resolution),
        advanced=tuple(advance) if once else (),
    )
