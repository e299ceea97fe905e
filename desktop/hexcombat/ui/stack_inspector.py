"""The stack inspector dock: the counters of the selected stack, top first.

Drag a row up or down (or use Raise/Lower) to reorder the stack; drag a row onto the map to move
that one counter out; right-click a row for the counter's actions (a flip) and, where the
ruleset declares them, its state, markers and steps. All go through the session as undoable
commands.
"""

from __future__ import annotations

import html
from dataclasses import replace
from fractions import Fraction

from PySide6.QtCore import QMimeData, QPoint, QSize, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from hexcombat.board.hexes import Hex
from hexcombat.game.commands import plural
from hexcombat.game.state import Change, Counter
from hexcombat.game.status_commands import (
    AddMarker,
    LoseSteps,
    RemoveMarker,
    RestoreSteps,
    SetState,
    status_marks,
    status_words,
)
from hexcombat.rules.explain import fmt
from hexcombat.rules.units import TACTICAL, Unit, markings
from hexcombat.rules.vocabulary import Vocabulary
from hexcombat.ui.counter_actions import add_counter_actions
from hexcombat.ui.counter_art import counter_icon, strength_text
from hexcombat.ui.counter_mime import read_mime, uids_mime
from hexcombat.ui.game_session import GameSession

UID_ROLE = Qt.ItemDataRole.UserRole


def declared_size(unit: Unit, vocabulary: Vocabulary) -> tuple[Fraction, str] | None:
    """What ``unit`` adds to a stack's size (``(3, "RE")``) by a capability its game declares;
    None where the game declares none (a counter written with an ``re`` in a game without REs
    is not said to be "1 RE")."""
    declared = tuple(kind.type for kind in vocabulary.unit_capabilities)
    sizes = (m.stack_size() for m in markings(unit) if isinstance(m, declared))
    return next((size for size in sizes if size is not None), None)


def counts_steps(counter: Counter, vocabulary: Vocabulary) -> bool:
    """Whether the counter is a squad, weapon or vehicle that loses steps and counts no REs
    (its counter set's ``scale``, or steps and no RE): a player reads its steps, not REs."""
    unit = counter.unit
    size = declared_size(unit, vocabulary)
    return unit.scale == TACTICAL or (unit.steps is not None and not (size and size[0]))


def steps_left(counter: Counter) -> str:
    """``1 of 2 steps``: what is left of the counter's steps; "" when its steps are unknown."""
    steps = counter.unit.steps
    if steps is None:
        return ""
    return f"{steps - counter.status.steps_lost} of {plural(steps, 'step')}"


def stack_size(stack: list[Counter], vocabulary: Vocabulary) -> str:
    """What a stack amounts to as its players count it: ``4 RE`` for divisions and regiments,
    ``3 of 4 steps`` for squads and vehicles, both in a stack of both; "" for units of a game
    that sizes a stack in neither (no "REs" for a game that has none)."""
    parts = []
    counted = [c for c in stack if not counts_steps(c, vocabulary)]
    sizes = [size for c in counted if (size := declared_size(c.unit, vocabulary)) is not None]
    if sizes:  # as its ruleset sizes a unit (REs, say)
        parts.append(f"{fmt(sum(amount for amount, _ in sizes))} {sizes[0][1]}")
    tactical = [c for c in stack if counts_steps(c, vocabulary) and c.unit.steps is not None]
    if tactical:
        total = sum(c.unit.steps or 0 for c in tactical)
        left = total - sum(c.status.steps_lost for c in tactical)
        parts.append(f"{left} of {plural(total, 'step')}")
    return ", ".join(parts)


def unit_line(counter: Counter, vocabulary: Vocabulary) -> str:
    """The row's second line: ``XX infantry``, or a squad's ``infantry, 1 of 2 steps``."""
    unit = counter.unit
    if not counts_steps(counter, vocabulary):
        return " ".join(t for t in (unit.size, unit.unit_type) if t)  # XX infantry
    return ", ".join(t for t in (unit.unit_type, steps_left(counter)) if t)


