"""Rules benchmark: a 20-unit combat evaluated with its outcome distribution, in each ruleset.

Prints the median time over many runs (target: under 5 ms, docs/design.md "Performance targets").
Run: ``.venv/bin/python bench/rules.py [RUNS]``.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

from harness import Figure, finish, record, timed
from hexcombat.rules.counters import load_counters
from hexcombat.rules.dice import SeededDice
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import final_drm, odds_column
from hexcombat.rules.situation import CombatSituation, Conditions, Participant

REPO = Path(__file__).resolve().parents[1]
TARGET_MS = 5.0


def twenty_unit_combat() -> CombatSituation:
    """14 attacking and 6 defending counters, each a separate participant (no ``count``), with
    heavy armour, AECA, ATEC, artillery, long-range artillery at two hexes and engineers."""
    c = load_counters([REPO / "counters" / "total-war.toml"])
    attack_ids = [
        "su-hv-tank-xx", "su-rifle-xx", "su-rifle-xx", "su-rifle-xx", "su-hv-tank-x",
        "su-tank-x", "su-tank-x", "su-tank-x", "su-flame-tank-x", "su-art-iii", "su-art-iii",
        "ge-eng-tank-ii", "ge-hv-aslt-gun-ii",
    ]  # fmt: skip
    attackers = [Participant(c[i]) for i in attack_ids]
    attackers.append(Participant(c["ge-lr-art-iii"], range=2))
    defend_ids = [
        "ax-inf-xx", "ax-inf-xx", "ax-hv-mot-aa-ii", "ge-hv-td-ii", "ge-hv-mot-at-ii", "ax-art-iii",
    ]  # fmt: skip
    defenders = [Participant(c[i]) for i in defend_ids]
    return CombatSituation(
        "total-war",
        tuple(attackers),
        tuple(defenders),
        Conditions(terrain="woods", weather="clear", date="1944-02", fortification=-1),
    )


def twenty_unit_armour_ratio_combat() -> CombatSituation:
    """12 attacking and 8 defending counters in three stacks, some across a minor river, into
    forest in mud: conversions, terrain halving, heavy armour by count, intrinsic ATEC."""
    c = load_counters([REPO / "counters" / "armour-ratio.toml"])
    attack_ids = [
        ("ge-pz-xx-16-10", None, "A"), ("ge-mot-xx-6-10", None, "A"), ("ge-stug-x", None, "A"),
        ("ge-pzgr-xx", "minor-river", "B"), ("su-tank-x", "minor-river", "B"),
        ("su-mot-inf-iii", "minor-river", "B"), ("su-hv-tank-xx", None, "C"),
        ("su-hv-tank-x", None, "C"), ("su-tank-xxx", None, "C"), ("su-tank-x-3-2-8", None, "C"),
        ("su-art-iii", None, "C"), ("su-tank-xx", None, "C"),
    ]  # fmt: skip
    attackers = [Participant(c[i], across=across, stack=s) for i, across, s in attack_ids]
    defend_ids = [
        "ax-inf-xx", "ax-inf-xx", "ax-hv-mot-aa-iii", "ax-hv-aa-x-2-10", "su-at-x", "su-at-iii",
        "su-mot-xx-4-8", "su-mot-xx",
    ]  # fmt: skip
    defenders = [Participant(c[i]) for i in defend_ids]
    return CombatSituation(
        "armour-ratio",
        tuple(attackers),
        tuple(defenders),
        Conditions(terrain="forest", weather="mud", date="1943-07", entrenched=True),
    )


def bench(situation: CombatSituation, runs: int) -> float:
    """Record the figures for one ruleset's combat; return the evaluation median in ms."""
    ruleset = get_ruleset(situation.ruleset)
    units = sum(p.count for p in (*situation.attackers, *situation.defenders))
    report = ruleset.evaluate(situation)  # loads the charts once, as the program does
    assert sum(report.outcomes.values()) == Fraction(1)
    print(f"{situation.ruleset} combat of {units} units ({len(report.steps)} steps, odds "
          f"{odds_column(report)}, DRM {final_drm(report):+d}), {runs} runs")  # fmt: skip
    evaluate = record(Figure(f"{situation.ruleset}: {units}-unit combat evaluated with its "
                             "outcomes", timed(lambda: ruleset.evaluate(situation), runs),
                             below=TARGET_MS))  # fmt: skip
    dice = SeededDice(1)
    record(Figure(f"{situation.ruleset}: the combat resolved with dice",
                  timed(lambda: ruleset.resolve(report, dice), runs)))  # fmt: skip
    return evaluate.median


def main(runs: int = 2000) -> int:
    bench(twenty_unit_combat(), runs)
    bench(twenty_unit_armour_ratio_combat(), runs)
    return finish()


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000))
