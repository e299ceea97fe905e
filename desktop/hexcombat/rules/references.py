"""Short summaries of the rules that steps cite, so hovering a step shows what its rule says.

Each ruleset brings its own (its ``references``), usually a :class:`ReferencesFile` in its own
folder: a ``chart = "rule-references"`` TOML whose ``[rules]`` maps each reference to its
summary. The core keeps only the reader and the grammar of falling back: a reference without its
own entry falls back to the rule it belongs to (``10.C.1`` -> ``10.C`` -> ``10``; ``14D2a`` ->
``14D2``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from hexcombat.rules.errors import RulesError
from hexcombat.rules.registry import get_ruleset
from hexcombat.sourcefile import Problem, SourceError, TomlSource


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


class ReferencesFile(Mapping[str, str]):
    """A ruleset's rule references, read from its references files on first use (a later file's
    entry wins over an earlier one's: a family's shared file, then the ruleset's own). A file
    that cannot be read gives no summaries (``hexcombat check`` says what is wrong with it)."""

    def __init__(self, *paths: str | Path) -> None:
        self.paths = tuple(Path(p) for p in paths)
        self._summaries: dict[str, str] | None = None

    def _read(self) -> dict[str, str]:
        if self._summaries is None:
            summaries: dict[str, str] = {}
            for path in self.paths:
                try:
                    summaries |= references_from_source(TomlSource.load(path))[0]
                except SourceError:
                    continue  # a tooltip without its summary; check names the file and line
            self._summaries = summaries
        return self._summaries

    def __getitem__(self, ref: str) -> str:
        return self._read()[ref]

    def __iter__(self) -> Iterator[str]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())


def _parents(ref: str) -> list[str]:
    """``10.C.1`` -> ``10.C.1, 10.C, 10``; ``14D2a`` -> ``14D2a, 14D2, 14D, 14``."""
    chain = [ref]
    while ref:
        ref = ref.rsplit(".", 1)[0] if "." in ref else ref[:-1]
        if ref:
            chain.append(ref)
    return chain


def summary_in(references: Mapping[str, str], ref: str) -> str | None:
    """What rule ``ref`` says in ``references``, or in the rule it belongs to; None when none."""
    for candidate in _parents(ref.strip()):
        if candidate in references:
            return references[candidate]
    return None


def rule_text(ref: str, ruleset: str) -> str | None:
    """What rule ``ref`` says, in short, as ``ruleset`` numbers its rules (one game's rule 10
    is not another's); None when the ruleset has no summary for it (or is not known)."""
    try:
        references = getattr(get_ruleset(ruleset), "references", None)
    except RulesError:
        return None
    return summary_in(references, ref) if isinstance(references, Mapping) else None


def cited(rule: str) -> str:
    """`` (rule)`` after a label that cites ``rule``; nothing when there is none."""
    return f" ({rule})" if rule else ""
