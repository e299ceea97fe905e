"""Counters and stacks: drag on the map, palette, inspector, Delete, and undo through it all.
Each test changes the view and checks the game model (or the other way round)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QTextDocument
from uihelpers import drag, hex_point

from hexcombat.game.opening import default_tutorial
from hexcombat.ui.counter_mime import library_mime, uids_mime
from meaning import says


def labels(window) -> dict[str, list[str]]:
    state = window.session.state
    return {
        state.hexmap.label(h): [c.unit.name for c in stack] for h, stack in state.stacks().items()
    }


def test_dragging_a_stack_onto_a_hex_moves_it_in_the_game(window) -> None:
    viewport = window.view.viewport()
    drag(viewport, hex_point(window, "0404"), hex_point(window, "0405"))
    stacks = labels(window)
    assert stacks["0405"] == ["Tank X", "Tank X"]
    assert "0404" not in stacks
    item = window.scene.stack_items[window.session.state.hexmap.hex_at("0405")]
    assert item.pos() == window.scene.hex_centre(item.hex)  # snapped onto the hex centre


def test_dragging_onto_a_friendly_stack_joins_it_on_top(window) -> None:
    drag(window.view.viewport(), hex_point(window, "0404"), hex_point(window, "0603"))
    assert labels(window)["0603"] == ["Tank X", "Tank X", "Hv Tank X"]


def test_shift_drag_moves_only_the_top_counter(window) -> None:
    drag(window.view.viewport(), hex_point(window, "0503"), hex_point(window, "0502"),
         Qt.KeyboardModifier.ShiftModifier)  # fmt: skip
    stacks = labels(window)
    assert stacks["0502"] == ["Rifle XX"] and stacks["0503"] == ["Rifle XX"]


def test_a_refused_drop_leaves_the_stack_where_it_was(window) -> None:
    before = labels(window)
    drag(window.view.viewport(), hex_point(window, "0404"), hex_point(window, "0504"))
    assert labels(window) == before
    assert "held by" in window.statusBar().currentMessage()
    h = window.session.state.hexmap.hex_at("0404")
    assert window.scene.stack_items[h].pos() == window.scene.hex_centre(h)


def test_undo_and_redo_a_move(window) -> None:
    before = labels(window)
    drag(window.view.viewport(), hex_point(window, "0403"), hex_point(window, "0402"))
    after = labels(window)
    window.undo_action.trigger()
    assert labels(window) == before
    assert window.session.state.hexmap.hex_at("0402") not in window.scene.stack_items
    window.redo_action.trigger()
    assert labels(window) == after
    assert window.history.model().rowCount() == 2  # "Opened" and the move


def test_palette_drop_adds_a_counter_for_the_chosen_side(window) -> None:
    palette = window.palette
    palette.side_box.setCurrentText("Axis")
    item = palette.list.item(0)
    counter_id = item.data(Qt.ItemDataRole.UserRole)
    mime = palette.list.mimeData([item])
    target = window.scene.hex_centre(window.session.state.hexmap.hex_at("0302"))
    window.view.drop_payload(
        __import__("json").loads(bytes(mime.data(mime.formats()[0]).data())), target
    )
    stack = window.session.state.stack_at(window.session.state.hexmap.hex_at("0302"))
    assert [c.counter_id for c in stack] == [counter_id]
    assert stack[0].side == "Axis"
    assert library_mime(counter_id, "Axis").hasFormat(mime.formats()[0])


def test_inspector_lists_reorders_and_drags_a_counter_out(window) -> None:
    state = window.session.state
    h = state.hexmap.hex_at("0504")
    window.scene.select_hex(h)
    inspector = window.inspector
    assert [inspector.list.item(i).text().split("  ")[0] for i in range(3)] == [
        "Inf XX", "Hv Mot AA II", "Art III"]  # fmt: skip
    inspector.list.item(2).setSelected(True)
    inspector.shift(-1)
    assert [c.unit.name for c in state.stack_at(h)] == ["Inf XX", "Art III", "Hv Mot AA II"]
    # drag one counter out of the inspector onto an empty hex
    uid = state.stack_at(h)[2].uid
    fmt = uids_mime([uid]).formats()[0]
    assert inspector.list.mimeData([inspector.list.item(2)]).data(fmt) == uids_mime([uid]).data(fmt)
    window.view.drop_payload(
        {"uids": [uid]}, QPointF(window.scene.hex_centre(state.hexmap.hex_at("0606")))
    )
    assert [c.unit.name for c in state.stack_at(state.hexmap.hex_at("0606"))] == ["Hv Mot AA II"]
    assert inspector.list.count() == 2


def test_delete_removes_the_selected_stack_and_undo_restores_it(window, qtbot) -> None:
    state = window.session.state
    h = state.hexmap.hex_at("0403")
    before = [c.uid for c in state.stack_at(h)]
    window.scene.select_hex(h)
    window.delete_action.trigger()
    assert state.stack_at(h) == []
    assert h not in window.scene.stack_items
    window.undo_action.trigger()
    assert [c.uid for c in state.stack_at(h)] == before
    assert window.scene.stack_items[h].uids == before


def test_the_palette_side_is_a_list_of_the_games_sides(window, qtbot) -> None:
    from hexcombat.paths import maps_dir
    from hexcombat.ui.counter_palette import OTHER_SIDE

    palette = window.palette
    assert not palette.side_box.isEditable()  # typing "soviet" can make no new side
    assert palette.sides() == ["Soviet", "Axis"]  # the tutorial's sides, as on the map
    assert palette.side_box.itemText(palette.side_box.count() - 1) == OTHER_SIDE
    # a new side only on purpose: "Other side..." asks for its name
    palette.ask_side_name = lambda: "Finnish"
    palette.side_box.setCurrentText(OTHER_SIDE)
    assert palette.side() == "Finnish" and palette.side_box.currentText() == "Finnish"
    assert palette.sides() == ["Soviet", "Axis", "Finnish"]
    # a name that is a side already, whatever its case, picks that side
    palette.ask_side_name = lambda: "soviet"
    palette.side_box.setCurrentText(OTHER_SIDE)
    assert palette.side() == "Soviet" and palette.sides() == ["Soviet", "Axis", "Finnish"]
    # cancelled: the side chosen before stays
    palette.ask_side_name = lambda: None
    palette.side_box.setCurrentText(OTHER_SIDE)
    assert palette.side() == "Soviet" and palette.side_box.currentText() == "Soviet"
    # a bare map: the examples' sides to start with, and each side placed joins the list
    assert window.open_file(maps_dir() / "tutorial-14d2d.toml")
    palette, state = window.palette, window.session.state
    assert palette.sides() == ["Soviet", "Axis"]
    inf = next(cid for cid, unit in state.library.counters.items() if unit.size == "XX")
    assert window.session.add(inf, "Romanian", state.hexmap.hex_at("0504"))
    assert palette.sides() == ["Soviet", "Axis", "Romanian"]


def test_the_stack_panel_counts_one_counter_in_the_singular(window) -> None:
    state = window.session.state
    window.inspector.show_hex(state.hexmap.hex_at("0403"))  # the Hv Tank XX alone
    assert "Soviet: 1 counter, " in window.inspector.title.text()
    window.inspector.show_hex(state.hexmap.hex_at("0504"))
    assert "Axis: 3 counters, " in window.inspector.title.text()


def test_the_stack_panel_shows_a_side_name_as_written_never_as_markup(window, tmp_path) -> None:
    # a shared scenario's side name is text: "<b>" in it is shown, not taken as bold
    text = default_tutorial().read_text(encoding="utf-8")
    scenario = tmp_path / "sides.toml"
    scenario.write_text(text.replace('defender = "Axis"', 'defender = "A<b>xis"'), "utf-8")
    assert window.open_file(scenario), window.errors
    window.inspector.show_hex(window.session.state.hexmap.hex_at("0504"))
    shown = QTextDocument()
    shown.setHtml(window.inspector.title.text())
    assert "A<b>xis: 3 counters, " in shown.toPlainText()


def test_the_status_bar_shows_a_side_name_as_written_never_as_markup(window, tmp_path) -> None:
    text = default_tutorial().read_text(encoding="utf-8")
    scenario = tmp_path / "sides.toml"
    scenario.write_text(text.replace('defender = "Axis"', 'defender = "A<b>xis"'), "utf-8")
    assert window.open_file(scenario), window.errors
    window.show_hex_info(window.session.state.hexmap.hex_at("0504"))
    assert window.hex_label.text().endswith("- A<b>xis: 3 counters")
    assert window.hex_label.textFormat() == Qt.TextFormat.PlainText  # "<b>" is not bold


def test_the_palette_says_why_the_ruleset_keeps_a_counter_out_of_ground_combat() -> None:
    """The air unit's rating as its counter prints it; that it fights no ground combat only as
    the ruleset says (Total War: 16A, 23D1), never as the palette's own rule."""
    from fractions import Fraction

    from hexcombat.rules.registry import get_ruleset
    from hexcombat.rulesets.europa.units import europa_unit
    from hexcombat.ui.counter_palette import tooltip

    me109 = europa_unit(
        "Me 109", Fraction(0), attack=7, defence=5, unit_type="air", air_type="F",
        movement=8,
    )  # fmt: skip
    refusal = get_ruleset("total-war").ground_combat_refusal(me109)
    assert refusal is not None
    assert says(tooltip("Me109", me109), rules=["16A1"], figures=["7", "5", "8"])
    assert says(
        tooltip("Me109", me109, refusal), rules=["16A1", "16A", "23D1"], figures=["7", "5", "8"]
    )


