"""The game in play: a map, the counters on it, and everything a save must keep.

Views subscribe to the state and never own it. Every change goes through a command
(:mod:`hexcombat.game.commands`) run by :meth:`GameState.execute`, which reports a
:class:`Change` to every subscriber so the screens refresh from that (Anki's operations).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Protocol

from hexcombat.board.graph import BoardGraph
from hexcombat.board.hexes import Hex
from hexcombat.board.mapfile import HexMap
from hexcombat.game.default_game import default_ruleset
from hexcombat.game.turn import default_phase, turn_text
from hexcombat.rules.counters import CounterSet
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.situation import Conditions
from hexcombat.rules.status import FRESH, UnitStatus
from hexcombat.rules.units import Unit
from hexcombat.rules.vocabulary import Vocabulary


class GameError(Exception):
    """A change the game cannot make, worded for the player."""


class IllegalMoveError(GameError):
    """A move the board forbids: off the map, or into a hex the other side holds."""


class RuleRefusedError(GameError):
    """A change a rule forbids, in the rule's own words (e.g. a CD flip outside the owner's
    initial phase). ``rule`` names the rule."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


MAX_SIDE_NAME = 40
"""The longest side name (``Soviet``, ``Western Allies``): a name of a million letters from a
shared file held the window for seconds."""


def side_name_problem(name: object) -> str | None:
    """Why ``name`` cannot name a side, or None when it can: a side is named by text with
    something to read in it. The one check for a scenario's ``[sides]`` and for a save's
    counters and phasing player, so a game that opens also saves and reopens."""
    if not isinstance(name, str):
        return f"a side is named by text in quotes, not {name!r}"
    if not name.strip():
        return f"a side's name may not be blank ({name!r})"
    if len(name) > MAX_SIDE_NAME:  # the turn, the panels and the log each lay it out
        return (
            f"a side's name is at most {MAX_SIDE_NAME} characters, not {len(name):,} "
            f"({name[:20]!r}...)"
        )
    return None


@dataclass
class Counter:
    """One counter on the map."""

    uid: str
    """Unique within the game (``c1``, ``c2``, ...): saves and commands refer to it."""
    unit: Unit
    """What the counter is: its capabilities from the counter set or defined inline."""
    side: str
    """The side it fights for, e.g. ``Soviet`` or ``Axis``."""
    counter_id: str | None = None
    """Its id in the counter library, or None for a unit defined inline."""
    status: UnitStatus = FRESH
    """Steps lost, its morale or cohesion state and its markers; changed only by the status
    commands (:mod:`hexcombat.game.status_commands`) and a combat's effects."""


@dataclass(frozen=True)
class Change:
    """What a command changed, so views redraw just that."""

    text: str
    """What happened, in words (the undo history shows it)."""
    hexes: frozenset[Hex] = frozenset()
    """Hexes whose stacks changed."""
    counters: frozenset[str] = frozenset()
    """Counters added, removed or moved."""
    log: bool = False
    """The combat log changed."""
    turn: bool = False
    """The phasing player or the phase changed (what the rules allow now may differ)."""
    conditions: bool = False
    """The game's weather or date changed."""
    roll: bool = False
    """Dice were rolled for an attack, or the roll was applied or undone (:attr:`GameState.
    pending_roll`)."""
    follow_ups: bool = False
    """The follow-ups waiting after a combat changed (:attr:`GameState.follow_ups`)."""


class Command(Protocol):
    """An undoable change to the game."""

    text: str

    def do(self, state: GameState) -> Change:
        """Make the change; raise :class:`GameError` (leaving the state as it was) if illegal."""
        ...

    def undo(self, state: GameState) -> Change:
        """Put the state back exactly as it was before :meth:`do`."""
        ...


MAX_ROLLS = 100_000
"""The most dice a saved game may say it has rolled. A long campaign rolls a few thousand; the
dice replay that many to continue their stream, so a save claiming more is refused rather than
freezing the program while it replays."""


