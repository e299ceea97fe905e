"""What the conformance suite checks every ruleset it finds with: its scenarios, its
hypothesis situations, every roll a report can consume, the rule references a step may cite,
and the documented schema of ``hexcombat explain --json`` (docs/report-schema.md).

The rulesets it checks are discovered, never listed (:func:`suite_rulesets`):

- every ruleset the registry finds: the folders of the rulesets package and the installed
  plug-ins (entry points), and the ruleset files (TOML) shipped as example games under
  ``rulesets/`` at the repository root;
- the ruleset folders kept in the tests (each folder with an ``__init__.py`` under
  tests/rulesets, as ``tests/rulesets/odds_d6``), copied where the registry's folder discovery
  finds them (:func:`folder_rulesets`), as a player copies a folder into a checkout;
- every test-only Python ruleset kept in the tests: a module named ``*_ruleset.py`` anywhere
  under tests/ (but a ``test_*`` module) whose ``RULESET`` is the ruleset
  (:func:`kept_ruleset_modules`). One that serves a few tests and cannot be checked as a whole
  says so in ``OUTSIDE_CONFORMANCE = "why, and which tests check it instead"``; one that only
  plays a ruleset file kept in the tests is that file, checked once as a file;
- every ruleset file kept in the tests (a TOML file anywhere under tests/ with a top-level
  ``schema`` beside a ``[game]`` table, :func:`kept_ruleset_files`) and the starter file
  ``hexcombat new-ruleset`` writes (:func:`starter_folder`), copied into a player's rulesets
  folder of the suite's own, where the registry's file discovery finds them.

A ruleset found so needs at least one scenario (tests/cases, maps, this folder's cases/, the
tutorials it declares, or a scenario beside its ruleset file) and a ``*_strategies.py``
declaring ``RULESET_ID`` (its own strategy) in its tests or in its own folder, or the suite
fails saying so. Nothing here names a ruleset.
"""

from __future__ import annotations

import atexit
import importlib
import json
import os
import re
import shutil
import sys
import tempfile
import tomllib
from collections.abc import Callable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from hypothesis import strategies as st

from hexcombat.game.evaluation import scenario_situation
from hexcombat.game.new_ruleset import new_ruleset
from hexcombat.game.scenario import load_scenario
from hexcombat.rules.references import rule_text
from hexcombat.rules.registry import (
    Ruleset,
    declarations,
    get_ruleset,
    left_out,
    register_ruleset,
    rescan,
    ruleset_ids,
)
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
TESTS = REPO / "tests"
T = TypeVar("T")

OUTSIDE = "OUTSIDE_CONFORMANCE"
"""The attribute a test-only ruleset module sets to a reason when the suite cannot check it as
a whole (it has no scenarios or strategies of its own; other tests check it)."""

STARTER_ID = "starter"
"""The id of the game ``hexcombat new-ruleset starter`` writes, which the suite checks (its
strategies: ``RULESET_ID = "starter"`` in tests/rules/datafile/new_ruleset_strategies.py)."""


@dataclass(frozen=True)
class Kept:
    """Where the suite looks for the rulesets kept in the tests: a discovery test adds a folder
    of its own to see the suite grow."""

    tests: tuple[Path, ...] = (TESTS,)
    """Folders searched (with their sub-folders) for ``*_ruleset.py`` and ruleset files."""
    folders: tuple[Path, ...] = (KEPT_FOLDERS,)
    """Folders whose sub-folders are ruleset folders (each with an ``__init__.py``)."""


KEPT = Kept()


def by_kept(find: Callable[[Kept], T]) -> Callable[..., T]:
    """``find`` found once for each :class:`Kept` (the suite's own when none is given)."""
    found = cache(find)

    def once(kept: Kept = KEPT) -> T:
        return found(kept)

    once.__doc__ = find.__doc__
    return once


def _temporary(prefix: str) -> Path:
    """A new temporary folder, removed when the test run ends."""
    into = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, into, ignore_errors=True)
    return into


def kept_folders(kept: Kept = KEPT) -> list[Path]:
    """The ruleset folders kept in the tests, in the order of their names."""
    found = [
        folder
        for root in kept.folders
        for folder in sorted(root.iterdir())
        if (folder / "__init__.py").is_file()
    ]
    names = [f.name for f in found]
    assert len(set(names)) == len(names), f"two kept ruleset folders of one name: {names}"
    return found


@by_kept
def _folder_copies(kept: Kept) -> Path:
    """The ruleset folders kept in the tests, copied once into a temporary folder."""
    into = _temporary("hexcombat-ruleset-folders-")
    for folder in kept_folders(kept):
        copy_folder(folder, into)
    return into


@contextmanager
def folder_rulesets(kept: Kept = KEPT) -> Iterator[None]:
    """The ruleset folders kept in the tests (tests/rulesets) found by the registry's own folder
    discovery while the block runs, as if copied into the checkout's rulesets package; gone from
    ``ruleset_ids()`` afterwards."""
    with rulesets_path(_folder_copies(kept)):
        yield


