"""The combat log says what each combat did: when its dice were rolled (the player's local time),
where, the odds, the roll and result, then the losses taken by unit name, each retreat (from hex
to hex, or eliminated for want of one) and the advance (which units, into which hex). A save
keeps all of it, and a game saved before the log kept it still opens."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from uihelpers import hex_point, start_attack

from hexcombat.game import roll
from hexcombat.game.opening import open_game
from hexcombat.sourcefile import SourceError
from hexcombat.ui.combat_log import roll_clock
from meaning import each_says, says_in

MAPS = Path(__file__).resolve().parents[2] / "maps"


@pytest.fixture
def at_21_14(monkeypatch: pytest.MonkeyPatch) -> str:
    """The game's clock says 21:14 local time, today."""
    when = datetime.now().astimezone().replace(hour=21, minute=14, second=5, microsecond=0)
    monkeypatch.setattr(roll, "roll_time", lambda: when.isoformat())
    return when.isoformat()


def log_lines(window) -> list[list[str]]:  # noqa: ANN001
    log = window.combat_log
    return [[line.strip() for line in log.item(i).text().split("\n")] for i in range(log.count())]


def type_roll(window, qtbot, dice: str) -> None:  # noqa: ANN001
    panel = window.combat_panel
    panel.typed_roll.setText(dice)
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)


def test_a_dh_logs_the_time_losses_retreat_and_advance(window, qtbot, at_21_14: str) -> None:
    assert window.open_file(MAPS / "tutorial-10c-ratio-scenario.toml"), window.errors
    panel, state = window.combat_panel, window.session.state
    type_roll(window, qtbot, "1 1")  # the 50% chance roll, then 1 + 3 = 4 at 5:1: DH
    assert panel.resolution.result.code == "DH"
    (waiting,) = log_lines(window)
    assert says_in(
        waiting[0], figures=["21:14", "1", "1", "0504", "5:1"], names=["Roll", "typed in"]
    )
    assert len(waiting) == 1  # nothing applied yet
    lost = panel.chosen_losses()
    assert lost and {state.counters[u].unit.name for u in lost} == {"AT X"}
    (ends,) = panel.retreat_ends.values()
    assert len(ends) > 1  # the German player picks (the owner: Europa's texts do not say)
    end = state.hexmap.label(sorted(ends, key=state.hexmap.label)[0])
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=hex_point(window, end))  # fmt: skip
    advancing = [c.uid for c in state.stack_at(state.hexmap.hex_at("0505"))]
    panel.set_advance(advancing)
    points = sum(state.counters[u].unit.defence for u in lost)  # what the losses came to
    assert panel.apply(), panel.problems.text()
    (entry,) = log_lines(window)
    kept = 5 - len(lost)
    # pins the wording of the combat log's lines, as a player reads them
    assert entry == [
        "21:14  0404, 0505, 0604 -> 0504: 5:1, DRM +3, roll 1 = 4: DH",
        f"Losses: German: AT X ×{len(lost)} in 0504, {points} strength points" if len(lost) > 1
        else f"Losses: German: AT X in 0504, {points} strength points",
        f"Retreat: AT X ×{kept}: 0504 -> {end} (picked by the German defender, its owner: "
        "assumed)",
        "Advance: Tank XXX ×3 from 0505 into 0504",
    ]  # fmt: skip
    assert state.log[0].rolled_at == at_21_14
    # the undo names who picked the retreat; undo and redo keep the record
    assert window.undo_action.text().endswith("; retreat picked by the German defender")
    window.undo_action.trigger()
    window.redo_action.trigger()
    assert log_lines(window) == [entry]


def test_units_with_no_legal_retreat_are_logged_as_eliminated(window, qtbot, at_21_14) -> None:  # noqa: ANN001
    state = window.session.state
    assert window.session.add("su-rifle-xx", "Soviet", state.hexmap.hex_at("0505"))  # no way out
    start_attack(window, qtbot)
    panel = window.combat_panel
    tree = panel.candidate_tree
    for i in range(tree.topLevelItemCount()):
        if tree.topLevelItem(i).text(0) == "0505":
            tree.topLevelItem(i).setCheckState(0, Qt.CheckState.Unchecked)
    type_roll(window, qtbot, "4")  # 4 + 1 = 5 at 3:1: DR
    assert panel.resolution.result.code == "DR" and panel.chosen_losses() == []
    assert panel.apply(), panel.problems.text()
    (entry,) = log_lines(window)
    assert entry[0].startswith("21:14  ")
    assert each_says(
        entry[1:],
        dict(names=["Losses", "none"]),
        dict(
            figures=["0504"],
            names=["Inf XX", "Hv Mot AA II", "Art III", "no legal retreat", "eliminated"],
        ),
    )


def test_a_save_keeps_the_record_and_an_older_save_still_opens(
    window, qtbot, tmp_path: Path, at_21_14: str
) -> None:
    assert window.open_file(MAPS / "tutorial-10c-ratio-scenario.toml"), window.errors
    panel = window.combat_panel
    type_roll(window, qtbot, "1 1")
    (ends,) = panel.retreat_ends.values()
    end = window.session.state.hexmap.label(sorted(ends, key=window.session.state.hexmap.label)[0])
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=hex_point(window, end))  # fmt: skip
    assert panel.apply(), panel.problems.text()
    shown = log_lines(window)
    path = tmp_path / "game.json"
    window.choose_save_path = lambda: str(path)
    assert window.save_as()
    assert window.open_file(path), window.errors
    assert log_lines(window) == shown
    # a game saved before the log kept the time and the outcome: its summary, nothing invented
    data = json.loads(path.read_text(encoding="utf-8"))
    for entry in data["log"]:
        for key in ("rolled_at", "losses", "retreats", "advance"):
            del entry[key]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data), encoding="utf-8")
    assert window.open_file(old), window.errors
    assert log_lines(window) == [[shown[0][0].removeprefix("21:14  ")]]
    # a damaged time is refused with the file and the entry named
    data["log"][0]["rolled_at"] = "teatime"
    old.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SourceError, match="log entry 1 rolled_at must be a date and time"):
        open_game(old)


def test_a_roll_of_another_day_shows_its_date() -> None:
    today = datetime.now().astimezone()
    assert roll_clock(today.replace(hour=9, minute=5).isoformat(), today) == "09:05"
    older = today.replace(year=2025, month=3, day=2, hour=21, minute=14)
    assert roll_clock(older.isoformat(), today) == "2025-03-02 21:14"
    assert roll_clock(None, today) == ""
