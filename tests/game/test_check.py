"""``hexcombat check``: every shipped file is sound; each kind of bad file is reported as
``file:line: message`` with exit status 1, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcombat.game.check import check_file
from hexcombat_cli import check
from meaning import each_says, says_in

REPO = Path(__file__).resolve().parents[2]
"""The repository root, for the shipped files under test."""

SHIPPED = sorted(
    [
        *REPO.glob("maps/*.toml"),
        *REPO.glob("counters/*.toml"),
        *REPO.glob("tests/cases/*.toml"),
        *REPO.glob("desktop/hexcombat/rules/**/*.toml"),
    ]
)


@pytest.mark.slow
def test_every_shipped_file_checks_clean() -> None:
    assert len(SHIPPED) > 30
    run = check(*SHIPPED)
    assert run.returncode == 0, run.stdout
    assert run.stdout.strip() == f"{len(SHIPPED)} file(s) checked, no problems"


def test_problems_in_several_files_are_all_reported(tmp_path: Path) -> None:
    crt = (REPO / "desktop/hexcombat/rulesets/europa/crt_generic.toml").read_text()
    bad_crt = tmp_path / "crt.toml"
    bad_crt.write_text(crt.replace('results = ["AE", "AE",', 'results = ["AE", "ZZ",', 1))
    line = (
        bad_crt.read_text()
        .splitlines()
        .index(next(x for x in bad_crt.read_text().splitlines() if '"ZZ"' in x))
        + 1
    )
    bad_counters = tmp_path / "units.toml"
    bad_counters.write_text('[[counter]]\nid = "x"\nname = "X"\nsize = "X"\natec = "lots"\n')
    run = check(bad_crt, bad_counters)
    assert run.returncode == 1
    assert each_says(
        run.stdout.splitlines(),
        dict(at=(str(bad_crt), line), names=["ZZ", "unknown"]),
        dict(at=(str(bad_counters), 5), rules=["10.B"], names=["'x'", "'lots'"]),
    )
    assert "Traceback" not in run.stderr


def test_unknown_chart_kind(tmp_path: Path) -> None:
    path = tmp_path / "chart.toml"
    path.write_text('chart = "moon-phases"\ntitle = "x"\n')
    (problem,) = check_file(path)
    assert says_in(str(problem), at=(str(path), 1), names=["'moon-phases'", "unknown"])


def test_a_file_of_no_known_kind(tmp_path: Path) -> None:
    path = tmp_path / "notes.toml"
    path.write_text('colour = "blue"\n')
    assert each_says(
        [str(p) for p in check_file(path)],
        dict(at=(str(path), 1), names=["not a hexcombat map", "counter set", "chart", "scenario"]),
    )


def test_a_missing_file(tmp_path: Path) -> None:
    (problem,) = check_file(tmp_path / "gone.toml")
    assert str(problem).startswith(f"{tmp_path / 'gone.toml'}:1: cannot read the file")
