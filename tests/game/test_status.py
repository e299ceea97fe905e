"""Counter status in play: steps lost, a morale or cohesion state and markers, changed only by
undoable commands and by a combat's effects, keyed by what the ruleset declares."""

from __future__ import annotations

import pytest
from status_helpers import TEST_VOCABULARY, lend_vocabulary, uid_named, with_steps

from hexcombat.game.attack import AttackSetup, attack_candidates, build_situation
from hexcombat.game.commands import ApplyCombat
from hexcombat.game.state import CombatLogEntry, GameError, GameState
from hexcombat.game.status_commands import (
    AddMarker,
    LoseSteps,
    RemoveMarker,
    RestoreSteps,
    SetState,
    status_effects,
    status_marks,
    status_problem,
    status_words,
)
from hexcombat.rules.effects import Effect
from hexcombat.rules.status import FRESH, UnitStatus
from meaning import each_says, says


def picture(state: GameState) -> dict[str, list[tuple[str, UnitStatus]]]:
    return {
        state.hexmap.label(h): [(c.uid, c.status) for c in stack]
        for h, stack in state.stacks().items()
    }


@pytest.fixture
def vocab(monkeypatch: pytest.MonkeyPatch) -> None:
    lend_vocabulary(monkeypatch)


@pytest.mark.usefixtures("vocab")
def test_a_state_is_set_undone_and_redone_exactly(state: GameState) -> None:
    uid = uid_named(state, "Inf XX", "0504")
    before = picture(state)
    command = SetState(uid, state="disrupted")
    change = state.execute(command)
    assert state.counters[uid].status == UnitStatus(state="disrupted")
    assert command.text == "Inf XX: Disrupted"
    assert change.counters == {uid} and change.hexes == {state.hexmap.hex_at("0504")}
    command.undo(state)
    assert picture(state) == before
    command.do(state)
    assert state.counters[uid].status.state == "disrupted"
    state.execute(SetState(uid, state=""))  # back to good order
    assert state.counters[uid].status == FRESH


@pytest.mark.usefixtures("vocab")
def test_a_state_or_marker_the_ruleset_does_not_declare_is_refused_by_name(
    state: GameState,
) -> None:
    uid = uid_named(state, "Inf XX", "0504")
    before = picture(state)
    with pytest.raises(GameError) as caught:
        state.execute(SetState(uid, state="shaken"))
    assert says(str(caught.value), names=["'shaken'", "'total-war'", "disrupted", "demoralized"])
    with pytest.raises(
        GameError,
        match=r"^'brave' is not a marker of ruleset 'total-war' \("
        r"its markers are heroic, in-motion\)$",
    ):
        state.execute(AddMarker(uid, marker="brave"))
    assert picture(state) == before


def test_the_europa_rulesets_declare_no_states_markers_or_steps(state: GameState) -> None:
    uid = uid_named(state, "Inf XX", "0504")
    with pytest.raises(
        GameError, match="^'disrupted' is not .* 'total-war' .it declares no states.$"
    ):
        state.execute(SetState(uid, state="disrupted"))
    with pytest.raises(GameError, match="it declares no markers"):
        state.execute(AddMarker(uid, marker="heroic"))
    with pytest.raises(GameError, match="counts strength points, not steps"):
        state.execute(LoseSteps(uid))
    assert state.counters[uid].status == FRESH


@pytest.mark.usefixtures("vocab")
def test_markers_are_added_and_removed_undoably(state: GameState) -> None:
    uid = uid_named(state, "Inf XX", "0504")
    add = AddMarker(uid, marker="heroic")
    state.execute(add)
    state.execute(AddMarker(uid, marker="in-motion"))
    assert state.counters[uid].status.markers == {"heroic", "in-motion"}
    remove = RemoveMarker(uid, marker="heroic")
    state.execute(remove)
    assert state.counters[uid].status.markers == {"in-motion"}
    assert remove.text == "Inf XX: Heroic marker removed"
    with pytest.raises(GameError, match="nothing to change"):
        state.execute(RemoveMarker(uid, marker="heroic"))
    remove.undo(state)
    assert state.counters[uid].status.markers == {"heroic", "in-motion"}


