"""Files from someone else in the window (issue 29): every error while importing is said in a
dialog naming the file, as opening one is; a file with a hundred thousand problems opens a
dialog of a screenful, at once."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox
from test_import_window import TMX

import hexcombat.ui.import_map as import_map_module
from hexcombat.ui.error_text import MAX_LINES
from hexcombat.ui.import_map import import_into_window
from hexcombat.ui.main_window import _error_box

CASES = Path(__file__).resolve().parents[1] / "cases"


@pytest.mark.parametrize("label", ["{x}{row:02d}", "{0}{row:02d}", "{col:01999999999d}{row}"])
def test_a_bad_label_format_is_refused_in_a_dialog(window, tmp_path: Path, label: str) -> None:
    source = tmp_path / "labels.tmx"
    props = f'<properties><property name="label" value="{label}"/></properties>'
    source.write_text(TMX.replace(" <tileset", f" {props}\n <tileset", 1))
    assert not import_into_window(window, source, tmp_path / "m.toml", lambda tiles: {})
    ((title, text),) = window.errors
    assert "labels.tmx" in title and text.startswith(f"{source} (<map> <properties>")


def test_an_unforeseen_error_while_importing_is_said_in_a_dialog(
    window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last line of defence, as File > Open has: the window keeps its game."""

    def out_of_memory(*_args: object) -> None:
        raise MemoryError

    monkeypatch.setattr(import_map_module, "import_map", out_of_memory)
    source = tmp_path / "small.tmx"
    source.write_text(TMX)
    title = window.windowTitle()
    assert not import_into_window(window, source, tmp_path / "m.toml")
    ((said, text),) = window.errors
    assert "small.tmx" in said and text == f"{source}: cannot be imported (MemoryError)"
    assert window.windowTitle() == title


def test_a_file_with_thousands_of_problems_opens_a_short_dialog_at_once(
    window, tmp_path: Path
) -> None:
    text = (CASES / "tw-14d2d.toml").read_text()
    text = text[: text.index("[[defender]]")] + text[text.index("# The numbers") :]
    many = "\n".join(f'[[defender]]\ncounter = "ghost-{i}"' for i in range(5_000))
    scenario = tmp_path / "many.toml"
    scenario.write_text(text.replace("[conditions]", f"{many}\n\n[conditions]", 1))
    assert not window.open_file(scenario)
    ((title, said),) = window.errors
    lines = said.count("\n") + 1
    assert lines >= 1_000  # every problem is in the refusal
    started = time.monotonic()
    _error_box(window, title, said)
    (box,) = window.findChildren(QMessageBox)
    QApplication.processEvents()
    assert time.monotonic() - started < 2.0
    shown = box.text().split("\n")
    assert len(shown) == MAX_LINES + 1
    assert shown[-1].startswith(f"... and {lines - MAX_LINES:,} more") and "check" in shown[-1]
    box.close()


def test_a_repeated_problem_is_said_once_with_its_count(window, tmp_path: Path) -> None:
    text = (CASES / "tw-14d2d.toml").read_text()
    text = text[: text.index("[[defender]]")] + text[text.index("# The numbers") :]
    scenario = tmp_path / "ones.toml"
    ones = ", ".join(["1"] * 100_000)
    scenario.write_text(text.replace("[conditions]", f"defender = [{ones}]\n\n[conditions]", 1))
    assert not window.open_file(scenario)
    ((_title, said),) = window.errors
    assert said == f"{scenario}:8: each [[defender]] must be a table (100,000 times)"


@pytest.mark.parametrize("tileset", ["/proc/self/mem", "t" * 300 + ".tsx", "../elsewhere.tsx"])
def test_a_tileset_no_map_may_read_is_blamed_on_the_map_in_the_dialog(
    window, tmp_path: Path, tileset: str
) -> None:
    source = tmp_path / "maps" / "small.tmx"
    source.parent.mkdir()
    (tmp_path / "elsewhere.tsx").write_text("<tileset/>")
    start, end = TMX.index(" <tileset"), TMX.index("</tileset>") + len("</tileset>")
    source.write_text(TMX[:start] + f' <tileset firstgid="1" source="{tileset}"/>' + TMX[end:])
    target = tmp_path / "out" / "small.toml"
    assert not import_into_window(window, source, target, lambda tiles: {})
    ((title, text),) = window.errors
    assert "small.tmx" in title and text.startswith(f"{source} (<tileset source=")
    assert str(target) not in text and not target.exists()