MAX_STACK = 100
"""The most counters one hex may hold. Stacking rules allow a handful of counters in a hex (a
few divisions and their supports); a hundred leaves room for any game's markers and more. An
attack reaches the stacks in and around one hex, and choosing its losses weighs each counter
against the others, so a bigger stack is refused where it is written: a scenario's `count` or
entry, a save's counter, a move or a new counter in the program."""
MAX_COUNTERS = 20_000
"""The most counters a game may have. The largest campaign games have a few thousand counters
on the map; a save of twenty thousand opens in about three seconds in under 250 MB, so a file
asking for more is refused rather than filling the memory."""


class GameDice:
    """The game's own seeded dice. The seed and the number of rolls made are saved, so a reopened
    game continues the same stream (randomness is a parameter with a deterministic default)."""

    def __init__(self, seed: int = 1, used: int = 0) -> None:
        if not 0 <= used <= MAX_ROLLS:
            raise GameError(f"rolls_used must be 0 to {MAX_ROLLS}, not {used}")
        self.seed = seed
        self.used = 0
        self._rng = random.Random(seed)
        for _ in range(used):
            self.roll()

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        """One die roll, 1..sides."""
        self.used += 1
        return self._rng.randint(1, sides)

    def snapshot(self) -> tuple[int, object]:
        """Where the stream stands, so an undone roll puts the dice back exactly."""
        return self.used, self._rng.getstate()

    def restore(self, snapshot: tuple[int, object]) -> None:
        """Go back (or forward, for redo) to a :meth:`snapshot`."""
        self.used, rng_state = snapshot
        self._rng.setstate(rng_state)  # type: ignore[arg-type]


@dataclass
class CombatLogEntry:
    """One resolved combat, as the log dock and the save keep it."""

    text: str
    """A one-line summary: where, odds, DRM, roll, result."""
    details: list[str] = field(default_factory=list)
    """The working: each step with its rule, then what was applied."""
    rolled_at: str | None = None
    """When the dice were rolled: local time with its UTC offset, ISO 8601
    (``2026-11-23T21:14:05+01:00``); None in games saved before it was kept."""
    losses: list[str] = field(default_factory=list)
    """The losses taken, by unit name, each side's in its hex: ``German: AT X ×2 in 0504``."""
    retreats: list[str] = field(default_factory=list)
    """Each retreat, ``AT X ×3: 0504 -> 0605``, or ``AT X ×3 in 0504: no legal retreat,
    eliminated``."""
    advance: list[str] = field(default_factory=list)
    """The advance after combat: ``Tank XXX ×3 from 0404 into 0504``."""
    changes: list[str] = field(default_factory=list)
    """What a follow-up roll (a morale check) or a counter action's roll changed on the
    counters: ``Guards in 0504: disrupted (F1)``, or ``no change``; empty for a combat."""
    figures: list[tuple[str, str]] = field(default_factory=list)
    """The value and DRM of each line of :attr:`details`, in order, as the Combat panel showed
    them (``("3:1", "")``, ``("", "+1")``); lines past its end have none (games saved before
    they were kept have none at all)."""


Listener = Callable[[Change], None]


class FoughtSide(Protocol):
    """A side of a rolled attack: the counters the result applies to."""

    @property
    def uids(self) -> list[str]: ...


class FoughtSetup(Protocol):
    """What was attacked, and by whom."""

    @property
    def target(self) -> Hex: ...

    @property
    def attacker_uids(self) -> list[str]: ...


class RolledAttack(Protocol):
    """The attack a waiting roll was made for."""

    @property
    def setup(self) -> FoughtSetup: ...

    @property
    def defender(self) -> FoughtSide: ...


class WaitingRoll(Protocol):
    """What the game and its commands read of a roll whose result waits to be applied (a
    :class:`hexcombat.game.roll.PendingRoll`): the attack it was made for, so no change touches
    its counters, and its dice and log line, so undo takes it back exactly."""

    @property
    def resolution(self) -> RolledAttack: ...

    @property
    def rolls(self) -> tuple[int, ...]: ...

    @property
    def typed(self) -> bool: ...

    @property
    def entry(self) -> CombatLogEntry: ...


class WaitingFollowUps(Protocol):
    """What the game reads of the follow-ups waiting after a combat (a
    :class:`hexcombat.game.follow_ups.PendingFollowUps`): where the combat was, so no other
    attack rolls before they are done."""

    @property
    def where(self) -> str: ...


