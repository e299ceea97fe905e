"""A counter's status in play on the counter and in the Stack panel: a red stripe along the
foot once steps are lost, tags down the right edge for the steps, the state's mark and each
marker's; the panel says it in words. Counters are rendered into a 100-pixel image and sampled
where those parts are laid out (the foot stripe y 93-97; tags 19 pixels high from y 4, one
below the other every 21, ending 3 pixels from the right edge)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.status import FRESH, UnitStatus
from hexcombat.rules.units import Unit, unit_from_mapping
from hexcombat.rules.vocabulary import StateSpec
from hexcombat.ui.counter_art import (
    MARKER_TAG,
    STATE_TAG,
    STEP_LOST,
    draw_counter,
    status_tags,
)
from meaning import one_says, says_in

SIZE = 100
SHAKEN = StateSpec("shaken", "Shaken", "T1")
BOLD = StateSpec("bold", "Bold", "T2")


def unit(**keys: object) -> Unit:
    data = {"name": "Rifle Co", "size": "II", "nationality": "german", "attack": 4, **keys}
    return unit_from_mapping(data, "test")


def render(
    u: Unit, status: UnitStatus = FRESH, marks: tuple[str, ...] = (), size: int = SIZE
) -> QImage:
    image = QImage(SIZE, SIZE, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    draw_counter(painter, QRectF(0, 0, size, size), u, "", float(size), (), status, marks)
    painter.end()
    return image


def share(image: QImage, xs: range, ys: range, colour: QColor, slack: int = 40) -> float:
    """The share of the area drawn in (about) ``colour``."""

    def near(c: QColor) -> bool:
        return all(
            abs(a - b) <= slack for a, b in zip(c.getRgb()[:3], colour.getRgb()[:3], strict=True)
        )

    hits = sum(near(image.pixelColor(x, y)) for x in xs for y in ys)
    return hits / (len(xs) * len(ys))


FOOT = (range(10, 90), range(94, 97))
TAG_1 = (range(86, 95), range(5, 7))  # the first tag's top strip, above its letters
TAG_2 = (range(86, 95), range(26, 28))
TAG_3 = (range(86, 95), range(47, 49))


def test_the_tags_a_counter_shows() -> None:
    two = unit(steps=2)
    assert status_tags(two, UnitStatus(steps_lost=1), ()) == ["1/2"]  # steps left of the unit's
    assert status_tags(unit(), UnitStatus(steps_lost=1), ()) == ["-1"]  # its steps not known
    many = UnitStatus(steps_lost=1, state="shaken", markers=frozenset({"bold", "x", "y"}))
    assert status_tags(unit(), many, ("S", "B", "X", "Y")) == ["-1", "S", "+3"]


def test_a_unit_that_lost_a_step_shows_a_red_stripe_and_tag(qapp) -> None:
    fresh = render(unit(steps=2))
    reduced = render(unit(steps=2), UnitStatus(steps_lost=1))
    assert share(reduced, *FOOT, STEP_LOST) > 0.9
    assert share(fresh, *FOOT, STEP_LOST) == 0
    assert share(reduced, *TAG_1, STEP_LOST) > 0.9
    assert share(fresh, *TAG_1, STEP_LOST) == 0


def test_the_state_and_markers_show_as_tags_in_their_colours(qapp) -> None:
    status = UnitStatus(steps_lost=1, state="shaken", markers=frozenset({"bold"}))
    image = render(unit(), status, ("S", "B"))
    assert share(image, *TAG_1, STEP_LOST) > 0.9
    assert share(image, *TAG_2, STATE_TAG[0]) > 0.9
    assert share(image, *TAG_3, MARKER_TAG[0], slack=10) > 0.9
    fresh = render(unit())
    assert share(fresh, *TAG_2, STATE_TAG[0]) == 0 and share(fresh, *TAG_3, MARKER_TAG[0], 10) == 0


def test_a_state_alone_takes_the_first_tag_and_no_stripe(qapp) -> None:
    image = render(unit(), UnitStatus(state="shaken"), ("S",))
    assert share(image, *TAG_1, STATE_TAG[0]) > 0.9
    assert share(image, *FOOT, STEP_LOST) == 0


def test_a_counter_too_small_for_its_strengths_shows_no_status(qapp) -> None:
    status = UnitStatus(steps_lost=1, state="shaken")
    small = render(unit(), status, ("S",), size=20)
    assert small == render(unit(), size=20)


# --- the Stack panel ------------------------------------------------------------------------


@pytest.fixture
def vocab(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = get_ruleset("total-war")
    lent = replace(rules.vocabulary, states=(SHAKEN,), markers=(BOLD,), steps=True)
    monkeypatch.setattr(rules, "vocabulary", lent)


@pytest.mark.usefixtures("vocab")
def test_the_stack_panel_lists_each_counter_s_status_in_words(window) -> None:
    from hexcombat.game.status_commands import AddMarker, LoseSteps, SetState

    session = window.session
    h = session.state.hexmap.hex_at("0504")
    window.scene.select_hex(h)
    inspector = window.inspector
    assert session.run(SetState("c9", state="shaken"))
    assert session.run(AddMarker("c9", marker="bold"))
    assert session.run(LoseSteps("c10"))
    rows = [inspector.list.item(i).text().split("\n") for i in range(3)]
    assert rows[0][2] == "Shaken; bold" and rows[1][2] == "1 step lost"
    assert len(rows[2]) == 2  # the fresh Art III: no status line
    session.undo_stack.undo()
    session.undo_stack.undo()
    assert inspector.list.item(0).text().split("\n")[2] == "Shaken"
    assert not session.run(SetState("c9", state="calm"))  # not a state of this ruleset
    assert one_says(session.last_refusal, names=["'calm'", "morale or cohesion state"])


@pytest.mark.usefixtures("vocab")
def test_a_row_s_menu_sets_the_states_markers_and_steps_the_ruleset_declares(window) -> None:
    session = window.session
    window.scene.select_hex(session.state.hexmap.hex_at("0504"))
    inspector = window.inspector
    menu = inspector.row_menu(0)  # the Inf XX
    assert [a.text() for a in menu.actions()] == [
        "State", "Markers", "Lose a step", "Get back a step"]  # fmt: skip
    states, markers, lose, back = menu.actions()
    assert [a.text() for a in states.menu().actions()] == ["Good order", "Shaken"]
    assert states.menu().actions()[0].isChecked() and not back.isEnabled()
    states.menu().actions()[1].trigger()
    markers.menu().actions()[0].trigger()
    lose.trigger()
    assert session.state.counters["c9"].status == UnitStatus(1, "shaken", frozenset({"bold"}))
    menu = inspector.row_menu(0)
    states, markers, _, back = menu.actions()
    assert states.menu().actions()[1].isChecked() and markers.menu().actions()[0].isChecked()
    markers.menu().actions()[0].trigger()  # a marker on: the action takes it off
    back.trigger()
    assert session.state.counters["c9"].status == UnitStatus(0, "shaken")


def test_a_ruleset_without_states_markers_or_steps_offers_none(window) -> None:
    window.scene.select_hex(window.session.state.hexmap.hex_at("0504"))
    assert window.inspector.row_menu(0) is None  # the Europa rulesets declare none


def test_the_stack_panel_counts_a_tactical_stack_in_steps_with_the_units_own_values(
    window, tmp_path
) -> None:  # noqa: ANN001
    """Squads, weapons and vehicles count no REs: the panel says each counter's steps left of its
    total and its values as the counter prints them (cohesion, AV, ATV), never "0 RE"."""
    from lhy_terrain_game import ATTACKERS, lhy_game

    from hexcombat.game.status_commands import LoseSteps, SetState

    window.show_game(lhy_game(tmp_path))
    session, inspector = window.session, window.inspector
    assert session.run(LoseSteps("c1"))
    assert session.run(SetState("c1", state="disrupted"))
    window.scene.select_hex(session.state.hexmap.hex_at(ATTACKERS))
    title = inspector.title.text()
    assert "RE" not in title
    assert title.endswith("4 counters, 5 of 6 steps")  # squads 1 + 2 of 2 each, MG 1, leader 1
    rows = {inspector.list.item(i).data(0x100): inspector.list.item(i) for i in range(4)}
    squad = rows["c1"].text().split("\n")
    assert squad[0] == "Grenadier Sqd  6"  # cohesion 6, as the counter prints it
    assert squad[1:] == ["infantry, 1 of 2 steps", "Disrupted"]  # the step said once
    tip = rows["c1"].toolTip()
    assert "RE" not in tip
    assert says_in(
        tip,
        figures=["1", "2", "6", "1"],
        names=["Grenadier Sqd (c1)", "1 of 2 steps", "squad", "Cohesion 6", "Company 1"],
    )
    assert tip.endswith("; Disrupted")
    assert rows["c2"].text().split("\n")[1:] == ["infantry, 2 of 2 steps"]


def test_the_stack_panel_still_counts_divisions_in_res(window) -> None:
    window.scene.select_hex(window.session.state.hexmap.hex_at("0504"))
    inspector = window.inspector
    assert inspector.title.text().endswith("3 counters, 4.5 RE")  # XX 3, II 1/2, III 1 (14D2)
    assert "3 RE" in inspector.list.item(0).toolTip()
