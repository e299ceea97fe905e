"""The calculator: a combat without a map, as a player sets it up beside a cardboard game.

A calculator combat is a scenario document (the dict a map-less scenario TOML holds): the
ruleset, the conditions, the attackers and defenders (counters by id with a count and the
hexside each attacks across, or units typed inline in the counter vocabulary), or ``[[air]]``
missions when its ruleset declares air rules. Every evaluation writes the document out and reads
it back with the scenario loader, then evaluates it exactly as ``hexcombat explain`` does, so the
calculator and the command line can never disagree, and every problem is said in the loader's
own words. It saves as that scenario TOML (``hexcombat explain`` reads the saved file too). No
Qt here.
"""

from __future__ import annotations

import copy
import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, time
from pathlib import Path
from typing import Any, TypeVar

from hexcombat.atomicfile import write_atomically
from hexcombat.board.mapwrite import toml_key, toml_string
from hexcombat.game.air_scenario import air_units_in, fly_scenario
from hexcombat.game.conditions import vocabulary_of
from hexcombat.game.default_game import default_ruleset
from hexcombat.game.evaluation import evaluate_scenario, resolve_report
from hexcombat.game.explain_cli import format_result, unit_names
from hexcombat.game.roll import RecordingDice, dice_asked, read_typed_roll, what_to_type
from hexcombat.game.scenario import (
    IN_PLAY_KEYS,
    PLACEMENT_KEYS,
    SIDES,
    Scenario,
    game_counter_ids,
    load_counter_library,
    load_scenario,
    scenario_from_source,
    shipped_counter_files,
)
from hexcombat.game.scenario_check import combat_problems
from hexcombat.game.state import GameError
from hexcombat.rules.counters import CounterSet
from hexcombat.rules.dice import DiceWanted, ScriptedDice, SeededDice
from hexcombat.rules.errors import RulesError, UnitDataError
from hexcombat.rules.missions import (
    AirCounter,
    MissionName,
    MissionReport,
    air_rules_of,
    air_rulesets,
    no_air_rules,
)
from hexcombat.rules.registry import ruleset_ids
from hexcombat.rules.report import CombatResult, Report
from hexcombat.rules.units import Unit, unit_from_mapping
from hexcombat.sourcefile import Problem, SourceError, TomlSource

UNSAVED = Path("calculator combat")
"""The name problems of a combat not saved yet are said against."""
AIR_SIDE = "air mission"
"""The side a counter typed is flown from, on a mission, rather than added to a ground side."""
GENERAL = ("terrain", "weather", "date")
"""The conditions every ruleset reads (the combat results table is the scenario's ``crt``)."""


class CalculatorError(Exception):
    """Something the player asked the calculator that it cannot do, in words to show them."""


