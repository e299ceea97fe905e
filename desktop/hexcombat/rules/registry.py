"""The rulesets hexcombat knows, by the id a scenario names (``ruleset = "total-war"``).

A ruleset is a module with a small surface: ``evaluate`` a combat situation into a report, and
``resolve`` a report with dice into a result. Preview and resolution are the same function of the
same inputs, so what the panel promises is what the roll applies.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from hexcombat.rules.counters import CounterSet
from hexcombat.rules.dice import Dice
from hexcombat.rules.eligibility import CounterAction, CounterInPlay, Refusal, TurnNow
from hexcombat.rules.errors import RulesError
from hexcombat.rules.follow_ups import FollowUp, FollowUpResult, Standing
from hexcombat.rules.losses import LossPolicy
from hexcombat.rules.report import CombatResult, Outcome, Report
from hexcombat.rules.retreat import FreeRetreat, RetreatRules
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.units import CapabilityKind, Unit, set_capability_source
from hexcombat.rules.vocabulary import Vocabulary
from hexcombat.rules.wording import PlainWording
from hexcombat.sourcefile import Problem, TomlSource


class Ruleset(Protocol):
    """What every ruleset module provides as its ``RULESET`` object."""

    id: str
    """The id scenarios use, e.g. ``total-war``."""
    title: str
    """What a player reads, e.g. ``Total War (Europa) rules 14D, 14A, 23D``."""
    retreat: RetreatRules
    """What blocks a beaten stack's retreat (enemy zones of control, terrain, hexsides)."""
    vocabulary: Vocabulary
    """The conditions, unit capabilities, dice, phases, states and markers the ruleset reads:
    the game, the checks and the panel offer exactly these."""
    wording: PlainWording
    """How a combat is said in one line: the panel's heading, the roll, the log's line
    (rules/wording.py; ``BasicEligibility`` gives the report's and the result's headlines)."""

    def evaluate(self, situation: CombatSituation) -> Report:
        """Every modifier with its rule, the odds, and the chance of every outcome."""
        ...

    def resolve(self, report: Report, dice: Dice) -> CombatResult:
        """The combat resolved with ``dice``: result code, losses, retreats, advance."""
        ...

    def loss_policy(self, report: Report, result: CombatResult) -> LossPolicy:
        """What ``result`` requires each side to lose, for the participants by their ids: the
        choices a player has and why one is refused."""
        ...

    # who fights, from where, and what the result leaves alone (rules/eligibility.py; both
    # Europa rulesets share rules/europa_eligibility.py)

    def ground_combat_refusal(self, unit: Unit) -> Refusal | None:
        """Why ``unit`` takes no part in ground combat at all (neither attacking nor
        defending), or None when it fights."""
        ...

    def attack_refusal(self, unit: Unit) -> Refusal | None:
        """Why the rules forbid ``unit`` to attack at all, or None when it may."""
        ...

    def attack_range(self, unit: Unit) -> int:
        """How many hexes from the defender ``unit`` may attack (1: adjacent only)."""
        ...

    def reach_refusal(self, unit: Unit, hexes: int) -> Refusal | None:
        """Why ``unit`` may not attack from ``hexes`` away (beyond its reach), or None."""
        ...

    def result_exemption(self, participant: Participant) -> Refusal | None:
        """Why the combat result leaves ``participant`` alone (it loses nothing, counts in no
        exchange and may not advance), or None when the result applies to it."""
        ...

    def participant_refusal(
        self, participant: Participant, companions: tuple[Participant, ...]
    ) -> Refusal | None:
        """Why ``participant`` may not attack as it is in play (its ``status``: only troops in
        good order assault) or with these ``companions`` (the other attackers: a leader only
        with a combat unit), or None when it may."""
        ...

    def retreat_elimination(self, participant: Participant) -> Refusal | None:
        """Why ``participant`` is eliminated instead of retreating when its side must retreat
        (the refusal's text and rule), or None when it retreats."""
        ...

    def free_retreat(self, participant: Participant) -> FreeRetreat | None:
        """Whether ``participant`` retreats free of the ruleset's ``retreat`` limits (and the
        marker it gets when it does), or None."""
        ...

    def chart_problems(
        self, source: TomlSource, counters: Callable[[], CounterSet]
    ) -> list[Problem]:
        """What the ruleset checks of a chart file against the counter sets (``counters`` read
        only when asked), each at its line; ``hexcombat check`` reports them."""
        ...

    def counter_actions(self, counter: CounterInPlay, turn: TurnNow) -> list[CounterAction]:
        """What a player may do to ``counter`` outside combat (a menu offers each), with why
        the rules forbid it now."""
        ...

    def counter_action(self, counter: CounterInPlay, turn: TurnNow, key: str) -> CounterAction:
        """The action ``key`` for ``counter``; :class:`RulesError` says why it has none."""
        ...

    def counter_action_roll(
        self, counter: CounterInPlay, turn: TurnNow, key: str, dice: Dice
    ) -> FollowUpResult:
        """The action ``key`` whose ``die`` is set (a recovery), rolled with ``dice`` for
        ``counter``: rolls, effects on the counter (by its ``uid``) and a headline."""
        ...

    # what a result calls for after its losses (rules/follow_ups.py): morale and cohesion
    # checks, leader loss, vehicle destruction attempts, each its own roll or choice

    def follow_ups(
        self, report: Report, result: CombatResult, standing: Standing
    ) -> tuple[FollowUp, ...]:
        """What ``result`` calls for once its losses are taken, given the participants still
        in play (``standing``, by id, with their status after the losses)."""
        ...

    def follow_up_chances(
        self, report: Report, follow_up: FollowUp, standing: Standing, choice: str | None = None
    ) -> tuple[Outcome, ...]:
        """The exact chance of each way ``follow_up`` can end, adding up to 1."""
        ...

    def resolve_follow_up(
        self,
        report: Report,
        follow_up: FollowUp,
        standing: Standing,
        dice: Dice,
        choice: str | None = None,
    ) -> FollowUpResult:
        """``follow_up`` rolled with ``dice`` (and the player's ``choice`` among its
        ``choices``): the rolls, the effects, and any follow-ups it calls for."""
        ...


