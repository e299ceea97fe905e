"""The conformance suite finds what it runs over, never from a list (conformance_helpers): every
ruleset the registry finds (folders, plug-ins, the example games shipped as ruleset files), the
ruleset folders, ``*_ruleset.py`` modules and ruleset files kept in the tests, and the starter
file ``hexcombat new-ruleset`` writes. A ruleset copied where the suite looks grows its
parametrisation with no list edited; one it finds but cannot take fails the suite, never passes
it by being left out."""

from __future__ import annotations

import importlib
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
import test_conformance
from conformance_helpers import (
    KEPT,
    OUTSIDE,
    STARTER_ID,
    TESTS,
    Kept,
    kept_folders,
    kept_ruleset_files,
    kept_ruleset_modules,
    left_out_modules,
    scenarios_of,
    starter_folder,
    suite_rulesets,
)

from hexcombat.rules.registry import ruleset_ids
from ruleset_folders import KEPT_FOLDERS, copy_folder

REPO = Path(__file__).resolve().parents[3]


def file_id(path: Path) -> str:
    """The ``[game] id`` a ruleset file gives."""
    game_id: str = tomllib.loads(path.read_text(encoding="utf-8"))["game"]["id"]
    return game_id


def test_the_suite_runs_over_every_ruleset_the_registry_finds() -> None:
    registered = ruleset_ids()  # folders, plug-ins, the shipped example games
    assert registered and set(registered) <= set(test_conformance.RULESETS)
    examples = [p for p in sorted(REPO.glob("rulesets/*/*.toml")) if "schema" in p.read_text()]
    assert len(examples) >= 3, "the example games under rulesets/ are ruleset files"
    for path in examples:
        assert file_id(path) in registered, path


def test_the_suite_runs_over_every_ruleset_kept_in_the_tests_and_the_starter() -> None:
    files = kept_ruleset_files()
    assert REPO / "tests/rules/datafile/data/river-crossing.toml" in files
    modules = kept_ruleset_modules()
    assert "tiny_ruleset" in modules.values()
    kept_ids = {*map(file_id, files), *modules, STARTER_ID}
    assert len(kept_ids) == len(files) + len(modules) + 1, "an id kept twice"
    assert kept_ids <= set(test_conformance.RULESETS)
    assert kept_folders(), "no ruleset folder kept in tests/rulesets"
    with suite_rulesets() as found:
        assert found == test_conformance.RULESETS
        assert scenarios_of(STARTER_ID) == (starter_folder() / f"{STARTER_ID}-scenario.toml",)
    assert not kept_ids & set(ruleset_ids()), "the kept rulesets are gone afterwards"


def test_every_ruleset_module_in_the_tests_is_checked_or_says_why_not() -> None:
    """Each ``*_ruleset.py`` is checked, or plays a ruleset file the suite checks as a file, or
    says which tests check it instead (a test file that exists)."""
    modules = sorted(p.stem for p in TESTS.rglob("*_ruleset.py") if not p.name.startswith("test_"))
    outside = left_out_modules()
    assert outside and set(outside).isdisjoint(kept_ruleset_modules().values())
    files = set(kept_ruleset_files())
    for module in modules:
        if module in outside or module in kept_ruleset_modules().values():
            continue
        played = importlib.import_module(module).RULESET.file.path  # a ruleset file's module
        assert Path(played) in files, f"{module}: neither checked nor saying why not"
    tests = {p.name for p in TESTS.rglob("test_*.py")}
    for module, why in outside.items():
        named = {word.strip(",.:;").rsplit("/", 1)[-1] for word in why.split()}
        assert named & tests, f"{module}: {OUTSIDE} names no test that checks it: {why}"


@pytest.fixture
def more(tmp_path: Path) -> Iterator[Kept]:
    """The suite's places and a folder of this test's own, and the modules it imports there
    forgotten afterwards."""
    (tmp_path / "folders").mkdir()
    (tmp_path / "tests").mkdir()
    yield Kept(
        tests=(*KEPT.tests, tmp_path / "tests"), folders=(KEPT_FOLDERS, tmp_path / "folders")
    )
    for name in ("moon_ruleset", "plain_ruleset"):
        sys.modules.pop(name, None)
    if str(tmp_path / "tests") in sys.path:
        sys.path.remove(str(tmp_path / "tests"))


def test_a_ruleset_copied_where_the_suite_looks_grows_its_parametrisation(more: Kept) -> None:
    """A ruleset file, a ``*_ruleset.py`` and a ruleset folder copied into the test's own
    folders: each is found and checked beside the others, no list edited."""
    extra = more.tests[-1]
    river = (REPO / "tests/rules/datafile/data/river-crossing.toml").read_text(encoding="utf-8")
    copied = river.replace('id = "river-crossing"', 'id = "river-copy"', 1)
    assert copied != river
    (extra / "river-copy.toml").write_text(copied, encoding="utf-8")
    (extra / "moon_ruleset.py").write_text(
        "from tiny_ruleset import TinyRuleset\n\n\n"
        'class MoonRuleset(TinyRuleset):\n    id = "moon"\n\n\nRULESET = MoonRuleset()\n',
        encoding="utf-8",
    )
    folder = copy_folder(KEPT_FOLDERS / "odds_d6", more.folders[-1], "odds_d6_copy")
    init = folder / "__init__.py"
    init.write_text(
        init.read_text(encoding="utf-8").replace('id = "odds-d6"', 'id = "odds-d6-copy"'),
        encoding="utf-8",
    )
    with suite_rulesets(more) as grown:
        assert set(test_conformance.RULESETS) <= set(grown)
        assert set(grown) - set(test_conformance.RULESETS) == {"river-copy", "moon", "odds-d6-copy"}
    assert not {"river-copy", "moon", "odds-d6-copy"} & set(ruleset_ids())


def test_a_ruleset_the_suite_finds_but_cannot_take_fails_it(more: Kept) -> None:
    """A broken ruleset file kept in the tests is never passed over by being left out."""
    river = (REPO / "tests/rules/datafile/data/river-crossing.toml").read_text(encoding="utf-8")
    broken = river.replace('id = "river-crossing"', 'id = "broken"')
    broken = broken.replace("sides = 6", "sides = 1")
    (more.tests[-1] / "broken.toml").write_text(broken, encoding="utf-8")
    with pytest.raises(AssertionError, match="could not load"), suite_rulesets(more):
        pass
    assert "broken" not in ruleset_ids()


def test_a_ruleset_module_without_a_ruleset_or_a_reason_fails_the_discovery(more: Kept) -> None:
    (more.tests[-1] / "plain_ruleset.py").write_text("NOTHING = 1\n", encoding="utf-8")
    with pytest.raises(AssertionError, match=f"no RULESET, and no {OUTSIDE}"):
        kept_ruleset_modules(more)
