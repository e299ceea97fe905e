"""The Combat panel's what-if section: beside the odds, how many attack factors more reach the
next column and how many fewer drop to the one below, with the chance of each result there; and
each single change that would move the DRM. The figures are rules/what_if.py's."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from hexcombat.rules.errors import RulesError
from hexcombat.rules.europa_results import drm_text, percent
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import Outcome, Report
from hexcombat.rules.what_if import ColumnChange, DrmChange, WhatIf, what_if

TIP = (
    "Each figure is the combat evaluated again with the change: the attack strength of one "
    "attacking unit raised or lowered, a condition, the weather, or one unit more or fewer."
)


def report_what_if(report: Report | None) -> WhatIf | None:
    """The what-if figures for ``report`` by its own ruleset; None for a ruleset without an
    odds column, or no report."""
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
    return f"{factors}: {change.column}{drm} ({chances(change.outcomes)})"


def drm_lines(changes: Sequence[DrmChange]) -> list[str]:
    """The changes grouped by the DRM they give: ``DRM +3: one Hv Mot AA II fewer defending``."""
    groups: dict[str, list[str]] = {}
    for change in changes:
        groups.setdefault(drm_text(change.drm_distribution), []).append(change.change)
    return [f"{drm}: {'; '.join(names)}" for drm, names in groups.items()]


def what_if_lines(figures: WhatIf) -> list[str]:
    """What the section says, one line each."""
    lines = []
    if figures.column is not None:
        lines += [
            f"{figures.column} now; " + column_line(figures.up, True, figures),
            column_line(figures.down, False, figures),
        ]
    if figures.drm:
        lines.append(f"{drm_text(figures.drm_distribution)} now; it would be")
        lines += [f"  {line}" for line in drm_lines(figures.drm)]
    else:
        lines.append("no single change moves the DRM")
    return lines


class WhatIfView(QWidget):
    """A compact what-if section under the chances; hidden for a ruleset without odds."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("WhatIf")
        self.figures: WhatIf | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.label.setObjectName("WhatIfText")
        self.label.setTextFormat(Qt.TextFormat.RichText)  # names escaped below
        self.label.setWordWrap(True)
        self.label.setToolTip(TIP)
        # compact: five lines in view, the rest a scroll away, so the working keeps its room
        scroll = QScrollArea()
        scroll.setObjectName("WhatIfScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.label)
        scroll.setMaximumHeight(5 * self.label.fontMetrics().lineSpacing() + 4)
        layout.addWidget(scroll)
        self.hide()

    def show_report(self, report: Report | None) -> None:
        """Work out and show the what-if figures of ``report`` (nothing without odds)."""
        self.figures = report_what_if(report)
        if self.figures is None:
            self.label.clear()
            self.hide()
            return
        body = "<br>".join(
            html.escape(line).replace("  ", "&nbsp;&nbsp;&nbsp;&nbsp;")
            for line in what_if_lines(self.figures)
        )
        self.label.setText(f"<b>What if</b><br>{body}")
        self.show()

    def text(self) -> str:
        """What the section says, as plain lines (for the calculator and tests)."""
        return "\n".join(what_if_lines(self.figures)) if self.figures is not None else ""
