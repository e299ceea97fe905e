"""The calculator window offers air missions (the *air mission* side, Fly as Air Mission, the
mission box) only under a ruleset that declares air rules, with the missions those rules fly;
an air report is shown as strengths with no die to roll, whichever ruleset flew it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from air_rulesets import WITH_AIR, WITHOUT_AIR, air_rulesets_registered
from hexcombat.game.calculator import new_combat
from hexcombat.ui.calculator_window import AIR, CalculatorWindow
from meaning import says


@pytest.fixture
def calculator(qtbot, tmp_path: Path) -> Iterator[CalculatorWindow]:  # noqa: ANN001
    """A calculator built while both test rulesets are registered (its ruleset box lists them)."""
    with air_rulesets_registered(tmp_path / "rulesets"):
        win = CalculatorWindow(new_combat("total-war"))
        win.show_error = lambda title, text: pytest.fail(f"{title}: {text}")
        win.ask_unsaved = lambda: QMessageBox.StandardButton.Discard  # no dialog on closing
        qtbot.addWidget(win)
        yield win


def offered(win: CalculatorWindow) -> tuple[list[str], bool, list[str]]:
    """The sides offered, whether Fly as Air Mission is enabled, the missions offered."""
    sides = [win.side_box.itemText(i) for i in range(win.side_box.count())]
    missions = [win.mission.itemData(i) for i in range(win.mission.count())]
    return sides, win.actions_by_method["add_air_mission"].isEnabled(), missions


def choose(win: CalculatorWindow, ruleset: str) -> None:
    win.ruleset_box.setCurrentIndex(win.ruleset_box.findData(ruleset))
    assert win.combat.ruleset == ruleset


def test_air_missions_are_offered_only_under_a_ruleset_that_declares_air(calculator) -> None:  # noqa: ANN001
    for ruleset in (WITHOUT_AIR, "armour-ratio"):
        choose(calculator, ruleset)
        assert offered(calculator) == (["attacker", "defender"], False, [])
    for ruleset in (WITH_AIR, "total-war"):
        choose(calculator, ruleset)
        sides, enabled, missions = offered(calculator)
        assert sides == ["attacker", "defender", AIR] and enabled
        assert {"escort", "ground-support", "defensive-air-support"} <= set(missions)


def test_an_air_report_of_a_declared_ruleset_is_shown_unrolled(calculator) -> None:  # noqa: ANN001
    """23D2: an AF (6AF5, tactical bombing 2) on defensive air support bombs with 2 + 1 = 3;
    23D1: carrying bombs, its air attack 6 - 2 = 4 and air defence 5 - 1 = 4."""
    choose(calculator, WITH_AIR)
    calculator.combat.add_air(
        'name = "AF", rating = "6AF5", tactical_bombing = 2, mission = "defensive-air-support"'
    )
    calculator.refresh()
    assert says(calculator.headline.text(), figures=["4", "4", "3"], names=["Air missions"])
    assert not calculator.roll_action.isEnabled()
    assert says(calculator.typed_roll.placeholderText(), rules=["16A", "23D"])


def test_the_labels_cite_the_rules_of_the_ruleset_chosen(calculator) -> None:  # noqa: ANN001
    """The air missions box, the mission and side tooltips cite the air rules' own missions rule
    (Total War's 23D) and the date field its rule for dated counter values (10.H); under a
    ruleset that flies no air and dates nothing (lhy-assault), no Europa rule is cited."""
    choose(calculator, "total-war")
    air_box = calculator.list_boxes["air"].title()
    assert says(air_box, rules=["23D"]) and says(calculator.mission.toolTip(), rules=["23D"])
    assert says(calculator.side_box.toolTip(), rules=["23D"])
    assert says(calculator.date.placeholderText(), rules=["10.H"])
    choose(calculator, "lhy-assault")
    texts = [
        calculator.list_boxes["air"].title(),
        calculator.side_box.toolTip(),
        calculator.search.toolTip(),
        calculator.inline.toolTip(),
        calculator.date.placeholderText(),
    ]
    assert not any(rule in text for text in texts for rule in ("23D", "10.H", "16A"))
    assert "air mission" not in calculator.side_box.toolTip()
