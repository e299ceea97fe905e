"""The counter palette dock: the counters of the game's own counter sets (and of sets for any
game), air units among them, ready to drag onto the map for the side chosen above the list;
a tick shows every game's counters."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QMimeData, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QInputDialog,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcombat.rules.counters import CounterSet
from hexcombat.rules.eligibility import Refusal
from hexcombat.rules.missions import unit_air_rules
from hexcombat.rules.references import cited
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.units import Unit
from hexcombat.ui.counter_art import air_code, counter_icon, is_air, strength_text
from hexcombat.ui.counter_mime import MIME_TYPE, library_mime

ID_ROLE = Qt.ItemDataRole.UserRole
OTHER_SIDE = "Other side..."
"""The Side list's last entry: name a new side on purpose (a typo never makes one)."""
DEFAULT_SIDES = ("Soviet", "Axis")
"""Offered on a map with nobody on it yet: the sides of the rules texts' examples."""


def tooltip(counter_id: str, unit: Unit, refusal: Refusal | None = None) -> str:
    """What a palette entry is: its type and nationality; an air unit's rating as its counter
    prints it; and why the ruleset keeps it out of ground combat (``refusal``), if it does."""
    where = unit.nationality or "any"
    if not is_air(unit):
        text = f"{counter_id}: {unit.unit_type}, {where}"
    else:
        reach = "" if unit.movement is None else f", range {unit.movement}"
        air = unit_air_rules(unit)
        rating = cited(air.rating_rule) if air else ""
        text = (
            f"{counter_id}: {unit.unit_type} type {air_code(unit)}{rating}, {where}: air attack "
            f"{unit.attack}, air defence {unit.defence}{reach}."
        )
    if refusal is None:
        return text
    said = str(refusal)
    return f"{text} {said[:1].upper()}{said[1:]}."  # "Air units fight ... (16A, 23D1)."


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

    def __init__(self, library: CounterSet, sides: list[str], ruleset: str = "") -> None:
        super().__init__()
        self.setObjectName("CounterPalette")
        self.library = library
        self.ruleset = get_ruleset(ruleset) if ruleset else None
        """The game's ruleset: it says which counters fight no ground combat."""
        self.game = ruleset
        """The game's ruleset id: the palette offers the counter sets made for it."""
        self.ask_side_name: Callable[[], str | None] = self._dialog_side_name
        """Ask for a new side's name (tests replace it)."""
        self.side_box = QComboBox()
        self.side_box.setObjectName("PaletteSide")
        self.side_box.setToolTip("The side a counter dragged onto the map joins")
        self.side_box.currentIndexChanged.connect(self._side_picked)
        self._current = ""
        self._filled = False
        """Whether the list exists yet (the side box is filled first)."""
        self._unpainted: set[int] = set()
        """Rows hidden when the icons were last painted: each is painted as it is shown."""
        self.set_sides(sides)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter counters")
        self.filter.textChanged.connect(self._apply_filter)
        self.all_sets = QCheckBox("Every game's counters")
        self.all_sets.setObjectName("PaletteAllSets")
        self.all_sets.setToolTip(
            "Also offer the counter sets made for other games (their set names another game)"
        )
        self.all_sets.toggled.connect(lambda _on: self._apply_filter(self.filter.text()))
        self.list = _PaletteList(self)
        form = QFormLayout()
        form.addRow("Side", self.side_box)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.filter)
        layout.addWidget(self.all_sets)
        layout.addWidget(self.list)
        self._fill()

    def side(self) -> str:
        """The side a dropped counter joins."""
        return self._current

    def sides(self) -> list[str]:
        """The sides offered (without the entry for naming another)."""
        return [self.side_box.itemText(i) for i in range(self.side_box.count() - 1)]

    def set_sides(self, sides: list[str]) -> None:
        """Offer the game's ``sides`` (in turn order; for a game with none the examples' Soviet
        and Axis) besides those offered already, then "Other side...". The chosen side stays
        chosen."""
        offered = list(dict.fromkeys([*self.sides(), *sides])) or list(DEFAULT_SIDES)
        if self._current and self._current not in offered:
            offered.append(self._current)  # named by the player, nothing of it placed yet
        if self.side_box.count() and self.sides() == offered:
            return
        self.side_box.blockSignals(True)
        self.side_box.clear()
        self.side_box.addItems(offered)
        self.side_box.addItem(OTHER_SIDE)
        self.side_box.setItemData(
            len(offered), "Name a side not in the game yet", Qt.ItemDataRole.ToolTipRole
        )
        self._current = self._current or offered[0]
        self.side_box.setCurrentIndex(offered.index(self._current))
        self.side_box.blockSignals(False)
        self._paint_icons()

    def choose_side(self, side: str) -> bool:
        """Pick one of the offered sides (False if it is not offered)."""
        index = self.sides().index(side) if side in self.sides() else -1
        if index < 0:
            return False
        self.side_box.setCurrentIndex(index)
        self._current = side
        self._paint_icons()
        return True

    def _side_picked(self, index: int) -> None:
        if index < 0:
            return
        if index < len(self.sides()):
            self._current = self.side_box.itemText(index)
            self._paint_icons()
            return
        name = (self.ask_side_name() or "").strip()
        known = {s.casefold(): s for s in self.sides()}
        if name and name.casefold() not in known:
            self._current = name
            self.set_sides([])  # offers the new side, chosen
            return
        self.side_box.blockSignals(True)  # cancelled, or a side already offered: pick it
        self.choose_side(known.get(name.casefold(), self._current))
        self.side_box.blockSignals(False)
        self._paint_icons()

    def _dialog_side_name(self) -> str | None:
        name, ok = QInputDialog.getText(self, "Other side", "Name of the new side:")
        return name if ok else None

    def _fill(self) -> None:
        for counter_id, unit in sorted(self.library.counters.items(), key=lambda kv: kv[1].name):
            text = f"{unit.name}  {strength_text(unit)}"
            item = QListWidgetItem(text)
            item.setData(ID_ROLE, counter_id)
            refusal = self.ruleset.ground_combat_refusal(unit) if self.ruleset else None
            item.setToolTip(tooltip(counter_id, unit, refusal))
            self.list.addItem(item)
        self._filled = True
        self.all_sets.setVisible(any(not self.offered(cid) for cid in self.library.counters))
        self._apply_filter("")
        self._paint_icons()

    def offered(self, counter_id: str) -> bool:
        """Whether the counter is for this game: its set names the game's ruleset, or no game
        (a game with no ruleset offers every set)."""
        return not self.game or self.library.for_game(counter_id, self.game)

    def _paint_icons(self) -> None:
        """Each counter shown as it will look on the map: in the colours of the side it would
        join. A hidden one (another game's, or filtered out) is painted as it is shown
        (:meth:`_apply_filter`): opening a game paints the few dozen of its own game, not every
        game's counters (a 50,000-hex game opens some 20 ms sooner)."""
        if not self._filled:
            return
        sides = self.sides()
        self._unpainted = set()
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.isHidden():
                self._unpainted.add(i)
            else:
                self._paint(item, sides)

    def _paint(self, item: QListWidgetItem, sides: list[str]) -> None:
        unit = self.library.counters[item.data(ID_ROLE)]
        item.setIcon(counter_icon(unit, self._current, 40, sides))

    def _apply_filter(self, text: str) -> None:
        """Show the counters whose name or id holds ``text``, of this game's sets unless every
        game's are asked for."""
        needle = text.lower()
        every = self.all_sets.isChecked()
        for i in range(self.list.count()):
            item = self.list.item(i)
            hay = f"{item.text()} {item.data(ID_ROLE)}".lower()
            game_hides = not every and not self.offered(item.data(ID_ROLE))
            item.setHidden(game_hides or (bool(needle) and needle not in hay))
            if i in self._unpainted and not item.isHidden():  # shown: in the side's colours
                self._paint(item, self.sides())
                self._unpainted.discard(i)
