"""A tutorial walked in a window: on the map (the main window) or in the calculator.

Each host gives the tutorial panel the combat's report as it stands, draws what the current
step counts (hexes and counters on the map in an overlay above the counters, the entries in the
calculator's lists) and marks the step's row of the working, does what Show me asks, and puts
the example back (Restart). The panel refreshes whenever the combat or the map changes, so the
number a step shows moves with the player's changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QAction,
    QBrush,
    QColor,
    QFont,
    QKeySequence,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QMenu,
    QStyleOptionGraphicsItem,
    QTableWidget,
    QTreeWidgetItem,
    QWidget,
)

from hexcombat.board.hexes import Hex
from hexcombat.board.layout import Layout
from hexcombat.game.scenario import load_scenario
from hexcombat.game.tutorial_steps import (
    SIDES,
    EntryKey,
    Marked,
    ReportLike,
    TutorialStep,
    Wait,
    entry_uids,
    marked_on_map,
    wait_done,
    wait_words,
)
from hexcombat.sourcefile import SourceError
from hexcombat.ui.loss_choosers import UID_ROLE
from hexcombat.ui.qtgeometry import hex_polygon, marks_bounds

MainWindow = Any
"""The main window (ui/main_window.py imports this module, so it is not imported here)."""
CalculatorWindow = Any

MARK_COLOURS = {
    "counted": "#D55E00",  # Okabe-Ito vermilion: what the step counts
    "terrain": "#009E73",  # bluish green: the terrain that matters
    "ring": "#CC79A7",  # reddish purple: a range ring
    "out": "#7f7f7f",  # grey: left out of what the step counts
}
"""What a step highlights, in colours the colour-blind tell apart from the attack's own blue
and red."""
HEXSIDE_COLOUR = "#D55E00"
ROW_COLOUR = QColor("#F0E442")
"""The working's row the step is about: the tutorial's own Okabe-Ito yellow."""


class TutorialMarks(QGraphicsItem):
    """What the tutorial's step counts, drawn above the counters: an outline round each hex
    (no fill, so the counters stay readable), a badge with how many counters of the hex the step
    counts, and the hexsides it names."""

    def __init__(self, layout: Layout) -> None:
        super().__init__()
        self.layout = layout
        self.marked = Marked({}, (), frozenset())
        self.counts: dict[Hex, int] = {}
        self.out: dict[Hex, int] = {}
        self._bounds = QRectF()
        self.keep_clear: list[QRectF] = []
        """The place names' plates: no outline is drawn across them (a name's first and last
        letters stay readable where it runs over its hex's edge)."""
        self.setZValue(50)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def show_marks(
        self, marked: Marked, counts: Mapping[Hex, int], out: Mapping[Hex, int] | None = None
    ) -> None:
        """Draw ``marked``; ``counts``: how many counted counters stand in each hex, ``out``:
        how many left out."""
        self.prepareGeometryChange()
        self.marked = marked
        self.counts = dict(counts)
        self.out = dict(out or {})
        self._bounds = marks_bounds(self.layout, marked.hexes, marked.hexsides, 12)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        size = self.layout.size
        painter.save()
        if self.keep_clear:
            allowed = QPainterPath()
            allowed.addRect(self._bounds)
            for plate in self.keep_clear:
                if plate.intersects(self._bounds):
                    cut = QPainterPath()
                    cut.addRect(plate)
                    allowed = allowed.subtracted(cut)
            painter.setClipPath(allowed, Qt.ClipOperation.IntersectClip)
        for h, role in self.marked.hexes.items():
            pen = QPen(QColor(MARK_COLOURS.get(role, MARK_COLOURS["counted"])), size * 0.09)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            if role in ("ring", "out"):
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(hex_polygon(self.layout, h))
        for side in self.marked.hexsides:
            pen = QPen(QColor(HEXSIDE_COLOUR), size * 0.16)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            a, b = self.layout.hexside_endpoints(side)
            painter.drawLine(*a, *b)
        painter.restore()
        font = QFont()
        font.setPixelSize(max(8, int(size * 0.32)))
        font.setBold(True)
        painter.setFont(font)
        badges = [(h, f"\u00d7{n}", "counted") for h, n in self.counts.items()]
        badges += [(h, f"\u2212{n}", "out") for h, n in self.out.items() if h not in self.counts]
        for h, words, role in badges:
            centre = hex_polygon(self.layout, h).boundingRect().center()
            # left of the counter, inside the hex: clear of the hex label and the stack's tab
            badge = QRectF(
                centre.x() - size * 0.95, centre.y() - size * 0.2, size * 0.45, size * 0.4
            )
            painter.setPen(QPen(QColor("#000000"), 1))
            painter.setBrush(QBrush(QColor(MARK_COLOURS[role])))
            painter.drawRoundedRect(badge, 4, 4)
            painter.setPen(QColor("#ffffff"))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, words)