@dataclass
class CalculatorCombat:
    """One calculator combat: a map-less scenario document and where it is kept."""

    data: dict[str, Any]
    path: Path | None = None
    """The file it was opened from or last saved to; None until saved."""
    library: CounterSet = field(default_factory=CounterSet, repr=False, compare=False)
    own_ids: list[str] = field(default_factory=list, repr=False, compare=False)
    """The library's counters of the ruleset's own game, in file order (offered first)."""
    """The counters it may name: every shipped set (its ruleset's winning) and its own files."""
    air_library: dict[str, AirCounter] = field(default_factory=dict, repr=False, compare=False)
    """The air counters its air missions may name, when its ruleset declares air rules."""

    @property
    def ruleset(self) -> str:
        return str(self.data.get("ruleset", ""))

    @property
    def missions(self) -> Mapping[str, MissionName]:
        """The air missions its ruleset's air rules fly, by id; none when it declares none."""
        air = air_rules_of(self.ruleset)
        return {} if air is None else air.missions

    @property
    def is_air(self) -> bool:
        """An air scenario: ``[[air]]`` missions, no ground combat."""
        return "air" in self.data

    def entries(self, side: str) -> list[dict[str, Any]]:
        """The document's entries of ``side`` (``attacker``, ``defender`` or ``air``)."""
        found = self.data.get(side)
        return found if isinstance(found, list) else []

    def conditions(self) -> dict[str, Any]:
        found = self.data.setdefault("conditions", {})
        return found if isinstance(found, dict) else {}

    # -- setting it up ----------------------------------------------------------------------

    def set_ruleset(self, ruleset: str) -> None:
        """Fight the combat by ``ruleset``: conditions and hexside features it does not read
        are dropped, and a weather or terrain it does not declare becomes its first, so nothing
        it would refuse stays set unseen."""
        vocabulary = vocabulary_of(ruleset)
        if vocabulary is None:
            raise CalculatorError(f"unknown ruleset {ruleset!r}; use {', '.join(ruleset_ids())}")
        self.data["ruleset"] = ruleset
        keys = {spec.key for spec in vocabulary.conditions}
        conditions = self.conditions()
        for key in list(conditions):
            if key not in GENERAL and key not in keys:
                del conditions[key]
        if conditions.get("weather") not in vocabulary.weather:
            conditions["weather"] = vocabulary.weather[0]
        if vocabulary.terrain and conditions.get("terrain") not in vocabulary.terrain:
            conditions["terrain"] = vocabulary.terrain[0]  # the ruleset's own, first declared
        for side in SIDES:
            for entry in self.entries(side):
                if entry.get("across") not in (None, *vocabulary.hexside_features):
                    del entry["across"]
        self.data.pop("turn", None)  # another ruleset's phase names mean nothing here
        self.load_counters()

    def load_counters(self) -> None:
        """Read the counters it may name: the shipped sets and its own counter files."""
        self.library = load_counter_library(self.ruleset, self.counter_files())[0]
        self.own_ids = [c for c in game_counter_ids(self.ruleset) if c in self.library]
        air = air_rules_of(self.ruleset)
        self.air_library = (
            {}
            if air is None
            else air_units_in([*shipped_counter_files(), *self.counter_files()], air)[0]
        )

    def counter_files(self) -> list[Path]:
        """The combat's own counter files (``counters = [...]``), as absolute paths."""
        raw = self.data.get("counters", [])
        names = [raw] if isinstance(raw, str) else raw if isinstance(raw, list) else []
        return [Path(n) for n in names if isinstance(n, str)]

    def set_condition(self, key: str, value: Any) -> None:
        """Set one condition (terrain, weather, date or one the ruleset declares); ``None``
        or an empty date clears it."""
        if value is None or value == "":
            self.conditions().pop(key, None)
        else:
            self.conditions()[key] = value

    def add_counter(
        self, side: str, counter_id: str, count: int = 1, across: str | None = None
    ) -> dict[str, Any]:
        """Add ``count`` of the counter ``counter_id`` to ``side``, attacking across ``across``."""
        if counter_id not in self.library:
            raise CalculatorError(
                f"unknown counter {counter_id!r}: not in counters/ nor this combat's counter files"
            )
        entry: dict[str, Any] = {"counter": counter_id}
        return self._add(side, entry, count, across)

    def add_searched(
        self,
        side: str,
        text: str,
        count: int = 1,
        across: str | None = None,
        mission: str | None = None,
    ) -> dict[str, Any]:
        """Add the counter the search field names: ``text`` as typed or completed (``2 rifle
        xx``: two, whatever ``count`` says; a completion's `` — name`` dropped), to ``side``
        (an attacker attacking ``across``; for :data:`AIR_SIDE`, flown on ``mission``). It must
        name one counter: its id exactly, else the one match among the ruleset's game's, else
        among any game's (named on purpose); :class:`CalculatorError` says which match when
        none or several do, and that an air counter flies a mission (23D) rather than
        attacking."""
        text = text.split("\u2014")[0].strip()
        first, _, rest = text.partition(" ")
        if first.isdigit() and rest:
            count, text = int(first), rest.strip().removeprefix("x ").strip()
        if side == AIR_SIDE:
            flown = best_matches(find_air_units(self.air_library, text), text)
            if len(flown) != 1:
                raise CalculatorError(not_one(flown, text, "air counter"))
            return self.add_air_counter(flown[0][0], mission or "", count)
        found = best_matches(
            find_counters(self.library, text, game=self.ruleset), text
        ) or best_matches(find_counters(self.library, text), text)
        air = [cid for cid, _ in find_air_units(self.air_library, text)]
        if not found and air:  # an air counter flies a mission (23D): it is no attacker
            raise CalculatorError(
                f"{', '.join(air[:4])} is an air counter: Ctrl+3 flies it on the mission chosen"
            )
        if len(found) != 1:
            raise CalculatorError(not_one(found, text, "counter"))
        return self.add_counter(side, found[0][0], count, across if side == "attacker" else None)

    def add_inline(self, side: str, text: str, count: int = 1, across: str | None = None) -> dict:
        """Add a unit typed in the counter vocabulary, as a scenario writes it inline
        (``name = "Tank II", size = "II", type = "armour", attack = 1, aeca = "full"``);
        what the vocabulary refuses is said in its own words."""
        keys = read_inline_unit(text)
        vocabulary = vocabulary_of(self.ruleset)
        try:
            unit_from_mapping(
                {k: v for k, v in keys.items() if k not in (*PLACEMENT_KEYS, *IN_PLAY_KEYS)},
                f"{side} unit",
                tactical=vocabulary is not None and vocabulary.steps,  # no size or RE to give
                kinds=vocabulary.unit_capabilities if vocabulary is not None else None,
            )
        except UnitDataError as exc:
            raise CalculatorError(str(exc)) from exc
        count = keys.pop("count", count)
        across = keys.pop("across", across)
        return self._add(side, keys, count, across)

    def _add(self, side: str, entry: dict[str, Any], count: int, across: str | None) -> dict:
        if side not in SIDES:
            raise CalculatorError(f"a unit attacks or defends, not {side!r}")
        if count != 1:
            entry["count"] = count
        if across:
            entry["across"] = across
        if self.is_air:
            raise CalculatorError(
                "a ground combat and air missions are separate: remove the air missions first"
            )
        self.data.setdefault(side, []).append(entry)
        return entry

    def add_typed(
        self,
        side: str,
        text: str,
        count: int = 1,
        across: str | None = None,
        mission: str | None = None,
    ) -> dict:
        """A unit typed inline: an ``[[air]]`` mission when it names one or is typed for
        :data:`AIR_SIDE` (flown on ``mission`` unless it names its own), else a ground unit,
        an attacker attacking ``across``."""
        if side == AIR_SIDE and "mission" not in text:  # the mission chosen says which
            text += f", mission = {toml_string(str(mission))}"
        if "mission" in read_inline_unit(text):
            return self.add_air(text)
        return self.add_inline(side, text, count, across if side == "attacker" else None)

    def add_air_counter(self, counter_id: str, mission: str, count: int = 1) -> dict[str, Any]:
        """Fly ``count`` of the air counter ``counter_id`` on ``mission``, as a scenario
        writes ``counter = "ge-me-109e", mission = "ground-support"``."""
        if counter_id not in self.air_library:
            raise CalculatorError(
                f"unknown air counter {counter_id!r}: not in counters/ nor this combat's "
                "counter files"
                if self.air_library
                else no_air_rules(self.ruleset, "an air mission", "fly no air missions")
            )
        if mission not in self.missions:
            raise CalculatorError(
                f"unknown air mission {mission!r}; missions: {', '.join(self.missions)}"
            )
        entry: dict[str, Any] = {"counter": counter_id, "mission": mission}
        if count != 1:
            entry["count"] = count
        return self._fly(entry)

    def add_air(self, text: str) -> dict[str, Any]:
        """Add an ``[[air]]`` mission typed as a scenario writes it (``name = "AF",
        rating = "6AF5", tactical_bombing = 2, mission = "defensive-air-support"``); the air
        rules check it when the combat is evaluated."""
        return self._fly(read_inline_unit(text))

    def _fly(self, entry: dict[str, Any]) -> dict[str, Any]:
        """Add the ``[[air]]`` entry: the combat becomes an air scenario."""
        if any(self.entries(side) for side in SIDES):
            raise CalculatorError(
                "air missions are flown on their own: remove the ground units first"
            )
        self.data.setdefault("air", []).append(entry)
        for side in SIDES:
            self.data.pop(side, None)
        return entry

    def set_entry(self, side: str, index: int, **keys: Any) -> None:
        """Change an entry's ``count``, ``across`` or ``range`` (None drops the key)."""
        entry = self.entries(side)[index]
        for key, value in keys.items():
            if value is None or (key in ("count", "range") and value == 1):
                entry.pop(key, None)
            else:
                entry[key] = value

    def remove(self, side: str, index: int) -> None:
        """Take an entry away; the last air mission gone, it is a ground combat again."""
        del self.entries(side)[index]
        if side == "air" and not self.entries("air"):
            del self.data["air"]
            for ground in SIDES:
                self.data.setdefault(ground, [])

    def entry_name(self, side: str, index: int) -> str:
        """How the list names an entry: ``2 x Rifle XX (su-rifle-xx) across minor-river``."""
        entry = self.entries(side)[index]
        counter = entry.get("counter")
        unit: Unit | AirCounter | None = None
        if isinstance(counter, str):
            unit = self.library.counters.get(counter) or self.air_library.get(counter)
        name = str(entry.get("name", unit.name if unit else counter or f"{side} {index + 1}"))
        count = entry.get("count", 1)
        text = f"{count} x {name}" if count != 1 else name
        if isinstance(counter, str):
            text += f" ({counter})"
        if side == "air":
            text += f": {entry.get('mission', '')}"
        if entry.get("across"):
            text += f" across {entry['across']}"
        return text

    # -- evaluating it ----------------------------------------------------------------------

    def toml_text(self) -> str:
        return scenario_toml(self.data)

    def scenario(self) -> tuple[Scenario, TomlSource]:
        """The combat read back as a scenario; its problems raise :class:`SourceError`."""
        source = TomlSource.parse(self.toml_text(), self.path or UNSAVED)
        scenario, problems = scenario_from_source(source)
        if problems or scenario is None:
            raise SourceError(problems)
        return scenario, source

    def evaluate(self) -> Report | MissionReport:
        """The report ``hexcombat explain`` gives for this combat (an air report for ``[[air]]``
        missions); what stops it raises :class:`SourceError` with each problem."""
        scenario, source = self.scenario()
        problems = combat_problems(scenario, source)
        if problems:
            raise SourceError(problems)
        if self.is_air:
            return fly_scenario(scenario)
        try:
            return evaluate_scenario(scenario)
        except (RulesError, GameError) as exc:  # combat_problems said it already; in case
            raise SourceError([Problem(source.name, 1, str(exc))]) from exc

    def checked(self) -> tuple[Report | MissionReport | None, list[str]]:
        """The report, or why the combat cannot be evaluated yet (one line each)."""
        if not self.is_air and not (self.entries("attacker") and self.entries("defender")):
            return None, ["pick at least one attacker and one defender"]
        try:
            return self.evaluate(), []
        except SourceError as exc:
            return None, [p.message for p in exc.problems]

    def problems(self) -> list[str]:
        """Why the combat cannot be evaluated yet, one line each (empty: it can)."""
        return self.checked()[1]

    # -- saving and opening -----------------------------------------------------------------

    def save(self, path: str | Path) -> None:
        """Write the combat as a scenario TOML, atomically; it is kept under that name."""
        path = Path(path)
        write_atomically(path, self.toml_text())
        self.path = path


