"""Saved games: reopen exactly, written atomically, and bad saves explained by file and line."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hexcombat.board.mapfile import load_map
from hexcombat.game.commands import AddCounter
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import CombatLogEntry, Counter, GameState
from hexcombat.rules.registry import ruleset_ids
from hexcombat.rules.situation import Conditions
from hexcombat.rules.units import unit_from_mapping
from hexcombat.sourcefile import SourceError
from meaning import each_says, figures_in, one_says, says, says_in

try:
    import fcntl
except ImportError:  # Windows: an open file cannot be deleted, no lock needed
    fcntl = None  # type: ignore[assignment]

REPO = Path(__file__).resolve().parents[2]
"""The repository root, for the shipped files under test."""

PZ = unit_from_mapping(
    {
        "name": "16-10 Pz XX",
        "size": "XX",
        "attack": 16,
        "movement": 10,
        "aeca": "half",
        "conversion_re": 2,
        "changes": [{"date": "1943-07", "aeca": "double"}],
    },
    "t",
)
AA = unit_from_mapping({"name": "Hv Mot AA II", "size": "II", "heavy_antitank": True}, "t")


def game() -> GameState:
    state = GameState(
        load_map(REPO / "maps" / "tutorial-14d2d.toml"),
        ruleset="armour-ratio",
        conditions=Conditions(weather="mud", date="1943-08", fortified=True),
        seed=42,
    )
    state.execute(AddCounter(Counter("c1", PZ, "Axis", "ax-pz"), state.hexmap.hex_at("0403")))
    state.execute(AddCounter(Counter("c2", AA, "Axis"), state.hexmap.hex_at("0403")))
    state.execute(AddCounter(Counter("c3", AA, "Soviet"), state.hexmap.hex_at("0504")))
    state.log.append(CombatLogEntry("0403 -> 0504: 2:1", ["14D2a: heavy armour"]))
    state.tutorial = ["1. Select the stack in 0504."]
    state.description = "A panzer division in mud."
    state.dice.roll()
    state.dice.roll()
    return state


def picture(state: GameState) -> object:
    stacks = {
        state.hexmap.label(h): [(c.uid, c.side, c.counter_id, c.unit) for c in s]
        for h, s in state.stacks().items()
    }
    log = [(e.text, e.details) for e in state.log]
    return stacks, state.conditions, state.ruleset, log, state.tutorial, state.description


def test_save_and_reopen_is_the_same_game(tmp_path: Path) -> None:
    state = game()
    path = tmp_path / "game.json"
    save_game(state, path)
    again = load_game(path)
    assert picture(again) == picture(state)
    assert again.hexmap.terrain == state.hexmap.terrain
    # the dice go on where they stopped, not from the start
    assert [again.dice.roll() for _ in range(5)] == [state.dice.roll() for _ in range(5)]


def test_save_survives_the_map_file_moving(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(game(), path)
    data = json.loads(path.read_text())
    assert "Tutorial 14D2d" in data["map_toml"] and data["format"] == "hexcombat-save"


def test_save_replaces_the_old_file_whole_and_leaves_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old")
    save_game(game(), path)
    assert json.loads(path.read_text())["version"] == 2
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_failed_save_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old save")
    state = game()
    state.map_text = None
    state.hexmap.source = None
    with pytest.raises(ValueError):
        save_game(state, path)
    assert path.read_text() == "old save"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def bad(tmp_path: Path, text: str) -> str:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SourceError) as caught:
        load_game(path)
    (problem,) = caught.value.problems
    return str(problem).replace(str(tmp_path) + "/", "")


def test_broken_json_names_the_line(tmp_path: Path) -> None:
    assert says(
        bad(tmp_path, '{\n "format": "hexcombat-save",\n "version": 1,,\n}'),
        at=("bad.json", 3),
        names=["not a valid save", "JSON"],
    )


def test_not_a_save(tmp_path: Path) -> None:
    assert says(
        bad(tmp_path, '{"a": 1}'),
        at=("bad.json", 1),
        names=["not a hexcombat saved game", "format"],
    )


def test_newer_format_is_refused(tmp_path: Path) -> None:
    text = '{\n "format": "hexcombat-save",\n "version": 9\n}'
    assert says(bad(tmp_path, text), at=("bad.json", 3), figures=["9", "1", "2"], names=["version"])


def test_counter_off_the_map_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    save_game(game(), path)
    text = path.read_text().replace('"hex": "0504"', '"hex": "9999"')
    line = text[: text.index('"uid": "c3"')].count("\n") + 1
    message = bad(tmp_path, text)
    assert message.startswith(f"bad.json:{line}: hex '9999' is off the map")


def damaged(tmp_path: Path, key: str, value: object) -> tuple[str, str]:
    """A good save with ``key`` set to ``value``: the message, and the text it was read from."""
    good = tmp_path / "good.json"
    save_game(game(), good)
    data = json.loads(good.read_text())
    data[key] = value
    text = json.dumps(data, indent=1)
    return bad(tmp_path, text), text


def line_of(text: str, key: str) -> int:
    """The line of the save where ``key`` is written."""
    return text[: text.index(f'"{key}"')].count("\n") + 1


def test_a_tutorial_that_is_not_a_list_of_lines_is_refused(tmp_path: Path) -> None:
    message, text = damaged(tmp_path, "tutorial", 5)
    line = line_of(text, "tutorial")
    assert says_in(
        message, at=("bad.json", line), figures=["5"], names=["tutorial", "list of text lines"]
    )
    message, _ = damaged(tmp_path, "tutorial", ["1. Select 0504.", 7])
    assert says_in(message, figures=["1", "0504", "7"], names=["tutorial", "'1. Select 0504.'"])


def test_a_huge_rolls_used_is_refused_at_once_instead_of_replaying_the_dice(
    tmp_path: Path,
) -> None:
    message, text = damaged(tmp_path, "rolls_used", 10**15)
    assert says_in(
        message,
        at=("bad.json", line_of(text, "rolls_used")),
        figures=["0", "100000", "1000000000000000"],
        names=["rolls_used"],
    )
    message, _ = damaged(tmp_path, "rolls_used", -1)
    assert says_in(message, figures=["0", "100000", "-1"], names=["rolls_used"])
    message, _ = damaged(tmp_path, "seed", "42")
    assert message.endswith("seed must be a whole number, not '42'")


def test_a_number_too_long_for_python_is_a_bad_save_not_a_crash(tmp_path: Path) -> None:
    text = '{"format": "hexcombat-save", "version": 1, "seed": ' + "9" * 5000 + "}"
    assert bad(tmp_path, text).startswith("bad.json:1: not a valid save (JSON): ")
    assert bad(tmp_path, "[" * 100_000 + "]" * 100_000).startswith("bad.json:1: not a valid save")


def test_an_unknown_ruleset_is_refused_naming_the_known_ones(tmp_path: Path) -> None:
    message, text = damaged(tmp_path, "ruleset", "squad-leader")
    assert says_in(
        message,
        at=("bad.json", line_of(text, "ruleset")),
        names=["'squad-leader'", "unknown", str(", ".join(ruleset_ids()))],
    )
    message, _ = damaged(tmp_path, "ruleset", ["total-war"])
    assert "unknown ruleset ['total-war']" in message


def test_unknown_weather_and_a_bad_date_are_refused(tmp_path: Path) -> None:
    message, text = damaged(tmp_path, "conditions", {"weather": "drizzle"})
    assert says_in(
        message,
        at=("bad.json", line_of(text, "weather")),
        names=["conditions", "'drizzle'", "clear", "winter"],
    )
    message, _ = damaged(tmp_path, "conditions", {"date": "1943-13"})
    assert says_in(
        message, figures=["1943", "13", "13", "01", "12"], names=["'1943-13'", "YYYY", "MM"]
    )
    message, _ = damaged(tmp_path, "conditions", {"fortified": "yes"})
    assert says_in(message, names=["conditions", "fortified", "true or false", "'yes'"])
    message, _ = damaged(tmp_path, "conditions", {"rain": True})
    assert "conditions: unknown condition 'rain'" in message


def test_a_title_that_is_not_text_is_refused(tmp_path: Path) -> None:
    message, text = damaged(tmp_path, "title", {"en": "Kursk"})
    assert says_in(message, at=("bad.json", line_of(text, "title")), names=["'en'", "'Kursk'"])
    message, _ = damaged(tmp_path, "description", 3)
    assert message.endswith("description must be text, not 3")


def test_log_entries_of_the_wrong_kind_are_refused(tmp_path: Path) -> None:
    message, text = damaged(tmp_path, "log", [{"text": "0403 -> 0504: 2:1"}, 5])
    assert says_in(
        message,
        at=("bad.json", line_of(text, "log")),
        figures=["2"],
        names=["log entry 2", "its text"],
    )
    message, _ = damaged(tmp_path, "log", [{"text": 12}])
    assert says_in(message, figures=["1"], names=["log entry 1", "its text"])
    message, _ = damaged(tmp_path, "log", [{"text": "ok", "details": ["14D2a", 2]}])
    assert says_in(message, figures=["1", "2"], names=["log entry 1 details", "'14D2a'"])
    message, _ = damaged(tmp_path, "log", "0403 -> 0504")
    assert says_in(message, figures=["0403", "0504"], names=["log", "'0403 -> 0504'"])


@pytest.mark.parametrize(
    "when", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00"]
)
def test_a_roll_time_no_clock_can_show_is_refused_at_its_line(tmp_path: Path, when: str) -> None:
    """A time at the edge of the calendar reads as ISO 8601 but has no local time: the combat
    log could not show it, so the save is refused instead of the log crashing when it opens."""
    message, text = damaged(tmp_path, "log", [{"text": "0403 -> 0504: 2:1", "rolled_at": when}])
    assert says_in(
        message,
        at=("bad.json", line_of(text, "log")),
        figures=["1"],
        names=["rolled_at", repr(when)],
    )


ODD_VALUES = [None, True, 0, -1, 10**30, 1.5, "", "x", [], [1, "a"], {}, {"a": [None]}]


def loads_or_names_its_file(tmp_path: Path, data: dict) -> None:
    """Save ``data`` and open it: it loads, or is refused with a message naming the file (any
    other exception fails the test)."""
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(data))
    try:
        load_game(path)
    except SourceError as exc:
        assert str(exc).startswith(f"{path}:"), str(exc)


@pytest.mark.parametrize(
    "key",
    [
        "title", "ruleset", "conditions", "phasing_player", "phase", "seed", "rolls_used",
        "map_toml", "crt_toml", "counters", "log", "tutorial", "description", "pending_roll",
        "sides",
    ],
)  # fmt: skip
@pytest.mark.slow
def test_any_value_of_the_wrong_kind_is_a_message_never_a_crash(tmp_path: Path, key: str) -> None:
    good = tmp_path / "good.json"
    save_game(game(), good)
    data = json.loads(good.read_text())
    for value in ODD_VALUES:
        for target, entry in ((data, key), (data["counters"][0], key)):
            original = target.get(entry)
            target[entry] = value
            loads_or_names_its_file(tmp_path, data)
            target[entry] = original


@pytest.mark.slow
@pytest.mark.parametrize("key", ["uid", "side", "hex", "unit", "counter"])
def test_a_counter_entry_of_the_wrong_kind_is_a_message_never_a_crash(
    tmp_path: Path, key: str
) -> None:
    good = tmp_path / "good.json"
    save_game(game(), good)
    data = json.loads(good.read_text())
    for value in [*ODD_VALUES, {"name": 5}, {"name": "x", "attack": "big"}]:
        data["counters"][0][key] = value
        loads_or_names_its_file(tmp_path, data)


def test_a_roll_waiting_to_be_applied_is_saved_and_comes_back_the_same(tmp_path: Path) -> None:
    from hexcombat.game.attack import AttackSetup, attack_candidates
    from hexcombat.game.opening import default_tutorial, open_game
    from hexcombat.game.roll import RollCombat

    state = open_game(default_tutorial())
    target = state.hexmap.hex_at("0504")
    uids = [c.uid for x in attack_candidates(state, target) for c in x.counters]
    state.execute(RollCombat(AttackSetup(target, uids, state.conditions)))
    rolled = state.pending_roll
    path = tmp_path / "rolled.json"
    save_game(state, path)
    again = load_game(path)
    pending = again.pending_roll
    assert pending is not None and pending.rolls == rolled.rolls and not pending.typed
    assert pending.resolution.result == rolled.resolution.result
    assert pending.resolution.setup.attacker_uids == uids
    assert pending.entry is again.log[-1]  # applying it replaces the roll's log line
    assert again.dice.used == state.dice.used == 1  # reopening is no second roll
    # a hand-edited die that is no die is refused
    data = json.loads(path.read_text())
    data["pending_roll"]["rolls"] = [9]
    message = bad(tmp_path, json.dumps(data, indent=1))
    assert says_in(message, figures=["9"], names=["pending_roll", "d6 cannot roll 9"])
    data["pending_roll"]["rolls"] = [101]
    message = bad(tmp_path, json.dumps(data, indent=1))
    assert says_in(message, figures=["1", "100", "101"], names=["pending_roll", "rolls"])
    data["pending_roll"]["rolls"] = [4, 2]  # two dice for a one-die attack: '1 die', not '1 dice'
    message = bad(tmp_path, json.dumps(data, indent=1))
    assert says_in(message, figures=["1", "2"], names=["pending_roll", "rolls 1 die"])
    data["pending_roll"]["rolls"] = [4]
    data["pending_roll"]["attackers"] = ["c999"]
    message = bad(tmp_path, json.dumps(data, indent=1))
    assert one_says(message, names=["pending_roll", "cannot be resolved again"])


# --- how a save is written ------------------------------------------------------------------


@pytest.fixture
def umask_002():
    """The process's umask set to 002 (a group-shared folder's), then put back."""
    old = os.umask(0o002)
    yield
    os.umask(old)


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_save_gets_the_permissions_the_umask_gives_any_new_file(
    tmp_path: Path, umask_002: None
) -> None:
    path = tmp_path / "game.json"
    save_game(game(), path)
    assert mode_of(path) == 0o664  # 0666 & ~002, as the player's other files


def test_saving_again_keeps_the_file_s_permissions(tmp_path: Path, umask_002: None) -> None:
    path = tmp_path / "game.json"
    save_game(game(), path)
    for mode in (0o640, 0o644, 0o600):
        path.chmod(mode)
        save_game(game(), path)
        assert mode_of(path) == mode


def temporaries_left(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


KILLED_SAVE = """
import os, sys, time
sys.path.insert(0, {desktop!r})
from hexcombat.game import saves
from hexcombat.game.opening import default_tutorial, open_game
state = open_game(default_tutorial())
os.replace = lambda *args: time.sleep(60)  # killed before the rename
saves.save_game(state, {path!r})
"""


def kill_a_save(path: Path) -> list[str]:
    """Start saving to ``path`` in another process and kill it before it renames; returns the
    temporary files it left."""
    desktop = str(REPO / "desktop")
    child = subprocess.Popen(
        [sys.executable, "-c", KILLED_SAVE.format(desktop=desktop, path=str(path))]
    )
    try:
        for _ in range(600):
            left = temporaries_left(path.parent)
            if left and Path(path.parent, left[0]).stat().st_size > 0:
                break
            assert child.poll() is None, "the save ended before it was killed"
            time.sleep(0.05)
    finally:
        child.kill()
        child.wait()
    return temporaries_left(path.parent)


def test_a_killed_save_s_temporary_file_goes_at_the_next_save(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(game(), path)
    assert len(kill_a_save(path)) == 1
    save_game(game(), path)
    assert temporaries_left(tmp_path) == []


def test_reading_a_save_leaves_a_killed_save_s_temporary_file_alone(tmp_path: Path) -> None:
    """``hexcombat check`` and ``explain`` read a save with ``load_game``: a read-only command
    changes nothing in the player's folder (the program's open cleans up: tests/ui)."""
    path = tmp_path / "game.json"
    save_game(game(), path)
    left = kill_a_save(path)
    assert len(left) == 1
    load_game(path)
    assert temporaries_left(tmp_path) == left


def test_only_hexcombat_s_own_temporary_names_for_that_save_are_removed(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(game(), path)
    stale = [".game.json.a1b2c3d4.tmp", ".game.json.k_9zq0xw.tmp"]
    others = [
        ".game.json.tmp",  # no random part
        ".game.json.a1b2c3d.tmp",  # seven characters
        ".game.json.A1B2C3D4.tmp",
        "game.json.a1b2c3d4.tmp",  # no leading dot
        ".other.json.a1b2c3d4.tmp",  # another save's
        ".game.json.a1b2c3d4.tmp.bak",
        "notes.txt",
    ]
    for name in [*stale, *others]:
        (tmp_path / name).write_text("x")
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("keep me")
    (tmp_path / ".game.json.linklink.tmp").symlink_to(elsewhere)  # not a file hexcombat wrote
    (tmp_path / ".game.json.folder00.tmp").mkdir()
    save_game(game(), path)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted(
        [
            "game.json",
            *others,
            "elsewhere.txt",
            ".game.json.linklink.tmp",
            ".game.json.folder00.tmp",
        ]
    )
    assert elsewhere.read_text() == "keep me"


def test_a_save_being_written_by_another_window_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    busy = tmp_path / ".game.json.a1b2c3d4.tmp"
    with busy.open("w") as held:
        if fcntl is not None:
            fcntl.flock(held.fileno(), fcntl.LOCK_EX)  # as a save holds the file it writes
        save_game(game(), path)
        load_game(path)
        assert busy.exists()


def test_the_folder_is_flushed_after_the_rename(tmp_path: Path, monkeypatch) -> None:
    synced: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    def replace(src: str, dst: object) -> None:
        synced.append("rename")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    save_game(game(), tmp_path / "game.json")
    assert synced == ["file", "rename", "folder"]


def test_a_folder_the_player_may_write_but_not_list_still_takes_the_save(
    tmp_path: Path, monkeypatch
) -> None:
    """A folder with write but no read permission (a drop folder, mode -wx): the save is
    renamed into place, so it is a save, not "Cannot save"; only the folder's flush is skipped."""
    real_open = os.open

    def no_listing(name: object, flags: int, *args: object) -> int:
        if Path(str(name)).is_dir():
            raise PermissionError(13, "Permission denied", str(name))
        return real_open(name, flags, *args)

    monkeypatch.setattr(os, "open", no_listing)
    save_game(game(), tmp_path / "game.json")
    assert picture(load_game(tmp_path / "game.json")) == picture(game())


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity", "1e999", "-1e999"])
def test_nan_or_infinity_where_a_number_belongs_is_refused_at_its_line(
    tmp_path: Path, token: str
) -> None:
    good = tmp_path / "good.json"
    save_game(game(), good)
    data = json.loads(good.read_text())
    data["title"] = f"{token} in the title is only text"  # not the refused value
    data["counters"][0]["unit"]["re"] = "@@"
    text = json.dumps(data, indent=1).replace('"@@"', token)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if token in row and '"re"' in row)
    message = bad(tmp_path, text)
    assert says_in(message, at=("bad.json", line), names=[str(token), "finite numbers only"])


