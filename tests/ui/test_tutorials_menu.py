"""File > Open Tutorial: every shipped tutorial is listed by its title; opening one lays it out,
shows its walkthrough and sets its attack up in the combat panel, where the player reads the
numbers the rules text states (the worked examples of docs/rules.md; values from the text)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMenu

from declared_rulesets import europa_family
from hexcombat.game.opening import default_tutorial
from hexcombat.game.tutorials import shipped_tutorials
from hexcombat.ui.combat_panel import UID_ROLE
from hexcombat.ui.main_window import MainWindow
from meaning import one_says, says

MAPS = Path(__file__).resolve().parents[2] / "maps"
"""The repository's shipped maps and scenarios."""

PANEL: dict[str, tuple[str, list[tuple[str, str, int, str]]]] = {
    # file: (the defender's hex, [(rule, words in the step, column, what the panel shows)]);
    # column 2 is the step's value, column 3 its DRM
    "tutorial-14d2d-scenario.toml": ("0504", [("14D2c", "heavy antitank", 3, "-1")]),  # net +1
    "tutorial-10d-river-same-side-scenario.toml": (
        "0504",
        [("10.D", "AECA after terrain", 2, "2")],  # (3 + 1) / 2 = 2
    ),
    "tutorial-10d-river-other-side-scenario.toml": (
        "0504",
        [("10.D", "Tank XX", 2, "1.5"), ("10.D", "AECA after terrain", 2, "2")],  # 3/2 + 1/2
    ),
    "tutorial-10d-forest-river-scenario.toml": (
        "0404",
        [("10.D", "AECA after terrain", 2, "1"), ("10.D", "AECD after terrain", 2, "1")],
    ),
    "tutorial-10i-heavy-armour-scenario.toml": ("0504", [("10.I.1", "2:1", 3, "+1")]),
    "tutorial-10f2-forest-atec-scenario.toml": ("0404", [("10.F.2", "", 2, "2")]),
    "tutorial-10f1-required-losses-scenario.toml": (
        "0504",
        [("10.C.1", "AECA total before terrain", 2, "12"), ("10.C.3", "ATEC total", 2, "4")],
    ),
    "tutorial-10c1-panzer-scenario.toml": ("0504", [("10.C.1", "total before terrain", 2, "8")]),
    "tutorial-10c-ratio-scenario.toml": ("0504", [("10.C", "5.1:1", 3, "+3")]),
    "tutorial-14a3-lra-scenario.toml": ("0504", [("14A3", "LR Art III fires at two hexes", 2, "")]),
}
EUROPA = europa_family()
"""The operational rulesets (the Europa family), whose map tutorials this file checks."""
ODDS_LINE = {
    "tutorial-14d2d-scenario.toml": "DRM +1",  # 14D2d: "Net +1"
    "tutorial-10c-ratio-scenario.toml": "DRM +3 (+3: 50%, +4: 50%)",  # 10.C: +3, 50% chance of +4
}


def shipped_walkthroughs() -> dict[str, str]:
    """Each scenario in maps/ (and the example games' in rulesets/) with walkthrough steps, by
    file name, with its title."""
    found = {}
    for path in [*MAPS.glob("*.toml"), *(MAPS.parent / "rulesets").glob("*/*-scenario.toml")]:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if data.get("tutorial", {}).get("steps"):
            found[path.name] = data["title"]
    return found


def tutorial_menu(window: MainWindow) -> QMenu:
    file_menu = window.menuBar().actions()[0].menu()
    (action,) = [a for a in file_menu.actions() if a.text() == "Open &Tutorial"]
    return action.menu()


def panel_rows(window: MainWindow) -> list[list[str]]:
    table = window.combat_panel.steps
    return [
        [table.item(row, column).text() for column in range(table.columnCount())]
        for row in range(table.rowCount())
    ]


def test_the_menu_lists_every_shipped_tutorial_by_title(tutorial_window) -> None:
    calculator = tutorial_window.calculator_action  # the map-less calculator closes the menu
    actions = tutorial_menu(tutorial_window).actions()
    assert actions[-1] is calculator
    titles = [a.text() for a in actions if not a.isSeparator() and a is not calculator]
    assert sorted(titles) == sorted(shipped_walkthroughs().values())
    europa = [t.path.name for t in shipped_tutorials() if t.ruleset in EUROPA and not t.calculator]
    assert sorted(europa) == sorted(PANEL)  # the calculator's tutorials: test_tutorial_walk.py
    sections = [a.text() for a in actions if a.isSeparator()]
    rulesets = dict.fromkeys(t.ruleset for t in shipped_tutorials())  # one section each
    assert len(sections) == len(rulesets) + 1 and sections[0].startswith("Total War")
    assert sections[-1] == "No map"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PANEL))
