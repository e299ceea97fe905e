"""Files from someone else, damaged or hand-edited, are refused at their line with what was
expected: never a traceback (``hexcombat check``, ``hexcombat explain --json`` and opening the
file as a game). Each case here is one the fuzzing of the shipped files found."""

from __future__ import annotations

import contextlib
import io
import json
import time
from pathlib import Path

import pytest

from hexcombat.game.check import check_file
from hexcombat.game.explain_cli import explain_command
from hexcombat.game.opening import open_game
from hexcombat.game.saves import load_game, save_game
from hexcombat.sourcefile import SourceError
from meaning import each_says, one_says, says_in

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = (ROOT / "maps/tutorial-14d2d-scenario.toml").read_text(encoding="utf-8")
MAP = (ROOT / "maps/tutorial-14d2d.toml").read_text(encoding="utf-8")
COUNTERS = (ROOT / "counters/total-war.toml").read_text(encoding="utf-8")
TERRAIN = (ROOT / "desktop/hexcombat/rulesets/armour_ratio/terrain_effects.toml").read_text()
CRT = (ROOT / "tests/game/data/my-crt.toml").read_text(encoding="utf-8")
AIR = (ROOT / "tests/cases/tw-23d1-me109e.toml").read_text(encoding="utf-8")


def changed(text: str, old: str, new: str) -> str:
    """``text`` with its first ``old`` replaced (which must be there: the case tests nothing
    otherwise)."""
    assert old in text
    return text.replace(old, new, 1)


def write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def line_of(text: str, needle: str) -> int:
    """The line ``needle`` is written on, as TOML counts lines (``\\n`` only)."""
    return text[: text.index(needle)].count("\n") + 1


def checked(path: Path) -> list[str]:
    """``hexcombat check``'s lines for ``path``."""
    return [str(p) for p in check_file(path)]


def explained(path: Path) -> tuple[int, str]:
    """``hexcombat explain --json``'s exit status and what it printed on stderr."""
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        status = explain_command(str(path), as_json=True)
    return status, err.getvalue()


def opened(path: Path) -> list[str]:
    """The problems opening ``path`` as a game is refused with."""
    with pytest.raises(SourceError) as refused:
        open_game(path)
    return [str(p) for p in refused.value.problems]


# 1. wrong types --------------------------------------------------------------------------------


def test_a_list_as_a_counter_id_is_refused_at_its_line(tmp_path: Path) -> None:
    text = changed(TUTORIAL, 'counter = "su-hv-tank-xx"', "counter = []")
    path = write(tmp_path, text)
    line = line_of(text, "counter = []")
    problem = f"{path}:{line}: counter must be the id of a counter (text in quotes), not []"
    assert checked(path) == [problem]
    assert explained(path) == (1, problem + "\n")
    assert opened(path) == [problem]


def test_a_list_as_an_air_counter_id_is_refused_at_its_line(tmp_path: Path) -> None:
    text = changed(AIR, 'counter = "ge-me-109e"', 'counter = ["ge-me-109e"]')
    path = write(tmp_path, text)
    found = checked(path)
    assert len(found) == 1
    assert found[0].startswith(f"{path}:{line_of(text, 'counter = [')}: ")
    assert "unknown air counter ['ge-me-109e']" in found[0]
    assert explained(path)[0] == 1


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ('size = "XX"', "size = []", "size must be one of II, III, X, XX, XXX, not []"),
        ('type = "heavy-armour"', 'type = ["heavy-armour"]', "unknown unit type ['heavy-armour']"),
        ('type = "heavy-armour"', "type = { a = 1 }", "unknown unit type {'a': 1}"),
    ],
)
def test_a_list_or_table_as_a_counters_size_or_type_is_refused_at_its_line(
    tmp_path: Path, old: str, new: str, says: str
) -> None:
    text = changed(COUNTERS, old, new)
    path = write(tmp_path, text, "counters.toml")
    line = line_of(text, new)
    (found,) = checked(path)  # a type is told with the types the rulesets declare
    assert found.startswith(f"{path}:{line}: counter 'su-hv-tank-xx': {says}")
    assert "type" not in says or "heavy-armour, heavy-assault-gun" in found


