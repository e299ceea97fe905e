"""The game turn: the phasing player and phase, what they allow (14A4 flips, 10.G overruns), and
keeping them in scenarios and saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexcombat.board.mapfile import load_map
from hexcombat.game.attack import AttackSetup, attack_candidates, build_situation, evaluate_attack
from hexcombat.game.commands import (
    AddCounter,
    MoveCounters,
    RemoveCounters,
    RunCounterAction,
    SetPhase,
)
from hexcombat.game.opening import default_tutorial, open_game
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.scenario import load_scenario
from hexcombat.game.state import Change, Counter, GameError, GameState, RuleRefusedError
from hexcombat.game.turn import default_phase, no_attacks_in, phase_names
from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.report import odds_column
from hexcombat.rules.situation import Conditions
from hexcombat.rulesets.europa.vocabulary import EUROPA_VOCABULARY
from hexcombat.rulesets.total_war.eligibility import FLIP_MODE
from hexcombat.sourcefile import SourceError
from meaning import says, says_in

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CDA = HERE / "data" / "cda-14a4.toml"
"""Axis CD Art III (artillery mode) with Inf XX in 0403, LR Siege Art III on its CD side in 0503,
Soviet Rifle XX in 0504; the Axis initial phase."""

REFUSED = (
    "coast defence artillery may switch modes only during its owner's initial phase "
    "(now: {now} phase) (14A4)"
)


@pytest.fixture
def game() -> GameState:
    return open_game(CDA)


def uid_of(state: GameState, counter_id: str) -> str:
    return next(c.uid for c in state.counters.values() if c.counter_id == counter_id)


def picture(state: GameState) -> object:
    """Every stack top first, with each counter exactly as it is."""
    return {state.hexmap.label(h): list(s) for h, s in sorted(state.stacks().items())}


# --- the phase ---------------------------------------------------------------------------------


def test_phases_are_the_player_turn_in_order_each_with_its_rule() -> None:
    assert phase_names(EUROPA_VOCABULARY) == (
        "initial",
        "movement",
        "reaction",
        "combat",
        "exploitation",
    )
    rules = {p.name: p.rule for p in EUROPA_VOCABULARY.phases}
    assert rules["initial"] == "14A4" and rules["reaction"] == "10.B.1"
    assert rules["movement"] == "10.G"


def test_a_new_game_is_in_the_combat_phase_and_the_first_side_is_phasing() -> None:
    state = GameState(load_map(REPO / "maps" / "tutorial-14d2d.toml"))
    assert (state.phasing_player, state.phase) == ("", default_phase(EUROPA_VOCABULARY))
    state.execute(SetPhase("", "initial"))  # a bare map: no side to name yet
    state.execute(AddCounter(_rifle(state, "Soviet"), _at(state, "0403")))
    state.execute(AddCounter(_rifle(state, "Axis"), _at(state, "0504")))
    assert (state.phasing_player, state.phase) == ("Soviet", "initial")


def _at(state: GameState, label: str):  # noqa: ANN202
    return state.hexmap.hex_at(label)


def _rifle(state: GameState, side: str) -> Counter:
    from hexcombat.rules.units import unit_from_mapping

    unit = unit_from_mapping({"name": "Rifle XX", "size": "XX", "attack": 4, "defence": 4}, "t")
    return Counter(state.new_uid(), unit, side)


def test_set_phase_and_undo(game: GameState) -> None:
    seen: list[Change] = []
    game.subscribe(seen.append)
    command = SetPhase("Soviet", "movement")
    change = game.execute(command)
    assert (game.phasing_player, game.phase) == ("Soviet", "movement")
    assert change.turn and not change.hexes and change.text == "Phase: Soviet's movement phase"
    assert seen == [change]
    back = command.undo(game)
    assert (game.phasing_player, game.phase) == ("Axis", "initial")
    assert back.turn and back.text == "Undo: Phase: Soviet's movement phase"
    command.do(game)  # redo
    assert (game.phasing_player, game.phase) == ("Soviet", "movement")


def test_set_phase_refuses_an_unknown_phase_or_side(game: GameState) -> None:
    with pytest.raises(GameError, match=r"^there is no 'lunch' phase; the phases are initial, "):
        game.execute(SetPhase("Axis", "lunch"))
    with pytest.raises(
        GameError, match=r"^'Allied' is not a side in this game; the sides are Axis, Soviet$"
    ):
        game.execute(SetPhase("Allied", "combat"))
    assert (game.phasing_player, game.phase) == ("Axis", "initial")


# --- 14A4: flipping coast defence artillery ----------------------------------------------------


def test_flip_in_the_owner_s_initial_phase_and_undo_restores_the_counter_exactly(
    game: GameState,
) -> None:
    uid = uid_of(game, "ge-cd-art-iii")
    h = game.hex_of(uid)
    before = picture(game)
    original = game.counters[uid]
    command = RunCounterAction(uid, FLIP_MODE)
    change = game.execute(command)
    flipped = game.counters[uid]
    assert (flipped.uid, flipped.side, flipped.counter_id) == (uid, "Axis", "ge-cd-art-iii-cd")
    assert flipped.unit == game.library["ge-cd-art-iii-cd"]
    assert [c.uid for c in game.stack_at(h)] == [c.uid for c in before["0403"]]  # same place
    assert change.hexes == {h} and change.counters == {uid}
    assert command.text == "Flip CD Art III to CD mode (14A4)"
    command.undo(game)
    assert picture(game) == before
    assert game.counters[uid] is original
    command.do(game)  # redo, then back again to artillery mode
    back = RunCounterAction(uid, FLIP_MODE)
    game.execute(back)
    assert says(
        back.text, rules=["14A4"], names=["Flip CD Art III", "CD mode", "to artillery mode"]
    )
    assert game.counters[uid].counter_id == "ge-cd-art-iii"


@pytest.mark.parametrize(
    ("player", "phase", "now"),
    [
        ("Axis", "movement", "Axis's movement"),
        ("Axis", "combat", "Axis's combat"),
        ("Soviet", "initial", "Soviet's initial"),
    ],
)
def test_flip_outside_the_owner_s_initial_phase_is_refused_by_14a4(
    game: GameState, player: str, phase: str, now: str
) -> None:
    game.execute(SetPhase(player, phase))
    uid = uid_of(game, "ge-lr-siege-art-iii-cd")
    before = picture(game)
    with pytest.raises(RuleRefusedError) as caught:
        game.execute(RunCounterAction(uid, FLIP_MODE))
    assert str(caught.value) == REFUSED.format(now=now)
    assert caught.value.rule == "14A4"
    assert picture(game) == before


def test_only_coast_defence_artillery_flips(game: GameState) -> None:
    with pytest.raises(GameError, match=r"^Inf XX is not coast defence artillery: .*\(14A4\)$"):
        game.execute(RunCounterAction(uid_of(game, "ax-inf-xx"), FLIP_MODE))
    with pytest.raises(GameError, match="no counter 'c99'"):
        game.execute(RunCounterAction("c99", FLIP_MODE))


def test_a_cd_side_unit_cannot_attack(game: GameState) -> None:
    target = _at(game, "0504")
    by_hex = {c.label: c for c in attack_candidates(game, target)}
    cd = uid_of(game, "ge-lr-siege-art-iii-cd")
    assert by_hex["0503"].counters == ()
    ((counter, why),) = by_hex["0503"].barred
    assert counter.uid == cd
    assert says(
        why, rules=["14A4"], names=["LR Siege Art III", "CD mode", "cannot attack", "initial phase"]
    )
    assert [c.counter_id for c in by_hex["0403"].counters] == ["ax-inf-xx", "ge-cd-art-iii"]
    setup = AttackSetup(target, [uid_of(game, "ax-inf-xx"), cd], game.conditions)
    with pytest.raises(IllegalAttackError, match=r"is in CD mode and cannot attack.*\(14A4\)$"):
        evaluate_attack(game, setup)
    # flipped to artillery mode in the Axis initial phase, it joins the attack
    game.execute(RunCounterAction(cd, FLIP_MODE))
    assert [c.uid for c in attack_candidates(game, target)[1].counters] == [cd]
    assert odds_column(evaluate_attack(game, setup))


# --- 10.G: an attack in the movement phase is an overrun -----------------------------------------


def test_overrun_follows_the_phase(game: GameState) -> None:
    target = _at(game, "0504")
    setup = AttackSetup(target, [uid_of(game, "ax-inf-xx")], Conditions(overrun=True))
    assert not build_situation(game, setup).conditions.flag("overrun")  # the initial phase
    game.execute(SetPhase("Axis", "movement"))
    setup = AttackSetup(target, [uid_of(game, "ax-inf-xx")], Conditions())
    assert build_situation(game, setup).conditions.flag("overrun")


# --- scenarios and saves -----------------------------------------------------------------------


def test_save_and_reopen_keeps_the_phase_and_flips_after(game: GameState, tmp_path: Path) -> None:
    game.execute(SetPhase("Soviet", "reaction"))
    path = tmp_path / "game.json"
    save_game(game, path)
    data = json.loads(path.read_text())
    assert (data["phasing_player"], data["phase"], data["version"]) == ("Soviet", "reaction", 2)
    again = load_game(path)
    assert (again.phasing_player, again.phase) == ("Soviet", "reaction")
    again.execute(SetPhase("Axis", "initial"))
    uid = uid_of(again, "ge-cd-art-iii")
    again.execute(RunCounterAction(uid, FLIP_MODE))  # the reopened game still knows the other side
    assert again.counters[uid].counter_id == "ge-cd-art-iii-cd"


def test_a_save_without_the_phase_opens_in_the_default_one(game: GameState, tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    save_game(game, path)
    data = json.loads(path.read_text())
    del data["phase"], data["phasing_player"]
    path.write_text(json.dumps(data, indent=1))
    again = load_game(path)
    assert (again.phasing_player, again.phase) == ("Axis", default_phase(EUROPA_VOCABULARY))


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("phase", "lunch", "there is no 'lunch' phase; the phases are initial, movement,"),
        ("phasing_player", 3, "phasing_player must name a side (text) or be null, not 3"),
        ("phasing_player", "", "phasing_player must name a side (text) or be null, not ''"),
    ],
)
def test_a_bad_phase_in_a_save_names_its_line(
    game: GameState, tmp_path: Path, key: str, value: object, message: str
) -> None:
    path = tmp_path / "bad.json"
    save_game(game, path)
    data = json.loads(path.read_text())
    data[key] = value
    text = json.dumps(data, indent=1)
    path.write_text(text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if f'"{key}":' in row)
    with pytest.raises(SourceError) as caught:
        load_game(path)
    assert str(caught.value).startswith(f"{path}:{line}: {message}")


def test_a_scenario_sets_the_turn() -> None:
    scenario = load_scenario(CDA)
    assert (scenario.phasing_player, scenario.phase) == ("Axis", "initial")


SCENARIO = """\
ruleset = "total-war"
map = "tutorial-14d2d"

