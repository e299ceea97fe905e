"""Short summaries of the rules that steps cite, so hovering a step shows what its rule says.

A reference without its own entry falls back to the rule it belongs to (``10.C.1`` -> ``10.C``
-> ``10``; ``14D2a`` -> ``14D2``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from hexcombat.sourcefile import Problem, TomlSource

REFERENCES = Path(__file__).with_name("references.toml")


def references_from_source(source: TomlSource) -> tuple[dict[str, str], list[Problem]]:
    """The summaries of a references file, and a problem for any entry that is not text."""
    raw = source.data.get("rules", {})
    if not isinstance(raw, dict):
        return {}, [source.problem(("rules",), "[rules] must map rule references to text")]
    problems = [
        source.problem(("rules", ref), f"the summary of {ref} must be text")
        for ref, text in raw.items()
        if not isinstance(text, str) or not text.strip()
    ]
    return {ref: text for ref, text in raw.items() if isinstance(text, str)}, problems


@cache
def _summaries() -> dict[str, str]:
    return references_from_source(TomlSource.load(REFERENCES))[0]


def _parents(ref: str) -> list[str]:
    """``10.C.1`` -> ``10.C.1, 10.C, 10``; ``14D2a`` -> ``14D2a, 14D2, 14D, 14``."""
    chain = [ref]
    while ref:
        ref = ref.rsplit(".", 1)[0] if "." in ref else ref[:-1]
        if ref:
            chain.append(ref)
    return chain


def rule_text(ref: str) -> str | None:
    """What rule ``ref`` says, in short; None when hexcombat has no summary for it."""
    summaries = _summaries()
    for candidate in _parents(ref.strip()):
        if candidate in summaries:
            return summaries[candidate]
    return None
