"""Helpers for driving the desktop widgets with real mouse events, and the Combat panel on its
own (:class:`CombatBench`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QWidget

from hexcombat.board.hexes import Hex
from hexcombat.game.opening import open_game
from hexcombat.game.state import GameState
from hexcombat.game.tutorials import tutorial_target
from hexcombat.ui.combat_panel import CombatPanel
from hexcombat.ui.game_session import GameSession
from hexcombat.ui.main_window import MainWindow
from hexcombat.ui.map_scene import MapScene


def send_mouse(
    widget: QWidget,
    kind: QEvent.Type,
    pos: QPoint,
    buttons: Qt.MouseButton,
    button: Qt.MouseButton = Qt.MouseButton.NoButton,
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """A real mouse event to ``widget`` (QTest cannot move with a button held)."""
    local = QPointF(pos)
    event = QMouseEvent(kind, local, widget.mapToGlobal(local), button, buttons, modifiers)
    QApplication.sendEvent(widget, event)


def drag(widget: QWidget, start: QPoint, end: QPoint, modifiers=Qt.KeyboardModifier.NoModifier):  # noqa: ANN001, ANN201
    """Press at ``start``, move in steps, release at ``end``."""
    left = Qt.MouseButton.LeftButton
    send_mouse(widget, QEvent.Type.MouseButtonPress, start, left, left, modifiers)
    for k in range(1, 6):
        p = start + (end - start) * (k / 5)
        send_mouse(widget, QEvent.Type.MouseMove, p, left, Qt.MouseButton.NoButton, modifiers)
    send_mouse(
        widget, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton, left, modifiers
    )


def hex_point(win: MainWindow, label: str) -> QPoint:
    """Where the centre of the hex printed ``label`` is in the map view's viewport."""
    state = win.session.state
    h = state.hexmap.hex_at(label)
    return win.view.mapFromScene(win.scene.hex_centre(h))


def start_attack(win: MainWindow, qtbot, label: str = "0504") -> None:  # noqa: ANN001
    """Select the stack in ``label`` and press A, as a player sets up an attack."""
    hexmap = win.session.state.hexmap
    win.scene.select_hex(hexmap.hex_at(label))
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_A)
    assert win.combat_panel.target == hexmap.hex_at(label)


def leave_out(win: MainWindow, label: str) -> None:
    """Untick the attacking stack in hex ``label`` in the Combat panel's list of attackers."""
    tree = win.combat_panel.candidate_tree
    for i in range(tree.topLevelItemCount()):
        if tree.topLevelItem(i).text(0) == label:
            tree.topLevelItem(i).setCheckState(0, Qt.CheckState.Unchecked)


def close_and_delete(widget: QWidget) -> None:
    """Close ``widget`` and delete it now (not at some later turn of the event loop), so a test
    run holds one window at a time however many tests build one."""
    if not shiboken6.isValid(widget):
        return
    widget.close()
    widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()  # what the deletion posted in turn (its pieces' deletions)


@dataclass
class CombatBench:
    """The Combat panel on its own, over a game and its map scene, with no main window (no
    menus, docks, palette or tutorial walk to build): for the tests of what the panel shows
    and asks, which need the panel's widgets but not the window around them."""

    session: GameSession
    scene: MapScene
    combat_panel: CombatPanel

    @property
    def state(self) -> GameState:
        return self.session.state

    def hex(self, label: str) -> Hex:
        return self.state.hexmap.hex_at(label)

    def attack(self, label: str = "0504") -> None:
        """Set up the attack on the stack in ``label``, as pressing A on it does."""
        assert self.combat_panel.start(self.hex(label)), self.combat_panel.refusal

    def leave_out(self, label: str) -> None:
        """Untick the attacking stack in ``label`` in the panel's list of attackers."""
        tree = self.combat_panel.candidate_tree
        for i in range(tree.topLevelItemCount()):
            if tree.topLevelItem(i).text(0) == label:
                tree.topLevelItem(i).setCheckState(0, Qt.CheckState.Unchecked)


def combat_bench(qtbot, path: Path, tutorial_attack: bool = True) -> CombatBench:  # noqa: ANN001
    """A :class:`CombatBench` on the game ``path``; a tutorial's attack set up as its window
    sets it up on opening (``tutorial_attack``)."""
    session = GameSession(open_game(path))
    scene = MapScene(session.state)
    panel = CombatPanel(session, scene)
    qtbot.addWidget(panel)
    panel.resize(520, 900)
    panel.show()
    bench = CombatBench(session, scene, panel)
    target = tutorial_target(session.state) if tutorial_attack else None
    if target is not None:
        assert panel.start(target), panel.refusal
    return bench
