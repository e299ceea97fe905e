"""The example games written as ruleset files play on the map like a built-in ruleset, without a
window: each tutorial's combat with typed dice, its retreat from the board graph, losses and
states applied, undone and redone, seeded dice, and a save that carries the ruleset file and
reopens with it when the player's file was edited or removed since."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from command_history import History

from hexcombat.game.attack_model import AttackModel
from hexcombat.game.combat_report import last_combat_reports, markdown
from hexcombat.game.new_ruleset import new_ruleset
from hexcombat.game.opening import open_game
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import GameState
from hexcombat.game.tutorials import tutorial_target
from hexcombat.paths import rulesets_dir
from hexcombat.rules.status import FRESH, UnitStatus
from ruleset_session import new_session


@pytest.fixture(autouse=True)
def session(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test's own session of data rulesets: one played beside a scenario or brought by a
    save is forgotten after it."""
    new_session(monkeypatch)
    yield


def tutorial(game: str) -> GameState:
    return open_game(rulesets_dir() / game / f"{game}-tutorial-scenario.toml")


def at(state: GameState, label: str) -> list[str]:
    """The counters' names in the hex ``label``."""
    return [c.unit.name for c in state.stack_at(state.hexmap.hex_at(label))]


def test_hill_and_ford_dr_retreats_two_hexes_and_the_attacker_advances(tmp_path: Path) -> None:
    """12:4 in woods reads 2:1 (5.1, 6.2); a 5 is DR (5.2): the defender retreats two hexes, its
    owner choosing the path, and the rifle division advances onto the hill (5.3)."""
    state = tutorial("hill-and-ford")
    assert state.ruleset == "hill-and-ford"
    history = History(state)
    model = AttackModel(state, history.run)
    assert model.start(tutorial_target(state))
    assert model.report is not None and model.report.headline == "2:1"
    assert model.dice_wanted() == [6]
    resolution = model.roll([5])
    assert resolution is not None and resolution.result.code == "DR"
    assert model.losses == []
    hill = state.hexmap.hex_at("0303")
    ends = {state.hexmap.label(end): path for end, path in model.retreat_ends[hill].items()}
    assert all(len(path) == 3 for path in ends.values())  # two hexes from the hill
    assert "0305" in ends and "0301" not in ends  # away from the attackers in 0302 and 0202
    assert not model.apply()  # where it retreats is the owner's choice
    assert model.pick_retreat_at(state.hexmap.hex_at("0305"))
    division = next(c.uid for c in state.stack_at(state.hexmap.hex_at("0302")))
    assert division in model.advance_choices()
    model.set_advance_into(hill)
    model.set_advance([division])
    assert model.apply(), model.apply_problem
    assert at(state, "0305") == ["Red Rifle Regt"] and at(state, "0303") == ["Blue Rifle Div"]
    history.undo()
    assert at(state, "0303") == ["Red Rifle Regt"] and at(state, "0302") == ["Blue Rifle Div"]
    history.redo()
    assert at(state, "0305") == ["Red Rifle Regt"]
    save_game(state, tmp_path / "hill.json")
    again = load_game(tmp_path / "hill.json")
    assert again.ruleset == "hill-and-ford" and at(again, "0303") == ["Blue Rifle Div"]


def test_hedgerow_line_d1r1_costs_a_step_and_a_hex() -> None:
    """+6 with woods -1 (8.1, 9.2); 3 + 4 = 7, -1 makes 6: D1R1 (8.3): the Red company loses
    one of its three steps and retreats one hex."""
    state = tutorial("hedgerow-line")
    model = AttackModel(state)
    assert model.start(tutorial_target(state))
    assert model.report is not None and model.report.headline == "5..6, DRM -1"
    assert model.dice_wanted() == [6, 6]
    resolution = model.roll([3, 4])
    assert resolution is not None and resolution.result.code == "D1R1"
    company = next(c.uid for c in state.stack_at(state.hexmap.hex_at("0303")))
    assert model.losses == [company] and resolution.losses.kind == "steps"
    orchard = state.hexmap.hex_at("0303")
    ends = sorted(state.hexmap.label(end) for end in model.retreat_ends[orchard])
    assert ends and all(label not in ("0302", "0402") for label in ends)
    assert model.pick_retreat_at(state.hexmap.hex_at(ends[0]))
    assert model.apply(), model.apply_problem
    assert state.counters[company].status == UnitStatus(steps_lost=1)
    assert at(state, ends[0]) == ["Red Rifle Coy"]
    exported = markdown(*last_combat_reports(state.log))  # Export Combat, as Markdown
    assert "D1R1" in exported and "8.3" in exported and "9.2" in exported


