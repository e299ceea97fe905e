"""Rules benchmark: a Total War evaluation of a 20-unit combat, with its outcome distribution.

Prints the median time over many runs (target: under 5 ms, DESIGN.md "Performance targets").
Run: ``.venv/bin/python bench/rules.py [RUNS]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from hexcombat.rules.counters import load_counters
from hexcombat.rules.dice import SeededDice
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.total_war import RULESET

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


def median_ms(action: Callable[[], object], runs: int) -> float:
    """Median wall time of ``action()`` in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        action()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1e6


def main(runs: int = 2000) -> int:
    situation = twenty_unit_combat()
    units = sum(p.count for p in (*situation.attackers, *situation.defenders))
    report = RULESET.evaluate(situation)  # loads the charts once, as the program does
    assert sum(report.outcomes.values()) == Fraction(1)
    evaluate = median_ms(lambda: RULESET.evaluate(situation), runs)
    dice = SeededDice(1)
    resolve = median_ms(lambda: RULESET.resolve(report, dice), runs)
    print(f"total-war combat of {units} units ({len(report.steps)} steps, odds {report.odds}, "
          f"DRM {report.drm:+d}), {runs} runs:")  # fmt: skip
    print(f"  evaluate + outcome distribution: median {evaluate:.3f} ms (target < {TARGET_MS} ms)")
    print(f"  resolve with dice:               median {resolve:.3f} ms")
    return 0 if evaluate < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000))
