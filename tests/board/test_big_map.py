"""bench/make_big_map.py makes maps of any size: past the ~250,000 hexes where its names ran out
(it looped for ever), every river and place still gets a name of its own."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
from make_big_map import generate  # noqa: E402

sys.path.remove(str(REPO / "bench"))


@pytest.mark.slow
def test_a_300k_hex_map_is_made_with_unique_names() -> None:
    data = tomllib.loads(generate(columns=600, rows=500, seed=1))
    names = [r["name"] for r in data["rivers"]] + [p["name"] for p in data["places"]]
    assert len(names) > 1_500  # more than one or two syllables can name
    assert len(set(names)) == len(names)
    assert len(data["terrain"]["rows"]) == 500
    assert all(len(row) == 600 for row in data["terrain"]["rows"])


def test_the_shipped_sample_map_is_still_what_the_generator_makes() -> None:
    """Small maps come out exactly as before the fix (same names, same rivers)."""
    sample = (REPO / "maps" / "sample.toml").read_text(encoding="utf-8")
    made = generate(columns=40, rows=30, seed=7, name="Sample front")
    assert made.split("\n", 2)[2] == sample.split("\n", 2)[2]
