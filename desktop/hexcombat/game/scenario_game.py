"""A scenario laid out on its map as a game: every unit at its hex, the scenario's sides, turn
and walkthrough. Opening a file (:mod:`hexcombat.game.opening`) and evaluating a scenario on its
map both start here."""

from __future__ import annotations

from hexcombat.board.hexes import Hex
from hexcombat.board.mapfile import HexMap, map_from_source
from hexcombat.game.scenario import Scenario, scenario_map_file, scenario_sides_of
from hexcombat.game.state import Counter, GameState
from hexcombat.sourcefile import Problem, SourceError, TomlSource


def scenario_sides(scenario: Scenario) -> dict[str, str]:
    """The side names of a scenario's attacker and defender (``[sides]`` may name them)."""
    attacker, defender = scenario_sides_of(scenario.data)
    return {"attacker": attacker, "defender": defender}


def laid_out(scenario: Scenario, hexmap: HexMap) -> GameState:
    """A game laid out from a scenario placed on ``hexmap`` (every unit needs a hex)."""
    state = GameState(
        hexmap,
        ruleset=scenario.ruleset,
        conditions=scenario.conditions,
        library=scenario.counters,
        title=scenario.title,
        seed=1 if scenario.seed is None else scenario.seed,
    )
    sides = scenario_sides(scenario)
    state.side_order = list(dict.fromkeys(sides.values()))  # the scenario's turn order
    for placement in scenario.placements:
        if placement.hex is None:
            continue
        h = hexmap.hex_at(placement.hex)
        for _ in range(placement.count):
            counter = Counter(
                state.new_uid(),
                placement.unit,
                sides[placement.side],
                placement.unit.id or None,
                placement.status,
            )
            state.place(counter, h, index=state.stack_size(h))
    state.tutorial = list(scenario.tutorial)
    state.description = scenario.description
    state.chosen_phasing_player = scenario.phasing_player
    state.phase = scenario.phase
    return state


def game_from_scenario(scenario: Scenario) -> GameState:
    """The scenario laid out on its map; every unit needs a hex on it. Problems name the line."""
    path = scenario.path
    try:
        map_path = scenario_map_file(path, str(scenario.map_name))
        map_source = TomlSource.load(map_path)
        hexmap = map_from_source(map_source)
    except (FileNotFoundError, ValueError) as exc:
        raise SourceError([Problem(str(path), _map_line(scenario), str(exc))]) from exc
    problems: list[Problem] = [
        Problem(str(path), p.line, f"{p.unit.name} has no hex on the map")
        for p in scenario.placements
        if p.hex is None
    ]
    sides = scenario_sides(scenario)
    held: dict[Hex, str] = {}
    for placement in scenario.placements:
        if placement.hex is None:
            continue
        try:
            h = hexmap.hex_at(placement.hex)
        except ValueError as exc:
            problems.append(Problem(str(path), placement.line, f"{placement.unit.name}: {exc}"))
            continue
        side = sides[placement.side]
        holder = held.setdefault(h, side)
        if holder != side:  # as on the map, and as a save is refused with two sides in a hex
            problems.append(
                Problem(
                    str(path),
                    placement.line,
                    f"{placement.unit.name}: hex {hexmap.label(h)} is held by {holder}: sides "
                    "may not share a hex",
                )
            )
    if problems:
        raise SourceError(problems)
    state = laid_out(scenario, hexmap)
    state.map_text = map_source.path.read_text(encoding="utf-8")
    return state


def _map_line(scenario: Scenario) -> int:
    """The line of the scenario's ``map = ...`` (1 when it cannot be read again)."""
    try:
        return TomlSource.load(scenario.path).line_of("map")
    except SourceError:
        return 1
