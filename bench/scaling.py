"""Scaling: the desktop figures at 10,000, 50,000 and 200,000 hexes (a counter per ten hexes),
each in a process of its own, with the naive one-item-per-hex scene beside them as a ratio.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/scaling.py
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIZES = [(100, 100), (250, 200), (500, 400)]


def main() -> int:
    status = 0
    for columns, rows in SIZES:
        counters = columns * rows // 10
        print(f"--- {columns} x {rows} hexes, {counters:,} counters", flush=True)
        done = subprocess.run(
            [sys.executable, str(HERE / "desktop.py"), "--quick", "--naive",
             "--columns", str(columns), "--rows", str(rows), "--counters", str(counters)],
            env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), timeout=900, check=False,
        )  # fmt: skip
        status = status or done.returncode
    return status


if __name__ == "__main__":
    sys.exit(main())
