"""What the Combat panel tells a Last Hundred Yards player before the roll (Assault): a Russian
leader or a Russian unit out of command may not assault unless Heroic, named with why; and of
two Heroic Russian squads only one keeps its marker, said as a step."""

from __future__ import annotations

from pathlib import Path

from lhy_game import lhy_game, place
from PySide6.QtCore import Qt
from uihelpers import start_attack

from hexcombat.ui.main_window import MainWindow
from meaning import one_says, says


def test_the_russian_restriction_and_one_heroic_marker_are_shown(
    window: MainWindow,
    qtbot,  # noqa: ANN001
) -> None:
    state = lhy_game(("ccccccccc", "ccccccccc"))
    for _ in range(2):
        place(state, "lhy-ru-rifle-sqd", "Red", "0301", "heroic")
    place(state, "lhy-ru-leader", "Red", "0301")
    place(state, "lhy-ru-rifle-sqd", "Red", "0201", "out-of-command")
    place(state, "lhy-ge-rifle-sqd", "Blue", "0401")
    window.show_game(state)
    panel = window.combat_panel
    start_attack(window, qtbot, "0401")
    tree = panel.candidate_tree
    rows = {
        tree.topLevelItem(i).text(0): tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
    }
    assert says(
        rows["0301"].text(1), names=["Rifle Sqd", "Lt Sokolov", "cannot assault", "Assault"]
    )
    assert one_says(
        rows["0301"].toolTip(1),
        names=["Lt Sokolov", "Russian leader", "only when Heroic", "Assault"],
    )
    assert one_says(
        rows["0201"].toolTip(1), names=["Russian unit", "out of command", "only when Heroic"]
    )
    steps = [panel.steps.item(r, 1).text() for r in range(panel.steps.rowCount())]
    assert one_says(
        steps,
        partly=True,
        rules=["10.5.2.2"],
        names=["all but one Heroic marker", "nationality", "reach", "Rifle Sqd"],
    )
    # the squad that keeps its marker gives its +1 (Assault DRM); the other gives none
    assert "Rifle Sqd: squad +2, Heroic +1" in steps
    assert "Rifle Sqd: squad +2, Russian squad +1" in steps


def counted_rows(panel) -> list[str]:  # noqa: ANN001
    tree = panel.counted.tree
    return [
        tree.topLevelItem(i).child(j).text(0)
        for i in range(tree.topLevelItemCount())
        for j in range(tree.topLevelItem(i).childCount())
    ]


def test_each_counted_tick_says_whether_the_unit_counts(window: MainWindow, qtbot) -> None:  # noqa: ANN001
    # LHY 2: three grenadier squads (6 steps) and a Pz IVH against a BAR section; at most 4
    # combat steps count (Assault): the rules pick two squads, and the panel says which
    maps = Path(__file__).resolve().parents[2] / "maps"
    assert window.open_file(maps / "tutorial-lhy-limits-scenario.toml"), window.errors
    panel = window.combat_panel
    start_attack(window, qtbot, "0804")
    rows = counted_rows(panel)
    assert one_says(
        rows, figures=["0703"], names=["Grenadier Sqd", "does not count", "rules' pick"]
    )
    assert one_says(rows, figures=["0704"], names=["Grenadier Sqd", "counts", "rules' pick"])
    assert "Pz IVH (0705): counts (the rules' pick)" in rows
    tree = panel.counted.tree
    (third,) = [
        tree.topLevelItem(1).child(j)
        for j in range(tree.topLevelItem(1).childCount())
        if "0703" in tree.topLevelItem(1).child(j).text(0)
    ]
    (other,) = [
        tree.topLevelItem(1).child(j)
        for j in range(tree.topLevelItem(1).childCount())
        if "0704" in tree.topLevelItem(1).child(j).text(0)
    ]
    other.setCheckState(0, Qt.CheckState.Unchecked)  # the player leaves 0704 out instead
    third.setCheckState(0, Qt.CheckState.Checked)
    rows = counted_rows(panel)
    assert "Grenadier Sqd (0703): counts" in rows
    assert "Grenadier Sqd (0704): does not count" in rows
