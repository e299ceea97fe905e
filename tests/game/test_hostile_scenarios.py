"""Scenarios and saves from someone else (issue 29): ``check`` and ``explain`` answer every
file within seconds with located problems, each said once; a save reopened and saved is the
same file."""

from __future__ import annotations

import contextlib
import io
import json
import time
from pathlib import Path

import pytest

from hexcombat.game.check import check_file
from hexcombat.game.explain_cli import explain_command
from hexcombat.game.opening import open_game
from hexcombat.game.saves import load_game, save_game
from hexcombat.sourcefile import MAX_MESSAGE, TomlSource

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
CASES = ROOT / "tests" / "cases"


def explain_err(path: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = explain_command(str(path))
    return status, err.getvalue()


def test_check_of_an_air_tutorial_whose_map_is_missing_names_the_map_line(
    tmp_path: Path,
) -> None:
    text = (MAPS / "tutorial-23d1-me109e-scenario.toml").read_text()
    path = tmp_path / "air.toml"
    path.write_text(text.replace('ruleset = "total-war"', 'ruleset = "total-war"\nmap = "gone"'))
    (problem,) = check_file(path)
    assert problem.line == TomlSource.load(path).line_of("map")
    assert "no map 'gone'" in problem.message


def test_a_tutorial_step_with_a_word_of_a_million_characters_is_answered_in_seconds(
    tmp_path: Path,
) -> None:
    """``shlex`` took quadratic time in the length of one word (20 s for 1.9 M characters)."""
    text = (MAPS / "tutorial-14d2d-scenario.toml").read_text()
    word = "x" * 1_000_000
    step = f'[[tutorial.steps]]\ntext = "A long one."\nshow = \'value 14D2d "{word}"\'\n\n'
    at = text.index("[[tutorial.steps]]")
    path = tmp_path / "long.toml"
    path.write_text(text[:at] + step + text[at:])
    started = time.monotonic()
    (problem,) = check_file(path)
    status, err = explain_err(path)
    assert time.monotonic() - started < 4.0
    assert problem.line == text[:at].count("\n") + 3 and "no step of rule 14D2d" in problem.message
    assert len(problem.message) < 1000  # the word is cut, not printed twice over
    assert status == 0 or len(err) < 3 * MAX_MESSAGE


@pytest.mark.parametrize(
    ("show", "words"),
    [
        ('value 14D2d "heavy armour"', ["value", "14D2d", "heavy armour"]),
        ("value 14D2d 'a \"b\"' #2", ["value", "14D2d", 'a "b"', "#2"]),
        ('value 14D2d "a \\"b\\" \\x" c\\ d ""', ["value", "14D2d", 'a "b" \\x', "c d", ""]),
    ],
)
def test_a_step_s_words_are_split_as_a_shell_splits_them(show: str, words: list[str]) -> None:
    from hexcombat.game.tutorial_steps import _words

    assert _words(show) == words


def test_a_problem_repeated_a_hundred_thousand_times_is_said_once_with_its_count(
    tmp_path: Path,
) -> None:
    text = (CASES / "tw-14d2d.toml").read_text()
    text = text[: text.index("[[defender]]")] + text[text.index("# The numbers") :]
    ones = ", ".join(["1"] * 100_000)
    path = tmp_path / "ones.toml"
    path.write_text(text.replace("[conditions]", f"defender = [{ones}]\n\n[conditions]", 1))
    line = TomlSource.load(path).line_of("defender")
    expected = f"{path}:{line}: each [[defender]] must be a table (100,000 times)"
    assert [str(p) for p in check_file(path)] == [expected]
    status, err = explain_err(path)
    assert status == 1 and err == expected + "\n"


@pytest.mark.parametrize(
    "scenario",
    [
        "tutorial-14d2d-scenario.toml",
        "tutorial-lhy-saint-clair-scenario.toml",
        "tutorial-assault-morale-woods-scenario.toml",
    ],
)
def test_a_save_reopened_and_saved_is_the_same_file(tmp_path: Path, scenario: str) -> None:
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    save_game(open_game(MAPS / scenario), first)
    save_game(load_game(first), second)
    assert second.read_text() == first.read_text()
    counters = json.loads(first.read_text())["counters"]
    assert counters and all(c["unit"]["id"] == c["counter"] for c in counters)


def test_a_map_over_a_picture_too_costly_to_decode_says_so_at_its_image(tmp_path: Path) -> None:
    """A valid 1 kB PNG declaring 40,000 x 10,000 pixels: 1.6 GB once decoded."""
    from fuzz_samples import image_map, png

    head = png(1, 1)
    (tmp_path / "scan.png").write_bytes(
        head[:16] + (40_000).to_bytes(4, "big") + (10_000).to_bytes(4, "big") + head[24:]
    )
    path = tmp_path / "map.toml"
    path.write_text(image_map("scan.png"))
    (problem,) = check_file(path)
    assert problem.line == TomlSource.load(path).line_of("image", "file")
    assert "40000 x 10000" in problem.message and "baseline" in problem.message
    state = open_game(path)  # the map opens, without its picture
    assert state.hexmap.columns == 5


@pytest.mark.parametrize("name", ["/etc/passwd", "/proc/self/mem", "../notes.txt"])
def test_a_map_image_that_is_no_picture_by_name_is_refused_unopened(
    tmp_path: Path, name: str
) -> None:
    from fuzz_samples import Reads, image_map, outside

    (tmp_path / "notes.txt").write_text("private")
    folder = tmp_path / "received"
    folder.mkdir()
    path = folder / "map.toml"
    path.write_text(image_map(name))
    reads = Reads()
    with reads.watching():
        (problem,) = check_file(path)
    assert problem.line == TomlSource.load(path).line_of("image", "file")
    assert "must end in .png, .jpg or .jpeg" in problem.message
    assert outside(reads, folder, folder / "out.toml") == ([], [])  # nothing opened elsewhere
