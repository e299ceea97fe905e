"""The map editor's model, without a window: every edit does and undoes exactly, and what it
makes saves as a map file that reopens equal."""

from __future__ import annotations

import copy
import dataclasses
import random
from pathlib import Path

import pytest

from hexcombat.board.hexside import Hexside
from hexcombat.board.layout import Layout
from hexcombat.board.mapedit import (
    AddType,
    EditError,
    Run,
    SetPlace,
    flood_fill,
    flood_region,
    mark_hexsides,
    nearest_hexside,
    new_map,
    paint,
    raise_to,
    type_problem,
)
from hexcombat.board.mapfile import HexMap, load_map, map_from_source
from hexcombat.board.mapwrite import map_to_toml, save_map
from hexcombat.sourcefile import TomlSource


def same(a: HexMap, b: HexMap) -> bool:
    return dataclasses.replace(a, source=None) == dataclasses.replace(b, source=None)


def reread(hexmap: HexMap) -> HexMap:
    """The map as it reads back from the text the editor would save."""
    return map_from_source(TomlSource.parse(map_to_toml(hexmap), "edited.toml"))


class Session:
    """Edits done in order, undone last first, as the editor's undo stack does."""

    def __init__(self, hexmap: HexMap) -> None:
        self.hexmap = hexmap
        self.done: list = []

    def do(self, edit) -> None:  # noqa: ANN001
        assert edit is not None
        edit.do(self.hexmap)
        self.done.append(edit)

    def undo(self) -> None:
        self.done.pop().undo(self.hexmap)


def side(hexmap: HexMap, text: str) -> Hexside:
    a, b = text.split("/")
    return Hexside(hexmap.hex_at(a), hexmap.hex_at(b))


def sides(hexmap: HexMap, *texts: str) -> list[Hexside]:
    return [side(hexmap, t) for t in texts]


SEIM = ("0103/0104", "0104/0203", "0203/0204", "0204/0304")
"""The first four hexsides of the 10.D tutorial's river, in the order it runs."""


def test_an_editing_session_saves_and_reopens_equal(tmp_path: Path) -> None:
    edit = Session(new_map("Kursk salient", columns=8, rows=6))
    m = edit.hexmap
    at = m.hex_at
    edit.do(paint(m, [at("0504"), at("0505")], "woods"))
    edit.do(flood_fill(m, at("0101"), "rough"))  # the whole clear map but the woods
    edit.do(AddType("terrain", "glacier"))
    edit.do(paint(m, [at("0806")], "glacier"))
    edit.do(mark_hexsides(m, sides(m, *SEIM), "minor-river"))
    edit.do(AddType("feature", "escarpment"))
    edit.do(mark_hexsides(m, sides(m, "0601/0602", "0602/0702"), "escarpment"))
    edit.do(SetPlace(at("0504"), "Dubrava wood"))
    edit.do(raise_to(m, [at("0303"), at("0304")], 2))
    edit.do(paint(m, [at("0101")], "sea"))
    edit.undo()  # the sea goes again
    assert m.terrain[at("0101")] == "rough"
    assert m.terrain[at("0504")] == "woods" and m.terrain[at("0806")] == "glacier"
    assert [r.hexsides for r in m.rivers] == [tuple(sides(m, *SEIM))]
    path = tmp_path / "kursk.toml"
    save_map(m, path)
    reopened = load_map(path)
    assert same(reopened, m)
    assert reopened.elevation == {at("0303"): 2, at("0304"): 2}
    assert reopened.features(at("0601"), at("0602")) == {"escarpment"}
    assert reopened.places == {at("0504"): "Dubrava wood"}
    text = path.read_text(encoding="utf-8")
    assert '[extra]\nterrain = ["glacier"]\nfeatures = ["escarpment"]' in text


def test_undoing_every_edit_gives_back_the_map_it_began_with() -> None:
    edit = Session(new_map("Undo", columns=6, rows=5))
    m = edit.hexmap
    before = copy.deepcopy(m)
    at = m.hex_at
    edit.do(AddType("terrain", "glacier"))
    edit.do(paint(m, [at("0202"), at("0302")], "glacier"))  # gives glacier a legend letter
    edit.do(mark_hexsides(m, sides(m, *SEIM), "major-river"))
    edit.do(mark_hexsides(m, sides(m, SEIM[1]), "major-river"))  # a click erases, splitting it
    assert len(m.rivers) == 2
    edit.do(SetPlace(at("0404"), "Hill 112"))
    edit.do(SetPlace(at("0404"), None))
    edit.do(raise_to(m, [at("0101")], 9))
    while edit.done:
        edit.undo()
    assert same(m, before)


def test_a_stroke_across_a_corner_keeps_the_river_s_course() -> None:
    m = new_map("Corners", columns=8, rows=6)
    run = Run()
    for text in ("0103/0104", "0103/0203", "0104/0203", "0203/0204"):  # 0103/0203: a spur
        run.add(side(m, text))
    assert run.sides == sides(m, "0103/0104", "0104/0203", "0203/0204")
    run.add(side(m, "0104/0203"))  # back along the run: it gets shorter
    assert run.sides == sides(m, "0103/0104", "0104/0203")
    run.add(side(m, "0405/0406"))  # far away: not part of this river
    assert run.sides == sides(m, "0103/0104", "0104/0203")