def new_combat(ruleset: str | None = None) -> CalculatorCombat:
    """An empty combat in clear weather on clear terrain, by ``ruleset`` (else the built-in
    tutorial's)."""
    ruleset = ruleset or default_ruleset()
    combat = CalculatorCombat(
        {
            "ruleset": ruleset,
            "title": "Calculator combat",
            "conditions": {"terrain": "clear", "weather": "clear"},
            "attacker": [],
            "defender": [],
        }
    )
    combat.set_ruleset(ruleset)
    return combat


def open_combat(path: str | Path) -> CalculatorCombat:
    """A saved calculator combat or any scenario without a map. A file that is no sound
    scenario is refused with its file and line; one with a map belongs on the map."""
    path = Path(path)
    scenario = load_scenario(path)  # every problem with its line, as ``check`` says them
    if scenario.map_name is not None:
        source = TomlSource.load(path)
        raise SourceError(
            [
                source.problem(
                    ("map",), "this scenario has a map: open it with File > Open to play it there"
                )
            ]
        )
    data = copy.deepcopy(scenario.data)
    # the combat may be saved elsewhere: its own files are kept by where they are
    if "counters" in data:
        data["counters"] = [str(p) for p in scenario.counter_files]
    if scenario.conditions.crt is not None:
        data["crt"] = scenario.conditions.crt
    combat = CalculatorCombat(data, path)
    combat.load_counters()
    return combat


