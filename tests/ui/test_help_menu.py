"""The Help menu: Keys (every shortcut), the terrain legend (also under View), the rulesets with
where their rules are described, and About (version, licence, where the data files live). The
legend follows the open map's [legend] and [extra] types, drawn as the board draws them."""

from __future__ import annotations

import tomllib
from pathlib import Path

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QDialogButtonBox

import hexcombat
from hexcombat import paths
from hexcombat.rules.registry import get_ruleset, ruleset_ids
from hexcombat.ui import terrain_style

MAPS = Path(__file__).resolve().parents[2] / "maps"


def near(a: QColor, b: QColor, slack: int = 30) -> bool:
    return all(abs(x - y) <= slack for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def menu_texts(menu) -> list[str]:  # noqa: ANN001
    return [a.text().replace("&", "") for a in menu.actions() if not a.isSeparator()]


def test_help_lists_keys_legend_rulesets_and_about(tutorial_window) -> None:
    titles = [a.text().replace("&", "") for a in tutorial_window.menuBar().actions()]
    assert titles[-1] == "Help"
    help_menu = tutorial_window.menuBar().actions()[-1].menu()
    assert menu_texts(help_menu) == [
        "Keys", "Terrain Legend", "Tutorials", "Rulesets", "About hexcombat"
    ]  # fmt: skip
    view_menu = tutorial_window.menuBar().actions()[titles.index("View")].menu()
    assert "Terrain Legend" in menu_texts(view_menu)


def test_keys_lists_every_shortcut_and_the_map_s_keys(tutorial_window) -> None:
    keys = tutorial_window.show_help("keys")
    assert keys.isVisible()
    text = keys.text()
    for line in (
        "Ctrl+O: Open...",
        "Ctrl+S: Save",
        "Ctrl+Z: Undo",
        "Ctrl+0: Fit Map",
        "A: Attack",
        "R: Roll",
        "Del: Delete",
        "F1: Keys",
        "Arrow keys: Pan the map",
        "Shift + drag a stack: Move only its top counter",
    ):
        assert line in text, line  # fmt: skip
    assert "Ctrl++, Ctrl+=: Zoom In" in text  # both ways of pressing it


def legend_of(window, map_file: Path) -> dict[str, str]:  # noqa: ANN001
    legend = window.show_legend()
    assert legend.isVisible()
    rows = dict(legend.rows())
    data = tomllib.loads(map_file.read_text(encoding="utf-8"))
    for kind in data["legend"].values():  # every terrain the map file keys, in the legend
        assert kind in rows or f"{kind} *" in rows, kind
    return rows


def test_the_legend_shows_the_open_map_s_terrain_and_features(window) -> None:
    rows = legend_of(window, MAPS / "tutorial-14d2d.toml")
    # 14D2d's map keys clear, woods and city, and has no river or other hexside feature
    assert list(rows)[: list(rows).index("Counters")] == ["Terrain", "clear", "woods", "city"]
    assert "*" not in window.legend.title.text()  # no type of its own: no key to the mark
    assert rows["woods"].startswith("letter w, ")
    # another game: the legend follows its map (the 10.D river map has rough and a minor river)
    assert window.open_file(MAPS / "tutorial-10d-river-same-side-scenario.toml"), window.errors
    rows = legend_of(window, MAPS / "tutorial-10d-river.toml")
    assert rows["rough"].startswith("letter r, ")
    assert rows["minor-river"].startswith("solid line, ")


def test_a_map_s_own_types_are_listed_in_the_board_s_colours(window, tmp_path: Path) -> None:
    own = tmp_path / "own.toml"
    own.write_text(
        """name = "Own types"
[layout]
orientation = "flat"
offset = "odd"
label = "{col:02d}{row:02d}"
first = "0101"
columns = 3
rows = 2
[legend]
c = "clear"
g = "glacier"
[terrain]
rows = ["cgg", "ccc"]
[extra]
terrain = ["glacier"]
features = ["escarpment", "canal"]
[[hexsides]]
feature = "escarpment"
hexsides = ["0101/0201"]
""",
        encoding="utf-8",
    )
    assert window.open_file(own), window.errors
    legend = window.show_legend()
    rows = dict(legend.rows())
    assert rows["glacier *"] == "letter g, 2 hexes"
    assert "Types marked * are this map's own" in legend.title.text()
    assert rows["clear"] == "letter c, 4 hexes"
    assert rows["escarpment *"] == "broken line, 1 hexside"
    assert rows["canal *"] == "broken line, 0 hexsides"  # declared, on no hexside yet
    assert "minor-river" not in rows  # none on this map
    tree = legend.tree
    names = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
    glacier = tree.topLevelItem(names.index("glacier *")).icon(0).pixmap(48, 48).toImage()
    assert QColor(glacier.pixel(24, 24)).rgb() == terrain_style.terrain_colour("glacier").rgb()
    canal = tree.topLevelItem(names.index("canal *")).icon(0).pixmap(48, 48).toImage()
    line = QColor(terrain_style.hexside_style("canal").colour)
    assert any(near(QColor(canal.pixel(x, 24)), line) for x in range(4, 44))


def test_rulesets_names_each_ruleset_and_where_its_rules_are_described(tutorial_window) -> None:
    text = tutorial_window.show_help("rulesets").text()
    for rid in ruleset_ids():
        assert f"{rid}: {get_ruleset(rid).title}" in text
    assert "docs/rules.md" in text
    assert str(paths.charts_dir()) in text


def test_about_gives_version_licence_and_the_data_folders(tutorial_window) -> None:
    text = tutorial_window.show_help("about").text()
    assert f"hexcombat {hexcombat.__version__}" in text
    assert "MIT licence" in text
    for folder in (paths.data_root(), paths.maps_dir(), paths.counters_dir(), paths.charts_dir()):
        assert str(folder) in text


def test_rulesets_names_every_rule_total_war_implements(tutorial_window) -> None:
    """The README's total-war rules (14A, 14D, 14F, the air rules 16A and 23D) in its title."""
    text = tutorial_window.show_help("rulesets").text()
    line = next(row for row in text.splitlines() if "total-war:" in row)
    for rule in ("14A3", "14A4", "14D1", "14D2", "14F", "16A", "23D"):
        assert rule in line


def test_keys_lists_the_map_editors_keys(window) -> None:
    text = window.show_help("keys").text()
    for line in (
        "B: Map editor: Brush tool",
        "F: Map editor: Fill tool",
        "H: Map editor: Hexside tool",
        "P: Map editor: Place tool",
        "E: Map editor: Elevation tool",
        "Middle-button drag, arrow keys: Map editor: Pan the map",
    ):
        assert line in text, line


def test_the_legend_says_what_the_markings_on_a_counter_mean(window) -> None:
    legend = window.show_legend()
    names = [name for name, _how in legend.rows()]
    counters = names[names.index("Counters") + 1 :]
    assert counters == [
        "Heavy armour band", "Heavy antitank band", "Nationality band", "Steps lost",
        "Step pips", "State tag", "Marker tag",
    ]  # fmt: skip
    rows = dict(legend.rows())
    assert "14D2a" in rows["Heavy armour band"] and "14D2c" in rows["Heavy antitank band"]
    tree = legend.tree
    icons = {
        tree.topLevelItem(i).text(0): tree.topLevelItem(i).icon(0)
        for i in range(tree.topLevelItemCount())
    }
    heavy = icons["Heavy armour band"].pixmap(96, 96).toImage()
    plain = icons["Steps lost"].pixmap(96, 96).toImage()
    corner = (18, 18)  # on the band across the upper left corner
    assert heavy.pixelColor(*corner).lightness() < 40  # the black band
    assert plain.pixelColor(*corner).lightness() > 40  # no band on a plain tank


def test_the_about_box_is_as_tall_as_its_words(window, qtbot) -> None:  # noqa: ANN001
    about = window.show_help("about")
    qtbot.waitExposed(about)
    (label,) = about.labels
    words = label.heightForWidth(label.width())  # the text, wrapped at its width
    close = about.findChild(QDialogButtonBox)
    blank = close.geometry().top() - (label.geometry().top() + words)
    assert 0 <= blank <= 2 * label.fontMetrics().lineSpacing()  # no blank band
