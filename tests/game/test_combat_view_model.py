"""What the Combat panel shows, decided without a window (game/combat_view_model.py): whether
Roll is on, the folded set-up's line, the result and the retreats in lines, the attackers'
rows, the map's marks. The 14D2d tutorial: the whole Soviet force against the Axis in the
Dubrava wood (0504), 3:1, DRM +1 (the rules text's worked example)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from command_history import History
from tactical_game import tactical_game, tactical_rules

from hexcombat.board.hexside import Hexside
from hexcombat.game.attack import Candidate
from hexcombat.game.attack_model import AttackModel
from hexcombat.game.combat_view_model import (
    AT_ONCE_PROMPT,
    NO_ATTACK_SUMMARY,
    Line,
    ResultText,
    advance_prompt,
    advance_rows,
    attack_title,
    candidate_row,
    condition_summary,
    date_asked,
    date_shown,
    effect_lines,
    map_marks,
    may_advance,
    phase_setting,
    result_text,
    retreat_choices,
    retreat_effects,
    retreat_lines,
    roll_controls,
    setup_summary,
    weather_shown,
)
from hexcombat.game.commands import SetPhase
from hexcombat.game.follow_ups import PendingFollowUps
from hexcombat.game.opening import open_game
from hexcombat.game.state import GameState
from hexcombat.game.tutorials import tutorial_target
from hexcombat.rules.effects import Effect
from hexcombat.rules.units import DatedChange
from hexcombat.rules.vocabulary import ConditionSpec

MAPS = Path(__file__).resolve().parents[2] / "maps"


@pytest.fixture
def history(state: GameState) -> History:
    return History(state)


@pytest.fixture
def model(state: GameState, history: History) -> AttackModel:
    attack = AttackModel(state, history.run)
    assert attack.start(tutorial_target(state))
    return attack


# rolling ---------------------------------------------------------------------------------------


def test_roll_is_on_for_an_attack_set_up_and_off_while_its_roll_waits(model: AttackModel) -> None:
    controls = roll_controls(model)
    assert (controls.rollable, controls.typed, controls.setup) == (True, True, True)
    assert (controls.button, controls.prompt) == ("Roll", None)
    assert "(R)" in controls.tip
    assert model.roll([4]) is not None  # 3:1, 4 + 1 = 5: DR, waiting to be applied
    controls = roll_controls(model)
    assert (controls.rollable, controls.typed, controls.setup) == (False, False, False)
    assert "undo the roll" in controls.tip and "Ctrl+Z" in controls.tip


def test_roll_is_off_while_the_last_combat_s_follow_ups_wait(model: AttackModel) -> None:
    model.state.follow_ups = PendingFollowUps(model.report, "0504", ())  # type: ignore[arg-type]
    controls = roll_controls(model)
    assert controls.rollable is model.rollable() is False
    assert not controls.typed and controls.setup  # nothing rolled: the set-up may change
    assert "follow-ups come first" in controls.tip


def test_roll_is_off_with_the_strengths_missing_and_the_tip_says_why(model: AttackModel) -> None:
    assert model.report is not None
    model.report = replace(model.report, missing_strengths=("Inf XX defence",))
    controls = roll_controls(model)
    assert not controls.rollable and not controls.typed
    # in the ruleset's words: an odds game says the odds need them too
    assert model.report.needs_strengths in controls.tip
    assert "the odds and the chance of each result need strengths" in controls.tip


def test_an_attack_decided_before_any_roll_is_applied_with_nothing_to_type() -> None:
    with tactical_rules():
        state = tactical_game()
        model = AttackModel(state)
        assert model.start(state.hexmap.hex_at("0504"))
        assert roll_controls(model).button == "Roll"
        model.set_condition("give_up", True)  # the defenders give up: decided before any roll
        controls = roll_controls(model)
        assert controls.rollable and not controls.typed
        assert (controls.button, controls.prompt) == ("Apply", AT_ONCE_PROMPT)
        assert "Resolved at once" in controls.tip


def test_roll_applies_an_attack_decided_before_any_roll_and_rolls_any_other() -> None:
    with tactical_rules():
        state = tactical_game()
        model = AttackModel(state)
        target = state.hexmap.hex_at("0504")
        assert model.start(target)
        model.set_condition("give_up", True)  # decided before any roll: Roll applies it
        assert model.roll_or_resolve() is None  # applied: nothing waits
        assert state.stack_at(target) == [] and state.pending_roll is None
    state = open_game(MAPS / "tutorial-14d2d-scenario.toml")
    model = AttackModel(state)
    assert model.start(tutorial_target(state))
    resolution = model.roll_or_resolve([4])  # 3:1, 4 + 1 = 5: DR, waiting to be applied
    assert resolution is not None and resolution.result.code == "DR"
    assert state.pending_roll is not None


# the set-up ------------------------------------------------------------------------------------


def test_the_phase_that_sets_a_condition_is_shown_setting_it(
    model: AttackModel, state: GameState
) -> None:
    overrun = state.vocabulary.condition("overrun")
    fortified = state.vocabulary.condition("fortified")
    assert phase_setting(model, overrun) is None  # the combat phase sets no overrun
    state.execute(SetPhase(state.phasing_player, "movement"))  # 10.G: an overrun
    phase = phase_setting(model, overrun)
    assert phase is not None and phase.name == "movement"
    assert phase_setting(model, fortified) is None  # the player's choice, not the phase's


def test_the_set_up_s_line_counts_the_stacks_ticked_and_names_the_conditions_changed(
    model: AttackModel, state: GameState
) -> None:
    assert setup_summary(model) == f"{NO_ATTACK_SUMMARY}: 5 of 5 stacks, combat phase, clear"
    model.set_taking_part(model.candidates[0].hex, False)
    model.set_condition("fortification", -2)  # 14D1
    model.set_condition("fortified", True)
    said = setup_summary(model)
    assert said.startswith(f"{NO_ATTACK_SUMMARY}: 4 of 5 stacks, combat phase, clear")
    fortification = state.vocabulary.condition("fortification")
    fortified = state.vocabulary.condition("fortified")
    assert f"{fortification.label.lower()} -2" in said
    assert said.endswith(fortified.label.lower()) or f"{fortified.label.lower()}," in said
    model.stop()
    assert setup_summary(model) == NO_ATTACK_SUMMARY


def test_the_set_up_s_line_counts_the_units_left_out_of_a_stack() -> None:
    state = open_game(MAPS / "tutorial-10c-ratio-scenario.toml")
    model = AttackModel(state)
    assert model.start(tutorial_target(state))
    stack = next(c for c in model.candidates if len(c.counters) > 1)
    model.set_unit_taking_part(stack.counters[0].uid, False)
    n = len(model.candidates)
    assert f"{n} of {n} stacks (1 unit left out)" in setup_summary(model)


def test_one_weather_is_no_choice_and_is_not_in_the_set_up_s_line() -> None:
    with tactical_rules():
        state = tactical_game()
        model = AttackModel(state)
        assert model.start(state.hexmap.hex_at("0504"))
        assert not weather_shown(state.vocabulary)
        assert state.conditions.weather not in setup_summary(model).split(", ")
    act = open_game(MAPS / "tutorial-assault-morale-woods-scenario.toml")
    assert not weather_shown(act.vocabulary)  # ACT knows one weather
    assert weather_shown(open_game(MAPS / "tutorial-14d2d-scenario.toml").vocabulary)


def test_the_date_is_asked_once_the_ruleset_or_the_game_has_one(state: GameState) -> None:
    assert state.vocabulary.dated and date_shown(state)  # Total War's values change by date
    act = open_game(MAPS / "tutorial-assault-morale-woods-scenario.toml")  # ACT reads no date
    assert not act.vocabulary.dated and not act.conditions.date
    assert not date_shown(act)
    act.conditions = replace(act.conditions, date="1942-06")
    assert date_shown(act)
    act.conditions = replace(act.conditions, date=None)
    some = next(iter(act.counters.values()))  # a counter whose values change by month
    dated = replace(some.unit, changes=(DatedChange("1943-01", {}),))
    act.replace_counter(replace(some, unit=dated))
    assert date_shown(act)
    assert date_asked(act.vocabulary, None, dated_counters=True)  # a counter dated by month
    assert not date_asked(act.vocabulary, "") and date_asked(state.vocabulary, None)


def test_a_condition_is_named_only_away_from_its_default_in_its_kind_s_way() -> None:
    flag = ConditionSpec("fortified", "bool", "Fortified", "10.B.1")
    drm = ConditionSpec("fortification", "int", "Fortification DRM", "14D1", 0)
    round_ = ConditionSpec("round", "choice", "Round", "ACT", "first", ("first", "later"))
    assert (condition_summary(flag, False), condition_summary(flag, True)) == (None, "fortified")
    assert condition_summary(drm, 0) is None
    assert condition_summary(drm, -2) == "fortification drm -2"
    assert condition_summary(drm, 1) == "fortification drm +1"  # signed: a DRM
    assert condition_summary(round_, "first") is None
    assert condition_summary(round_, "later") == "round later"


def test_the_headline_names_the_attack_the_hex_its_terrain_and_the_defenders(
    model: AttackModel,
) -> None:
    title = attack_title(model)
    assert title is not None
    assert (title.attack, title.place, title.terrain) == ("Attack", "0504", "woods")
    assert title.defenders == "Inf XX, Hv Mot AA II, Art III"
    model.stop()
    assert attack_title(model) is None


def test_a_barred_unit_is_named_with_its_rule_and_gets_no_tick(state: GameState) -> None:
    inf, aa, art = state.stack_at(tutorial_target(state))
    why = "LR Siege Art III is in CD mode and cannot attack (14A4)"
    row = candidate_row(
        Candidate(
            state.hexmap.hex_at("0503"), "0503", 1, frozenset({"river"}), (inf,), ((aa, why),)
        ),
        state.vocabulary,
    )
    assert row.names == f"{inf.unit.name}, {aa.unit.name} (cannot attack, 14A4)"
    assert (row.across, row.tickable) == ("river", True)
    assert row.tip.splitlines() == [row.names, why]
    assert [(u.uid, u.why) for u in row.units] == [(inf.uid, ""), (aa.uid, why)]
    lone = candidate_row(
        Candidate(state.hexmap.hex_at("0503"), "0503", 3, frozenset(), (), ((art, "no (14A3)"),)),
        state.vocabulary,
    )
    assert (lone.across, lone.tickable, lone.units) == ("3 hexes", False, [])


# the result ------------------------------------------------------------------------------------


def test_a_retreat_with_nowhere_to_go_says_the_stack_is_eliminated(model: AttackModel) -> None:
    # the shipped rules block retreats through enemy zones of control: the Axis in 0504 has none
    assert model.roll([4]) is not None  # 3:1, 4 + 1 = 5: DR, the defender retreats 2 hexes
    retreats = retreat_effects(model)
    assert set(retreats) == {"defender"}
    lines = retreat_lines(model, "defender", retreats["defender"])
    assert lines == [Line("The defender in 0504 has no legal retreat: eliminated.", True, True)]
    assert retreat_lines(model, "attacker", None) == []
    ((choice),) = retreat_choices(model)
    assert (choice.label, choice.trapped, choice.ends) == ("0504", True, [])


@pytest.mark.usefixtures("zoc_free")
def test_a_retreat_says_how_far_and_the_map_marks_its_ends_and_the_way_chosen(
    model: AttackModel,
) -> None:
    state = model.state
    assert model.roll([4]) is not None  # DR: the defender retreats 2 hexes
    lines = retreat_lines(model, "defender", retreat_effects(model)["defender"])
    assert lines[0].text.startswith("The defender retreats 2 hexes") and not lines[0].alarm
    marks = map_marks(model)
    assert marks is not None
    ((start, ends),) = model.retreat_ends.items()
    chosen = model.retreats.get(start)
    for end in ends:
        assert marks.hexes[end] == ("retreat-chosen" if end == chosen else "retreat")
    if chosen is not None:
        assert marks.paths and marks.paths[0][0] == start and marks.paths[0][-1] == chosen
    assert may_advance(model)  # a DR lets the attackers advance into the vacated hex
    assert advance_prompt(model) == "Advance into the vacated hex:"
    assert state.hexmap.label(start) == "0504"
    ((choice),) = retreat_choices(model)
    assert not choice.trapped and choice.player_picks == (len(ends) > 1)
    for end, (hex_, way) in zip(choice.ends, ends.items(), strict=True):
        assert end.hex == hex_ and end.label == state.hexmap.label(hex_)
        assert end.route.split(" > ") == [state.hexmap.label(h) for h in way]
        assert end.route.split(" > ")[-1] == end.label  # 2 hexes (DR): the way ends there
    rows = advance_rows(model)
    assert [uid for uid, _ in rows] == model.advance_choices() and rows
    uid, text = rows[0]
    where = state.hexmap.label(state.hex_of(uid))
    assert text == f"{state.counters[uid].unit.name} ({where})"


def test_the_result_s_words_fold_their_working_in_table_mode(model: AttackModel) -> None:
    assert result_text(model, ()) is None
    assert model.roll([4]) is not None
    text = result_text(model, ())
    assert text is not None and text.code == "DR"
    assert text.working and all(":" in w for w in text.working)
    lines, tip = text.lines(table_mode=False)
    assert tip == "" and lines[-len(text.working) :] == text.working
    lines, tip = text.lines(table_mode=True)
    assert tip.splitlines() == text.working
    assert lines[-1] == f"the result's working: {len(text.working)} steps, point here"
    effects = ResultText("X", "x", [], ["w"], ["Is pinned (R1)."]).lines(True)[0]
    assert effects[-1] == "Is pinned (R1)."  # the effects stay in view


def test_an_effect_on_several_units_is_one_line_naming_them(state: GameState) -> None:
    inf, aa, _art = state.stack_at(tutorial_target(state))
    pinned = [
        Effect("state", "defender", "R1", "is pinned", (inf.uid,)),
        Effect("state", "defender", "R1", "is pinned", (aa.uid,)),
        Effect("state", "attacker", "R2", "loses heart", (), Fraction(0)),
    ]
    assert effect_lines(state, pinned) == [
        f"Is pinned (R1): {inf.unit.name}, {aa.unit.name}.",
        "Loses heart (R2).",
    ]


# the map ---------------------------------------------------------------------------------------


def test_the_map_marks_the_target_the_attackers_and_the_stacks_left_out(model: AttackModel) -> None:
    left_out = model.candidates[0]
    model.set_taking_part(left_out.hex, False)
    marks = map_marks(model)
    assert marks is not None
    assert marks.hexes[model.target] == marks.roles[model.target] == "target"
    assert marks.hexes[left_out.hex] == "candidate" and left_out.hex not in marks.roles
    for candidate in model.candidates[1:]:
        assert marks.hexes[candidate.hex] == marks.roles[candidate.hex] == "attacker"
        if candidate.range == 1:
            assert marks.sides[Hexside(candidate.hex, model.target)] == candidate.features
    assert Hexside(left_out.hex, model.target) not in marks.sides
    assert marks.paths == []
    model.stop()
    assert map_marks(model) is None
