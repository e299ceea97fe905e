"""Die rolls shown as die faces, so a roll reads like the physical dice on the table."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)],
}


class DiceFaces(QWidget):
    """Shows the dice of the last roll."""

    def __init__(self) -> None:
        super().__init__()
        self.rolls: list[int] = []
        self.setMinimumHeight(40)

    def set_rolls(self, rolls: list[int]) -> None:
        """Show ``rolls``: pips for 1-6, the number for a larger die's face (a d10's 10)."""
        self.rolls = list(rolls)
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
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#b01e1e") if value == 1 else QColor("#222222"))
            for x, y in PIPS.get(value, []):
                p.drawEllipse(QPointF(face.left() + x * side, face.top() + y * side), pip, pip)
            if value not in PIPS:  # a d10 or d20 face: its number, as the die prints it
                font = p.font()
                font.setBold(True)
                font.setPixelSize(round(side * 0.5))
                p.setFont(font)
                p.setPen(QColor("#222222"))
                p.drawText(face, Qt.AlignmentFlag.AlignCenter, str(value))
