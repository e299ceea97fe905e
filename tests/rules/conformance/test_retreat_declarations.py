"""Every ruleset's retreat rules make sense under its own vocabulary (rules/retreat.py): a retreat
limit of at least 1 hex, limiting conditions that are its true-or-false conditions, for every
ruleset the conformance suite finds (conformance_helpers). The retreat test ruleset
(retreat_ruleset.py, R3), which the suite leaves out, is checked on its own."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from conformance_helpers import suite_rulesets
from retreat_game import retreat_rules

from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.retreat import RetreatRules
from meaning import each_says

with suite_rulesets() as found:
    RULESETS = found


@pytest.fixture(scope="module")
def suite() -> Iterator[None]:
    """Every ruleset the conformance suite finds known while the checks over them run."""
    with suite_rulesets():
        yield


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_each_rulesets_retreat_rules_fit_its_vocabulary(ruleset_id: str, suite: None) -> None:
    ruleset = get_ruleset(ruleset_id)
    assert ruleset.retreat.problems(ruleset.vocabulary) == []


def test_the_retreat_test_rulesets_limit_fits_its_vocabulary() -> None:
    with retreat_rules():
        ruleset = get_ruleset("retreat-test")
        assert ruleset.retreat.problems(ruleset.vocabulary) == []


def test_a_limit_naming_an_undeclared_condition_or_no_hexes_is_caught() -> None:
    with retreat_rules():
        ruleset = get_ruleset("retreat-test")
        rules: RetreatRules = ruleset.retreat
        assert each_says(
            replace(rules, limiting_conditions=frozenset({"fog"})).problems(ruleset.vocabulary),
            dict(names=["'fog'", "true-or-false"]),
        )
        assert each_says(
            replace(rules, limit_hexes=0).problems(ruleset.vocabulary),
            dict(figures=["0", "1"], names=["retreat limit"]),
        )
        assert each_says(
            replace(rules, limit_hexes=None).problems(ruleset.vocabulary),
            dict(names=["limiting terrain or conditions", "limit_hexes"]),
        )
