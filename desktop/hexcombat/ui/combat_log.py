"""The combat log dock: every resolved combat, newest last, its working in the tooltip."""

from __future__ import annotations

from PySide6.QtWidgets import QListWidget, QListWidgetItem

from hexcombat.game.state import Change, GameState


class CombatLog(QListWidget):
    """Shows ``state.log``."""

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.setObjectName("CombatLog")
        self.setWordWrap(True)
        self.state = state
        state.subscribe(self.on_change)
        self.refresh()

    def detach(self) -> None:
        """Stop listening to the game."""
        self.state.unsubscribe(self.on_change)

    def on_change(self, change: Change) -> None:
        """A combat was applied or undone."""
        if change.log:
            self.refresh()

    def refresh(self) -> None:
        """Rebuild the rows from the game's log."""
        self.clear()
        for entry in self.state.log:
            item = QListWidgetItem(entry.text)
            item.setToolTip("\n".join(entry.details))
            self.addItem(item)
        if self.count():
            self.scrollToBottom()