def is_calculator_scenario(path: str | Path) -> bool:
    """A scenario file (not a save or a map) that names no map: the calculator opens it."""
    try:
        source = TomlSource.load(path)
    except SourceError:
        return False
    data = source.data
    return "map" not in data and any(key in data for key in ("ruleset", *SIDES, "air"))


T = TypeVar("T")


def best_matches(found: list[tuple[str, T]], text: str) -> list[tuple[str, T]]:
    """The counters ``text`` names: the one whose id it is exactly, else every match."""
    return [(cid, unit) for cid, unit in found if cid == text] or found


def not_one(found: Sequence[tuple[str, object]], text: str, what: str) -> str:
    """Why ``text`` picks no single counter: none matches, or which several do."""
    if not found:
        return f"no {what} matches {text!r}"
    names = ", ".join(cid for cid, _ in found[:8])
    return f"{len(found)} {what}s match {text!r}: {names}" + (", ..." if len(found) > 8 else "")


def find_air_units(library: Mapping[str, AirCounter], text: str) -> list[tuple[str, AirCounter]]:
    """The air counters whose id or name contains every word of ``text`` (any case)."""
    words = text.lower().split()
    return [
        (counter_id, unit)
        for counter_id, unit in sorted(library.items())
        if all(w in f"{counter_id} {unit.name}".lower() for w in words)
    ]


