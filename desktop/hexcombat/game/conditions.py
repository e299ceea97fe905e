"""The game's conditions of combat checked before they are kept.

A save, a scenario or the combat panel may hand in anything; only values the game's ruleset can
read become game state, so a bad save is refused with a message instead of failing later inside
a ruleset. The general conditions (weather, date, a combat results table) are every ruleset's;
the others are the ones the ruleset declares in its vocabulary.
"""

from __future__ import annotations

from pathlib import Path

from hexcombat.rules.dates import month_problem
from hexcombat.rules.errors import RulesError
from hexcombat.rules.registry import get_ruleset, ruleset_ids
from hexcombat.rules.vocabulary import Vocabulary

GENERAL_CONDITIONS = ("terrain", "weather", "date", "crt")
"""The conditions of every ruleset; ``terrain`` comes from the map in a game."""


def vocabulary_of(ruleset: str) -> Vocabulary | None:
    """What ruleset ``ruleset`` declares, or None for an unknown id (refused on its own)."""
    try:
        return get_ruleset(ruleset).vocabulary
    except RulesError:
        return None


def any_ruleset_problem(key: str, value: object) -> str | None:
    """Why ``value`` cannot be condition ``key`` under any ruleset hexcombat knows: for a
    scenario whose ruleset is unknown (refused at its own line), a misspelt condition is still
    told at its line, a condition some ruleset reads is not."""
    problems = [condition_problem(get_ruleset(r).vocabulary, key, value) for r in ruleset_ids()]
    return None if None in problems else problems[0]


def condition_keys(vocabulary: Vocabulary) -> tuple[str, ...]:
    """Every condition a game under ``vocabulary`` may hold."""
    return GENERAL_CONDITIONS + tuple(c.key for c in vocabulary.conditions)


def condition_problem(vocabulary: Vocabulary, key: str, value: object) -> str | None:
    """Why ``value`` cannot be the condition ``key`` under ``vocabulary``, or None when it can."""
    if key == "terrain":
        return None if isinstance(value, str) else f"terrain must be text, not {value!r}"
    if key == "weather":
        if value not in vocabulary.weather:
            known = ", ".join(vocabulary.weather)
            return f"unknown weather {value!r}; the weather is one of {known}"
        return None
    if key == "crt":
        if value is not None and not isinstance(value, str):
            return f"crt must be the path of a combat results table file, not {value!r}"
        if value is not None and not Path(value).is_file():
            return f"combat results table {value!r} not found"
        return None
    if key == "date":
        if value is not None and month_problem(value):
            return f"date {month_problem(value)}"
        return None
    spec = vocabulary.condition(key)
    if spec is None:
        known = ", ".join(condition_keys(vocabulary))
        return f"unknown condition {key!r}; the conditions are {known}"
    return spec.problem(value)