@pytest.mark.parametrize("key", ["title", "description", "tutorial"])
def test_a_save_s_texts_hold_no_more_than_a_scenario_may(tmp_path: Path, key: str) -> None:
    # a received save titled with 100 MB of letters opened, then held the window for 84 s and
    # 4.9 GB while the tutorial dock laid it out; a scenario carries at most 2 MB in all
    path = tmp_path / "game.json"
    save_game(game(), path)
    data = json.loads(path.read_text())
    text = "x" * 3_000_000
    data[key] = [text] if key == "tutorial" else text
    path.write_text(json.dumps(data, indent=1))
    with pytest.raises(SourceError) as refused:
        load_game(path)
    (problem,) = refused.value.problems
    assert problem.line == line_of(path.read_text(), key)
    assert one_says(problem.message, names=["title, description, tutorial", "combat log"])
    assert figures_in(problem.message)[0].startswith("3,0")  # characters, over 2 MB
    assert "at most 2 MB, as a scenario" in problem.message


def test_a_save_s_combat_log_holds_no_more_than_a_scenario_may(tmp_path: Path) -> None:
    # a 2 MB log line took 3.4 s to open, and a save may be 64 MB: the log is text laid out in
    # the Combat Log when the game opens, held to the same 2 MB as the title and tutorial
    from hexcombat.game.attack import AttackSetup, attack_candidates
    from hexcombat.game.opening import default_tutorial, open_game
    from hexcombat.game.roll import RollCombat

    state = open_game(default_tutorial())
    target = state.hexmap.hex_at("0504")
    uids = [c.uid for x in attack_candidates(state, target) for c in x.counters]
    state.execute(RollCombat(AttackSetup(target, uids, state.conditions)))
    path = tmp_path / "game.json"
    save_game(state, path)
    data = json.loads(path.read_text())
    data["log"][0]["details"].append("x" * 3_000_000)
    path.write_text(json.dumps(data, indent=1))
    with pytest.raises(SourceError) as refused:
        load_game(path)
    (problem,) = refused.value.problems
    assert problem.line == line_of(path.read_text(), "log")
    assert one_says(problem.message, names=["title, description, tutorial", "combat log"])
    assert figures_in(problem.message)[0].startswith("3,0")  # characters, over 2 MB


