"""Counter sets: a game's Unit Identification Chart as TOML (``counters/*.toml``).

```toml
title = "Hill and Ford: the river units"
game = "hill-and-ford"

[[counter]]
id = "blue-inf"
name = "Blue Infantry"
nationality = "blue"
size = "XX"
type = "infantry"
attack = 6
defence = 4
movement = 4
rules = { elite = true }
changes = [{ date = "1944-01", attack = 7 }]
```

Every key is a :class:`~hexcombat.rules.units.Unit` field (``type`` for ``unit_type``) or a key
of a capability the game's ruleset declares (a family's own values, read by its
``CapabilityKind``); a set of a game whose ruleset declares no capability needs none of them.
A counter's ``size`` and ``type`` are read when a registered ruleset declares them
(``Vocabulary.unit_sizes``, ``unit_types``), else refused at their line naming those declared:
this module names no game's sizes or types.

A tactical game's counters (squads, guns and vehicles that lose steps) need no ``size`` or
``re``: a set is tactical when its ``game``'s ruleset says its units lose steps, or when it says
``scale = "tactical"`` itself (a game hexcombat does not know yet, or read without its ruleset)::

    title = "Assault: squads and AFVs"
    game = "assault-morale"
    scale = "tactical"

    [[counter]]
    id = "ge-squad"
    name = "Rifle Sqd"
    nationality = "german"
    type = "infantry"
    steps = 2
    rules = { kind = "squad", fire = 4, morale = 8 }
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from hexcombat.rules.errors import UnitDataError
from hexcombat.rules.units import (
    TACTICAL,
    CapabilityKind,
    Unit,
    unit_from_mapping,
    unit_problems,
)
from hexcombat.rules.vocabulary import Vocabulary
from hexcombat.sourcefile import Problem, SourceError, TomlSource


@dataclass
class CounterSet:
    """The counters of one or more counter files, by id."""

    counters: dict[str, Unit] = field(default_factory=dict)
    titles: list[str] = field(default_factory=list)
    games: dict[str, str] = field(default_factory=dict)
    """Counter id -> the game (ruleset id) its set names with ``game``; a counter of a set
    that names none is for any game."""

    def __getitem__(self, counter_id: str) -> Unit:
        return self.counters[counter_id]

    def __contains__(self, counter_id: object) -> bool:
        return counter_id in self.counters

    def __len__(self) -> int:
        return len(self.counters)

    def merge(self, other: CounterSet) -> CounterSet:
        """Both sets; ``other`` wins on a shared id (and with it, says the id's game)."""
        games = {cid: g for cid, g in self.games.items() if cid not in other.counters}
        return CounterSet(
            {**self.counters, **other.counters},
            self.titles + other.titles,
            {**games, **other.games},
        )

    def of_game(self, game: str) -> CounterSet:
        """The same counters, each said to be ``game``'s (what its set's ``game`` names)."""
        return CounterSet(
            dict(self.counters), list(self.titles), dict.fromkeys(self.counters, game)
        )

    def for_game(self, counter_id: str, ruleset: str) -> bool:
        """Whether the counter is offered in a game of ``ruleset``: its set names that game,
        or none."""
        return self.games.get(counter_id, ruleset) == ruleset


def is_counter_source(source: TomlSource) -> bool:
    """A counter file has ``[[counter]]`` tables."""
    return isinstance(source.data.get("counter"), list)


VocabularyOf = Callable[[str], Vocabulary | None]
"""What the ruleset a counter set's ``game`` names declares (None: a game hexcombat does not
know); the game layer passes it in, so the rules core need not look rulesets up here."""


def tactical_scale(
    source: TomlSource, vocabulary_of: VocabularyOf | None = None
) -> tuple[bool, list[Problem]]:
    """Whether the set's counters are a tactical game's (no size or RE needed): its game's
    ruleset loses steps, or the file says ``scale = "tactical"``; a problem at the ``scale``
    line when it says anything else, or names a game whose units lose strength points."""
    game = source.data.get("game")
    vocabulary = vocabulary_of(game) if isinstance(game, str) and vocabulary_of else None
    scale = source.data.get("scale")
    if scale is None:
        return vocabulary is not None and vocabulary.steps, []
    if scale != TACTICAL:
        message = (
            f'scale must be "{TACTICAL}" (squads, guns and vehicles that lose steps, with no '
            f"size or RE) or left out, not {scale!r}"
        )
        return False, [source.problem(("scale",), message)]
    if vocabulary is not None and not vocabulary.steps:
        message = (
            f'scale = "{TACTICAL}", but the {game} ruleset counts strength points, not steps: '
            "its counters need a size or an re"
        )
        return False, [source.problem(("scale",), message)]
    return True, []


def counters_from_source(
    source: TomlSource, vocabulary_of: VocabularyOf | None = None
) -> tuple[CounterSet, list[Problem]]:
    """Every counter that parses, and a problem (with its line) for each one that does not: a
    value under ``rules`` its game's ruleset does not read among them (``vocabulary_of``)."""
    tactical, problems = tactical_scale(source, vocabulary_of)
    kinds = declared_capabilities(source, vocabulary_of)
    result = CounterSet(titles=[str(source.data.get("title", source.path.stem))])
    for i, entry in enumerate(source.data.get("counter", [])):
        where = ("counter", i)
        if not isinstance(entry, dict):
            problems.append(source.problem(where, "each [[counter]] must be a table"))
            continue
        counter_id = entry.get("id")
        if not isinstance(counter_id, str) or not counter_id:
            problems.append(source.problem(where, "counter needs an id"))
            continue
        if counter_id in result.counters:
            problems.append(source.problem((*where, "id"), f"duplicate counter id {counter_id!r}"))
            continue
        try:
            unit = unit_from_mapping(
                entry, f"counter {counter_id!r}", tactical=tactical, kinds=kinds
            )
        except UnitDataError as exc:
            every = unit_problems(entry, f"counter {counter_id!r}", tactical, kinds) or [
                (_key_named_in(str(exc), entry), str(exc))
            ]
            for key, message in every:  # all of them, not only the first (check lists each)
                problems.append(source.problem((*where, key) if key else where, message))
            continue
        for key, message in _capability_problems(source, unit, vocabulary_of):
            problems.append(
                source.problem((*where, "rules", key), f"counter {counter_id!r}: {message}")
            )
        result.counters[counter_id] = unit if unit.id else _with_id(unit, counter_id)
    return result, problems


def declared_capabilities(
    source: TomlSource, vocabulary_of: VocabularyOf | None
) -> tuple[CapabilityKind, ...] | None:
    """The unit capabilities the set's ``game`` declares (a game counting plain strength
    points needs no RE size); None when the set names no game hexcombat knows."""
    game = source.data.get("game")
    vocabulary = vocabulary_of(game) if isinstance(game, str) and vocabulary_of else None
    return None if vocabulary is None else vocabulary.unit_capabilities


def _capability_problems(
    source: TomlSource, unit: Unit, vocabulary_of: VocabularyOf | None
) -> list[tuple[str, str]]:
    """The unit's ``rules`` values the counter set's game does not read as given (a set
    whose ``game`` is no ruleset hexcombat knows is not checked: it may be another game's)."""
    game = source.data.get("game")
    if not unit.rules or not isinstance(game, str) or vocabulary_of is None:
        return []
    vocabulary = vocabulary_of(game)
    return [] if vocabulary is None else vocabulary.capability_problems(game, unit.rules)


def _with_id(unit: Unit, counter_id: str) -> Unit:
    from dataclasses import replace

    return replace(unit, id=counter_id)


def _key_named_in(message: str, entry: dict[str, object]) -> str | None:
    """The key of ``entry`` that an error message is about, to point at its line."""
    for key in entry:
        if f" {key} " in message or f"{key!r}" in message or f": {key}" in message:
            return key
    return None


def check_counter_source(
    source: TomlSource, vocabulary_of: VocabularyOf | None = None
) -> list[Problem]:
    """Every problem in a counter file."""
    return counters_from_source(source, vocabulary_of)[1]


def load_counters(paths: Iterable[str | Path]) -> CounterSet:
    """Load counter files; any problem raises :class:`SourceError` listing all of them."""
    merged = CounterSet()
    problems: list[Problem] = []
    for path in paths:
        source = TomlSource.load(path)
        counters, found = counters_from_source(source)
        problems += found
        merged = merged.merge(counters)
    if problems:
        raise SourceError(problems)
    return merged
