"""Context-menu actions that turn a coast defence artillery counter to its other side (14A4).

The map's stack menu and the stack inspector's row menu both offer them. A flip outside the
owner's initial phase is refused by the game with the rule's words, which the session reports
(the window shows it in the status bar), so the action stays enabled and a player learns why.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMenu

from hexcombat.game.coast_defence import MODE_WORDS, cd_counter, is_cd_counter
from hexcombat.game.commands import FlipCoastDefence
from hexcombat.game.state import Counter, GameError
from hexcombat.ui.game_session import GameSession

RULE_14A4 = (
    "A player may switch his CDA units between their two sides/modes only during his initial "
    "phase (14A4)"
)


def flip_text(counter: Counter, named: bool = False) -> str | None:
    """``Flip to CD mode (14A4)`` (with the unit's name when a menu lists several), or None when
    the counter has no other side to turn to."""
    if not is_cd_counter(counter):
        return None
    try:
        mode = MODE_WORDS[cd_counter(counter).other_mode]
    except GameError:
        return None
    name = f" {counter.unit.name}" if named else ""
    return f"Flip{name} to {mode} (14A4)"


def add_flip_actions(menu: QMenu, session: GameSession, counters: list[Counter]) -> int:
    """Add a flip action for each CDA counter in ``counters``; returns how many were added."""
    flippable = [(c, flip_text(c, named=True)) for c in counters]
    flippable = [(c, text) for c, text in flippable if text is not None]
    for counter, named in flippable:
        text = named if len(flippable) > 1 else flip_text(counter)
        action = menu.addAction(str(text))
        action.setStatusTip(RULE_14A4)
        action.setToolTip(RULE_14A4)
        action.triggered.connect(
            lambda _checked=False, uid=counter.uid: session.run(FlipCoastDefence(uid))
        )
    return len(flippable)
