"""Games saved in format version 1 (tests/game/data/v1, written by hexcombat before version 2)
still open: the same counters in the same places, conditions, combat log and waiting roll."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import GameState
from hexcombat.rules.report import odds_column
from hexcombat.rules.status import FRESH
from hexcombat.rules.units import unit_from_mapping

V1 = Path(__file__).resolve().parent / "data" / "v1"
SAVES = sorted(p.name for p in V1.glob("*.json"))


def written(name: str) -> dict[str, Any]:
    data = json.loads((V1 / name).read_text(encoding="utf-8"))
    assert data["version"] == 1  # the old format, as kept
    return data


def counters_of(state: GameState) -> list[tuple[str, str, str, str | None, object]]:
    return [
        (c.uid, c.side, state.hexmap.label(h), c.counter_id, c.unit)
        for h, stack in state.stacks().items()
        for c in stack
    ]


def test_the_version_1_saves_are_all_here() -> None:
    assert SAVES == [
        "coast-defence-flipped.json",
        "pending-roll.json",
        "rule10-required-losses.json",
        "tutorial-14d2d.json",
    ]


def saved_unit(raw: dict[str, Any]) -> object:
    """The unit a save writes, its counter-set key (``id``) kept (issue 29)."""
    return replace(unit_from_mapping(raw, "v1"), id=raw.get("id", ""))


@pytest.mark.parametrize("name", SAVES)
def test_a_version_1_save_opens_with_its_counters_conditions_and_log(name: str) -> None:
    data = written(name)
    state = load_game(V1 / name)
    assert counters_of(state) == [
        (c["uid"], c["side"], c["hex"], c["counter"], saved_unit(c["unit"]))
        for c in data["counters"]
    ]
    assert all(c.status == FRESH for c in state.counters.values())  # v1 kept no status
    assert state.conditions.to_dict() == data["conditions"]
    assert state.ruleset == data["ruleset"] and state.phase == data["phase"]
    assert (state.dice.seed, state.dice.used) == (data["seed"], data["rolls_used"])
    log = [
        {"text": e.text, "details": e.details, "rolled_at": e.rolled_at, "losses": e.losses,
         "retreats": e.retreats, "advance": e.advance}
        for e in state.log
    ]  # fmt: skip
    assert log == data["log"]
    assert (state.pending_roll is None) == (data["pending_roll"] is None)


def test_the_version_1_roll_waiting_comes_back_the_same() -> None:
    state = load_game(V1 / "pending-roll.json")
    pending = state.pending_roll
    assert pending is not None and pending.rolls == (1,) and not pending.typed
    # 14D2d: 3:1 with a DRM of +1; a roll of 1 makes 2: HX on the generic table
    resolution = pending.resolution
    assert (odds_column(resolution.report), resolution.result.table_roll().drm) == ("3:1", 1)
    assert pending.resolution.result.code == "HX"
    assert pending.entry is state.log[-1]
    rolled = json.loads((V1 / "pending-roll.json").read_text())["pending_roll"]
    assert pending.resolution.setup.attacker_uids == rolled["attackers"]


def test_the_version_1_games_show_what_was_applied() -> None:
    tutorial = load_game(V1 / "tutorial-14d2d.json")
    assert tutorial.log[-1].losses == [
        "Axis: Inf XX in 0504", "Soviet: Rifle XX in 0503", "Soviet: Tank X in 0404"
    ]  # fmt: skip
    rule10 = load_game(V1 / "rule10-required-losses.json")
    assert rule10.ruleset == "armour-ratio"
    # 10.F.1: half of 16 attack points lost, at least 4 of them from armour (Tank XXX)
    assert rule10.log[-1].losses == ["Soviet: Tank XXX ×2 in 0404", "Soviet: Art III in 0604"]
    flipped = load_game(V1 / "coast-defence-flipped.json")
    assert "ge-cd-art-iii-cd" in {c.counter_id for c in flipped.counters.values()}  # 14A4


@pytest.mark.parametrize("name", SAVES)
def test_a_version_1_game_saves_again_and_reopens_the_same(name: str, tmp_path: Path) -> None:
    state = load_game(V1 / name)
    save_game(state, tmp_path / name)
    again = load_game(tmp_path / name)
    assert counters_of(again) == counters_of(state)
    assert again.log == state.log and again.conditions == state.conditions
    assert (again.pending_roll is None) == (state.pending_roll is None)
