"""One module decides where every kind of shipped data is found (issue 5): the charts too."""

from __future__ import annotations

from pathlib import Path

from hexcombat.paths import charts_dir
from hexcombat.rulesets.armour_ratio import tables as ar_tables
from hexcombat.rulesets.armour_ratio import terrain
from hexcombat.rulesets.europa import combat
from hexcombat.rulesets.total_war import coast_defence, light_infantry
from hexcombat.rulesets.total_war import tables as tw_tables


def test_every_chart_path_is_under_charts_dir() -> None:
    paths = [
        combat.GENERIC_CRT,
        ar_tables.HERE,
        terrain.TERRAIN_EFFECTS,
        coast_defence.COAST_DEFENCE,
        light_infantry.LIGHT_INFANTRY,
        tw_tables.HERE,
    ]
    for path in paths:
        assert Path(path).is_relative_to(charts_dir()), path
        assert Path(path).exists(), path
    assert (charts_dir() / "europa" / "crt_generic.toml").is_file()