_MODULES = {
    "total-war": "hexcombat.rules.total_war",
    "armour-ratio": "hexcombat.rules.armour_ratio",
    "lhy-assault": "hexcombat.rules.lhy_assault",
    "assault-morale": "hexcombat.rules.assault_morale",
}


@contextmanager
def register_ruleset(ruleset_id: str, module_path: str) -> Iterator[Ruleset]:
    """Make the ruleset module ``module_path`` (its ``RULESET``) known as ``ruleset_id`` while
    the ``with`` block runs, then forget it: how the conformance suite plays its tiny test
    ruleset, and how a new ruleset is tried before it is listed in :data:`_MODULES`. An id
    already known is refused, so a test cannot shadow a shipped ruleset."""
    if ruleset_id in _MODULES:
        raise RulesError(f"a ruleset {ruleset_id!r} is already registered")
    _MODULES[ruleset_id] = module_path
    try:
        yield get_ruleset(ruleset_id)
    finally:
        del _MODULES[ruleset_id]


def ruleset_ids() -> tuple[str, ...]:
    """The ids of the rulesets a scenario may name: the built-in ones, then those found in
    ruleset files (the shipped example games, the player's rulesets folder, then beside the
    scenarios opened or carried by a save)."""
    files = _file_rulesets()
    return (
        *_MODULES,
        *(r for r in files if r not in _MODULES),
        *(r for r in _beside if r not in files),
    )


