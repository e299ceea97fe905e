"""``hexcombat check`` on the assault-morale files: the shipped counter set and the assault
scenarios are clean; a morale above the 2d6's 12 (Morale) is named at its file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcombat.game.check import check_command, check_file
from meaning import says_in

REPO = Path(__file__).resolve().parents[3]
FILES = [
    REPO / "counters" / "assault-morale.toml",
    REPO / "tests" / "cases" / "am-assault-woods.toml",
    REPO / "tests" / "cases" / "am-assault-entrenchment.toml",
]

TOO_HIGH = "rules.morale must be at most 12, not 13"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_shipped_files_check_clean(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check_command([str(path)]) == 0
    assert capsys.readouterr().out.strip() == "1 file(s) checked, no problems"


@pytest.mark.parametrize(
    ("path", "old", "said"),
    [
        (
            FILES[0],
            "morale = 8 }",
            "counter 'ge-rifle-sqd': " + TOO_HIGH,
        ),
        (FILES[1], "morale = 7 }", "attacker 2: " + TOO_HIGH),
    ],
    ids=["counters", "scenario"],
)
def test_a_morale_of_13_is_named_at_its_line(
    path: Path, old: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = path.read_text()
    bad = tmp_path / path.name
    bad.write_text(text.replace(old, "morale = 13 }", 1))
    line = text[: text.index(old)].count("\n") + 1
    assert check_command([str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:{line}: {said} (Morale)" in out
    assert [str(p) for p in check_file(bad)][0].startswith(f"{bad}:{line}:")


@pytest.mark.parametrize(
    ("path", "old", "said"),
    [
        (FILES[0], 'kind = "squad", fire = 5', "counter 'ge-rifle-sqd': rules.kind must be one of"),
        (FILES[1], 'kind = "squad", fire = 6', "attacker 1: rules.kind must be one of"),
    ],
    ids=["counters", "scenario"],
)
def test_an_unknown_kind_is_named_at_its_line(
    path: Path, old: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A kind the ACT does not know ('sqaud') is refused at its line, the known kinds listed:
    squads, half-squads, HMG, MMG, mortar, AA, AFV, leader, wagon, truck, prime mover."""
    text = path.read_text()
    bad = tmp_path / path.name
    bad.write_text(text.replace(old, old.replace('"squad"', '"sqaud"'), 1))
    line = text[: text.index(old)].count("\n") + 1
    assert check_command([str(bad)]) == 1
    out = capsys.readouterr().out
    kinds = ["squad", "half-squad", "hmg", "mmg", "mortar", "aa", "afv", "leader"]
    assert says_in(out, at=(str(bad), line), names=[said, *kinds])
    assert "not 'sqaud'" in out
