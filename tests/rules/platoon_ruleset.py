"""A test-only ruleset of a game the program does not ship: its counters are pioneer platoons
(``...``) and companies (``I``), sizes and a type no shipped ruleset declares. Registered for a
while by the tests that read such counters (tests/rules/test_declared_sizes_and_types.py)."""

from __future__ import annotations

from dataclasses import replace

from tiny_ruleset import TinyRuleset


class PlatoonRuleset(TinyRuleset):
    id = "platoons"
    title = "Platoons: pioneers in companies (tests only)"
    vocabulary = replace(
        TinyRuleset.vocabulary, unit_types=frozenset({"pioneer"}), unit_sizes=("...", "I")
    )


RULESET = PlatoonRuleset()
OUTSIDE_CONFORMANCE = (
    "the tiny ruleset's rules under another id, only to declare size marks and a unit type, with "
    "no scenario or strategy of its own: tests/rules/test_declared_sizes_and_types.py checks it"
)
