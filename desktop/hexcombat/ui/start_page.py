"""The start page: every shipped tutorial, listed by rule and by game, with a one-line summary
each and whether the player has walked it to its end (remembered in the settings, as the other
preferences are). hexcombat shows it when it opens with no file, and Help > Tutorials brings it
back; opening a tutorial lays it out on its map, or in the calculator when it has none.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcombat.game.tutorials import Tutorial, rule_key, shipped_tutorials
from hexcombat.rules.registry import left_out

DONE_KEY = "tutorials/done"
"""The settings key listing the tutorials walked to their last step, by file name."""
PATH_ROLE = Qt.ItemDataRole.UserRole
SUMMARY_ROLE = Qt.ItemDataRole.UserRole + 1
DONE_MARK = "\u2713 done"


def done_tutorials(settings: QSettings) -> set[str]:
    """The file names of the tutorials the player has walked to the end."""
    value = settings.value(DONE_KEY, [])
    if isinstance(value, str):  # QSettings gives a one-item list back as its item
        value = [value] if value else []
    return {str(v) for v in value} if isinstance(value, list) else set()


def mark_done(settings: QSettings, path: Path) -> None:
    """Remember that the tutorial at ``path`` was walked to its last step."""
    done = done_tutorials(settings) | {Path(path).name}
    settings.setValue(DONE_KEY, sorted(done))


def where(tutorial: Tutorial) -> str:
    """Where it opens: on its map, or in the calculator (arithmetic and air examples)."""
    return "calculator" if tutorial.calculator else "map"


class StartPage(QDialog):
    """The tutorials, by rule and by game; double-click (or Open) one to walk it."""

    def __init__(
        self, parent: QWidget | None, settings: QSettings, open_tutorial: Callable[[Path], object]
    ) -> None:
        super().__init__(parent)
        self.setObjectName("StartPage")
        self.setWindowTitle("Tutorials - hexcombat")
        self.settings = settings
        self.open_tutorial = open_tutorial
        intro = QLabel(
            "<b>Walk through the rulebooks' worked examples, step by step.</b> Each step shows "
            "the number the rules text states, worked out now from the units on the map: change "
            "a unit and it moves; Restart puts the example back."
        )
        intro.setWordWrap(True)
        self.left_out = QLabel()
        self.left_out.setObjectName("LeftOutRulesets")
        self.left_out.setWordWrap(True)
        self.left_out.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tabs = QTabWidget()
        self.by_rule = self._tree("TutorialsByRule")
        self.by_game = self._tree("TutorialsByGame")
        self.tabs.addTab(self.by_rule, "By rule")
        self.tabs.addTab(self.by_game, "By game")
        buttons = QDialogButtonBox()
        self.open_button = buttons.addButton("Open", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.accepted.connect(self.open_chosen)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.left_out)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        self.resize(900, 700)
        self.fill()

    def _tree(self, name: str) -> QTreeWidget:
        tree = QTreeWidget()
        tree.setObjectName(name)
        tree.setHeaderLabels(["Tutorial: what it shows", "Opens in", "Done"])
        tree.setRootIsDecorated(True)
        tree.setUniformRowHeights(False)  # each tutorial takes two lines: title, summary
        tree.setAlternatingRowColors(True)
        header = tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        tree.itemActivated.connect(self._activated)
        return tree

    def fill(self) -> None:
        """List every shipped tutorial again (and which are done now), and say which ruleset
        folders or plug-ins were left out (their tutorials cannot be played), and why."""
        broken = left_out()
        self.left_out.setVisible(bool(broken))
        self.left_out.setText(
            "Left out (their games cannot be played):\n" + "\n".join(map(str, broken))
        )
        tutorials = shipped_tutorials()
        done = done_tutorials(self.settings)
        self.by_rule.clear()
        for tutorial in sorted(tutorials, key=rule_key):
            self.by_rule.addTopLevelItem(self._item(tutorial, done, tutorial.rule))
        self.by_game.clear()
        games: dict[str, QTreeWidgetItem] = {}
        for tutorial in tutorials:
            group = games.get(tutorial.game)
            if group is None:
                group = QTreeWidgetItem([tutorial.game])
                group.setFirstColumnSpanned(False)
                font = group.font(0)
                font.setBold(True)
                group.setFont(0, font)
                self.by_game.addTopLevelItem(group)
                games[tutorial.game] = group
            group.addChild(self._item(tutorial, done, tutorial.title.removeprefix("Tutorial ")))
        self.by_game.expandAll()

    def _item(self, tutorial: Tutorial, done: set[str], name: str) -> QTreeWidgetItem:
        text = name if name != tutorial.rule else f"{tutorial.rule}:  {_after_rule(tutorial)}"
        if tutorial.summary:
            text += f"\n      {tutorial.summary}"
        mark = DONE_MARK if tutorial.path.name in done else ""
        item = QTreeWidgetItem([text, where(tutorial), mark])
        item.setData(0, PATH_ROLE, str(tutorial.path))
        item.setData(0, SUMMARY_ROLE, tutorial.summary)
        item.setToolTip(0, f"{tutorial.title}\n{tutorial.summary}\n{tutorial.path}")
        return item

    def listed(self, tree: QTreeWidget | None = None) -> list[tuple[str, str, str]]:
        """Each tutorial listed (file name, summary, done mark), in the order shown."""
        tree = tree or self.by_rule
        found = []
        stack = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
        while stack:
            item = stack.pop(0)
            path = item.data(0, PATH_ROLE)
            if path:
                found.append((Path(path).name, item.data(0, SUMMARY_ROLE), item.text(2)))
            stack[:0] = [item.child(i) for i in range(item.childCount())]
        return found

    def _activated(self, item: QTreeWidgetItem, _column: int) -> None:
        path = item.data(0, PATH_ROLE)
        if path:
            self.hide()
            self.open_tutorial(Path(path))

    def open_chosen(self) -> None:
        """Open the tutorial chosen in the list shown."""
        tree = self.tabs.currentWidget()
        item = tree.currentItem() if isinstance(tree, QTreeWidget) else None
        if item is not None:
            self._activated(item, 0)


def _after_rule(tutorial: Tutorial) -> str:
    """The title's words after its rule (``a tank corps is 3 REs of AECA``)."""
    return tutorial.title.split(":", 1)[1].strip() if ":" in tutorial.title else tutorial.title
