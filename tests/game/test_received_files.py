"""A scenario from someone else reads only what it carries (issue 29): its ``map``, ``crt`` and
``counters`` may name shipped maps and counter sets, files in its own folder or below it (not
through a link leading out), and files in the player's own data folder. Anything else is refused
at its line, saying to copy the file beside the scenario, and never read: its text would go
into the player's next save, and back to the sender in play by email."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hexcombat.game.check import check_file
from hexcombat.game.opening import default_tutorial, open_game
from hexcombat.game.saves import save_game
from hexcombat.game.scenario import load_scenario
from hexcombat.sourcefile import SourceError, TomlSource

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
MY_CRT = Path(__file__).parent / "data" / "my-crt.toml"
CANARY = "canary-7f3a-private-text"


def private_files(folder: Path) -> dict[str, Path]:
    """A map, a table and a counter set, each carrying the canary, outside the scenario's
    folder."""
    folder.mkdir()
    files = {
        "map": folder / "map.toml",
        "crt": folder / "crt.toml",
        "counters": folder / "counters.toml",
    }
    text = (MAPS / "tutorial-14d2d.toml").read_text()
    named = text.replace("name = ", f'name = "{CANARY}" #', 1)
    files["map"].write_text(f"# {CANARY}\n{named}")
    files["crt"].write_text(f"# {CANARY}\n{MY_CRT.read_text()}")
    counters = (ROOT / "counters" / "total-war.toml").read_text()
    files["counters"].write_text(f"# {CANARY}\n{counters}")
    return files


def scenario_naming(folder: Path, key: str, name: str) -> Path:
    """The 14D2d tutorial in ``folder`` with ``key`` naming ``name``."""
    folder.mkdir(exist_ok=True)
    text = default_tutorial().read_text()
    if key == "map":
        text = text.replace('map = "tutorial-14d2d"', f'map = "{name}"')
    else:
        value = f'["{name}"]' if key == "counters" else f'"{name}"'
        text = text.replace("seed = 1914", f"seed = 1914\n{key} = {value}")
    path = folder / "scenario.toml"
    path.write_text(text)
    return path


def names(tmp_path: Path, how: str, key: str) -> str:
    """How the scenario in ``tmp_path/received`` names the private file of ``key``."""
    target = private_files(tmp_path / "private")[key]
    received = tmp_path / "received"
    received.mkdir()
    if how == "absolute":
        return str(target)
    if how == "dotdot":
        return f"../private/{target.name}"
    if how == "file link":
        (received / "beside.toml").symlink_to(target)
        return "beside.toml"
    (received / "sub").symlink_to(target.parent, target_is_directory=True)
    return f"sub/{target.name}"


@pytest.mark.parametrize("key", ["map", "crt", "counters"])
@pytest.mark.parametrize("how", ["absolute", "dotdot", "file link", "folder link"])
def test_a_file_outside_the_scenario_s_folder_is_refused_at_its_line_unread(
    tmp_path: Path, key: str, how: str
) -> None:
    scenario = scenario_naming(tmp_path / "received", key, names(tmp_path, how, key))
    line = TomlSource.load(scenario).line_of(key)
    problems = check_file(scenario)
    refused = [p for p in problems if p.line == line and "copy the" in p.message]
    assert refused, problems
    assert "beside the file that names it" in refused[0].message
    assert all(CANARY not in str(p) for p in problems)
    with pytest.raises(SourceError) as caught:
        open_game(scenario)
    assert CANARY not in str(caught.value)
    assert any(p.line == line for p in caught.value.problems)


@pytest.mark.parametrize("key", ["map", "crt", "counters"])
def test_files_beside_below_shipped_and_in_the_player_s_data_folder_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    files = private_files(tmp_path / "own")
    received = tmp_path / "received"
    (received / "sub").mkdir(parents=True)
    shutil.copy(files[key], received / "sub" / files[key].name)
    (received / "linked.toml").symlink_to(received / "sub" / files[key].name)
    monkeypatch.setenv("HEXCOMBAT_DATA_DIR", str(tmp_path / "own"))
    for name in (f"sub/{files[key].name}", "linked.toml", str(files[key])):
        scenario = scenario_naming(received, key, name)
        assert check_file(scenario) == [], name
        state = open_game(scenario)
        save_game(state, tmp_path / "game.json")
        if key == "map":  # the map the scenario names is the one the save carries
            assert CANARY in (tmp_path / "game.json").read_text()
    shipped = scenario_naming(received, "map", str(MAPS / "tutorial-14d2d.toml"))
    assert load_scenario(shipped).map_name == str(MAPS / "tutorial-14d2d.toml")
    assert check_file(shipped) == []


def test_a_bare_map_name_is_a_shipped_map_never_a_file_in_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = private_files(tmp_path / "private")
    monkeypatch.chdir(files["map"].parent)
    bare = scenario_naming(tmp_path / "received", "map", "map")
    (files["map"].parent / "map").write_text(files["map"].read_text())
    problems = check_file(bare)
    assert any("not a shipped map" in p.message for p in problems)
    assert all(CANARY not in str(p) for p in problems)
