"""The rulesets hexcombat knows, by the id a scenario names (``ruleset = "<id>"``), found by
discovery, never listed: a ruleset is

- a folder (a sub-package) of :data:`RULESETS_PACKAGE` whose ``__init__`` provides ``RULESET``
  (a folder without one is a family package, shared code of several rulesets, and is passed by);
- or an installed Python package declaring an entry point in the group :data:`ENTRY_POINT_GROUP`
  (``odds-d6 = "my_game.odds_d6"`` in its ``[project.entry-points."hexcombat.rulesets"]``), naming
  a module with ``RULESET`` or the ruleset object itself, as pytest finds ``pytest11`` plug-ins;
- or, for tests, a module made known for a while with :func:`register_ruleset`;
- or a ruleset written as a file, without code (docs/ruleset-file.md), in the player's rulesets
  folder or beside the scenario that names it: a family folder that finds such files gives
  ``RULESET_FILES`` and ``RULESET_BESIDE`` (:func:`find_beside`).

Its id is its ``RULESET.id``. A folder or plug-in that cannot be taken (it fails to import, names
no ruleset, or takes an id already taken) never stops the program: it is left out, and
:func:`left_out` says which and why (``hexcombat check`` and the start page show it).

A ruleset is an object with a small surface: ``evaluate`` a combat situation into a report, and
``resolve`` a report with dice into a result. Preview and resolution are the same function of the
same inputs, so what the panel promises is what the roll applies.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import Protocol

from hexcombat.rules.counters import CounterSet
from hexcombat.rules.declarations import NONE, Declarations
from hexcombat.rules.dice import Dice
from hexcombat.rules.eligibility import CounterAction, CounterInPlay, Refusal, TurnNow
from hexcombat.rules.errors import RulesError
from hexcombat.rules.follow_ups import FollowUp, FollowUpResult, Standing
from hexcombat.rules.losses import LossPolicy
from hexcombat.rules.report import CombatResult, Outcome, Report
from hexcombat.rules.retreat import FreeRetreat, RetreatRules
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.units import (
    CapabilityKind,
    Unit,
    set_capability_source,
    set_size_source,
    set_type_source,
)
from hexcombat.rules.vocabulary import Vocabulary
from hexcombat.rules.wording import PlainWording
from hexcombat.sourcefile import Problem, TomlSource


class Ruleset(Protocol):
    """What every ruleset module provides as its ``RULESET`` object."""

    id: str
    """The id scenarios use, e.g. ``total-war``: the ruleset's own, never given elsewhere."""
    title: str
    """What a player reads: the game and the rules it implements."""
    retreat: RetreatRules
    """What blocks a beaten stack's retreat (enemy zones of control, terrain, hexsides)."""
    vocabulary: Vocabulary
    """The conditions, unit capabilities, dice, phases, states and markers the ruleset reads:
    the game, the checks and the panel offer exactly these."""
    wording: PlainWording
    """How a combat is said in one line: the panel's heading, the roll, the log's line
    (rules/wording.py; ``BasicEligibility`` gives the report's and the result's headlines)."""
    references: Mapping[str, str]
    """What each rule reference its steps cite says, in short (the combat panel's tooltips):
    usually a :class:`~hexcombat.rules.references.ReferencesFile` in its own folder. A ruleset
    may also set ``declares`` (:class:`~hexcombat.rules.declarations.Declarations`: its game,
    chart kinds, tutorials and counter sets); :func:`declarations` reads it."""

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

    # who fights, from where, and what the result leaves alone (rules/eligibility.py; a family
    # of rulesets may share its own)

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


RULESETS_PACKAGE = "hexcombat.rulesets"
"""The package whose folders (sub-packages) are rulesets: the one place that names it."""

ENTRY_POINT_GROUP = "hexcombat.rulesets"
"""The entry-point group an installed package declares its ruleset in."""


@dataclass(frozen=True)
class LeftOut:
    """A ruleset folder or plug-in hexcombat could not take, and why: the rest play on."""

    where: str
    """The folder (its path) or the plug-in (its distribution and entry point)."""
    reason: str

    def __str__(self) -> str:
        return f"{self.where}: left out: {self.reason}"


@dataclass(frozen=True)
class _Candidate:
    """A place a ruleset may come from, not yet imported."""

    where: str
    load: Callable[[], object]
    folder: bool
    """A folder of the rulesets package: one without ``RULESET`` is a family package."""