def mark_row(table: QTableWidget, row: int | None) -> None:
    """Mark ``row`` of a steps table in the tutorial's yellow (and scroll to it); the other
    rows keep the table's own colours."""
    for r in range(table.rowCount()):
        for column in range(table.columnCount()):
            item = table.item(r, column)
            if item is not None:
                item.setBackground(QBrush(ROW_COLOUR) if r == row else QBrush())
    if row is not None and 0 <= row < table.rowCount() and table.item(row, 0) is not None:
        table.scrollToItem(table.item(row, 0))


class MapWalk:
    """A tutorial walked on the map of the main window."""

    def __init__(self, window: MainWindow, path: Path) -> None:
        self.window = window
        self.path = path
        assert window.scene is not None and window.session is not None
        self.marks = TutorialMarks(window.scene.layout)
        self.marks.keep_clear = list(window.scene.place_names.plates.values())
        window.scene.addItem(self.marks)
        self.marked: Marked = Marked({}, (), frozenset())
        self.row: int | None = None
        self._fought: tuple[object, ReportLike] | None = None
        """The game and the report of the last attack on show: after Apply the step's number
        is still that combat's while its follow-ups are rolled."""

    # what the panel asks ----------------------------------------------------------------------

    def walk_report(self) -> ReportLike | None:
        """The attack set up, else the combat just fought (its follow-ups may still be rolled):
        the number a step states stays that combat's until another attack is set up."""
        panel, session = self.window.combat_panel, self.window.session
        if panel is None or session is None:
            return None
        if panel.report is not None:
            self._fought = (session.state, panel.report)
            return panel.report
        waiting = session.state.follow_ups
        if waiting is not None:
            return waiting.report
        if self._fought is not None and self._fought[0] is session.state:
            return self._fought[1]
        return None

    def walk_attack_name(self) -> str:
        """What this game calls an attack (Assault in the tactical games)."""
        session = self.window.session
        return session.state.vocabulary.attack_name if session is not None else "Attack"

    def walk_wait_done(self, wait: Wait) -> bool | None:
        if self.window.session is None:
            return None
        hexmap = self.window.session.state.hexmap
        try:
            return wait_done(wait, hexmap, self.window.tutorial_panel.entries, self)
        except ValueError:  # a hex the map has not (check says so): nothing to wait for
            return None

    def walk_mark(self, step: TutorialStep | None, row: int | None) -> None:
        session = self.window.session
        if session is None or not shiboken6.isValid(self.marks):
            return  # the game is going: its map (and the marks on it) with it
        state = session.state
        if step is None:
            self.marked = Marked({}, (), frozenset())
        else:
            entries = self.window.tutorial_panel.entries
            self.marked = marked_on_map(step, state.hexmap, entries, self.counters_on_map())
        counts: dict[Hex, int] = {}
        for uid in self.marked.counters:
            h = state.hex_of(uid)
            counts[h] = counts.get(h, 0) + 1
        out: dict[Hex, int] = {}
        for uid in self.marked.left_out:
            h = state.hex_of(uid)
            out[h] = out.get(h, 0) + 1
        self.marks.show_marks(self.marked, counts, out)
        self.row = row
        if self.window.combat_panel is not None:
            mark_row(self.window.combat_panel.steps, row)

    def walk_show_me(self, wait: Wait) -> None:
        window = self.window
        session, scene, panel = window.session, window.scene, window.combat_panel
        if session is None or scene is None or panel is None:
            return
        hexmap = session.state.hexmap
        if wait.kind == "roll":
            if panel.target is None:
                window.set_up_tutorial_attack()
            panel.roll(list(wait.dice) or None)  # the dice the step names, typed
            return
        if self.dice_in_the_way(wait) and window.undo_action is not None:
            window.undo_action.trigger()  # the dice rolled fix the attack: take them back first
        if wait.kind in ("select", "attack"):
            h = hexmap.hex_at(wait.hex)
            scene.select_hex(h)
            if window.inspector is not None:
                window.inspector.show_hex(h)
            if wait.kind == "attack":
                window.attack_hex(h)
            return
        if wait.kind == "date":
            if panel.target is None:
                window.set_up_tutorial_attack()
            panel.date.setText(wait.condition)  # as the player's typing, then Return
            panel.date.editingFinished.emit()
            return
        if wait.kind == "set":
            if panel.target is None:
                window.set_up_tutorial_attack()
            box = panel.condition_boxes.get(wait.condition)
            if box is not None:
                box.setChecked(wait.on)  # as the player's click: the combat is evaluated again
            return
        uids = self.entry_on_map(wait)
        if wait.kind == "remove":
            session.remove(uids)
            return
        if panel.target is None:
            window.set_up_tutorial_attack()
        tree = panel.candidate_tree
        for i in range(tree.topLevelItemCount()):  # exactly the entry's units, as clicks do
            stack = tree.topLevelItem(i)
            units = [stack.child(j) for j in range(stack.childCount())]
            if any(u.data(0, UID_ROLE) in uids for u in units):
                stack.setExpanded(True)  # the player sees the units ticked
            for item in units or [stack]:
                held = item.data(0, UID_ROLE)  # a unit's uid; a one-unit stack's list of them
                if set([held] if isinstance(held, str) else held or ()) & set(uids):
                    tick(item, wait.kind == "tick")

    def walk_restart(self) -> None:
        """The example as its file lays it out (a saved game's: the shipped tutorial's)."""
        if self.path != self.window.source_path:
            self.window.open_file(self.path)
        else:
            self.window.restart_tutorial()

    def dice_in_the_way(self, wait: Wait) -> bool:
        """Whether dice rolled for the attack stand in the way of what ``wait`` asks (the
        Combat panel changes no attack whose result waits to be applied)."""
        session = self.window.session
        return (
            wait.kind not in ("select", "roll")
            and session is not None
            and session.state.pending_roll is not None
        )

    def walk_wait_words(self, wait: Wait, done: bool = False) -> str:
        """The entry's counters by name and hex: ``the Tank X, Tank X in 0404``; an attack by
        the game's word for it (``Assault``); the dice to undo first, if rolled."""
        words = self._wait_words(wait, done)
        if not done and self.dice_in_the_way(wait):
            words += " (the dice are rolled: Undo them first, Ctrl+Z; Show me does both)"
        return words

    def _wait_words(self, wait: Wait, done: bool) -> str:
        session = self.window.session
        if session is None:
            return wait_words(wait, done=done)
        state = session.state
        attack = state.vocabulary.attack_name
        panel = self.window.combat_panel
        if wait.kind == "set" and panel is not None and wait.condition in panel.condition_boxes:
            label = panel.condition_boxes[wait.condition].text().replace("&", "")
            return wait_words(wait, label, done)
        uids = self.entry_on_map(wait) if wait.side else []
        if not uids:
            return wait_words(wait, done=done, attack=attack)
        hexes = dict.fromkeys(state.hexmap.label(state.hex_of(u)) for u in uids)
        names = ", ".join(state.counters[u].unit.name for u in uids)
        words = wait_words(wait, f"the {names} in {', '.join(hexes)}", done, attack)
        held = {state.hex_of(u) for u in uids}
        stacked = sum(len(state.stack_at(h)) for h in held) > len(uids)  # others beside it
        if wait.kind in ("tick", "untick") and not done and stacked:
            words += " (its units unfold under the stack: click its arrow)"
        return words

    # what a wait reads of the window --------------------------------------------------------

    def selected_hex(self) -> Hex | None:
        return self.window.selected_hex()

    def attack_target(self) -> Hex | None:
        panel = self.window.combat_panel
        return panel.target if panel is not None else None

    def attacking_uids(self) -> Sequence[str]:
        panel = self.window.combat_panel
        return panel.attacker_uids() if panel is not None and panel.target is not None else []

    def counters_on_map(self) -> Mapping[str, Hex]:
        session = self.window.session
        if session is None:
            return {}
        return {c.uid: h for h, stack in session.state.stacks().items() for c in stack}

    def date_now(self) -> str:
        session = self.window.session
        return str(session.state.conditions.date or "") if session is not None else ""

    def dice_rolled(self) -> bool:
        session = self.window.session
        return session is not None and (
            session.state.pending_roll is not None or bool(session.state.log)
        )

    def condition_on(self, key: str) -> bool | None:
        panel = self.window.combat_panel
        box = panel.condition_boxes.get(key) if panel is not None else None
        if box is None or panel.target is None:
            return None
        return box.isChecked()

    def entry_on_map(self, wait: Wait) -> list[str]:
        on_map = self.counters_on_map()
        entries = self.window.tutorial_panel.entries
        return [u for u in entries.get((wait.side, wait.index), ()) if u in on_map]

    def detach(self) -> None:
        """The game goes: take the marks off its map."""
        scene = self.marks.scene() if shiboken6.isValid(self.marks) else None
        if scene is not None:
            scene.removeItem(self.marks)


