"""What the map draws around the counters, checked on rendered pixels of the 14D2d tutorial: the
stack count tab, the attack target's outline over the attackers', place names in their hexes'
feet (clear of counters and hex labels), and air counters dragged in from the palette."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from hexcombat.board.hexside import Hexside
from hexcombat.game.opening import open_game
from hexcombat.rulesets.europa.units import europa
from hexcombat.ui.map_scene import MapScene
from hexcombat.ui.overlay_item import STYLES, OverlayItem

REPO = Path(__file__).resolve().parents[2]
SCALE = 4.0
"""Image pixels per scene unit: a hex is 36 scene units across its corners."""


def render(scene: QGraphicsScene, source: QRectF) -> QImage:
    image = QImage(round(source.width() * SCALE), round(source.height() * SCALE),
                   QImage.Format.Format_ARGB32)  # fmt: skip
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(image.rect()), source)
    painter.end()
    return image


def near(a: QColor, b: QColor, slack: int = 40) -> bool:
    """The two colours differ by at most ``slack`` in each of red, green and blue."""
    return all(abs(x - y) <= slack for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def share(image: QImage, colour: QColor, slack: int = 40) -> float:
    """How much of the image is (about) ``colour``."""
    points = [(x, y) for x in range(image.width()) for y in range(image.height())]
    return sum(near(image.pixelColor(x, y), colour, slack) for x, y in points) / len(points)


def stack_item(window, label: str):  # noqa: ANN001, ANN201
    return window.scene.stack_items[window.session.state.hexmap.hex_at(label)]


def test_a_stack_shows_its_count_on_a_white_tab(tutorial_window) -> None:
    stacked = stack_item(tutorial_window, "0503")  # two Rifle XX
    alone = stack_item(tutorial_window, "0403")  # the Hv Tank XX by itself
    for item, count in ((stacked, 2), (alone, 1)):
        assert len(item.counters) == count
    half = tutorial_window.scene.counter_size / 2
    tab = stacked.count_tab(QRectF(-half, -half, 2 * half, 2 * half))
    image = render(tutorial_window.scene, stacked.mapRectToScene(tab))
    white = QColor("#ffffff")
    assert share(image, white) > 0.5  # a white tab ...
    assert share(image, QColor("#202020"), 60) > 0.03  # ... with dark figures on it
    lonely = render(tutorial_window.scene, alone.mapRectToScene(tab))
    assert share(lonely, white) == 0  # one counter: no count


def test_the_target_outline_is_drawn_over_the_attackers_it_borders(tutorial_window) -> None:
    hexmap = tutorial_window.session.state.hexmap
    target, attacker = hexmap.hex_at("0202"), hexmap.hex_at("0203")  # two empty hexes
    scene = QGraphicsScene()
    overlay = OverlayItem(tutorial_window.scene.layout)
    scene.addItem(overlay)
    red, blue = QColor(STYLES["target"][0]), QColor(STYLES["attacker"][0])
    a, b = tutorial_window.scene.layout.hexside_endpoints(Hexside(target, attacker))
    middle = QRectF((a[0] + b[0]) / 2 - 1, (a[1] + b[1]) / 2 - 1, 2, 2)
    either_order = (
        {target: "target", attacker: "attacker"},
        {attacker: "attacker", target: "target"},
    )
    for roles in either_order:
        overlay.highlight(roles, {})
        image = render(scene, middle)
        assert share(image, blue) == 0, "the attacker's outline covers the target's"
        assert share(image, red) + share(image, QColor("#ffffff")) > 0.6  # the rest: blends
    # the target's own style: a white dashed line along its red outline, no attacker has one
    centre = tutorial_window.scene.hex_centre(target)
    overlay.highlight({target: "target"}, {})
    around = render(scene, QRectF(centre.x() - 40, centre.y() - 40, 80, 80))
    overlay.highlight({target: "attacker"}, {})
    plain = render(scene, QRectF(centre.x() - 40, centre.y() - 40, 80, 80))
    assert share(around, QColor("#ffffff"), 20) > 0.01
    assert share(plain, QColor("#ffffff"), 20) == 0


def test_a_place_name_stays_readable_beside_a_selected_target_stack(window, qtbot) -> None:
    state = window.session.state
    wood = state.hexmap.hex_at("0504")
    assert state.hexmap.places[wood] == "Dubrava wood" and state.stack_at(wood)
    window.scene.select_hex(wood)
    window.scene.set_roles({wood: "target"})
    names = window.scene.place_names
    plate = names.plates[wood]
    shown = render(window.scene, plate)
    names.setVisible(False)
    hidden = render(window.scene, plate)
    names.setVisible(True)
    assert share(shown, QColor("#ffffff"), 30) > 0.5  # a pale plate, clear of the outlines
    assert share(shown, QColor("#303030"), 60) > 0.03  # with the name's letters on it
    assert share(hidden, QColor("#ffffff"), 30) < 0.2


def tutorial_scenes() -> list[Path]:
    """The tutorials laid out on a map (the others open in the calculator)."""
    found = sorted((REPO / "maps").glob("tutorial-*-scenario.toml"))
    return [p for p in found if 'map = "' in p.read_text(encoding="utf-8")]


@pytest.mark.parametrize("tutorial", tutorial_scenes(), ids=lambda p: p.stem)
def test_place_names_cover_no_counter_and_no_hex_label(qapp, tutorial: Path) -> None:  # noqa: ANN001
    # the names sit in their hex's foot: clear of every counter drawn (the top counter and the
    # edges of those beneath, and the count tab) and of every printed hex label, and beneath
    # the stacks, so a stack dragged over a name hides the name, not the other way round
    state = open_game(tutorial)
    scene, hexmap = MapScene(state), state.hexmap  # the map as a window draws it
    names = scene.place_names
    assert names.plates, "the tutorial maps name the defenders' hexes"
    counters = []
    for item in scene.stack_items.values():
        rects = item.counter_rects()
        counters += [item.mapRectToScene(r) for r in [*rects, item.count_tab(rects[0])]]
    labels = [scene.board.label_box(*scene.layout.hex_to_pixel(h)) for h in hexmap.terrain]
    for h, plate in names.plates.items():
        place = f"{hexmap.places[h]} ({hexmap.label(h)})"
        assert not [r for r in counters if r.intersects(plate)], f"{place} covers a counter"
        assert not [r for r in labels if r.intersects(plate)], f"{place} covers a hex label"
        font, text = names.texts[h]
        assert text.replace("\n", " ") == hexmap.places[h]  # the whole name, not cut short
        assert font.pixelSize() >= 5  # (hex labels: 8.6); zooming in enlarges both
    assert all(names.zValue() < item.zValue() for item in scene.stack_items.values())


def test_an_air_counter_drags_from_the_palette_and_shows_its_aircraft(window) -> None:
    palette = window.palette
    rows = {palette.list.item(i).data(Qt.ItemDataRole.UserRole): i
            for i in range(palette.list.count())}  # fmt: skip
    assert {"ge-me-109e", "ge-he-111h", "ge-ju-52"} <= set(rows)
    item = palette.list.item(rows["ge-me-109e"])
    assert item.text() == "Me 109E  7F5 range 4"
    assert "air attack 7, air defence 5, range 4" in item.toolTip()
    palette.side_box.setCurrentText("Axis")
    mime = palette.list.mimeData([item])
    base = window.session.state.hexmap.hex_at("0606")
    window.view.drop_payload(
        json.loads(bytes(mime.data(mime.formats()[0]).data())), window.scene.hex_centre(base)
    )
    (counter,) = window.session.state.stack_at(base)
    air_type = europa(counter.unit).air_type
    assert (counter.counter_id, counter.side, air_type) == ("ge-me-109e", "Axis", "F")
    drawn = window.scene.stack_items[base]
    half = window.scene.counter_size / 2
    image = render(window.scene, drawn.mapRectToScene(QRectF(-half, -half, 2 * half, 2 * half)))
    # the fuselage down the middle of the counter, in the German counters' black
    column = [image.pixelColor(image.width() // 2, y) for y in range(image.height())]
    assert sum(near(c, QColor("#111111")) for c in column) > image.height() * 0.2


def test_a_place_name_that_takes_no_room_opens(window, tmp_path: Path) -> None:
    # a name of a zero-width space or a lone combining accent is not blank to the map loader,
    # yet is drawn no wide: the map opens (the names are fitted to their hexes without dividing
    # by that width), and the window shows it
    own = tmp_path / "zero-width.toml"
    own.write_text(
        'name = "Zero width"\n[layout]\norientation = "flat"\noffset = "odd"\n'
        'label = "{col:02d}{row:02d}"\nfirst = "0101"\ncolumns = 3\nrows = 2\n'
        '[legend]\nc = "clear"\n[terrain]\nrows = ["ccc", "ccc"]\n'
        '[[places]]\nhex = "0101"\nname = "\\u200b"\n'
        '[[places]]\nhex = "0201"\nname = "\\u0301"\n',
        encoding="utf-8",
    )
    assert window.open_file(own), window.errors
    names = window.scene.place_names
    assert set(names.plates) == {window.session.state.hexmap.hex_at(h) for h in ("0101", "0201")}


def test_a_tutorial_outline_leaves_the_place_name_whole(window) -> None:  # noqa: ANN001
    """14D2d step 1 outlines 0504, Dubrava wood: the outline stops at the name's plate, so the
    name keeps its first and last letters."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter

    scene, state = window.scene, window.session.state
    h = state.hexmap.hex_at("0504")
    assert h in window.walk.marked.hexes  # the step marks the woods
    plate = scene.place_names.plates[h]

    def picture(marks_shown: bool) -> QImage:
        window.walk.marks.setVisible(marks_shown)
        image = QImage(
            round(plate.width() * 4), round(plate.height() * 4), QImage.Format.Format_RGB32
        )
        image.fill(0)
        painter = QPainter(image)
        inside = QRectF(plate).adjusted(0.5, 0.5, -0.5, -0.5)  # clear of antialiased edges
        scene.render(painter, QRectF(image.rect()), inside, Qt.AspectRatioMode.IgnoreAspectRatio)
        painter.end()
        return image

    assert picture(True) == picture(False)
