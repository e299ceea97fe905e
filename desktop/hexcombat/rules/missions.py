"""Air missions as a capability a ruleset declares, reached through the registry like every rule.

A ruleset whose game flies air units on missions declares its air rules once, as ``air`` on its
``RULESET`` (an object of the :class:`AirRules` shape); a ruleset that declares none (or
``air = None``) flies no air missions, so a scenario's ``[[air]]`` entries are refused under it
at their lines. The game layer, ``hexcombat check`` and the calculator ask :func:`air_rules_of`
and :func:`air_rulesets` and never import a ruleset's air rules: flying a scenario gives a
:class:`MissionReport` (strengths, working, warnings; no dice), which the calculator tells from a
combat report by its type.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, Protocol

from hexcombat.rules.counters import CounterSet
from hexcombat.rules.errors import RulesError
from hexcombat.rules.explain import Step, Value
from hexcombat.rules.registry import get_ruleset, ruleset_ids
from hexcombat.rules.units import Unit
from hexcombat.sourcefile import Problem, TomlSource


class AirCounter(Protocol):
    """An air counter as the game layer and the calculator list it: its name (what else it
    prints is its air rules' to read)."""

    @property
    def name(self) -> str: ...


class MissionName(Protocol):
    """One mission the air rules fly, as a player picks it."""

    @property
    def id(self) -> str:
        """The name a scenario uses, e.g. ``ground-support``."""
        ...

    @property
    def name(self) -> str:
        """What a player reads."""
        ...

    @property
    def rule(self) -> str | None:
        """The rule the ruleset cites for it, when it cites one."""
        ...


class MissionReport(ABC):
    """Every air unit of a scenario flown on its mission: the strengths it flies with, step by
    step, and the warnings. There is no die to roll (:attr:`roll_refusal` says why), so the
    calculator and ``explain`` show it rather than resolve it."""

    @property
    @abstractmethod
    def steps(self) -> list[Step]:
        """The ordered working of every unit, each with its rule."""

    @property
    @abstractmethod
    def warnings(self) -> list[str]:
        """Assumed values used, readings adopted."""

    @property
    @abstractmethod
    def totals(self) -> dict[str, Value]:
        """The strengths, summed over the units, by name (``air_attack``, ...)."""

    @property
    @abstractmethod
    def roll_refusal(self) -> str:
        """Why these missions are not rolled, in the air rules' words (with their rules)."""

    @abstractmethod
    def to_json(self) -> dict[str, object]:
        """The report as JSON-ready data (``hexcombat explain --json``)."""

    @abstractmethod
    def to_text(self) -> str:
        """The report as a player reads it."""


class AirRules(Protocol):
    """What a ruleset's air rules provide, as its ``RULESET.air``."""

    basis: str
    """Which rules fly air units, said where a ruleset without them refuses an ``[[air]]``
    entry, e.g. ``air units fly by <game>'s air rules``."""
    roll_refusal: str
    """Why an air scenario is not rolled, rather than ignoring the dice."""
    missions: Mapping[str, MissionName]
    """Every mission the rules fly, by the id a scenario's ``mission = ...`` names."""
    hex_keys: tuple[str, ...]
    """The keys of an ``[[air]]`` entry that name hexes (the game reads them on the map)."""
    missions_rule: str
    """The rule the missions are flown by, cited beside the calculator's air missions."""
    units_rule: str
    """The rule air units are made by, cited beside an air counter in a list."""
    rating_rule: str
    """The rule of an air unit's type and rating, cited where a counter's type is said."""

    # the counter files of its air units (``hexcombat check`` and the Counters palette)

    def is_counter_source(self, source: TomlSource) -> bool:
        """Whether ``source`` is a counter file holding these rules' air counters."""
        ...

    def counters_from_source(
        self, source: TomlSource
    ) -> tuple[dict[str, AirCounter], list[Problem]]:
        """Every air counter of ``source`` that parses, by id, and a located problem for each
        one that does not (``hexcombat check`` reports every one)."""
        ...

    def map_counters(self, counters: Mapping[str, AirCounter]) -> CounterSet:
        """The air counters as map counters, by id: a game places them at their bases and keeps
        them in saves."""
        ...

    def is_air_unit(self, unit: Unit) -> bool:
        """Whether the map counter ``unit`` is one of these rules' air units."""
        ...

    # a scenario's ``[[air]]`` entries

    def evaluate(
        self, data: Mapping[str, Any], counters: Mapping[str, AirCounter]
    ) -> MissionReport:
        """Fly every ``[[air]]`` entry of the parsed scenario ``data`` (``counters``: the air
        counters it may name); a bad entry raises a :class:`RulesError`."""
        ...

    def entry_key(self, message: str, entry: Mapping[str, object]) -> str | None:
        """The key of an ``[[air]]`` entry a refusal is about (for its line), or None."""
        ...

    def not_a_hex(self, index: int, key: str, value: str, why: str) -> str:
        """The refusal of entry ``index``'s hex key ``key`` whose ``value`` is no hex."""
        ...

    def ground_refusal(
        self, entry: Mapping[str, object], name: str, base: Unit | None
    ) -> tuple[str, str] | None:
        """(the key to point at, why) when the ground combat side entry ``name`` (on the counter
        ``base``, if it names one) is an air unit, which fights no ground combat; else None."""
        ...

    def beside_ground(self, ground: str) -> str:
        """Why ``[[air]]`` may not stand beside ``ground`` (a scenario's ground combat sides)."""
        ...


def air_rules_of(ruleset_id: str) -> AirRules | None:
    """The air rules ruleset ``ruleset_id`` declares, or None (none declared, unknown id)."""
    try:
        ruleset = get_ruleset(ruleset_id)
    except RulesError:
        return None
    return getattr(ruleset, "air", None)  # optional: a ruleset with no air declares nothing


def air_rulesets() -> tuple[tuple[str, AirRules], ...]:
    """Every registered ruleset that declares air rules, with them, in the registry's order."""
    found = []
    for ruleset_id in ruleset_ids():
        air = air_rules_of(ruleset_id)
        if air is not None:
            found.append((ruleset_id, air))
    return tuple(found)


def unit_air_rules(unit: Unit) -> AirRules | None:
    """The air rules whose air unit ``unit`` is (they cite their own rules for it), or None."""
    return next((air for _id, air in air_rulesets() if air.is_air_unit(unit)), None)


def counter_air_rules(source: TomlSource) -> AirRules | None:
    """The air rules that read the counter file ``source``: those of the game it names, else
    the first declared ones that recognise it; None when it holds no air counters."""
    game = source.data.get("game")
    flying = sorted(air_rulesets(), key=lambda found: found[0] != game)  # its own game's first
    return next((air for _id, air in flying if air.is_counter_source(source)), None)


def no_air_rules(
    ruleset_id: str, what: str = "an [[air]] entry", lacks: str = "have no air rules"
) -> str:
    """Why ``what`` is refused under ruleset ``ruleset_id``, which declares no air rules (it
    ``lacks`` them): which rules fly air units, and the rulesets that have them."""
    flying = air_rulesets()
    if not flying:
        return f"the {ruleset_id} rules {lacks}, nor has any ruleset hexcombat knows"
    basis = "; ".join(dict.fromkeys(air.basis for _id, air in flying))
    names = " or ".join(f'ruleset = "{found}"' for found, _air in flying)
    return f"the {ruleset_id} rules {lacks}: {basis}, so {what} needs {names}"