def read_inline_unit(text: str) -> dict[str, Any]:
    """The keys of a unit typed as a TOML inline table's inside (braces optional: a unit that
    ends with its own ``rules = { ... }`` keeps that table's brace)."""
    body = text.strip()
    if body.startswith("{") and body.endswith("}"):
        body = body[1:-1].strip()
    if not body:
        raise CalculatorError(
            'type the unit as key = value pairs, e.g. name = "Tank II", attack = 1'
        )
    try:
        return dict(tomllib.loads(f"unit = {{ {body} }}")["unit"])
    except tomllib.TOMLDecodeError as exc:
        raise CalculatorError(
            f"not a unit: {exc}; write key = value pairs apart by commas, "
            'text in quotes, e.g. name = "Tank II", attack = 1'  # every game's keys, no Europa one
        ) from exc


def find_counters(
    library: CounterSet, text: str, air: bool = False, game: str = "", own: Sequence[str] = ()
) -> list[tuple[str, Unit]]:
    """The counters whose id or name contains ``text`` (any case), ground or air ones; with a
    ``game`` (a ruleset id), only those of the counter sets made for it or for any game; the
    ruleset's own game's (``own``, in that order) first, then the others by id."""
    words = text.lower().split()
    first = {counter_id: i for i, counter_id in enumerate(own)}
    rules = [found for _id, found in air_rulesets()]  # what tells an air unit from a ground one
    return [
        (counter_id, unit)
        for counter_id, unit in sorted(
            library.counters.items(), key=lambda kv: (first.get(kv[0], len(first)), kv[0])
        )
        if any(r.is_air_unit(unit) for r in rules) == air
        and (not game or library.for_game(counter_id, game))
        and all(w in f"{counter_id} {unit.name}".lower() for w in words)
    ]


# -- the dice and what to do on the table ------------------------------------------------------


@dataclass(frozen=True)
class Rolled:
    """A resolved calculator combat: the dice as they fell and the result."""

    rolls: tuple[int, ...]
    result: CombatResult
    typed: bool


class MoreDice(Exception):
    """The result called for a follow-up roll (a morale check): type every die again, this one
    last; ``follow_up`` holds what each follow-up die is for."""

    def __init__(self, follow_up: tuple[DiceWanted, ...], wanted: str) -> None:
        super().__init__(f"the result needs one more die: type {wanted}")
        self.follow_up = follow_up