def tick(item: QTreeWidgetItem, on: bool) -> None:
    """Tick or untick an attacking stack, or one unit of it, as the player's click does."""
    item.setCheckState(0, Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)


def scenario_walk(path: Path | None) -> tuple[list[TutorialStep], dict[EntryKey, list[str]]]:
    """The walking steps of the tutorial scenario at ``path`` and each entry's counters as it is
    laid out ([] for a save or a file that no longer reads: its steps show as text)."""
    if path is None or path.suffix.lower() != ".toml":
        return [], {}
    try:
        scenario = load_scenario(path)
    except (SourceError, OSError):
        return [], {}
    return list(scenario.tutorial_steps), entry_uids(scenario.placements)


def walk_source(path: Path | None, title: str, texts: Sequence[str]) -> Path | None:
    """The scenario whose steps a game walks: its own file, or for a saved game the shipped
    tutorial it was saved from (the same title and step texts), so a saved tutorial still
    shows its numbers; None when there is none."""
    if path is not None and path.suffix.lower() == ".toml":
        return path
    from hexcombat.game.tutorials import shipped_tutorials

    for tutorial in shipped_tutorials():
        if tutorial.title == title and not tutorial.calculator:
            steps, _entries = scenario_walk(tutorial.path)
            if [s.text for s in steps] == list(texts):
                return tutorial.path
    return None


