"""The Combat panel's what-if section: on the 14D2d attack it says 8 more attack factors reach
4:1 and 4 fewer drop to 2:1 (36 to 11, rounded in the defender's favour), and that without the
Hv Mot AA II the DRM would be +3 (14D2c, 14D2d); a ruleset without odds shows none."""

from __future__ import annotations

from pathlib import Path

from uihelpers import start_attack

from hexcombat.game.evaluation import evaluate_scenario
from hexcombat.game.scenario import load_scenario
from hexcombat.rules.registry import register_ruleset
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import Unit
from hexcombat.ui.what_if_view import WhatIfView
from meaning import one_says, says, says_in


def test_the_14d2d_attack_shows_what_moves_its_odds_and_drm(bench, qtbot) -> None:  # noqa: ANN001
    bench.attack()
    view = bench.combat_panel.what_if
    assert view.toggle.isVisible()
    lines = view.text().splitlines()
    assert lines[0].startswith("3:1 now; +8 attack factors: 4:1 (")
    assert lines[1].startswith("-4 attack factors: 2:1 (")
    assert one_says([line.strip() for line in lines], figures=["+3"], names=["Hv Mot AA II", "DRM"])
    assert lines[2] == "DRM +1 now; it would be"


def test_a_ruleset_without_odds_shows_no_what_if(qtbot) -> None:  # noqa: ANN001
    view = WhatIfView()
    qtbot.addWidget(view)
    with register_ruleset("tiny", "tiny_ruleset") as tiny:
        unit = Unit(name="Squad", attack=3, defence=2)
        side = (Participant(unit),)
        view.show_report(tiny.evaluate(CombatSituation("tiny", side, side, Conditions())))
    assert view.toggle.isHidden() and view.isHidden() and view.text() == ""
    view.show_report(None)
    assert view.toggle.isHidden()


def test_the_section_is_one_line_until_unfolded(bench, qtbot) -> None:  # noqa: ANN001
    bench.attack()
    view = bench.combat_panel.what_if
    assert says(view.toggle.text(), figures=["+8", "4:1", "-4", "2:1", "9"], names=["DRM"])
    assert view.isHidden()
    view.toggle.click()
    assert view.isVisible() and view.details.isVisible()


def test_halved_factors_name_the_unit_and_what_they_count(qtbot) -> None:  # noqa: ANN001
    view = WhatIfView()
    qtbot.addWidget(view)
    case = Path(__file__).resolve().parents[1] / "cases" / "ar-10d-river-same-side.toml"
    report = evaluate_scenario(load_scenario(case))
    view.show_report(report)
    unit = view.figures.up.unit
    assert says_in(
        view.text().splitlines()[0],
        figures=["1:2", "+2", "1", "1:1"],
        names=["now", "attack factors", unit, "counting 1"],
    )


def test_the_what_if_line_goes_with_the_attack_after_apply_and_redo(window, qtbot) -> None:  # noqa: ANN001
    from PySide6.QtCore import Qt

    start_attack(window, qtbot)
    panel = window.combat_panel
    panel.typed_roll.setText("1")  # HX: no retreat to choose
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.apply(), panel.problems.text()
    assert panel.model.target is None
    assert panel.what_if.toggle.isHidden() and panel.what_if.text() == ""
    window.undo_action.trigger()
    window.redo_action.trigger()
    assert panel.model.target is None
    assert panel.what_if.toggle.isHidden()
