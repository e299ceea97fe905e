"""Air scenarios: the ``[[air]]`` entries of a scenario file, flown and explained.

```toml
ruleset = "total-war"
[conditions]
date = "1940-08"            # optional: dated air counter changes
[[air]]
counter = "ge-me-109e"      # from counters/total-war-air.toml, or inline: name, rating = "7F5",
                            # tactical_bombing, strategic_bombing, range (keys of an air counter)
mission = "airbase-bombing" # see rulesets/europa/air/missions.py
jettison = false            # 23D1: jettisons its bomb load in air combat preparation
bombs = true                # optional: a fighter on a bombing mission carries bombs (23D1)
switch_to_escort = false    # 23D2: a type AF that jettisons switches to escort
escorting = "ground-support" # escort: the mission of the escorted force (23D2, 20B)
base = "0504"               # intercept / patrol attack: base and target hexes (23D2)
target = "0504"
count = 1
```

The function takes the parsed TOML, so the game layer's loader (which knows the file's lines)
and tests share it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hexcombat.rules.errors import IllegalMissionError, UnitDataError
from hexcombat.rules.explain import Explanation, Step, Value, json_number
from hexcombat.rules.missions import MissionReport
from hexcombat.rulesets.europa.air.missions import MISSIONS, Kind, mission
from hexcombat.rulesets.europa.air.sortie import AirResult, Sortie, fly
from hexcombat.rulesets.europa.air.units import (
    AIR_UNIT_KEYS,
    AirUnit,
    Category,
    air_unit_from_mapping,
)

SORTIE_KEYS = frozenset(
    {"counter", "mission", "jettison", "bombs", "switch_to_escort", "escorting", "base", "target",
     "count"}
)  # fmt: skip
"""Keys of an ``[[air]]`` entry besides the air unit's own (:data:`AIR_UNIT_KEYS`)."""

HEX_KEYS = ("base", "target")
"""Keys of an ``[[air]]`` entry that name hexes: where a type AF is based and the hex it
intercepts or patrol-attacks, which 23D2 requires to be the same."""

AIR_ROLL_REFUSAL = (
    "an air scenario has no combat die to roll: hexcombat gives each air unit's strengths on "
    "its mission (16A, 23D); the air combat rules that roll dice are not in the rules texts"
)
"""Why an air scenario is not rolled, rather than ignoring the dice."""


def not_a_hex(index: int, key: str, value: str, why: str) -> str:
    """The problem of a ``base`` / ``target`` that is not a hex: 23D2 compares them, so a typo
    would otherwise quietly refuse or allow an AF's mission."""
    return f"air {index + 1}: {key} {value!r} is not a hex: {why} (23D2)"


def entry_key(message: str, entry: Mapping[str, object]) -> str | None:
    """The key of an ``[[air]]`` entry a refusal of the air rules is about (for its line), or
    None when it is about the whole entry."""
    if "unknown air counter" in message:
        return "counter"
    for key in sorted(entry, key=len, reverse=True):  # "counter" before "count"
        if repr(key) in message or message.startswith(f"{key} "):
            return key
    for key in ("jettison", "switch_to_escort", "escorting", "bombs", "base", "target"):
        if key in entry and key.replace("_", " ") in message:
            return key
    if "mission" in message or any(m in message for m in MISSIONS) or "23D" in message:
        return "mission" if "mission" in entry else None
    return None


@dataclass
class AirReport(MissionReport):
    """Every air unit of a scenario on its mission: strengths, working, warnings."""

    results: list[tuple[AirResult, int]]
    """Each unit's result with how many identical units fly it."""
    explanation: Explanation = field(default_factory=Explanation)
    ruleset: str = "total-war"
    """The ruleset whose air rules flew it (the scenario's ``ruleset``)."""

    @property
    def roll_refusal(self) -> str:
        """Air missions have no combat die here (16A, 23D)."""
        return AIR_ROLL_REFUSAL

    @property
    def steps(self) -> list[Step]:
        """The ordered working of every unit."""
        return self.explanation.steps

    @property
    def warnings(self) -> list[str]:
        """Assumed values used, readings adopted."""
        return self.explanation.warnings

    @property
    def totals(self) -> dict[str, Value]:
        """The strengths, summed over the units (for one unit, its own strengths)."""
        attack = sum(result.air_attack * count for result, count in self.results)
        defence = sum(result.air_defence * count for result, count in self.results)
        bombing = sum(result.bombing * count for result, count in self.results)
        return {"air_attack": attack, "air_defence": defence, "bombing": bombing}

    def to_json(self) -> dict[str, object]:
        """The report as JSON-ready data (``hexcombat explain --json``)."""
        return {
            "ruleset": self.ruleset,
            "kind": "air",
            "totals": {k: json_number(v) for k, v in self.totals.items()},
            "steps": [s.to_json() for s in self.steps],
            "warnings": list(self.warnings),
            "units": [
                {
                    "name": result.sortie.unit.name,
                    "count": count,
                    "mission": result.mission.id,
                    "carrying_bombs": result.carrying_bombs,
                    **{k: json_number(v) for k, v in result.totals().items()},
                }
                for result, count in self.results
            ],
        }

    def to_text(self) -> str:
        """The report as a player reads it."""
        width = max((len(s.rule) for s in self.steps), default=4)
        lines = [f"  {s.rule:<{width}}  {s.text}" for s in self.steps]
        lines.append("")
        for result, count in self.results:
            times = f" x{count}" if count > 1 else ""
            lines.append(
                f"{result.sortie.unit.name}{times} on {result.mission.name}: air attack "
                f"{result.air_attack}, air defence {result.air_defence}, bombing {result.bombing}"
            )
        if self.warnings:
            lines += ["", "Warnings:", *(f"  - {w}" for w in self.warnings)]
        return "\n".join(lines)