def test_firefight_l1d_leaves_the_target_disrupted_and_the_next_fire_reads_it() -> None:
    """Fire 10 with woods -1 (3.1, 4.2); a 7 makes 6: L1D (3.3), a step lost and disrupted. The
    next fire on the disrupted squad: woods -1, disrupted +1 (5.1): DRM +0."""
    state = tutorial("firefight")
    history = History(state)
    model = AttackModel(state, history.run)
    assert model.start(tutorial_target(state))
    assert model.report is not None and model.report.headline == "10..13, DRM -1"
    assert model.dice_wanted() == [10]
    resolution = model.roll([7])
    assert resolution is not None and resolution.result.code == "L1D"
    squad = next(c.uid for c in state.stack_at(state.hexmap.hex_at("0303")))
    assert model.apply(), model.apply_problem
    assert state.counters[squad].status == UnitStatus(steps_lost=1, state="disrupted")
    again = AttackModel(state, history.run)
    assert again.start(tutorial_target(state))
    assert again.report is not None and again.report.headline == "10..13, DRM +0"
    history.undo()
    assert state.counters[squad].status == FRESH


def test_seeded_dice_roll_the_same_combat_alike() -> None:
    codes = []
    for _ in range(2):
        state = tutorial("firefight")
        model = AttackModel(state)
        assert model.start(tutorial_target(state))
        resolution = model.roll()
        assert resolution is not None
        codes.append((resolution.result.rolls[0].faces, resolution.result.code))
    assert codes[0] == codes[1]