@pytest.mark.usefixtures("vocab")
def test_a_unit_that_loses_its_last_step_is_eliminated_and_undo_puts_it_back(
    state: GameState,
) -> None:
    uid = uid_named(state, "Hv Mot AA II", "0504")
    with_steps(state, uid, 2)
    h = state.hexmap.hex_at("0504")
    first = LoseSteps(uid)
    state.execute(first)
    assert state.counters[uid].status.steps_lost == 1
    before = picture(state)
    last = LoseSteps(uid)
    change = state.execute(last)
    assert uid not in state.counters
    assert [c.unit.name for c in state.stack_at(h)] == ["Inf XX", "Art III"]
    assert change.counters == {uid}
    last.undo(state)
    assert picture(state) == before  # back in its place, one step lost
    restore = RestoreSteps(uid)
    state.execute(restore)
    assert state.counters[uid].status.steps_lost == 0
    with pytest.raises(GameError, match="has lost 0 steps: it cannot get back 1"):
        state.execute(RestoreSteps(uid))


@pytest.mark.usefixtures("vocab")
def test_status_may_not_change_for_a_counter_whose_roll_waits(state: GameState) -> None:
    from hexcombat.game.roll import RollCombat

    target = state.hexmap.hex_at("0504")
    uids = [c.uid for x in attack_candidates(state, target) for c in x.counters]
    state.execute(RollCombat(AttackSetup(target, uids, state.conditions)))
    with pytest.raises(GameError, match="the attack on 0504 is rolled"):
        state.execute(SetState(uid_named(state, "Inf XX", "0504"), state="disrupted"))


def test_participants_carry_their_counter_s_id_and_status(state: GameState) -> None:
    target = state.hexmap.hex_at("0504")
    uids = [c.uid for x in attack_candidates(state, target) for c in x.counters]
    inf = uid_named(state, "Inf XX", "0504")
    # set up directly (Europa declares no states): the participant reports what the counter has
    from dataclasses import replace

    state.replace_counter(replace(state.counters[inf], status=UnitStatus(state="disrupted")))
    situation = build_situation(state, AttackSetup(target, uids, state.conditions))
    assert [p.id for p in situation.attackers] == uids
    assert [p.id for p in situation.defenders] == ["c9", "c10", "c11"]
    assert situation.defenders[0].status == UnitStatus(state="disrupted")


# --- a combat's effects ---------------------------------------------------------------------


def combat(effects: tuple[Effect, ...], state: GameState) -> ApplyCombat:
    defenders = [c.uid for c in state.stack_at(state.hexmap.hex_at("0504"))]
    return ApplyCombat(
        [],
        {},
        CombatLogEntry("0404 -> 0504: 3:1", []),
        effects=effects,
        participants={"attacker": ["c5", "c6"], "defender": defenders},
    )


@pytest.mark.usefixtures("vocab")
def test_a_combat_applies_status_effects_to_the_counters_they_address(state: GameState) -> None:
    aa = uid_named(state, "Hv Mot AA II", "0504")
    with_steps(state, aa, 1)
    before = picture(state)
    effects = (
        Effect("set-state", "defender", "T1", "every defender disrupted", state="disrupted"),
        Effect("lose-steps", "defender", "T5", "loses 1 step", targets=(aa,), amount=1),
        Effect("add-marker", "attacker", "T3", "heroic", targets=("c5",), state="heroic"),
        Effect("retreat", "defender", "T6", "retreat 2", amount=2),  # not a status effect
    )
    command = combat(effects, state)
    change = state.execute(command)
    assert aa not in state.counters  # its only step lost
    assert state.counters["c9"].status.state == "disrupted"
    assert state.counters["c11"].status.state == "disrupted"
    assert state.counters["c5"].status.markers == {"heroic"}
    assert state.counters["c6"].status == FRESH
    assert {"c9", "c11", "c5", aa} <= change.counters
    assert each_says(
        state.log[-1].details,
        dict(figures=["0504"], names=["Inf XX", "defender disrupted", "T1"]),
        dict(figures=["0504"], names=["Hv Mot AA II", "defender disrupted", "T1"]),
        dict(figures=["0504"], names=["Art III", "defender disrupted", "T1"]),
        dict(figures=["0504"], names=["Hv Mot AA II", "last step", "eliminated", "T5"]),
        dict(figures=["0404"], names=["Tank X", "heroic", "T3"]),
    )
    command.undo(state)
    assert picture(state) == before and state.log == []
    command.do(state)  # redo: the same changes, the log said once
    assert aa not in state.counters and len(state.log[-1].details) == 5


