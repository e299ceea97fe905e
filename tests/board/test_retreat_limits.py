"""Retreats of a range of lengths, and retreats capped by the terrain they pass or by a condition.

The Last Hundred Yards' 14.3.3 (rules file 004): a retreat of 2-4 hexes "is limited to 3 hexes
through a River, Marsh, Jungle, Urban Building, or Sunken Road hex, or at Night". The board
reads that as a :class:`RetreatLimit` of 3 hexes: a retreat that enters such a hex may end
after 3 hexes (even when the result asks for 4) and never goes farther.

The maps here are one row of hexes, 0101 to 0801, so each hex touches only the ones beside it
and a retreat from 0201 away from an attacker in 0101 can only go east: 0301 is 1 hex, 0401 2,
0501 3, 0601 4 and 0701 5 hexes from where it stood. A second map of two rows gives a way round.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcombat.board.graph import BoardGraph, RetreatLimit
from hexcombat.board.mapfile import load_map

LIMIT = RetreatLimit(3, frozenset({"marsh", "river", "jungle", "urban-building", "sunken-road"}))
NIGHT = RetreatLimit(3, LIMIT.terrain, from_start=True)


def corridor(tmp_path: Path, *rows: str) -> BoardGraph:
    """A map of ``rows`` (``c`` clear, ``m`` marsh, ``r`` a river hex, ``s`` sea)."""
    text = f"""
name = "retreat corridor"
[layout]
orientation = "flat"
offset = "odd"
label = "{{col:02d}}{{row:02d}}"
first = "0101"
columns = {len(rows[0])}
rows = {len(rows)}
[legend]
c = "clear"
m = "marsh"
r = "river"
s = "sea"
[extra]
terrain = ["marsh", "river"]
[terrain]
rows = [{", ".join(f'"{r}"' for r in rows)}]
"""
    path = tmp_path / "corridor.toml"
    path.write_text(text, encoding="utf-8")
    return BoardGraph(load_map(path))


def ends(
    graph: BoardGraph, least: int, most: int | None, limit: RetreatLimit | None = None
) -> dict[str, str]:
    """Each end label with its route, for a retreat from 0201 away from 0101."""
    at = graph.map.hex_at
    found = graph.retreat_paths(at("0201"), least, [at("0101")], [], most=most, limit=limit)
    return {
        graph.map.label(end): "-".join(graph.map.label(h) for h in path)
        for end, path in found.items()
    }


def test_a_range_of_lengths_offers_every_end_from_the_least_to_the_most(tmp_path: Path) -> None:
    graph = corridor(tmp_path, "cccccccc")
    assert set(ends(graph, 2, 4)) == {"0401", "0501", "0601"}  # not 0301 (1) nor 0701 (5)
    assert ends(graph, 2, 4)["0601"] == "0201-0301-0401-0501-0601"
    assert set(ends(graph, 2, None)) == {"0401"}  # a fixed length, as before


def test_clear_ground_is_not_limited(tmp_path: Path) -> None:
    graph = corridor(tmp_path, "cccccccc")
    assert set(ends(graph, 2, 4, LIMIT)) == {"0401", "0501", "0601"}
    assert set(ends(graph, 4, 4, LIMIT)) == {"0601"}


@pytest.mark.parametrize("row", ["ccmccccc", "cccmcccc", "ccccmccc"])
def test_a_retreat_through_marsh_stops_at_3(tmp_path: Path, row: str) -> None:
    # the marsh is the 1st, 2nd or 3rd hex entered: a 2-4 retreat ends after 2 or 3 hexes
    graph = corridor(tmp_path, row)
    assert set(ends(graph, 2, 4, LIMIT)) == {"0401", "0501"}
    # a retreat of 4 through it stops after 3
    assert set(ends(graph, 4, 4, LIMIT)) == {"0501"}
    # without the limit it goes 4
    assert set(ends(graph, 4, 4)) == {"0601"}


def test_a_marsh_as_the_fourth_hex_stops_the_retreat_before_it(tmp_path: Path) -> None:
    graph = corridor(tmp_path, "cccccmcc")  # 0601, the 4th hex, is marsh
    assert set(ends(graph, 2, 4, LIMIT)) == {"0401", "0501"}
    assert ends(graph, 4, 4, LIMIT) == {"0501": "0201-0301-0401-0501"}


def test_a_river_hex_limits_as_marsh_does(tmp_path: Path) -> None:
    assert set(ends(corridor(tmp_path, "ccrccccc"), 4, 4, LIMIT)) == {"0501"}


def test_at_night_every_retreat_stops_at_3(tmp_path: Path) -> None:
    graph = corridor(tmp_path, "cccccccc")
    assert set(ends(graph, 2, 4, NIGHT)) == {"0401", "0501"}
    assert set(ends(graph, 4, 4, NIGHT)) == {"0501"}
    assert set(ends(graph, 2, 2, NIGHT)) == {"0401"}  # a 2-hex retreat is under the limit


def test_the_limit_does_not_count_the_hex_the_retreat_starts_in(tmp_path: Path) -> None:
    graph = corridor(tmp_path, "cmcccccc")  # the retreating stack stands in the marsh
    assert set(ends(graph, 4, 4, LIMIT)) == {"0601"}


def test_a_retreat_blocked_before_the_least_length_has_no_end(tmp_path: Path) -> None:
    # the sea in 0401 (the 2nd hex) leaves only 0301, 1 hex: short of 2, so no legal end
    graph = corridor(tmp_path, "cccscccc")
    assert ends(graph, 2, 4, LIMIT) == {}


def test_a_way_round_the_marsh_keeps_the_full_retreat(tmp_path: Path) -> None:
    # two rows; 0401 marsh. From 0201 away from 0101, 0601 is 4 hexes on: the route along row
    # 01 enters the marsh, the one by way of row 02 does not, so a 4-hex end is still there.
    graph = corridor(tmp_path, "cccmcccc", "cccccccc")
    found = ends(graph, 4, 4, LIMIT)
    assert "0601" in found
    assert "0401" not in found["0601"].split("-")
    # with the way round in marsh too, every route enters a marsh: the retreat stops at 3
    walled = corridor(tmp_path, "cccmcccc", "cccmcccc")
    assert set(ends(walled, 4, 4, LIMIT)) == {"0501", "0502"}
    assert set(ends(walled, 4, 4)) == {"0601", "0602"}
