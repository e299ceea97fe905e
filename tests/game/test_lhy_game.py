"""A whole Last Hundred Yards assault played as a player plays it, through the game's own models
(the Combat panel's :class:`AttackModel` and the follow-up rows' :class:`FollowUpModel`), every
die typed in, with counters of ``counters/lhy.toml``.

The ground (three rows, 0101 to 1003): an urban building in 0502, marsh down column 06. Three
German Grenadier squads and an MG 42 in 0402 and Lt Hahn in 0401 assault two Russian Rifle
squads and a Maxim MG in the building. The player counts the MG in place of a squad (4 steps at
most, Assault): the DRM is -5, limited to -4. A typed 10 is a final 6: row 6-9, the Russians
lose, retreat 2-4 hexes (through the marsh: 3 at most, 14.3.3), their best unit checks
cohesion, both sides suffer an urban assault casualty (14.3.1, 6-7) and regroup. Then fresh
German squads and a Pz IVH assault a lone Russian section in 0202: +6, limited to +4, a typed
10 is 14: the section is eliminated and the Germans advance, once per turn."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from command_history import History
from lhy_game import at, lhy_game, place, uids_at

from hexcombat.game.attack_model import AttackModel
from hexcombat.game.follow_ups import FollowUpModel, PendingFollowUps
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.state import GameState
from hexcombat.rules.report import final_drm
from hexcombat.rules.status import UnitStatus
from meaning import each_says, one_says, says

ROWS = ("cccccmcccc", "ccccumcccc", "cccccmcccc")


def ground() -> tuple[GameState, list[str], list[str]]:
    """The first assault set out: the Germans' and the Russians' ids (squads, then MG,
    then the leader)."""
    state = lhy_game(ROWS)
    germans = [place(state, "lhy-ge-rifle-sqd", "Red", "0402") for _ in range(3)]
    germans += [
        place(state, "lhy-ge-mg", "Red", "0402"),
        place(state, "lhy-ge-leader", "Red", "0401"),
    ]
    russians = [place(state, "lhy-ru-rifle-sqd", "Blue", "0502") for _ in range(2)]
    russians.append(place(state, "lhy-ru-mg", "Blue", "0502"))
    return state, germans, russians


def texts(model: AttackModel) -> list[str]:
    assert model.report is not None
    return [step.text for step in model.report.steps]


def first_assault(state: GameState, germans: list[str], history: History) -> AttackModel:
    """Set up, count, roll a typed 10 and apply with the retreat to 0802."""
    model = AttackModel(state, history.run)
    assert model.start(at(state, "0502")), model.refusal
    assert set(model.attacker_uids()) == set(germans)  # 0401 and 0402 both next to 0502
    assert model.report is not None and final_drm(model.report) == -3
    model.set_counted(germans[3], True)  # the MG 42 counts...
    model.set_counted(germans[2], False)  # ...in place of the third squad
    assert model.report.totals == {"drm_before_limit": -5, "drm": -4}
    assert one_says(texts(model), figures=["-5", "-4", "-4", "4"], names=["assault DRM", "limited"])
    assert one_says(
        texts(model), figures=["-2"], names=["defending a non-vehicular", "urban building"]
    )
    resolution = model.roll([10])
    assert resolution is not None, model.roll_problem
    assert resolution.result.code == "DM" and resolution.result.table_roll().modified_roll == 6
    label = state.hexmap.label
    ends = {label(s): sorted(label(e) for e in found) for s, found in model.retreat_ends.items()}
    # 2 to 4 hexes east, but every way east crosses the marsh in column 06: 3 at most
    assert ends == {"0502": ["0603", "0701", "0702", "0703", "0801", "0802", "0803"]}
    assert model.losses == []  # row 6-9 names no casualty: the checks and urban assault do
    assert not model.apply()  # the player has not chosen where the stack retreats
    model.set_retreat(at(state, "0502"), at(state, "0802"))
    assert model.apply(), model.apply_problem
    return model


def test_a_whole_assault_with_its_follow_ups_retreat_advance_undo_and_save(
    tmp_path: Path,
) -> None:
    state, germans, russians = ground()
    history = History(state)
    first_assault(state, germans, history)
    assert sorted(uids_at(state, "0802")) == sorted(russians)
    regrouping = UnitStatus(markers=frozenset({"regrouping"}))
    assert all(state.counters[u].status == regrouping for u in germans + russians)
    entry = state.log[-1]
    assert says(
        entry.text, figures=["0401", "0402", "0502", "10", "-4", "6", "6", "9"], names=["DM"]
    )
    assert "units in 0502 retreat to 0802" in entry.details

    # the follow-ups, each typed in: the Russians' best unit checks cohesion (the MG: 7
    # against 5 fails), then each side's urban assault pick (d4 and d3 among the tied)
    pending = state.follow_ups
    assert isinstance(pending, PendingFollowUps)
    assert [f.key for f in pending.queue] == [
        f"cohesion:{russians[2]}",
        "urban:attacker",
        "urban:defender",
    ]
    rows = FollowUpModel(state, history.run)
    (check, urban_a, urban_d) = rows.rows()
    assert [c.probability for c in check.chances] == [Fraction(1, 2), Fraction(1, 2)]
    assert urban_a.dice_text.startswith("one number: a d4 that picks among the 4 tied units")
    assert each_says(  # each face says whom it picks, and where
        [c.text for c in urban_a.chances],
        dict(figures=["1", "42", "0402"], names=["MG 42", "casualty"]),
        dict(figures=["2", "0402"], names=["Grenadier Sqd", "casualty"]),
        dict(figures=["3", "0402"], names=["Grenadier Sqd", "casualty"]),
        dict(figures=["4", "0402"], names=["Grenadier Sqd", "casualty"]),
    )
    assert not rows.roll_typed("urban:attacker", "5")  # a d4 has no 5
    assert rows.roll_typed(f"cohesion:{russians[2]}", "7")
    assert state.counters[russians[2]].status == UnitStatus(state="disrupted")
    assert pending.queue[1].choices == ()  # a die picks among the tied, not the player
    assert rows.roll_typed("urban:attacker", "2")
    assert rows.roll_typed("urban:defender", "3")
    assert state.follow_ups is None
    lost = {u: state.counters[u].status.steps_lost for u in germans + russians}
    assert sum(lost[u] for u in germans) == 1 and sum(lost[u] for u in russians) == 1
    assert each_says(
        state.log[-1].changes,
        dict(
            rules=["14.3.1"], figures=["0802"], names=["Rifle Sqd", "a casualty", "no disruption"]
        ),
    )

    # undo the last follow-up and roll it again the same way
    history.undo()
    assert isinstance(state.follow_ups, PendingFollowUps)
    assert sum(state.counters[u].status.steps_lost for u in russians) == 0
    assert rows.roll_typed("urban:defender", "3")

    # a second assault by fresh units: +6 limited to +4, a typed 10 is 14, the advance
    fresh = [place(state, "lhy-ge-rifle-sqd", "Red", "0102") for _ in range(2)]
    fresh.append(place(state, "lhy-ge-afv", "Red", "0201"))
    section = place(state, "lhy-ru-section", "Blue", "0202")
    second = AttackModel(state, history.run)
    assert second.start(at(state, "0202")), second.refusal
    assert second.report is not None and second.report.totals == {"drm_before_limit": 6, "drm": 4}
    resolution = second.roll([10])
    assert resolution is not None and resolution.result.code == "DD"
    assert second.advance_side() == "attacker"
    second.set_advance([fresh[0], fresh[2]])
    assert second.apply(), second.apply_problem
    assert section not in state.counters  # its only step lost (all: a casualty)
    assert sorted(uids_at(state, "0202")) == sorted([fresh[0], fresh[2]])
    assert state.advanced == {fresh[0], fresh[2]}
    history.undo()  # the result taken back: the section is back, nobody advanced
    assert uids_at(state, "0202") == [section] and state.advanced == frozenset()
    history.redo()
    assert state.advanced == {fresh[0], fresh[2]}

    # saved and reopened: the counters, their markers, who advanced, the log
    save_game(state, tmp_path / "lhy.json")
    again = load_game(tmp_path / "lhy.json")
    assert again.ruleset == "lhy-assault"
    assert {u: c.status for u, c in again.counters.items()} == {
        u: c.status for u, c in state.counters.items()
    }
    assert sorted(uids_at(again, "0202")) == sorted([fresh[0], fresh[2]])
    assert again.advanced == {fresh[0], fresh[2]}
    assert [e.text for e in again.log] == [e.text for e in state.log]


def test_the_follow_ups_waiting_survive_a_save_and_the_typed_pick_is_checked(
    tmp_path: Path,
) -> None:
    state, germans, russians = ground()
    first_assault(state, germans, History(state))
    save_game(state, tmp_path / "waiting.json")
    again = load_game(tmp_path / "waiting.json")
    pending = again.follow_ups
    assert isinstance(pending, PendingFollowUps)
    assert [f.key for f in pending.queue] == [
        f"cohesion:{russians[2]}",
        "urban:attacker",
        "urban:defender",
    ]
    urban = pending.find("urban:defender")
    assert urban.die is not None and (urban.die.purpose, urban.die.sides) == (
        "urban assault pick",
        3,
    )
    rows = FollowUpModel(again, History(again).run)
    assert not rows.roll_typed("urban:defender", "4")  # a d3 has no 4
    assert rows.roll_typed("urban:defender", "1")
    assert russians[2] not in again.counters  # the Maxim MG, first of the tied: its one step
    assert each_says(
        again.log[-1].changes,
        dict(rules=["14.3.1"], figures=["0802"], names=["Maxim MG", "last step", "eliminated"]),
    )
