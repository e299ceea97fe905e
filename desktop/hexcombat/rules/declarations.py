"""What a ruleset brings besides its rules, said once in its own folder: the game its tutorials are
grouped under, the chart files it reads, and the folders holding its own tutorials and counter
sets (its rule references are its ``references``, :mod:`hexcombat.rules.references`).

A ruleset sets ``declares = Declarations(...)`` on its ``RULESET``; the registry hands the
declarations to the game (the start page, the counter palette, ``hexcombat check``), so adding a
game is adding its folder, never editing a list elsewhere::

    HERE = Path(__file__).resolve().parent

    class OddsD6Ruleset(BasicEligibility):
        id = "odds-d6"
        references = ReferencesFile(HERE / "references.toml")
        declares = Declarations(
            game="Classic odds (one d6)",
            chart_kinds={"odds-d6-crt": crt_from_source},
            tutorials=(HERE / "tutorials",),
            counter_sets=(HERE / "counters",),
        )
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from hexcombat.sourcefile import Problem, TomlSource

ChartLoader = Callable[[TomlSource], tuple[object, list[Problem]]]
"""Reads a chart file (``chart = "<kind>"``): the chart, and every problem at its line."""


@dataclass(frozen=True)
class Declarations:
    """A ruleset's declarations. Every field is optional: a ruleset without ``declares`` (a test
    ruleset) has none of them."""

    game: str = ""
    """The game the ruleset comes from, as a player knows it: the start page groups the ruleset's
    tutorials under it (empty: the ruleset's title)."""
    chart_kinds: Mapping[str, ChartLoader] = field(default_factory=lambda: MappingProxyType({}))
    """The chart files the ruleset reads, by the ``chart = "..."`` each file starts with, and the
    loader that parses and checks each: ``hexcombat check`` validates a player's edited copy as
    the chart it is. Rulesets of one family may declare the same kind with the same loader."""
    own_table: str = ""
    """The chart kind (one of ``chart_kinds``) a scenario's ``crt = "..."`` or a save's table
    replaces: the player's own copy of the rulebook's table, checked by that kind's loader.
    Empty: the ruleset reads no table of a player's own, and a scenario naming one is refused."""
    tutorials: tuple[Path, ...] = ()
    """Folders (or files) holding the ruleset's own tutorial scenarios (``*-scenario.toml`` with
    ``[tutorial]`` steps), listed on the start page beside the shipped ``maps/``: a copied folder
    brings its tutorials. Each scenario still names its ``ruleset``."""
    counter_sets: tuple[Path, ...] = ()
    """Folders (or files) holding the ruleset's own counter sets (``*.toml``), offered on the
    palette and read by scenarios beside the shipped ``counters/``. Each set names its ``game``."""

    def tutorial_files(self) -> Iterator[Path]:
        """Every tutorial scenario file the declared ``tutorials`` hold."""
        return _files(self.tutorials, "*-scenario.toml")

    def counter_set_files(self) -> Iterator[Path]:
        """Every counter set file the declared ``counter_sets`` hold."""
        return _files(self.counter_sets, "*.toml")


def _files(places: tuple[Path, ...], pattern: str) -> Iterator[Path]:
    """The files of ``places``: a file as it is, a folder's files matching ``pattern`` (sorted);
    a place that does not exist gives none."""
    for place in places:
        if place.is_dir():
            yield from sorted(p for p in place.glob(pattern) if p.is_file())
        elif place.is_file():
            yield place


NONE = Declarations()
"""What a ruleset without ``declares`` declares: nothing."""