@pytest.mark.parametrize(("value", "shown"), [("[]", "[]"), ("{ a = 1 }", "{'a': 1}")])
def test_a_list_or_table_as_an_inline_units_type_is_refused_at_its_line(
    tmp_path: Path, value: str, shown: str
) -> None:
    text = changed(
        TUTORIAL, 'counter = "su-hv-tank-xx"', f'name = "Tank"\nsize = "XX"\ntype = {value}'
    )
    path = write(tmp_path, text)
    found = checked(path)
    (problem,) = found
    assert problem.startswith(
        f"{path}:{line_of(text, 'type = ')}: attacker 1: unknown unit type {shown}"
    )
    assert explained(path)[0] == 1


def test_tutorial_steps_that_are_no_list_are_refused_beside_a_bad_condition(
    tmp_path: Path,
) -> None:
    # a bad condition makes check evaluate the rest of the scenario on its map as written
    text = changed(TUTORIAL, "[tutorial]\n", "[tutorial]\nsteps = 5\n").replace(
        "[[tutorial.steps]]", "[[tutorial.old_steps]]"
    )
    text = changed(text, 'weather = "clear"', 'weather = "fog"')
    path = write(tmp_path, text)
    found = checked(path)
    steps = f"{path}:{line_of(text, 'steps = 5')}: tutorial steps must be a list"
    assert any(p.startswith(steps) for p in found), found
    assert any(f":{line_of(text, 'weather = ')}: unknown weather 'fog'" in p for p in found), found
    assert explained(path)[0] == 1


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e400", '"1e99999999"'])
def test_nan_or_infinity_as_an_re_size_is_refused_at_its_line(tmp_path: Path, value: str) -> None:
    text = changed(COUNTERS, 'size = "XX"                    # 3 REs', f"re = {value}  #")
    path = write(tmp_path, text, "counters.toml")
    started = time.monotonic()
    found = checked(path)
    assert time.monotonic() - started < 2  # "1e99999999" is not expanded to its 10**99999999
    line = line_of(text, f"re = {value}")
    assert len(found) == 1
    assert says_in(found[0], at=(str(path), line), names=["'su-hv-tank-xx'", "RE"])


@pytest.mark.parametrize("value", ["nan", "inf"])
def test_nan_or_infinity_in_a_chart_is_refused_at_its_line(tmp_path: Path, value: str) -> None:
    text = changed(
        TERRAIN,
        'aec_res = { value = "1/2", rule = "10.D" }',
        f'aec_res = {{ value = {value}, rule = "10.D" }}',
    )
    path = write(tmp_path, text, "terrain.toml")
    assert each_says(
        checked(path),
        dict(
            at=(str(path), line_of(text, f"value = {value}")),
            figures=["0", "1", "1/2"],
            names=["'forest'", "aec_res"],
        ),
    )


@pytest.mark.parametrize("value", ["nan", "inf"])
def test_nan_or_infinity_as_a_crt_loss_is_refused_at_its_line(tmp_path: Path, value: str) -> None:
    text = changed(CRT, "loss = 1", f"loss = {value}")
    path = write(tmp_path, text, "crt.toml")
    found = checked(path)
    assert len(found) == 1
    assert found[0].startswith(f"{path}:{line_of(text, f'loss = {value}')}: loss must be the ")


@pytest.mark.parametrize("value", ["nan", "inf", "1.5", '"1914"'])
def test_a_seed_that_is_no_whole_number_is_refused_at_its_line(tmp_path: Path, value: str) -> None:
    text = changed(TUTORIAL, "seed = 1914", f"seed = {value}")
    path = write(tmp_path, text)
    line = line_of(text, "seed = ")
    assert checked(path) == [
        f"{path}:{line}: seed must be a whole number, e.g. seed = 1914, not "
        + ('"1914"'.replace('"', "'") if value == '"1914"' else value)
    ]