def evaluate_air_scenario(data: Mapping[str, Any], counters: Mapping[str, AirUnit]) -> AirReport:
    """Fly every ``[[air]]`` entry of a parsed scenario; a bad entry raises a ``RulesError``."""
    entries = data.get("air")
    if isinstance(entries, Mapping):
        entries = [entries]
    if not isinstance(entries, list) or not entries:
        raise UnitDataError("an air scenario needs [[air]] entries")
    conditions = data.get("conditions", {})
    date = conditions.get("date") if isinstance(conditions, Mapping) else None
    ruleset = data.get("ruleset")
    report = AirReport([], ruleset=ruleset) if isinstance(ruleset, str) else AirReport([])
    for i, entry in enumerate(entries):
        sortie, count = sortie_from_mapping(entry, f"air {i + 1}", counters, date)
        result = fly(sortie)
        report.results.append((result, count))
        report.explanation.steps += result.explanation.steps
        for warning in result.explanation.warnings:
            report.explanation.warn(warning)
    return report


def sortie_from_mapping(
    entry: Any, where: str, counters: Mapping[str, AirUnit], date: str | None = None
) -> tuple[Sortie, int]:
    """One ``[[air]]`` entry as a :class:`Sortie` and its count."""
    if not isinstance(entry, Mapping):
        raise UnitDataError(f"{where}: each [[air]] entry must be a table")
    for key in entry:
        if key not in SORTIE_KEYS and key not in AIR_UNIT_KEYS:
            raise UnitDataError(f"{where}: unknown air key {key!r}")
    base = None
    if "counter" in entry:
        counter_id = entry["counter"]
        base = counters.get(counter_id) if isinstance(counter_id, str) else None
        if base is None:
            raise UnitDataError(f"{where}: unknown air counter {entry['counter']!r}")
    unit_keys = {k: v for k, v in entry.items() if k in AIR_UNIT_KEYS}
    unit = air_unit_from_mapping(unit_keys, where, base=base).on(date)
    mission_id = entry.get("mission")
    if not isinstance(mission_id, str):
        raise UnitDataError(f"{where}: say which mission it flies (mission = ...)")
    flags = {}
    for key in ("jettison", "switch_to_escort", "bombs"):
        value = entry.get(key, False if key != "bombs" else None)
        if value is not None and not isinstance(value, bool):
            raise UnitDataError(f"{where}: {key} must be true or false, not {value!r}")
        flags[key] = value
    _check_bombs(flags["bombs"], bool(flags["jettison"]), unit, mission_id)
    texts = {}
    for key in ("escorting", "base", "target"):
        value = entry.get(key)
        if value is not None and not isinstance(value, str):
            raise UnitDataError(f"{where}: {key} must be text, not {value!r}")
        texts[key] = value
    count = entry.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise UnitDataError(f"{where}: count must be a whole number >= 1")
    sortie = Sortie(
        unit=unit,
        mission=mission_id,
        jettison=bool(flags["jettison"]),
        switch_to_escort=bool(flags["switch_to_escort"]),
        **texts,
    )
    return sortie, count


def _check_bombs(bombs: bool | None, jettison: bool, unit: AirUnit, mission_id: str) -> None:
    """``bombs`` only restates what the mission implies; say so when it contradicts it (23D1)."""
    if bombs is None:
        return
    bombing = mission(mission_id).kind is Kind.BOMBING
    if bombs and not bombing:
        raise IllegalMissionError(f"only a bombing mission carries bombs, not {mission_id}", "23D1")
    if bombs and jettison:
        raise IllegalMissionError(
            "a unit that jettisons its bomb load no longer carries it", "23D1"
        )
    if not bombs and bombing and not jettison and unit.category is Category.FIGHTER:
        raise IllegalMissionError(
            "a fighter flying a bombing mission carries bombs until it jettisons them "
            "(jettison = true)",
            "23D1",
        )


AIR_UNIT_TYPES = frozenset({"fighter", "bomber", "transport"})
"""Unit types that are air units (16A): they never stand in a ground combat."""
FLY_IN_AIR = "use [[air]] with a mission for air combat (23D)"


def air_in_ground_combat(
    entry: Mapping[str, object], name: str, base_is_air: bool
) -> tuple[str, str] | None:
    """(the key to point at, why) when ground combat side entry ``name`` is an air unit: a
    counter that is one, or an inline ``type``/``air_type`` of one (16A, 23D1); else None."""
    if base_is_air:
        return "counter", (
            f"{entry.get('counter')!r} is an air unit: air units fight with air ratings, not in "
            f"ground combat (16A, 23D1); {FLY_IN_AIR}"
        )
    unit_type = entry.get("type")
    if not ((isinstance(unit_type, str) and unit_type in AIR_UNIT_TYPES) or "air_type" in entry):
        return None
    key = "type" if "type" in entry else "air_type"
    return key, (
        f"{name} is an air unit ({entry[key]}): air units fight with air ratings, not in ground "
        f"combat (16A, 23D1); {FLY_IN_AIR}"
    )


def air_beside_ground(ground: str) -> str:
    """Why ``[[air]]`` may not stand beside ``ground`` (its [[attacker]]/[[defender]] lines)."""
    return (
        f"an air mission and a ground combat are separate scenarios: this one also has "
        f"{ground}; put the [[air]] units (16A, 23D) in a scenario of their own"
    )
