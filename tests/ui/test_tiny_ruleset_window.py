"""A ruleset that is not Europa-shaped plays on the map in the window, end to end: the tiny test
ruleset (no odds, no strength points; rules T1-T4 of tiny_ruleset.py). Fire 3 against defence
2 is +1 (T1); a typed fire die of 4 makes 5, a hit (T3), so the defender loses a step and the
panel asks for the 2d6 morale check die by die; 5 + 5 = 10 is above 7: disrupted (T4)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem
from tiny_game import guards, target, tiny_game, tiny_rules
from uihelpers import start_attack

from hexcombat.rules.status import FRESH, UnitStatus
from hexcombat.ui.counter_art import STATE_TAG, STEP_LOST
from hexcombat.ui.loss_choosers import StepLosses
from hexcombat.ui.main_window import MainWindow
from meaning import one_says, says, says_in


@pytest.fixture
def tiny(window: MainWindow) -> Iterator[MainWindow]:
    with tiny_rules():
        window.show_game(tiny_game())
        yield window


def type_roll(window: MainWindow, qtbot, dice: str) -> None:  # noqa: ANN001
    panel = window.combat_panel
    panel.typed_roll.setText(dice)
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)


def log_text(window: MainWindow) -> list[str]:
    log = window.combat_log
    return [log.item(i).text() for i in range(log.count())]


def drawn(window: MainWindow) -> QImage:
    """The Guards' stack as the map draws it, 100 pixels a side."""
    item = window.scene.stack_items[target(window.session.state)]
    image = QImage(100, 100, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    painter.translate(50, 50)
    painter.scale(100 / item.size, 100 / item.size)
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    return image


def share(image: QImage, area: QRectF, colour: QColor, slack: int = 40) -> float:
    """The share of ``area`` drawn in (about) ``colour``."""
    xs = range(int(area.left()), int(area.right()))
    ys = range(int(area.top()), int(area.bottom()))
    want = colour.getRgb()[:3]
    hits = sum(
        all(
            abs(a - b) <= slack
            for a, b in zip(image.pixelColor(x, y).getRgb()[:3], want, strict=True)
        )
        for x in xs
        for y in ys
    )
    return hits / (len(xs) * len(ys))


FOOT = QRectF(10, 94, 80, 2)
"""The red stripe along the foot of a unit that lost steps."""
SECOND_TAG = QRectF(91, 26, 4, 3)
"""The edge of the second tag down the right side (after the steps': the state's)."""


def test_the_tiny_ruleset_is_rolled_applied_undone_and_saved_on_the_map(
    tiny: MainWindow,
    qtbot,
    tmp_path: Path,  # noqa: ANN001
) -> None:
    window, state = tiny, tiny.session.state
    panel = window.combat_panel
    start_attack(window, qtbot, "0504")
    assert panel.odds.text() == "fire 3 against 2, DRM +1"  # the report's headline
    assert panel.roll_button.isEnabled()
    type_roll(window, qtbot, "4")
    assert "roll a d6 for the morale check" in panel.roll_problem.text()
    assert panel.resolution is None and log_text(window) == []
    type_roll(window, qtbot, "4 5")  # the check is 2d6: the second die is asked for
    assert "roll a d6 for the morale check" in panel.roll_problem.text()
    type_roll(window, qtbot, "4 5 5")
    assert panel.resolution is not None and panel.resolution.result.code == "LD"
    assert panel.dice.rolls == [4, 5, 5]
    qtbot.waitUntil(lambda: panel.dice.width() >= 3 * 34 + 2 * 8)  # each die drawn, none cut off
    text = panel.result_text()
    assert text.startswith("<b>LD</b>: fire die 4 +1 = 5: LD")
    assert one_says(text, figures=["4", "5", "5", "10"], names=["Dice", "fire die", "morale check"])
    assert one_says(text, figures=["1", "1"], names=["defender loses", "1 step", "set"])
    assert "The defender is disrupted (T4): Guards." in text  # the unit it falls on named
    assert says_in(
        log_text(window)[-1],
        figures=["4", "5", "5", "0504", "4", "+1", "5", "5", "5", "10"],
        names=["typed in", "fire die", "LD", "morale check", "not applied yet"],
    )
    chooser = panel.loss_chooser
    uid = guards(state)
    assert isinstance(chooser, StepLosses) and chooser.boxes[uid].value() == 1
    assert chooser.boxes[uid].maximum() == 2  # both of its steps are left
    chooser.set_steps(uid, 0)
    assert not panel.apply()
    assert says(panel.problems.text(), figures=["1", "0"], names=["defender loses", "T3"])
    chooser.set_steps(uid, 1)
    assert panel.problems.text() == ""
    assert panel.apply()
    disrupted = UnitStatus(steps_lost=1, state="disrupted")
    assert state.counters[uid].status == disrupted
    rolled, losses = [line.strip() for line in log_text(window)[-1].split("\n")][-2:]
    assert rolled.startswith(log_text(window)[-1].split("  ")[0] + "  0404 -> 0504: ")
    assert says_in(
        rolled, figures=["4", "+1", "5", "5", "5", "10"], names=["fire die", "LD", "morale check"]
    )
    assert says(losses, figures=["0504", "1"], names=["Losses", "Blue", "Guards", "1 step"])
    image = drawn(window)
    assert share(image, FOOT, STEP_LOST) > 0.8  # a step lost: the red foot
    assert share(image, SECOND_TAG, STATE_TAG[0]) > 0.5  # disrupted: the state's tag
    window.undo_action.trigger()
    assert state.counters[uid].status == FRESH
    assert share(drawn(window), FOOT, STEP_LOST) < 0.2
    assert state.pending_roll is not None  # the roll waits to be applied again
    window.redo_action.trigger()
    assert state.counters[uid].status == disrupted
    path = tmp_path / "tiny.json"
    window.session.save(path)
    assert window.open_file(path), window.errors
    again = window.session.state
    assert again is not state and again.counters[uid].status == disrupted
    assert share(drawn(window), FOOT, STEP_LOST) > 0.8