def _shown_ids(palette) -> set[str]:
    items = [palette.list.item(i) for i in range(palette.list.count())]
    return {item.data(Qt.ItemDataRole.UserRole) for item in items if not item.isHidden()}


def test_the_palette_offers_the_games_own_counter_sets_and_every_game_on_a_tick(
    window, qtbot
) -> None:
    from hexcombat.game.scenario import load_counter_library
    from hexcombat.ui.counter_palette import CounterPalette

    palette, library = window.palette, window.session.state.library
    games = library.games
    assert window.session.state.ruleset == "total-war"
    shown = _shown_ids(palette)  # the tutorial's Europa game: its divisions and air units
    assert shown == {cid for cid in library.counters if games.get(cid) == "total-war"}
    assert not any(games[cid] in ("lhy-assault", "assault-morale") for cid in shown)
    assert palette.all_sets.isVisibleTo(palette)
    palette.all_sets.setChecked(True)  # every game's counters, the squads among them
    assert _shown_ids(palette) == set(library.counters)
    palette.filter.setText("grenadier sqd")  # the filter still applies over every game's
    assert _shown_ids(palette) == {"lhy-ge-rifle-sqd"}
    palette.filter.setText("")
    palette.all_sets.setChecked(False)
    assert _shown_ids(palette) == shown
    # a tactical game offers its own squads, not Europa divisions nor the other tactical game's
    tactical = load_counter_library("lhy-assault")[0]
    lhy = CounterPalette(tactical, [], "lhy-assault")
    qtbot.addWidget(lhy)
    own = {cid for cid in tactical.counters if tactical.games[cid] == "lhy-assault"}
    assert _shown_ids(lhy) == own
    assert "lhy-ge-rifle-sqd" in _shown_ids(lhy)


