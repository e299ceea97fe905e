"""The rolled result as the combat panel words it: the numbers Apply asks for, the losses a player
may tick, and a retreat that cannot be made. Most tests drive the panel alone (``bench``); those
about the window around it (its status bar, a click on the map) drive the whole window."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from uihelpers import combat_bench, hex_point, leave_out, start_attack

from hexcombat.ui.combat_panel import UID_ROLE
from meaning import one_says, says, says_in

MAPS = Path(__file__).resolve().parents[2] / "maps"
LEFT = Qt.MouseButton.LeftButton
RED = "#b02020"


def type_roll(panel, qtbot, dice: str) -> None:
    """Type the physical dice into the panel and press Return."""
    panel.typed_roll.setText(dice)
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)


def result_lines(panel) -> list[str]:
    """The result text as the player reads it, a line each, without the markup."""
    return [re.sub(r"<[^>]+>", "", line) for line in panel.result_text().split("<br>")]


def points_stated(panel, side: str) -> int:
    """The strength points the result text says ``side`` must lose."""
    pattern = rf"The {side} loses at least (\d+) strength points?\b"
    (found,) = [int(m.group(1)) for line in result_lines(panel) if (m := re.match(pattern, line))]
    return found


def offered(panel) -> dict[str, str]:
    """The units offered as losses: uid -> the side the list names."""
    return {
        panel.losses.item(i).data(UID_ROLE): panel.losses.item(i).text().split(":")[0]
        for i in range(panel.losses.count())
    }


def tick(panel, state, names: list[str]) -> None:
    """Tick as lost exactly one counter per name in ``names`` (a name twice: two of them)."""
    wanted = list(names)
    for i in range(panel.losses.count()):
        item = panel.losses.item(i)
        name = state.counters[item.data(UID_ROLE)].unit.name
        lost = name in wanted
        if lost:
            wanted.remove(name)
        item.setCheckState(Qt.CheckState.Checked if lost else Qt.CheckState.Unchecked)
    assert wanted == []


def test_the_exchange_states_the_points_apply_asks_for_as_losses_are_ticked(bench, qtbot) -> None:
    # 14D2d tutorial, 3:1 and DRM +1: a typed 1 makes 2, HX on the generic (assumed) table. The
    # defender loses half its 8 + 1 + 2 = 11 defence, 6 points; the Inf XX (8) is the least that
    # makes 6 (the other two are 3). The attacker loses as many as the defender lost: 8, not 6
    state = bench.state
    bench.attack("0504")
    panel = bench.combat_panel
    type_roll(panel, qtbot, "1")
    assert panel.resolution.result.code == "HX"
    assert points_stated(panel, "defender") == 6
    assert points_stated(panel, "attacker") == 8
    tick(panel, state, ["Inf XX", "Tank X", "Tank X"])  # 6 from the attacker: refused, 8 asked
    assert not panel.apply()
    assert one_says(
        panel.problems.text(), figures=["8"], names=["attacker must lose", "strength points"]
    )
    assert points_stated(panel, "attacker") == 8
    tick(panel, state, ["Tank X", "Tank X"])  # no defender loss ticked yet: the result's 6
    assert points_stated(panel, "attacker") == 6
    tick(panel, state, ["Inf XX", "Tank X", "Rifle XX"])  # 8 and 3 + 5 = 8: as stated
    assert points_stated(panel, "attacker") == 8
    assert panel.apply(), panel.problems.text()


def test_a_result_without_losses_offers_none(bench, qtbot) -> None:
    # 14D2d, a typed 4: 4 + 1 = 5 at 3:1, DR: the defender retreats and loses nothing
    bench.attack("0504")
    panel = bench.combat_panel
    type_roll(panel, qtbot, "4")
    assert panel.resolution.result.code == "DR"
    assert offered(panel) == {} and panel.losses.isHidden()
    assert "none" in panel.losses_label.text()
    assert not any("loses at least" in line for line in result_lines(panel))


def test_only_the_side_that_loses_is_offered(qtbot) -> None:
    # 10.F.1 tutorial: 1:2, DRM +1; its walkthrough's typed 1 makes 2, AH on the generic table:
    # the attacker loses half its 16 attack points, the defender nothing
    opened = combat_bench(qtbot, MAPS / "tutorial-10f1-required-losses-scenario.toml")
    panel, state = opened.combat_panel, opened.state
    type_roll(panel, qtbot, "1")
    assert panel.resolution.result.code == "AH"
    attackers = set(panel.resolution.setup.attacker_uids)
    assert set(offered(panel)) == attackers and set(offered(panel).values()) == {"attacker"}
    assert points_stated(panel, "attacker") == 8
    assert {state.counters[u].side for u in offered(panel)} == {"Soviet"}


def test_a_retreat_with_no_legal_end_says_eliminated_in_the_result(bench, qtbot) -> None:
    # 14D2d with the shipped (assumed) retreat rules: enemy zones of control block every way out
    # of 0504, so the DR of a typed 4 eliminates the defenders instead
    bench.attack("0504")
    panel = bench.combat_panel
    type_roll(panel, qtbot, "4")
    assert panel.resolution.result.code == "DR"
    lines = result_lines(panel)
    assert one_says(lines, figures=["0504"], names=["defender", "no legal retreat", "eliminated"])
    # the chart's step says what DR means; the panel's own summary must not promise a retreat
    assert not any(line.startswith("The defender retreats") for line in lines)
    (shown,) = [raw for raw in panel.result_text().split("<br>") if "no legal" in raw]
    assert RED in shown and "<b>" in shown  # in red and bold, not only a greyed box


def in_view(widget) -> bool:
    """Whether all of ``widget`` is on screen (not hidden, scrolled away or covered)."""
    return widget.isVisible() and widget.visibleRegion().boundingRect() == widget.rect()


@pytest.mark.parametrize(
    ("dice", "why"),
    [
        ("x", "'x' is not a number"),
        ("7", "the combat die (d6) has no 7"),
        ("0", "the combat die (d6) has no 0"),
        ("2 5", "this attack rolls 1 die, but 2 numbers were typed"),
    ],
)
def test_a_bad_typed_roll_is_refused_beside_the_field_until_corrected(
    window, qtbot, dice: str, why: str
) -> None:
    # the generic table's combat die is one d6 (14D2d: no DRM chance, so no chance roll)
    start_attack(window, qtbot)
    panel = window.combat_panel
    type_roll(panel, qtbot, dice)
    assert panel.resolution is None and window.session.state.log == []
    problem = panel.roll_problem
    qtbot.waitUntil(lambda: in_view(problem))
    assert problem.text().startswith(why)
    assert "type one number: the combat die (d6)" in problem.text()
    field = panel.typed_roll.geometry()
    below = problem.geometry()
    assert 0 <= below.top() - field.bottom() <= 20 and below.left() <= field.right()
    assert window.statusBar().currentMessage() == ""  # not a message that goes in 6 seconds
    qtbot.wait(50)
    panel.typed_roll.selectAll()
    qtbot.keyClicks(panel.typed_roll, "9")  # still wrong: still refused, saying why now
    assert in_view(problem) and problem.text().startswith("the combat die (d6) has no 9")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Backspace)
    qtbot.keyClicks(panel.typed_roll, "4")  # put right: the refusal goes before Return
    assert problem.isHidden()
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.resolution is not None and panel.dice.rolls == [4]


def test_the_field_asks_for_two_dice_where_a_chance_roll_comes_first(qtbot) -> None:
    # 10.C tutorial: AECA:ATEC gives +3 with a 50% chance of +4 (10.C), drawn by a chance roll
    # before the combat die: two dice to type
    panel = combat_bench(qtbot, MAPS / "tutorial-10c-ratio-scenario.toml").combat_panel
    assert "DRM +3 (+3: 50%, +4: 50%)" in panel.odds.text()
    prompt = panel.typed_roll.placeholderText()
    assert prompt == "or type 2 numbers, the chance roll for the DRM first"
    assert "2 numbers: the chance roll" in panel.typed_roll.toolTip()
    type_roll(panel, qtbot, "4")
    assert panel.resolution is None
    assert says_in(
        panel.roll_problem.text(), figures=["2", "1"], names=["rolls 2 dice", "1 number"]
    )
    assert one_says(  # the chance roll as 10.C's die says it: its faces and the DRM each gives
        panel.roll_problem.text(),
        figures=["1", "3", "+3", "4", "6", "+4"],
        names=["the chance roll on a d6 that picks the DRM", "then the combat die (d6)"],
    )
    panel.typed_roll.setText("2 4")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.resolution is not None and panel.dice.rolls == [2, 4]
    assert panel.roll_problem.isHidden()


@pytest.mark.usefixtures("zoc_free")  # enemy zones of control would leave 0504 no retreat
def test_a_refusal_goes_once_the_player_has_put_it_right(window, qtbot) -> None:
    state = window.session.state
    start_attack(window, qtbot)
    panel = window.combat_panel
    leave_out(window, "0604")  # the artillery in 0604 stays out of this attack
    type_roll(panel, qtbot, "6")  # DR: 0504 retreats two hexes, to 0506 or 0605
    assert panel.resolution.result.code == "DR"
    assert not panel.apply()
    assert says(panel.problems.text(), figures=["0504"], names=["retreat"])
    qtbot.mouseClick(window.view.viewport(), LEFT, pos=hex_point(window, "0506"))
    assert panel.problems.text() == ""  # the retreat is chosen: nothing left to complain of
    (box,) = panel.retreat_boxes.values()
    box.setCurrentIndex(-1)  # taken back: Apply's refusal is back, checked again
    assert says(panel.problems.text(), figures=["0504"], names=["retreat"])
    assert panel.pick_retreat(state.hexmap.hex_at("0504"), state.hexmap.hex_at("0605"))
    assert panel.problems.text() == ""
    assert panel.apply(), panel.problems.text()


def test_a_loss_refusal_is_checked_again_as_losses_are_ticked(qtbot) -> None:
    # the 10.F.1 tutorial's AH: 8 of the attacker's 16 points, at least 4 from armour (10.F.1)
    opened = combat_bench(qtbot, MAPS / "tutorial-10f1-required-losses-scenario.toml")
    panel, state = opened.combat_panel, opened.state
    type_roll(panel, qtbot, "1")
    assert panel.resolution.result.code == "AH"
    tick(panel, state, ["Art III", "Art III"])  # 8 points, none from armour
    assert not panel.apply()
    assert one_says(panel.problems.text(), figures=["4"], names=["attacker's losses", "armour"])
    tick(panel, state, ["Tank XXX", "Tank XXX"])  # 4 from armour now, but 4 of 8 points
    assert says_in(
        panel.problems.text(), figures=["8"], names=["attacker must lose", "strength points"]
    )
    assert "armour" not in panel.problems.text()
    tick(panel, state, ["Art III", "Tank XXX", "Tank XXX"])
    assert panel.problems.text() == ""
    assert panel.apply()


def test_undoing_apply_shows_the_advance_ticks_again(window, qtbot) -> None:  # noqa: ANN001
    start_attack(window, qtbot)
    panel = window.combat_panel
    panel.typed_roll.setText("4")  # DR: the attackers may advance
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    panel.advance.item(0).setCheckState(Qt.CheckState.Checked)
    assert panel.apply(), panel.problems.text()
    window.undo_action.trigger()
    assert panel.advance.item(0).checkState() == Qt.CheckState.Checked


def test_the_loss_ticks_stay_put_while_the_player_ticks_down_the_list(window, qtbot) -> None:  # noqa: ANN001
    """HX: ticking down the list changes what each side must still lose and what Apply
    refuses; neither may move the ticks under the mouse."""
    from PySide6.QtCore import QPoint

    start_attack(window, qtbot)
    panel = window.combat_panel
    panel.typed_roll.setText("1")  # 3:1, die 1 + 1 = 2: HX
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    listing = panel.loss_chooser.list
    for i in range(listing.count()):  # nothing ticked: Apply says what is missing, in red
        listing.item(i).setCheckState(Qt.CheckState.Unchecked)
    assert not panel.apply() and panel.problems.text()
    qtbot.wait(50)

    def place() -> tuple[int, int]:
        QApplication.processEvents()
        top = listing.viewport().mapTo(window, QPoint(0, 0)).y()
        return top, listing.visualItemRect(listing.item(listing.count() - 1)).y()

    before = place()
    said = set()
    for i in range(listing.count()):
        listing.item(i).setCheckState(Qt.CheckState.Checked)
        said.add((panel.problems.text(), panel.result_text()))
        assert place() == before, i
    assert len(said) > 3  # the words changed as the ticks did
