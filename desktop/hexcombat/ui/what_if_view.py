"""The Combat panel's what-if section: beside the column (odds, a differential, a fire
strength), how many attack factors more reach the next column and how many fewer drop to the one
below, with the chance of each result there; and each single change that would move the DRM.
The figures are rules/what_if.py's."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from hexcombat.game.combat_report import reads_drm
from hexcombat.rules.errors import RulesError
from hexcombat.rules.explain import drm_text, fmt, percent
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import Outcome, Report
from hexcombat.rules.what_if import ColumnChange, DrmChange, WhatIf, what_if

TIP = (
    "Each figure is the combat evaluated again with the change: the attack strength of one "
    "attacking unit raised or lowered, a condition, the weather, or one unit more or fewer."
)


def report_what_if(report: Report | None) -> WhatIf | None:
    """The what-if figures for ``report`` by its own ruleset; None for a ruleset without a
    table column, or no report."""
    if report is None:
        return None
    try:
        ruleset = get_ruleset(report.ruleset)
    except RulesError:
        return None
    return what_if(report, ruleset.evaluate, ruleset.vocabulary)


def chances(outcomes: Sequence[Outcome]) -> str:
    """``EX 17%, DR 33%``."""
    return ", ".join(f"{o.code} {percent(o.probability)}" for o in outcomes)


def column_line(change: ColumnChange | None, more: bool, figures: WhatIf) -> str:
    """``+8 attack factors: 4:1 (EX 17%, ...)``; at the table's end, that none moves it."""
    if change is None:
        return "no more factors reach a better column" if more else "no fewer factors drop it"
    drm = ""
    if change.drm_distribution != figures.drm_distribution:
        drm = f", {drm_text(change.drm_distribution)}"
    factors = f"{change.factors:+d} attack factor{'s' if abs(change.factors) != 1 else ''}"
    if change.counted != change.factors:  # the unit's factors count less: say whose and how
        factors += f" on {change.unit} (counting {fmt(change.counted)})"
    return f"{factors}: {change.column}{drm} ({chances(change.outcomes)})"


def drm_lines(changes: Sequence[DrmChange]) -> list[str]:
    """The changes grouped by the DRM they give: ``DRM +3: one Hv Mot AA II fewer defending``."""
    groups: dict[str, list[str]] = {}
    for change in changes:
        groups.setdefault(drm_text(change.drm_distribution), []).append(change.change)
    return [f"{drm}: {'; '.join(names)}" for drm, names in groups.items()]


def what_if_lines(figures: WhatIf, drm: bool = True) -> list[str]:
    """What the section says, one line each; nothing of a DRM for a game without (``drm``)."""
    lines = []
    if figures.column is not None:
        lines += [
            f"{figures.column} now; " + column_line(figures.up, True, figures),
            column_line(figures.down, False, figures),
        ]
    if figures.drm:
        lines.append(f"{drm_text(figures.drm_distribution)} now; it would be")
        lines += [f"  {line}" for line in drm_lines(figures.drm)]
    elif drm:
        lines.append("no single change moves the DRM")
    return lines


def summary(figures: WhatIf, drm: bool = True) -> str:
    """One line beside the odds: ``What if: +8 \u2192 4:1, -4 \u2192 2:1, 9 DRM changes``
    (attack factors more or fewer, and the column they reach)."""
    moves = [f"{c.factors:+d} \u2192 {c.column}" for c in (figures.up, figures.down) if c]
    count = len(figures.drm)
    if drm or count:  # a game read with no DRM: no "no DRM changes"
        moves.append(f"{count or 'no'} DRM change{'s' if count != 1 else ''}")
    return "What if: " + ", ".join(moves)


class WhatIfView(QWidget):
    """A compact what-if section: one line (``toggle``, which the panel places) unfolds on a
    click into this widget, every figure; nothing shows for a ruleset without a column."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("WhatIf")
        self.figures: WhatIf | None = None
        self.drm = True
        """Whether the report has a DRM to speak of (:func:`reads_drm`)."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.toggle = QToolButton()
        self.toggle.setObjectName("WhatIfToggle")
        self.toggle.setCheckable(True)
        self.toggle.setAutoRaise(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setToolTip(TIP)
        self.toggle.toggled.connect(self._unfold)
        self.toggle.hide()  # placed by the panel (the Combat panel: beside the odds)
        self._summary = ""
        self._narrow = False
        self.toggle.installEventFilter(self)
        self.label = QLabel()
        self.label.setObjectName("WhatIfText")
        self.label.setTextFormat(Qt.TextFormat.RichText)  # names escaped below
        self.label.setWordWrap(True)
        self.label.setToolTip(TIP)
        # unfolded: five lines in view, the rest a scroll away, so the working keeps its room
        self.details = QScrollArea()
        self.details.setObjectName("WhatIfScroll")
        self.details.setWidgetResizable(True)
        self.details.setFrameShape(QFrame.Shape.NoFrame)
        self.details.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.details.setWidget(self.label)
        self.details.setMaximumHeight(5 * self.label.fontMetrics().lineSpacing() + 4)
        layout.addWidget(self.details)
        self.hide()  # unfolded by the toggle

    def _unfold(self, shown: bool) -> None:
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        self.setVisible(shown)

    def show_report(self, report: Report | None) -> None:
        """Work out and show the what-if figures of ``report`` (nothing without a column)."""
        self.figures = report_what_if(report)
        self.drm = report is None or reads_drm(report)
        shown = self.figures
        if shown is not None and not (self.drm or shown.up or shown.down or shown.drm):
            self.figures = None  # no DRM and a column nothing moves: nothing to weigh
        if self.figures is None:
            self.label.clear()
            self.toggle.setChecked(False)
            self.toggle.hide()
            return
        self._summary = summary(self.figures, self.drm)
        self.fit()
        self.label.setText(
            "<br>".join(
                html.escape(line).replace("  ", "&nbsp;&nbsp;&nbsp;&nbsp;")
                for line in what_if_lines(self.figures, self.drm)
            )
        )
        self.toggle.show()

    def set_narrow(self, narrow: bool) -> None:
        """``narrow`` (table mode's large type): the line as wide as the panel lets it,
        shortened with "..." (whole in its tooltip), so the panel leaves the map its room."""
        policy = QSizePolicy.Policy.Ignored if narrow else QSizePolicy.Policy.Preferred
        self.toggle.setSizePolicy(policy, QSizePolicy.Policy.Fixed)
        self.toggle.setMinimumWidth(60 if narrow else 0)
        self._narrow = narrow
        self.fit()

    def fit(self) -> None:
        """The one line shortened with "..." to the room the toggle has (whole in its tooltip)."""
        if not self._narrow:
            self.toggle.setText(self._summary)
        else:
            room = max(self.toggle.width() - 2 * self.toggle.iconSize().width(), 40)
            metrics = self.toggle.fontMetrics()
            self.toggle.setText(
                metrics.elidedText(self._summary, Qt.TextElideMode.ElideRight, room)
            )
        self.toggle.setToolTip(f"{self._summary}\n\n{TIP}" if self._summary else TIP)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.toggle and event.type() == QEvent.Type.Resize:
            self.fit()
        return super().eventFilter(watched, event)

    def text(self) -> str:
        """What the section says, as plain lines (for the calculator and tests)."""
        shown = self.figures
        return "\n".join(what_if_lines(shown, self.drm)) if shown is not None else ""