def rule_values(counter: Counter, vocabulary: Vocabulary) -> str:
    """The unit's own values under its ruleset's names, as its counter prints them:
    ``Kind squad, Cohesion 6, AV 4``; a yes/no value by its name when it is yes."""
    said = []
    order = [c.key for c in vocabulary.capabilities]  # in the order the ruleset declares them
    values = sorted(
        counter.unit.rules,
        key=lambda kv: (kv[0] not in order, order.index(kv[0]) if kv[0] in order else 0),
    )
    for key, value in values:
        spec = vocabulary.capability(key)
        label = spec.label if spec is not None else key
        if isinstance(value, bool):
            if value:
                said.append(label)
        else:
            said.append(f"{label} {value}")
    return ", ".join(said)


def unit_sum(counter: Counter, vocabulary: Vocabulary) -> str:
    """The tooltip's summary: ``2 RE`` for a division; ``1 of 2 steps; Kind squad,
    Cohesion 6`` for a squad or vehicle."""
    if not counts_steps(counter, vocabulary):
        size = declared_size(counter.unit, vocabulary)
        return f"{fmt(size[0])} {size[1]}" if size is not None else ""
    return "; ".join(t for t in (steps_left(counter), rule_values(counter, vocabulary)) if t)


class _CounterList(QListWidget):
    """Rows of counters that drag out as counters and reorder when dropped on themselves."""

    def __init__(self, inspector: StackInspector) -> None:
        super().__init__()
        self.inspector = inspector
        self.setIconSize(QSize(44, 44))
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)

    def mimeData(self, items: list[QListWidgetItem]) -> QMimeData:  # noqa: N802
        return uids_mime([item.data(UID_ROLE) for item in items])

    def mimeTypes(self) -> list[str]:  # noqa: N802
        from hexcombat.ui.counter_mime import MIME_TYPE

        return [MIME_TYPE]

    def dragMoveEvent(self, event) -> None:  # noqa: N802, ANN001
        if read_mime(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        payload = read_mime(event.mimeData())
        event.ignore()
        if payload is None or not isinstance(payload.get("uids"), list):
            return
        moved = [str(u) for u in payload["uids"]]
        order = self.inspector.order()
        if not set(moved) <= set(order):
            return
        target = self.itemAt(event.position().toPoint())
        index = self.row(target) if target is not None else len(order)
        before = order[:index]
        rest = [u for u in order if u not in moved]
        insert_at = len([u for u in before if u not in moved])
        self.inspector.request_order(rest[:insert_at] + moved + rest[insert_at:])
        event.setDropAction(Qt.DropAction.IgnoreAction)
        event.accept()


class StackInspector(QWidget):
    """Shows the stack in one hex; reorders it."""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.setObjectName("StackInspector")
        self.session = session
        self.hex: Hex | None = None
        self.title = QLabel("No stack selected")
        self.title.setWordWrap(True)
        self.list = _CounterList(self)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._context_menu)
        self.raise_button = QPushButton("Raise")
        self.lower_button = QPushButton("Lower")
        self.raise_button.clicked.connect(lambda: self.shift(-1))
        self.lower_button.clicked.connect(lambda: self.shift(1))
        buttons = QHBoxLayout()
        buttons.addWidget(self.raise_button)
        buttons.addWidget(self.lower_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.list)
        layout.addLayout(buttons)
        session.state.subscribe(self.on_change)

    def detach(self) -> None:
        """Stop listening to the game."""
        self.session.state.unsubscribe(self.on_change)

    def show_hex(self, h: Hex | None) -> None:
        """Inspect the stack in ``h`` (None: nothing)."""
        self.hex = h
        self.refresh()

    def on_change(self, change: Change) -> None:
        """Follow changes to the inspected stack."""
        if self.hex is not None and self.hex in change.hexes:
            self.refresh()

    def refresh(self) -> None:
        """Rebuild the rows from the game."""
        state = self.session.state
        selected = {i.data(UID_ROLE) for i in self.list.selectedItems()}
        self.list.clear()
        stack = state.stack_at(self.hex) if self.hex is not None else []
        if not stack:
            self.title.setText("No stack selected")
            return
        label = state.hexmap.label(self.hex)
        terrain = state.hexmap.terrain[self.hex]
        side = stack[0].side  # names from a file are text, never markup
        size = stack_size(stack, state.vocabulary)
        self.title.setText(
            f"<b>{html.escape(label)}</b> ({html.escape(terrain)}) - {html.escape(side)}: "
            + ", ".join(t for t in (plural(len(stack), "counter"), size) if t)
        )
        sides = state.side_order  # as the map colours them
        vocabulary = state.vocabulary
        for counter in stack:
            unit, status = counter.unit, counter.status
            if unit.steps is not None:  # its steps said as "1 of 2 steps", not again as lost
                status = replace(status, steps_lost=0)
            text = f"{unit.name}  {strength_text(unit)}\n{unit_line(counter, vocabulary)}"
            if words := status_words(status, vocabulary):
                text += f"\n{words}"  # e.g. "Disrupted; heroic; 1 step lost"
            marks = status_marks(counter.status, vocabulary)
            icon = counter_icon(unit, counter.side, 44, sides, counter.status, marks)
            item = QListWidgetItem(icon, text)
            item.setData(UID_ROLE, counter.uid)
            item.setToolTip(
                f"{unit.name} ({counter.uid}), {unit_sum(counter, vocabulary)}"
                + (words and f"; {words}")
            )
            self.list.addItem(item)
            item.setSelected(counter.uid in selected)

    def row_menu(self, row: int) -> QMenu | None:
        """The context menu of a row: the counter actions its ruleset declares; None when
        the row's counter has nothing to offer."""
        item = self.list.item(row)
        if item is None:
            return None
        counter = self.session.state.counters.get(item.data(UID_ROLE))
        menu = QMenu(self)
        if counter is None or not (
            add_counter_actions(menu, self.session, [counter])
            + add_status_actions(menu, self.session, counter)
        ):
            menu.deleteLater()
            return None
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        return menu

    def _context_menu(self, pos: QPoint) -> None:
        item = self.list.itemAt(pos)
        menu = self.row_menu(self.list.row(item)) if item is not None else None
        if menu is not None:
            menu.popup(self.list.viewport().mapToGlobal(pos))

    def order(self) -> list[str]:
        """The counters as listed, top first."""
        return [self.list.item(i).data(UID_ROLE) for i in range(self.list.count())]

    def selected_uids(self) -> list[str]:
        """The counters selected in the list."""
        return [i.data(UID_ROLE) for i in self.list.selectedItems()]

    def request_order(self, order: list[str]) -> None:
        """Ask for a new stack order (undoable)."""
        if self.hex is not None:
            self.session.reorder(self.hex, order)

    def shift(self, step: int) -> None:
        """Move the selected counter one place up (-1) or down (+1)."""
        uids = self.selected_uids()
        order = self.order()
        if len(uids) != 1:
            return
        i = order.index(uids[0])
        j = max(0, min(len(order) - 1, i + step))
        if i == j:
            return
        order.insert(j, order.pop(i))
        self.request_order(order)
        self.list.item(j).setSelected(True)


