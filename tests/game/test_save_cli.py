"""``hexcombat explain`` and ``hexcombat check`` given a saved game (JSON), not a scenario: the
save is read by the save loader, never refused as "not valid TOML"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexcombat.game.attack import AttackSetup, attack_candidates
from hexcombat.game.explain_cli import explain_command
from hexcombat.game.roll import RollCombat
from hexcombat.game.saves import save_game
from hexcombat.game.state import GameState
from hexcombat_cli import check
from meaning import one_says, says, says_in


def saved(state: GameState, tmp_path: Path, name: str = "game.json") -> Path:
    path = tmp_path / name
    save_game(state, path)
    return path


def rolled(state: GameState, typed: list[int]) -> GameState:
    """The 14D2d attack on 0504 rolled with ``typed`` dice, not applied yet."""
    target = state.hexmap.hex_at("0504")
    uids = [c.uid for x in attack_candidates(state, target) for c in x.counters]
    state.execute(RollCombat(AttackSetup(target, uids, state.conditions), typed=typed))
    return state


def test_check_passes_a_sound_save(state: GameState, tmp_path: Path) -> None:
    path = saved(state, tmp_path)
    run = check(path)
    assert run.returncode == 0, run.stdout
    assert run.stdout.strip() == "1 file(s) checked, no problems"


def test_check_names_the_line_of_a_bad_save(state: GameState, tmp_path: Path) -> None:
    path = saved(state, tmp_path)
    text = path.read_text().replace('"phase": "combat"', '"phase": "lunch"')
    path.write_text(text)
    line = 1 + text[: text.index('"phase": "lunch"')].count("\n")
    run = check(path)
    assert run.returncode == 1
    assert run.stdout.startswith(f"{path}:{line}: ")
    assert "lunch" in run.stdout and "TOML" not in run.stdout


def test_check_says_a_json_file_that_is_no_save_is_not_one(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"name": "not a game"}\n')
    run = check(path)
    assert run.returncode == 1
    assert says(run.stdout.strip(), at=(str(path), 1), names=["format", "hexcombat-save"])


def test_explain_shows_the_rolled_attack_waiting_in_a_save(
    state: GameState, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 14D2d: net +1 (the rules text); die 4 + 1 = 5 on the 3:1 column
    path = saved(rolled(state, [4]), tmp_path)
    assert explain_command(str(path)) == 0
    out = capsys.readouterr().out
    assert one_says(out, figures=["0504"], names=["rolled and not applied yet"])
    assert "\nFinal DRM: +1\n" in out
    assert "Roll: 4 +1 = 5: " in out
    assert explain_command(str(path), as_json=True) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["drm"] == 1 and data["result"]["die"] == 4


def test_explain_refuses_dice_for_a_save_whose_dice_are_down(
    state: GameState, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(rolled(state, [4]), tmp_path)
    assert explain_command(str(path), rolls=[2]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{path}: --roll: the dice are already rolled")


def test_explain_of_a_save_with_no_attack_says_so(
    state: GameState, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(state, tmp_path)
    assert explain_command(str(path)) == 1
    captured = capsys.readouterr()
    assert "TOML" not in captured.err
    assert says_in(
        captured.err.strip(), names=[str(path), "no attack rolled", "waiting to be applied"]
    )


def stale_temporary(save: Path) -> Path:
    """A temporary file a killed save of ``save`` left beside it (hexcombat's name, unlocked)."""
    left = save.parent / f".{save.name}.a1b2c3d4.tmp"
    left.write_text('{"format": "hexcombat-save", "half a save')
    return left


def test_check_leaves_a_killed_save_s_temporary_file_in_place(
    state: GameState, tmp_path: Path
) -> None:
    path = saved(state, tmp_path)
    left = stale_temporary(path)
    run = check(path)
    assert run.returncode == 0, run.stdout
    assert left.exists()


def test_explain_leaves_a_killed_save_s_temporary_file_in_place(
    state: GameState, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(rolled(state, [4]), tmp_path)
    left = stale_temporary(path)
    assert explain_command(str(path)) == 0
    assert left.exists()
