"""One open game: its state, its undo stack, and where it is saved.

Widgets ask the session for changes (move, add, remove, reorder, apply a combat); the session runs
the game command, puts it on the undo stack, and reports a refusal in the player's words. The
undo stack's clean state says whether there are unsaved changes.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from hexcombat.board.hexes import Hex
from hexcombat.game.commands import (
    AddCounter,
    MoveCounters,
    RemoveCounters,
    ReopenedRoll,
    ReorderStack,
)
from hexcombat.game.saves import save_game
from hexcombat.game.state import Command, GameError, GameState
from hexcombat.ui.game_undo import GameUndoCommand


class GameSession(QObject):
    """The game a window shows, with its undo history."""

    refused = Signal(str)
    """A change the game refused, in words for the status bar."""

    def __init__(self, state: GameState, path: Path | None = None) -> None:
        super().__init__()
        self.state = state
        self.path = path
        """The saved game file, None until saved (a map or scenario is not overwritten)."""
        self.undo_stack = QUndoStack(self)
        self.last_refusal = ""
        """Why the last refused change was refused (panels show it beside the control)."""
        # a method, not a lambda holding the session: a connection to a lambda is held by Qt,
        # and one holding the session would keep every game ever opened alive
        self.refused.connect(self._remember_refusal)
        reopened = ReopenedRoll.of(state)
        if reopened is not None:  # a save with a roll waiting: Ctrl+Z takes it back, as before
            self.undo_stack.push(GameUndoCommand(state, reopened))
            self.undo_stack.setClean()

    def _remember_refusal(self, text: str) -> None:
        self.last_refusal = text

    @property
    def modified(self) -> bool:
        """Whether there are changes since the last save (or since opening)."""
        return not self.undo_stack.isClean()

    def run(self, command: Command) -> bool:
        """Do ``command`` and keep it for undo; False (and :attr:`refused`) when illegal."""
        try:
            change = command.do(self.state)
        except GameError as exc:
            self.refused.emit(str(exc))
            return False
        self.undo_stack.push(GameUndoCommand(self.state, command))
        self.state.notify(change)
        return True

    def move(self, uids: list[str], to_hex: Hex | None) -> bool:
        """Move counters onto the stack in ``to_hex``."""
        if to_hex is None:
            self.refused.emit("that spot is off the map")
            return False
        return self.run(MoveCounters(list(uids), to_hex))

    def add(self, counter_id: str, side: str, to_hex: Hex | None) -> bool:
        """Put a new counter from the library on ``to_hex``."""
        if to_hex is None:
            self.refused.emit("that spot is off the map")
            return False
        try:
            counter = self.state.counter_from_library(counter_id, side)
        except GameError as exc:
            self.refused.emit(str(exc))
            return False
        return self.run(AddCounter(counter, to_hex))

    def remove(self, uids: list[str]) -> bool:
        """Take counters off the map."""
        return bool(uids) and self.run(RemoveCounters(list(uids)))

    def reorder(self, h: Hex, order: list[str]) -> bool:
        """Set the order of the stack in ``h`` (top first)."""
        if [c.uid for c in self.state.stack_at(h)] == list(order):
            return False
        return self.run(ReorderStack(h, list(order)))

    def save(self, path: Path) -> None:
        """Write the game to ``path`` (atomically) and mark it saved."""
        save_game(self.state, path)
        self.path = path
        self.undo_stack.setClean()
