"""The console script's own surface: version and argument handling."""

from __future__ import annotations

import subprocess
import sys

from hexcombat import __version__


def test_version_prints_the_package_version() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "hexcombat", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0
    assert run.stdout.strip() == f"hexcombat {__version__}"