def test_opening_a_tutorial_sets_its_attack_up_with_the_rules_numbers(window, name) -> None:
    title = shipped_walkthroughs()[name]
    (action,) = [a for a in tutorial_menu(window).actions() if a.text() == title]
    action.trigger()
    assert window.errors == []
    state = window.session.state
    assert state.title == title and window.source_path == MAPS / name
    assert window._docks["Tutorial"].isVisible()
    assert title in window.tutorial_panel.document().toPlainText()
    target, rows = PANEL[name]
    panel = window.combat_panel
    assert panel.target == state.hexmap.hex_at(target)
    assert window._docks["Combat"].isVisible()
    assert [s.hex for s in window.scene.selected_stacks()] == [panel.target]
    assert panel.report is not None and "DRM" in panel.odds.text()
    if name in ODDS_LINE:
        assert ODDS_LINE[name] in panel.odds.text()
    shown = panel_rows(window)
    for rule, words, column, text in rows:
        assert any(r[0] == rule and words in r[1] and r[column] == text for r in shown), (
            rule,
            words,
            text,
            shown,
        )


def test_the_built_in_tutorial_starts_with_its_attack_set_up(tutorial_window) -> None:
    # what `hexcombat` with no file shows: the 14D2d attack on 0504, every stack ticked
    panel = tutorial_window.combat_panel
    assert tutorial_window.session.state.hexmap.label(panel.target) == "0504"
    assert len(panel.attacker_uids()) == 8  # Hv Tank XX, 2 Rifle XX, Hv Tank X, 2 Tank X, 2 Art
    assert "3:1   DRM +1" in panel.odds.text()


def test_the_tutorial_opened_before_the_window_shows_has_its_attack_set_up(
    qtbot, tmp_path: Path
) -> None:
    # `hexcombat` opens the tutorial first and shows the window after (ui/app.py make_window)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    qtbot.addWidget(window)
    assert window.open_file(default_tutorial())
    panel = window.combat_panel
    assert panel.target is not None and window.session.state.hexmap.label(panel.target) == "0504"
    assert "3:1   DRM +1" in panel.odds.text()
    assert window.inspector.list.count() == 3  # the Stack panel lists the defenders (Inf XX, ...)
    window.show()
    qtbot.waitExposed(window)
    assert "3:1   DRM +1" in panel.odds.text()


def test_a_saved_tutorial_game_reopens_as_it_was_left(window, tmp_path: Path) -> None:
    # the attack is set up when a tutorial is opened, not when a game played from it is reopened
    window.choose_save_path = lambda: str(tmp_path / "game.json")
    assert window.save_as()
    assert window.open_file(tmp_path / "game.json"), window.errors
    assert window.session.state.tutorial and window.combat_panel.target is None


def test_opening_a_tutorial_over_unsaved_changes_asks_first(window) -> None:
    session = window.session
    uid = session.state.stack_at(session.state.hexmap.hex_at("0403"))[0].uid
    session.move([uid], session.state.hexmap.hex_at("0302"))
    assert session.modified
    title = shipped_walkthroughs()["tutorial-10i-heavy-armour-scenario.toml"]
    (action,) = [a for a in tutorial_menu(window).actions() if a.text() == title]
    action.trigger()
    assert window.questions == ["unsaved"]  # the fixture answers Discard
    assert window.session.state.title == title


def test_the_required_losses_tutorial_refuses_losses_without_armour(window) -> None:
    # 10.F.1: of 8 points lost, 4 must come from armour and "the other four losses could be
    # taken from other units"; the walkthrough has the player type in the roll 1 (AH, half of
    # the 16 attack points on the generic table)
    title = shipped_walkthroughs()["tutorial-10f1-required-losses-scenario.toml"]
    (action,) = [a for a in tutorial_menu(window).actions() if a.text() == title]
    action.trigger()
    panel, state = window.combat_panel, window.session.state
    panel.typed_roll.setText("1")
    resolution = panel.use_typed_roll()
    assert resolution is not None and resolution.attacker.points == 8
    art = [c.uid for c in state.counters.values() if c.unit.name == "Art III"]
    tanks = [c.uid for c in state.counters.values() if c.unit.name == "Tank XXX"]

    def choose(uids: list[str]) -> None:
        for i in range(panel.losses.count()):
            item = panel.losses.item(i)
            ticked = item.data(UID_ROLE) in uids
            item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)

    choose(art)
    assert not panel.apply()
    assert one_says(panel.problems.text(), figures=["4"], names=["attacker"])
    assert set(art) <= set(state.counters)
    choose([art[0], *tanks[:2]])
    assert panel.apply(), panel.problems.text()
    assert set(state.counters) & {art[0], *tanks[:2]} == set()
    assert {art[1], *tanks[2:]} <= set(state.counters)


def test_a_chart_edited_badly_is_named_in_the_panel_and_the_tutorial_still_opens(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # players edit the shipped charts (the bundle's README invites it); a slip there must not
    # stop hexcombat starting: the panel names the file and line, the map is there to use
    from hexcombat.sourcefile import Problem, SourceError
    from hexcombat.ui import combat_panel

    def broken_chart(*_args: object) -> None:
        raise SourceError([Problem("crt_generic.toml", 12, "die must be a whole number 1-6")])

    monkeypatch.setattr(combat_panel, "evaluate_attack", broken_chart)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    qtbot.addWidget(window)
    assert window.open_file(default_tutorial())
    panel = window.combat_panel
    assert says(
        panel.warnings.text(),
        at=("crt_generic.toml", 12),
        figures=["1", "6"],
        names=["whole number"],
    )
    assert panel.report is None and not panel.roll_button.isEnabled()
    assert window.session.state.stack_at(window.session.state.hexmap.hex_at("0504"))
