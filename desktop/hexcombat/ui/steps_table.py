"""The working of a combat as a table: each step with its rule, its value and its DRM.

The Combat panel and the calculator show a report's steps alike; hovering a step reads what its
rule says, and a step that used an assumed chart value is coloured so it is checked.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QHeaderView, QTableWidget, QTableWidgetItem

from hexcombat.game.combat_log import value_text
from hexcombat.rules.explain import Step
from hexcombat.rules.references import rule_text

STEP_COLUMNS = ["Rule", "Step", "Value", "DRM"]
STEP_TEXT = 1
DRM_COLUMN = 3
"""Hidden for a game read with no die roll modifier (:func:`reads_drm`)."""
"""The column that stretches and wraps: the step's words are the explanation."""
ASSUMED_COLOUR = "#9a5a00"
"""A step or warning that used a value the rules texts do not give."""


def steps_table(name: str = "CombatSteps") -> QTableWidget:
    """An empty, read-only steps table whose step column stretches and wraps."""
    table = QTableWidget(0, len(STEP_COLUMNS))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(STEP_COLUMNS)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
    table.setWordWrap(True)
    table.setShowGrid(False)
    table.setAlternatingRowColors(True)
    table.setMinimumHeight(72)  # three rows at least, when a result needs the room
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setVerticalScrollMode(QTableWidget.ScrollMode.ScrollPerPixel)
    table.verticalHeader().hide()
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header = table.horizontalHeader()
    for column in range(len(STEP_COLUMNS)):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(STEP_TEXT, QHeaderView.ResizeMode.Stretch)
    return table


def show_steps(
    table: QTableWidget, steps: Sequence[Step], ruleset: str, drm_column: bool = True
) -> None:
    """Each step with its rule (the rule's summary in the tooltip), value and DRM; the DRM
    column only where the game has a DRM (``drm_column``), never an empty one."""
    table.setColumnHidden(DRM_COLUMN, not drm_column)
    table.setRowCount(0)  # new rows, not items replaced one by one: each replacement of a
    # shown item made the headers size to contents again (12 ms a combat on a big map)
    table.setRowCount(len(steps))
    for row, step in enumerate(steps):
        drm = "" if step.drm is None else f"{step.drm:+d}"
        tip = f"{step.rule}: {step.text}"
        summary = rule_text(step.rule, ruleset)
        if summary:
            tip += f"\n\n{step.rule} says: {summary}"
        if step.provenance == "assumed":
            tip += "\n(assumed chart value: check your rulebook)"
        shown = value_text(step.value, step.text)
        for column, text in enumerate([step.rule, step.text, shown, drm]):
            item = QTableWidgetItem(text)
            item.setToolTip(tip)
            item.setTextAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            if step.drm:
                bold = QFont(table.font())  # the table's size (table mode's too)
                bold.setBold(column == DRM_COLUMN)
                item.setFont(bold)
            if step.provenance == "assumed":
                item.setForeground(QColor(ASSUMED_COLOUR))
            table.setItem(row, column, item)
