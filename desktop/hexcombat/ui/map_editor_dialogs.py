"""The map editor's dialogs: a new map's settings, and a name (a place, a terrain type, a
hexside feature). Each says what is wrong with its input as it is typed, and keeps OK greyed
until it is right, so a bad label format or a blank name never reaches the map."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from hexcombat.board.mapedit import MAX_SIDE, EditError, new_map
from hexcombat.board.mapfile import TERRAIN_TYPES, HexMap

PROBLEM_STYLE = "color: #b00020;"


class NewMapDialog(QDialog):
    """File > New Map: the map's name, size and how its printed labels number the hexes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("NewMapDialog")
        self.setWindowTitle("New Map")
        self.name = QLineEdit("New map")
        self.orientation = QComboBox()
        self.orientation.addItem("flat (hexes stand in columns)", "flat")
        self.orientation.addItem("pointy (hexes lie in rows)", "pointy")
        self.parity = QComboBox()
        self.parity.addItem("odd (2nd, 4th, ... column or row shoved)", "odd")
        self.parity.addItem("even", "even")
        self.label_format = QLineEdit("{col:02d}{row:02d}")
        self.label_format.setToolTip("{col} and {row}; {col:02d}{row:02d} prints 0412")
        self.first = QLineEdit("0101")
        self.first.setToolTip("The label printed on the top-left hex")
        self.columns = QSpinBox()
        self.rows = QSpinBox()
        for box, value in ((self.columns, 20), (self.rows, 15)):
            box.setRange(1, MAX_SIDE)
            box.setValue(value)
        self.terrain = QComboBox()
        self.terrain.addItems(TERRAIN_TYPES)
        form = QFormLayout()
        form.addRow("Name", self.name)
        form.addRow("Orientation", self.orientation)
        form.addRow("Offset", self.parity)
        form.addRow("Label format", self.label_format)
        form.addRow("First label", self.first)
        form.addRow("Columns", self.columns)
        form.addRow("Rows", self.rows)
        form.addRow("Terrain", self.terrain)
        self.problem = QLabel()
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        for edit in (self.name, self.label_format, self.first):
            edit.textChanged.connect(self.check)
        for combo in (self.orientation, self.parity, self.terrain):
            combo.currentIndexChanged.connect(self.check)
        for box in (self.columns, self.rows):
            box.valueChanged.connect(self.check)
        self.hexmap: HexMap | None = None
        self.check()

    def check(self) -> HexMap | None:
        """The map these settings make, or None with the reason shown and OK greyed."""
        try:
            hexmap = new_map(
                self.name.text(),
                self.orientation.currentData(),
                self.parity.currentData(),
                self.label_format.text(),
                self.first.text(),
                self.columns.value(),
                self.rows.value(),
                self.terrain.currentText(),
            )
        except EditError as exc:
            self.problem.setStyleSheet(PROBLEM_STYLE)
            self.problem.setText(str(exc))
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
            return None
        self.problem.setStyleSheet("")
        self.problem.setText(f"Hexes {hexmap.extent()}, {len(hexmap)} in all.")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)
        return hexmap

    def accept(self) -> None:
        hexmap = self.check()
        if hexmap is None:
            return
        self.hexmap = hexmap
        super().accept()


class NameDialog(QDialog):
    """One name to type (a place, a new terrain type or feature), checked as it is typed."""

    def __init__(
        self,
        title: str,
        prompt: str,
        problem_of: Callable[[str], str | None],
        text: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("NameDialog")
        self.setWindowTitle(title)
        self.problem_of = problem_of
        self.edit = QLineEdit(text)
        self.problem = QLabel()
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(PROBLEM_STYLE)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(prompt))
        layout.addWidget(self.edit)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.edit.textChanged.connect(self.check)
        self.check()

    def check(self) -> bool:
        """Whether the name may be used; if not, why, with OK greyed."""
        problem = self.problem_of(self.edit.text())
        self.problem.setText(problem or "")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(problem is None)
        return problem is None

    def accept(self) -> None:
        if self.check():
            super().accept()
