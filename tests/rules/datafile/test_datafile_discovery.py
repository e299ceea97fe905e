"""Where ruleset files are found: a folder's ruleset files played, a broken one left out with
its problems at their lines (the others play on), other TOML files (maps, counters) not taken
for rulesets, and the file a scenario names beside it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from datafile_helpers import RIDGE, RIVER

from hexcombat.rulesets.datafile.discovery import beside, rulesets_folder, rulesets_in
from hexcombat.sourcefile import SourceError

REPO = Path(__file__).resolve().parents[3]


def test_a_folder_plays_its_ruleset_files_and_leaves_a_broken_one_out(tmp_path: Path) -> None:
    shutil.copy(RIVER, tmp_path)
    shutil.copy(RIDGE, tmp_path)
    (tmp_path / "broken.toml").write_text(
        RIVER.read_text()
        .replace('id = "river-crossing"', 'id = "broken"')
        .replace('rule = "10.1"', 'rule = "10.9"')
    )
    shutil.copy(REPO / "maps" / "tutorial-14d2d.toml", tmp_path)  # a map: not a ruleset
    (tmp_path / "garbled.toml").write_text("schema = 1\n[game\n")  # starts like one: told
    found, left = rulesets_in(tmp_path)
    assert [r.id for r in found] == ["ridge-line", "river-crossing"]
    assert {Path(x.where).name for x in left} == {"broken.toml", "garbled.toml"}
    said = next(x.reason for x in left if x.where.endswith("broken.toml"))
    assert "rule '10.9' is not among the file's [rules]" in said and "line " in said


def test_a_built_in_id_and_a_second_file_of_the_same_id_are_left_out(tmp_path: Path) -> None:
    shutil.copy(RIVER, tmp_path / "a.toml")
    shutil.copy(RIVER, tmp_path / "b.toml")
    found, left = rulesets_in(tmp_path)
    assert [r.id for r in found] == ["river-crossing"]
    assert [Path(x.where).name for x in left] == ["b.toml"] and "already taken" in left[0].reason
    found, left = rulesets_in(tmp_path, builtin_ids=("river-crossing",))
    assert found == [] and all("built-in" in x.reason for x in left)


def test_a_missing_folder_has_no_rulesets(tmp_path: Path) -> None:
    assert rulesets_in(tmp_path / "nowhere") == ([], [])


def test_the_players_rulesets_folder_is_in_their_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEXCOMBAT_DATA_DIR", str(tmp_path))
    assert rulesets_folder() == tmp_path / "rulesets"


def test_the_file_beside_a_scenario_must_carry_the_id_the_scenario_names(tmp_path: Path) -> None:
    shutil.copy(RIVER, tmp_path)
    assert beside(tmp_path, "river-crossing").id == "river-crossing"
    shutil.copy(RIVER, tmp_path / "other.toml")
    with pytest.raises(SourceError) as wrong:
        beside(tmp_path, "other")
    assert "game.id is 'river-crossing'" in str(wrong.value)
    with pytest.raises(SourceError):
        beside(tmp_path, "missing")


@pytest.fixture
def own_registry(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The registry's file rulesets found afresh in a player folder of the test's own, and
    forgotten after it."""
    from hexcombat.rules import registry

    monkeypatch.setenv("HEXCOMBAT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(registry, "_files", None)
    monkeypatch.setattr(registry, "_file_left_out", [])
    monkeypatch.setattr(registry, "_beside", {})
    return tmp_path / "data" / "rulesets"


def test_a_scenario_beside_its_ruleset_file_plays_through_explain(
    own_registry: Path, tmp_path: Path
) -> None:
    """``ruleset = "river-crossing"`` with river-crossing.toml beside the scenario: explain
    plays it (the 2:1 column, test_datafile_explain.py), no registration needed."""
    from datafile_helpers import CASES

    from hexcombat_cli import explain_json

    folder = tmp_path / "game"
    folder.mkdir()
    shutil.copy(RIVER, folder)
    shutil.copy(CASES / "river-crossing-woods.toml", folder / "scenario.toml")
    data = explain_json(folder / "scenario.toml", 1)
    assert data["ruleset"] == "river-crossing" and data["odds"] == "2:1"
    assert data["result"]["result"] == "DR"


def test_a_broken_file_beside_a_scenario_is_told_at_its_line(
    own_registry: Path, tmp_path: Path
) -> None:
    from datafile_helpers import CASES

    from hexcombat_cli import check

    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "river-crossing.toml").write_text(
        RIVER.read_text().replace('rule = "10.1"', 'rule = "10.9"')
    )
    shutil.copy(CASES / "river-crossing-woods.toml", folder / "scenario.toml")
    done = check(folder / "scenario.toml")
    assert done.returncode == 1
    assert "river-crossing.toml:" in done.stdout and "rule '10.9'" in done.stdout


def test_the_players_folder_rulesets_are_known_and_a_broken_one_is_left_out(
    own_registry: Path,
) -> None:
    from hexcombat.rules.registry import files_left_out, get_ruleset, ruleset_ids

    own_registry.mkdir(parents=True)
    shutil.copy(RIDGE, own_registry)
    (own_registry / "broken.toml").write_text("schema = 1\n[game]\nid = 'broken'\n")
    assert "ridge-line" in ruleset_ids() and "broken" not in ruleset_ids()
    assert get_ruleset("ridge-line").title.startswith("Ridge Line")
    assert [Path(x.where).name for x in files_left_out()] == ["broken.toml"]


def test_a_broken_file_in_the_players_folder_is_noted_by_check(own_registry: Path) -> None:
    """``hexcombat check`` says first which ruleset files it left out, and why."""
    from hexcombat.rules.registry import left_out
    from hexcombat_cli import check

    own_registry.mkdir(parents=True)
    (own_registry / "broken.toml").write_text("schema = 1\n[game]\nid = 'broken'\n")
    assert [Path(x.where).name for x in left_out()] == ["broken.toml"]
    done = check(RIVER)
    assert done.stdout.startswith(f"note: {own_registry / 'broken.toml'}: left out: ")


def test_a_save_s_copy_played_under_a_known_id_is_read_with_its_own_unit_types(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A save carries the ruleset file it was played with; played in place of the player's
    file of the same id, the counters it reads are checked against its own declared types,
    never a cached answer for the copy it replaced."""
    from hexcombat.game.new_ruleset import new_ruleset
    from hexcombat.rules import registry
    from ruleset_session import new_session

    new_session(monkeypatch)
    starter = new_ruleset(tmp_path / "legions")[0]
    text = starter.read_text(encoding="utf-8")
    assert 'types = ["infantry", "armour"]' in text
    legions = text.replace('types = ["infantry", "armour"]', 'types = ["infantry", "legion"]')
    cohorts = text.replace('types = ["infantry", "armour"]', 'types = ["infantry", "cohort"]')
    registry.play_ruleset(registry.ruleset_from_text(legions, "legions.toml"))
    assert "legion" in registry.declared_unit_types(False)
    registry.play_ruleset(registry.ruleset_from_text(cohorts, "legions.toml"))
    assert "cohort" in registry.declared_unit_types(False)
    assert "legion" not in registry.declared_unit_types(False)