def test_a_scenario_whose_attacker_is_not_on_its_map_is_refused_at_its_lines(
    tmp_path: Path,
) -> None:
    # the attacker's entry is refused for its hex; with a bad weather too, check goes on to
    # the combat on the map, which has no attacker left: said, never a GameError traceback
    text = TUTORIAL.split("[[attacker]]")[0] + (
        '[[attacker]]\ncounter = "su-hv-tank-xx"\nhex = 5\n\n[[defender]]'
        + TUTORIAL.split("[[defender]]", 1)[1]
    )
    text = changed(text, 'weather = "clear"', 'weather = "fog"')
    path = write(tmp_path, text)
    found = checked(path)
    assert f'{path}:{line_of(text, "hex = 5")}: hex must be text, e.g. "0504"' in found
    assert any(f":{line_of(text, 'weather = ')}: unknown weather 'fog'" in p for p in found)
    assert explained(path)[0] == 1


def test_a_scenario_with_no_attacker_entry_is_refused_by_check(tmp_path: Path) -> None:
    # every [[attacker]] deleted: check said it with a GameError traceback (the combat on the
    # map was built with no attacking unit), explain and opening refused it at its line
    text = TUTORIAL.split("[[attacker]]")[0] + "[[defender]]" + TUTORIAL.split("[[defender]]", 1)[1]
    path = write(tmp_path, text)
    problem = f"{path}:1: the scenario has no attacker"
    assert checked(path) == [problem]
    assert explained(path) == (1, problem + "\n")
    assert opened(path) == [problem]


@pytest.mark.parametrize(
    ("key", "old", "new"),
    [
        ("crt", "seed = 1914", 'seed = 1914\ncrt = "NAME"'),
        ("counters", "seed = 1914", 'seed = 1914\ncounters = ["NAME"]'),
        ("map", 'map = "tutorial-14d2d"', 'map = "NAME"'),
    ],
)
@pytest.mark.parametrize("name", ["a\\u0000b.toml", "loop.toml"])
def test_a_file_name_no_path_can_have_is_refused_at_its_line(
    tmp_path: Path, key: str, old: str, new: str, name: str
) -> None:
    # a NUL in the name, or a link that points at itself: a ValueError or RuntimeError
    # traceback while the name was made absolute, before looking for the file
    (tmp_path / "loop.toml").symlink_to(tmp_path / "loop.toml")
    text = changed(TUTORIAL, old, new.replace("NAME", name))
    path = write(tmp_path, text)
    line = line_of(text, f"{key} = ")
    found = checked(path)
    assert found and all(p.startswith(f"{path}:{line}: ") for p in found), found
    assert explained(path)[0] == 1
    assert opened(path)[0].startswith(f"{path}:{line}: ")


def test_a_file_bigger_than_any_game_needs_is_refused_unread(tmp_path: Path) -> None:
    # a 100 MB string in a scenario took 43 s and 12 GB (the file is read again for each of its
    # problems); no map, counter set, chart or scenario comes near 2 MB (a 50,000-hex map is
    # under 200 kB)
    text = changed(TUTORIAL, "seed = 1914", 'seed = 1914\nnote = "' + "x" * 3_000_000 + '"')
    path = write(tmp_path, text)
    problem = (
        f"{path}:1: the file is over 2 MB, far more than any map, counter set, chart or scenario "
        "needs: hexcombat does not read it"
    )
    start = time.monotonic()
    assert checked(path) == [problem]
    assert explained(path) == (1, problem + "\n")
    assert opened(path) == [problem]
    assert time.monotonic() - start < 2


@pytest.mark.parametrize("lead", ["", "x"])  # the 2 MB mark falls between letters, or in one
def test_a_file_over_2_mb_of_letters_beyond_ascii_is_refused_as_too_big(
    tmp_path: Path, lead: str
) -> None:
    # 3 MB of text in 1.5 million two-byte letters: the limit is on the file's bytes, so it is
    # refused as too big, not read as a cut-off file (not valid TOML, or a letter cut in two)
    note = lead + "\u00e9" * 1_500_000
    text = changed(TUTORIAL, "seed = 1914", f'seed = 1914\nnote = "{note}"')
    path = write(tmp_path, text)
    problem = (
        f"{path}:1: the file is over 2 MB, far more than any map, counter set, chart or scenario "
        "needs: hexcombat does not read it"
    )
    assert checked(path) == [problem]
    assert opened(path) == [problem]


