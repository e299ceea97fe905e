"""A test's undo stack: runs commands on the game and keeps them, so a test undoes and redoes
them as the window's undo stack does (without Qt)."""

from __future__ import annotations

from hexcombat.game.state import Command, GameError, GameState


class History:
    """Commands run on ``state``, to undo and redo in order."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.done: list[Command] = []
        self.undone: list[Command] = []

    def run(self, command: Command) -> str:
        """Run ``command``: "" when done, else the game's refusal."""
        try:
            self.state.execute(command)
        except GameError as exc:
            return str(exc)
        self.done.append(command)
        return ""

    def undo(self) -> None:
        command = self.done.pop()
        self.state.notify(command.undo(self.state))
        self.undone.append(command)

    def redo(self) -> None:
        command = self.undone.pop()
        self.state.notify(command.do(self.state))
        self.done.append(command)
