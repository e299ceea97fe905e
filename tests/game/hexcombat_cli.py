"""``hexcombat check`` as a player runs it: a separate process, its output and exit status."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def check(*paths: Path) -> subprocess.CompletedProcess[str]:
    """Run ``hexcombat check`` on ``paths``; never raises on a non-zero exit."""
    return subprocess.run(
        [sys.executable, "-m", "hexcombat", "check", *map(str, paths)],
        capture_output=True,
        text=True,
        check=False,
    )
