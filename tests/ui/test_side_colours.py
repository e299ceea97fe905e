"""A counter's colour tells the two forces apart: it follows the counter's side, not the
nationality written in the counter set. The 10.C and 10.F.1 tutorials borrow the counter set's
Soviet AT X (``su-at-x``) for their German defenders; those must look German, before and after a
retreat, while the 14D2d tutorial keeps its Soviet red and Axis field grey."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from uihelpers import hex_point

from hexcombat.rules.units import unit_from_mapping
from hexcombat.ui.counter_art import NATIONALITY_COLOURS, counter_colours, draw_counter

MAPS = Path(__file__).resolve().parents[2] / "maps"
SOVIET = QColor(NATIONALITY_COLOURS["soviet"][0])  # Europa's Soviet red
GERMAN = QColor(NATIONALITY_COLOURS["german"][0])  # and the Axis field grey
ITALIAN = QColor(NATIONALITY_COLOURS["italian"][0])
SCALE = 4.0


def near(a: QColor, b: QColor, slack: int = 30) -> bool:
    return all(abs(x - y) <= slack for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def share(image: QImage, colour: QColor) -> float:
    points = [(x, y) for x in range(image.width()) for y in range(image.height())]
    return sum(near(image.pixelColor(x, y), colour) for x, y in points) / len(points)


def counter_face(window, label: str) -> QImage:  # noqa: ANN001
    """The top counter of the stack in ``label`` as drawn on the map (its inner part, clear of
    the attack's outlines)."""
    scene = window.scene
    centre = scene.hex_centre(window.session.state.hexmap.hex_at(label))
    inner = scene.counter_size * 0.35
    source = QRectF(centre.x() - inner, centre.y() - inner, 2 * inner, 2 * inner)
    image = QImage(round(source.width() * SCALE), round(source.height() * SCALE),
                   QImage.Format.Format_ARGB32)  # fmt: skip
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), source)
    painter.end()
    return image


def looks(window, label: str) -> str:  # noqa: ANN001
    """Which force the counter in ``label`` looks like: "soviet", "german" or "neither"."""
    face = counter_face(window, label)
    soviet, german = share(face, SOVIET), share(face, GERMAN)
    if soviet > 0.3 and german < 0.02:
        return "soviet"
    if german > 0.3 and soviet < 0.02:
        return "german"
    return f"neither (soviet {soviet:.2f}, german {german:.2f})"


@pytest.mark.parametrize(
    "tutorial", ["tutorial-10c-ratio-scenario.toml", "tutorial-10f1-required-losses-scenario.toml"]
)
def test_the_german_defenders_of_the_rule_10_tutorials_look_german(window, tutorial: str) -> None:
    assert window.open_file(MAPS / tutorial), window.errors
    state = window.session.state
    (defender,) = {c.side for c in state.stack_at(state.hexmap.hex_at("0504"))}
    assert defender == "German"
    assert {c.unit.nationality for c in state.stack_at(state.hexmap.hex_at("0504"))} == {"soviet"}
    assert looks(window, "0504") == "german"
    for attacker in ("0404", "0505", "0604"):
        assert looks(window, attacker) == "soviet"
    # the Stack panel's icons too
    icon = window.inspector.list.item(0).icon().pixmap(44, 44).toImage()
    assert share(icon, GERMAN) > 0.3 and share(icon, SOVIET) < 0.02


def test_after_a_dh_the_retreated_stack_still_looks_german(window, qtbot) -> None:
    assert window.open_file(MAPS / "tutorial-10c-ratio-scenario.toml"), window.errors
    panel, state = window.combat_panel, window.session.state
    panel.typed_roll.setText("1 1")  # the 50% chance roll, then 1 + 3 = 4 at 5:1: DH
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.resolution is not None and panel.resolution.result.code == "DH"
    (ends,) = panel.retreat_ends.values()
    end = sorted(ends, key=state.hexmap.label)[0]
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=hex_point(window, state.hexmap.label(end)))  # fmt: skip
    assert panel.apply(), panel.problems.text()
    retreated = state.stack_at(end)
    assert retreated and {c.side for c in retreated} == {"German"}
    assert looks(window, state.hexmap.label(end)) == "german"


def test_the_14d2d_tutorial_keeps_soviet_red_and_axis_field_grey(tutorial_window) -> None:
    assert looks(tutorial_window, "0504") == "german"  # the Axis Inf XX
    for attacker in ("0403", "0503", "0603", "0404", "0604"):
        assert looks(tutorial_window, attacker) == "soviet"


def unit(nationality: str):  # noqa: ANN201
    return unit_from_mapping({"name": "Inf XX", "size": "XX", "nationality": nationality}, "test")


def test_the_side_decides_the_colour_and_two_sides_never_share_one(qapp) -> None:
    soviet_unit = unit("soviet")
    assert counter_colours(soviet_unit, "German", ["Soviet", "German"])[0] == GERMAN
    assert counter_colours(soviet_unit, "Soviet", ["Soviet", "German"])[0] == SOVIET
    assert counter_colours(soviet_unit)[0] == SOVIET  # no side yet (the palette): nationality
    # two sides whose names would give the same colour, or any two names: never alike
    for sides in (["German", "Axis"], ["Blue", "Green"], ["North", "South"], ["Red", "USSR"]):
        a, b = (counter_colours(soviet_unit, s, sides)[0] for s in sides)
        assert not near(a, b, 40), sides


def render(u, side: str, sides: list[str]) -> QImage:  # noqa: ANN001
    image = QImage(100, 100, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    draw_counter(painter, QRectF(0, 0, 100, 100), u, side, 100.0, sides)
    painter.end()
    return image


def test_a_nationality_unlike_any_side_s_tints_the_counter_with_a_band(qapp) -> None:
    sides = ["Soviet", "Axis"]
    band = (range(10, 90), range(2, 6))  # along the top edge, above the size mark
    italian = render(unit("italian"), "Axis", sides)
    assert share(italian.copy(20, 20, 60, 40), GERMAN) > 0.3  # the side's colour ...
    assert all(near(italian.pixelColor(x, y), ITALIAN) for x in band[0] for y in band[1])
    # ... a German unit of the Axis has no band; the borrowed Soviet AT X of the Germans none in
    # Soviet red, which would pass it off as the enemy's
    for u, side in ((unit("german"), "Axis"), (unit("soviet"), "Axis")):
        image = render(u, side, sides)
        assert not any(near(image.pixelColor(x, y), ITALIAN) or near(image.pixelColor(x, y), SOVIET)
                       for x in band[0] for y in band[1])  # fmt: skip


def test_a_side_keeps_its_colour_when_another_side_leaves_the_map(window) -> None:
    """German, named after the Axis, is given a colour of its own (Axis field grey is taken);
    when the last Axis counter goes, the German stacks keep that colour: a force never changes
    colour in the middle of a game."""
    session, state = window.session, window.session.state
    assert session.add("su-rifle-xx", "German", state.hexmap.hex_at("0101"))
    german_before = counter_face(window, "0101")
    assert share(german_before, GERMAN) < 0.02  # not the Axis grey
    axis = [c.uid for c in state.counters.values() if c.side == "Axis"]
    assert session.remove(axis)
    assert "Axis" not in state.sides
    assert share(counter_face(window, "0101"), GERMAN) < 0.02  # still not grey
    assert counter_face(window, "0101") == german_before