class GameState:
    """A map with stacks of counters, the rules in force, the dice and the combat log."""

    def __init__(
        self,
        hexmap: HexMap,
        *,
        ruleset: str | None = None,
        conditions: Conditions | None = None,
        library: CounterSet | None = None,
        title: str = "",
        seed: int = 1,
    ) -> None:
        self.hexmap = hexmap
        self.ruleset = ruleset or default_ruleset()
        """The id of the ruleset in force (a game given none: the built-in tutorial's)."""
        self.conditions = conditions or Conditions()
        self.library = library or CounterSet()
        self.title = title or hexmap.name
        self.dice = GameDice(seed)
        self.counters: dict[str, Counter] = {}
        self.log: list[CombatLogEntry] = []
        self.tutorial: list[str] = []
        """Walkthrough text of a tutorial scenario, shown beside the map."""
        self.description = ""
        """What the scenario is about, in its author's words (the tutorial dock shows it)."""
        self.map_text: str | None = None
        """The map file's TOML text, embedded in saves so a game never loses its map."""
        self.opened_note: str | None = None
        """What the player is told on opening it (a save's ruleset file differs from theirs)."""
        self.phase = default_phase(self.vocabulary)
        """The phase of the phasing player's turn (one of the ruleset's phases)."""
        self.chosen_phasing_player: str | None = None
        """The phasing player as set; None follows :attr:`phasing_player`'s default."""
        self.side_order: list[str] = []
        """Every side the game has known, in turn order: the scenario's (attacker, then
        defender), then each new side as its first counter comes on the map. Moves never reorder
        it, so the phasing player does not change by itself; saves keep it."""
        self.pending_roll: WaitingRoll | None = None
        """An attack rolled but not applied yet: no other roll until it is applied or undone."""
        self.follow_ups: WaitingFollowUps | None = None
        """The rolls and choices the last combat's result calls for after its losses (morale
        checks), in order, until each is resolved: no other attack rolls before them."""
        self.advanced: frozenset[str] = frozenset()
        """The counters that advanced after combat this turn, when the ruleset allows a unit
        one advance per turn (``Vocabulary.advance_once_per_turn``); a new turn or phase
        clears it. Saved with the game."""
        self._stacks: dict[Hex, list[str]] = {}
        self._where: dict[str, Hex] = {}
        self._side_counts: dict[str, int] = {}
        """How many counters each side has on the map: whose turn it is is asked at every
        change, and counting every counter then made a drop cost more the bigger the game."""
        self._units: dict[int, tuple[Unit, int]] = {}
        """Each distinct unit on the map (by identity) with its number of counters: the largest
        reach in play is asked at every attack set up, of a few units, not of every counter."""
        self._listeners: list[Listener] = []
        self._announced_turn: str | None = None
        """The turn as last announced to subscribers (:meth:`notify`)."""
        self._next_uid = 1

    @property
    def vocabulary(self) -> Vocabulary:
        """What the game's ruleset declares: its conditions, phases, dice, states, markers."""
        return get_ruleset(self.ruleset).vocabulary

    @cached_property
    def graph(self) -> BoardGraph:
        """The map's hexside graph, built the first time a query needs it."""
        return BoardGraph(self.hexmap)

    # -- reading -------------------------------------------------------------------------
    def stack_at(self, h: Hex) -> list[Counter]:
        """The counters in ``h``, top first."""
        return [self.counters[uid] for uid in self._stacks.get(h, ())]

    def hex_of(self, uid: str) -> Hex:
        """Where counter ``uid`` stands."""
        return self._where[uid]

    def stacks(self) -> dict[Hex, list[Counter]]:
        """Every occupied hex with its counters, top first."""
        return {h: self.stack_at(h) for h in self._stacks}

    def stack_size(self, h: Hex) -> int:
        """How many counters stand in ``h`` (without building the stack)."""
        return len(self._stacks.get(h, ()))

    def side_at(self, h: Hex) -> str | None:
        """The side holding ``h``, or None when it is empty."""
        uids = self._stacks.get(h)
        return self.counters[uids[0]].side if uids else None

    @property
    def sides(self) -> list[str]:
        """The sides with counters on the map, in turn order (:attr:`side_order`)."""
        present = self._side_counts
        return [side for side in self.side_order if present.get(side)]

    @property
    def phasing_player(self) -> str:
        """The side whose player-turn it is: as set, else the first side ("" on an empty map)."""
        if self.chosen_phasing_player is not None:
            return self.chosen_phasing_player
        sides = self.sides
        return sides[0] if sides else ""

    @property
    def turn(self) -> str:
        """``Soviet's combat phase``: the one wording of the turn that every view shows."""
        return turn_text(self.phasing_player, self.phase)

    @property
    def players(self) -> list[str]:
        """The sides that may be the phasing player: those on the map, and the one set."""
        players = self.sides
        if self.chosen_phasing_player and self.chosen_phasing_player not in players:
            players.append(self.chosen_phasing_player)
        return players

    def units_in_play(self) -> list[Unit]:
        """Each distinct unit on the map once (counters of one kind share their unit)."""
        return [unit for unit, _ in self._units.values()]

    def occupied_by(self, side: str) -> set[Hex]:
        """Hexes holding counters of ``side``."""
        return {h for h, uids in self._stacks.items() if self.counters[uids[0]].side == side}

    def occupied_by_others(self, side: str) -> set[Hex]:
        """Hexes holding counters of any side but ``side``."""
        return {h for h, uids in self._stacks.items() if self.counters[uids[0]].side != side}

    # -- changing (only commands call these) ---------------------------------------------
    def new_uid(self) -> str:
        """A counter id not used before in this game."""
        while f"c{self._next_uid}" in self.counters:
            self._next_uid += 1
        uid = f"c{self._next_uid}"
        self._next_uid += 1
        return uid

    def check_no_roll_waiting(self, change: str) -> None:
        """Raise :class:`GameError` while a rolled result waits: ``change`` would alter the
        attack the dice were rolled for."""
        if self.pending_roll is not None:
            raise GameError(
                f"the dice are rolled for an attack: apply its result, or undo the roll, "
                f"before changing {change}"
            )

    def check_roll_spares(self, uids: Iterable[str], hexes: Iterable[Hex] = ()) -> None:
        """Raise :class:`GameError` when a change would touch the attack whose result waits to
        be applied (its counters, or its target hex): the result was rolled for them."""
        pending = self.pending_roll
        if pending is None:
            return
        resolution = pending.resolution
        situation = resolution.report.situation
        fought = {*resolution.setup.attacker_uids, *(p.id for p in situation.defenders)}
        if fought & set(uids) or resolution.setup.target in set(hexes):
            label = self.hexmap.label(resolution.setup.target)
            raise GameError(
                f"the attack on {label} is rolled: apply its result, or undo the roll, before "
                "changing the counters that fought it"
            )

    def check_can_enter(self, h: Hex, side: str) -> None:
        """Raise :class:`IllegalMoveError` unless ``side`` may stack in ``h``."""
        if h not in self.hexmap:
            raise IllegalMoveError(f"that spot is off the map {self.hexmap.name!r}")
        holder = self.side_at(h)
        if holder is not None and holder != side:
            label = self.hexmap.label(h)
            raise IllegalMoveError(f"hex {label} is held by {holder}: sides may not share a hex")

    def check_room(
        self, arrivals: Mapping[Hex, Iterable[str]], leaving: Iterable[str] = ()
    ) -> None:
        """Raise :class:`IllegalMoveError` when counters arriving in a hex (those not there
        already) would make its stack more than :data:`MAX_STACK`, or the game more than
        :data:`MAX_COUNTERS`; counters ``leaving`` (eliminated, retreating) free their place."""
        new = {uid for uids in arrivals.values() for uid in uids if uid not in self.counters}
        if len(self.counters) + len(new) > MAX_COUNTERS:
            raise IllegalMoveError(f"a game holds at most {MAX_COUNTERS} counters")
        gone = set(leaving)
        for h, uids in arrivals.items():
            here = set(self._stacks.get(h, ())) - gone
            size = len(here) + sum(1 for uid in set(uids) if uid not in here)
            if size > MAX_STACK:
                raise IllegalMoveError(
                    f"hex {self.hexmap.label(h)} would hold {size} counters; a hex holds at "
                    f"most {MAX_STACK}"
                )

    def place(self, counter: Counter, h: Hex, index: int = 0) -> None:
        """Put ``counter`` into the stack at ``h`` (index 0 = on top)."""
        self._know_side(counter.side)
        self._count_side(counter.side, 1)
        self._count_unit(counter.unit, 1)
        self.counters[counter.uid] = counter
        stack = self._stacks.setdefault(h, [])
        stack.insert(max(0, min(index, len(stack))), counter.uid)
        self._where[counter.uid] = h

    def lift(self, uid: str) -> tuple[Counter, Hex, int]:
        """Take ``uid`` off the map; returns it with where it was, for undo."""
        h = self._where.pop(uid)
        stack = self._stacks[h]
        index = stack.index(uid)
        stack.pop(index)
        if not stack:
            del self._stacks[h]
        counter = self.counters.pop(uid)
        self._count_side(counter.side, -1)
        self._count_unit(counter.unit, -1)
        return counter, h, index

    def replace_counter(self, counter: Counter) -> Counter:
        """Put ``counter`` where the counter with its uid stands (a flipped counter keeps its
        place in the stack); returns the one it replaced, for undo."""
        old = self.counters[counter.uid]
        self._know_side(counter.side)
        self._count_side(old.side, -1)
        self._count_side(counter.side, 1)
        self._count_unit(old.unit, -1)
        self._count_unit(counter.unit, 1)
        self.counters[counter.uid] = counter
        return old

    def _count_side(self, side: str, by: int) -> None:
        """Keep :attr:`sides` answerable without scanning every counter."""
        left = self._side_counts.get(side, 0) + by
        if left:
            self._side_counts[side] = left
        else:
            self._side_counts.pop(side, None)

    def _count_unit(self, unit: Unit, by: int) -> None:
        """Keep :meth:`units_in_play` answerable without scanning every counter."""
        key = id(unit)
        left = self._units.get(key, (unit, 0))[1] + by
        if left:
            self._units[key] = (unit, left)
        else:
            self._units.pop(key, None)

    def _know_side(self, side: str) -> None:
        """A side new to the game takes its turn after the sides already known."""
        if side not in self.side_order:
            self.side_order.append(side)

    def reorder(self, h: Hex, order: list[str]) -> list[str]:
        """Set the order of the stack at ``h``; returns the old order."""
        old = list(self._stacks.get(h, ()))
        if sorted(old) != sorted(order):
            raise GameError("a new stack order must list exactly the counters in the stack")
        self._stacks[h] = list(order)
        return old

    # -- commands and subscribers --------------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with every :class:`Change`."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        """Stop calling ``listener``."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    def notify(self, change: Change) -> None:
        """Tell every subscriber what changed. A change that makes another side the phasing
        player (the first counter on a bare map, or the last of a side taken off) is a change of
        turn too, so every view showing the turn refreshes from this one place."""
        if self.turn != self._announced_turn:
            self._announced_turn = self.turn
            if not change.turn:
                change = replace(change, turn=True)
        for listener in list(self._listeners):
            listener(change)

    def execute(self, command: Command) -> Change:
        """Run a command and report its change (the undo stack calls ``do``/``undo`` itself)."""
        change = command.do(self)
        self.notify(change)
        return change

    def counter_from_library(self, counter_id: str, side: str) -> Counter:
        """A new counter of library entry ``counter_id`` for ``side``."""
        if counter_id not in self.library:
            raise GameError(f"no counter {counter_id!r} in the counter sets")
        return Counter(self.new_uid(), self.library[counter_id], side, counter_id)


def counters_in(state: GameState, uids: Iterable[str]) -> list[Counter]:
    """The counters for ``uids``; an unknown uid raises :class:`GameError`."""
    try:
        return [state.counters[uid] for uid in uids]
    except KeyError as exc:
        raise GameError(f"no counter {exc.args[0]!r} in this game") from None