def builtin_ruleset_ids() -> tuple[str, ...]:
    """The ids of the rulesets written in Python (a ruleset file may not take one)."""
    return tuple(_MODULES)


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset for ``ruleset_id``; an unknown id raises :class:`RulesError` naming the known
    (and any ruleset file left out, with why)."""
    module = _MODULES.get(ruleset_id)
    if module is not None:
        return importlib.import_module(module).RULESET  # type: ignore[no-any-return]
    found = _beside.get(ruleset_id) or _file_rulesets().get(ruleset_id)
    if found is not None:
        return found
    message = f"unknown ruleset {ruleset_id!r}; hexcombat knows {', '.join(ruleset_ids())}"
    if _file_left_out:
        message += " (" + "; ".join(map(str, _file_left_out)) + ")"
    raise RulesError(message)


# --- rulesets written as files (docs/ruleset-file.md): a family finds them ------------------

_FILE_FAMILIES = ("hexcombat.rules.datafile",)
"""The ruleset families that find rulesets in files, by module: each gives ``RULESET_FILES``
(the rulesets of the player's rulesets folder) and ``RULESET_BESIDE`` (the one a scenario
names beside it). Imported only when first asked, like :data:`_MODULES`."""
_files: dict[str, Ruleset] | None = None
_file_left_out: list[FileLeftOut] = []
_beside: dict[str, Ruleset] = {}


@dataclass(frozen=True)
class FileLeftOut:
    """A ruleset file hexcombat could not play, and why: the rest play on."""

    where: str
    reason: str

    def __str__(self) -> str:
        return f"{self.where}: left out: {self.reason}"


def _file_rulesets() -> dict[str, Ruleset]:
    """The rulesets of the player's rulesets folder, found once (:func:`rescan_files`)."""
    global _files
    if _files is None:
        _files = {}
        for family in _FILE_FAMILIES:
            found, left = importlib.import_module(family).RULESET_FILES(tuple(_MODULES))
            for ruleset in found:
                _files.setdefault(ruleset.id, ruleset)
            _file_left_out.extend(FileLeftOut(where, reason) for where, reason in left)
    return _files


def rescan_files() -> tuple[FileLeftOut, ...]:
    """Look in the player's rulesets folder again (a file added or mended while running);
    the files left out this time."""
    global _files
    _files = None
    _file_left_out.clear()
    _file_rulesets()
    return tuple(_file_left_out)


def files_left_out() -> tuple[FileLeftOut, ...]:
    """The ruleset files that could not be played, each with why."""
    _file_rulesets()
    return tuple(_file_left_out)


def find_beside(folder: Path, ruleset_id: str) -> list[Problem]:
    """Make the ruleset file a scenario in ``folder`` names (``<ruleset_id>.toml`` beside it)
    known by its id, when no ruleset has that id yet; its problems when it has any (empty:
    found, or no such file)."""
    if ruleset_id in ruleset_ids() or not ruleset_id:
        return []
    for family in _FILE_FAMILIES:
        ruleset, problems = importlib.import_module(family).RULESET_BESIDE(
            folder, ruleset_id, tuple(_MODULES)
        )
        if ruleset is not None:
            _beside[ruleset_id] = ruleset
            return []
        if problems:
            return list(problems)
    return []


def ruleset_from_text(text: str, name: str) -> Ruleset:
    """A ruleset file's whole ``text`` as a ruleset (the copy a saved game carries), read by the
    file family; :class:`~hexcombat.sourcefile.SourceError` names its problems at ``name``."""
    family = importlib.import_module(_FILE_FAMILIES[0])
    return family.RULESET_TEXT(text, name, tuple(_MODULES))  # type: ignore[no-any-return]


def play_ruleset(ruleset: Ruleset) -> None:
    """Play ``ruleset`` under its id from now on, in place of a ruleset file of that id: the
    copy of its ruleset file a saved game carries. A built-in ruleset's id is refused."""
    if ruleset.id in _MODULES:
        raise RulesError(f"{ruleset.id!r} is a built-in ruleset's id")
    _beside[ruleset.id] = ruleset


_KIND_CACHE: dict[tuple[str, ...], tuple[CapabilityKind, ...]] = {}


def unit_capability_kinds() -> tuple[CapabilityKind, ...]:
    """Every unit capability a registered ruleset declares (its vocabulary's
    ``unit_capabilities``), each once: the keys a counter table may have beyond the shared ones,
    whichever game it is of."""
    ids = ruleset_ids()
    if ids not in _KIND_CACHE:
        found: list[CapabilityKind] = []
        for ruleset_id in ids:
            for kind in get_ruleset(ruleset_id).vocabulary.unit_capabilities:
                if all(kind is not k for k in found):
                    found.append(kind)
        _KIND_CACHE[ids] = tuple(found)
    return _KIND_CACHE[ids]


set_capability_source(unit_capability_kinds)
