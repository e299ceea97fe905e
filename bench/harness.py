"""What every benchmark script shares: figures with their targets, printed as one table.

A script records each figure with :func:`record`; when run by ``bench/run.py`` (``make bench``)
the figures also go to the file named by ``HEXCOMBAT_BENCH_RESULTS``, so one table lists every
script's figures even when one of them missed or failed.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass

RESULTS = "HEXCOMBAT_BENCH_RESULTS"


@dataclass
class Figure:
    """One measured figure: its samples, and the target its median (and worst) must meet."""

    name: str
    samples: list[float]
    unit: str = "ms"
    below: float | None = None
    """The median must be under this (None: no target, shown for information)."""
    worst_below: float | None = None
    """The worst sample must be under this too."""
    above: float | None = None
    """The median must be over this (a ratio to beat)."""

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def passed(self) -> bool | None:
        if self.below is None and self.above is None and self.worst_below is None:
            return None
        ok = True
        if self.below is not None:
            ok &= self.median < self.below
        if self.worst_below is not None:
            ok &= max(self.samples) < self.worst_below
        if self.above is not None:
            ok &= self.median > self.above
        return ok

    def target(self) -> str:
        parts = []
        if self.below is not None:
            parts.append(f"< {self.below:g}")
        if self.above is not None:
            parts.append(f"> {self.above:g}")
        if self.worst_below is not None:
            parts.append(f"worst < {self.worst_below:g}")
        return ", ".join(parts) + (f" {self.unit}" if parts else "")


_recorded: list[Figure] = []


def record(figure: Figure) -> Figure:
    """Keep ``figure`` for this script's table (and ``make bench``'s), and print it."""
    _recorded.append(figure)
    print(row(figure), flush=True)
    path = os.environ.get(RESULTS)
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(asdict(figure)) + "\n")
    return figure


def timed(run: Callable[[], object], repeats: int) -> list[float]:
    """Milliseconds taken by each of ``repeats`` calls of ``run``."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000.0)
    return times


def _number(value: float) -> str:
    return f"{value:,.3f}" if abs(value) < 10 else f"{value:,.1f}"


def row(f: Figure) -> str:
    verdict = {None: "", True: "pass", False: "MISS"}[f.passed]
    low, high = min(f.samples), max(f.samples)
    spread = f"{_number(low)}-{_number(high)}" if len(f.samples) > 1 else ""
    return (
        f"{f.name:<58} {_number(f.median):>10} {spread:>19} {f.unit:<3} {f.target():>22}  {verdict}"
    )


def table(figures: Iterable[Figure]) -> str:
    header = f"{'figure':<58} {'median':>10} {'min-max':>19} {'':<3} {'target':>22}  verdict"
    lines = [header, "-" * len(header)]
    lines += [row(f) for f in figures]
    return "\n".join(lines)


def finish() -> int:
    """Print this script's table; 1 when any figure missed its target."""
    print()
    print(table(_recorded))
    return 1 if any(f.passed is False for f in _recorded) else 0


def load(path: str) -> list[Figure]:
    """The figures a run of scripts wrote to ``path``."""
    with open(path, encoding="utf-8") as lines:
        return [Figure(**json.loads(line)) for line in lines if line.strip()]


def resident_mb() -> float:
    """The most memory this process has held resident, in MB (its peak)."""
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
