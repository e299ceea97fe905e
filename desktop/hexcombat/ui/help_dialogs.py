"""The Help menu's windows: the keys, the rulesets and where their rules are described, and
About (the version, the licence, where the data files live).

Each is a plain window that does not block the map; the main window keeps one of each.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QTextDocumentFragment
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcombat import __version__, paths
from hexcombat.rules.registry import get_ruleset, ruleset_ids

MAP_KEYS: tuple[tuple[str, str], ...] = (
    ("Arrow keys", "Pan the map"),
    ("Mouse wheel, pinch", "Zoom about the mouse"),
    ("Drag empty map", "Pan the map"),
    ("Drag a stack", "Move the stack to another hex"),
    ("Shift + drag a stack", "Move only its top counter"),
    ("Right-click a stack", "Its menu: attack, delete, its counters' own actions (a flip)"),
    ("Click a highlighted hex", "After a roll: the beaten stack retreats there"),
)
"""Keys and mouse moves that are not menu commands."""

RULES_DOC = "docs/rules.md"
"""Where the project describes each ruleset's rules and how hexcombat reads them."""


class HelpWindow(QDialog):
    """A Help window: its text and table (if any) above a Close button."""

    def __init__(self, parent: QWidget | None, name: str, title: str) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setWindowTitle(title)
        self.body = QVBoxLayout(self)
        self.table: QTableWidget | None = None
        self.labels: list[QLabel] = []

    def add_text(self, text: str) -> QLabel:
        """A paragraph (rich text; links open in the player's browser or file viewer)."""
        label = QLabel(text)
        label.setWordWrap(True)
        label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        label.setOpenExternalLinks(True)
        label.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextBrowserInteraction
            | Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.body.addWidget(label)
        self.labels.append(label)
        return label

    def add_table(self, rows: list[tuple[str, str]], headings: tuple[str, str]) -> None:
        """A two-column table."""
        self.table = _table(rows, headings)
        self.body.addWidget(self.table)

    def finish(self, width: int, height: int) -> HelpWindow:
        """Add the Close button and size the window."""
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        if self.table is None:  # text alone: as tall as it is, no blank band under it
            self.body.addStretch(1)
        self.body.addWidget(buttons)
        if self.table is None:
            height = min(height, self.body.totalHeightForWidth(width))
        self.resize(width, height)
        return self

    def text(self) -> str:
        """All the window says, as plain text (tests read it)."""
        plain = QTextDocumentFragment.fromHtml
        words = [plain(label.text()).toPlainText() for label in self.labels]
        if self.table is not None:
            table = self.table
            for i in range(table.rowCount()):
                words.append(f"{table.item(i, 0).text()}: {table.item(i, 1).text()}")
        return "\n".join(words)


def _table(rows: list[tuple[str, str]], headings: tuple[str, str]) -> QTableWidget:
    table = QTableWidget(len(rows), 2)
    table.setHorizontalHeaderLabels(list(headings))
    table.verticalHeader().hide()
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    for i, (a, b) in enumerate(rows):
        table.setItem(i, 0, QTableWidgetItem(a))
        table.setItem(i, 1, QTableWidgetItem(b))
    table.resizeColumnsToContents()
    table.horizontalHeader().setStretchLastSection(True)
    return table


def shortcut_rows(actions: Iterable[QAction]) -> list[tuple[str, str]]:
    """Each command with a shortcut, as the menus show it: (``Ctrl+O``, ``Open...``)."""
    rows = []
    for action in actions:
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()]
        if keys:
            rows.append((", ".join(keys), action.text().replace("&", "")))
    return rows


def keys_dialog(
    parent: QWidget | None,
    actions: Iterable[QAction],
    more: Iterable[tuple[str, str]] = (),
) -> HelpWindow:
    """Help > Keys: the menu commands' shortcuts (read from the actions, so the list never
    goes stale), the map's keys and mouse moves, then ``more`` (a panel's own keys)."""
    window = HelpWindow(parent, "KeysHelp", "Keys")
    rows = shortcut_rows(actions) + list(MAP_KEYS) + list(more)
    window.add_table(rows, ("Keys", "What they do"))
    return window.finish(560, 520)


def rules_doc_text() -> str:
    """Where to read about the rulesets' rules: the project's ``docs/rules.md``, with its full
    path when this installation has it."""
    doc = paths.data_root() / RULES_DOC
    where = (
        f'<a href="{doc.as_uri()}">{html.escape(str(doc))}</a>'
        if doc.is_file()
        else f"<code>{RULES_DOC}</code> in the hexcombat sources"
    )
    return (
        "<p>The rules each ruleset follows, their rule numbers, and how hexcombat reads the rules "
        f"texts where they leave a question open are described in {where}; the project's "
        "<code>docs/</code> folder and <code>README.md</code> hold the rest.</p>"
        f"<p>Their charts are in <code>{html.escape(str(paths.charts_dir()))}</code>; a chart "
        "value the rules texts do not print is marked <i>assumed</i>, and the Combat panel warns "
        "when one was used.</p>"
    )


def rulesets_dialog(parent: QWidget | None) -> HelpWindow:
    """Help > Rulesets: every ruleset a scenario may name, and where its rules are described."""
    window = HelpWindow(parent, "RulesetsHelp", "Rulesets")
    window.add_text('A scenario names its ruleset with <code>ruleset = "..."</code>:')
    rows = [(rid, get_ruleset(rid).title) for rid in ruleset_ids()]
    window.add_table(rows, ("ruleset", "game and rules"))
    window.add_text(rules_doc_text())
    return window.finish(640, 380)


def about_text() -> str:
    """What About says: the version, the licence, and where the shipped data files are."""
    folders = [
        ("Data", paths.data_root()),
        ("Maps and scenarios", paths.maps_dir()),
        ("Counter sets", paths.counters_dir()),
        ("Charts", paths.charts_dir()),
    ]
    rows = "".join(
        f"<tr><td>{name}:&nbsp;</td><td><code>{html.escape(str(where))}</code></td></tr>"
        for name, where in folders
    )
    return (
        f"<h3>hexcombat {__version__}</h3>"
        "<p>A hex-map combat assistant for board wargamers: odds, every die roll modifier with "
        "its rule, the chance of each result, and the result applied on the map.</p>"
        "<p>Copyright (c) 2026 the hexcombat authors. Released under the MIT licence. "
        "It uses Qt for Python (PySide6, LGPL 3), networkx and shapely.</p>"
        f"<p>Where its files are:</p><table>{rows}</table>"
    )


def about_dialog(parent: QWidget | None) -> HelpWindow:
    """Help > About hexcombat."""
    window = HelpWindow(parent, "AboutHexcombat", "About hexcombat")
    window.add_text(about_text())
    return window.finish(560, 340)
