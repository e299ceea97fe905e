"""Who may take part in a combat, what its result leaves alone, and what a player may do to a
counter between combats: the questions the game asks every ruleset, in the game's own words.

The game never names a rule of a particular ruleset for these: it asks the ruleset (see the
``Ruleset`` protocol in :mod:`hexcombat.rules.registry`) and shows the answer with the rule the
ruleset cites.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hexcombat.rules.counters import CounterSet
from hexcombat.rules.dice import Dice
from hexcombat.rules.errors import IllegalAttackError, RulesError
from hexcombat.rules.follow_ups import FollowUp, FollowUpResult, Standing
from hexcombat.rules.report import CombatResult, Outcome, Report
from hexcombat.rules.retreat import FreeRetreat
from hexcombat.rules.situation import Participant
from hexcombat.rules.status import FRESH, UnitStatus
from hexcombat.rules.units import Unit
from hexcombat.rules.vocabulary import DieSpec
from hexcombat.rules.wording import PLAIN_WORDING, PlainWording
from hexcombat.sourcefile import Problem, TomlSource


@dataclass(frozen=True)
class Refusal:
    """Why the rules forbid something, in the rule's words, and the rule that forbids it."""

    text: str
    rule: str
    who: str = "units"
    """Whom it is about, in the plural, for a sentence about them: ``air units``."""

    def __str__(self) -> str:
        """``text (rule)``, as every refusal of the rules reads (``text`` alone without one)."""
        return str(RulesError(self.text, self.rule)) if self.rule else self.text

    def error(self) -> IllegalAttackError:
        """The refusal raised as an attack the rules forbid."""
        return IllegalAttackError(self.text, self.rule)


REACH_REFUSAL = Refusal("units attack from adjacent hexes", "")
"""The plain rule of reach: an attack is made from the hexes next to the defender."""


@dataclass(frozen=True)
class CounterInPlay:
    """What a ruleset sees of a counter on the map: its unit, the counter it was taken from (None
    for a unit written inline) and the side that owns it; for an action with a roll (a
    recovery), its uid, its status, its hex's terrain and the counters stacked with it (a
    leader's morale modifier)."""

    unit: Unit
    counter_id: str | None
    owner: str
    uid: str = ""
    """The counter's id in the game: the target of the effects an action's roll has."""
    status: UnitStatus = FRESH
    terrain: str | None = None
    """Its hex's terrain (``town``, ``entrenchment``); None: not known."""
    stacked: tuple[CounterInPlay, ...] = ()
    """The other counters in its hex, top first (their own ``stacked`` left empty)."""


@dataclass(frozen=True)
class TurnNow:
    """Whose player-turn it is and its phase: what a counter may do hangs on them."""

    phasing_player: str
    phase: str


@dataclass(frozen=True)
class CounterAction:
    """Something a player may do to one counter outside combat: turn it into another counter of
    the counter sets (a unit flipped to its other side, ``becomes``), or roll a die whose
    result the ruleset works out (a recovery, ``die``; :meth:`BasicEligibility.
    counter_action_roll`), or both. Offered even when the rules forbid it now (``refused``), so
    a player who tries learns why."""

    key: str
    """What the game asks the ruleset for again when the player picks it, e.g. ``flip-mode``."""
    label: str
    """What a menu shows for the counter alone, without the rule: ``Flip to its other mode``."""
    text: str
    """The same with the unit named, for a menu listing several and for the undo history:
    ``Flip Gun III to its other mode``."""
    rule: str
    help: str
    """The rule in a sentence, for a tooltip."""
    becomes: str = ""
    """The id of the counter it turns into (the unit's other side in the counter sets); ""
    when it turns into none."""
    refused: Refusal | None = None
    """Why the rules forbid it now (None when allowed)."""
    die: DieSpec | None = None
    """The die the action rolls (a recovery's 2d6), resolved by the ruleset's
    ``counter_action_roll``; None: no roll."""

    @property
    def menu_text(self) -> str:
        """The label with its rule: ``Flip to its other mode (<rule>)``."""
        return f"{self.label} ({self.rule})"

    @property
    def done_text(self) -> str:
        """The text with its rule: ``Flip Gun III to its other mode (<rule>)``."""
        return f"{self.text} ({self.rule})"


