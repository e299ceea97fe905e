"""Board queries on the tutorial maps, with answers worked out by hand from the printed labels.

Reading the maps (flat-top, odd columns 02, 04, ... shoved half a hex down): hex 0504 touches
0503 and 0505 in its own column, 0403 and 0404 to its left and 0603 and 0604 to its right.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexcombat.board.graph import BoardGraph
from hexcombat.board.hexes import Hex, distance
from hexcombat.board.hexside import Hexside
from hexcombat.board.mapfile import load_map

REPO = Path(__file__).resolve().parents[2]
"""The repository root, for the shipped files under test."""

MAPS = REPO / "maps"


def board(name: str) -> BoardGraph:
    return BoardGraph(load_map(MAPS / f"{name}.toml"))


def hexes(graph: BoardGraph, labels: Iterable[str]) -> set[Hex]:
    return {graph.map.hex_at(label) for label in labels}


def labels(graph: BoardGraph, found: Iterable[Hex]) -> set[str]:
    return {graph.map.label(h) for h in found}


@pytest.fixture(scope="module")
def woods() -> BoardGraph:
    return board("tutorial-14d2d")


@pytest.fixture(scope="module")
def river() -> BoardGraph:
    return board("tutorial-10d-river")


@pytest.fixture(scope="module")
def forest() -> BoardGraph:
    return board("tutorial-10d-forest-river")


@pytest.fixture(scope="module")
def lra() -> BoardGraph:
    return board("tutorial-14a3-lra")


# the graph itself --------------------------------------------------------------------------


def test_nodes_carry_terrain_and_edges_carry_features(river: BoardGraph) -> None:
    g, at = river.graph, river.map.hex_at
    assert g.nodes[at("0504")]["terrain"] == "clear"
    assert g.edges[at("0504"), at("0503")]["features"] == {"minor-river"}
    assert g.edges[at("0504"), at("0505")]["features"] == frozenset()
    # 8 x 6 flat map: each of the 8 columns has 5 sides between its own hexes; between each of
    # the 7 pairs of neighbouring columns the 6 + 6 hexes zigzag across 11 sides: 40 + 77 = 117.
    assert g.number_of_nodes() == 48
    assert g.number_of_edges() == 117


def test_neighbours_of_the_defender_and_of_a_corner_hex(woods: BoardGraph) -> None:
    at = woods.map.hex_at
    assert labels(woods, woods.neighbours(at("0504"))) == {
        "0403",
        "0404",
        "0503",
        "0505",
        "0603",
        "0604",
    }
    assert labels(woods, woods.neighbours(at("0101"))) == {"0102", "0201"}
    # 0806, bottom right, in a shoved-down column: only 0805 above it and 0706 to its left.
    assert labels(woods, woods.neighbours(at("0806"))) == {"0805", "0706"}


def terrain_of(graph: BoardGraph, label_list: Iterable[str]) -> dict[str, str]:
    return {label: graph.terrain(graph.map.hex_at(label)) for label in label_list}


def test_terrain_of_the_defended_hexes(
    woods: BoardGraph, river: BoardGraph, forest: BoardGraph, lra: BoardGraph
) -> None:
    # What each worked example needs of the defender's hex (docs/rules.md examples 1, 10, 11):
    # 14D2d attacks into woods, with clear hexes all round; the first 10.D example attacks a
    # clear hex across a minor river; the second a forest behind one, from clear hexes.
    at = woods.map.hex_at
    assert woods.terrain(at("0504")) == "woods"
    assert woods.map.places[at("0504")] == "Dubrava wood"
    assert set(terrain_of(woods, labels(woods, woods.neighbours(at("0504")))).values()) == {"clear"}
    assert terrain_of(woods, ["0702", "0605", "0306"]) == {
        "0702": "city",
        "0605": "woods",
        "0306": "woods",
    }
    assert terrain_of(river, ["0504", "0403", "0503", "0603"]) == dict.fromkeys(
        ["0504", "0403", "0503", "0603"], "clear"
    )
    assert terrain_of(forest, ["0404", "0504", "0505"]) == {
        "0404": "forest",
        "0504": "clear",
        "0505": "clear",
    }
    assert forest.map.places[forest.map.hex_at("0404")] == "Black forest"
    # 14A3: a clear defender, the long-range artillery's hex clear, the sea where no retreat ends.
    assert terrain_of(lra, ["0504", "0704", "0305"]) == {
        "0504": "clear",
        "0704": "clear",
        "0305": "sea",
    }
    # The graph's nodes carry the same terrain the queries answer with.
    for g in (woods, river, forest, lra):
        assert all(g.graph.nodes[h]["terrain"] == g.terrain(h) for h in g.map)


def test_range_queries_refuse_a_hex_off_the_map_like_every_other_query(woods: BoardGraph) -> None:
    # Far off the map, and just off its left edge (column 0), where hexes two away are on it:
    # an answer of [] or of on-map hexes would hide a caller's mistake, so both are refused.
    just_off = woods.map.scheme.hex_of(-1, 3)
    for off in (Hex(40, 40), just_off):
        for query in (woods.hexes_at, woods.hexes_within):
            with pytest.raises(
                ValueError,
                match=re.escape(f"{off} is not on the map 'Tutorial 14D2d: attack into woods'"),
            ):
                query(off, 2)


def test_a_hex_off_the_map_is_refused_by_name(woods: BoardGraph) -> None:
    with pytest.raises(ValueError, match="is not on the map 'Tutorial 14D2d: attack into woods'"):
        woods.neighbours(Hex(40, 40))
    with pytest.raises(ValueError, match="is not on the map"):
        woods.terrain(Hex(40, 40))


# range ---------------------------------------------------------------------------------------


def test_hexes_exactly_two_from_the_defender(lra: BoardGraph) -> None:
    at = lra.map.hex_at
    assert labels(lra, lra.hexes_at(at("0504"), 2)) == {
        "0303",
        "0304",
        "0305",
        "0402",
        "0405",
        "0502",
        "0506",
        "0602",
        "0605",
        "0703",
        "0704",
        "0705",
    }
    assert labels(lra, lra.hexes_at(at("0504"), 1)) == labels(lra, lra.neighbours(at("0504")))
    assert lra.distance(at("0504"), at("0704")) == 2
    assert lra.distance(at("0504"), at("0903")) == 4


def test_range_queries_stop_at_the_map_edge(lra: BoardGraph) -> None:
    at = lra.map.hex_at
    # 0101 in the corner: of the 12 hexes two away only 0103 below, 0202 beyond 0102 and 0201,
    # and 0301, 0302 beyond 0201 exist (0203 and 0303 are three away).
    assert labels(lra, lra.hexes_at(at("0101"), 2)) == {"0103", "0202", "0301", "0302"}
    assert len(lra.hexes_within(at("0101"), 1)) == 3  # itself, 0102, 0201
    assert len(lra.hexes_within(at("0504"), 2)) == 19


# hexsides and what attackers cross -------------------------------------------------------------


def test_hexside_and_features_between_adjacent_hexes(lra: BoardGraph) -> None:
    at = lra.map.hex_at
    assert lra.hexside(at("0704"), at("0604")) == Hexside(at("0604"), at("0704"))
    assert lra.features(at("0704"), at("0604")) == {"major-river"}
    assert lra.features(at("0504"), at("0604")) == frozenset()
    with pytest.raises(ValueError, match="not adjacent"):
        lra.features(at("0504"), at("0704"))


def test_which_attackers_cross_the_minor_river(river: BoardGraph) -> None:
    at = river.map.hex_at
    attackers = hexes(river, ["0403", "0503", "0603", "0404", "0604", "0505"])
    crossings = river.attack_crossings(at("0504"), attackers)
    assert [river.map.label(c.hex) for c in crossings] == [
        "0403",
        "0404",
        "0503",
        "0505",
        "0603",
        "0604",
    ]
    across = {river.map.label(c.hex) for c in crossings if "minor-river" in c.features}
    assert across == {"0403", "0503", "0603"}
    for c in crossings:
        assert c.range == 1
        assert c.hexside == Hexside(at("0504"), c.hex)


def test_attack_into_forest_across_the_river_from_the_east_only(forest: BoardGraph) -> None:
    at = forest.map.hex_at
    attackers = hexes(forest, ["0504", "0505", "0403", "0405", "0304", "0305"])
    crossings = forest.attack_crossings(at("0404"), attackers)
    across = {forest.map.label(c.hex) for c in crossings if c.features == {"minor-river"}}
    plain = {forest.map.label(c.hex) for c in crossings if not c.features}
    assert across == {"0504", "0505"}
    assert plain == {"0403", "0405", "0304", "0305"}


def test_attack_into_woods_crosses_no_hexside_feature(woods: BoardGraph) -> None:
    at = woods.map.hex_at
    crossings = woods.attack_crossings(at("0504"), woods.neighbours(at("0504")))
    assert len(crossings) == 6
    assert all(c.features == frozenset() and c.range == 1 for c in crossings)


def test_long_range_artillery_fires_at_two_hexes_across_the_major_river(lra: BoardGraph) -> None:
    at = lra.map.hex_at
    crossings = lra.attack_crossings(at("0504"), hexes(lra, ["0704", "0503", "0604"]))
    assert [(lra.map.label(c.hex), c.range) for c in crossings] == [
        ("0503", 1),
        ("0604", 1),
        ("0704", 2),
    ]
    artillery = crossings[-1]
    assert artillery.hexside is None and artillery.features == frozenset()


def test_attack_crossings_measure_any_distance_and_refuse_the_defenders_own_hex(
    lra: BoardGraph,
) -> None:
    # how far a unit may attack from is its ruleset's to say: the board measures 3 and 4 hexes
    # as it measures 2, crossing no single hexside
    at = lra.map.hex_at
    crossings = lra.attack_crossings(at("0504"), hexes(lra, ["0804", "0903", "0604"]))
    assert [(lra.map.label(c.hex), c.range, c.hexside) for c in crossings] == [
        ("0604", 1, Hexside(at("0504"), at("0604"))),
        ("0804", 3, None),
        ("0903", 4, None),
    ]
    with pytest.raises(ValueError, match="0504 is the defender's own hex"):
        lra.attack_crossings(at("0504"), [at("0504")])


def test_range_queries_answer_any_reach_at_no_more_than_one_pass_over_the_map(
    lra: BoardGraph,
) -> None:
    at = lra.map.hex_at
    every = sorted(lra.map.terrain)
    # three hexes: the 37 of a whole disc around 0504 (the 9 columns by 7 rows hold it all)
    assert len(lra.hexes_within(at("0504"), 3)) == 37
    assert lra.distance(at("0504"), at("0804")) == 3 and at("0804") in lra.hexes_at(at("0504"), 3)
    # a reach beyond the map (a hostile counter file's range) is the whole map, found at once
    start = time.perf_counter()
    assert lra.hexes_within(at("0504"), 10**12) == every
    assert lra.hexes_at(at("0504"), 10**12) == []
    assert time.perf_counter() - start < 1.0
    # between the two ways of finding them (a ring walked, the map measured) the answer agrees
    for n in range(0, 14):  # a ring of 6n > 63 hexes and a disc of more are measured
        ring = [h for h in every if lra.distance(at("0101"), h) == n]
        disc = [h for h in every if lra.distance(at("0101"), h) <= n]
        assert lra.hexes_at(at("0101"), n) == ring
        assert lra.hexes_within(at("0101"), n) == disc
    for query in (lra.hexes_at, lra.hexes_within):
        with pytest.raises(ValueError, match="cannot be negative"):
            query(at("0504"), -1)


# retreats --------------------------------------------------------------------------------------
#
# Defender 0504 on the 14A3 map, attacked from 0503 and 0603 (nearest-attacker distance 1).
# Step 1 may go to 0403 (1 from 0503), 0604 (1 from 0603), 0404 or 0505 (2 from both).
# Step 2, from 0403: 0402 (1), 0303 (2), 0304 (2); from 0404: 0304, 0305, 0405; from 0505: 0405,
# 0506, 0605; from 0604: 0605, 0704 (1 from 0603), 0705 (2). 0502, 0602 and 0703 lie behind the
# attackers. 0305 is sea.
# The end must be strictly farther from the nearest attacker than 0504 (1): 0402 (next to 0503)
# and 0704 (next to 0603) only slide along the front, so they are no retreat; nor, for a retreat
# of one hex, are 0403 and 0604.

ATTACKERS = ["0503", "0603"]


def retreat(graph: BoardGraph, length: int = 2, **options: object) -> dict[str, str]:
    at = graph.map.hex_at
    enemy = hexes(graph, options.pop("enemy", []))  # type: ignore[arg-type]
    for key in ("zoc_hexes", "friendly_occupied"):
        if key in options and options[key] is not None:
            options[key] = hexes(graph, options[key])  # type: ignore[arg-type]
    found = graph.retreat_paths(
        at("0504"),
        length,
        attacker_hexes=hexes(graph, ATTACKERS),
        enemy_occupied=enemy,
        **options,  # type: ignore[arg-type]
    )
    return {
        graph.map.label(end): "-".join(graph.map.label(h) for h in path)
        for end, path in found.items()
    }


def test_retreat_two_hexes_away_from_the_attackers(lra: BoardGraph) -> None:
    ends = retreat(lra)
    assert set(ends) == {"0303", "0304", "0405", "0506", "0605", "0705"}
    assert ends["0705"] == "0504-0604-0705"
    assert ends["0303"] == "0504-0403-0303"


def test_a_retreat_may_not_slide_along_the_front(lra: BoardGraph) -> None:
    # 0403 and 0604 touch 0503 and 0603 as 0504 did; 0402 and 0704 beyond them still do.
    assert "0402" not in retreat(lra) and "0704" not in retreat(lra)
    assert not {"0403", "0604"} & set(retreat(lra, length=1))
    # With the attack from 0503 alone, 0604 is two hexes from it: a step away, no slide.
    at = lra.map.hex_at
    alone = lra.retreat_paths(at("0504"), 1, [at("0503")], [])
    assert labels(lra, alone) == {"0404", "0505", "0604"}


def test_the_sea_is_what_keeps_a_retreat_out_of_0305(lra: BoardGraph) -> None:
    assert "0305" not in retreat(lra)
    assert retreat(lra, prohibited_terrain=frozenset())["0305"] == "0504-0404-0305"


def test_retreat_blocked_by_enemy_units(lra: BoardGraph) -> None:
    ends = retreat(lra, enemy=["0404", "0605"])
    # 0605 is held by the enemy; 0304 and 0405 are still reached by way of 0403 and 0505.
    assert set(ends) == {"0303", "0304", "0405", "0506", "0705"}
    assert ends["0405"] == "0504-0505-0405"


def test_retreat_may_not_cross_a_prohibited_hexside(lra: BoardGraph) -> None:
    # 0705 lies across the Desna from 0604, the only way to it.
    ends = retreat(lra, prohibited_features={"major-river"})
    assert set(ends) == {"0303", "0304", "0405", "0506", "0605"}


def test_retreat_may_not_enter_enemy_zoc(lra: BoardGraph) -> None:
    # Zones of control: the six hexes around each attacker.
    zoc = ["0402", "0403", "0502", "0504", "0602", "0603", "0604", "0703", "0704", "0503"]
    assert set(retreat(lra, zoc_hexes=zoc)) == {"0304", "0405", "0506", "0605"}


def test_friendly_units_may_open_a_hex_in_enemy_zoc(lra: BoardGraph) -> None:
    zoc = ["0402", "0403", "0502", "0504", "0602", "0603", "0604", "0703", "0704", "0503"]
    ends = retreat(lra, zoc_hexes=zoc, friendly_occupied=["0403"])
    assert set(ends) == {"0303", "0304", "0405", "0506", "0605"}
    assert ends["0303"] == "0504-0403-0303"


def test_the_maps_readme_14a3_retreat_with_the_tutorial_set_up(lra: BoardGraph) -> None:
    # maps/README.md: Inf XX in 0503 and 0604, LR Art III in 0704; the assumed Europa retreat
    # rules (no enemy-occupied hex, no enemy ZOC, no sea). Worked out by hand: ZOC is the hexes
    # next to 0503 (0402 0403 0502 0504 0602 0603), 0604 (0505 0603 0605 0704 0705 0504) and
    # 0704 (0603 0604 0703 0705 0803 0804). Of 0504's neighbours only 0404 is neither held nor
    # in ZOC; from 0404, 0304 and 0405 lie two from 0504, outside ZOC and no nearer 0503 (2);
    # 0305 is sea.
    at = lra.map.hex_at
    stacks = hexes(lra, ["0503", "0604", "0704"])
    zoc = hexes(lra, "0402 0403 0502 0504 0602 0603 0505 0605 0704 0705 0703 0803 0804".split())
    found = lra.retreat_paths(
        at("0504"), 2, stacks, stacks, prohibited_terrain={"sea"}, zoc_hexes=zoc
    )
    assert {
        lra.map.label(end): "-".join(lra.map.label(h) for h in path) for end, path in found.items()
    } == {"0304": "0504-0404-0304", "0405": "0504-0404-0405"}


def test_retreat_one_hex(lra: BoardGraph) -> None:
    assert set(retreat(lra, length=1)) == {"0404", "0505"}


def test_a_surrounded_stack_has_no_retreat(lra: BoardGraph) -> None:
    assert retreat(lra, enemy=["0403", "0404", "0505", "0604"]) == {}


def test_retreat_refuses_a_start_off_the_map_and_a_negative_length(lra: BoardGraph) -> None:
    with pytest.raises(ValueError, match="not on the map"):
        lra.retreat_paths(Hex(50, 50), 2, [], [])
    with pytest.raises(ValueError, match="cannot be -1 hexes long"):
        lra.retreat_paths(lra.map.hex_at("0504"), -1, [], [])


# retreats against a brute-force reading of the rule ---------------------------------------------


@pytest.fixture(scope="module")
def sample() -> BoardGraph:
    return board("sample")


def brute_force_ends(
    g: BoardGraph, start: Hex, length: int, attackers: set[Hex], enemy: set[Hex], zoc: set[Hex]
) -> set[Hex]:
    """Every sequence of steps, checked against the definition one rule at a time: each step one
    hex farther from the start and never nearer the nearest attacker; the end strictly farther
    from the nearest attacker than the start."""

    def gap(h: Hex) -> int:
        return min(distance(h, a) for a in attackers)

    ends = set()
    for steps in itertools.product(range(6), repeat=length):
        path = [start]
        for d in steps:
            nxt = path[-1].neighbour(d)
            if (
                nxt not in g.map.terrain
                or g.map.terrain[nxt] == "sea"
                or nxt in enemy
                or nxt in attackers
                or nxt in zoc
                or distance(start, nxt) != len(path)
                or gap(nxt) < gap(path[-1])
            ):
                break
            path.append(nxt)
        else:
            if gap(path[-1]) > gap(start):
                ends.add(path[-1])
    return ends


@settings(max_examples=60, deadline=None)
@given(
    data=st.data(),
    length=st.integers(min_value=1, max_value=4),
)
def test_retreat_matches_the_rule_read_literally(
    sample: BoardGraph, data: st.DataObject, length: int
) -> None:
    land = sorted(h for h, kind in sample.map.terrain.items() if kind != "sea")
    start = data.draw(st.sampled_from(land))
    around = sample.hexes_within(start, length + 1)
    attackers = set(
        data.draw(st.lists(st.sampled_from(sample.neighbours(start)), min_size=1, max_size=3))
    )
    enemy = set(data.draw(st.lists(st.sampled_from(around), max_size=6))) - {start}
    zoc = set(data.draw(st.lists(st.sampled_from(around), max_size=6))) - {start}
    found = sample.retreat_paths(start, length, attackers, enemy, zoc_hexes=zoc)
    assert set(found) == brute_force_ends(sample, start, length, attackers, enemy, zoc)
    for end, path in found.items():
        assert path[0] == start and path[-1] == end and len(path) == length + 1
        assert all(distance(a, b) == 1 for a, b in itertools.pairwise(path))
