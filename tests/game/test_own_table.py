"""A scenario's ``crt = "..."`` (a player's own copy of the rulebook's table) is read as the table
its ruleset declares a player may replace (``declares.own_table``); a ruleset that declares none
refuses it at the scenario's ``crt`` line, instead of checking it as some other game's table."""

from __future__ import annotations

import shutil
from pathlib import Path

from declared_rulesets import europa_family, with_own_table
from hexcombat.game.check import check_file
from hexcombat.rules.registry import declarations
from meaning import says_in

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"


def _with_crt(tmp_path: Path, scenario: str) -> Path:
    """The shipped ``scenario`` copied beside its map with ``crt = "crt.toml"`` at line 1, and a
    copy of the generic Europa table as ``crt.toml``."""
    source = MAPS / scenario
    for path in MAPS.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    copy = tmp_path / scenario
    copy.write_text('crt = "crt.toml"\n' + source.read_text())
    crt = next(REPO.glob("desktop/hexcombat/**/crt_generic.toml"))
    shutil.copy(crt, tmp_path / "crt.toml")
    return copy


def test_the_europa_rulesets_declare_their_crt_as_the_table_a_player_replaces() -> None:
    assert set(europa_family()) <= set(with_own_table())
    for ruleset in with_own_table():  # a table of a player's own is read by its declared kind
        declared = declarations(ruleset)
        assert declared.own_table in declared.chart_kinds


def test_a_crt_under_a_europa_ruleset_is_read_as_its_table(tmp_path: Path) -> None:
    assert check_file(_with_crt(tmp_path, "tutorial-14d2d-scenario.toml")) == []


def test_a_crt_under_a_ruleset_without_one_is_refused_at_its_line(tmp_path: Path) -> None:
    assert declarations("lhy-assault").own_table == ""
    scenario = _with_crt(tmp_path, "tutorial-lhy-limits-scenario.toml")
    problems = [str(p) for p in check_file(scenario)]
    assert any(
        says_in(p, at=(str(scenario), 1), names=["lhy-assault", "crt"]) for p in problems
    ), problems
