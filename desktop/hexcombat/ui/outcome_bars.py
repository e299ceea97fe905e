"""A bar per combat result with its probability: what the roll may bring, at a glance."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

GOOD_FOR_ATTACKER = {"DE", "DH", "DR", "DS"}
BAD_FOR_ATTACKER = {"AE", "AH", "AR", "AS"}
ROW = 20
"""Height of one result's bar, in pixels: compact, the steps above need the room more."""


class OutcomeBars(QWidget):
    """Shows a report's outcomes (result code -> probability)."""

    def __init__(self) -> None:
        super().__init__()
        self.outcomes: dict[str, Fraction] = {}
        self.highlight: str | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_outcomes(self, outcomes: dict[str, Fraction], highlight: str | None = None) -> None:
        """Show ``outcomes``; ``highlight`` marks the result rolled."""
        self.outcomes = dict(outcomes)
        self.highlight = highlight
        self.setToolTip("\n".join(f"{k}: {float(v):.1%}" for k, v in self.outcomes.items()))
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(240, ROW * max(1, len(self.outcomes)) + 4)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = self.width()
        top = 2.0
        for code, chance in self.outcomes.items():
            colour = QColor("#3c9a5f")
            if code in BAD_FOR_ATTACKER:
                colour = QColor("#c0453a")
            elif code not in GOOD_FOR_ATTACKER:
                colour = QColor("#d39a2c")
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(0, 0, 0, 25))
            bar_left, bar_width = 44.0, width - 44.0 - 56.0
            p.drawRoundedRect(QRectF(bar_left, top + 3, bar_width, 14), 3, 3)
            p.setBrush(colour)
            p.drawRoundedRect(QRectF(bar_left, top + 3, bar_width * float(chance), 14), 3, 3)
            p.setPen(self.palette().text().color())
            font = p.font()
            font.setBold(code == self.highlight)
            p.setFont(font)
            p.drawText(QRectF(0, top, 40, 20), Qt.AlignmentFlag.AlignVCenter, code)
            p.drawText(
                QRectF(width - 52, top, 52, 20),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                f"{float(chance):.0%}",
            )
            if code == self.highlight:
                p.setPen(QColor("#202020"))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(QRectF(bar_left - 2, top + 1, bar_width + 4, 18), 4, 4)
            top += ROW
