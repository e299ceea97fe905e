"""The counter palette dock: every counter of the scenario's counter sets, air units (16A)
among them, ready to drag onto the map for the side chosen above the list."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcombat.rules.counters import CounterSet
from hexcombat.rules.units import Unit
from hexcombat.ui.counter_art import air_code, counter_icon, is_air, strength_text
from hexcombat.ui.counter_mime import MIME_TYPE, library_mime

ID_ROLE = Qt.ItemDataRole.UserRole


def tooltip(counter_id: str, unit: Unit) -> str:
    """What a palette entry is: its type and nationality; an air unit's rating spelt out."""
    where = unit.nationality or "any"
    if not is_air(unit):
        return f"{counter_id}: {unit.unit_type}, {where}"
    reach = "" if unit.movement is None else f", range {unit.movement}"
    return (
        f"{counter_id}: {unit.unit_type} type {air_code(unit)} (16A1), {where}: air attack "
        f"{unit.attack}, air defence {unit.defence}{reach}. Place it at its base; air units "
        "take no part in ground combat."
    )


class _PaletteList(QListWidget):
    def __init__(self, palette: CounterPalette) -> None:
        super().__init__()
        self.palette = palette
        self.setIconSize(QSize(40, 40))
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)

    def mimeTypes(self) -> list[str]:  # noqa: N802
        return [MIME_TYPE]

    def mimeData(self, items: list[QListWidgetItem]) -> QMimeData:  # noqa: N802
        return library_mime(items[0].data(ID_ROLE), self.palette.side())


class CounterPalette(QWidget):
    """Shows a :class:`CounterSet`; drag a counter onto the map to add it."""

    def __init__(self, library: CounterSet, sides: list[str]) -> None:
        super().__init__()
        self.setObjectName("CounterPalette")
        self.library = library
        self.side_box = QComboBox()
        self.side_box.setEditable(True)
        self.side_box.addItems(sides or ["Soviet", "Axis"])
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter counters")
        self.filter.textChanged.connect(self._apply_filter)
        self.list = _PaletteList(self)
        form = QFormLayout()
        form.addRow("Side", self.side_box)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.filter)
        layout.addWidget(self.list)
        self._fill()

    def side(self) -> str:
        """The side a dropped counter joins."""
        return self.side_box.currentText().strip() or "Soviet"

    def _fill(self) -> None:
        for counter_id, unit in sorted(self.library.counters.items(), key=lambda kv: kv[1].name):
            text = f"{unit.name}  {strength_text(unit)}"
            item = QListWidgetItem(counter_icon(unit, "", 40), text)
            item.setData(ID_ROLE, counter_id)
            item.setToolTip(tooltip(counter_id, unit))
            self.list.addItem(item)

    def _apply_filter(self, text: str) -> None:
        needle = text.lower()
        for i in range(self.list.count()):
            item = self.list.item(i)
            hay = f"{item.text()} {item.data(ID_ROLE)}".lower()
            item.setHidden(bool(needle) and needle not in hay)
