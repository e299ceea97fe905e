"""What the conformance suite checks every registered ruleset with: its scenarios, its
hypothesis situations, every roll a report can consume, the rule references a step may cite,
and the documented schema of ``hexcombat explain --json`` (docs/report-schema.md).

A newly registered ruleset is picked up by ``ruleset_ids()``; it needs at least one scenario in
tests/cases or maps and an entry in :data:`SITUATIONS` (its own strategy), or the suite fails
saying so.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from hexcombat.game.evaluation import scenario_situation
from hexcombat.game.scenario import load_scenario
from hexcombat.rules.references import REFERENCES, rule_text
from hexcombat.rules.registry import Ruleset
from hexcombat.rules.situation import CombatSituation

REPO = Path(__file__).resolve().parents[3]
SCENARIO_FILES = sorted((REPO / "tests" / "cases").glob("*.toml")) + sorted(
    (REPO / "maps").glob("*-scenario.toml")
)
SCHEMA_DOC = REPO / "docs" / "report-schema.md"


def _tw_situations() -> st.SearchStrategy[CombatSituation]:
    from tw_strategies import situations

    return situations()


def _ar_situations() -> st.SearchStrategy[CombatSituation]:
    from ar_strategies import situations

    return situations()


def _lhy_situations() -> st.SearchStrategy[CombatSituation]:
    from lhy_strategies import situations

    return situations()


def _am_situations() -> st.SearchStrategy[CombatSituation]:
    from am_strategies import situations

    return situations()


SITUATIONS: dict[str, Callable[[], st.SearchStrategy[CombatSituation]]] = {
    "total-war": _tw_situations,
    "armour-ratio": _ar_situations,
    "lhy-assault": _lhy_situations,
    "assault-morale": _am_situations,
}
"""Each ruleset's own strategy for legal combats (from its tests); a new ruleset adds its own."""


def _tw_with_chances(tmp: Path) -> Ruleset:
    from tw_strategies import chance_ruleset

    return chance_ruleset(tmp)


def _ar_with_chances(tmp: Path) -> Ruleset:
    """The armour-ratio ruleset on an Armour Effects Table whose every row without a chance
    gives one (a third of the time one further from zero: up for AECA:ATEC, down for AECA:AECD,
    10.C), as a player's own chart may."""
    from hexcombat.rules.armour_ratio.ruleset import ArmourRatioRuleset
    from hexcombat.rules.armour_ratio.tables import ARMOUR_EFFECTS

    def chances(text: str, step: int) -> str:
        return re.sub(
            r"drm = (-?\d+)\nassumed",
            lambda row: (
                f"drm = {row[1]}\nchance = {{ drm = {int(row[1]) + step}, "
                'probability = "1/3" }\nassumed'
            ),
            text,
        )

    atec, aecd = Path(ARMOUR_EFFECTS).read_text().split("[[aeca_aecd]]", 1)
    text = chances(atec, +1) + "[[aeca_aecd]]" + chances(aecd, -1)
    path = tmp / "armour_effects_chances.toml"
    path.write_text(text, encoding="utf-8")
    return ArmourRatioRuleset(armour_effects=path)


WITH_CHANCES: dict[str, Callable[[Path], Ruleset]] = {
    "total-war": _tw_with_chances,
    "armour-ratio": _ar_with_chances,
}
"""Each ruleset on its shipped charts changed to give its DRMs as chances (written under a
temporary folder): generated combats then roll the chance die as well as the combat die."""


def is_ground_scenario(data: Mapping[str, Any]) -> bool:
    """A scenario with a ground combat (an air scenario is flown, 16A/23D, not evaluated)."""
    return "ruleset" in data and "air" not in data and ("attacker" in data or "map" in data)


@cache
def scenarios_of(ruleset_id: str) -> tuple[Path, ...]:
    """Every ground-combat scenario of tests/cases and maps fought under ``ruleset_id``."""
    found = []
    for path in SCENARIO_FILES:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if data.get("ruleset") == ruleset_id and is_ground_scenario(data):
            found.append(path)
    return tuple(found)


@cache
def scenario_combat(path: Path) -> CombatSituation:
    """The combat a scenario file states, as ``hexcombat explain`` builds it (the board says
    what each attacker crosses when the scenario has a map)."""
    return scenario_situation(load_scenario(path))


def all_scenarios() -> list[tuple[str, Path]]:
    """(ruleset id, scenario) for every registered ruleset's scenarios, for parametrising."""
    from hexcombat.rules.registry import ruleset_ids

    return [(rid, path) for rid in ruleset_ids() for path in scenarios_of(rid)]


