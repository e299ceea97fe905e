"""The console script's own surface: version and argument handling."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hexcombat import __version__
from hexcombat.cli import main

CASES = Path(__file__).parent / "cases"


def test_version_prints_the_package_version() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "hexcombat", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0
    assert run.stdout.strip() == f"hexcombat {__version__}"


def test_explain_into_a_closed_pipe_stops_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    # `hexcombat explain X | head`: the reader goes away; no BrokenPipeError traceback
    read_end, write_end = os.pipe()
    os.close(read_end)
    closed = os.fdopen(write_end, "w")
    monkeypatch.setattr(sys, "stdout", closed)
    assert main(["explain", str(CASES / "tw-14d2d.toml")]) == 0
    closed.flush()  # nothing left to fail when the interpreter exits


def test_explain_piped_to_head_prints_no_traceback() -> None:
    run = subprocess.run(
        f"{sys.executable} -m hexcombat explain {CASES / 'tw-14d2d.toml'} --json | head -1",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.stdout == "{\n"
    assert "Traceback" not in run.stderr and "BrokenPipe" not in run.stderr


CASES = Path(__file__).parent / "cases"


def test_two_dice_given_together_or_one_by_one_resolve_alike(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An assault rolls one die per side: `--roll "3 5"` is `--roll 3 --roll 5`."""
    scenario = str(CASES / "am-assault-woods.toml")
    assert main(["explain", "--json", "--roll", "3 5", scenario]) == 0
    together = capsys.readouterr().out
    assert main(["explain", "--json", "--roll", "3", "--roll", "5", scenario]) == 0
    assert capsys.readouterr().out == together
    rolls = json.loads(together)["result"]["rolls"]
    assert [(r["side"], r["faces"]) for r in rolls] == [("attacker", [3]), ("defender", [5])]


def test_a_roll_that_is_not_a_number_is_refused_with_an_example(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["explain", "--roll", "three", str(CASES / "am-assault-woods.toml")])
    assert stopped.value.code == 2
    assert "'three' is not a die roll" in capsys.readouterr().err
