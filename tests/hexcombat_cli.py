"""``hexcombat explain``, ``check`` and ``import`` as a player runs them, but in the test's own
process: the same entry point (:func:`hexcombat.cli.main`), its printed output and its exit
status, without starting a Python for each call. ``tests/test_cli.py`` runs the console
command itself as a separate process."""

from __future__ import annotations

import io
import json
import subprocess
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

from hexcombat.cli import main


def hexcombat(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """Run ``hexcombat ARGS`` (a command-line subcommand); never raises on a non-zero exit.
    An argument error exits as the console script would (status 2, the usage on stderr)."""
    argv = [str(a) for a in args]
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse's refusal of the arguments
            status = exc.code if isinstance(exc.code, int) else 1
    return subprocess.CompletedProcess(["hexcombat", *argv], status, out.getvalue(), err.getvalue())


def check(*paths: Path) -> subprocess.CompletedProcess[str]:
    """``hexcombat check PATHS``."""
    return hexcombat("check", *paths)


def explain_json(path: Path, *rolls: int | str) -> dict[str, Any]:
    """``hexcombat explain --json`` on ``path`` with each roll given as ``--roll``; the printed
    JSON. A non-zero exit fails with what the command printed on stderr."""
    args = [a for r in rolls for a in ("--roll", str(r))]
    done = hexcombat("explain", "--json", *args, path)
    assert done.returncode == 0, f"{path}: {done.stderr}"
    return json.loads(done.stdout)
