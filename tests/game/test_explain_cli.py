"""``hexcombat explain``: the working as a player reads it, resolved with typed-in dice, and every
mistake a clear message with exit status 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcombat.game.explain_cli import explain_command
from hexcombat.game.opening import default_tutorial

TUTORIAL = default_tutorial()


def test_text_shows_each_rule_and_the_final_drm(capsys: pytest.CaptureFixture[str]) -> None:
    assert explain_command(str(TUTORIAL)) == 0
    out = capsys.readouterr().out
    assert "  14D2a  heavy armour (Hv Tank XX, Hv Tank X) count 1 RE each" in out
    assert "\nFinal DRM: +1\n" in out
    assert "Warnings:" in out and "assumed" in out


def test_typed_in_roll_resolves_the_combat(capsys: pytest.CaptureFixture[str]) -> None:
    # 3:1 column, die 4 + DRM 1 = 5 on the generic table: DR
    assert explain_command(str(TUTORIAL), rolls=[4]) == 0
    assert "Roll: 4 +1 = 5: DR" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("rolls", "message"),
    [([7], "--roll: a d6 cannot roll 7"), ([3, 3], "--roll: 2 dice given, the combat used 1")],
)
def test_bad_dice_are_refused(
    rolls: list[int], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert explain_command(str(TUTORIAL), rolls=rolls) == 1
    assert capsys.readouterr().err.strip() == f"{TUTORIAL}: {message}"


def test_an_attacker_out_of_range_is_named_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = TUTORIAL.read_text().replace(
        'map = "tutorial-14d2d"', f'map = "{TUTORIAL.parent / "tutorial-14d2d.toml"}"'
    )
    far = tmp_path / "far.toml"
    far.write_text(text.replace('hex = "0604"', 'hex = "0801"'))
    line = far.read_text().splitlines().index('hex = "0801"')  # the entry's [[attacker]] header
    assert explain_command(str(far)) == 1
    assert capsys.readouterr().err.strip() == (
        f"{far}:{line - 2}: Art III in 0801 is 4 hexes from the defender in 0504: units attack "
        "from adjacent hexes, long-range artillery from two (14A3)"
    )


def test_an_illegal_attack_cites_its_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lone = tmp_path / "lone.toml"
    lone.write_text(
        'ruleset = "total-war"\n\n[[attacker]]\ncounter = "ge-lr-art-iii"\nrange = 2\n\n'
        '[[defender]]\ncounter = "ax-inf-xx"\n'
    )
    assert explain_command(str(lone)) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{lone}: ") and err.endswith("(14A3)")
    assert "may not attack alone at two hexes" in err