def test_a_phasing_player_who_is_no_side_of_the_game_is_refused(tmp_path: Path) -> None:
    # the scenario loader refuses a phasing player that is none of its sides; a save does too
    from hexcombat.game.opening import default_tutorial, open_game

    path = tmp_path / "game.json"
    save_game(open_game(default_tutorial()), path)
    data = json.loads(path.read_text())
    data["phasing_player"] = "Martians"
    message = bad(tmp_path, json.dumps(data, indent=1))
    assert says_in(message, names=["phasing_player 'Martians'", "'Soviet'", "'Axis'"])


@pytest.mark.parametrize("lead", ["", " "])  # the 64 MB mark falls between letters, or in one
def test_a_save_over_64_mb_of_letters_beyond_ascii_is_refused_as_too_big(
    tmp_path: Path, lead: str
) -> None:
    path = tmp_path / "game.json"
    save_game(game(), path)
    with path.open("a", encoding="utf-8") as out:
        out.write(lead + "\u00e9" * (32 * 1024 * 1024))  # two bytes each: 64 MB more
    with pytest.raises(SourceError) as refused:
        load_game(path)
    assert each_says(
        [str(p) for p in refused.value.problems],
        dict(at=(str(path), 1), figures=["64", "20,000", "20"], names=["save is over 64 MB"]),
    )


def test_a_save_bigger_than_any_game_makes_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(game(), path)
    with path.open("a") as out:
        out.write(" " * (64 * 1024 * 1024))  # a 20,000-counter game saves in about 20 MB
    start = time.monotonic()
    with pytest.raises(SourceError) as refused:
        load_game(path)
    assert time.monotonic() - start < 2
    assert each_says(
        [str(p) for p in refused.value.problems],
        dict(at=(str(path), 1), figures=["64", "20,000", "20"], names=["save is over 64 MB"]),
    )


def test_a_log_entrys_values_and_drms_come_back_from_a_save(tmp_path: Path) -> None:
    state = game()
    state.log[0].figures = [("1/5", "+1")]
    save_game(state, tmp_path / "game.json")
    assert load_game(tmp_path / "game.json").log[0].figures == [("1/5", "+1")]
    message, _ = damaged(tmp_path, "log", [{"text": "ok", "figures": [["1/5"]]}])
    assert message.endswith("log entry 1 figures must be pairs of value and DRM, not [['1/5']]")
