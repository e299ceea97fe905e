"""Context-menu actions for the counter actions a ruleset declares (a unit flipped to its other
side, a recovery roll). The map's stack menu and the stack inspector's row menu both offer them.

An action the rules forbid now is refused by the game with the rule's words, which the session
reports (the window shows it in the status bar), so the action stays enabled and a player
learns why. An action that rolls a die asks for it first: the game's dice, or the player's own
typed in.
"""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from hexcombat.game.commands import RunCounterAction, counter_actions
from hexcombat.game.follow_ups import RollCounterAction, counter_roll_text, typed_faces
from hexcombat.game.state import Counter, GameError
from hexcombat.rules.eligibility import CounterAction
from hexcombat.ui.game_session import GameSession


def ask_dice(parent: QWidget | None, action: CounterAction) -> str | None:
    """The dice for ``action`` as the player types them ("" rolls the game's dice); None when
    the player cancels. Tests replace it."""
    assert action.die is not None
    text, ok = QInputDialog.getText(
        parent,
        action.done_text,
        f"{action.help}\n\nType {counter_roll_text(action.die)}, or leave it empty to roll "
        "the game's dice:",
    )
    return text if ok else None


def run_counter_action(
    session: GameSession, uid: str, action: CounterAction, parent: QWidget | None = None
) -> bool:
    """Do ``action`` to counter ``uid``: at once, or once its die is rolled or typed."""
    if action.die is None:
        return session.run(RunCounterAction(uid, action.key))
    text = ask_dice(parent, action)
    if text is None:
        return False
    try:
        typed = typed_faces(text, counter_roll_text(action.die)) if text.strip() else None
    except GameError as exc:
        session.refused.emit(f"{action.done_text}: {exc}")
        return False
    return session.run(RollCounterAction(uid, action.key, typed))


def add_counter_actions(menu: QMenu, session: GameSession, counters: list[Counter]) -> int:
    """Add an action for each counter action of each of ``counters`` (named by unit when the
    menu lists several); returns how many were added."""
    offered = [(c, a) for c in counters for a in counter_actions(session.state, c)]
    for counter, found in offered:
        words = found.done_text if len(offered) > 1 else found.menu_text
        action = menu.addAction(words + ("..." if found.die is not None else ""))
        action.setStatusTip(found.help)
        action.setToolTip(found.help)
        action.triggered.connect(
            lambda _checked=False, uid=counter.uid, chosen=found: run_counter_action(
                session, uid, chosen, menu.parentWidget()
            )
        )
    return len(offered)