def find_counter_action(
    actions: list[CounterAction], counter: CounterInPlay, key: str
) -> CounterAction:
    """The action ``key`` among ``actions``; :class:`RulesError` when the counter has none."""
    for action in actions:
        if action.key == key:
            return action
    raise RulesError(f"{counter.unit.name} has no {key!r} action under these rules")


class BasicEligibility:
    """The eligibility hooks of the ``Ruleset`` protocol at their plainest: every unit fights on
    the ground, attacks from an adjacent hex only and takes the result, and no counter has
    actions of its own. A ruleset overrides the hooks its rules answer otherwise."""

    wording: PlainWording = PLAIN_WORDING
    """A combat said in its report's and result's headlines (rules/wording.py)."""

    def chart_problems(
        self, source: TomlSource, counters: Callable[[], CounterSet]
    ) -> list[Problem]:
        """What the ruleset checks of a chart against the counter sets (``counters``, read
        only when asked): none by default."""
        return []

    def ground_combat_refusal(self, unit: Unit) -> Refusal | None:
        """Why ``unit`` takes no part in ground combat: every unit takes part."""
        return None

    def attack_refusal(self, unit: Unit) -> Refusal | None:
        """Why the rules forbid ``unit`` to attack at all: every unit may."""
        return None

    def attack_range(self, unit: Unit) -> int:
        """How many hexes from the defender ``unit`` may attack: adjacent only."""
        return 1

    def reach_refusal(self, unit: Unit, hexes: int) -> Refusal | None:
        """Why ``unit`` may not attack from ``hexes`` away, or None when it may (within its
        :meth:`attack_range`)."""
        if 1 <= hexes <= self.attack_range(unit):
            return None
        return REACH_REFUSAL

    def result_exemption(self, participant: Participant) -> Refusal | None:
        """Why the result leaves ``participant`` alone: it applies to every participant."""
        return None

    def participant_refusal(
        self, participant: Participant, companions: tuple[Participant, ...]
    ) -> Refusal | None:
        """Why ``participant`` may not attack as it is now (its status: disrupted, shocked) or
        in this company (``companions``: the other attackers; a leader alone): every unit in
        any state and company may."""
        return None

    def retreat_elimination(self, participant: Participant) -> Refusal | None:
        """Why ``participant`` is eliminated when its side must retreat, instead of retreating
        (14.3.3: unloaded towed guns, shocked AFVs, FPs): every unit retreats."""
        return None

    def free_retreat(self, participant: Participant) -> FreeRetreat | None:
        """Whether ``participant`` retreats free of the ruleset's retreat limits, and the marker
        it gets then (14.3.3: 4 MPs vehicles, marked in motion): none does."""
        return None

    def counter_actions(self, counter: CounterInPlay, turn: TurnNow) -> list[CounterAction]:
        """What a player may do to ``counter`` outside combat: nothing."""
        return []

    def counter_action(self, counter: CounterInPlay, turn: TurnNow, key: str) -> CounterAction:
        """The action ``key`` for ``counter``; :class:`RulesError` says why it has none."""
        return find_counter_action(self.counter_actions(counter, turn), counter, key)

    def counter_action_roll(
        self, counter: CounterInPlay, turn: TurnNow, key: str, dice: Dice
    ) -> FollowUpResult:
        """The action ``key`` (one with a ``die``) rolled with ``dice`` for ``counter``: the
        rolls, the effects on the counter (addressed by its ``uid``), and the headline; a
        ruleset whose actions roll must resolve them."""
        raise RulesError(f"{counter.unit.name}: the action {key!r} rolls no die under these rules")

    def follow_ups(
        self, report: Report, result: CombatResult, standing: Standing
    ) -> tuple[FollowUp, ...]:
        """What ``result`` calls for once its losses are taken (``standing``: the participants
        still in play): no follow-up by default."""
        return ()

    def follow_up_chances(
        self, report: Report, follow_up: FollowUp, standing: Standing, choice: str | None = None
    ) -> tuple[Outcome, ...]:
        """The exact chance of each way ``follow_up`` can end (for ``choice`` when it has
        choices): none by default."""
        return ()

    def resolve_follow_up(
        self,
        report: Report,
        follow_up: FollowUp,
        standing: Standing,
        dice: Dice,
        choice: str | None = None,
    ) -> FollowUpResult:
        """``follow_up`` rolled with ``dice`` (and the player's ``choice``); a ruleset that
        names follow-ups must resolve them."""
        raise RulesError(f"this ruleset has no follow-up {follow_up.kind!r}")
