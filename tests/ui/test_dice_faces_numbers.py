"""A die face above 6 (a d10's 10, The Last Hundred Yards' assault die) shows its number, not a
blank face."""

from __future__ import annotations

from PySide6.QtGui import QColor

from hexcombat.ui.dice_faces import DiceFaces


def dark_pixels(widget: DiceFaces) -> int:
    image = widget.grab().toImage()
    inner = range(8, 30)  # inside the first face, away from its outline
    return sum(QColor(image.pixel(x, y)).lightness() < 100 for x in inner for y in inner)


def test_a_ten_is_drawn_as_its_number_and_a_six_as_pips(qtbot) -> None:  # noqa: ANN001
    faces = DiceFaces()
    qtbot.addWidget(faces)
    faces.resize(60, 46)
    faces.set_rolls([10])
    assert dark_pixels(faces) > 20 and faces.toolTip() == "10"
    faces.set_rolls([6])
    assert dark_pixels(faces) > 20
