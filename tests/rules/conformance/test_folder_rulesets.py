"""The conformance suite checks the ruleset folders kept in the tests (tests/rulesets) as a
player would have them: each copied where the registry's own folder discovery finds it, with its
tutorial among its scenarios and its hypothesis strategies found in its own folder; afterwards
the rulesets found are the checkout's again."""

from __future__ import annotations

import sys
from pathlib import Path

import test_conformance
from conformance_helpers import (
    _folder_copies,
    declared_tutorials,
    folder_rulesets,
    scenarios_of,
    strategies_module,
)

from hexcombat.rules.registry import RULESETS_PACKAGE, get_ruleset, ruleset_ids
from ruleset_folders import KEPT_FOLDERS


def kept() -> list[str]:
    """The names of the ruleset folders kept in the tests."""
    return sorted(p.name for p in KEPT_FOLDERS.iterdir() if (p / "__init__.py").is_file())


def test_each_kept_folder_is_checked_from_its_copy_with_its_own_tutorial_and_strategies() -> None:
    copies = _folder_copies()
    assert kept(), "no ruleset folder kept in the tests"
    with folder_rulesets():
        found = {
            rid: Path(sys.modules[type(get_ruleset(rid)).__module__].__file__ or "")
            for rid in ruleset_ids()
        }
        from_copies = {rid for rid, path in found.items() if path.is_relative_to(copies)}
        assert sorted(found[rid].parent.name for rid in from_copies) == kept()
        for rid in from_copies:
            assert rid in test_conformance.RULESETS  # every check is parametrised over it
            tutorials = declared_tutorials(rid)
            assert tutorials and all(p.is_relative_to(copies) for p in tutorials)
            assert set(tutorials) <= set(scenarios_of(rid))
            assert (rid, tutorials[0]) in test_conformance.SCENARIOS
            strategies = strategies_module(rid)
            assert strategies is not None and strategies.__file__ is not None
            assert Path(strategies.__file__).is_relative_to(copies / found[rid].parent.name)


def test_the_folder_rulesets_are_gone_afterwards() -> None:
    before = ruleset_ids()
    with folder_rulesets():
        assert len(ruleset_ids()) == len(before) + len(kept())
    assert ruleset_ids() == before
    assert not [m for m in sys.modules if m.startswith(f"{RULESETS_PACKAGE}.{kept()[0]}")]
