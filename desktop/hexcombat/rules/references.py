"""Short summaries of the rules that steps cite, so hovering a step shows what its rule says.

A reference without its own entry falls back to the rule it belongs to (``10.C.1`` -> ``10.C``
-> ``10``; ``14D2a`` -> ``14D2``).
"""

from __future__ import annotations

from functools import cache

from hexcombat.paths import charts_dir
from hexcombat.sourcefile import Problem, TomlSource

REFERENCES = charts_dir() / "references.toml"


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
def _summaries(ruleset: str | None = None) -> dict[str, str]:
    """Every summary, a ruleset's own (``[ruleset."<id>".rules]``) over the shared ones."""
    source = TomlSource.load(REFERENCES)
    summaries = references_from_source(source)[0]
    own = source.data.get("ruleset", {}).get(ruleset, {}) if ruleset else {}
    if isinstance(own, dict) and isinstance(own.get("rules"), dict):
        summaries |= {k: v for k, v in own["rules"].items() if isinstance(v, str)}
    return summaries


def _parents(ref: str) -> list[str]:
    """``10.C.1`` -> ``10.C.1, 10.C, 10``; ``14D2a`` -> ``14D2a, 14D2, 14D, 14``."""
    chain = [ref]
    while ref:
        ref = ref.rsplit(".", 1)[0] if "." in ref else ref[:-1]
        if ref:
            chain.append(ref)
    return chain


def rule_text(ref: str, ruleset: str | None = None) -> str | None:
    """What rule ``ref`` says, in short (as ``ruleset`` numbers its rules: Total War's rule 10
    is not rule 10 of the armour-ratio rules); None when hexcombat has no summary for it."""
    summaries = _summaries(ruleset)
    for candidate in _parents(ref.strip()):
        if candidate in summaries:
            return summaries[candidate]
    return None
