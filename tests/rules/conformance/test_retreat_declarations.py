"""Every ruleset's retreat rules make sense under its own vocabulary (rules/retreat.py): a retreat
limit of at least 1 hex, limiting conditions that are its true-or-false conditions. The retreat
test ruleset (retreat_ruleset.py, R3) is checked with the registered ones."""

from __future__ import annotations

from dataclasses import replace

import pytest
from retreat_game import retreat_rules

from hexcombat.rules.registry import get_ruleset, ruleset_ids
from hexcombat.rules.retreat import RetreatRules
from meaning import each_says


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_each_rulesets_retreat_rules_fit_its_vocabulary(ruleset_id: str) -> None:
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