class CalculatorWalk:
    """A tutorial walked in a calculator window: its lists and working are what it marks."""

    def __init__(self, calculator: CalculatorWindow, path: Path) -> None:
        self.calculator = calculator
        self.path = path
        combat = calculator.combat
        self.opened: dict[EntryKey, object] = {
            (side, i + 1): entry for side in SIDES for i, entry in enumerate(combat.entries(side))
        }
        """Each scenario entry as the example opens (a ``remove`` wait looks for it)."""

    def walk_report(self) -> ReportLike | None:
        return self.calculator.report

    def walk_wait_done(self, wait: Wait) -> bool | None:
        """A calculator step waits only for an entry removed from its list, or its count set."""
        entry = self.opened.get((wait.side, wait.index))
        if wait.kind not in ("remove", "count") or not isinstance(entry, dict):
            return None
        listed = any(e is entry for e in self.calculator.combat.entries(wait.side))
        if wait.kind == "count":
            return listed and entry.get("count", 1) == wait.count
        return not listed

    def walk_mark(self, step: TutorialStep | None, row: int | None) -> None:
        marked = {
            (m.where, m.index)
            for m in (step.highlight if step is not None else ())
            if m.kind == "entry"
        }
        for side, listing in self.calculator.lists.items():
            for i in range(listing.count()):
                on = (side, i + 1) in marked
                listing.item(i).setBackground(QBrush(ROW_COLOUR) if on else QBrush())
        mark_row(self.calculator.steps, row)

    def walk_show_me(self, wait: Wait) -> None:
        """Remove the entry the step names, as Delete in its list does, or set its count."""
        entry = self.opened.get((wait.side, wait.index))
        combat = self.calculator.combat
        for i, e in enumerate(combat.entries(wait.side)):
            if e is entry:
                if wait.kind == "count":
                    combat.set_entry(wait.side, i, count=wait.count)
                else:
                    combat.remove(wait.side, i)
                self.calculator.refresh()
                return

    def walk_wait_words(self, wait: Wait, done: bool = False) -> str:
        """The entry as its list names it: ``Remove Mot Inf III (...) from the attackers'
        list``."""
        entry = self.opened.get((wait.side, wait.index))
        name = ""
        if isinstance(entry, dict):
            unit = self.calculator.combat.library.counters.get(entry.get("counter"))
            name = str(entry.get("name") or (unit.name if unit else entry.get("counter", "")))
        if wait.kind not in ("remove", "count") or not name:
            return wait_words(wait, done=done)
        if wait.kind == "count":
            return f"Set the {name}'s count to {wait.count} (choose it, then Count, Alt+N)"
        return f"Remove the {name} from the {wait.side}s' list (choose it, Delete)"

    def walk_restart(self) -> None:
        calculator = self.calculator
        calculator.dirty = False  # the example's own file: nothing of the player's to keep
        if calculator.open_path(self.path):
            panel = getattr(calculator, "tutorial_panel", None)
            finished = panel.on_finished if panel is not None else (lambda _p: None)
            attach_calculator_walk(calculator, self.path, finished)