def test_a_stroke_from_a_river_s_end_extends_that_river() -> None:
    m = new_map("Seim", columns=8, rows=6)
    mark_hexsides(m, sides(m, *SEIM[:2]), "minor-river").do(m)
    mark_hexsides(m, sides(m, *SEIM[1:]), "minor-river").do(m)
    assert [r.hexsides for r in m.rivers] == [tuple(sides(m, *SEIM))]


def test_a_river_cannot_run_over_the_other_river_kind() -> None:
    m = new_map("Clash", columns=8, rows=6)
    mark_hexsides(m, sides(m, SEIM[0]), "major-river").do(m)
    with pytest.raises(EditError, match="hexside 0103/0104 is already a major-river"):
        mark_hexsides(m, sides(m, SEIM[0]), "minor-river")
    change = mark_hexsides(m, sides(m, *reversed(SEIM)), "minor-river")
    change.do(m)  # the run stops where the major river begins
    assert m.rivers[-1].hexsides == tuple(sides(m, *reversed(SEIM[1:])))


def test_flood_fill_stops_at_other_terrain() -> None:
    m = new_map("Lake", columns=5, rows=5)
    clearing = m.hex_at("0303")
    paint(m, clearing.neighbours(), "woods").do(m)  # a clearing ringed by woods
    assert flood_region(m, clearing) == {clearing}
    outside = flood_region(m, m.hex_at("0101"))
    assert outside == {h for h in m if m.terrain[h] == "clear"} - {clearing}
    flood_fill(m, m.hex_at("0101"), "sea").do(m)
    assert m.terrain[clearing] == "clear" and m.terrain[m.hex_at("0505")] == "sea"
    assert flood_fill(m, clearing, "clear") is None  # nothing would change


def test_the_hexside_nearest_a_point() -> None:
    layout = Layout("flat", 10.0)
    m = new_map("Grid", columns=4, rows=4)
    target = side(m, "0202/0203")
    (ax, ay), (bx, by) = layout.hexside_endpoints(target)
    assert nearest_hexside(layout, (ax + bx) / 2 + 0.5, (ay + by) / 2 - 0.5) == target


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"name": " "}, "the map needs a name"),
        ({"name": "a\nb"}, "must be one line of printable text"),
        ({"columns": 0}, "a map has 1 to 500 columns, not 0"),
        ({"label": "{col}{row}"}, "needs a fixed zero-padded width"),
        ({"label": "{col:02d}{row:02d}", "columns": 120}, "use wider numbers"),
        ({"first": "A1"}, "first label 'A1' does not match the label format"),
        ({"label": "{x}"}, "may only use {col} and {row}"),
    ],
)
def test_a_new_map_s_settings_are_refused_with_a_reason(settings: dict, message: str) -> None:
    values = {"name": "Map"} | settings
    with pytest.raises(EditError, match=message.replace("{", r"\{").replace("}", r"\}")):
        new_map(**values)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "needs a name"),
        ("Woods", "'Woods' is already a terrain type of this map ('woods')"),
        ("minor-river", "already a hexside feature"),
        ("ice\x1b[31m", "one line of printable text"),
        (" ice", "may not begin or end with a space"),
        ("x" * 81, "81 characters long; at most 80"),
    ],
)
def test_a_new_type_s_name_is_refused_with_a_reason(name: str, message: str) -> None:
    problem = type_problem(name, new_map("Types"), "terrain")
    assert problem is not None and message in problem
    with pytest.raises(EditError):
        AddType("terrain", name).do(new_map("Types"))


def random_edit(m: HexMap, rng: random.Random):  # noqa: ANN201
    """One edit a map maker might make: a stroke of paint, a fill, a run along hexsides (a walk
    from a random hexside, through corners), a place or a level."""
    hexes = sorted(m)
    kind = rng.choice(["paint", "fill", "hexsides", "hexsides", "place", "level"])
    if kind == "paint":
        return paint(m, rng.sample(hexes, 3), rng.choice(["woods", "sea", "clear"]))
    if kind == "fill":
        return flood_fill(m, rng.choice(hexes), rng.choice(["rough", "clear"]))
    if kind == "place":
        return SetPlace(rng.choice(hexes), rng.choice([None, "Hill 112", "Ponyri"]))
    if kind == "level":
        return raise_to(m, rng.sample(hexes, 2), rng.randrange(0, 10))
    h = rng.choice(hexes)
    run = Run()
    side = Hexside(h, rng.choice(h.neighbours()))
    for _ in range(rng.randrange(1, 8)):
        run.add(side)
        a, b = side.hexes
        third = rng.choice([n for n in a.neighbours() if n in b.neighbours()])
        side = Hexside(rng.choice([a, b]), third)  # on, round one of its corners
    feature = rng.choice(["minor-river", "major-river", "escarpment"])
    try:
        return mark_hexsides(m, run.sides, feature)
    except EditError:  # a river over the other river kind: refused, nothing changes
        return None


@pytest.mark.parametrize("seed", range(6))
def test_any_run_of_edits_saves_a_map_that_loads_equal_and_undoes_to_the_start(
    seed: int,
) -> None:
    edit = Session(new_map("Random", columns=9, rows=7))
    m = edit.hexmap
    AddType("feature", "escarpment").do(m)
    before = copy.deepcopy(m)
    rng = random.Random(seed)
    for _ in range(150):
        change = random_edit(m, rng)
        if change is not None:
            edit.do(change)
    assert same(reread(m), m)
    assert max(len(river.hexsides) for river in m.rivers) >= 3  # runs, not lone hexsides
    while edit.done:
        edit.undo()
    assert same(m, before)
