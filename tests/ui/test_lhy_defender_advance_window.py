"""The defenders' advance offered in the Combat panel (The Last Hundred Yards, Assault Results
below -1: the DEFENDER advances): Russian squads in an urban building in 0801 beat the German
squads assaulting from 0701 and 0601 with a typed 1 (-2); the panel offers the hexes the
attackers assaulted from, the player picks one and ticks who goes, Apply moves them."""

from __future__ import annotations

from lhy_game import lhy_game, place, uids_at
from PySide6.QtCore import Qt
from uihelpers import start_attack

from hexcombat.ui.main_window import MainWindow
from meaning import one_says, says


def test_the_panel_offers_the_defenders_the_hexes_the_attackers_left(
    window: MainWindow,
    qtbot,  # noqa: ANN001
) -> None:
    state = lhy_game(("cccccccuccccc", "ccccccccccccc"))
    for label in ("0701", "0601"):
        place(state, "lhy-ge-rifle-sqd", "Red", label)
    russians = [place(state, "lhy-ru-rifle-sqd", "Blue", "0801") for _ in range(2)]
    window.show_game(state)
    panel = window.combat_panel
    start_attack(window, qtbot, "0801")
    panel.typed_roll.setText("1")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.resolution is not None and panel.resolution.result.code == "AD"
    state = window.session.state
    for start, ends in panel.model.retreat_ends.items():  # 4 hexes west: the player picks
        panel.model.set_retreat(start, min(ends, key=state.hexmap.label))
    assert says(panel.advance_label.text(), names=["defenders may advance", "attackers left"])
    into = panel.advance_into
    assert into.isVisibleTo(panel) and [into.itemText(i) for i in range(into.count())] == [
        "0701",
        "0601",
    ]
    assert [panel.advance.item(i).text() for i in range(panel.advance.count())] == [
        "Rifle Sqd (0801)",
        "Rifle Sqd (0801)",
    ]
    panel.advance.item(0).setCheckState(Qt.CheckState.Checked)
    assert not panel.model.apply()  # no hex chosen yet
    assert one_says(
        panel.problems.text(), figures=["0701", "0601"], names=["defenders advance into"]
    )
    into.setCurrentIndex(0)
    assert panel.model.apply(), panel.model.apply_problem
    (advanced,) = uids_at(state, "0701")
    assert advanced in russians and state.advanced == {advanced}
    assert window.session.state.log[-1].advance == ["Rifle Sqd from 0801 into 0701"]
