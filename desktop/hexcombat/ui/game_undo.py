"""Every change to the game as a ``QUndoCommand`` wrapping the game layer's own command.

The game command does the work and reports its :class:`Change`; this wrapper only lets Qt's undo
stack (Edit menu, history dock, clean state for "unsaved changes") drive it.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from hexcombat.game.state import Command, GameState


class GameUndoCommand(QUndoCommand):
    """A game command on the undo stack. It has already been done when pushed (so a refused
    command never reaches the stack); the stack's first ``redo`` is therefore skipped."""

    def __init__(self, state: GameState, command: Command) -> None:
        super().__init__(command.text)
        self.state = state
        self.command = command
        self._done = True

    def redo(self) -> None:
        if self._done:
            self._done = False
            return
        self.state.notify(self.command.do(self.state))

    def undo(self) -> None:
        self.state.notify(self.command.undo(self.state))