def dice_wanted(report: Report, follow_up: Sequence[DiceWanted] = ()) -> str:
    """What to type for this combat's dice (``one number: the combat die (d6), e.g. 4``)."""
    return what_to_type(dice_asked(report, follow_up))


def _require_strengths(report: Report) -> None:
    """Refuse a roll only while a strength the odds need is missing: a ruleset without odds
    (the Assault Combat Table's columns of fire) rolls without them, as on the map."""
    if report.missing_strengths:
        report.require_strengths()


def roll_typed(report: Report, text: str, follow_up: Sequence[DiceWanted] = ()) -> Rolled:
    """Resolve with the physical dice the player typed; a wrong roll raises
    :class:`CalculatorError` saying what to type, a follow-up roll :class:`MoreDice`."""
    try:
        _require_strengths(report)
        rolls = read_typed_roll(text, dice_asked(report, follow_up))
        return Rolled(tuple(rolls), resolve_report(report, ScriptedDice(rolls)), typed=True)
    except DiceWanted as wanted:
        more = (*follow_up, wanted)
        raise MoreDice(more, dice_wanted(report, more)) from wanted
    except (GameError, RulesError, ValueError) as exc:
        raise CalculatorError(str(exc)) from exc


def roll_dice(report: Report, seed: int | str) -> Rolled:
    """Resolve with seeded dice (the same ``seed`` gives the same roll)."""
    dice = RecordingDice(SeededDice(seed))
    try:
        _require_strengths(report)
        result = resolve_report(report, dice)  # type: ignore[arg-type]
    except (RulesError, ValueError) as exc:
        raise CalculatorError(str(exc)) from exc
    return Rolled(tuple(dice.rolls), result, typed=False)


def on_the_table(report: Report, rolled: Rolled) -> str:
    """What to do with the counters, each thing said once: the dice and the result in one line,
    then each effect (losses, retreats, advance) with the units it falls on, then the working
    (``explain --roll``'s lines, without its repeat of the roll)."""
    result = rolled.result
    said = format_result(result, unit_names(report)).splitlines()
    roll_line = next((line for line in said if line.startswith(("Roll: ", "Resolved at once"))), "")
    if result.headline:
        said = [line for line in said if line not in (result.headline, roll_line)]
        rolled_words = result.headline
    else:
        said = [line for line in said if line != roll_line]
        rolled_words = roll_line.removeprefix("Roll: ")
    how = "typed in" if rolled.typed else "rolled"
    faces = " ".join(str(r) for r in rolled.rolls)
    first = f"Dice {faces} ({how}): {rolled_words}" if faces else rolled_words
    if "Effects:" in said:
        at = said.index("Effects:")
        working, effects = said[:at], said[at + 1 :]
    else:
        working, effects = said, []
    lines = [first]
    if effects:
        lines += ["On the counters:", *effects]
    if working:
        lines += ["Working:", *working]
    return "\n".join(lines)


# -- writing the scenario TOML -----------------------------------------------------------------


def scenario_toml(data: Mapping[str, Any]) -> str:
    """A scenario document as TOML: plain keys first, then tables, then arrays of tables."""
    lines: list[str] = ["# A hexcombat calculator combat (a scenario without a map)."]
    _write_table(lines, (), data)
    return "\n".join(lines).strip() + "\n"


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def _write_table(lines: list[str], prefix: tuple[str, ...], table: Mapping[str, Any]) -> None:
    for key, value in table.items():
        if not isinstance(value, Mapping) and not _is_table_array(value):
            lines.append(f"{toml_key(key)} = {toml_value(value)}")
    for key, value in table.items():
        if isinstance(value, Mapping):
            lines += ["", f"[{'.'.join(toml_key(k) for k in (*prefix, key))}]"]
            _write_table(lines, (*prefix, key), value)
    for key, value in table.items():
        if _is_table_array(value):
            for item in value:
                lines += ["", f"[[{'.'.join(toml_key(k) for k in (*prefix, key))}]]"]
                _write_table(lines, (*prefix, key), item)


def toml_value(value: Any) -> str:
    """One value as TOML writes it inline."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, Mapping):
        inner = ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items())
        return f"{{ {inner} }}" if inner else "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, (date, time)):  # datetime is a date: TOML's own date and time forms
        return value.isoformat()
    return toml_string(str(value))
