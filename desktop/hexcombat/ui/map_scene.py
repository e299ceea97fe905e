"""The map scene: the static board as one item, attack highlights and place names, and one item
per occupied hex above them.

The scene never owns the game: it subscribes to the :class:`GameState` and refreshes only the
stacks a :class:`Change` names. Drops become requests (signals) that the window turns into undoable
commands.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Signal
from PySide6.QtWidgets import QGraphicsScene

from hexcombat.board.hexes import Hex
from hexcombat.board.layout import Layout
from hexcombat.game.state import Change, GameState
from hexcombat.ui.board_item import BoardItem
from hexcombat.ui.display_options import BoardDisplay
from hexcombat.ui.map_image_item import map_image_item
from hexcombat.ui.map_layout import layout_for
from hexcombat.ui.overlay_item import OverlayItem
from hexcombat.ui.place_names_item import PlaceNamesItem
from hexcombat.ui.stack_item import StackItem
from hexcombat.ui.stack_overview_item import StackOverviewItem

FAINT = 0.35
"""The board's opacity over a scanned map image when drawn faintly."""
FAR_BELOW = 14.0
"""Below this many screen pixels per counter, stacks are drawn by the overview item."""


class MapScene(QGraphicsScene):
    """What the map view shows for one game."""

    move_requested = Signal(list, object)
    """Counter uids dropped on a hex (the :class:`Hex`, or None off the map)."""
    add_requested = Signal(str, str, object)
    """A library counter id and side dropped on a hex."""

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state
        self.layout: Layout = layout_for(state.hexmap)
        self.counter_size = self.layout.size * 0.95
        self.board = BoardItem(state.hexmap, self.layout)
        self.addItem(self.board)
        bounds: QRectF = self.board.boundingRect()
        self.map_image, self.image_problem = map_image_item(state.hexmap, self.layout)
        if self.map_image is not None:
            self.addItem(self.map_image)
            bounds = bounds.united(self.map_image.sceneBoundingRect())
        self.setSceneRect(bounds.adjusted(-200, -200, 200, 200))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.overlay = OverlayItem(self.layout)
        self.addItem(self.overlay)
        self.stacks_shown = True
        """Whether the stack items are shown (False at far zooms, where the overview is)."""
        self.overview = StackOverviewItem(state, self.layout, bounds, self.counter_size)
        self.overview.setVisible(False)
        self.addItem(self.overview)
        self.place_names = PlaceNamesItem(state.hexmap, self.layout)
        self.addItem(self.place_names)
        self.sides: tuple[str, ...] = tuple(state.side_order)
        """The game's sides in turn order: each side's counters keep a colour no other side has,
        for the whole game (a side that leaves the map keeps its colour taken)."""
        self.stack_items: dict[Hex, StackItem] = {}
        for h, stack in state.stacks().items():
            self._add_stack(h, stack)
        state.subscribe(self.on_change)

    def set_display(self, display: BoardDisplay) -> None:
        """Show the board's printed extras as the View menu says (place names are their own
        item, in each hex's foot beneath the counters)."""
        self.board.set_display(display)
        self.place_names.setVisible(display.place_names)
        if self.map_image is not None:
            self.board.setVisible(display.board_over_image)
            self.board.setOpacity(FAINT if display.faint_board else 1.0)

    def detach(self) -> None:
        """Stop listening to the game (the window shows another one) and rendering its map."""
        self.state.unsubscribe(self.on_change)
        self.board.stop_rendering()
        if self.map_image is not None:
            self.map_image.close()

    # stacks ------------------------------------------------------------------------------------

    def hex_centre(self, h: Hex) -> QPointF:
        """Where ``h``'s centre is in the scene."""
        return QPointF(*self.layout.hex_to_pixel(h))

    def hex_at(self, pos: QPointF) -> Hex | None:
        """The map hex at a scene point, through the layout."""
        h = self.layout.pixel_to_hex(pos.x(), pos.y())
        return h if h in self.state.hexmap.terrain else None

    def _add_stack(self, h: Hex, stack: list) -> StackItem:
        item = StackItem(self, h, stack)
        # Top-level items: the scene's index culls them (children of a layer item are not).
        self.addItem(item)
        item.setPos(self.hex_centre(h))
        item.setVisible(self.stacks_shown)
        self.stack_items[h] = item
        return item

    def on_change(self, change: Change) -> None:
        """Redraw the stacks a command changed."""
        if change.counters:
            self._follow_sides()
        for h in change.hexes:
            self.refresh_hex(h)
        self.overview.invalidate(change.hexes)

    def _follow_sides(self) -> None:
        """A new side came onto the map: every stack takes its side's colours again."""
        sides = tuple(self.state.side_order)
        if sides != self.sides:
            self.sides = sides
            for item in self.stack_items.values():
                item.update()
            self.overview.invalidate()

    def refresh_hex(self, h: Hex) -> None:
        """Make ``h``'s stack item match the game."""
        stack = self.state.stack_at(h)
        item = self.stack_items.get(h)
        if not stack:
            if item is not None:
                del self.stack_items[h]
                item.setSelected(False)
                self.removeItem(item)
            return
        if item is None:
            self._add_stack(h, stack)
        else:
            item.set_counters(stack)

    def set_far(self, far: bool) -> None:
        """Far zooms show the overview squares instead of the stack items."""
        if self.overview.isVisible() != far:
            self.overview.setVisible(far)
            self.stacks_shown = not far
            for item in self.stack_items.values():
                item.setVisible(not far)

    def selected_stacks(self) -> list[StackItem]:
        """The stack items the player selected."""
        return [i for i in self.selectedItems() if isinstance(i, StackItem)]

    def select_hex(self, h: Hex | None) -> None:
        """Select only the stack in ``h``."""
        self.clearSelection()
        item = self.stack_items.get(h) if h is not None else None
        if item is not None:
            item.setSelected(True)

    def set_roles(self, roles: dict[Hex, str]) -> None:
        """Mark stacks as target / attacker during an attack."""
        for h, item in self.stack_items.items():
            role = roles.get(h)
            if item.role != role:
                item.role = role
                item.update()

    # drops ---------------------------------------------------------------------------------------

    def drop_counters(self, uids: list[str], pos: QPointF) -> None:
        """Counters were dragged to ``pos``: ask for a move there."""
        target = self.hex_at(pos)
        if target is not None and uids and self.state.hex_of(uids[0]) == target:
            return
        self.move_requested.emit(list(uids), target)
