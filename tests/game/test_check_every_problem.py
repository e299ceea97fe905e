"""``hexcombat check`` lists every problem in one run: each bad key of a counter (not only the
first), the air counters of a file whose ground counters are bad, a scenario's unknown terrain
beside its bad weather and date, every bad key of an inline unit."""

from __future__ import annotations

from pathlib import Path

from hexcombat_cli import check

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
    assert lines_of(path) == [
        f"{path}:5: counter 'bad': size must be one of II, III, X, XX, XXX, not 'XY'",
        f"{path}:6: counter 'bad': attack must be a whole number >= 0, not -1",
        f"{path}:7: counter 'bad': aeca must be one of double, full, half, neutral, none (10.B), "
        "not 'triple'",
        f"{path}:8: counter 'bad': changes[0] date '1943-13' has no month 13: write YYYY-MM "
        "with a month from 01 to 12",
        f"{path}:18: air counter 'ge-bad': rating must read like \"7F5\" (attack, type, "
        "defence), not 'zz'",
    ]


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
    assert found[:4] == [
        f"{path}:4: unknown weather 'fog'; the weather is one of clear, mud, frost, snow, winter",
        f"{path}:5: date '1943-13' has no month 13: write YYYY-MM with a month from 01 to 12",
        f"{path}:8: attacker 1: size must be one of II, III, X, XX, XXX, not 'XY'",
        f"{path}:9: attacker 1: attack must be a whole number >= 0, not -6",
    ]
    assert len(found) == 5
    assert found[4].startswith(f"{path}:3: terrain 'moon' is not on the AEC chart")


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
    assert lines_of(path) == [
        f"{path}:5: air counter 'ge-bad': rating must read like \"7F5\" (attack, type, "
        "defence), not 'zz'",
        f"{path}:6: air counter 'ge-bad': tactical_bombing must be a whole number >= 0, not -1",
        f"{path}:7: air counter 'ge-bad': range must be a whole number >= 0, not 'far'",
    ]


def test_a_missing_map_is_reported_beside_bad_weather(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(
        'ruleset = "total-war"\nmap = "nomap"\n[conditions]\nweather = "fog"\n'
        '[[attacker]]\nname = "A"\nsize = "XX"\nattack = 3\nhex = "0101"\n'
        '[[defender]]\nname = "D"\nsize = "XX"\ndefence = 1\nhex = "0102"\n'
    )
    found = lines_of(path)
    assert found[0] == (
        f"{path}:4: unknown weather 'fog'; the weather is one of clear, mud, frost, snow, winter"
    )
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
    assert lines_of(path) == [
        f"{path}:4: unknown weather 'fog'; the weather is one of clear, mud, frost, snow, winter",
        f"{path}:6: unknown counter 'su-no-such-tank': not in counters/ nor the scenario's "
        "counter files; name a counter or define the unit inline",
        f"{path}:11: Tank X: hex '9999' is off the map (0101 to 0806)",
    ]


def test_an_attacker_out_of_reach_is_reported_beside_an_unknown_counter(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    text = THREE_KINDS.replace("MAP", str(MAPS / "tutorial-14d2d.toml"))
    path.write_text(text.replace('"fog"', '"clear"').replace('"9999"', '"0801"'))
    assert lines_of(path) == [
        f"{path}:6: unknown counter 'su-no-such-tank': not in counters/ nor the scenario's "
        "counter files; name a counter or define the unit inline",
        f"{path}:11: Tank X in 0801 is 4 hexes from the defender in 0504: units attack from "
        "adjacent hexes, long-range artillery from two (14A3)",
    ]
