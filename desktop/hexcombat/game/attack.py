"""An attack on the map: who may take part (from the board's graph), the combat situation the
rules evaluate, and applying the result the player chose (losses, retreats, advance).

Preview and resolution use the same :func:`build_situation`, so what the panel promises is what
the roll applies.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hexcombat.board.hexes import Hex
from hexcombat.board.hexside import MAJOR_RIVER, MINOR_RIVER
from hexcombat.game.air_counters import is_air_unit
from hexcombat.game.commands import ApplyCombat
from hexcombat.game.retreat import retreat_ends
from hexcombat.game.state import CombatLogEntry, Counter, GameError, GameState, counters_in
from hexcombat.game.turn import phase_conditions
from hexcombat.rules.dice import Dice
from hexcombat.rules.errors import IllegalAttackError

# The strength-point loss policy's names, importable from here while the Combat panel moves to
# the LossPolicy API.
from hexcombat.rules.europa_losses import LossRequirement, fewest_points  # noqa: F401
from hexcombat.rules.losses import LossPolicy
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import CombatResult, Report
from hexcombat.rules.retreat import RetreatRules
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.total_war.coast_defence import check_may_attack, load_coast_defence

_FEATURE_WEIGHT = {MAJOR_RIVER: 0, MINOR_RIVER: 1}
"""When a hexside carries several features, the one the rules ask about first (10.D)."""


@dataclass(frozen=True)
class Candidate:
    """A friendly stack that may join an attack on the target hex."""

    hex: Hex
    label: str
    range: int
    """1 adjacent; 2 for long-range artillery firing at two hexes (14A3)."""
    features: frozenset[str]
    """Hexside features it attacks across (rivers are highlighted on the map)."""
    counters: tuple[Counter, ...]
    """Its counters that may attack at this range (at two hexes only long-range artillery)."""
    barred: tuple[tuple[Counter, str], ...] = ()
    """Its counters in range that the rules forbid to attack, each with why (a CDA unit in CD
    mode, 14A4), so the panel can say so instead of leaving them out unexplained."""


def attack_barred(counter: Counter) -> str | None:
    """Why the rules forbid ``counter`` to attack at all, or None (14A4: CD mode)."""
    try:
        check_may_attack(counter.unit, load_coast_defence())
    except IllegalAttackError as exc:
        return str(exc)
    return None


def phasing_refusal(state: GameState, target: Hex) -> str | None:
    """Why the stack in ``target`` may not be attacked now: it is the phasing player's own (the
    phasing player attacks, the other side defends). None when it may."""
    defender, player = state.side_at(target), state.phasing_player
    if defender is None or not player or defender != player:
        return None
    others = [s for s in state.players if s != player]
    enemy = others[0] if len(others) == 1 else "the other side"
    return (
        f"it is {player}'s turn: {player} attacks, {enemy} defends; change the phasing player "
        f"in the Conditions to attack with {enemy}"
    )


def attack_candidates(state: GameState, target: Hex) -> list[Candidate]:
    """Every stack not of the defender's side that may attack ``target``: adjacent stacks, and
    long-range artillery two hexes away (14A3). Adjacent first, then by hex. A stack whose
    counters may not attack (CD mode, 14A4) is listed with the reason and no counters."""
    defender = state.side_at(target)
    if defender is None:
        raise GameError(f"hex {state.hexmap.label(target)} is empty: there is nobody to attack")
    player = state.phasing_player
    # the phasing player attacks; with the defender phasing (set up anyway, the panel says why
    # not) every other side is offered
    attacker = player if player and player != defender else None
    near = {
        h: stack
        for h in state.graph.hexes_within(target, 2)
        if h != target
        and (stack := state.stack_at(h))
        and stack[0].side != defender
        and (attacker is None or stack[0].side == attacker)
    }
    found = []
    for crossing in state.graph.attack_crossings(target, near):
        in_range = [  # air units fight with air ratings, not ground strengths (16A, 23D1)
            c
            for c in near[crossing.hex]
            if not is_air_unit(c.unit) and (crossing.range == 1 or c.unit.range >= crossing.range)
        ]
        reasons = {c.uid: attack_barred(c) for c in in_range}
        barred = tuple((c, why) for c in in_range if (why := reasons[c.uid]) is not None)
        counters = tuple(c for c in in_range if reasons[c.uid] is None)
        if counters or barred:
            found.append(
                Candidate(
                    crossing.hex,
                    state.hexmap.label(crossing.hex),
                    crossing.range,
                    crossing.features,
                    counters,
                    barred,
                )
            )
    return found


def ground_units(stack: list[Counter]) -> list[Counter]:
    """The counters of a stack that fight on the ground: all but air units, whose ratings are
    air attack and air defence (16A, 23D1)."""
    return [c for c in stack if not is_air_unit(c.unit)]


def main_feature(features: frozenset[str]) -> str | None:
    """The hexside feature a unit attacks across, the most telling first (major, minor river)."""
    if not features:
        return None
    return min(features, key=lambda f: (_FEATURE_WEIGHT.get(f, 9), f))


@dataclass
class AttackSetup:
    """What the player chose in the combat panel."""

    target: Hex
    attacker_uids: list[str]
    conditions: Conditions


def build_situation(state: GameState, setup: AttackSetup) -> CombatSituation:
    """The combat as the rules see it: each attacker with its range and the hexside feature it
    crosses (from the graph), the whole attacking force one pool for conversions (10.D: the unit
    a tank division converts may attack from another hex, across another hexside), the
    defender's terrain from the map, and an overrun when made in the movement phase (10.G).
    A counter the rules forbid to attack raises :class:`IllegalAttackError` whatever the
    ruleset (a CDA unit in CD mode, 14A4)."""
    in_target = state.stack_at(setup.target)
    defenders = ground_units(in_target)
    if not in_target:
        raise GameError(
            f"hex {state.hexmap.label(setup.target)} is empty: there is no one to attack"
        )
    if not defenders:
        raise GameError(
            f"hex {state.hexmap.label(setup.target)} holds no ground units to attack "
            "(air units fight with air ratings, not in ground combat: 16A, 23D1)"
        )
    attackers = counters_in(state, setup.attacker_uids)
    if not attackers:
        raise GameError("choose at least one attacking unit")
    if air := [c.unit.name for c in attackers if is_air_unit(c.unit)]:
        raise GameError(
            f"{', '.join(air)}: air units fight with air ratings, not in ground combat (16A, 23D1)"
        )
    hexes = {c.uid: state.hex_of(c.uid) for c in attackers}
    try:
        found = state.graph.attack_crossings(setup.target, set(hexes.values()))
    except ValueError as exc:  # a unit moved out of reach since the attack was set up
        raise GameError(str(exc)) from exc
    crossings = {x.hex: x for x in found}
    date = setup.conditions.date
    participants = []
    for counter in attackers:
        h = hexes[counter.uid]
        if counter.side == defenders[0].side:
            raise GameError(
                f"{counter.unit.name} in {state.hexmap.label(h)} is on the defender's side"
            )
        why = attack_barred(counter)
        if why is not None:
            raise IllegalAttackError(why, "14A4")
        crossing = crossings[h]
        participants.append(
            Participant(
                unit=counter.unit.on(date),
                across=main_feature(crossing.features),
                range=crossing.range,
                hex=state.hexmap.label(h),
                # 10.B.4 says "stacked with", but 10.D's example "3/2 + 1/2" converts a unit
                # attacking from another hex: conversions reach the whole attacking force
                stack=None,
                id=counter.uid,
                status=counter.status,
            )
        )
    label = state.hexmap.label(setup.target)
    conditions = replace(setup.conditions, terrain=state.hexmap.terrain[setup.target])
    conditions = conditions.with_choices(**phase_conditions(state.vocabulary, state.phase))
    return CombatSituation(
        ruleset=state.ruleset,
        attackers=tuple(participants),
        defenders=tuple(
            Participant(unit=c.unit.on(date), hex=label, stack=label, id=c.uid, status=c.status)
            for c in defenders
        ),
        conditions=conditions,
    )


def evaluate_attack(state: GameState, setup: AttackSetup) -> Report:
    """The report the combat panel shows."""
    return get_ruleset(state.ruleset).evaluate(build_situation(state, setup))


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
    report = evaluate_attack(state, setup)
    ruleset = get_ruleset(state.ruleset)
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


def apply_combat_command(
    state: GameState,
    resolution: Resolution,
    losses: list[str],
    retreats: dict[Hex, Hex],
    advance: list[str],
) -> ApplyCombat:
    """The undoable command for the player's choices; :class:`GameError` lists what is wrong."""
    problems = loss_problems(state, resolution, losses)
    options = retreat_options(state, resolution, losses)
    moves: dict[str, Hex] = {}
    eliminated = list(losses)
    retreat_words: list[str] = []
    notes = [f"retreat: {get_ruleset(state.ruleset).retreat.describe()}"] if options else []
    lost = set(losses)
    for start, ends in options.items():
        stack = [
            u
            for u in (*resolution.defender.uids, *resolution.attacker.uids)
            if u not in lost and state.hex_of(u) == start
        ]
        label = state.hexmap.label(start)
        if not ends:
            eliminated += stack
            notes.append(f"units in {label} have no legal retreat and are eliminated")
            retreat_words.append(
                f"{_units_in_words(state, stack)} in {label}: no legal retreat, eliminated"
            )
            continue
        end = retreats.get(start)
        if end is None:
            problems.append(f"choose where the units in {label} retreat to")
        elif end not in ends:
            problems.append(f"{state.hexmap.label(end)} is not a legal retreat end from {label}")
        else:
            moves.update({u: end for u in stack})
            notes.append(f"units in {label} retreat to {state.hexmap.label(end)}")
            retreat_words.append(
                f"{_units_in_words(state, stack)}: {label} -> {state.hexmap.label(end)}"
            )
    target = resolution.setup.target
    if advance:
        gone = set(eliminated)
        vacated = all(u in gone or u in moves for u in resolution.defender.uids)
        if not resolution.result.advance:
            problems.append(f"the result {resolution.result.code} allows no advance")
        elif not vacated:
            problems.append("the attacker may advance only into a vacated hex")
        elif left := [
            c.unit.name for c in state.stack_at(target) if c.uid not in gone and c.uid not in moves
        ]:
            # air units at a base take no part in ground combat (16A); what becomes of them when
            # the hex falls is not in the rules texts, so hexcombat does not guess
            problems.append(
                f"the attacker may not advance into {state.hexmap.label(target)} while enemy "
                f"air units stand there ({', '.join(left)}): the rules texts do not say what "
                "becomes of them; move or remove them first"
            )
        exempt, attackers = set(resolution.attacker.exempt), set(resolution.attacker.uids)
        for uid in advance:
            if uid in exempt:
                problems.append("long-range artillery firing at two hexes may not advance (14A3)")
            elif uid not in attackers or uid in gone:
                problems.append("only surviving attackers may advance")
        moves.update({u: target for u in advance})
        if advance:
            notes.append(f"{len(advance)} unit(s) advance into {state.hexmap.label(target)}")
    if problems:
        raise GameError("; ".join(dict.fromkeys(problems)))
    entry = log_entry(state, resolution, eliminated, notes)
    entry.losses = _lost_in_words(state, losses)
    entry.retreats = retreat_words
    entry.advance = _advance_in_words(state, advance, target)
    pending = state.pending_roll  # the roll being applied: when it was made
    if pending is not None and pending.resolution is resolution:
        entry.rolled_at = pending.entry.rolled_at
    return ApplyCombat(eliminated, moves, entry)


