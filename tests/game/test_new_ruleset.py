"""``hexcombat new-ruleset NAME``: a new game's folder that checks clean and opens at once, and
never overwrites anything."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexcombat.cli import main
from hexcombat.game.check import check_file
from hexcombat.game.new_ruleset import StarterError, new_ruleset
from hexcombat.game.opening import open_game
from hexcombat.rules import registry
from hexcombat.rulesets.datafile.loader import load_ruleset_file


@pytest.fixture(autouse=True)
def _own_rulesets_found_beside(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test its own rulesets found beside its files (``check`` and ``explain`` find a
    starter's ruleset file beside its counters and scenario, for the rest of the process)."""
    monkeypatch.setattr(registry, "_beside", {})


def test_the_starter_writes_a_ruleset_counters_a_map_and_a_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new-ruleset", str(tmp_path / "my-game")]) == 0
    folder = tmp_path / "my-game"
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["counters.toml", "map.toml", "my-game-scenario.toml", "my-game.toml"]
    assert capsys.readouterr().out.count("wrote ") == 4
    ruleset = load_ruleset_file(folder / "my-game.toml")
    assert ruleset.id == "my-game"
    # what the issue asks of the starter: an odds table, one die, three terrains
    assert ruleset.table.kind == "odds"
    assert len(ruleset.dice) == 1 and ruleset.dice[0].count == 1
    assert len(ruleset.terrain) == 3
    for name in ("counters.toml", "map.toml"):
        assert check_file(str(folder / name)) == [], name


def test_the_starter_checks_clean_explains_and_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its scenario finds the ruleset file beside it: 6 + 6 = 12 against 4 is 3:1, woods one
    column left: 2:1 (its 1.1, 2.2); a 4 there is DR (its 1.3)."""
    monkeypatch.setattr(registry, "_beside", {})  # the file found beside is this test's alone
    folder = tmp_path / "my-game"
    new_ruleset(folder)
    assert main(["check", *(str(p) for p in sorted(folder.iterdir()))]) == 0
    assert "4 file(s) checked, no problems" in capsys.readouterr().out
    assert main(["explain", str(folder / "my-game-scenario.toml"), "--json", "--roll", "4"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ruleset"] == "my-game" and report["headline"] == "2:1"  # no DRM: none said
    assert report["result"]["result"] == "DR"
    state = open_game(folder / "my-game-scenario.toml")
    assert state.ruleset == "my-game" and len(state.counters) == 3


def test_the_starter_never_overwrites_a_folder_that_holds_anything(tmp_path: Path) -> None:
    folder = tmp_path / "my-game"
    folder.mkdir()
    (folder / "my-game.toml").write_text("mine", encoding="utf-8")
    with pytest.raises(StarterError, match="already exists"):
        new_ruleset(folder)
    assert [p.name for p in folder.iterdir()] == ["my-game.toml"]
    assert (folder / "my-game.toml").read_text(encoding="utf-8") == "mine"


def test_an_empty_folder_is_filled(tmp_path: Path) -> None:
    (tmp_path / "game-2").mkdir()
    assert len(new_ruleset(tmp_path / "game-2")) == 4


@pytest.mark.parametrize("name", ["My Game", "total-war", "-x", "a" * 41])
def test_a_name_that_cannot_be_a_game_id_is_refused_with_nothing_written(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new-ruleset", str(tmp_path / name)]) == 1
    assert "hexcombat new-ruleset:" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_game_of_its_own_unit_types_is_checked_and_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game of legions: the ruleset file declares ``types = ["legion", "armour"]`` and its
    counters are legions, a type no shipped counter set knows. ``check`` reads the counters with
    the ruleset file beside them and passes every file; a misspelt type is still refused at its
    line; the scenario explains."""
    folder = tmp_path / "legions"
    new_ruleset(folder)
    rules, counters = folder / "legions.toml", folder / "counters.toml"
    rules.write_text(
        rules.read_text().replace('types = ["infantry", "armour"]', 'types = ["legion", "armour"]')
    )
    counters.write_text(counters.read_text().replace('type = "infantry"', 'type = "legion"'))
    assert [str(p) for f in sorted(folder.glob("*.toml")) for p in check_file(f)] == []
    assert main(["explain", str(folder / "legions-scenario.toml")]) == 0
    assert "2:1" in capsys.readouterr().out
    counters.write_text(counters.read_text().replace('type = "legion"', 'type = "legoin"', 1))
    (problem,) = [str(p) for p in check_file(counters)]
    assert problem.startswith(f"{counters}:") and "'legoin'" in problem


def test_a_game_of_its_own_size_marks_is_checked_and_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game of companies: the ruleset file declares ``sizes = ["I"]`` and its counters print
    ``I``, a mark no shipped ruleset declares. ``check`` reads the counters with the ruleset file
    beside them and passes; without the declaration the mark is refused at its line, naming the
    marks the rulesets declare; the scenario explains."""
    monkeypatch.setattr(registry, "_beside", {})  # the game is forgotten after the test
    folder = tmp_path / "companies"
    new_ruleset(folder)
    rules, counters = folder / "companies.toml", folder / "counters.toml"
    declared = 'types = ["infantry", "armour"]'
    rules.write_text(rules.read_text().replace(declared, f'{declared}\nsizes = ["I"]'))
    counters.write_text(counters.read_text().replace('size = "XX"', 'size = "I"'))
    assert [str(p) for f in sorted(folder.glob("*.toml")) for p in check_file(f)] == []
    assert main(["explain", str(folder / "companies-scenario.toml")]) == 0
    assert "2:1" in capsys.readouterr().out
    registry._beside.clear()  # another run: a game of companies that declares no sizes
    other = tmp_path / "coys"
    new_ruleset(other)
    counters = other / "counters.toml"
    counters.write_text(counters.read_text().replace('size = "XX"', 'size = "I"'))
    found = [str(p) for p in check_file(counters)]
    line = counters.read_text().splitlines().index('size = "I"') + 1
    assert len(found) == 3 and found[0].startswith(f"{counters}:{line}: ")
    assert found[0].endswith("size must be one of II, III, X, XX, XXX, not 'I'")
