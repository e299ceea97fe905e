"""Scenarios: a combat (and, with a map, where it stands) described in TOML.

A scenario is self-contained enough to explain a combat without the GUI. It names a ruleset,
optionally a map, the conditions, and the units of each side: counters from ``counters/`` or
units defined inline with their capabilities (the README's "Files" table). Keys the loader
does not know are reported with their line, so a typo never silently changes a combat.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from hexcombat.board.mapedit import MAX_LEVEL
from hexcombat.board.mapfile import shipped_maps
from hexcombat.game.conditions import any_ruleset_problem, condition_problem, vocabulary_of
from hexcombat.game.state import MAX_COUNTERS, MAX_STACK, side_name_problem
from hexcombat.game.status_commands import status_problem
from hexcombat.game.turn import (
    default_phase,
    phase_conditions,
    phase_names,
    phase_setting,
    unknown_phase,
)
from hexcombat.game.tutorial_steps import TutorialStep, read_tutorial
from hexcombat.named_files import OutsideFolder, confined
from hexcombat.paths import counters_dir, maps_dir
from hexcombat.rules.chartkinds import own_table_problems
from hexcombat.rules.counters import CounterSet, counters_from_source
from hexcombat.rules.errors import UnitDataError
from hexcombat.rules.missions import air_rules_of, air_rulesets, counter_air_rules, no_air_rules
from hexcombat.rules.registry import declarations, find_beside, ruleset_ids
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.status import FRESH, UnitStatus
from hexcombat.rules.units import (
    CapabilityKind,
    Unit,
    unit_from_mapping,
    unit_problems,
)
from hexcombat.rules.vocabulary import Vocabulary
from hexcombat.sourcefile import (
    Problem,
    SourceError,
    TomlSource,
    is_file,
    load_shared,
)

SIDES = ("attacker", "defender")
PLACEMENT_KEYS = ("counter", "count", "across", "range", "hex", "stack")
"""Keys of a side entry that say where and how many, not what the unit is."""
IN_PLAY_KEYS = ("elevation", "terrain", "counted", "state", "markers", "steps_lost")
"""Keys of a side entry that say how the unit stands in play: its own hex's level and terrain
(a scenario without a map; on a map, the map says), whether it counts under the ruleset's
counting limits, and its status (a state and markers the ruleset declares, steps lost)."""
TOP_LEVEL_KEYS = {
    "ruleset", "title", "description", "map", "counters", "conditions", "attacker", "defender",
    "expect", "tutorial", "air", "mission", "source", "sides", "seed", "turn", "crt",
}  # fmt: skip
"""Top-level keys a scenario may have. ``expect`` holds a worked example's stated numbers;
``air``/``mission`` belong to air scenarios (a ruleset that flies air missions); ``tutorial`` to
walkthroughs; ``stacks`` to maps laid out for play; ``turn`` the phasing player and phase (of
the ruleset's turn sequence); ``crt`` a combat results table file replacing the shipped one."""
TURN_KEYS = ("phasing_player", "phase")
"""Keys of ``[turn]``: whose player-turn it is (a side name) and which phase of it."""


@dataclass(frozen=True)
class Placement:
    """One side entry of a scenario: the unit, how many, and where it stands."""

    side: str
    unit: Unit
    count: int = 1
    across: str | None = None
    range: int = 1
    hex: str | None = None
    stack: str | None = None
    line: int = 1
    """Where the entry was written, for messages."""
    status: UnitStatus = FRESH
    """How it stands in play (``state``, ``markers``, ``steps_lost``): good order by default."""
    elevation: int | None = None
    """Its hex's level (``elevation``), for a scenario without a map; None: not said."""
    terrain: str | None = None
    """Its own hex's terrain (``terrain``), for a scenario without a map; None: not said."""
    counted: bool | None = None
    """Whether it counts under the ruleset's counting limits (``counted``); None: the ruleset
    picks."""

    def participant(self, date: str | None) -> Participant:
        """The rules' view of this entry on ``date`` (dated capabilities resolved)."""
        return Participant(
            unit=self.unit.on(date),
            count=self.count,
            across=self.across,
            range=self.range,
            hex=self.hex,
            stack=self.stack,
            status=self.status,
            elevation=self.elevation,
            terrain=self.terrain,
            counted=self.counted,
        )


@dataclass
class Scenario:
    """A parsed scenario file."""

    path: Path
    ruleset: str
    title: str
    conditions: Conditions
    placements: list[Placement]
    counters: CounterSet
    map_name: str | None = None
    description: str = ""
    phasing_player: str | None = None
    """The side whose player-turn it is; None: the first side (the attacker)."""
    phase: str = ""
    """The phase the combat is fought in (one of the ruleset's; it may set conditions, as the
    movement phase makes an attack an overrun); empty: the ruleset's default phase."""
    data: dict[str, Any] = field(default_factory=dict)
    """The parsed TOML, for sections other layers read (``tutorial``, ``air``, ``expect``)."""
    counter_files: tuple[Path, ...] = ()
    """The scenario's own counter files (``counters = [...]``) that exist, resolved."""
    tutorial_steps: tuple[TutorialStep, ...] = ()
    """The walkthrough's steps (``[tutorial] steps``), empty when it has none or they cannot be
    read (then the scenario has a problem saying so)."""

    @property
    def tutorial(self) -> tuple[str, ...]:
        """The walkthrough's step texts, as a game and its save keep them."""
        return tuple(step.text for step in self.tutorial_steps)

    seed: int | None = None
    """The seed of the game's dice (``seed``), None when the scenario gives none."""

    def side(self, side: str) -> list[Placement]:
        """The entries of one side, in file order."""
        return [p for p in self.placements if p.side == side]

    def situation(self) -> CombatSituation:
        """The combat as the rules see it, with participants as the file states them."""
        date = self.conditions.date
        return CombatSituation(
            ruleset=self.ruleset,
            attackers=tuple(p.participant(date) for p in self.side("attacker")),
            defenders=tuple(p.participant(date) for p in self.side("defender")),
            conditions=self.conditions,
        )


def is_scenario_source(source: TomlSource) -> bool:
    """A scenario names a ruleset, or has sides or air units (then it is told it needs one)."""
    return any(key in source.data for key in ("ruleset", *SIDES, "air"))


def shipped_counter_files() -> list[Path]:
    """Every counter set shipped with hexcombat: the shipped ``counters/``, then those each
    ruleset brings in its own folder (``declares.counter_sets``), each once."""
    found = dict.fromkeys(sorted(counters_dir().glob("*.toml")))
    for ruleset in ruleset_ids():
        found |= dict.fromkeys(declarations(ruleset).counter_set_files())
    return list(found)


def _read_counters(path: Path, problems: list[Problem]) -> tuple[CounterSet, str | None]:
    """One counter file's counters and the game it belongs to; problems are collected."""
    try:
        source = load_shared(path)  # read, never changed: shared by every game this process opens
    except SourceError as exc:
        problems += exc.problems
        return CounterSet(), None
    counters, found = counters_from_source(source, vocabulary_of)
    problems += found
    air = counter_air_rules(source)
    if air is not None:  # air units, placed on the map from the palette
        air_units, found = air.counters_from_source(source)
        problems += found
        counters = counters.merge(air.map_counters(air_units))
    game = source.data.get("game")
    if not isinstance(game, str):
        return counters, None
    return counters.of_game(game), game  # the palette offers it in that game's games


def load_counter_library(
    ruleset: str, extra: list[Path] | None = None
) -> tuple[CounterSet, list[Problem]]:
    """The counters a scenario may name: every shipped set, its own game's set winning a shared id,
    then the scenario's own files."""
    problems: list[Problem] = []
    shipped = [_read_counters(path, problems) for path in shipped_counter_files()]
    shipped.sort(key=lambda entry: entry[1] == ruleset)  # the scenario's own game merges last
    library = CounterSet()
    for counters, _game in shipped:
        library = library.merge(counters)
    for path in extra or []:
        library = library.merge(_read_counters(path, problems)[0])
    return library, problems


def game_counter_ids(ruleset: str) -> list[str]:
    """The ids of the shipped counters of ``ruleset``'s own game (sets whose ``game`` it is), in
    file order: what a picker offers first, before every other game's counters."""
    problems: list[Problem] = []
    found: list[str] = []
    for path in shipped_counter_files():
        counters, game = _read_counters(path, problems)
        if game == ruleset:
            found += [cid for cid in counters.counters if cid not in found]
    return found


def names_a_path(map_name: str) -> bool:
    """Whether a scenario's ``map`` names a file (relative to the scenario) rather than a
    shipped map by name."""
    return "/" in map_name or "\\" in map_name or map_name.endswith(".toml")


def scenario_map_file(scenario_path: Path, map_name: str) -> Path:
    """The map file a scenario's ``map`` names: a shipped map by name, else a file the scenario
    may name (:func:`~hexcombat.named_files.confined`). ``FileNotFoundError`` or
    :class:`~hexcombat.named_files.OutsideFolder` (a ``ValueError``) say why there is none."""
    if names_a_path(map_name):
        path = confined(scenario_path.parent, map_name, "map")
        if is_file(path):
            return path
        raise FileNotFoundError(f"no map {map_name!r}: no such file beside the scenario")
    shipped = maps_dir() / f"{map_name}.toml"
    if is_file(shipped):
        return shipped
    known = ", ".join(shipped_maps()) or "none"
    raise FileNotFoundError(f"no map {map_name!r}: not a file, and not a shipped map ({known})")


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario; every problem found raises one :class:`SourceError` listing them all."""
    source = TomlSource.load(path)
    scenario, problems = scenario_from_source(source)
    if problems or scenario is None:
        raise SourceError(problems)
    return scenario


def scenario_from_source(source: TomlSource) -> tuple[Scenario | None, list[Problem]]:
    """Build a :class:`Scenario`, collecting every problem with its line."""
    data = source.data
    problems: list[Problem] = []
    for key in data:
        if key not in TOP_LEVEL_KEYS:
            problems.append(source.problem((key,), f"unknown scenario key {key!r}"))
    ruleset = data.get("ruleset")
    if isinstance(ruleset, str) and ruleset not in ruleset_ids():  # a ruleset file beside it
        problems += find_beside(Path(source.path).resolve().parent, ruleset)
    if ruleset not in ruleset_ids():
        known = ", ".join(ruleset_ids())
        message = (
            f'the scenario names no ruleset: add ruleset = "..." with one of {known}'
            if ruleset is None
            else f"unknown ruleset {ruleset!r}; use {known}"
        )
        problems.append(source.problem(("ruleset",), message))
        ruleset = str(ruleset)
    extra_files: list[Path] = []
    raw_counters = data.get("counters", [])
    if isinstance(raw_counters, str):
        raw_counters = [raw_counters]
    if not isinstance(raw_counters, list) or not all(isinstance(c, str) for c in raw_counters):
        problems.append(source.problem(("counters",), "counters must be a list of file paths"))
        raw_counters = []
    for name in raw_counters:
        try:
            path = confined(source.path.parent, name, "counter file")
        except OutsideFolder as exc:
            problems.append(source.problem(("counters",), str(exc)))
            continue
        if not is_file(path):
            problems.append(
                source.problem(
                    ("counters",), f"counter file {name!r} not found (looked for {path})"
                )
            )
            continue
        extra_files.append(path)
    library, counter_problems = load_counter_library(ruleset, extra_files)
    problems += counter_problems
    _check_air_ruleset(source, ruleset, problems)
    vocabulary = vocabulary_of(ruleset)
    conditions = _conditions(source, vocabulary, problems)
    conditions = replace(conditions, crt=_own_crt(source, ruleset, problems))
    _check_sides(source, problems)
    phasing_player, phase = _turn(source, vocabulary, problems)
    tutorial = _tutorial(source, problems)
    seed = _seed(source, problems)
    if vocabulary is None:
        phase = phase or ""
    elif phase is None:  # a scenario that sets what a phase decides is fought in that phase
        phase = _phase_from_conditions(conditions, vocabulary)
    else:
        conditions = _phase_decides(source, vocabulary, conditions, phase, problems)
    placements: list[Placement] = []
    for side in SIDES:
        entries = data.get(side, [])
        if not isinstance(entries, list):
            problems.append(source.problem((side,), f"write each {side} as a [[{side}]] table"))
            continue
        not_tables: dict[int, Problem] = {}  # one a line: a file may hold 100,000 bare numbers
        for i, entry in enumerate(entries):
            if not isinstance(entry, Mapping):
                line = source.line_of(side, i)
                if line not in not_tables:
                    message = f"each [[{side}]] must be a table"
                    not_tables[line] = Problem(source.name, line, message)
                problems.append(not_tables[line])
                continue
            placement = _placement(source, side, i, entry, library, problems)
            if placement is not None:
                placements.append(placement)
    placements = _within_stacking(placements, source, problems)
    if "air" not in data:  # an air scenario has no ground combat sides
        for side in SIDES:
            if not data.get(side):
                problems.append(source.problem((), f"the scenario has no {side}"))
    else:
        problems += _air_beside_ground(source, ruleset)
    map_name = data.get("map")
    if map_name is not None and not isinstance(map_name, str):
        problems.append(source.problem(("map",), "map must be a map name or file path"))
        map_name = None
    elif map_name is not None and names_a_path(map_name):
        try:
            confined(source.path.parent, map_name, "map")
        except OutsideFolder as exc:
            problems.append(source.problem(("map",), str(exc)))
    title = data.get("title", source.path.stem)
    scenario = Scenario(
        path=source.path,
        ruleset=ruleset,
        title=str(title),
        conditions=conditions,
        placements=placements,
        counters=library,
        map_name=map_name,
        description=str(data.get("description", "")),
        phasing_player=phasing_player,
        phase=phase,
        data=data,
        counter_files=tuple(extra_files),
        tutorial_steps=tutorial,
        seed=seed,
    )
    return scenario, problems


def _too_many(what: str) -> str:
    return (
        f"{what} is more than the {MAX_STACK} counters a hex may hold (stacking rules allow a "
        "handful; every attack on a stack weighs each of its counters)"
    )


def _within_stacking(
    placements: list[Placement], source: TomlSource, problems: list[Problem]
) -> list[Placement]:
    """The entries that fit: a stack of more than :data:`MAX_STACK` counters (the entries naming
    one hex, or one side's entries naming one stack or none) and a scenario of more than
    :data:`MAX_COUNTERS` are refused at the entry that passes the limit, and the entries past it
    left out, so nothing after the refusal lays out or evaluates them."""
    kept: list[Placement] = []
    total = 0
    sizes: dict[tuple[str, str | None], int] = {}
    for placement in placements:
        total += placement.count
        if total > MAX_COUNTERS:
            problems.append(
                Problem(
                    source.name,
                    placement.line,
                    f"this entry makes {total} counters: a game holds at most {MAX_COUNTERS}",
                )
            )
            return kept
        key = (
            ("hex", placement.hex)
            if placement.hex is not None
            else (placement.side, placement.stack)
        )
        before = sizes.get(key, 0)
        sizes[key] = before + placement.count
        if before <= MAX_STACK < sizes[key]:
            where = f"hex {placement.hex}" if placement.hex is not None else "the stack"
            problems.append(
                Problem(
                    source.name,
                    placement.line,
                    _too_many(f"with this entry, {where} holds {sizes[key]} counters: that"),
                )
            )
        if sizes[key] <= MAX_STACK:
            kept.append(placement)
    return kept


def _own_crt(source: TomlSource, ruleset: str, problems: list[Problem]) -> str | None:
    """``crt = "my-crt.toml"``: the player's combat results table (relative to the scenario),
    read as the table its ruleset declares a player may replace (``declares.own_table``) for
    this scenario's combats; its own problems are reported with the table's file and line, so
    ``check`` validates it with the scenario."""
    raw = source.data.get("crt")
    if raw is None:
        return None
    if not declarations(ruleset).own_table:
        problems.append(
            source.problem(("crt",), f"the {ruleset} rules read no table of a player's own (crt)")
        )
        return None
    if not isinstance(raw, str):
        problems.append(source.problem(("crt",), "crt must be the path of a CRT file (TOML)"))
        return None
    try:
        path = confined(source.path.parent, raw, "combat results table")
    except OutsideFolder as exc:
        problems.append(source.problem(("crt",), str(exc)))
        return None
    if not is_file(path):
        problems.append(
            source.problem(("crt",), f"combat results table {raw!r} not found (looked for {path})")
        )
        return None
    try:
        found = own_table_problems(ruleset, TomlSource.load(path))
    except SourceError as exc:
        found = exc.problems
    if found:
        problems.append(source.problem(("crt",), f"combat results table {raw!r} has problems:"))
        problems += found
        return None
    return str(path)


def _air_beside_ground(source: TomlSource, ruleset: str) -> list[Problem]:
    """``[[air]]`` with ``[[attacker]]``/``[[defender]]``: ``explain`` would fly the air units and
    drop the ground combat, so the scenario is refused at its ``[[air]]`` line instead, in the
    words of the ruleset's air rules (under a ruleset without them, which refuses each
    ``[[air]]`` entry too, of the first ruleset's that has them)."""
    ground = [
        f"[[{side}]] (line {source.line_of(side, 0)})" for side in SIDES if source.data.get(side)
    ]
    air = air_rules_of(ruleset) or next((found for _id, found in air_rulesets()), None)
    if not ground or air is None:
        return []
    return [source.problem(("air", 0), air.beside_ground(" and ".join(ground)))]  # the first


def _check_air_ruleset(source: TomlSource, ruleset: str, problems: list[Problem]) -> None:
    """``[[air]]`` entries fly by the air rules the ruleset declares; a ruleset that declares
    none refuses each at its line rather than borrowing another's."""
    entries = source.data.get("air")
    if entries is None or vocabulary_of(ruleset) is None or air_rules_of(ruleset) is not None:
        return
    where: list[tuple[str | int, ...]] = (
        [("air", i) for i in range(len(entries))]
        if isinstance(entries, list) and entries
        else [("air",)]
    )
    for keypath in where:
        problems.append(
            source.problem(
                keypath,
                no_air_rules(ruleset),
            )
        )


def _seed(source: TomlSource, problems: list[Problem]) -> int | None:
    """``seed``: the game's dice, a whole number (a save keeps it the same)."""
    seed = source.data.get("seed")
    if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
        return seed
    problems.append(
        source.problem(("seed",), f"seed must be a whole number, e.g. seed = 1914, not {seed!r}")
    )
    return None


def _tutorial(source: TomlSource, problems: list[Problem]) -> tuple[TutorialStep, ...]:
    """``[tutorial]``: the walkthrough beside the map (game/tutorial_steps.py reads it)."""
    return read_tutorial(source, problems)


def _turn(
    source: TomlSource, vocabulary: Vocabulary | None, problems: list[Problem]
) -> tuple[str | None, str | None]:
    """``[turn]``: the phasing player (one of the scenario's sides) and the phase, as given."""
    raw = source.data.get("turn", {})
    if not isinstance(raw, Mapping):
        problems.append(source.problem(("turn",), "[turn] must be a table"))
        return None, None
    for key in raw:
        if key not in TURN_KEYS:
            problems.append(
                source.problem(
                    ("turn", key), f"unknown turn key {key!r}; known: {', '.join(TURN_KEYS)}"
                )
            )
    phase = raw.get("phase")
    if vocabulary is not None and phase is not None and phase not in phase_names(vocabulary):
        problems.append(source.problem(("turn", "phase"), unknown_phase(vocabulary, phase)))
        phase = None
    player = raw.get("phasing_player")
    if player is not None:
        named = scenario_sides_of(source.data)
        if player not in named:
            problems.append(
                source.problem(
                    ("turn", "phasing_player"),
                    f"phasing_player must be one of the scenario's sides "
                    f"({', '.join(named)}), not {player!r}",
                )
            )
            player = None
    return player, phase


def _check_sides(source: TomlSource, problems: list[Problem]) -> None:
    """``[sides]``: the names of the attacker's and the defender's side, each a name a save keeps
    (the check the save loader makes) and not the same (a stack would fight its own side)."""
    raw = source.data.get("sides")
    if raw is None:
        return
    if not isinstance(raw, Mapping):
        problems.append(source.problem(("sides",), "[sides] must be a table naming each side"))
        return
    for key, name in raw.items():
        if key not in SIDES:
            problems.append(
                source.problem(("sides", key), f"unknown side {key!r}; known: {', '.join(SIDES)}")
            )
        elif problem := side_name_problem(name):
            problems.append(source.problem(("sides", key), f"sides.{key}: {problem}"))
    attacker, defender = raw.get("attacker"), raw.get("defender")
    if side_name_problem(attacker) is None and attacker == defender:  # each said once above
        problems.append(
            source.problem(
                ("sides", "defender"),
                f"the attacker and the defender are both called {attacker!r}; give each side "
                "its own name",
            )
        )


def scenario_sides_of(data: Mapping[str, Any]) -> list[str]:
    """The side names a scenario's ``[sides]`` gives its attacker and defender."""
    named = data.get("sides", {})
    named = named if isinstance(named, Mapping) else {}
    return [str(named.get("attacker", "Attacker")), str(named.get("defender", "Defender"))]


def _phase_from_conditions(conditions: Conditions, vocabulary: Vocabulary) -> str:
    """The phase of a scenario that names none: the one that sets a condition the scenario
    sets (an overrun is fought in the movement phase), else the ruleset's default."""
    for spec in vocabulary.conditions:
        stated = dict(conditions.choices).get(spec.key)
        if spec.set_by_phase and stated is not None and stated != spec.default:
            found = phase_setting(vocabulary, spec.key, stated)
            if found is not None:
                return found
    return default_phase(vocabulary)


def _phase_decides(
    source: TomlSource,
    vocabulary: Vocabulary,
    conditions: Conditions,
    phase: str,
    problems: list[Problem],
) -> Conditions:
    """A condition the phase decides is exactly as the phase sets it (an attack is an overrun
    when made in the movement phase); a scenario that says otherwise is told so at its line."""
    decided = phase_conditions(vocabulary, phase)
    raw = source.data.get("conditions", {})
    for key, value in decided.items():
        stated = raw.get(key) if isinstance(raw, Mapping) else None
        if stated is not None and stated != value:
            spec = vocabulary.condition(key)
            where = phase_setting(vocabulary, key, stated)
            rule = f" ({spec.rule})" if spec is not None and spec.rule else ""
            when = (
                spec.phase_words
                if spec is not None and spec.phase_words
                else f"{key} is {_toml(stated)} in the {where} phase"
                if where
                else "the phase sets it"
            )
            problems.append(
                source.problem(
                    ("conditions", key),
                    f"{key} = {_toml(stated)} but the phase is {phase}: {when}{rule}",
                )
            )
    return conditions.with_choices(**decided)


def _toml(value: object) -> str:
    """A condition's value as a scenario writes it: ``true``, ``-1``, ``"mud"``."""
    return str(value).lower() if isinstance(value, bool) else repr(value)


def _conditions(
    source: TomlSource, vocabulary: Vocabulary | None, problems: list[Problem]
) -> Conditions:
    raw = source.data.get("conditions", {})
    if not isinstance(raw, Mapping):
        problems.append(source.problem(("conditions",), "[conditions] must be a table"))
        return Conditions()
    values: dict[str, Any] = {}
    for key, value in raw.items():
        problem = (
            'write the combat results table at the top of the scenario: crt = "..."'
            if key == "crt"
            else any_ruleset_problem(key, value)
            if vocabulary is None  # the unknown ruleset is refused at its own line
            else condition_problem(vocabulary, key, value)
        )
        if problem:
            problems.append(source.problem(("conditions", key), problem))
        else:
            values[key] = value
    return Conditions(**values)


def _steps_lost(ruleset: object) -> bool:
    """Whether ``ruleset``'s units lose steps (a tactical game): its inline units are then
    squads, weapons and vehicles, written without a size or RE, as its counter sets are."""
    vocabulary = vocabulary_of(ruleset) if isinstance(ruleset, str) else None
    return vocabulary is not None and vocabulary.steps


def _declared_capabilities(ruleset: object) -> tuple[CapabilityKind, ...] | None:
    """The unit capabilities the scenario's ruleset declares; None when it names none known."""
    vocabulary = vocabulary_of(ruleset) if isinstance(ruleset, str) else None
    return None if vocabulary is None else vocabulary.unit_capabilities


def _placement(
    source: TomlSource,
    side: str,
    index: int,
    entry: Any,
    library: CounterSet,
    problems: list[Problem],
) -> Placement | None:
    where = (side, index)
    if not isinstance(entry, Mapping):
        problems.append(source.problem(where, f"each [[{side}]] must be a table"))
        return None
    base: Unit | None = None
    counter_id = entry.get("counter")
    if counter_id is not None and not isinstance(counter_id, str):
        problems.append(
            source.problem(
                (*where, "counter"),
                f"counter must be the id of a counter (text in quotes), not {counter_id!r}",
            )
        )
        return None
    if counter_id is not None:
        if counter_id not in library:
            problems.append(
                source.problem(
                    (*where, "counter"),
                    f"unknown counter {counter_id!r}: not in counters/ nor the scenario's "
                    "counter files; name a counter or define the unit inline",
                )
            )
            return None
        base = library[counter_id]
    name = str(entry.get("name", f"{side} {index + 1}"))
    for _ruleset, air_rules in air_rulesets():  # an air unit of any game's air rules
        air = air_rules.ground_refusal(entry, name, base)
        if air is not None:
            problems.append(source.problem((*where, air[0]), air[1]))
            return None
    unit_keys = {
        k: v for k, v in entry.items() if k not in PLACEMENT_KEYS and k not in IN_PLAY_KEYS
    }
    # an inline unit of a game whose units lose steps: a squad or vehicle, with no size or RE
    tactical = base is None and _steps_lost(source.data.get("ruleset"))
    kinds = _declared_capabilities(source.data.get("ruleset"))  # what its units need (an RE)
    try:
        unit = unit_from_mapping(
            unit_keys, f"{side} {index + 1}", base=base, tactical=tactical, kinds=kinds
        )
    except UnitDataError as exc:
        key = next((k for k in unit_keys if repr(k) in str(exc) or f" {k} " in str(exc)), None)
        every = (
            []
            if base is not None
            else unit_problems(unit_keys, f"{side} {index + 1}", tactical=tactical, kinds=kinds)
        )
        for bad, message in every or [(key, str(exc))]:  # every bad key, not only the first
            problems.append(source.problem((*where, bad) if bad else where, message))
        return None
    ruleset = source.data.get("ruleset")
    vocabulary = vocabulary_of(ruleset) if isinstance(ruleset, str) else None
    unread = vocabulary.capability_problems(ruleset, unit.rules) if vocabulary else []
    for key, message in unread:  # a value the ruleset does not read would be silently ignored
        problems.append(source.problem((*where, "rules", key), f"{side} {index + 1}: {message}"))
    if unread:
        return None
    count = entry.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        problems.append(source.problem((*where, "count"), "count must be a whole number >= 1"))
        return None
    if count > MAX_STACK:
        problems.append(source.problem((*where, "count"), _too_many(f"count {count}")))
        return None
    rng = entry.get("range", 1)
    if isinstance(rng, bool) or not isinstance(rng, int) or rng < 1:
        problems.append(source.problem((*where, "range"), "range must be a whole number >= 1"))
        return None
    across = entry.get("across")
    if across is not None and not isinstance(across, str):
        problems.append(source.problem((*where, "across"), "across must name a hexside feature"))
        return None
    for key in ("hex", "stack"):
        if key in entry and not isinstance(entry[key], str):
            problems.append(source.problem((*where, key), f'{key} must be text, e.g. "0504"'))
            return None
    in_play = _in_play(source, where, entry, unit, problems)
    if in_play is None:
        return None
    return Placement(
        side=side,
        unit=unit,
        count=count,
        across=across,
        range=rng,
        hex=entry.get("hex"),
        stack=entry.get("stack"),
        line=source.line_of(*where),
        **in_play,
    )


def _in_play(
    source: TomlSource,
    where: tuple[str, int],
    entry: Mapping[str, Any],
    unit: Unit,
    problems: list[Problem],
) -> dict[str, Any] | None:
    """How a side entry's unit stands in play (:data:`IN_PLAY_KEYS`), each key checked at its
    line: the status against the ruleset's vocabulary, the level 0 to 9, the terrain text;
    None after a problem."""
    found: list[tuple[str, str]] = []
    elevation = entry.get("elevation")
    if elevation is not None and (
        isinstance(elevation, bool)
        or not isinstance(elevation, int)
        or not 0 <= elevation <= MAX_LEVEL
    ):
        found.append(("elevation", f"elevation is a level 0 to {MAX_LEVEL}, not {elevation!r}"))
    terrain = entry.get("terrain")
    if terrain is not None and not (isinstance(terrain, str) and terrain):
        found.append(
            ("terrain", f'terrain must name a terrain type, e.g. "woods", not {terrain!r}')
        )
    if source.data.get("map") is not None:  # on a map the hex's own level and terrain count
        found += [
            (key, f"the map gives each hex's {key}: leave {key} out, or the map out")
            for key in ("elevation", "terrain")
            if key in entry
        ]
    counted = entry.get("counted")
    if counted is not None and source.data.get("map") is not None:
        found.append(("counted", "on a map the Combat panel's counted ticks choose: leave "
                      "counted out"))  # fmt: skip
    elif counted is not None and not isinstance(counted, bool):
        found.append(("counted", f"counted must be true or false, not {counted!r}"))
    status = _status(entry, found)
    ruleset = source.data.get("ruleset")
    vocabulary = vocabulary_of(ruleset) if isinstance(ruleset, str) else None
    if status is not None and vocabulary is not None and not found:
        if counted is not None and not vocabulary.counting_limits:
            found.append(("counted", f"{ruleset} has no counting limits: every unit counts"))
        found += _status_problems(status, vocabulary, unit, ruleset)
    for key, message in found:
        problems.append(source.problem((*where, key), message))
    if found or status is None:
        return None
    return {"status": status, "elevation": elevation, "terrain": terrain, "counted": counted}


def _status_problems(
    status: UnitStatus, vocabulary: Vocabulary, unit: Unit, ruleset: str
) -> list[tuple[str, str]]:
    """What the ruleset refuses of a side entry's status, each at its own key (the checks of
    the Stack panel's status commands)."""
    if status_problem(status, vocabulary, unit, ruleset) is None:
        return []
    found = []
    for key, alone in (
        ("state", UnitStatus(state=status.state)),
        ("markers", UnitStatus(markers=status.markers)),
        ("steps_lost", UnitStatus(steps_lost=status.steps_lost)),
    ):
        if problem := status_problem(alone, vocabulary, unit, ruleset):
            found.append((key, problem))
    return found


def _status(entry: Mapping[str, Any], found: list[tuple[str, str]]) -> UnitStatus | None:
    """The ``state``, ``markers`` and ``steps_lost`` of a side entry as a status (FRESH when it
    gives none), its shape checked; None after a problem (noted in ``found``)."""
    state, markers = entry.get("state", ""), entry.get("markers", [])
    steps_lost = entry.get("steps_lost", 0)
    before = len(found)
    if not isinstance(state, str):
        found.append(("state", f'state must name a state, e.g. "disrupted", not {state!r}'))
    if not isinstance(markers, list) or not all(isinstance(m, str) for m in markers):
        found.append(
            ("markers", f'markers must be a list of markers, e.g. ["riding"], not {markers!r}')
        )
    if isinstance(steps_lost, bool) or not isinstance(steps_lost, int):
        found.append(("steps_lost", f"steps_lost must be a whole number, not {steps_lost!r}"))
    if len(found) > before:
        return None
    return UnitStatus(steps_lost=steps_lost, state=state, markers=frozenset(markers))
