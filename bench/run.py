"""``make bench``: every benchmark script, each run to its end even when another misses, then
one table of every figure with its target; exits 1 when any figure missed (or a script failed).

    .venv/bin/python bench/run.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from harness import RESULTS, Figure, load, table

HERE = Path(__file__).resolve().parent
SCRIPTS = ["rules.py", "board.py", "desktop.py", "scaling.py"]


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        results = str(Path(folder) / "figures.jsonl")
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", **{RESULTS: results})
        failed: list[Figure] = []
        for script in SCRIPTS:
            print(f"=== bench/{script}", flush=True)
            done = subprocess.run([sys.executable, str(HERE / script)], env=env, check=False)
            if done.returncode not in (0, 1):  # 1: a figure missed, already in the table
                failed.append(Figure(f"bench/{script} failed (exit {done.returncode})", [1.0],
                                     unit="", below=0.0))  # fmt: skip
        figures = (load(results) if Path(results).exists() else []) + failed
    print()
    print(table(figures))
    missed = [f for f in figures if f.passed is False]
    print(f"\n{len(figures)} figures, {len(missed)} missed")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
