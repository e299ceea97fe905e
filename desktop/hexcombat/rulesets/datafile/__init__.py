"""Rulesets written as data: a game's combat rules in a TOML file (docs/ruleset-file.md).

``model`` holds the checked file as frozen dataclasses, ``loader`` reads and checks a file,
``tables`` does the pure arithmetic (dice totals, columns, chances), ``engine`` is the thin
adapter that plays a checked file through the ruleset contract, and ``discovery`` finds the
files. A ruleset family, not core: the core imports nothing of it.
"""

from __future__ import annotations

from pathlib import Path

from hexcombat.sourcefile import Problem, SourceError, TomlSource


def RULESET_FILES(builtin_ids: tuple[str, ...]) -> tuple[list[object], list[tuple[str, str]]]:  # noqa: N802
    """The rulesets of the shipped example games and of the player's rulesets folder, and the
    files left out, with why: what the registry asks this family (rules/registry.py)."""
    from hexcombat.rulesets.datafile.discovery import known_rulesets

    found, left = known_rulesets(builtin_ids)
    return list(found), [(x.where, x.reason) for x in left]


def RULESET_BESIDE(  # noqa: N802
    folder: Path, ruleset_id: str, builtin_ids: tuple[str, ...]
) -> tuple[object | None, list[Problem]]:
    """The ruleset file ``<ruleset_id>.toml`` in a scenario's ``folder`` (None and no problem
    when there is none), or its problems."""
    from hexcombat.rulesets.datafile.discovery import beside
    from hexcombat.rulesets.datafile.loader import ID

    if not ID.match(ruleset_id):  # no ruleset file has such an id: a name no path is made of
        return None, []
    try:
        there = (folder / f"{ruleset_id}.toml").is_file()
    except OSError:  # a folder that cannot be read
        return None, []
    if not there:
        return None, []
    try:
        return beside(folder, ruleset_id, builtin_ids), []
    except SourceError as exc:
        return None, exc.problems


def RULESET_FILE_PROBLEMS(  # noqa: N802
    source: TomlSource, builtin_ids: tuple[str, ...]
) -> list[Problem] | None:
    """Every problem of ``source`` when it is a ruleset file (a top-level ``schema`` beside a
    ``[game]`` table), its size included; None when it is another kind of file."""
    from hexcombat.rulesets.datafile.loader import is_ruleset_data, ruleset_file_problems

    if not is_ruleset_data(source.data):
        return None
    return ruleset_file_problems(source.path, builtin_ids)


def RULESET_TEXT(text: str, name: str, builtin_ids: tuple[str, ...]) -> object:  # noqa: N802
    """The ruleset a ruleset file's ``text`` holds (the copy a saved game carries), checked as
    the file would be; :class:`SourceError` names its problems at ``name``'s lines."""
    from dataclasses import replace

    from hexcombat.rulesets.datafile.engine import DataRuleset
    from hexcombat.rulesets.datafile.loader import ruleset_from_source
    from hexcombat.sourcefile import TomlSource

    found = ruleset_from_source(TomlSource.parse(text, name), builtin_ids)
    return DataRuleset(replace(found, text=text))
