"""Rulesets written as data: a game's combat rules in a TOML file (docs/ruleset-file.md).

``model`` holds the checked file as frozen dataclasses, ``loader`` reads and checks a file,
``tables`` does the pure arithmetic (dice totals, columns, chances), ``engine`` is the thin
adapter that plays a checked file through the ruleset contract, and ``discovery`` finds the
files. A ruleset family, not core: the core imports nothing of it.
"""