@dataclass
class _Found:
    rulesets: dict[str, Ruleset]
    where: dict[str, str]
    left_out: tuple[LeftOut, ...]
    file_families: tuple[ModuleType, ...] = ()
    """Family folders that find rulesets written as files (their ``RULESET_FILES``)."""


_found: _Found | None = None
_registered: dict[str, str] = {}
"""Rulesets made known by :func:`register_ruleset`: id -> module path."""


def _folders() -> Iterator[_Candidate]:
    """Every folder of the rulesets package, in the order of their names (whatever order the
    importer lists them in: a frozen build's differs)."""
    package = importlib.import_module(RULESETS_PACKAGE)
    found = pkgutil.iter_modules(package.__path__, f"{RULESETS_PACKAGE}.")
    for info in sorted(found, key=lambda info: info.name):
        if not info.ispkg:
            continue
        base = getattr(info.module_finder, "path", None)
        folder = Path(base) / info.name.rsplit(".", 1)[1] if base else info.name
        yield _Candidate(
            f"ruleset folder {folder}",
            lambda name=info.name: importlib.import_module(name),
            folder=True,
        )


def _plugins() -> Iterator[_Candidate]:
    """Every entry point of :data:`ENTRY_POINT_GROUP` among the installed packages."""
    for entry in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        dist = entry.dist.name if entry.dist is not None else "an installed package"
        where = f"ruleset plug-in {dist} (entry point {entry.name} = {entry.value})"
        yield _Candidate(where, entry.load, folder=False)


def _ruleset_in(loaded: object) -> object | None:
    """The ruleset a module provides (its ``RULESET``), or the object an entry point names."""
    if isinstance(loaded, ModuleType):
        return getattr(loaded, "RULESET", None)
    return loaded


def _not_a_ruleset(ruleset: object) -> str | None:
    """Why ``ruleset`` cannot be played, or None: what every caller reads first."""
    rid = getattr(ruleset, "id", None)
    if not isinstance(rid, str) or not rid.strip():
        return 'its RULESET has no id (text, e.g. id = "my-game")'
    if not callable(getattr(ruleset, "evaluate", None)):
        return f"its RULESET {rid!r} has no evaluate(situation)"
    if not isinstance(getattr(ruleset, "declares", NONE), Declarations):
        return f"its RULESET {rid!r} declares something that is not a Declarations"
    return None


def _discover() -> _Found:
    """Import every folder and plug-in once, keeping the rulesets and what was left out."""
    rulesets: dict[str, Ruleset] = {}
    where: dict[str, str] = {}
    left_out: list[LeftOut] = []
    file_families: list[ModuleType] = []
    for candidate in [*_folders(), *_plugins()]:
        try:
            loaded = candidate.load()
        except Exception as exc:  # a broken folder or plug-in: the others play on
            left_out.append(LeftOut(candidate.where, f"{type(exc).__name__}: {exc}"))
            continue
        ruleset = _ruleset_in(loaded)
        if ruleset is None:
            if not candidate.folder:
                left_out.append(LeftOut(candidate.where, "it names no RULESET"))
            elif isinstance(loaded, ModuleType) and callable(
                getattr(loaded, "RULESET_FILES", None)
            ):
                file_families.append(loaded)  # it finds rulesets written as files
            continue  # a family package: shared code, not a ruleset
        if problem := _not_a_ruleset(ruleset):
            left_out.append(LeftOut(candidate.where, problem))
            continue
        rid = ruleset.id  # type: ignore[attr-defined]
        if rid in rulesets:
            left_out.append(
                LeftOut(candidate.where, f"the id {rid!r} is already taken by {where[rid]}")
            )
            continue
        rulesets[rid] = ruleset  # type: ignore[assignment]
        where[rid] = candidate.where
    return _Found(rulesets, where, tuple(left_out), tuple(file_families))


_generation = 0
"""Bumped whenever a ruleset may have come, gone or been replaced under its id (found again,
registered, played from a save's copy, found beside a scenario): the declared-vocabulary
caches below are keyed on it as well as on the ids, so they never answer for a copy replaced."""


def _changed() -> None:
    global _generation
    _generation += 1
    for cache in (_KIND_CACHE, _TYPE_CACHE, _SIZE_CACHE):  # older answers are never asked again
        cache.clear()


