"""Every game opened is let go when the next one opens (issue 29): a long session opening game
after game keeps the memory of one, not of each (a 1,400 x 1,400 map is 300 MB)."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent

MAPS = Path(__file__).resolve().parents[2] / "maps"
GAMES = [
    "tutorial-lhy-saint-clair-scenario.toml",
    "tutorial-14d2d-scenario.toml",
    "tutorial-assault-morale-woods-scenario.toml",
    "tutorial-14d2d.toml",
]


def let_qt_delete() -> None:
    """What the event loop does between two opens: widgets given up are deleted."""
    for _ in range(3):
        QCoreApplication.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


@pytest.mark.slow
def test_opening_game_after_game_lets_each_previous_game_go(window) -> None:
    kept = []
    for name in [*GAMES, GAMES[0]]:
        session = window.session
        state = session.state
        first = min(state.hexmap.terrain)
        if not state.counters:  # the bare map: a counter put on it
            assert session.add(next(iter(state.library.counters)), "Red", first)
        uid = next(iter(state.counters))
        assert session.move([uid], first)  # a move on its undo stack, as a player makes
        window.scene.select_hex(state.hex_of(uid))  # its stack in the inspector
        kept.append(
            (
                weakref.ref(state),
                weakref.ref(state.hexmap),
                weakref.ref(session),
                session.undo_stack,
            )
        )
        del session, state
        assert window.open_file(MAPS / name), window.errors
        let_qt_delete()
    assert len(kept) == 5
    for state, hexmap, session, undo_stack in kept:
        assert state() is None and hexmap() is None and session() is None
        assert not shiboken6.isValid(undo_stack)
    assert window.session is not None and window.session.state.title.startswith("Tutorial LHY")