[sides]
attacker = "Soviet"
defender = "Axis"

[turn]
{turn}

[conditions]
{conditions}

[[attacker]]
counter = "su-rifle-xx"
hex = "0503"

[[defender]]
counter = "ax-inf-xx"
hex = "0504"
"""


def scenario_file(tmp_path: Path, turn: str, conditions: str = "") -> Path:
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO.format(turn=turn, conditions=conditions))
    return path


def test_a_scenario_in_the_movement_phase_is_an_overrun(tmp_path: Path) -> None:
    scenario = load_scenario(
        scenario_file(tmp_path, 'phasing_player = "Soviet"\nphase = "movement"')
    )
    assert scenario.conditions.flag("overrun")
    state = open_game(scenario.path)
    assert (state.phasing_player, state.phase) == ("Soviet", "movement")


def test_a_scenario_that_says_overrun_without_a_phase_is_in_the_movement_phase(
    tmp_path: Path,
) -> None:
    scenario = load_scenario(scenario_file(tmp_path, "", "overrun = true"))
    assert (scenario.phase, scenario.conditions.flag("overrun")) == ("movement", True)


@pytest.mark.parametrize(
    ("turn", "conditions", "line", "message"),
    [
        ('phase = "lunch"', "", 9, "there is no 'lunch' phase; the phases are initial,"),
        (
            'phasing_player = "Allied"',
            "",
            9,
            "phasing_player must be one of the scenario's sides (Soviet, Axis), not 'Allied'",
        ),
        ('phasing_player = "Soviet"\nround = 2', "", 10, "unknown turn key 'round'"),
        (
            'phase = "combat"',
            "overrun = true",
            12,
            "overrun = true but the phase is combat: an attack is an overrun when made in the "
            "movement phase (10.G)",
        ),
    ],
)
def test_a_bad_turn_in_a_scenario_names_its_line(
    tmp_path: Path, turn: str, conditions: str, line: int, message: str
) -> None:
    path = scenario_file(tmp_path, turn, conditions)
    with pytest.raises(SourceError) as caught:
        load_scenario(path)
    assert str(caught.value).startswith(f"{path}:{line}: {message}"), str(caught.value)


def test_the_phasing_player_attacks_and_the_other_side_defends() -> None:
    from hexcombat.game.attack import phasing_refusal
    from hexcombat.game.opening import default_tutorial

    game = open_game(default_tutorial())  # Soviet's combat phase
    soviet, axis = game.hexmap.hex_at("0403"), game.hexmap.hex_at("0504")
    assert phasing_refusal(game, axis) is None
    assert says(
        phasing_refusal(game, soviet),
        names=["Soviet's turn", "Soviet attacks", "Axis defends", "Conditions", "with Axis"],
    )
    game.execute(SetPhase("Axis", "combat"))
    assert phasing_refusal(game, soviet) is None
    # only the phasing player's stacks are offered: the Axis stack in 0504 against 0403
    assert [(c.label, {x.side for x in c.counters}) for c in attack_candidates(game, soviet)] == [
        ("0504", {"Axis"})
    ]


def test_only_the_combat_and_movement_phases_have_attacks() -> None:
    assert (
        no_attacks_in(EUROPA_VOCABULARY, "combat") is None
        and no_attacks_in(EUROPA_VOCABULARY, "movement") is None
    )  # 10.G overrun
    for phase in ("initial", "reaction", "exploitation"):
        warning = no_attacks_in(EUROPA_VOCABULARY, phase)
        assert warning is not None and warning.startswith(f"no attacks are made in the {phase}")
    assert ", 10.B.1)" in (
        no_attacks_in(EUROPA_VOCABULARY, "reaction") or ""
    )  # the phase's own rule is cited


# --- the turn order -----------------------------------------------------------------------------


def _move_the_soviet_stacks(state: GameState) -> list[MoveCounters]:
    """Every Soviet stack of the 14D2d tutorial one hex north (onto empty hexes)."""
    moves = []
    for label, to in (("0403", "0402"), ("0503", "0502"), ("0603", "0602"), ("0404", "0304")):
        uids = [c.uid for c in state.stack_at(_at(state, label))]
        moves.append(MoveCounters(uids, _at(state, to)))
    uids = [c.uid for c in state.stack_at(_at(state, "0604"))]
    moves.append(MoveCounters(uids, _at(state, "0704")))
    for move in moves:
        state.execute(move)
    return moves


def test_moving_counters_never_changes_whose_turn_it_is_and_undo_keeps_it() -> None:
    # the tutorial names no phasing player: the scenario's first side (the attacker) phases
    state = open_game(default_tutorial())
    assert state.chosen_phasing_player is None and state.turn == "Soviet's combat phase"
    moves = _move_the_soviet_stacks(state)
    assert state.turn == "Soviet's combat phase"
    for move in reversed(moves):
        state.notify(move.undo(state))
    assert state.turn == "Soviet's combat phase"
    assert state.sides == ["Soviet", "Axis"]


def test_the_turn_order_is_saved(tmp_path: Path) -> None:
    state = open_game(default_tutorial())
    _move_the_soviet_stacks(state)  # the Soviet counters now come after the Axis ones
    path = tmp_path / "game.json"
    save_game(state, path)
    assert json.loads(path.read_text())["sides"] == ["Soviet", "Axis"]
    again = load_game(path)
    assert again.turn == "Soviet's combat phase" and again.sides == ["Soviet", "Axis"]


def test_undoing_the_last_counter_of_a_side_taken_off_brings_its_turn_back() -> None:
    state = open_game(default_tutorial())
    soviet = [c.uid for c in state.counters.values() if c.side == "Soviet"]
    remove = RemoveCounters(soviet)
    state.execute(remove)
    assert state.turn == "Axis's combat phase"  # no Soviet counter left: the Axis phases
    state.notify(remove.undo(state))
    assert state.turn == "Soviet's combat phase"


@pytest.mark.parametrize("sides", ["Soviet", ["Soviet", "Soviet"], ["Soviet", ""], [3]])
def test_a_bad_turn_order_in_a_save_names_its_line(tmp_path: Path, sides: object) -> None:
    path = tmp_path / "bad.json"
    save_game(open_game(default_tutorial()), path)
    data = json.loads(path.read_text())
    data["sides"] = sides
    text = json.dumps(data, indent=1)
    path.write_text(text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if '"sides":' in row)
    with pytest.raises(SourceError) as caught:
        load_game(path)
    assert says_in(
        str(caught.value), at=(str(path), line), names=["sides", "turn order", "each once"]
    )


def test_a_save_without_the_turn_order_takes_its_counters_order(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    save_game(open_game(default_tutorial()), path)
    data = json.loads(path.read_text())
    del data["sides"]
    path.write_text(json.dumps(data, indent=1))
    assert load_game(path).sides == ["Soviet", "Axis"]