def _known() -> _Found:
    global _found
    if _found is None:
        _found = _discover()
        _changed()
    return _found


def rescan() -> tuple[LeftOut, ...]:
    """Look for rulesets again (a folder added, a package installed while running, a test's
    temporary folder); what is left out this time."""
    global _found, _files
    _found, _files = None, None
    _file_left_out.clear()
    return _known().left_out


def left_out() -> tuple[LeftOut, ...]:
    """The ruleset folders, plug-ins and ruleset files of the player's rulesets folder that
    could not be taken, each with why."""
    return (*_known().left_out, *files_left_out())


@contextmanager
def register_ruleset(ruleset_id: str, module_path: str) -> Iterator[Ruleset]:
    """Make the ruleset module ``module_path`` (its ``RULESET``) known as ``ruleset_id`` while
    the ``with`` block runs, then forget it: how the conformance suite plays its test rulesets
    kept in the tests. An id already known is refused, so a test cannot shadow a found ruleset."""
    if ruleset_id in ruleset_ids():
        raise RulesError(f"a ruleset {ruleset_id!r} is already registered")
    _registered[ruleset_id] = module_path
    _changed()
    try:
        yield get_ruleset(ruleset_id)
    finally:
        del _registered[ruleset_id]
        _changed()


def ruleset_ids() -> tuple[str, ...]:
    """The ids of the rulesets a scenario may name: the folders' (in the order of their
    names), the plug-ins', those registered for a test, then those written as ruleset files
    (the player's rulesets folder, then beside the scenarios opened; docs/ruleset-file.md)."""
    found = (*_known().rulesets, *_registered)
    files = tuple(r for r in (*_file_rulesets(), *_beside) if r not in found)
    return (*found, *dict.fromkeys(files))


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset for ``ruleset_id``; an unknown id raises :class:`RulesError` naming the known
    (and any ruleset left out, with why)."""
    found = _known()
    if ruleset_id in found.rulesets:
        return found.rulesets[ruleset_id]
    module = _registered.get(ruleset_id)
    if module is not None:
        return importlib.import_module(module).RULESET  # type: ignore[no-any-return]
    written = _beside.get(ruleset_id) or _file_rulesets().get(ruleset_id)  # a save's copy first
    if written is not None:
        return written
    message = f"unknown ruleset {ruleset_id!r}; hexcombat knows {', '.join(ruleset_ids())}"
    left = (*found.left_out, *_file_left_out)
    if left:
        message += " (" + "; ".join(map(str, left)) + ")"
    raise RulesError(message)


def declarations(ruleset_id: str) -> Declarations:
    """What the ruleset ``ruleset_id`` declares (its ``declares``; none for a ruleset without)."""
    declared = getattr(get_ruleset(ruleset_id), "declares", NONE)
    return declared if isinstance(declared, Declarations) else NONE


# --- rulesets written as files (docs/ruleset-file.md) ------------------------------------------
# A family folder of the rulesets package that finds rulesets in files gives ``RULESET_FILES``
# (the rulesets of the player's rulesets folder, and the files left out) and ``RULESET_BESIDE``
# (the file a scenario names beside it); discovery notes such folders (``_Found.file_families``).

_files: dict[str, Ruleset] | None = None
_file_left_out: list[LeftOut] = []
_beside: dict[str, Ruleset] = {}


def _file_rulesets() -> dict[str, Ruleset]:
    """The rulesets of the player's rulesets folder, found once (:func:`rescan`)."""
    global _files
    if _files is None:
        _files = {}
        builtin = (*_known().rulesets, *_registered)
        for family in _known().file_families:
            found, left = family.RULESET_FILES(builtin)
            for ruleset in found:
                _files.setdefault(ruleset.id, ruleset)
            _file_left_out.extend(LeftOut(where, reason) for where, reason in left)
        _changed()
    return _files


def files_left_out() -> tuple[LeftOut, ...]:
    """The ruleset files of the player's rulesets folder that could not be played, with why."""
    _file_rulesets()
    return tuple(_file_left_out)


def ruleset_file_problems(source: TomlSource) -> list[Problem] | None:
    """Every problem of ``source`` when it is a ruleset written as a file (a family that finds
    such files recognises it: ``RULESET_FILE_PROBLEMS``); None when it is no such file.
    ``hexcombat check`` asks this, importing no ruleset."""
    builtin = (*_known().rulesets, *_registered)
    for family in _known().file_families:
        found = family.RULESET_FILE_PROBLEMS(source, builtin)
        if found is not None:
            return list(found)
    return None


