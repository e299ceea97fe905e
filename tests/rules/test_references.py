"""Every rule a step can cite has a summary for the combat panel's tooltip, read from the
references its ruleset brings in its own folder."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from hexcombat.rules.references import ReferencesFile, rule_text
from hexcombat.rules.registry import builtin_ruleset_ids, get_ruleset, ruleset_ids

REPO = Path(__file__).resolve().parents[2]
"""The repository root, for the shipped files under test."""


def cited_rules() -> set[str]:
    """Rule references written as literal first arguments of ``ex.add`` or ``rule=`` in code."""
    found: set[str] = set()
    pattern = re.compile(r'(?:ex\.add\(\s*|rule\s*=\s*)"([0-9A-Z][^"{}]*)"')
    for package in ("rules", "rulesets"):  # the core and every shipped ruleset
        for path in (REPO / "desktop" / "hexcombat" / package).rglob("*.py"):
            found |= set(pattern.findall(path.read_text()))
    return found


def test_every_cited_rule_has_a_summary() -> None:
    cited = cited_rules()
    assert {"14D2a", "10.C", "23D1", "14A3"} <= cited
    assert sorted(r for r in cited if not any(rule_text(r, rid) for rid in ruleset_ids())) == []


def test_a_subrule_falls_back_to_its_rule() -> None:
    assert rule_text("10.C.1", "armour-ratio") != rule_text("10.C", "armour-ratio")
    # no 10.B entry: the rule itself
    assert rule_text("10.B.9", "armour-ratio") == rule_text("10", "armour-ratio")
    assert (rule_text("14D2a", "total-war") or "").startswith("Heavy armour in the attack: +1")
    assert rule_text("99Z", "total-war") is None


def test_each_ruleset_reads_its_own_rule_10() -> None:
    # Total War's armour effects (14D2 builds on them) count shares, not rule 10's ratios
    total_war = rule_text("10", "total-war")
    assert total_war is not None and "share" in total_war and "ratio" not in total_war
    assert "ratios" in (rule_text("10", "armour-ratio") or "")
    # the Europa family's shared file serves both: the same 10.C, the same 14D2a
    assert rule_text("10.C", "armour-ratio") == rule_text("10.C", "total-war")
    assert rule_text("14D2a", "total-war") == rule_text("14D2a", "armour-ratio")


def test_a_tactical_ruleset_reads_no_europa_rule() -> None:
    # The Last Hundred Yards' 10.5.2.2 is its own; its "10" is not Europa's armour rule 10
    assert "vehicles from 3" in (rule_text("10.5.2.2", "lhy-assault") or "")
    assert rule_text("10", "lhy-assault") is None
    assert rule_text("14D2a", "assault-morale") is None


def test_each_ruleset_brings_its_references_from_its_own_folder() -> None:
    for rid in builtin_ruleset_ids():  # a ruleset file brings its own [rules] (its own test)
        references = get_ruleset(rid).references
        assert isinstance(references, ReferencesFile) and len(references) > 0, rid
        folder = Path(inspect.getfile(type(get_ruleset(rid)))).parent
        assert all(p.is_file() for p in references.paths), references.paths
        # armour-ratio cites only the Europa family's shared references
        own = [p for p in references.paths if p.parent == folder]
        assert own or rid == "armour-ratio", f"{rid} reads no references file of its own folder"


def test_an_unknown_ruleset_has_no_summaries() -> None:
    assert rule_text("10", "squad-leader") is None


def test_a_references_file_that_cannot_be_read_gives_no_summaries(tmp_path: Path) -> None:
    broken = tmp_path / "references.toml"
    broken.write_text('chart = "rule-references"\n[rules\n', encoding="utf-8")
    good = tmp_path / "good.toml"
    good.write_text('chart = "rule-references"\n[rules]\n"T1" = "Fire."\n', encoding="utf-8")
    assert dict(ReferencesFile(broken, good)) == {"T1": "Fire."}
