"""Starting the program on a file: a file that cannot be opened names its line in the error
dialog, and the player is left with the built-in tutorial, not an empty window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from hexcombat.game.opening import default_tutorial
from hexcombat.ui.app import open_start
from hexcombat.ui.main_window import MainWindow
from meaning import says


def bare_window(qtbot, tmp_path: Path) -> MainWindow:  # noqa: ANN001
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings)
    win.errors = []
    win.show_error = lambda title, text: win.errors.append((title, text))
    qtbot.addWidget(win)
    return win


def test_a_window_with_no_game_offers_no_attack_or_roll(qtbot, tmp_path: Path) -> None:
    win = bare_window(qtbot, tmp_path)
    assert not win.attack_action.isEnabled() and not win.roll_action.isEnabled()
    assert not win.attack_selected()


def test_a_bad_file_on_the_command_line_opens_the_tutorial_after_its_error(
    qtbot, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[map]\nname = "x"\nrows = "many"\n', encoding="utf-8")
    win = bare_window(qtbot, tmp_path)
    assert open_start(win, str(bad))
    ((title, text),) = win.errors
    assert title == "Cannot open bad.toml" and "bad.toml:" in text
    assert win.source_path == default_tutorial()
    assert says(
        win.statusBar().currentMessage(),
        names=["Could not open bad.toml", "built-in tutorial", default_tutorial().name],
    )
    # the tutorial's attack is set up, so Attack and Roll mean something
    assert win.combat_panel.target == win.session.state.hexmap.hex_at("0504")
    assert win.attack_action.isEnabled() and win.roll_action.isEnabled()


def test_a_scenario_without_a_map_opens_in_the_calculator_over_the_tutorial(
    qtbot, tmp_path: Path
) -> None:
    case = Path(__file__).parents[1] / "cases" / "tw-14d2d.toml"
    win = bare_window(qtbot, tmp_path)
    assert open_start(win, str(case))
    assert win.errors == []
    (calculator,) = win.calculators
    assert calculator.combat.path == case and calculator.report is not None
    assert win.source_path == default_tutorial()
    calculator.close()