def _units_in_words(state: GameState, uids: list[str]) -> str:
    """``Tank XXX ×2, Tank X``: the units by name, alike ones counted, in the order given."""
    counts: dict[str, int] = {}
    for uid in uids:
        name = state.counters[uid].unit.name
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} \u00d7{n}" for name, n in counts.items())


def _by_hex(state: GameState, uids: list[str]) -> dict[tuple[str, Hex], list[str]]:
    """``uids`` grouped by side and hex, in the order given."""
    groups: dict[tuple[str, Hex], list[str]] = {}
    for uid in uids:
        groups.setdefault((state.counters[uid].side, state.hex_of(uid)), []).append(uid)
    return groups


def _lost_in_words(state: GameState, losses: list[str]) -> list[str]:
    """The losses for the log: ``German: AT X ×2 in 0504``, one line per side and hex."""
    return [
        f"{side}: {_units_in_words(state, uids)} in {state.hexmap.label(h)}"
        for (side, h), uids in _by_hex(state, losses).items()
    ]


def _advance_in_words(state: GameState, advance: list[str], target: Hex) -> list[str]:
    """The advance for the log: ``Tank XXX ×3 from 0404 into 0504``, one line per hex left."""
    into = state.hexmap.label(target)
    return [
        f"{_units_in_words(state, uids)} from {state.hexmap.label(h)} into {into}"
        for (_side, h), uids in _by_hex(state, advance).items()
    ]


def log_entry(
    state: GameState, resolution: Resolution, eliminated: list[str], notes: list[str]
) -> CombatLogEntry:
    """The combat log's record: a one-line summary and the full working."""
    result, report = resolution.result, resolution.report
    label = state.hexmap.label(resolution.setup.target)
    sources = sorted({state.hexmap.label(state.hex_of(u)) for u in resolution.setup.attacker_uids})
    text = (
        f"{', '.join(sources)} -> {label}: {report.odds}, DRM {result.drm:+d}, "
        f"roll {result.die} = {result.modified_roll}: {result.code}"
    )
    details = [f"{s.rule}: {s.text}" for s in report.steps]
    details += [f"{s.rule}: {s.text}" for s in result.steps]
    if eliminated:
        names = ", ".join(state.counters[u].unit.name for u in eliminated)
        details.append(f"eliminated: {names}")
    details += notes
    return CombatLogEntry(text, details)
