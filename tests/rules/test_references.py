"""Every rule a step can cite has a summary for the combat panel's tooltip."""

from __future__ import annotations

import re
from pathlib import Path

from hexcombat.rules.references import rule_text
from hexcombat.rules.registry import ruleset_ids

REPO = Path(__file__).resolve().parents[2]
"""The repository root, for the shipped files under test."""


def cited_rules() -> set[str]:
    """Rule references written as literal first arguments of ``ex.add`` or ``rule=`` in code."""
    found: set[str] = set()
    pattern = re.compile(r'(?:ex\.add\(\s*|rule\s*=\s*)"([0-9A-Z][^"{}]*)"')
    for path in (REPO / "desktop" / "hexcombat" / "rules").rglob("*.py"):
        found |= set(pattern.findall(path.read_text()))
    return found


def test_every_cited_rule_has_a_summary() -> None:
    cited = cited_rules()
    assert {"14D2a", "10.C", "23D1", "14A3"} <= cited
    own = ruleset_ids()  # a ruleset's own references ([ruleset."<id>".rules]) count too
    assert sorted(r for r in cited if not any(rule_text(r, rid) for rid in (None, *own))) == []


def test_a_subrule_falls_back_to_its_rule() -> None:
    assert rule_text("10.C.1") != rule_text("10.C")
    assert rule_text("10.B.9") == rule_text("10")  # no 10.B entry: the rule itself
    assert rule_text("14D2a").startswith("Heavy armour in the attack: +1")
    assert rule_text("99Z") is None


def test_each_ruleset_reads_its_own_rule_10() -> None:
    # Total War's armour effects (14D2 builds on them) count shares, not rule 10's ratios
    total_war = rule_text("10", "total-war")
    assert total_war is not None and "share" in total_war and "ratio" not in total_war
    assert "ratios" in (rule_text("10", "armour-ratio") or "")
    assert rule_text("10.C", "armour-ratio") == rule_text("10.C")
    assert rule_text("14D2a", "total-war") == rule_text("14D2a")