def test_a_unit_name_longer_than_any_counter_prints_is_refused_at_its_line(
    tmp_path: Path,
) -> None:
    # an inline unit named with 200,000 letters passed check, then held the window for 16 s
    # while its name was laid out in the stack, attack and step lists
    name = "N" * 200_000
    text = changed(TUTORIAL, 'counter = "ax-art-iii"', f'name = "{name}"\nsize = "III"')
    path = write(tmp_path, text)
    line = line_of(text, 'name = "N')
    found = checked(path)
    assert len(found) == 1 and found[0].startswith(f"{path}:{line}: ")
    assert "a unit's name is at most 80 characters" in found[0] and len(found[0]) < 300
    assert opened(path) == found


def test_arrays_nested_too_deeply_are_refused_at_their_line(tmp_path: Path) -> None:
    text = MAP + "\n[extra]\nterrain = " + "[" * 3000 + "]" * 3000 + "\n"
    path = write(tmp_path, text, "map.toml")
    line = line_of(text, "terrain = [[")
    problem = f"{path}:{line}: not valid TOML: arrays or inline tables nested too deeply to read"
    assert checked(path) == [problem]
    assert opened(path) == [problem]


def test_a_number_too_long_to_read_is_refused_at_its_line(tmp_path: Path) -> None:
    text = changed(MAP, "columns = 8", "columns = " + "9" * 5000)
    path = write(tmp_path, text, "map.toml")
    assert each_says(
        checked(path),
        dict(at=(str(path), line_of(text, "columns = ")), figures=["4300"], names=["TOML"]),
    )


def test_a_map_name_too_long_for_a_file_name_is_refused_at_its_line(tmp_path: Path) -> None:
    text = changed(TUTORIAL, 'map = "tutorial-14d2d"', 'map = "' + "m" * 400 + '"')
    path = write(tmp_path, text)
    line = line_of(text, "map = ")
    for found in (checked(path), opened(path)):
        assert len(found) == 1
        assert found[0].startswith(f"{path}:{line}: no map 'mmmm")
    assert explained(path)[0] == 1


def test_a_counter_file_or_crt_name_too_long_for_a_file_name_is_refused(tmp_path: Path) -> None:
    text = changed(TUTORIAL, "seed = 1914", f'seed = 1914\ncounters = ["{"c" * 400}.toml"]')
    text = changed(text, "seed = 1914", f'seed = 1914\ncrt = "{"t" * 400}.toml"')
    path = write(tmp_path, text)
    found = checked(path)
    assert any(
        p.startswith(f"{path}:{line_of(text, 'counters =')}: counter file 'ccc") for p in found
    )
    assert any(
        p.startswith(f"{path}:{line_of(text, 'crt =')}: combat results table 'ttt") for p in found
    )


# 2. a game that opens also reopens ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["", " ", "\\t", "\\u2028"])
def test_a_blank_side_name_is_refused_by_check_explain_and_opening(
    tmp_path: Path, name: str
) -> None:
    text = changed(TUTORIAL, 'attacker = "Soviet"', f'attacker = "{name}"')
    path = write(tmp_path, text)
    line = line_of(text, "attacker = ")
    shown = repr(name.encode().decode("unicode_escape"))
    problem = f"{path}:{line}: sides.attacker: a side's name may not be blank ({shown})"
    assert checked(path) == [problem]
    assert explained(path) == (1, problem + "\n")
    assert opened(path) == [problem]


@pytest.mark.parametrize(("value", "shown"), [("[]", "[]"), ("5", "5"), ("{ a = 1 }", "{'a': 1}")])
def test_a_side_name_that_is_no_text_is_refused_at_its_line(
    tmp_path: Path, value: str, shown: str
) -> None:
    text = changed(TUTORIAL, 'defender = "Axis"', f"defender = {value}")
    path = write(tmp_path, text)
    assert len(checked(path)) == 1 and says_in(
        checked(path)[0],
        at=(str(path), line_of(text, "defender = ")),
        names=["sides.defender", str(shown)],
    )


