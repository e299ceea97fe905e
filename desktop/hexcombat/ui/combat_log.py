"""The combat log dock: every combat, newest last: when its dice were rolled, where, the odds,
the roll and result, then the losses taken, the retreats and the advance; its working in the
tooltip."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtWidgets import QListWidget, QListWidgetItem

from hexcombat.game.state import Change, CombatLogEntry, GameState


def roll_clock(rolled_at: str | None, today: datetime | None = None) -> str:
    """When the dice were rolled, in the player's local time: ``21:14``, with the date when it
    was not today (``2026-11-22 21:14``); "" when the game did not record it (older saves)."""
    if rolled_at is None:
        return ""
    when = datetime.fromisoformat(rolled_at).astimezone()
    today = today or datetime.now().astimezone()
    if when.date() == today.date():
        return when.strftime("%H:%M")
    return when.strftime("%Y-%m-%d %H:%M")


def entry_lines(entry: CombatLogEntry, applied: bool = True) -> list[str]:
    """The log's lines for ``entry``: the time and summary, then (once the result is applied)
    the losses by unit name, each retreat and the advance."""
    clock = roll_clock(entry.rolled_at)
    lines = [f"{clock}  {entry.text}" if clock else entry.text]
    outcome = entry.losses or entry.retreats or entry.advance
    if not applied or (entry.rolled_at is None and not outcome):
        return lines  # a roll waiting to be applied; or a game saved before these were kept
    if entry.changes:  # a follow-up's roll (a morale check) or a counter action's
        return lines + [f"Changed: {change}" for change in entry.changes]
    lines.append("Losses: " + ("; ".join(entry.losses) or "none"))
    lines += [f"Retreat: {retreat}" for retreat in entry.retreats]
    lines += [f"Advance: {advance}" for advance in entry.advance]
    return lines


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
        pending = self.state.pending_roll
        for entry in self.state.log:
            applied = pending is None or entry is not pending.entry
            item = QListWidgetItem("\n    ".join(entry_lines(entry, applied)))
            when = [f"rolled {entry.rolled_at}"] if entry.rolled_at else []
            item.setToolTip("\n".join([*when, *entry.details]))
            self.addItem(item)
        if self.count():
            self.scrollToBottom()
