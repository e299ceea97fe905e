"""The follow-ups a combat's result calls for (morale checks, a leader's loss roll, the vehicle a
destruction attempt targets), each its own row in the Combat panel: its text and rule, the
chance of each way it can end, the unit to choose when it has choices, and Roll or the player's
typed dice. A view of :class:`~hexcombat.game.follow_ups.FollowUpModel`: it rebuilds its rows
from the model whenever the model says they changed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from hexcombat.game.follow_ups import FollowUpEvent, FollowUpModel, FollowUpRow
from hexcombat.ui.column_flow import ColumnFlow

ERROR_RED = "#b02020"
"""The Combat panel's red for what is refused."""


MAX_ROWS_HEIGHT = 330
"""The most height the rows take in the panel (about three follow-ups): more scroll."""


def certain(row: FollowUpRow) -> bool:
    """Whether ``row`` can end only one way (a vehicle destruction attempt no unit can make
    any more): no die decides it, so none is offered."""
    return len(row.chances) == 1 and row.chances[0].probability == 1


class FollowUpRowView(QFrame):
    """One waiting follow-up: what it is, its chances, the choice, and the dice."""

    def __init__(self, model: FollowUpModel, row: FollowUpRow, first: bool) -> None:
        super().__init__()
        self.setObjectName("FollowUpRow")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.model, self.key = model, row.key
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        head = QLabel(f"{row.text} ({row.rule})" + (f": {row.die}" if row.die else ""))
        head.setTextFormat(Qt.TextFormat.PlainText)  # unit names as written
        head.setWordWrap(True)
        font = head.font()
        font.setBold(first)
        head.setFont(font)
        layout.addWidget(head)
        self.chooser: QComboBox | None = None
        if row.choices and not row.gone:
            choose = QHBoxLayout()
            chooser_label = QLabel(f"The {row.chooser} chooses:")
            chooser_label.setWordWrap(True)
            choose.addWidget(chooser_label)
            self.chooser = QComboBox()
            self.chooser.setObjectName("FollowUpChoice")
            # a long unit name widens the list that drops down, not the row past the panel
            self.chooser.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            self.chooser.setMinimumContentsLength(8)
            for uid, words in row.choices:
                self.chooser.addItem(words, uid)
            picked = model.chosen(row.key)
            if picked is not None:
                self.chooser.setCurrentIndex(max(self.chooser.findData(picked), 0))
            self.chooser.activated.connect(self._chose)
            choose.addWidget(self.chooser, 1)
            layout.addLayout(choose)
        chances = QWidget()
        flow = ColumnFlow(chances, max_columns=3)
        self.chance_labels: list[QLabel] = []
        for chance in row.chances:
            label = QLabel(f"{chance.text} {chance.percent}")
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setToolTip(f"{chance.text}: {chance.probability} exactly")
            label.setObjectName("FollowUpChance")
            flow.addWidget(label)
            self.chance_labels.append(label)
        layout.addWidget(chances)
        dice = QHBoxLayout()
        if row.gone:
            note = QLabel(f"No longer in play: {row.gone}")
            note.setWordWrap(True)
            dice.addWidget(note, 1)
            self.roll_button = QPushButton("Drop")
            self.roll_button.setToolTip("Drop it, with a note in the combat log")
            self.typed: QLineEdit | None = None
        elif certain(row):  # one way it can end (no attempt possible): nothing to roll
            note = QLabel(f"Nothing to roll: {row.chances[0].text}")
            note.setObjectName("FollowUpCertain")
            note.setTextFormat(Qt.TextFormat.PlainText)
            note.setWordWrap(True)
            dice.addWidget(note, 1)
            self.roll_button = QPushButton("Note it")
            self.roll_button.setToolTip("Note it in the combat log and go on: no die decides it")
            self.typed = None
        else:
            self.roll_button = QPushButton("Roll" if row.die else "Choose")
            self.roll_button.setToolTip(
                "Roll the game's seeded dice" if row.die else "Take the unit chosen"
            )
            self.typed = QLineEdit() if row.die else None
            if self.typed is not None:
                self.typed.setObjectName("FollowUpTyped")
                self.typed.setMinimumWidth(60)  # the row fits the panel; the tooltip says it all
                self.typed.setPlaceholderText(f"or type {row.dice_text}")
                self.typed.setToolTip(f"The physical roll: {row.dice_text}; then Return")
                self.typed.returnPressed.connect(self.use_typed)
        self.roll_button.setObjectName("FollowUpRoll")
        self.roll_button.clicked.connect(lambda: self.model.roll(self.key))
        dice.addWidget(self.roll_button)
        if self.typed is not None:
            dice.addWidget(self.typed, 1)
        layout.addLayout(dice)

    def _chose(self, index: int) -> None:
        assert self.chooser is not None
        self.model.choose(self.key, self.chooser.itemData(index))

    def use_typed(self) -> bool:
        """Resolve with the dice typed in."""
        assert self.typed is not None
        return self.model.roll_typed(self.key, self.typed.text())


class FollowUpView(QGroupBox):
    """Every follow-up waiting, in order, the first in bold; hidden when none waits."""

    def __init__(self, model: FollowUpModel) -> None:
        super().__init__("Follow-ups")
        self.setObjectName("FollowUps")
        self.model = model
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.rows: list[FollowUpRowView] = []
        self._layout = QVBoxLayout(self)
        self.where = QLabel()
        self.where.setTextFormat(Qt.TextFormat.PlainText)
        self.where.setWordWrap(True)
        self._layout.addWidget(self.where)
        # a stack's worth of morale checks stays within the panel: the rows scroll
        self._holder = QWidget()
        self._rows = QVBoxLayout(self._holder)
        self._rows.setContentsMargins(0, 0, 0, 0)
        self.scroll = QScrollArea()
        self.scroll.setObjectName("FollowUpRows")
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(self._holder)
        self._layout.addWidget(self.scroll)
        self.problem = QLabel()
        self.problem.setObjectName("FollowUpProblem")
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(f"color: {ERROR_RED};")
        self._layout.addWidget(self.problem)
        model.subscribe(self._on_model)
        self.refresh()

    def _on_model(self, event: FollowUpEvent) -> None:
        if event == "problem":
            self._show_problem()
        else:
            self.refresh()

    def _show_problem(self) -> None:
        self.problem.setText(self.model.problem)
        self.problem.setVisible(bool(self.model.problem))

    def refresh(self) -> None:
        """The rows again, from the model."""
        for view in self.rows:
            self._rows.removeWidget(view)
            view.deleteLater()
        rows = self.model.rows()
        pending = self.model.pending
        self.rows = [FollowUpRowView(self.model, row, i == 0) for i, row in enumerate(rows)]
        for view in self.rows:
            self._rows.addWidget(view)
        if pending is not None:
            self.where.setText(
                f"The attack on {pending.where} calls for these, in order, before the next "
                "attack rolls:"
            )
        self._show_problem()
        self.setVisible(bool(rows))
        gaps = self._rows.spacing() * max(len(self.rows) - 1, 0)
        tall = sum(view.sizeHint().height() for view in self.rows) + gaps
        self.scroll.setFixedHeight(min(tall, MAX_ROWS_HEIGHT))
        self.updateGeometry()  # the panel makes room for them
