"""A combat report's working, as the Combat panel and the calculator both show it: every step
with its rule, the warnings (assumed values, why no attack can be made), the chance of each
result (the rolled one marked) and, where the ruleset says, each unit's end state.

The same widgets in both windows, so a report reads the same on the map and at the table; each
window lays them into its own column (:meth:`ReportView.add_to`), beside its own parts.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QBoxLayout, QLabel, QScrollArea, QWidget

from hexcombat.game.combat_report import reads_drm
from hexcombat.rules.explain import Step
from hexcombat.rules.report import Outcome, Report
from hexcombat.rules.vocabulary import Vocabulary
from hexcombat.ui.outcome_bars import OutcomeBars
from hexcombat.ui.steps_table import ASSUMED_COLOUR, show_steps, steps_table
from hexcombat.ui.unit_fates_view import UnitFatesView

MIN_OUTCOME_ROWS, MAX_OUTCOME_ROWS = 10, 16
"""The rows of outcome bars always in view (a CRT's all fit) and the most in view at once (a
two-sided table's, a result per pair of dice, scroll)."""


def outcome_rows_height(bars: OutcomeBars, rows: int) -> int:
    """The height of ``rows`` rows of ``bars`` in its font."""
    return (bars.fontMetrics().height() + 4) * rows + 4


def scrolled(widget: QWidget, name: str) -> QScrollArea:
    """``widget`` in a frameless scroll area that only scrolls up and down."""
    scroll = QScrollArea()
    scroll.setObjectName(name)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QScrollArea.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(widget)
    return scroll


class ReportView:
    """The working of one report: :attr:`steps`, :attr:`warnings`, :attr:`bars` (the chances),
    :attr:`unit_fates`. ``name`` prefixes the parts' object names (``CombatWarnings``);
    ``warning_lines``: how many lines of warnings stay in view (the rest a scroll away), None
    for all of them."""

    def __init__(self, name: str = "Combat", warning_lines: int | None = 2) -> None:
        self.warning_lines = warning_lines
        self.steps = steps_table(f"{name}Steps")
        self.warnings = QLabel()
        self.warnings.setObjectName(f"{name}WarningsText")
        self.warnings.setTextFormat(Qt.TextFormat.PlainText)  # unit and side names as written
        self.warnings.setWordWrap(True)
        self.warnings.setStyleSheet(f"color: {ASSUMED_COLOUR};")
        self.warnings_box: QScrollArea | None = None
        if warning_lines is None:
            self.warnings.setObjectName(f"{name}Warnings")
        else:
            # the first line at the top of its scroll area, whatever height the label is given
            self.warnings.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            # the warnings (assumed chart and counter values, waived capabilities) may run
            # long: a few lines in view, the rest a scroll away, so the steps keep their room
            self.warnings_box = scrolled(self.warnings, f"{name}Warnings")
            self.set_warning_lines(warning_lines)
        self.bars = OutcomeBars()
        # a two-sided table (ACT) has a result per pair of dice: past MAX_OUTCOME_ROWS the bars
        # scroll, so the steps above keep their room
        self.outcomes = scrolled(self.bars, f"{name}Outcomes")
        self.unit_fates = UnitFatesView()  # each unit's end state, where the ruleset says

    def parts(self) -> list[QWidget]:
        """The widgets top to bottom: the steps, the warnings, the chances, the fates."""
        return [self.steps, self.warnings_box or self.warnings, self.outcomes, self.unit_fates]

    def add_to(self, layout: QBoxLayout, steps_stretch: int = 1) -> None:
        """Lay the parts into a window's column, the steps taking ``steps_stretch`` of the
        spare height."""
        for part in self.parts():
            layout.addWidget(part, steps_stretch if part is self.steps else 0)

    def show_report(
        self,
        report: Report | None,
        ruleset: str,
        vocabulary: Vocabulary | None,
        warnings: Sequence[str] | str = (),
        width: int = 0,
    ) -> None:
        """``report``'s steps, ``warnings`` (the report's own when none are given), chances
        and units' fates; None: all cleared, ``warnings`` said (why there is no report)."""
        if vocabulary is not None:
            self.unit_fates.show_report(report, vocabulary)
        if report is None:
            self.steps.setRowCount(0)
            self.warn(warnings, width)
            self.show_outcomes(())
            return
        drm_column = reads_drm(report)  # a game read with no DRM has no DRM column
        self.show_steps(report.steps, ruleset, warnings or report.warnings, width, drm_column)
        self.show_outcomes(report.outcome_list)

    def show_steps(
        self,
        steps: Sequence[Step],
        ruleset: str,
        warnings: Sequence[str] | str = (),
        width: int = 0,
        drm_column: bool = True,
    ) -> None:
        """Only the working and its warnings (a report with no chances: air missions)."""
        show_steps(self.steps, steps, ruleset, drm_column)
        self.warn(warnings, width)

    def warn(self, warnings: Sequence[str] | str, width: int = 0) -> None:
        """Show the warnings, each marked ⚠ (a text: as it is, a refusal)."""
        if isinstance(warnings, str):
            self.warnings.setText(warnings)
        else:
            self.warnings.setText("\n".join(f"\u26a0 {w}" for w in warnings))
        self.fit_warnings(width)

    def fit_warnings(self, width: int = 0) -> None:
        """The warnings as tall as their wrapped lines inside their scroll area, so none is cut
        off or drawn over the steps; ``width``: the column's, before the label is laid out."""
        if self.warnings_box is None:
            return
        width = self.warnings.width() if self.warnings.width() > 50 else width
        text = self.warnings.text()
        self.warnings.setMinimumHeight(self.warnings.heightForWidth(width) if text else 0)

    def set_warning_lines(self, lines: int) -> None:
        """How many lines of warnings stay in view, in the label's type now."""
        if self.warnings_box is None:
            return
        self.warnings.ensurePolished()  # the table's type, not the desktop's: a whole line
        line = self.warnings.fontMetrics().lineSpacing()
        self.warnings_box.setMinimumHeight(line)
        self.warnings_box.setMaximumHeight(lines * line)

    def show_outcomes(self, outcomes: Sequence[Outcome], rolled: str | None = None) -> None:
        """The chance of each result, ``rolled`` marked."""
        self.bars.set_outcomes(outcomes, rolled)
        self.fit_outcomes()

    def fit_outcomes(self) -> None:
        """The outcome bars all in view up to MIN_OUTCOME_ROWS rows, at most MAX_OUTCOME_ROWS;
        more scroll."""
        want = self.bars.sizeHint().height()
        low = outcome_rows_height(self.bars, MIN_OUTCOME_ROWS)
        self.outcomes.setMinimumHeight(min(want, low))
        self.outcomes.setMaximumHeight(min(want, outcome_rows_height(self.bars, MAX_OUTCOME_ROWS)))

    def set_table_mode(self, on: bool, width: int = 0) -> None:
        """Table mode's type reached the parts: the warnings one line in view (a scroll away)
        instead of ``warning_lines``, the bars and the fates fitted to it."""
        if self.warning_lines is not None:
            self.set_warning_lines(1 if on else self.warning_lines)
        self.fit_outcomes()
        self.unit_fates.fit()
        self.fit_warnings(width)