def test_a_counter_set_naming_no_game_is_offered_in_every_game() -> None:
    from fractions import Fraction

    from hexcombat.rules.counters import CounterSet
    from hexcombat.rulesets.europa.units import europa_unit

    tank = europa_unit("Tank X", Fraction(1), unit_type="armour", attack=3, defence=3, size="X")
    mine = CounterSet({"my-tank": tank})  # a player's own file with no game = "..."
    library = CounterSet({"tw-tank": tank}).of_game("total-war").merge(mine)
    assert library.for_game("my-tank", "lhy-assault") and library.for_game("my-tank", "total-war")
    assert library.for_game("tw-tank", "total-war")
    assert not library.for_game("tw-tank", "lhy-assault")
    # a set that wins a shared id says that id's game
    assert not library.merge(CounterSet({"my-tank": tank}).of_game("armour-ratio")).for_game(
        "my-tank", "total-war"
    )


def test_another_games_counter_shows_in_the_side_chosen_while_it_was_hidden(window) -> None:
    """The palette paints a counter as it is shown: one of another game's sets, shown on the
    tick after the side changed, is in the colours of the side now chosen, as are the game's."""
    from hexcombat.ui.counter_art import counter_icon

    palette, library = window.palette, window.session.state.library

    def looks(item) -> bool:  # as the map would draw it for the side chosen
        unit = library.counters[item.data(Qt.ItemDataRole.UserRole)]
        drawn = counter_icon(unit, palette.side(), 40, palette.sides())
        return item.icon().pixmap(40, 40).toImage() == drawn.pixmap(40, 40).toImage()

    assert palette.side() == "Soviet"
    palette.choose_side("Axis")  # the other games' counters hidden meanwhile
    palette.all_sets.setChecked(True)
    items = [palette.list.item(i) for i in range(palette.list.count())]
    others = [
        i for i in items if library.games.get(i.data(Qt.ItemDataRole.UserRole)) != "total-war"
    ]
    assert others and all(not i.isHidden() and looks(i) for i in items)
    palette.filter.setText("zzz-no-counter")  # every counter hidden, then shown again
    palette.choose_side("Soviet")
    palette.filter.setText("")
    assert all(looks(i) for i in items)
