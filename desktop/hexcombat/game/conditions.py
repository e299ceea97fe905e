"""The game's conditions of combat (weather, date, fortified, ...) checked before they are kept.

A save or the combat panel may hand in anything; only values the rules can read become game
state, so a bad save is refused with a message instead of failing later inside a ruleset.
"""

from __future__ import annotations

from pathlib import Path

from hexcombat.rules.dates import month_problem
from hexcombat.rules.europa_vocabulary import EUROPA_CONDITIONS

WEATHER: tuple[str, ...] = ("clear", "mud", "frost", "snow", "winter")
"""The weather both rulesets' charts know (10.E weather rows, the 14D2 AEC chart)."""

_GENERAL = {"terrain": "str", "weather": "str", "date": "str | None", "crt": "str | None"}
_KINDS = _GENERAL | {c.key: c.kind for c in EUROPA_CONDITIONS}


def condition_problem(key: str, value: object) -> str | None:
    """Why ``value`` cannot be the condition ``key``, or None when it can."""
    kind = _KINDS.get(key)
    if kind is None:
        return f"unknown condition {key!r}; the conditions are {', '.join(_KINDS)}"
    if key == "weather":
        if value not in WEATHER:
            return f"unknown weather {value!r}; the weather is one of {', '.join(WEATHER)}"
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
    if kind == "bool" and not isinstance(value, bool):
        return f"{key} must be true or false, not {value!r}"
    if kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
        return f"{key} must be a whole number, not {value!r}"
    if key == "fortification" and value > 0:  # both rulesets: it never helps the attacker
        return (
            "a fortification's combat die roll modifier is negative (-1, -2, -3, ...), "
            f"not {value:+d} (14D1)"
        )
    if kind.startswith("str") and not isinstance(value, str):
        return f"{key} must be text, not {value!r}"
    return None
