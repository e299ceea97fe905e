"""The roll, as the Combat panel and the calculator both offer it: Roll (the program's dice),
a field to type the physical dice in, the dice rolled drawn as faces, and under the field why a
typed roll was refused, until it is put right.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from hexcombat.ui.dice_faces import DiceFaces

ERROR_RED = "#b02020"
"""What the player must put right: a refused roll."""


class RollView(QWidget):
    """:attr:`button` (Roll), :attr:`typed` (the physical dice), :attr:`dice` (the faces
    rolled) and :attr:`problem` (why a roll was refused, shown only then). ``name`` prefixes
    the field's and the problem's object names (``TypedRoll``, ``RollProblem``)."""

    def __init__(self, name: str = "", roll_tip: str = "", typed_tip: str = "") -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.button = QPushButton("Roll")
        self.button.setToolTip(roll_tip)
        self.typed = QLineEdit()
        self.typed.setObjectName(f"{name}TypedRoll")
        if typed_tip:
            self.typed.setToolTip(typed_tip)
        self.dice = DiceFaces()
        row.addWidget(self.button)
        row.addWidget(self.typed, 1)
        row.addWidget(self.dice)
        layout.addLayout(row)
        # a typed roll that is not the attack's dice is refused here, under the field the
        # player typed in, and stays until corrected
        self.problem = QLabel()
        self.problem.setTextFormat(Qt.TextFormat.PlainText)  # unit and side names as written
        self.problem.setObjectName(f"{name}RollProblem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(f"color: {ERROR_RED};")
        self.problem.hide()
        layout.addWidget(self.problem)

    def refuse(self, text: str) -> None:
        """Show why a roll was refused under the typed dice, the field framed in red (``""``:
        nothing refused)."""
        self.problem.setText(text)
        self.problem.setVisible(bool(text))
        self.typed.setStyleSheet(f"QLineEdit {{ border: 1px solid {ERROR_RED}; }}" if text else "")
