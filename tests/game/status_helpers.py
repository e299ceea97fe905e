"""A small vocabulary of morale states and markers for the counter-status tests: the Europa
rulesets declare none, so the tests lend one to the game's ruleset (as the ``zoc_free`` fixture
lends it other retreat rules)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hexcombat.game.state import GameState
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.vocabulary import StateSpec, Vocabulary

DISRUPTED = StateSpec("disrupted", "Disrupted", "T1", rank=1)
DEMORALIZED = StateSpec("demoralized", "Demoralized", "T2", short="DM", rank=2)
HEROIC = StateSpec("heroic", "Heroic", "T3")
IN_MOTION = StateSpec("in-motion", "In motion", "T4", short="M")

TEST_VOCABULARY = Vocabulary(
    states=(DISRUPTED, DEMORALIZED), markers=(HEROIC, IN_MOTION), steps=True
)
"""Two states and two markers; units lose steps."""


def lend_vocabulary(monkeypatch: pytest.MonkeyPatch, ruleset: str = "total-war") -> Vocabulary:
    """``ruleset`` declares :data:`TEST_VOCABULARY`'s states, markers and steps for the test."""
    rules = get_ruleset(ruleset)
    vocabulary = replace(
        rules.vocabulary,
        states=TEST_VOCABULARY.states,
        markers=TEST_VOCABULARY.markers,
        steps=True,
    )
    monkeypatch.setattr(rules, "vocabulary", vocabulary)
    return vocabulary


def with_steps(state: GameState, uid: str, steps: int) -> None:
    """Give counter ``uid`` a unit of ``steps`` steps (set-up, not a game change)."""
    counter = state.counters[uid]
    state.replace_counter(replace(counter, unit=replace(counter.unit, steps=steps)))


def uid_named(state: GameState, name: str, hex_label: str) -> str:
    """The first counter called ``name`` in the hex."""
    stack = state.stack_at(state.hexmap.hex_at(hex_label))
    return next(c.uid for c in stack if c.unit.name == name)
