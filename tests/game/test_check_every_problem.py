"""``hexcombat check`` lists every problem in one run: each bad key of a counter (not only the
first), the air counters of a file whose ground counters are bad, a scenario's unknown terrain
beside its bad weather and date, every bad key of an inline unit."""

from __future__ import annotations

from pathlib import Path

from hexcombat_cli import check
from meaning import each_says, says, says_in

COUNTERS = """\
title = "a counter set with mistakes"
[[counter]]
id = "bad"
name = "Bad"
size = "XY"
attack = -1
aeca = "triple"
changes = [{ date = "1943-13", aeca = "double" }]

[[counter]]
id = "good"
name = "Good"
size = "XX"

[[air_counter]]
id = "ge-bad"
name = "Bad air"
rating = "zz"
"""


def lines_of(path: Path) -> list[str]:
    run = check(path)
    assert run.returncode == 1
    return run.stdout.splitlines()


def test_every_bad_key_of_a_counter_and_the_air_counters_too(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text(COUNTERS)
    assert each_says(
        lines_of(path),
        dict(at=(str(path), 5), names=["'bad'", "'XY'"]),
        dict(at=(str(path), 6), figures=["0", "-1"], names=["'bad'", "whole number"]),
        dict(at=(str(path), 7), rules=["10.B"], names=["'bad'", "'triple'"]),
        dict(
            at=(str(path), 8),
            figures=["0", "1943", "13", "13", "01", "12"],
            names=["'bad'", "'1943-13'", "YYYY", "MM"],
        ),
        dict(at=(str(path), 18), rules=["7F5"], names=["'ge-bad'", "7F5", "'zz'"]),
    )


SCENARIO = """\
ruleset = "total-war"
[conditions]
terrain = "moon"
weather = "fog"
date = "1943-13"
[[attacker]]
name = "Rifle XX"
size = "XY"
attack = -6
[[attacker]]
name = "Tank X"
size = "X"
attack = 4
[[defender]]
name = "Inf XX"
size = "XX"
defence = 6
"""


def test_a_scenario_s_bad_terrain_is_reported_beside_bad_weather_and_date(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO)
    found = lines_of(path)
    assert each_says(
        found[:4],
        dict(at=(str(path), 4), names=["'fog'", "unknown"]),
        dict(
            at=(str(path), 5),
            figures=["1943", "13", "13", "01", "12"],
            names=["'1943-13'", "YYYY", "MM"],
        ),
        dict(at=(str(path), 8), figures=["1"], names=["'XY'", "attacker"]),
        dict(at=(str(path), 9), figures=["1", "0", "-6"], names=["attacker", "whole number"]),
    )
    assert len(found) == 5
    assert says_in(found[4], at=(str(path), 3), names=["'moon'", "AEC"])


AIR_COUNTERS = """\
title = "air counters with mistakes"
[[air_counter]]
id = "ge-bad"
name = "Bad air"
rating = "zz"
tactical_bombing = -1
range = "far"
"""


def test_every_bad_key_of_an_air_counter(tmp_path: Path) -> None:
    path = tmp_path / "air.toml"
    path.write_text(AIR_COUNTERS)
    assert each_says(
        lines_of(path),
        dict(at=(str(path), 5), rules=["7F5"], names=["'ge-bad'", "7F5", "'zz'"]),
        dict(
            at=(str(path), 6),
            figures=["0", "-1"],
            names=["'ge-bad'", "tactical_bombing", "whole number"],
        ),
        dict(at=(str(path), 7), figures=["0"], names=["'ge-bad'", "'far'", "whole number"]),
    )


def test_a_missing_map_is_reported_beside_bad_weather(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(
        'ruleset = "total-war"\nmap = "nomap"\n[conditions]\nweather = "fog"\n'
        '[[attacker]]\nname = "A"\nsize = "XX"\nattack = 3\nhex = "0101"\n'
        '[[defender]]\nname = "D"\nsize = "XX"\ndefence = 1\nhex = "0102"\n'
    )
    found = lines_of(path)
    assert says(found[0], at=(str(path), 4), names=["'fog'", "unknown"])
    assert len(found) == 2 and found[1].startswith(f"{path}:2: no map 'nomap': not a file")


MAPS = Path(__file__).resolve().parents[2] / "maps"

THREE_KINDS = """\
ruleset = "total-war"
map = "MAP"
[conditions]
weather = "fog"
[[attacker]]
counter = "su-no-such-tank"
hex = "0403"
[[attacker]]
counter = "su-rifle-xx"
hex = "0503"
[[attacker]]
counter = "su-tank-x"
hex = "9999"
[[defender]]
counter = "ax-inf-xx"
hex = "0504"
"""


def test_an_unknown_counter_bad_weather_and_an_off_map_hex_come_out_in_one_run(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.toml"
    path.write_text(THREE_KINDS.replace("MAP", str(MAPS / "tutorial-14d2d.toml")))
    assert each_says(
        lines_of(path),
        dict(at=(str(path), 4), names=["'fog'", "unknown"]),
        dict(at=(str(path), 6), names=["'su-no-such-tank'", "unknown"]),
        dict(
            at=(str(path), 11),
            figures=["9999", "0101", "0806"],
            names=["'9999'", "Tank X", "off the map"],
        ),
    )


def test_an_attacker_out_of_reach_is_reported_beside_an_unknown_counter(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    text = THREE_KINDS.replace("MAP", str(MAPS / "tutorial-14d2d.toml"))
    path.write_text(text.replace('"fog"', '"clear"').replace('"9999"', '"0801"'))
    assert each_says(
        lines_of(path),
        dict(at=(str(path), 6), names=["'su-no-such-tank'", "unknown"]),
        dict(
            at=(str(path), 11),
            rules=["14A3"],
            figures=["0801", "4", "0504"],
            names=["Tank X", "long-range", "defender"],
        ),
    )
