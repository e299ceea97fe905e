"""The chance of every result, grouped by whom it favours, with the sums a player weighs before
rolling ("Attacker unharmed: 67%", no loss and no retreat): what the roll may bring, at a glance.

The groups and sums come from each outcome's ``favours``, ``suffers`` and ``unharmed``
(rules/report.py), never from a table's result codes, so any ruleset's outcomes draw the same
way. The colours are the Okabe-Ito palette, told apart by the colour-blind, and each group is
named in words too.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QScrollArea, QSizePolicy, QWidget

from hexcombat.game.outcome_chart import (
    UNHARMED,
    cumulative_lines,
    favour_groups,
)
from hexcombat.rules.explain import Favours, percent
from hexcombat.rules.report import Outcome

OKABE_ITO: dict[Favours, str] = {
    "attacker": "#0072B2",  # blue
    "neither": "#E69F00",  # orange
    "defender": "#D55E00",  # vermillion
}
"""Each group's colour, from the Okabe-Ito colour-blind-safe palette."""
MIN_BARS_WIDTH = 120
"""The narrowest the bars get beside the notes before the notes go under them."""
HIGHLIGHT = "#000000"
"""The outline of the result rolled: black, the palette's own contrast colour."""


class OutcomeBars(QWidget):
    """Shows a report's outcomes (``Report.outcome_list``) as bars grouped by whom they favour,
    then the sums; reused wherever a combat's chances are shown."""

    def __init__(self) -> None:
        super().__init__()
        self.outcomes: tuple[Outcome, ...] = ()
        self.highlight: str | None = None
        self.setObjectName("OutcomeBars")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_outcomes(self, outcomes: Sequence[Outcome], highlight: str | None = None) -> None:
        """Show ``outcomes``; ``highlight`` marks the result rolled."""
        self.outcomes = tuple(outcomes)
        self.highlight = highlight
        words = [o.text for o in self.outcomes if o.text]
        self.setToolTip("\n".join([*self.lines(), UNHARMED, *words]))
        self.updateGeometry()
        self.update()

    def lines(self) -> list[str]:
        """What the chart says, a line a row, as plain text (tests and the tooltip read it)."""
        lines = []
        for group in favour_groups(self.outcomes):
            lines.append(f"{group.title}: {percent(group.chance)}")
            lines += [f"  {o.code}: {percent(o.probability)}" for o in group.outcomes]
        lines += [f"{text}: {percent(chance)}" for text, chance in cumulative_lines(self.outcomes)]
        return lines

    def _notes(self) -> list[tuple[str, Favours | None]]:
        """Beside (or under) the bars: each group's chance with its colour, then the sums."""
        notes: list[tuple[str, Favours | None]] = [
            (f"{g.title}: {percent(g.chance)}", g.favours) for g in favour_groups(self.outcomes)
        ]
        notes += [(f"{t}: {percent(c)}", None) for t, c in cumulative_lines(self.outcomes)]
        return notes

    def _row(self) -> int:
        """One row's height, from the font (table mode makes it larger)."""
        return self.fontMetrics().height() + 4

    def _notes_width(self) -> int:
        bold = QFont(self.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        widths = [metrics.horizontalAdvance(text) for text, _who in self._notes()]
        return max(widths, default=0) + self._row()  # the colour swatch

    def _side_by_side(self, width: int) -> bool:
        """The notes beside the bars when both fit the width, else under them. In a scroll
        area the width is the area's own: its scroll bar coming and going must not move the
        notes, or each would bring the other back, without end."""
        viewport = self.parentWidget()
        area = viewport.parentWidget() if viewport is not None else None
        if isinstance(area, QScrollArea) and area.widget() is self:
            width = max(width, area.width() - 2 * area.frameWidth())
        return width - self._notes_width() >= MIN_BARS_WIDTH + self._bars_label_width()

    def _bars_label_width(self) -> int:
        metrics = self.fontMetrics()
        codes = max((metrics.horizontalAdvance(o.code) for o in self.outcomes), default=0)
        return codes + metrics.horizontalAdvance("100.0%") + 24

    def _height_for(self, width: int) -> int:
        if not self.outcomes:
            return 4
        bars, notes = len(self.outcomes), len(self._notes())
        rows = max(bars, notes) if self._side_by_side(width) else bars + notes
        return self._row() * rows + 4

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self._height_for(width)

    def sizeHint(self) -> QSize:  # noqa: N802
        width = max(self.width(), 240)
        return QSize(240, self._height_for(width))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(MIN_BARS_WIDTH, self._height_for(max(self.width(), 240)))

    def changeEvent(self, event) -> None:  # noqa: ANN001, N802
        super().changeEvent(event)
        self.updateGeometry()  # a new font (table mode): the rows change height

    def resizeEvent(self, event) -> None:  # noqa: ANN001, N802
        super().resizeEvent(event)
        if self.height() != self._height_for(self.width()):
            self.updateGeometry()  # the notes moved beside or under the bars

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        row, width = float(self._row()), float(self.width())
        beside = self._side_by_side(self.width())
        bars_width = width - self._notes_width() - 8 if beside else width
        top = self._paint_bars(p, bars_width, row)
        left = bars_width + 8 if beside else 0.0
        self._paint_notes(p, left, 2.0 if beside else top, row)

    def _paint_bars(self, p: QPainter, width: float, row: float) -> float:
        """A bar a result in the groups' order, coloured by whom it favours; the rolled one
        outlined. Returns where the next row goes."""
        metrics = self.fontMetrics()
        text = self.palette().text().color()
        code_width = max((metrics.horizontalAdvance(o.code) for o in self.outcomes), default=0)
        code_width += 10.0
        figure_width = metrics.horizontalAdvance("100.0%") + 8.0
        bar_left = code_width + 4.0
        bar_width = max(width - bar_left - figure_width, 10.0)
        align = Qt.AlignmentFlag.AlignVCenter
        top = 2.0
        for group in favour_groups(self.outcomes):
            colour = QColor(OKABE_ITO[group.favours])
            for outcome in group.outcomes:
                rolled = outcome.code == self.highlight
                font = QFont(self.font())
                font.setBold(rolled)
                p.setFont(font)
                bar = QRectF(bar_left, top + 3, bar_width, row - 6)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(0, 0, 0, 25))
                p.drawRoundedRect(bar, 3, 3)
                p.setBrush(colour)
                share = bar_width * float(outcome.probability)
                p.drawRoundedRect(QRectF(bar.left(), bar.top(), share, bar.height()), 3, 3)
                p.setPen(text)
                p.drawText(QRectF(4, top, code_width, row), align, outcome.code)
                figure = QRectF(width - figure_width, top, figure_width, row)
                p.drawText(
                    figure, align | Qt.AlignmentFlag.AlignRight, percent(outcome.probability)
                )
                if rolled:
                    p.setPen(QPen(QColor(HIGHLIGHT), 2.5))
                    p.setBrush(Qt.BrushStyle.NoBrush)
                    p.drawRoundedRect(QRectF(1, top + 1, width - 2, row - 2), 4, 4)
                top += row
        return top

    def _paint_notes(self, p: QPainter, left: float, top: float, row: float) -> None:
        """Each group's chance beside its colour, then the sums, in bold."""
        font = QFont(self.font())
        font.setBold(True)
        p.setFont(font)
        text = self.palette().text().color()
        for words, who in self._notes():
            indent = 0.0
            if who is not None:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(OKABE_ITO[who]))
                p.drawRect(QRectF(left, top + row * 0.25, row * 0.5, row * 0.5))
                indent = row * 0.7
            p.setPen(text)
            area = QRectF(left + indent, top, self.width() - left - indent, row)
            p.drawText(area, Qt.AlignmentFlag.AlignVCenter, words)
            top += row