class RecordingDice:
    """Other dice whose faces are noted in order: what a player would type to repeat them."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.faces: list[int] = []

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        face: int = self.inner.roll(sides, purpose)
        self.faces.append(face)
        return face


# --- rule references -------------------------------------------------------------------------

RULEBOOK_REFERENCE = re.compile(r"^(\d+(?:[A-Z](?:\d+[a-z]?)?)?|\d+\.[A-Z](?:\.\d+)*)$")
"""A rule reference as the rulebooks print them: ``14D2a``, ``14F``, ``23D1``, ``10``,
``10.C.1``."""


@cache
def chart_headings(ruleset_id: str) -> frozenset[str]:
    """The chart and table headings the references file names as they stand (``CRT``,
    ``Fortifications Effects Chart``): not rule numbers, so no parent rule stands in for them."""
    data = tomllib.loads(REFERENCES.read_text(encoding="utf-8"))
    own = data.get("ruleset", {}).get(ruleset_id, {}).get("rules", {})
    keys = set(data.get("rules", {})) | set(own)
    return frozenset(k for k in keys if not RULEBOOK_REFERENCE.match(k))


def own_references(ruleset: Ruleset) -> Mapping[str, str] | None:
    """A ruleset's own references (rule -> summary) when it brings them, as the tiny test
    ruleset does; None: the shipped references file serves it."""
    return getattr(ruleset, "references", None)


def reference_problem(
    rule: str, ruleset_id: str, own: Mapping[str, str] | None = None
) -> str | None:
    """Why ``rule`` is not a reference the ruleset's references file knows, or None: a chart
    heading it names exactly, or a rulebook reference whose rule (or a parent rule) it
    summarises, as the combat panel's tooltip finds it. A ruleset bringing its ``own``
    references must cite one of them."""
    if own is not None:
        return None if rule in own else f"{rule!r} is not among {ruleset_id}'s own references"
    if rule in chart_headings(ruleset_id):
        return None
    if not RULEBOOK_REFERENCE.match(rule):
        return f"{rule!r} is neither a rulebook reference nor a chart the references file names"
    if rule_text(rule, ruleset_id) is None:
        return f"{rule!r}: the references file summarises neither it nor a rule it belongs to"
    return None


# --- the documented schema of ``explain --json`` ----------------------------------------------


@cache
def report_schema() -> dict[str, Any]:
    """The schema docs/report-schema.md documents (its one ``json`` block), so the page and the
    check cannot drift apart."""
    text = SCHEMA_DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)\n```", text, flags=re.DOTALL)
    assert len(blocks) == 1, f"{SCHEMA_DOC.name} must hold exactly one ```json block"
    schema: dict[str, Any] = json.loads(blocks[0])
    return schema


_TYPES: dict[str, Callable[[object], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def schema_problems(
    value: object,
    schema: Mapping[str, Any],
    where: str = "$",
    root: Mapping[str, Any] | None = None,
) -> list[str]:
    """Where ``value`` breaks ``schema``: the subset of JSON Schema the page uses (``type``,
    ``enum``, ``pattern``, ``properties``, ``required``, ``additionalProperties``, ``items``, and
    ``$ref`` to a part of the same schema, ``#/$defs/side``)."""
    root = schema if root is None else root
    if "$ref" in schema:
        target: Any = root
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        return schema_problems(value, target, where, root)
    types = schema.get("type")
    if types is not None:
        allowed = [types] if isinstance(types, str) else list(types)
        if not any(_TYPES[t](value) for t in allowed):
            return [f"{where}: {value!r} is not {' or '.join(allowed)}"]
    problems: list[str] = []
    if "enum" in schema and value not in schema["enum"]:
        problems.append(f"{where}: {value!r} is not one of {schema['enum']}")
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        problems.append(f"{where}: {value!r} does not match {schema['pattern']}")
    if isinstance(value, dict):
        problems += [
            f"{where}: no {key!r}" for key in schema.get("required", []) if key not in value
        ]
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in properties:
                problems += schema_problems(item, properties[key], f"{where}.{key}", root)
            elif extra is False:
                problems.append(f"{where}: {key!r} is not a documented key")
            elif isinstance(extra, dict):
                problems += schema_problems(item, extra, f"{where}.{key}", root)
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            problems += schema_problems(item, schema["items"], f"{where}[{i}]", root)
    return problems