def add_status_actions(menu: QMenu, session: GameSession, counter: Counter) -> int:
    """Add what the ruleset lets a player set on ``counter``: its morale or cohesion state, its
    markers, a step lost or got back; returns how many entries were added (none where the
    ruleset declares no states, markers or steps)."""
    vocabulary = session.state.vocabulary
    status, uid = counter.status, counter.uid
    added = 0
    if vocabulary.states:
        states = menu.addMenu("State")
        for key, label in (("", "Good order"), *((s.key, s.label) for s in vocabulary.states)):
            action = states.addAction(label)
            action.setCheckable(True)
            action.setChecked(status.state == key)
            action.triggered.connect(lambda _c=False, k=key: session.run(SetState(uid, state=k)))
        added += 1
    if vocabulary.markers:
        markers = menu.addMenu("Markers")
        for spec in vocabulary.markers:
            action = markers.addAction(spec.label)
            action.setCheckable(True)
            on = spec.key in status.markers
            action.setChecked(on)
            command = RemoveMarker if on else AddMarker
            action.triggered.connect(
                lambda _c=False, k=spec.key, make=command: session.run(make(uid, marker=k))
            )
        added += 1
    if vocabulary.steps:
        lose = menu.addAction("Lose a step")
        lose.triggered.connect(lambda _c=False: session.run(LoseSteps(uid)))
        back = menu.addAction("Get back a step")
        back.setEnabled(status.steps_lost > 0)
        back.triggered.connect(lambda _c=False: session.run(RestoreSteps(uid)))
        added += 2
    return added
