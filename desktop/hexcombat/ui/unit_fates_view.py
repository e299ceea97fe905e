"""Each unit's chance of ending a combat in good order, in each state its ruleset declares
(disrupted, demoralized) or eliminated, through the rolls that follow the table's (morale
checks): what a tactical game's player weighs before committing to an assault. Shown under the
result chances only when the ruleset gives these chances (``Report.unit_fates``)."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem

from hexcombat.rules.report import Report, exact, fate_chances, fate_columns, unit_fate_list
from hexcombat.rules.vocabulary import Vocabulary

SIDE_TITLES = {"defender": "Defenders", "attacker": "Attackers"}
FIXED = 2
"""The columns before the end states: the unit, its hex."""


def column_percent(p: Fraction) -> str:
    """A chance as a column of figures shows it, always to one decimal (``84.0%`` under
    ``73.2%``), so the figures line up."""
    return f"{float(p) * 100:.1f}%"


class UnitFatesView(QTreeWidget):
    """One row per unit under its side (defenders first): its name, its hex, then its chance of
    each end state, exact in the tooltip. Hidden when the report gives no such chances."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("UnitFates")
        self.setRootIsDecorated(False)
        self.setItemsExpandable(False)
        self.setSelectionMode(QTreeWidget.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setToolTip("Each unit's chance of ending the combat in each state, after every roll")
        self.hide()

    def show_report(self, report: Report | None, vocabulary: Vocabulary) -> None:
        """The chances of ``report`` (None: no combat), columns as ``vocabulary`` declares."""
        self.clear()
        fates = unit_fate_list(report) if report is not None else ()
        if not fates:
            self.hide()
            return
        columns = fate_columns(vocabulary)
        self.setHeaderLabels(["Unit", "Hex", *(label for _key, label in columns)])
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for i in range(1, FIXED + len(columns)):
            header.setSectionResizeMode(i, QHeaderView.ResizeMode.ResizeToContents)
        groups: dict[str, QTreeWidgetItem] = {}
        for fate in fates:
            group = groups.get(fate.side)
            if group is None:
                group = groups[fate.side] = QTreeWidgetItem([SIDE_TITLES[fate.side]])
                font = QFont(group.font(0))
                font.setBold(True)
                group.setFont(0, font)
                group.setFirstColumnSpanned(True)
                self.addTopLevelItem(group)
                group.setFirstColumnSpanned(True)
            chances = fate_chances(fate, vocabulary)
            row = QTreeWidgetItem(
                [fate.unit, fate.hex or "", *(column_percent(p) if p else "-" for p in chances)]
            )
            row.setData(0, Qt.ItemDataRole.UserRole, fate.id)
            for i, ((_key, label), p) in enumerate(zip(columns, chances, strict=True)):
                row.setToolTip(FIXED + i, f"{fate.unit}, {label.lower()}: {exact(p)}")
                row.setTextAlignment(FIXED + i, Qt.AlignmentFlag.AlignRight)
            group.addChild(row)
        self.expandAll()
        self.setFixedHeight(self._rows_height())
        self.show()

    def _rows_height(self) -> int:
        """As tall as its rows and header (a handful of units): no inner scroll bar."""
        self.ensurePolished()  # the table's type in table mode: its rows are taller
        rows = sum(1 + self.topLevelItem(i).childCount() for i in range(self.topLevelItemCount()))
        heights = [self.sizeHintForRow(0) if self.topLevelItemCount() else 18]
        for i in range(self.topLevelItemCount()):  # a unit's row may be taller than a title's
            top = self.topLevelItem(i)
            heights += [
                self.rowHeight(self.indexFromItem(top.child(j))) for j in range(top.childCount())
            ]
        row = max(*heights, self.fontMetrics().height() + 2, 16)
        return self.header().sizeHint().height() + rows * row + 2 * self.frameWidth() + 2

    def fit(self) -> None:
        """As tall as its rows again (table mode changed the type)."""
        if self.topLevelItemCount():
            self.setFixedHeight(self._rows_height())

    def cells(self) -> list[list[str]]:
        """What each row shows (side titles as rows of one cell): for tests and reading."""
        out = []
        for i in range(self.topLevelItemCount()):
            group = self.topLevelItem(i)
            out.append([group.text(0)])
            for j in range(group.childCount()):
                child = group.child(j)
                out.append([child.text(c) for c in range(self.columnCount())])
        return out