CALCULATOR_KEYS = (
    ("&Next Tutorial Step", "Alt+Right", "next"),
    ("&Previous Tutorial Step", "Alt+Left", "back"),
    ("&Restart Tutorial", "Ctrl+Shift+R", "restart"),
)
"""The calculator's tutorial keys (its single letters are taken by its fields)."""


def add_calculator_keys(calculator: CalculatorWindow, panel: Any) -> None:  # noqa: ANN401
    """A Tutorial menu in the calculator (before Help), so its Help > Keys lists the keys."""
    bar = calculator.menuBar()
    menu = QMenu("T&utorial", bar)
    menu.setObjectName("CalculatorTutorialMenu")
    slots = {
        "next": lambda: panel.next_step(1),
        "back": lambda: panel.next_step(-1),
        "restart": panel.restart,
    }
    for text, key, slot in CALCULATOR_KEYS:
        action = QAction(text, calculator)
        action.setShortcut(QKeySequence(key))
        action.setToolTip(f"{text.replace('&', '')} ({key})")
        action.triggered.connect(lambda _checked=False, f=slots[slot]: f())
        menu.addAction(action)
    help_menu = bar.actions()[-1]
    bar.insertMenu(help_menu, menu)


def attach_calculator_walk(
    calculator: CalculatorWindow, path: Path, finished: Callable[[Path], object]
) -> bool:
    """Give the calculator opened on ``path`` its tutorial dock, when the file has steps."""
    from PySide6.QtWidgets import QDockWidget

    from hexcombat.ui.tutorial_panel import TutorialPanel

    steps, _entries = scenario_walk(path)
    if not steps:
        return False
    panel = getattr(calculator, "tutorial_panel", None)
    if panel is None:
        panel = TutorialPanel()
        dock = QDockWidget("Tutorial", calculator)
        dock.setObjectName("CalculatorTutorialDock")
        dock.setWidget(panel)
        calculator.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        calculator.tutorial_panel = panel  # type: ignore[attr-defined]
        add_calculator_keys(calculator, panel)
        previous = calculator.on_refreshed
        calculator.on_refreshed = lambda: (previous(), panel.refresh())
    combat = calculator.combat
    panel.on_finished = finished
    panel.show_tutorial(
        str(combat.data.get("title", "")),
        str(combat.data.get("description", "")),
        steps,
        combat.ruleset,  # its glossary names the totals the steps show
    )
    panel.attach(CalculatorWalk(calculator, path), {}, path)
    return True
