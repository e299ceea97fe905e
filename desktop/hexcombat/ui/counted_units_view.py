"""Which units count in a combat under a ruleset's counting limits ("per side at most 4
non-vehicular combat steps, 1 leader ... count"; the result applies to all): each unit of both
sides with a three-way tick, part-ticked while the ruleset picks the best, ticked when the
player counts it, unticked when the player leaves it out. Shown only when the ruleset declares
counting limits (``Vocabulary.counting_limits``)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout

from hexcombat.game.attack_model import AttackModel
from hexcombat.game.state import GameError
from hexcombat.rules.report import CountedUnits

TICKS = {
    None: Qt.CheckState.PartiallyChecked,
    True: Qt.CheckState.Checked,
    False: Qt.CheckState.Unchecked,
}
CHOICES = {state: choice for choice, state in TICKS.items()}
SIDE_TITLES = {"defender": "Defenders", "attacker": "Attackers"}
TICK_HELP = (
    "Part-ticked: the rules pick the best units to count; ticked: this unit counts; unticked: "
    "it does not count (the result still applies to it)"
)


class CountedUnitsView(QGroupBox):
    """The counted ticks of one attack, kept in the attack model (``AttackModel.counted``)."""

    def __init__(self, model: AttackModel, refused: Callable[[str], None]) -> None:
        super().__init__("Counted units")
        self.setObjectName("CountedUnits")
        self.model = model
        self._refused = refused
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        self.limits = QLabel()
        self.limits.setWordWrap(True)
        self.limits.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.limits)
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setRootIsDecorated(False)
        self.tree.setToolTip(TICK_HELP)
        self.tree.itemChanged.connect(self._ticked)
        layout.addWidget(self.tree)
        self._building = False
        self._shown: list[tuple[str, list[str]]] = []
        """The units the rows were built for, by side."""
        self.hide()

    def show_units(self) -> None:
        """The units of the attack as set up now, ticked as the player chose."""
        model = self.model
        sides = [(side, counters) for side, counters in model.countable() if counters]
        if not sides:
            self._shown = []
            self.hide()
            return
        self.limits.setText(f"Counting limits: {model.vocabulary.counting_limits}")
        shown = [(side, [c.uid for c in counters]) for side, counters in sides]
        if shown == self._shown:  # the same units: the ticks follow, the rows stay (a row
            self._retick()  # whose tick is being changed must not be deleted under it)
            return
        self._shown = shown
        self._building = True
        self.tree.clear()
        rows = 0
        for side, counters in sides:
            group = QTreeWidgetItem([SIDE_TITLES[side]])
            group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.tree.addTopLevelItem(group)
            for counter in counters:
                item = QTreeWidgetItem([self._text(counter.uid)])
                item.setData(0, Qt.ItemDataRole.UserRole, counter.uid)
                item.setFlags(
                    item.flags() | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsUserTristate
                )
                item.setCheckState(0, TICKS[model.counted.get(counter.uid)])
                item.setToolTip(0, TICK_HELP)
                group.addChild(item)
            rows += 1 + len(counters)
        self.tree.expandAll()
        self._building = False
        row = self.tree.sizeHintForRow(0) or 18
        self.tree.setFixedHeight(min(rows, 10) * row + 2 * self.tree.frameWidth() + 4)
        self.show()

    def _retick(self) -> None:
        """Each row's tick as the model has it."""
        self._building = True
        for i in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(i)
            for j in range(group.childCount()):
                item = group.child(j)
                uid = item.data(0, Qt.ItemDataRole.UserRole)
                item.setCheckState(0, TICKS[self.model.counted.get(uid)])
                item.setText(0, self._text(uid))
        self._building = False

    def _text(self, uid: str) -> str:
        """``Grenadier Sqd (0703): counts``: the unit, its hex, and whether it counts in the
        report as set up now (the rules' pick while part-ticked)."""
        state = self.model.state
        text = f"{state.counters[uid].unit.name} ({state.hexmap.label(state.hex_of(uid))})"
        report = self.model.report
        counted = report.feature(CountedUnits) if report is not None else None
        if counted is None:
            return text
        counts = counted.counts(uid)
        picked = " (the rules' pick)" if self.model.counted.get(uid) is None else ""
        return f"{text}: {'counts' if counts else 'does not count'}{picked}"

    def _ticked(self, item: QTreeWidgetItem, _column: int) -> None:
        uid = item.data(0, Qt.ItemDataRole.UserRole)
        if self._building or uid is None:
            return
        try:
            self.model.set_counted(uid, CHOICES[item.checkState(0)])
        except GameError as exc:  # rolled already: the tick goes back
            self._refused(str(exc))
            self.show_units()

    def ticks(self) -> dict[str, bool | None]:
        """Each unit's tick as the player sees it: for tests and reading."""
        found = {}
        for i in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(i)
            for j in range(group.childCount()):
                item = group.child(j)
                found[item.data(0, Qt.ItemDataRole.UserRole)] = CHOICES[item.checkState(0)]
        return found
