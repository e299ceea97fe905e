"""Die rolls shown as die faces, so a roll reads like the physical dice on the table."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from hexcombat.rules.report import Report

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)],
}


def numbered(report: Report) -> bool:
    """Whether the combat's dice are read by their numbers rather than pips: a d10's face
    (or any die that is not a d6) has no pips to draw."""
    return any(die.sides != 6 for die in report.dice)


class DiceFaces(QWidget):
    """Shows the dice of the last roll."""

    def __init__(self) -> None:
        super().__init__()
        self.rolls: list[int] = []
        self.numbered = False
        """Faces drawn as their numbers (a d10's), not as pips."""
        self.setMinimumHeight(40)

    def set_rolls(self, rolls: list[int], numbered: bool = False) -> None:
        """Show ``rolls``: d6 faces as pips; with ``numbered`` (dice that are not d6), or a face
        above 6, as its number."""
        self.rolls = list(rolls)
        self.numbered = numbered
        self.setToolTip(" ".join(str(r) for r in self.rolls))
        self.updateGeometry()  # room for every die: a follow-up roll adds faces
        self.update()

    def _side(self) -> float:
        """A die's size: 34 pixels, larger with a larger font (table mode)."""
        return max(34.0, self.fontMetrics().height() * 1.9)

    def sizeHint(self) -> QSize:  # noqa: N802
        side = self._side()
        return QSize(round((side + 10) * max(1, len(self.rolls))), round(side + 6))

    def changeEvent(self, event) -> None:  # noqa: ANN001, N802
        super().changeEvent(event)
        self.setMinimumHeight(round(self._side() + 6))  # a new font: the dice grow with it
        self.updateGeometry()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        side = self._side()
        pip = side / 10
        for i, value in enumerate(self.rolls):
            face = QRectF(3 + i * (side + 8), 3, side, side)
            p.setPen(QPen(QColor("#333333"), 1.5))
            p.setBrush(QColor("#fbfbf5"))
            p.drawRoundedRect(face, 6, 6)
            ink = QColor("#b01e1e") if value == 1 else QColor("#222222")
            if self.numbered or value not in PIPS:
                font = p.font()
                font.setPixelSize(round(side * 0.55))
                font.setBold(True)
                p.setFont(font)
                p.setPen(ink)
                p.drawText(face, Qt.AlignmentFlag.AlignCenter, str(value))
                continue
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(ink)
            for x, y in PIPS.get(value, []):
                p.drawEllipse(QPointF(face.left() + x * side, face.top() + y * side), pip, pip)