@pytest.mark.usefixtures("vocab")
def test_a_combat_effect_naming_an_undeclared_state_changes_nothing(state: GameState) -> None:
    before = picture(state)
    effect = Effect("set-state", "defender", "T1", "shaken", state="shaken")
    with pytest.raises(GameError, match="^T1: 'shaken' is not a morale or cohesion state"):
        state.execute(combat((effect,), state))
    assert picture(state) == before and state.log == []


@pytest.mark.usefixtures("vocab")
def test_units_the_combat_eliminates_take_no_status_effect(state: GameState) -> None:
    effect = Effect("set-state", "defender", "T1", "disrupted", state="disrupted")
    outcome = status_effects(state, [effect], {"defender": ["c9", "c10"]}, spared=["c9"])
    assert list(outcome.statuses) == ["c10"]


def test_status_in_words_and_marks() -> None:
    status = UnitStatus(steps_lost=1, state="disrupted", markers=frozenset({"in-motion", "heroic"}))
    assert says(
        status_words(status, TEST_VOCABULARY),
        figures=["1"],
        names=["Disrupted", "heroic", "in motion", "1 step lost"],
    )
    assert status_words(UnitStatus(steps_lost=2), TEST_VOCABULARY) == "2 steps lost"
    assert status_words(FRESH, TEST_VOCABULARY) == ""
    assert status_marks(status, TEST_VOCABULARY) == ("D", "H", "M")
    assert status_marks(UnitStatus(state="demoralized"), TEST_VOCABULARY) == ("DM",)


def test_a_status_the_ruleset_cannot_have_is_explained() -> None:
    from hexcombat.rules.units import unit_from_mapping

    two = unit_from_mapping({"name": "Rifle Co", "size": "II", "steps": 2}, "t")
    assert status_problem(UnitStatus(steps_lost=-1), TEST_VOCABULARY) == (
        "steps lost must be 0 or more, not -1"
    )
    assert says(
        status_problem(UnitStatus(steps_lost=2), TEST_VOCABULARY, two),
        figures=["2", "2"],
        names=["Rifle Co", "eliminated"],
    )
    assert status_problem(UnitStatus(steps_lost=1), TEST_VOCABULARY, two) is None


@pytest.mark.parametrize("steps", [0, -1, 21, True, "2"])
def test_a_unit_s_steps_are_a_whole_number_from_1(steps: object) -> None:
    from hexcombat.rules.errors import UnitDataError
    from hexcombat.rules.units import unit_from_mapping

    with pytest.raises(UnitDataError, match=r"^t: steps must be a whole number, 1 to 20, not "):
        unit_from_mapping({"name": "Rifle Co", "size": "II", "steps": steps}, "t")


@pytest.mark.usefixtures("vocab")
def test_a_resolved_combat_applies_its_losses_and_status_effects_together(
    state: GameState,
) -> None:
    from dataclasses import replace

    from hexcombat.game.apply_result import apply_combat_command
    from hexcombat.game.attack import resolve_attack, suggested_losses
    from hexcombat.rules.dice import ScriptedDice

    target = state.hexmap.hex_at("0504")
    uids = [c.uid for x in attack_candidates(state, target) for c in x.counters]
    # 14D2d: 3:1, DRM +1; a roll of 1 makes 2: HX, each side loses half
    resolution = resolve_attack(
        state, AttackSetup(target, uids, state.conditions), ScriptedDice([1])
    )
    assert resolution.result.code == "HX"
    losses = suggested_losses(state, resolution)
    before = picture(state)
    command = replace(
        apply_combat_command(state, resolution, losses, {}, []),
        effects=(Effect("set-state", "defender", "T1", "disrupted", state="disrupted"),),
        participants={"attacker": resolution.attacker.uids, "defender": resolution.defender.uids},
    )
    state.execute(command)
    survivors = [c for c in state.stack_at(target)]
    assert survivors and all(c.status.state == "disrupted" for c in survivors)
    assert not set(losses) & set(state.counters)  # the losses are gone, their status untouched
    command.undo(state)
    assert picture(state) == before
