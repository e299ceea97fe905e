"""Context-menu actions for the counter actions a ruleset declares (a unit flipped to its other
side, say). The map's stack menu and the stack inspector's row menu both offer them.

An action the rules forbid now is refused by the game with the rule's words, which the session
reports (the window shows it in the status bar), so the action stays enabled and a player
learns why.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMenu

from hexcombat.game.commands import RunCounterAction, counter_actions
from hexcombat.game.state import Counter
from hexcombat.ui.game_session import GameSession


def add_counter_actions(menu: QMenu, session: GameSession, counters: list[Counter]) -> int:
    """Add an action for each counter action of each of ``counters`` (named by unit when the
    menu lists several); returns how many were added."""
    offered = [(c, a) for c in counters for a in counter_actions(session.state, c)]
    for counter, found in offered:
        action = menu.addAction(found.done_text if len(offered) > 1 else found.menu_text)
        action.setStatusTip(found.help)
        action.setToolTip(found.help)
        action.triggered.connect(
            lambda _checked=False, uid=counter.uid, key=found.key: session.run(
                RunCounterAction(uid, key)
            )
        )
    return len(offered)