def test_two_sides_of_one_name_are_refused(tmp_path: Path) -> None:
    text = changed(TUTORIAL, 'defender = "Axis"', 'defender = "Soviet"')
    path = write(tmp_path, text)
    assert each_says(
        checked(path),
        dict(
            at=(str(path), line_of(text, "defender = ")),
            names=["attacker", "defender", "both called", "'Soviet'"],
        ),
    )


def test_two_sides_of_one_name_too_long_are_told_only_that_it_is_too_long(
    tmp_path: Path,
) -> None:
    # one check of a side's name decides: a name refused is not also compared with the other
    name = "S" * 50
    text = changed(TUTORIAL, 'attacker = "Soviet"', f'attacker = "{name}"')
    text = changed(text, 'defender = "Axis"', f'defender = "{name}"')
    found = checked(write(tmp_path, text))
    assert len(found) == 2 and all("at most 40 characters" in p for p in found), found


def test_a_save_refuses_a_blank_side_as_the_scenario_does(tmp_path: Path) -> None:
    """One check of a side's name for both loaders: what the scenario refuses, a save refuses
    in the same words, and what a scenario lets open saves and reopens."""
    scenario = write(tmp_path, changed(TUTORIAL, 'attacker = "Soviet"', 'attacker = " "'))
    (refusal,) = opened(scenario)
    save = tmp_path / "game.json"
    save_game(open_game(ROOT / "maps/tutorial-14d2d-scenario.toml"), save)
    load_game(save)  # the tutorial as shipped reopens
    text = save.read_text(encoding="utf-8")
    save.write_text(changed(text, '"side": "Soviet"', '"side": " "'), encoding="utf-8")
    with pytest.raises(SourceError) as refused:
        load_game(save)
    (problem,) = refused.value.problems
    assert problem.message.endswith("a side's name may not be blank (' ')")
    assert refusal.endswith("a side's name may not be blank (' ')")


def test_a_hex_held_by_both_sides_is_refused_by_check_and_opening(tmp_path: Path) -> None:
    """The save loader refuses a hex both sides hold; so do check and opening the scenario,
    at the line of the unit that came second (the fuzz found a game that saved, then would not
    reopen)."""
    text = TUTORIAL + '\n[[defender]]\ncounter = "ax-art-iii"\nhex = "0403"\n'
    path = write(tmp_path, text)
    line = text.count("\n") - 2
    problem = f"{path}:{line}: Art III: hex 0403 is held by Soviet: sides may not share a hex"
    assert checked(path) == [problem]
    assert opened(path) == [problem]


# 3. messages that cannot be forged or misplaced --------------------------------------------------

FORGED = "x\\n/tmp/other.toml:1: forged"
"""A value (as written in TOML) that, echoed raw, would print a second, made-up problem."""


def test_a_newline_in_a_value_is_escaped_not_echoed_raw(tmp_path: Path) -> None:
    text = changed(MAP, 'orientation = "flat"', f'orientation = "{FORGED}"')
    path = write(tmp_path, text, "map.toml")
    line = line_of(text, "orientation = ")
    assert len(checked(path)) == 1 and says_in(
        checked(path)[0],
        at=(str(path), line),
        names=["flat", "pointy", "layout.orientation", str(FORGED)],
    )


