"""The example games written as ruleset files, played in the window like a built-in ruleset: the
Combat panel shows the file's own rule numbers, takes typed dice, shows the retreat ends from the
board graph on the map and applies; the calculator lists the games by title and evaluates one."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from uihelpers import hex_point

from hexcombat.paths import rulesets_dir
from hexcombat.ui.calculator_window import CalculatorWindow

LEFT = Qt.MouseButton.LeftButton
GAMES = {
    "hill-and-ford": "Hill and Ford: odds on one d6",
    "hedgerow-line": "Hedgerow Line: differential on 2d6, step losses",
    "firefight": "Firefight: fire table on a d10, disruption",
}


def test_hill_and_ford_is_played_through_the_combat_panel(window, qtbot) -> None:  # noqa: ANN001
    """The tutorial's 12:4 in woods, 2:1 (5.1, 6.2); a typed 5 is DR (5.2): the defender's two
    hex retreat is picked on the map among the ends the board graph gives, then applied."""
    path = rulesets_dir() / "hill-and-ford" / "hill-and-ford-tutorial-scenario.toml"
    assert window.open_tutorial(path), window.errors
    panel, state = window.combat_panel, window.session.state
    assert panel.report is not None and panel.report.headline == "2:1"
    rules = {panel.steps.item(row, 0).text() for row in range(panel.steps.rowCount())}
    assert {"5.1", "6.2"} <= rules and not any(re.fullmatch(r"1\dD\d.*", r) for r in rules)
    panel.typed_roll.setText("5")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.resolution is not None and panel.resolution.result.code == "DR"
    ends = {
        state.hexmap.label(h) for h, role in window.scene.overlay.hexes.items() if role == "retreat"
    }
    assert "0305" in ends and "0301" not in ends  # two hexes, away from 0302 and 0202
    (box,) = panel.retreat_boxes.values()
    assert not panel.apply()  # the owner chooses where
    qtbot.mouseClick(window.view.viewport(), LEFT, pos=hex_point(window, "0305"))
    assert box.currentText() == "0305"
    assert panel.apply(), panel.problems.text()
    assert [c.unit.name for c in state.stack_at(state.hexmap.hex_at("0305"))] == ["Red Rifle Regt"]
    window.undo_action.trigger()
    assert [c.unit.name for c in state.stack_at(state.hexmap.hex_at("0303"))] == ["Red Rifle Regt"]


def test_the_calculator_lists_the_games_by_title_and_evaluates_one(qtbot) -> None:  # noqa: ANN001
    calculator = CalculatorWindow()
    qtbot.addWidget(calculator)
    box = calculator.ruleset_box
    listed = {box.itemData(i): box.itemText(i) for i in range(box.count())}
    for ruleset, title in GAMES.items():
        assert listed.get(ruleset) == f"{title} ({ruleset})"
    path = rulesets_dir().parent / "tests" / "cases" / "firefight-farm.toml"
    assert calculator.open_path(path)
    assert box.currentData() == "firefight"
    report = calculator.combat.evaluate()
    assert report.headline == "7..9, DRM -1"  # fire 9, buildings -2, point-blank +1 (3.1, 4.3)
    # the what-if on a fire table: one factor more is fire 10, the 10..13 column; three fewer
    # drop to 6, the 5..6 column
    calculator.refresh()
    said = calculator.what_if.text()
    assert said.startswith("7..9 now; +1 attack factor: 10..13 ("), said
    assert "\n-3 attack factors: 5..6 (" in said, said


def test_a_differential_games_what_if_moves_its_column(window, qtbot) -> None:  # noqa: ANN001
    """Hedgerow Line's tutorial: 10 - 4 is +6, the 5..6 column; the panel's what-if says one
    factor more reaches 7..9 and two fewer drop to 3..4 (8.1)."""
    path = rulesets_dir() / "hedgerow-line" / "hedgerow-line-tutorial-scenario.toml"
    assert window.open_tutorial(path), window.errors
    toggle = window.combat_panel.what_if.toggle
    assert toggle.isVisibleTo(window) and toggle.text().startswith("What if: +1 \u2192 7..9, -2")


def test_a_save_whose_ruleset_file_changed_says_so_on_opening(
    window, tmp_path, monkeypatch
) -> None:  # noqa: ANN001
    """A game of the starter's ruleset (in the player's rulesets folder) saved, the file then
    edited: the reopened game is played with the save's copy, and the status bar says why."""
    from hexcombat.game.new_ruleset import new_ruleset
    from hexcombat.game.opening import open_game
    from hexcombat.game.saves import save_game
    from ruleset_session import new_session

    monkeypatch.setenv("HEXCOMBAT_DATA_DIR", str(tmp_path / "data"))
    new_ruleset(tmp_path / "raid")
    mine = tmp_path / "data" / "rulesets" / "raid.toml"
    mine.parent.mkdir(parents=True)
    (tmp_path / "raid" / "raid.toml").rename(mine)
    # the program started with the file in the player's folder
    new_session(monkeypatch)
    save_game(open_game(tmp_path / "raid" / "raid-scenario.toml"), tmp_path / "raid.json")
    mine.write_text(mine.read_text(encoding="utf-8").replace("shift = -1", "shift = 0"))
    assert window.open_file(tmp_path / "raid.json"), window.errors
    assert "differs" in window.statusBar().currentMessage()
    assert window.session.state.ruleset == "raid"
