"""Save format version 2: each counter's status in play (steps lost, morale or cohesion state,
markers) is kept, and a status the ruleset cannot have is refused with the file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from status_helpers import lend_vocabulary, uid_named, with_steps

from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import GameState
from hexcombat.game.status_commands import AddMarker, LoseSteps, SetState
from hexcombat.rules.status import FRESH, UnitStatus
from hexcombat.sourcefile import SourceError
from meaning import says_in


@pytest.fixture
def vocab(monkeypatch: pytest.MonkeyPatch) -> None:
    lend_vocabulary(monkeypatch)


def marked(state: GameState) -> str:
    """The Inf XX in 0504 disrupted and heroic, the AA II (of 3 steps) one step down."""
    inf = uid_named(state, "Inf XX", "0504")
    aa = uid_named(state, "Hv Mot AA II", "0504")
    with_steps(state, aa, 3)
    state.execute(SetState(inf, state="disrupted"))
    state.execute(AddMarker(inf, marker="heroic"))
    state.execute(LoseSteps(aa))
    return inf


@pytest.mark.usefixtures("vocab")
def test_counter_status_is_saved_and_comes_back(state: GameState, tmp_path: Path) -> None:
    inf = marked(state)
    path = tmp_path / "game.json"
    save_game(state, path)
    data = json.loads(path.read_text())
    assert data["version"] == 2
    entry = next(c for c in data["counters"] if c["uid"] == inf)
    assert entry["status"] == {"steps_lost": 0, "state": "disrupted", "markers": ["heroic"]}
    fresh = next(c for c in data["counters"] if c["uid"] == "c1")
    assert "status" not in fresh  # a fresh unit saves as it did in version 1
    again = load_game(path)
    assert {u: c.status for u, c in again.counters.items()} == {
        u: c.status for u, c in state.counters.items()
    }
    assert again.counters[inf].status == UnitStatus(0, "disrupted", frozenset({"heroic"}))
    assert again.counters["c10"].status.steps_lost == 1 and again.counters["c10"].unit.steps == 3


def refused(path: Path, data: dict) -> str:
    path.write_text(json.dumps(data, indent=1))
    with pytest.raises(SourceError) as caught:
        load_game(path)
    (problem,) = caught.value.problems
    return str(problem).replace(str(path.parent) + "/", "")


def line_of_status(path: Path, uid: str) -> int:
    text = path.read_text()
    start = text.index(f'"uid": "{uid}"')
    return text.count("\n", 0, text.index('"status"', start)) + 1


@pytest.mark.usefixtures("vocab")
@pytest.mark.parametrize(
    ("status", "message"),
    [
        (
            {"state": "shaken"},
            "counter c9: status: 'shaken' is not a morale or cohesion state of ruleset "
            "'total-war' (its states are disrupted, demoralized)",
        ),
        (
            {"markers": ["brave"]},
            "counter c9: status: 'brave' is not a marker of ruleset 'total-war' "
            "(its markers are heroic, in-motion)",
        ),
        ({"steps_lost": -1}, "counter c9: status: steps lost must be 0 or more, not -1"),
        ({"steps_lost": "1"}, "counter c9: status: steps_lost must be a whole number, not '1'"),
        ({"steps_lost": True}, "counter c9: status: steps_lost must be a whole number, not True"),
        (
            {"markers": "heroic"},
            "counter c9: status: markers must be a list of marker names, not 'heroic'",
        ),
        (
            {"markers": ["heroic"] * 100_000},
            "counter c9: status: 100,000 markers; a counter carries at most 20",
        ),
        ({"markers": ["heroic", "heroic"]}, "counter c9: status: markers names a marker twice"),
        ({"state": 3}, "counter c9: status: state must be text (a state of the ruleset), not 3"),
        (
            {"mood": "glum"},
            "counter c9: status: unknown key 'mood'; a status has steps_lost, state, markers",
        ),
        ([], "counter c9: status must be an object of steps_lost, state, markers"),
    ],
)
def test_a_bad_status_is_refused_with_its_file_and_line(
    state: GameState, tmp_path: Path, status: object, message: str
) -> None:
    path = tmp_path / "game.json"
    save_game(state, path)
    data = json.loads(path.read_text())
    entry = next(c for c in data["counters"] if c["uid"] == "c9")
    entry["status"] = status
    said = refused(path, data)
    assert said == f"game.json:{line_of_status(path, 'c9')}: {message}"


@pytest.mark.usefixtures("vocab")
def test_more_steps_lost_than_the_unit_has_is_refused(state: GameState, tmp_path: Path) -> None:
    marked(state)
    path = tmp_path / "game.json"
    save_game(state, path)
    data = json.loads(path.read_text())
    entry = next(c for c in data["counters"] if c["uid"] == "c10")
    entry["status"]["steps_lost"] = 3
    assert says_in(
        refused(path, data),
        at=("game.json", line_of_status(path, "c10")),
        figures=["3", "3"],
        names=["Hv Mot AA II", "eliminated"],
    )


def test_a_status_under_a_ruleset_that_declares_none_is_refused(
    state: GameState, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    save_game(state, path)
    data = json.loads(path.read_text())
    data["counters"][0]["status"] = {"steps_lost": 1}
    assert says_in(
        refused(path, data),
        names=["counter c1", "status", "'total-war'", "strength points", "steps"],
    )


def test_a_version_2_save_of_fresh_counters_reads_as_fresh(
    state: GameState, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    save_game(state, path)
    assert all(c.status == FRESH for c in load_game(path).counters.values())


def test_a_save_of_a_format_not_yet_made_is_refused(state: GameState, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(state, path)
    data = json.loads(path.read_text())
    for version in (3, 0, True, "2"):
        data["version"] = version
        assert says_in(
            refused(path, data), at=("game.json", 3), names=["different hexcombat", repr(version)]
        )


def test_saved_dice_are_checked_against_the_ruleset_s_dice(
    state: GameState, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dataclasses import replace

    from hexcombat.game.attack import AttackSetup, attack_candidates
    from hexcombat.game.roll import RollCombat
    from hexcombat.rules.registry import get_ruleset
    from hexcombat.rules.vocabulary import DieSpec

    target = state.hexmap.hex_at("0504")
    uids = [c.uid for x in attack_candidates(state, target) for c in x.counters]
    state.execute(RollCombat(AttackSetup(target, uids, state.conditions)))
    path = tmp_path / "game.json"
    save_game(state, path)
    data = json.loads(path.read_text())
    data["pending_roll"]["rolls"] = [150]
    assert says_in(refused(path, data), figures=["1", "100", "150"], names=["rolls"])
    rules = get_ruleset("total-war")  # a ruleset rolling a d200: 150 is a face of its dice
    monkeypatch.setattr(rules, "vocabulary", replace(rules.vocabulary, dice=(DieSpec("x", 200),)))
    assert says_in(refused(path, data), figures=["150"], names=["d6 cannot roll 150"])