def test_a_unit_name_with_a_newline_stays_on_its_problems_line(tmp_path: Path) -> None:
    text = changed(
        TUTORIAL,
        'counter = "su-hv-tank-xx"\nhex = "0403"',
        f'counter = "su-hv-tank-xx"\nname = "{FORGED}"',
    )
    path = write(tmp_path, text)
    (problem,) = opened(path)
    # the name's newline is shown escaped, so no forged "file:line:" line follows
    assert problem == (
        f"{path}:{line_of(text, '[[attacker]]')}: x\\n/tmp/other.toml:1: forged has no hex "
        "on the map"
    )


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
def test_unicode_line_separators_do_not_shift_line_numbers(tmp_path: Path, separator: str) -> None:
    # TOML ends lines at "\n" only; the others are text in a string or a comment
    text = changed(MAP, "# Tutorial map", f"# {separator} Tutorial map")
    text = changed(text, 'orientation = "flat"', 'orientation = "diagonal"')
    path = write(tmp_path, text, "map.toml")
    assert each_says(
        checked(path),
        dict(
            at=(str(path), line_of(text, "orientation = ")),
            names=["flat", "pointy", "diagonal", "layout.orientation"],
        ),
    )


def test_a_missing_map_is_refused_at_the_map_line_after_a_line_separator(tmp_path: Path) -> None:
    text = changed(TUTORIAL, "# The built-in", "# \u2028 The built-in")
    text = changed(text, 'map = "tutorial-14d2d"', 'map = "nowhere"')
    path = write(tmp_path, text)
    (problem,) = opened(path)
    assert problem.startswith(f"{path}:{line_of(text, 'map = ')}: no map 'nowhere'")


def test_a_side_name_longer_than_any_side_has_is_refused_at_its_line(tmp_path: Path) -> None:
    # a side of a million letters opened and held the window for seconds: the turn, the
    # panels and the log each lay the name out; a save is held to the same check
    text = changed(TUTORIAL, 'attacker = "Soviet"', 'attacker = "' + "S" * 1_000_000 + '"')
    path = write(tmp_path, text)
    (found,) = checked(path)
    assert found.startswith(f"{path}:{line_of(text, 'attacker = ')}: ")
    assert one_says(found, figures=["40", "1,000,000"], names=["side's name"])
    assert len(found) < 300
    save = tmp_path / "game.json"
    save_game(open_game(write(tmp_path, TUTORIAL, "ok.toml")), save)
    data = json.loads(save.read_text(encoding="utf-8"))
    long_side = "S" * 1_000_000
    data["sides"] = [long_side, "Axis"]
    for counter in data["counters"]:
        if counter["side"] == "Soviet":
            counter["side"] = long_side
    save.write_text(json.dumps(data, indent=1), encoding="utf-8")
    with pytest.raises(SourceError) as refused:
        load_game(save)
    assert "a side's name is at most 40 characters" in str(refused.value.problems[0])


@pytest.mark.parametrize("kind", ["pipe", "folder"])
def test_a_pipe_or_a_folder_named_as_a_file_is_refused_at_once(tmp_path: Path, kind: str) -> None:
    # `check` of a named pipe waited for a writer for ever; a scenario may name its map, table
    # or counters as any path, so a file that is not a file is refused before it is opened
    import os
    import signal

    path = tmp_path / "s.toml"
    if kind == "pipe":
        os.mkfifo(path)
    else:
        path.mkdir()
    what = "a pipe or a device" if kind == "pipe" else "a folder"
    signal.signal(signal.SIGALRM, lambda *_: pytest.fail("reading the file did not end"))
    signal.alarm(5)
    try:
        found = checked(path)
        with pytest.raises(SourceError) as refused:
            load_game(path)
    finally:
        signal.alarm(0)
    assert len(found) == 1 and says_in(found[0], at=(str(path), 1), names=[str(path), str(what)])
    assert f"{path} is {what}, not a file" in str(refused.value)


def test_an_air_unit_name_longer_than_any_counter_prints_is_refused_at_its_line(
    tmp_path: Path,
) -> None:
    # air counters have a parser of their own (16A): the same 80 characters hold there
    air = Path(__file__).resolve().parents[2] / "counters" / "total-war-air.toml"
    text = changed(air.read_text(), 'name = "Me 109E"', f'name = "{"M" * 5000}"')
    path = write(tmp_path, text, "air.toml")
    line = line_of(text, 'name = "MMM')
    found = checked(path)
    assert found and found[0].startswith(f"{path}:{line}: ")
    assert "a unit's name is at most 80 characters" in found[0] and len(found[0]) < 300
