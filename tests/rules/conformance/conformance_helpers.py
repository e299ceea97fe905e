"""What the conformance suite checks every registered ruleset with: its scenarios, its
hypothesis situations, every roll a report can consume, the rule references a step may cite,
and the documented schema of ``hexcombat explain --json`` (docs/report-schema.md).

A newly registered ruleset is picked up by ``ruleset_ids()``; it needs at least one scenario in
tests/cases, maps or the tutorials it declares, and a ``*_strategies.py`` declaring
``RULESET_ID`` (its own strategy) in its tests or in its own folder, or the suite fails saying
so. The ruleset folders kept in the tests (tests/rulesets) are copied where the registry's folder
discovery finds them (:func:`folder_rulesets`), as a player copies a folder into a checkout.
Nothing here names a ruleset.
"""

from __future__ import annotations

import atexit
import importlib
import json
import re
import shutil
import sys
import tempfile
import tomllib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from hypothesis import strategies as st

from hexcombat.game.evaluation import scenario_situation
from hexcombat.game.scenario import load_scenario
from hexcombat.rules.references import rule_text
from hexcombat.rules.registry import Ruleset, declarations, get_ruleset, ruleset_ids
from hexcombat.rules.situation import CombatSituation
from ruleset_folders import KEPT_FOLDERS, copy_folder, rulesets_path

REPO = Path(__file__).resolve().parents[3]
SCENARIO_FILES = (
    sorted((REPO / "tests" / "cases").glob("*.toml"))
    + sorted((REPO / "maps").glob("*-scenario.toml"))
    + sorted((Path(__file__).resolve().parent / "cases").glob("*.toml"))
    + sorted((REPO / "rulesets").glob("*/*-scenario.toml"))  # the example games' (one folder each)
)
SCHEMA_DOC = REPO / "docs" / "report-schema.md"


TEST_RULESETS: dict[str, str] = {
    "tiny": "tiny_ruleset",
    "odds-2d6": "odds2d6_ruleset",
    "differential": "differential_ruleset",
    "river-crossing": "river_crossing_ruleset",  # ruleset files (docs/ruleset-file.md)
    "ridge-line": "ridge_line_ruleset",
    "barrage": "barrage_ruleset",
    "skirmish": "skirmish_ruleset",
}
"""Rulesets of other families kept in the tests (this folder), by id and module: the suite
checks them beside every registered one, each registered while its checks run."""

TESTS = REPO / "tests"


@cache
def _folder_copies() -> Path:
    """The ruleset folders kept in the tests, copied once into a temporary folder (removed when
    the test run ends)."""
    into = Path(tempfile.mkdtemp(prefix="hexcombat-ruleset-folders-"))
    atexit.register(shutil.rmtree, into, ignore_errors=True)
    for folder in sorted(KEPT_FOLDERS.iterdir()):
        if (folder / "__init__.py").is_file():
            copy_folder(folder, into)
    return into


@contextmanager
def folder_rulesets() -> Iterator[None]:
    """The ruleset folders kept in the tests (tests/rulesets) found by the registry's own folder
    discovery while the block runs, as if copied into the checkout's rulesets package; gone from
    ``ruleset_ids()`` afterwards."""
    with rulesets_path(_folder_copies()):
        yield


def _declared_id(path: Path) -> str | None:
    """The ``RULESET_ID`` a strategies module declares (read from its text: finding one imports
    nothing)."""
    declared = re.search(r'^RULESET_ID = "([^"]+)"', path.read_text(encoding="utf-8"), re.M)
    return declared[1] if declared else None


@cache
def _strategy_files() -> dict[str, Path]:
    """Each ``*_strategies.py`` under tests/ by the ``RULESET_ID`` it declares, but for those of
    the ruleset folders kept there (each is found in its copy, :func:`_own_strategies`)."""
    found: dict[str, Path] = {}
    for path in sorted(TESTS.rglob("*_strategies.py")):
        declared = _declared_id(path)
        if declared and not path.is_relative_to(KEPT_FOLDERS):
            assert declared not in found, f"{declared}: two strategy modules"
            found[declared] = path
    return found