def _is_ruleset_file(path: Path) -> bool:
    """A TOML file holding a ruleset (docs/ruleset-file.md): a top-level ``schema`` beside a
    ``[game]`` table; a file that does not parse is none (the tests keep broken files in
    ``tmp_path``, never here)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError):
        return False
    return "schema" in data and isinstance(data.get("game"), dict)


def _under(roots: tuple[Path, ...], pattern: str) -> list[Path]:
    """The files matching ``pattern`` under ``roots`` (sub-folders too), bytecode folders and
    the kept ruleset folders aside (the registry finds those as folders)."""
    return sorted(
        path
        for root in roots
        for path in root.rglob(pattern)
        if "__pycache__" not in path.parts
        and not path.is_relative_to(KEPT_FOLDERS)
        and not path.name.startswith("test_")  # a test module, not a ruleset
    )


@by_kept
def kept_ruleset_files(kept: Kept) -> tuple[Path, ...]:
    """Every ruleset file kept in the tests (tests/rules/datafile/data and wherever else)."""
    return tuple(p for p in _under(kept.tests, "*.toml") if _is_ruleset_file(p))


@cache
def starter_folder() -> Path:
    """The folder ``hexcombat new-ruleset starter`` writes (its ruleset file, counter set, map
    and scenario), written once into a temporary folder."""
    folder = _temporary("hexcombat-starter-") / STARTER_ID
    new_ruleset(folder)
    return folder


def suite_ruleset_files(kept: Kept = KEPT) -> tuple[Path, ...]:
    """The ruleset files the suite plays beside those the registry finds: the tests' and the
    starter's."""
    return (*kept_ruleset_files(kept), starter_folder() / f"{STARTER_ID}.toml")


@by_kept
def _player_folder(kept: Kept) -> Path:
    """A player's data folder of the suite's own whose rulesets folder holds a copy of each
    ruleset file of :func:`suite_ruleset_files`."""
    data = _temporary("hexcombat-ruleset-files-")
    (data / "rulesets").mkdir()
    for path in suite_ruleset_files(kept):
        copy = data / "rulesets" / path.name
        assert not copy.exists(), f"two ruleset files named {path.name} in the tests"
        shutil.copyfile(path, copy)
    return data


@contextmanager
def file_rulesets(kept: Kept = KEPT) -> Iterator[None]:
    """The ruleset files of :func:`suite_ruleset_files` found by the registry's own file
    discovery (the player's rulesets folder) while the block runs; gone afterwards."""
    before = os.environ.get("HEXCOMBAT_DATA_DIR")
    os.environ["HEXCOMBAT_DATA_DIR"] = str(_player_folder(kept))
    try:
        rescan()
        yield
    finally:
        if before is None:
            del os.environ["HEXCOMBAT_DATA_DIR"]
        else:
            os.environ["HEXCOMBAT_DATA_DIR"] = before
        rescan()


def _says_outside(path: Path) -> bool:
    """Whether the module at ``path`` sets :data:`OUTSIDE` (read from its text: finding one
    imports nothing)."""
    return re.search(rf"^{OUTSIDE}(: str)? = ", path.read_text(encoding="utf-8"), re.M) is not None


def _import(path: Path) -> ModuleType:
    """The test module at ``path``, imported by its name (its folder put on the path after the
    others, so it shadows nothing)."""
    if str(path.parent) not in sys.path:
        sys.path.append(str(path.parent))
    return importlib.import_module(path.stem)


@by_kept
def kept_ruleset_modules(kept: Kept) -> dict[str, str]:
    """The test-only Python rulesets kept in the tests, by id and module name: every
    ``*_ruleset.py`` under tests/ giving a ``RULESET``, but those saying why they are left
    out (:data:`OUTSIDE`) and those that only play a ruleset file kept in the tests."""
    files = {p.resolve() for p in kept_ruleset_files(kept)}
    found: dict[str, str] = {}
    for path in _under(kept.tests, "*_ruleset.py"):
        if _says_outside(path):
            continue
        ruleset = getattr(_import(path), "RULESET", None)
        assert ruleset is not None, f"{path}: no RULESET, and no {OUTSIDE} saying why"
        played = getattr(getattr(ruleset, "file", None), "path", None)
        if played is not None:  # a ruleset file's module: the file is checked as a file
            assert Path(played).resolve() in files, f"{path} plays {played}, not kept here"
            continue
        assert ruleset.id not in found, f"{ruleset.id}: two test ruleset modules"
        found[ruleset.id] = path.stem
    return found


def left_out_modules(kept: Kept = KEPT) -> dict[str, str]:
    """The ``*_ruleset.py`` modules under tests/ the suite leaves out, each with its reason."""
    return {
        path.stem: str(getattr(_import(path), OUTSIDE))
        for path in _under(kept.tests, "*_ruleset.py")
        if _says_outside(path)
    }


@contextmanager
def suite_rulesets(kept: Kept = KEPT) -> Iterator[tuple[str, ...]]:
    """Every ruleset the suite checks known while the block runs: those the registry finds,
    the ruleset folders, modules and files kept in the tests, and the starter file. Yields
    their ids; none may be left out (a ruleset that fails to load is never checked for want of
    being found)."""
    with ExitStack() as known:
        known.enter_context(folder_rulesets(kept))
        known.enter_context(file_rulesets(kept))
        for ruleset_id, module in kept_ruleset_modules(kept).items():
            known.enter_context(register_ruleset(ruleset_id, module))
        assert left_out() == (), f"rulesets the suite found but could not load: {left_out()}"
        yield ruleset_ids()


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


def beside_ruleset_files(kept: Kept = KEPT) -> tuple[Path, ...]:
    """The TOML files beside each ruleset file the suite plays (the starter's scenario): a
    scenario there is the file's own."""
    return tuple(
        path
        for folder in dict.fromkeys(p.parent for p in suite_ruleset_files(kept))
        for path in sorted(folder.glob("*.toml"))
    )


@cache
def scenarios_of(ruleset_id: str) -> tuple[Path, ...]:
    """Every ground-combat scenario of tests/cases, maps, the ruleset's own declared tutorials
    and the folders of the ruleset files the suite plays, fought under ``ruleset_id``."""
    found = []
    sources = (*SCENARIO_FILES, *beside_ruleset_files(), *declared_tutorials(ruleset_id))
    for path in dict.fromkeys(sources):
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
