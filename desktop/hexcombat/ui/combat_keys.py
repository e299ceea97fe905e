"""The Combat panel from the keyboard: the commands the Game menu gives keys to (next target,
type the dice, choose losses, pick a retreat end, apply) and the keys that work inside the panel.

Each command puts the keyboard where the choice is made; the panel's own controls then take the
keys every Qt control takes (Space ticks, Up and Down pick, Return rolls the typed dice).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QWidget

from hexcombat.board.hexes import Hex
from hexcombat.game.candidates import attack_candidates, phasing_refusal
from hexcombat.game.state import GameError, GameState
from hexcombat.ui.combat_panel import CombatPanel

PANEL_KEYS: tuple[tuple[str, str], ...] = (
    ("Tab, Shift+Tab", "Move through the Combat panel's controls"),
    ("Space", "Tick or untick the attacker, condition or loss under the cursor; fold the set-up"),
    ("Up, Down", "In a list or a retreat box: the next choice (a retreat box picks the end)"),
    ("Return in the dice box", "Roll the dice you typed in (your own physical roll)"),
)
"""The keys the Combat panel's own controls take, for Help > Keys."""


class SpaceTicks(QObject):
    """Space ticks or unticks the item under the cursor of a list of check boxes (the
    attackers, the losses, the advance), as it does a check box."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Space
            and isinstance(watched, QAbstractItemView)
        ):
            index = watched.currentIndex()
            flags = index.flags()
            if index.isValid() and flags & Qt.ItemFlag.ItemIsUserCheckable:
                if flags & Qt.ItemFlag.ItemIsEnabled:
                    checked = index.data(Qt.ItemDataRole.CheckStateRole)  # an int, or the enum
                    on = Qt.CheckState(checked) == Qt.CheckState.Checked
                    state = Qt.CheckState.Unchecked if on else Qt.CheckState.Checked
                    watched.model().setData(index, state, Qt.ItemDataRole.CheckStateRole)
                return True
        return False


def tick_with_space(panel: CombatPanel) -> None:
    """Space ticks in the panel's lists of check boxes (those made since the last call too)."""
    ticks = panel.findChild(SpaceTicks, "SpaceTicks")
    if ticks is None:
        ticks = SpaceTicks(panel)
        ticks.setObjectName("SpaceTicks")
    for view in (panel.candidate_tree, panel.losses, panel.advance):
        if view is not None and not view.property("spaceTicks"):
            view.installEventFilter(ticks)
            view.setProperty("spaceTicks", True)


def key_text(action: QAction) -> str:
    """The action's keys as the menus show them (``Ctrl+T``), "" when it has none."""
    keys = action.shortcuts()
    return ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys)


def show_keys_in_tip(action: QAction) -> None:
    """The action's tooltip says its keys too: ``Roll (R)``."""
    keys = key_text(action)
    tip = action.toolTip() or action.text().replace("&", "")
    if keys and not tip.endswith(f"({keys})"):
        action.setToolTip(f"{tip} ({keys})")


def next_target(state: GameState, after: Hex | None) -> Hex | None:
    """The next stack the phasing player may attack, in the order of the printed hex labels,
    after ``after`` (and round again to the first); None when there is none."""
    labels = state.hexmap.label
    enemies = sorted(
        (h for h in state.stacks() if phasing_refusal(state, h) is None), key=lambda h: labels(h)
    )
    if after in enemies:
        i = enemies.index(after)
        enemies = enemies[i + 1 :] + enemies[: i + 1]
    for h in enemies:
        try:
            if any(c.counters for c in attack_candidates(state, h)):
                return h
        except GameError:
            continue
    return None


def focus_typed_roll(panel: CombatPanel) -> str:
    """The keyboard in the dice box, to type the physical roll; "" or why not."""
    if not panel.typed_roll.isEnabled():
        return "No roll now: set up an attack (A or N), or apply or undo the rolled one"
    panel.typed_roll.setFocus(Qt.FocusReason.ShortcutFocusReason)
    panel.typed_roll.selectAll()
    return ""


def focus_losses(panel: CombatPanel) -> str:
    """The keyboard in the losses list (Space ticks the unit under the cursor); "" or why not."""
    if panel.resolution is None:
        return "No result to take losses for: roll first"
    tick_with_space(panel)
    widget: QWidget | None = panel.losses
    if widget is None or widget.isHidden():
        chooser = panel.loss_chooser
        widget = chooser if chooser.focusPolicy() != Qt.FocusPolicy.NoFocus else None
    if widget is None or not widget.isVisible():
        return f"The result {panel.resolution.result.code} takes no losses to choose"
    widget.setFocus(Qt.FocusReason.ShortcutFocusReason)
    if isinstance(widget, QListWidget) and widget.currentRow() < 0 and widget.count():
        widget.setCurrentRow(0)
    return ""


def focus_retreat(panel: CombatPanel) -> str:
    """The keyboard in the next retreat box (Up and Down pick the end): one still to choose
    first, then the others in turn; "" or why not."""
    boxes = [box for box in panel.retreat_boxes.values() if box.isEnabled()]
    if not boxes:
        return "No retreat end to choose"
    open_ = [box for box in boxes if box.currentIndex() < 0]
    current = next((i for i, box in enumerate(boxes) if box.hasFocus()), -1)
    box = open_[0] if open_ else boxes[(current + 1) % len(boxes)]
    box.setFocus(Qt.FocusReason.ShortcutFocusReason)
    return ""
