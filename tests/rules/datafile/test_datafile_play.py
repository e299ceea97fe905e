"""The skirmish test file (data/skirmish.toml) played on the map like a built-in ruleset, found
beside the scenario that names it: an opposed roll typed die by die, conditions over the units'
morale and training, the what-if on its differential table, the result applied along the board
graph, undone, and the same combat through ``hexcombat explain``.

The combat: Guards (attack 5, morale 5) in 0302 and Rifles (attack 4, morale 3) in 0402 attack
elite Grenadiers (defence 4) in the woods of 0303. 9 - 4 is +5, the 4..6 column (S1); every
defender elite, one column left (S7): 2..3. Morale 5 leads, +1 (S6); woods -1 (S9): DRM +0. On
2..3 the attacker's d6 minus the defender's reads -5 AL (1/36), -4..-2 NE (9/36), -1..1 DR
(16/36), 2..4 DL (9/36), +5 DL2 (1/36). A 4 against a 2 is +2: DL, the Grenadiers lose a step and
retreat a hex, their owner choosing the path; the attacker may advance."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from datafile_helpers import SKIRMISH

from hexcombat.game.attack_model import AttackModel
from hexcombat.game.opening import open_game
from hexcombat.game.tutorials import tutorial_target
from hexcombat.rules import registry
from hexcombat.rules.status import FRESH, UnitStatus
from hexcombat.rules.what_if import what_if
from hexcombat_cli import explain_json
from ruleset_session import new_session

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "game"))
from command_history import History  # noqa: E402  (the game tests' undo stack)

IN36 = Fraction(1, 36)
MAP = """name = "Skirmish"
[layout]
orientation = "flat"
offset = "odd"
label = "{col:02d}{row:02d}"
first = "0101"
columns = 5
rows = 5
[legend]
c = "clear"
w = "woods"
[terrain]
rows = ["ccccc", "ccccc", "ccwcc", "ccccc", "ccccc"]
"""
COUNTERS = """title = "Skirmish"
game = "skirmish"
scale = "tactical"

[[counter]]
id = "sk-guards"
name = "Guards"
nationality = "blue"
type = "infantry"
attack = 5
defence = 4
movement = 4
steps = 2
rules = { morale = 5, training = "regular" }

[[counter]]
id = "sk-rifles"
name = "Rifles"
nationality = "blue"
type = "infantry"
attack = 4
defence = 4
movement = 4
steps = 2
rules = { morale = 3, training = "regular" }

[[counter]]
id = "sk-grenadiers"
name = "Grenadiers"
nationality = "red"
type = "infantry"
attack = 4
defence = 4
movement = 4
steps = 2
rules = { morale = 4, training = "elite" }
"""
SCENARIO = """ruleset = "skirmish"
map = "map.toml"
counters = ["counters.toml"]
title = "Skirmish: the wood at 0303"
seed = 7

[sides]
attacker = "Blue"
defender = "Red"

[[attacker]]
counter = "sk-guards"
hex = "0302"

[[attacker]]
counter = "sk-rifles"
hex = "0402"

[[defender]]
counter = "sk-grenadiers"
hex = "0303"
"""


@pytest.fixture(autouse=True)
def session(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test's own session of data rulesets: the file beside the scenario forgotten after."""
    new_session(monkeypatch)
    yield


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    """The skirmish file beside a scenario, its map and counters."""
    shutil.copy(SKIRMISH, tmp_path / "skirmish.toml")
    (tmp_path / "map.toml").write_text(MAP)
    (tmp_path / "counters.toml").write_text(COUNTERS)
    path = tmp_path / "scenario.toml"
    path.write_text(SCENARIO)
    return path


def names_at(state, label: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.unit.name for c in state.stack_at(state.hexmap.hex_at(label))]


def test_an_opposed_roll_over_unit_values_plays_on_the_map(scenario: Path) -> None:
    state = open_game(scenario)
    assert state.ruleset == "skirmish"
    history = History(state)
    model = AttackModel(state, history.run)
    assert model.start(tutorial_target(state))
    report = model.report
    assert report is not None and report.headline == "2..3, DRM +0"
    assert report.outcomes == {
        "AL": IN36,
        "NE": 9 * IN36,
        "DR": 16 * IN36,
        "DL": 9 * IN36,
        "DL2": IN36,
    }
    cited = {s.rule: s.text for s in report.steps}
    assert "Guards: morale 5" in cited["S6"] and "Grenadiers: training elite" in cited["S7"]
    registered = registry.get_ruleset("skirmish")
    figures = what_if(report, registered.evaluate, registered.vocabulary)
    assert figures is not None and figures.column == "2..3"
    assert figures.up is not None and figures.up.column == "4..6"  # +2 factors: 11 - 4, +7
    assert model.dice_wanted() == [6, 6]
    resolution = model.roll([4, 2])
    assert resolution is not None and resolution.result.code == "DL"
    assert resolution.result.table_roll().die == 2
    grenadiers = next(c.uid for c in state.stack_at(state.hexmap.hex_at("0303")))
    assert model.losses == [grenadiers]
    wood = state.hexmap.hex_at("0303")
    ends = sorted(state.hexmap.label(end) for end in model.retreat_ends[wood])
    assert ends and not {"0302", "0402"} & set(ends)
    assert model.pick_retreat_at(state.hexmap.hex_at(ends[0]))
    assert model.apply(), model.apply_problem
    assert state.counters[grenadiers].status == UnitStatus(steps_lost=1)
    assert names_at(state, ends[0]) == ["Grenadiers"]
    history.undo()
    assert state.counters[grenadiers].status == FRESH and names_at(state, "0303") == ["Grenadiers"]


def test_seeded_dice_give_each_side_its_own_die(scenario: Path) -> None:
    """The game's seeded dice roll the attacker's die and the defender's, and the result is
    read on their difference; the same scenario rolls the same."""
    seen = []
    for _ in range(2):
        state = open_game(scenario)
        model = AttackModel(state)
        assert model.start(tutorial_target(state))
        resolution = model.roll()
        assert resolution is not None
        attacker, defender = resolution.result.rolls
        assert (attacker.side, defender.side) == ("attacker", "defender")
        assert resolution.result.table_roll().die == attacker.faces[0] - defender.faces[0]
        seen.append((attacker.faces, defender.faces, resolution.result.code))
    assert seen[0] == seen[1]


def test_explain_plays_the_opposed_roll(scenario: Path) -> None:
    """``hexcombat explain --roll 4 --roll 2``: DL, cited to the file's rules, the chances
    exact."""
    data = explain_json(scenario, 4, 2)
    assert data["ruleset"] == "skirmish" and "odds" not in data
    assert {o["result"]: o["exact"] for o in data["outcome_list"]}["DR"] == "4/9"
    assert data["result"]["result"] == "DL" and data["result"]["die"] == 2
    assert {"S1", "S2", "S6", "S7", "S9"} <= {s["rule"] for s in data["steps"]}
    assert [d["side"] for d in data["dice"]] == ["attacker", "defender"]
