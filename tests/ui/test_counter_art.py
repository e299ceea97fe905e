"""What a counter shows, checked on drawn pixels: each counter is rendered into a 100-pixel image
and sampled where its parts are laid out (the unit box spans x 25-75, y 27-61; the strengths
row is y 64-96).

Positions and colours are worked out from that layout: the HQ staff hangs from the box's lower
left corner (x 25); the infantry cross meets at the box's centre (50, 44) and leaves the column
x = 50 below it empty; the range of long-range artillery is printed small, raised and in a
contrasting colour between attack and defence (14A3)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from hexcombat.game.scenario import load_counter_library
from hexcombat.rules.units import Unit, unit_from_mapping
from hexcombat.rulesets.europa.units import with_europa
from hexcombat.ui.counter_art import (
    RANGE_INKS,
    counter_colours,
    draw_counter,
    range_ink,
    strength_text,
    unit_box,
)

SIZE = 100
RED, YELLOW = RANGE_INKS


def unit(**keys: object) -> Unit:
    data = {"name": "Inf XX", "size": "XX", "nationality": "german", **keys}
    return unit_from_mapping(data, "test")


def render(u: Unit, side: str = "") -> QImage:
    image = QImage(SIZE, SIZE, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    draw_counter(painter, QRectF(0, 0, SIZE, SIZE), u, side, float(SIZE))
    painter.end()
    return image


def near(a: QColor, b: QColor, slack: int = 40) -> bool:
    """The two colours differ by at most ``slack`` in each of red, green and blue."""
    return all(abs(x - y) <= slack for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def pixels(
    image: QImage, xs: range, ys: range, colour: QColor, slack: int = 40
) -> list[tuple[int, int]]:
    """The points of the area drawn in (about) ``colour``."""
    return [(x, y) for x in xs for y in ys if near(image.pixelColor(x, y), colour, slack)]


def differing(a: QImage, b: QImage, xs: range, ys: range) -> list[tuple[int, int]]:
    return [(x, y) for x in xs for y in ys if a.pixelColor(x, y) != b.pixelColor(x, y)]


INK = QColor("#111111")  # German counters print in black on grey-green
BACK = QColor("#8e9a86")


def test_the_layout_these_tests_sample() -> None:
    box = unit_box(QRectF(0, 0, SIZE, SIZE), SIZE)
    assert (box.left(), box.top(), box.right(), box.bottom()) == (25, 27, 75, 61)
    assert counter_colours(unit()) == (BACK, INK)


def test_an_hq_flies_the_nato_staff_below_its_frame(qapp) -> None:
    infantry = render(unit(attack=1, movement=6))
    hq = render(unit(name="HQ", size="XXX", type="hq", attack=1, movement=6))
    staff = (range(24, 27), range(64, 92))  # x 25, from below the frame to the foot
    assert len(pixels(hq, *staff, INK)) > 40
    assert pixels(infantry, *staff, INK) == []
    # the frame itself is the flag: the same box as any other unit
    assert near(hq.pixelColor(50, 27), INK) and near(infantry.pixelColor(50, 27), INK)


def test_parachute_glider_and_air_landing_each_draw_their_own_mark_over_the_cross(qapp) -> None:
    infantry = render(unit(attack=6, movement=4))
    marked = {
        kind: render(unit(type=kind, attack=6, movement=4))
        for kind in ("parachute", "glider", "air-landing")
    }
    upper, lower = range(26, 38), range(46, 62)
    for kind, image in marked.items():
        # the infantry cross is still there above the mark ...
        assert differing(image, infantry, range(25, 76), upper) == [], kind
        # ... and below the crossing point, where infantry leaves x = 50 empty, the mark is drawn
        assert pixels(infantry, range(49, 52), range(55, 59), INK) == []
        assert len(pixels(image, range(49, 52), range(55, 59), INK)) >= 6, kind
    kinds = list(marked)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1 :]:
            assert len(differing(marked[a], marked[b], range(25, 76), lower)) > 60, (a, b)


def test_motorized_infantry_draws_its_wheels_line_from_its_symbol_mark(qapp) -> None:
    """A counter's ``motorized = true`` is the Europa family's value (10.B.4); its capability
    names the ``motorized`` symbol mark, and the map draws the infantry cross with the upright
    line through it, as the motorized-infantry type is drawn."""
    infantry = render(unit(attack=6, movement=4))
    motorized = render(unit(attack=6, movement=4, motorized=True))
    by_type = render(unit(type="motorized-infantry", attack=6, movement=4))
    assert pixels(infantry, range(49, 52), range(55, 59), INK) == []
    assert len(pixels(motorized, range(49, 52), range(55, 59), INK)) >= 6
    assert differing(motorized, by_type, range(25, 76), range(27, 62)) == []


def test_the_glider_has_long_wings_the_parachute_a_canopy(qapp) -> None:
    para = render(unit(type="parachute", attack=6, movement=4))
    glider = render(unit(type="glider", attack=6, movement=4))
    infantry = render(unit(attack=6, movement=4))
    wing_tip = (range(28, 33), range(49, 53))  # left of the cross's legs, at wing height
    assert len(pixels(glider, *wing_tip, INK)) >= 5
    assert pixels(para, *wing_tip, INK) == [] and pixels(infantry, *wing_tip, INK) == []
    dome = (range(47, 53), range(48, 51))  # between the cross's legs, just above the rim
    assert len(pixels(para, *dome, INK)) >= 15
    assert pixels(infantry, *dome, INK) == []


def test_strengths_print_attack_defence_movement_when_the_defence_differs() -> None:
    assert strength_text(unit(attack=6, defence=8, movement=3)) == "6-8-3"
    assert strength_text(unit(attack=6, defence=6, movement=3)) == "6-3"
    assert strength_text(unit(attack=16, movement=10)) == "16-10"


def test_the_defence_is_drawn_between_attack_and_movement(qapp) -> None:
    printed = render(unit(attack=6, defence=8, movement=3))
    other_defence = render(unit(attack=6, defence=9, movement=3))
    equal = render(unit(attack=6, defence=6, movement=3))
    row = range(64, 97)
    changed = differing(printed, other_defence, range(SIZE), row)
    assert changed, "the defence strength is not drawn"
    xs = [x for x, _ in changed]
    assert 35 < min(xs) and max(xs) < 65  # the middle figure of three
    assert differing(printed, equal, range(SIZE), row)  # 6-3 is not 6-8-3


def test_long_range_artillery_prints_its_range_small_and_red_between_attack_and_defence(
    qapp,
) -> None:
    lra = unit(name="Hv Art III", size="III", type="artillery", artillery=True, range=2,
               attack=4, defence=1, movement=2)  # fmt: skip
    assert strength_text(lra) == "4\u00b21-2"
    image = render(lra)
    row = (range(SIZE), range(64, 97))
    red = pixels(image, *row, RED, slack=60)
    ink = pixels(image, *row, INK)
    assert len(red) > 8
    red_xs, ink_xs = [x for x, _ in red], [x for x, _ in ink]
    assert min(ink_xs) < min(red_xs) and max(red_xs) < max(ink_xs)  # between the figures
    assert sum(y for _, y in red) / len(red) < sum(y for _, y in ink) / len(ink)  # raised
    plain = render(replace(lra, range=1))
    assert pixels(plain, *row, RED, slack=60) == []


def test_on_a_red_counter_the_range_is_yellow(qapp) -> None:
    lra = unit(name="Gds Art III", size="III", type="artillery", artillery=True, range=2,
               attack=3, defence=3, movement=2, nationality="soviet")  # fmt: skip
    assert strength_text(lra) == "3\u00b23-2"  # 14A3: between attack and defence, both printed
    back, ink = counter_colours(lra)
    assert range_ink(back, ink) == YELLOW
    image = render(lra)
    assert len(pixels(image, range(SIZE), range(64, 97), YELLOW, slack=50)) > 8


@pytest.fixture(scope="module")
def me109() -> Unit:
    return load_counter_library("total-war")[0]["ge-me-109e"]


def test_an_air_counter_shows_its_aircraft_not_a_ground_frame(qapp, me109: Unit) -> None:
    plane, infantry = render(me109), render(unit(attack=6, movement=4))
    assert near(infantry.pixelColor(25, 32), INK) and not near(plane.pixelColor(25, 32), INK)
    fuselage, wing = (range(48, 53), range(30, 35)), (range(33, 38), range(39, 43))
    for area in (fuselage, wing):
        assert len(pixels(plane, *area, INK)) >= 10
        assert pixels(infantry, *area, INK) == []


def test_an_air_counter_prints_its_rating_and_its_range(qapp, me109: Unit) -> None:
    assert strength_text(me109) == "7F5 range 4"  # 23D1: "a Me 109E fighter (7F5)"
    image = render(me109)
    row = range(64, 97)
    weaker = differing(image, render(replace(me109, defence=4)), range(SIZE), row)
    farther = differing(image, render(replace(me109, movement=6)), range(SIZE), row)
    assert weaker and farther
    assert max(x for x, _ in weaker) < 70 <= min(x for x, _ in farther)  # rating, then range
    fighter_bomber = render(with_europa(me109, air_type="B", unit_type="bomber"))
    assert differing(image, fighter_bomber, range(SIZE), range(20, 64))  # the silhouette
