"""A counter drop redraws only the stacks it changed: the stack items of the hexes left and
entered, and the far-zoom squares of those hexes; every other stack is left alone, so a drop
costs the same on a tutorial map and on a campaign map."""

from __future__ import annotations

from PySide6.QtGui import QImage, QPainter

from hexcombat.game.state import Counter, GameState
from hexcombat.ui.stack_item import StackItem
from hexcombat.ui.stack_overview_item import StackOverviewItem


def paint(item) -> None:
    image = QImage(64, 64, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    item.paint(painter, None)
    painter.end()


def test_a_drop_updates_only_the_stacks_it_changed(window, monkeypatch) -> None:
    scene, state = window.scene, window.session.state
    at = state.hexmap.hex_at
    updated = []
    monkeypatch.setattr(StackItem, "update", lambda self, *a: updated.append(self.hex))
    moved = [c.uid for c in state.stack_at(at("0503"))]
    assert window.session.move(moved, at("0603"))
    assert set(updated) <= {at("0503"), at("0603")}
    assert set(scene.stack_items) == set(state.stacks())


def test_the_far_zoom_squares_are_redone_only_where_stacks_changed(window, monkeypatch) -> None:
    scene, state = window.scene, window.session.state
    at = state.hexmap.hex_at
    scene.set_far(True)
    overview = scene.overview
    paint(overview)  # every square made once
    asked = []
    original = StackOverviewItem._square
    monkeypatch.setattr(
        StackOverviewItem, "_square", lambda self, h, *c: asked.append(h) or original(self, h, *c)
    )
    moved = [c.uid for c in state.stack_at(at("0503"))]
    assert window.session.move(moved, at("0603"))
    paint(overview)
    assert sorted(asked) == sorted([at("0503"), at("0603")])
    kept = {(c.rgb(), r.getRect()) for c, rects in overview._batches for r in rects}
    fresh = StackOverviewItem(state, scene.layout, scene.board.boundingRect(), overview.size)
    paint(fresh)
    assert kept == {(c.rgb(), r.getRect()) for c, rects in fresh._batches for r in rects}
    assert len(kept) == len(state.stacks())


def test_a_frame_draws_again_only_the_stacks_a_drop_changed(window, monkeypatch) -> None:
    """Each stack is drawn once per zoom and kept as an image: the frame after a drop draws
    the counters of the two stacks it changed, and copies the others."""
    import hexcombat.ui.stack_item as stack_item

    # the tutorial's map and counters, with no attack set up (an attack marks stacks too)
    state = GameState(window.session.state.hexmap)
    for h, stack in window.session.state.stacks().items():
        for counter in reversed(stack):
            state.place(Counter(counter.uid, counter.unit, counter.side), h)
    window.show_game(state)
    view = window.view
    at = state.hexmap.hex_at
    drawn = []
    original = stack_item.draw_counter
    monkeypatch.setattr(
        stack_item,
        "draw_counter",
        lambda p, r, unit, *a: drawn.append(unit.name) or original(p, r, unit, *a),
    )
    view.set_scale(2.0)
    view.center_on_hex(at("0503"))
    view.viewport().repaint()
    assert len(drawn) >= len(state.counters)  # the first frame at this zoom draws them all
    drawn.clear()
    view.viewport().repaint()
    assert drawn == []  # nothing changed: every stack is copied from its image
    assert window.session.move([c.uid for c in state.stack_at(at("0503"))], at("0603"))
    view.viewport().repaint()
    joined = [c.unit.name for c in state.stack_at(at("0603"))]
    assert sorted(drawn) == sorted(joined)  # only the stack the move joined is drawn again