def _own_strategies(ruleset_id: str) -> tuple[Path, str] | None:
    """The ``*_strategies.py`` a ruleset brings in its own folder (or plug-in package), beside
    the module that gives its ``RULESET``, and its module name; None when it brings none."""
    if ruleset_id not in ruleset_ids():
        return None
    module = sys.modules[type(get_ruleset(ruleset_id)).__module__]
    package = module.__name__ if hasattr(module, "__path__") else module.__package__
    if not package or module.__file__ is None:
        return None
    for path in sorted(Path(module.__file__).parent.glob("*_strategies.py")):
        if _declared_id(path) == ruleset_id:
            return path, f"{package}.{path.stem}"
    return None


def _strategy_file(ruleset_id: str) -> Path | None:
    own = _own_strategies(ruleset_id)
    return own[0] if own else _strategy_files().get(ruleset_id)


def strategies_module(ruleset_id: str) -> ModuleType | None:
    """The hypothesis strategies module (``*_strategies.py`` with ``RULESET_ID`` and
    ``situations()``) the ruleset brings in its own folder, or else its tests keep; None when it
    has none."""
    own = _own_strategies(ruleset_id)
    if own is not None:
        return importlib.import_module(own[1])
    path = _strategy_files().get(ruleset_id)
    if path is None:
        return None
    if str(path.parent) not in sys.path:
        sys.path.insert(0, str(path.parent))
    return importlib.import_module(path.stem)


def situations_of(ruleset_id: str) -> st.SearchStrategy[CombatSituation]:
    """The ruleset's own strategy for legal combats; a ruleset without one fails saying so
    (the generated checks never pass for want of combats)."""
    module = strategies_module(ruleset_id)
    assert module is not None, (
        f"{ruleset_id}: add a *_strategies.py with RULESET_ID = {ruleset_id!r} and situations() "
        "to its tests"
    )
    strategy: st.SearchStrategy[CombatSituation] = module.situations()
    return strategy


def with_chances(ruleset_id: str) -> Callable[[Path], Ruleset] | None:
    """The ruleset on its charts changed to give its DRMs as chances (its strategies module's
    ``chance_ruleset``, written under a temporary folder), or None when it offers none."""
    module = strategies_module(ruleset_id)
    return getattr(module, "chance_ruleset", None)


def chance_rulesets(rulesets: tuple[str, ...]) -> list[str]:
    """The ``rulesets`` whose strategies give a :func:`with_chances` ruleset."""
    return [
        rid
        for rid in rulesets
        if (path := _strategy_file(rid)) and "def chance_ruleset" in path.read_text("utf-8")
    ]


def is_ground_scenario(data: Mapping[str, Any]) -> bool:
    """A scenario with a ground combat (an air scenario is flown, 16A/23D, not evaluated)."""
    return "ruleset" in data and "air" not in data and ("attacker" in data or "map" in data)


def declared_tutorials(ruleset_id: str) -> tuple[Path, ...]:
    """The tutorial scenarios the ruleset declares in its own folder (a copied folder's)."""
    if ruleset_id not in ruleset_ids():
        return ()
    return tuple(declarations(ruleset_id).tutorial_files())


@cache
def scenarios_of(ruleset_id: str) -> tuple[Path, ...]:
    """Every ground-combat scenario of tests/cases, maps and the ruleset's own declared
    tutorials fought under ``ruleset_id``."""
    found = []
    for path in dict.fromkeys((*SCENARIO_FILES, *declared_tutorials(ruleset_id))):
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


def own_references(ruleset: Ruleset) -> Mapping[str, str] | None:
    """A ruleset's own references (rule -> summary) when it brings them, as the test rulesets
    do; None: the shipped references file serves it."""
    return getattr(ruleset, "references", None)


def reference_problem(
    rule: str, ruleset_id: str, own: Mapping[str, str] | None = None
) -> str | None:
    """Why ``rule`` is not a reference the ruleset declares, or None: one of its ``own``
    references when it brings them, else one the references file summarises for it (the rule
    or a rule it belongs to, as the combat panel's tooltip finds it). Whatever its grammar
    (``14D2a``, ``10.C.1``, ``10.5.2.2``, ``ACT shift``, ``T4``), only what is declared counts."""
    if own is not None:
        return None if rule in own else f"{rule!r} is not among {ruleset_id}'s own references"
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
