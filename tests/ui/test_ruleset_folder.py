"""Done when: a ruleset folder copied where the rulesets are (the odds-d6 game kept in the tests,
tests/rulesets/odds_d6) is picked up by the map, the Combat panel, the calculator, ``explain``,
``check`` and the start page's tutorials, with no other file changed; a broken one is said."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from uihelpers import start_attack

from hexcombat.game.calculator import new_combat
from hexcombat.rules.registry import ruleset_ids
from hexcombat.rules.report import final_drm
from hexcombat.ui.calculator_window import CalculatorWindow
from hexcombat.ui.main_window import MainWindow
from hexcombat_cli import check, explain_json
from ruleset_folders import ODDS_D6, copy_folder, rulesets_path

THIRDS = {"AL": Fraction(1, 3), "NE": Fraction(1, 3), "DL": Fraction(1, 3)}
"""2:1 (O1) in the wood (O2, -1): die 1..6 reads 1,1,2,3,4,5 on AL NE NE DL DL DL (O3)."""


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """The odds-d6 folder copied into a folder the rulesets package reads, found while the test
    runs."""
    rulesets = tmp_path / "rulesets"
    rulesets.mkdir()
    copy = copy_folder(ODDS_D6, rulesets)
    with rulesets_path(rulesets):
        assert "odds-d6" in ruleset_ids()
        yield copy


def scenario(folder: Path) -> Path:
    return folder / "tutorials" / "odds-d6-woods-scenario.toml"


def test_its_scenario_opens_on_the_map_and_the_combat_panel_evaluates_the_attack(
    window: MainWindow, qtbot, folder: Path
) -> None:  # noqa: ANN001
    assert window.open_file(scenario(folder)), window.errors
    state = window.session.state
    assert state.ruleset == "odds-d6"
    assert {
        state.hexmap.label(h): [c.counter_id for c in s] for h, s in state.stacks().items()
    } == {
        "0102": ["od-rifles"],  # from the folder's own counter set
        "0202": ["od-guards"],
    }
    start_attack(window, qtbot, "0202")
    panel = window.combat_panel
    assert panel.report is not None and panel.report.ruleset == "odds-d6"
    assert final_drm(panel.report) == -1 and panel.report.outcomes == THIRDS
    rows = {panel.steps.item(r, 0).text(): r for r in range(panel.steps.rowCount())}
    tip = panel.steps.item(rows["O2"], 1).toolTip()
    assert "O2 says: Terrain: a defender in woods gives -1" in tip  # its own references
    assert window.errors == []


def test_the_calculator_lists_it_and_evaluates_its_counters(qtbot, folder: Path) -> None:  # noqa: ANN001
    calculator = CalculatorWindow(new_combat())
    calculator.errors = []
    calculator.show_error = lambda title, text: calculator.errors.append((title, text))
    calculator.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(calculator)
    index = calculator.ruleset_box.findData("odds-d6")
    assert index >= 0 and "Classic odds" in calculator.ruleset_box.itemText(index)
    calculator.ruleset_box.setCurrentIndex(index)
    calculator.combat.add_counter("attacker", "od-rifles")
    calculator.combat.add_counter("defender", "od-guards")
    calculator.refresh()
    report = calculator.report
    # 6 to 3 is 2:1 in the clear: die 1..6 on AL NE NE DL DL DL (O1, O3)
    assert report is not None and final_drm(report) == 0
    assert report.outcomes == {"AL": Fraction(1, 6), "NE": Fraction(1, 3), "DL": Fraction(1, 2)}
    assert calculator.errors == []
    calculator.close()


def test_the_calculator_offers_its_terrain_and_reads_the_wood(qtbot, folder: Path) -> None:  # noqa: ANN001
    """The terrain box lists what the folder's ruleset declares (O2: clear and woods), no other
    game's; the wood chosen there is read as O2 says."""
    calculator = CalculatorWindow(new_combat("total-war"))
    calculator.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(calculator)
    calculator.ruleset_box.setCurrentIndex(calculator.ruleset_box.findData("odds-d6"))
    box = calculator.terrain
    assert [box.itemText(i) for i in range(box.count())] == ["clear", "woods"]
    calculator.combat.add_counter("attacker", "od-rifles")
    calculator.combat.add_counter("defender", "od-guards")
    box.setCurrentIndex(box.findText("woods"))
    assert calculator.combat.conditions()["terrain"] == "woods"
    assert calculator.report is not None and final_drm(calculator.report) == -1  # O2
    calculator.close()


def test_explain_and_check_read_its_files(folder: Path, tmp_path: Path) -> None:
    explained = explain_json(scenario(folder))
    assert explained["ruleset"] == "odds-d6" and explained["drm"] == -1
    assert {o["result"]: o["exact"] for o in explained["outcomes"]} == {
        "AL": "1/3",
        "NE": "1/3",
        "DL": "1/3",
    }
    assert [s["rule"] for s in explained["steps"]] == ["O1", "O2"]
    files = sorted(p for p in folder.rglob("*.toml"))
    assert len(files) == 5  # references, chart, counter set, map, tutorial
    done = check(*files)
    assert done.returncode == 0 and "5 file(s) checked, no problems" in done.stdout, done.stdout
    # its chart is checked as the kind it declares, the problem at its line
    chart = tmp_path / "my-crt.toml"
    chart.write_text((folder / "crt.toml").read_text().replace('"DL"]', '"XX"]', 1))
    done = check(chart)
    assert done.returncode == 1
    assert f"{chart}:6:" in done.stdout and "'XX' is none of AL, NE, DL" in done.stdout


def test_the_start_page_lists_its_tutorial_under_its_game(window: MainWindow, folder: Path) -> None:
    page = window.show_start_page()
    page.fill()
    groups = {
        page.by_game.topLevelItem(i).text(0): page.by_game.topLevelItem(i)
        for i in range(page.by_game.topLevelItemCount())
    }
    group = groups["Classic odds (one d6)"]
    assert [
        Path(group.child(j).data(0, Qt.ItemDataRole.UserRole)).name
        for j in range(group.childCount())
    ] == ["odds-d6-woods-scenario.toml"]
    assert page.left_out.isHidden()
    page.close()


def test_a_broken_folder_is_said_on_the_start_page_and_by_check(
    window: MainWindow, tmp_path: Path
) -> None:
    rulesets = tmp_path / "rulesets"
    (rulesets / "broken_game").mkdir(parents=True)
    (rulesets / "broken_game" / "__init__.py").write_text("raise ValueError('oops')\n")
    with rulesets_path(rulesets):
        page = window.show_start_page()
        page.fill()
        assert not page.left_out.isHidden()
        said = page.left_out.text()
        assert str(rulesets / "broken_game") in said and "ValueError: oops" in said
        done = check(ODDS_D6 / "references.toml")
        assert done.returncode == 0  # the file is sound: the broken folder is a note
        assert f"note: ruleset folder {rulesets / 'broken_game'}: left out" in done.stdout
        page.close()
    page = window.show_start_page()
    page.fill()
    assert page.left_out.isHidden()
    page.close()