def find_beside(folder: Path, ruleset_id: str) -> list[Problem]:
    """Make the ruleset file a scenario in ``folder`` names (``<ruleset_id>.toml`` beside it)
    known by its id, when no ruleset has that id yet; its problems when it has any (empty:
    found, or no such file)."""
    if not ruleset_id or ruleset_id in ruleset_ids():
        return []
    builtin = (*_known().rulesets, *_registered)
    for family in _known().file_families:
        ruleset, problems = family.RULESET_BESIDE(folder, ruleset_id, builtin)
        if ruleset is not None:
            _beside[ruleset_id] = ruleset
            _changed()
            return []
        if problems:
            return list(problems)
    return []


def builtin_ruleset_ids() -> tuple[str, ...]:
    """The ids of the rulesets written as code (folders, plug-ins, a test's): a ruleset file
    may not take one."""
    return (*_known().rulesets, *_registered)


def ruleset_from_text(text: str, name: str) -> Ruleset:
    """A ruleset file's whole ``text`` as a ruleset (the copy a saved game carries), read by the
    file family; :class:`~hexcombat.sourcefile.SourceError` names its problems at ``name``."""
    family = _known().file_families[0]
    return family.RULESET_TEXT(text, name, builtin_ruleset_ids())  # type: ignore[no-any-return]


def play_ruleset(ruleset: Ruleset) -> None:
    """Play ``ruleset`` under its id from now on, in place of a ruleset file of that id: the
    copy of its ruleset file a saved game carries. A ruleset written as code keeps its id."""
    if ruleset.id in builtin_ruleset_ids():
        raise RulesError(f"{ruleset.id!r} is a ruleset written as code")
    _beside[ruleset.id] = ruleset
    _changed()


_KIND_CACHE: dict[tuple[tuple[str, ...], int], tuple[CapabilityKind, ...]] = {}


def unit_capability_kinds() -> tuple[CapabilityKind, ...]:
    """Every unit capability a registered ruleset declares (its vocabulary's
    ``unit_capabilities``), each once: the keys a counter table may have beyond the shared ones,
    whichever game it is of."""
    ids = ruleset_ids()
    key = (ids, _generation)
    if key not in _KIND_CACHE:
        found: list[CapabilityKind] = []
        for ruleset_id in ids:
            for kind in get_ruleset(ruleset_id).vocabulary.unit_capabilities:
                if all(kind is not k for k in found):
                    found.append(kind)
        _KIND_CACHE[key] = tuple(found)
    return _KIND_CACHE[key]


_TYPE_CACHE: dict[tuple[tuple[str, ...], int, bool], frozenset[str]] = {}


def declared_unit_types(steps: bool = False) -> frozenset[str]:
    """Every unit type a registered ruleset whose units lose steps (``steps``), or strength
    points, declares (its vocabulary's ``unit_types``): a counter of either kind may name the
    types of any game of its kind (a squad is no fighter, a division no leader)."""
    ids = ruleset_ids()
    key = (ids, _generation, steps)
    if key not in _TYPE_CACHE:
        found: set[str] = set()
        for ruleset_id in ids:
            vocabulary = get_ruleset(ruleset_id).vocabulary
            if vocabulary.steps == steps:
                found |= vocabulary.unit_types
        _TYPE_CACHE[key] = frozenset(found)
    return _TYPE_CACHE[key]


_SIZE_CACHE: dict[tuple[tuple[str, ...], int], tuple[str, ...]] = {}


def declared_unit_sizes() -> tuple[str, ...]:
    """Every size mark a registered ruleset declares (its vocabulary's ``unit_sizes``), each
    once and sorted (``II, III, X, XX, XXX``): the marks a counter of any game may print."""
    ids = ruleset_ids()
    key = (ids, _generation)
    if key not in _SIZE_CACHE:
        found: set[str] = set()
        for ruleset_id in ids:
            found |= set(get_ruleset(ruleset_id).vocabulary.unit_sizes)
        _SIZE_CACHE[key] = tuple(sorted(found))
    return _SIZE_CACHE[key]


set_capability_source(unit_capability_kinds)
set_type_source(declared_unit_types)
set_size_source(declared_unit_sizes)