def starter_in_the_players_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Path, Path]:
    """The starter's game ``river-game`` with its ruleset file moved into the player's rulesets
    folder, the program started afresh: the game's folder and the ruleset file."""
    monkeypatch.setenv("HEXCOMBAT_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "river-game"
    new_ruleset(folder)
    mine = tmp_path / "data" / "rulesets" / "river-game.toml"
    mine.parent.mkdir(parents=True)
    (folder / "river-game.toml").rename(mine)
    new_session(monkeypatch)
    return folder, mine


def test_a_save_carries_its_ruleset_file_and_reopens_with_it_when_the_file_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The starter's game, its ruleset file in the player's rulesets folder: 12:4 is 3:1, woods
    one column left: 2:1 (its 1.1, 2.2). The player then edits the file (woods no longer shift):
    the program started again plays the file as edited (3:1), but the save reopens with the rules
    it was played with (2:1) and says the file differs; with the file gone it still opens."""
    folder, mine = starter_in_the_players_folder(tmp_path, monkeypatch)
    state = open_game(folder / "river-game-scenario.toml")
    assert state.ruleset == "river-game"
    model = AttackModel(state)
    assert model.start(state.hexmap.hex_at("0303"))
    assert model.report is not None and model.report.headline == "2:1"
    assert model.roll([4]) is not None  # DR on 2:1, waiting to be applied
    save = tmp_path / "game.json"
    save_game(state, save)
    original = mine.read_text(encoding="utf-8")
    assert json.loads(save.read_text(encoding="utf-8"))["ruleset_file"] == original

    edited = original.replace("shift = -1                          # one column left", "")
    assert edited != original
    mine.write_text(edited, encoding="utf-8")
    new_session(monkeypatch)
    fresh = open_game(folder / "river-game-scenario.toml")
    model = AttackModel(fresh)
    assert model.start(fresh.hexmap.hex_at("0303"))
    assert model.report is not None and model.report.headline == "3:1"  # as edited

    new_session(monkeypatch)
    reopened = load_game(save)
    assert reopened.opened_note is not None and "differs" in reopened.opened_note
    assert reopened.pending_roll is not None
    model = AttackModel(reopened)
    assert model.start(reopened.hexmap.hex_at("0303"))
    assert model.report is not None and model.report.headline == "2:1"  # as saved

    mine.unlink()
    new_session(monkeypatch)
    gone = load_game(save)
    assert gone.opened_note is not None and "not among your rulesets" in gone.opened_note
    assert gone.pending_roll is not None and gone.ruleset == "river-game"


def test_a_save_of_a_built_in_game_carries_no_ruleset_file(tmp_path: Path) -> None:
    from hexcombat.game.opening import TUTORIAL
    from hexcombat.paths import maps_dir

    state = open_game(maps_dir() / TUTORIAL)
    save_game(state, tmp_path / "tw.json")
    assert "ruleset_file" not in json.loads((tmp_path / "tw.json").read_text(encoding="utf-8"))
    assert load_game(tmp_path / "tw.json").opened_note is None


def test_a_save_whose_carried_ruleset_file_is_broken_is_refused_at_its_line(
    tmp_path: Path,
) -> None:
    from hexcombat.sourcefile import SourceError

    folder = tmp_path / "bad-game"
    new_ruleset(folder)
    state = open_game(folder / "bad-game-scenario.toml")
    save = tmp_path / "bad.json"
    save_game(state, save)
    data = json.loads(save.read_text(encoding="utf-8"))
    data["ruleset_file"] = data["ruleset_file"].replace('kind = "odds"', 'kind = "sums"')
    save.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SourceError) as refused:
        load_game(save)
    assert "embedded ruleset file" in str(refused.value) and "sums" in str(refused.value)


def test_firefight_a_squad_two_hexes_away_fires_by_its_counter_range() -> None:
    """A rifle squad's range is 2 (counters.toml): from 0301, two hexes from the copse, it joins
    the fire: 4 + 6 + 4 = 14, the 14..19 column (3.1)."""
    from hexcombat.game.candidates import attack_candidates
    from hexcombat.game.commands import AddCounter
    from hexcombat.game.state import Counter

    state = tutorial("firefight")
    squad = state.library["ff-blue-rifle-sqd"]
    uid = state.new_uid()
    state.execute(AddCounter(Counter(uid, squad, "Blue"), state.hexmap.hex_at("0301")))
    far = {c.label: c for c in attack_candidates(state, tutorial_target(state))}["0301"]
    assert far.range == 2 and [c.uid for c in far.counters] == [uid]
    model = AttackModel(state)
    assert model.start(tutorial_target(state))
    model.set_taking_part(state.hexmap.hex_at("0301"), True)
    assert model.report is not None and model.report.headline == "14..19, DRM -1"


def test_a_save_carries_the_rules_in_play_even_when_the_file_was_edited_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game opens under the starter's file (woods one column left: 2:1); the player edits
    the file while the game is open, then saves: the save carries the rules the game was played
    with, not the edited file, and reopens at 2:1."""
    folder, mine = starter_in_the_players_folder(tmp_path, monkeypatch)
    state = open_game(folder / "river-game-scenario.toml")
    model = AttackModel(state)
    assert model.start(state.hexmap.hex_at("0303"))
    assert model.report is not None and model.report.headline == "2:1"
    original = mine.read_text(encoding="utf-8")
    mine.write_text(
        original.replace("shift = -1                          # one column left", ""),
        encoding="utf-8",
    )
    save = tmp_path / "game.json"
    save_game(state, save)
    assert json.loads(save.read_text(encoding="utf-8"))["ruleset_file"] == original
    new_session(monkeypatch)
    reopened = load_game(save)
    model = AttackModel(reopened)
    assert model.start(reopened.hexmap.hex_at("0303"))
    assert model.report is not None and model.report.headline == "2:1"
