"""What the game layer gives a tactical ruleset, tried on the tactical test ruleset
(tests/rules/conformance/tactical_ruleset.py: rules T1-T4 of the tiny ruleset, TT1-TT3 its
own): each participant's elevation and terrain, refusals by status and company, the counted
units, the end-state chances in ``explain`` and the combat report, an assault resolved at once,
and status, level, terrain and counting written in a scenario.

The numbers, by hand: fire 3 against defence 2 is +1 (T1); a d6 +1 hits on 3-6 (T3), 2/3;
a hit makes the defender check morale, 2d6 above 7 in 15 of 36 (T4); so the Guards end
disrupted 2/3 x 15/36 = 5/18 of the time and in good order 13/18."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from tactical_game import tactical_game, tactical_rules

from hexcombat.game.attack import AttackSetup, attack_candidates, build_situation
from hexcombat.game.attack_model import AttackModel
from hexcombat.game.combat_report import from_report, html_report, markdown
from hexcombat.game.explain_cli import explain_command
from hexcombat.game.saves import load_game, save_game
from hexcombat.game.scenario import load_scenario
from hexcombat.game.scenario_game import laid_out
from hexcombat.game.state import GameState
from hexcombat.game.status_commands import SetState
from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.status import UnitStatus
from hexcombat.sourcefile import SourceError
from meaning import each_says, one_says, says

RIFLES, LEADER, GUARDS = "c1", "c2", "c3"


@pytest.fixture
def state() -> Iterator[GameState]:
    with tactical_rules():
        yield tactical_game()


def target(state: GameState):  # noqa: ANN201
    return state.hexmap.hex_at("0504")


def situation(state: GameState, attackers: list[str], counted: dict[str, bool] | None = None):  # noqa: ANN201
    setup = AttackSetup(target(state), attackers, state.conditions, counted or {})
    return build_situation(state, setup)


# item 3: elevation and terrain per participant -------------------------------------------------


def test_each_participant_has_its_own_hexs_terrain_and_no_level_on_a_map_without_levels(
    state: GameState,
) -> None:
    found = situation(state, [RIFLES])
    assert state.hexmap.elevation == {}
    (rifles,) = found.attackers
    (guards,) = found.defenders
    assert (rifles.terrain, rifles.elevation) == (state.hexmap.terrain[state.hex_of(RIFLES)], None)
    assert (guards.terrain, guards.elevation) == (state.hexmap.terrain[target(state)], None)
    assert rifles.terrain != guards.terrain  # clear beside woods: each its own hex's


def test_on_a_map_with_levels_a_hex_the_map_leaves_out_is_at_level_0(state: GameState) -> None:
    state.hexmap.elevation[target(state)] = 2
    found = situation(state, [RIFLES])
    assert [p.elevation for p in found.attackers] == [0]
    assert [p.elevation for p in found.defenders] == [2]


# item 5: refusals by status and company --------------------------------------------------------


def test_a_disrupted_unit_and_then_a_leader_alone_are_offered_unticked_with_the_rule(
    state: GameState,
) -> None:
    (stack,) = attack_candidates(state, target(state))
    assert [c.uid for c in stack.counters] == [LEADER, RIFLES]
    state.execute(SetState(RIFLES, state="disrupted"))
    (stack,) = attack_candidates(state, target(state))
    assert stack.counters == ()
    barred = dict((c.uid, why) for c, why in stack.barred)
    assert barred.keys() == {RIFLES, LEADER}
    assert says(barred[RIFLES], names=["only good-order units", "may assault", "TT1"])
    assert says(barred[LEADER], names=["leader", "only beside a combat unit", "TT1"])


def test_the_situation_refuses_a_disrupted_attacker_and_a_leader_alone_with_the_rule(
    state: GameState,
) -> None:
    with pytest.raises(IllegalAttackError, match=r"Leader in 0404 may not assault: a leader "
                       r"assaults only beside a combat unit \(TT1\)"):  # fmt: skip
        situation(state, [LEADER])
    state.execute(SetState(RIFLES, state="disrupted"))
    with pytest.raises(IllegalAttackError, match=r"Rifles in 0404 may not assault: only "
                       r"good-order units may assault \(TT1\)"):  # fmt: skip
        situation(state, [RIFLES])


# item 2: counted units -------------------------------------------------------------------------


def test_the_players_counted_pick_reaches_the_ruleset_and_changes_the_chances(
    state: GameState,
) -> None:
    model = AttackModel(state)
    assert model.start(target(state))
    assert [(side, [c.uid for c in cs]) for side, cs in model.countable()] == [
        ("defender", [GUARDS]),
        ("attacker", [LEADER, RIFLES]),
    ]
    assert model.report is not None
    assert [p.counted for p in model.report.situation.attackers] == [None, None]
    assert model.report.unit_fates[GUARDS]["disrupted"] == Fraction(5, 18)  # Rifles picked
    model.set_counted(LEADER, True)  # fire 0 against 2: no +1 (T1), hits on 4-6 (T3)
    assert [p.counted for p in model.report.situation.attackers] == [True, None]
    assert model.report.unit_fates[GUARDS]["disrupted"] == Fraction(1, 2) * Fraction(15, 36)
    model.set_counted(LEADER, None)
    assert model.report.unit_fates[GUARDS]["disrupted"] == Fraction(5, 18)


def test_counted_ticks_are_offered_only_under_counting_limits() -> None:
    from tiny_game import target as tiny_target
    from tiny_game import tiny_game, tiny_rules

    with tiny_rules():
        game = tiny_game()
        model = AttackModel(game)
        assert model.start(tiny_target(game))
        assert model.countable() == []
        with pytest.raises(Exception, match="no counting limits"):
            model.set_counted(game.stack_at(tiny_target(game))[0].uid, True)


def test_a_save_keeps_the_counted_pick_of_a_rolled_attack(state: GameState, tmp_path: Path) -> None:
    model = AttackModel(state)
    assert model.start(target(state))
    model.set_counted(RIFLES, True)
    assert model.roll([4, 5, 5]) is not None
    path = tmp_path / "game.hexcombat"
    save_game(state, path)
    assert json.loads(path.read_text())["pending_roll"]["counted"] == {RIFLES: True}
    again = load_game(path)
    assert again.pending_roll is not None
    assert again.pending_roll.resolution.setup.counted == {RIFLES: True}
    reopened = AttackModel(again)
    assert reopened.start(target(again))
    assert reopened.counted == {RIFLES: True}


# item 1: end-state chances in explain and the combat report ------------------------------------


SCENARIO = """\
ruleset = "tactical"
title = "An assault"

[[attacker]]
name = "Rifles"
attack = 3
re = 1
steps = 2
counted = true
elevation = 1
terrain = "clear"
{attacker_extra}

[[defender]]
name = "Guards"
defence = 2
re = 1
steps = 2
elevation = 2
terrain = "woods"
{defender_extra}
"""


def write(tmp_path: Path, attacker_extra: str = "", defender_extra: str = "") -> Path:
    path = tmp_path / "assault.toml"
    text = SCENARIO.format(attacker_extra=attacker_extra, defender_extra=defender_extra)
    path.write_text(text, encoding="utf-8")
    return path


def test_explain_prints_and_writes_each_units_end_state_chances_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path)
    with tactical_rules():
        assert explain_command(str(path)) == 0
        out = capsys.readouterr().out
        assert "Unit end states:" in out
        assert one_says(
            out,
            figures=["72.2%", "13/18", "27.8%", "5/18"],
            names=["defender  Guards", "good order 72.2%", "disrupted 27.8%"],
        )
        assert one_says(
            out, figures=["100.0%", "1"], names=["attacker  Rifles", "good order 100.0%"]
        )
        assert explain_command(str(path), as_json=True) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["unit_fates"] == {
        "defender-1": {
            "unit": "Guards",
            "side": "defender",
            "hex": None,
            "chances": {
                "good-order": {"probability": 13 / 18, "exact": "13/18"},
                "disrupted": {"probability": 5 / 18, "exact": "5/18"},
            },
        },
        "attacker-1": {
            "unit": "Rifles",
            "side": "attacker",
            "hex": None,
            "chances": {"good-order": {"probability": 1.0, "exact": "1"}},
        },
    }


def test_the_combat_report_export_has_the_end_state_table(state: GameState) -> None:
    model = AttackModel(state)
    assert model.start(target(state))
    assert model.report is not None
    report = from_report(model.report)
    assert report.fate_header == ("Good order", "Disrupted", "Demoralized", "Eliminated")
    assert report.fates[0] == (
        "defender", "Guards (0504)", "72.2% (13/18)", "27.8% (5/18)", "0% (0)", "0% (0)"
    )  # fmt: skip
    text = markdown([report], "Assault")
    # pins the wording of the report's table columns, as a player reads them
    assert "| Side | Unit | Good order | Disrupted | Demoralized | Eliminated |" in text
    assert one_says(
        text,
        figures=["0504", "72.2%", "13/18", "27.8%", "5/18"],
        names=["| defender | Guards (0504) |"],
    )
    assert "<th>Good order</th>" in html_report([report], "Assault")


def test_a_europa_report_has_no_end_state_table_and_writes_an_empty_unit_fates(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from hexcombat.game.opening import default_tutorial

    assert explain_command(str(default_tutorial()), as_json=True) == 0
    assert json.loads(capsys.readouterr().out)["unit_fates"] == {}


# item 4 and 3: a scenario's status, level, terrain and counted pick ----------------------------


def test_a_scenario_gives_each_entry_its_status_level_terrain_and_counted_pick(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path, defender_extra='state = "disrupted"\nmarkers = ["riding"]\nsteps_lost = 1'
    )
    with tactical_rules():
        scenario = load_scenario(path)
        rifles, guards = scenario.situation().attackers[0], scenario.situation().defenders[0]
    assert (rifles.counted, rifles.elevation, rifles.terrain) == (True, 1, "clear")
    assert (guards.elevation, guards.terrain) == (2, "woods")
    assert guards.status == UnitStatus(1, "disrupted", frozenset({"riding"}))


@pytest.mark.parametrize(
    ("extra", "key", "message"),
    [
        ('state = "shaken"', "state", "'shaken' is not a morale or cohesion state of tactical"),
        ('markers = ["heroic"]', "markers", "'heroic' is not a marker of tactical"),
        ("steps_lost = 2", "steps_lost", "Guards has 2 steps: with 2 lost it is eliminated"),
        ('markers = "riding"', "markers", "markers must be a list of markers"),
        ("elevation = 12", "elevation", "elevation is a level 0 to 9, not 12"),
        ("terrain = 3", "terrain", 'terrain must name a terrain type, e.g. "woods", not 3'),
        ('counted = "yes"', "counted", "counted must be true or false, not 'yes'"),
    ],
)
def test_a_bad_status_level_terrain_or_pick_is_refused_at_its_line(
    tmp_path: Path, extra: str, key: str, message: str
) -> None:
    text = SCENARIO.format(attacker_extra="", defender_extra="")
    text = text.replace(f"\n{key} = ", f"\n# {key} = ")  # the entry's own value is replaced
    path = tmp_path / "bad.toml"
    path.write_text(text + extra + "\n", encoding="utf-8")
    with tactical_rules(), pytest.raises(SourceError) as caught:
        load_scenario(path)
    (problem,) = caught.value.problems
    assert message in problem.message
    assert problem.line == len(text.splitlines()) + 1


def test_counted_under_a_ruleset_without_limits_and_a_level_on_a_map_are_refused(
    tmp_path: Path,
) -> None:
    from tiny_game import tiny_rules

    path = tmp_path / "tiny.toml"
    path.write_text(
        SCENARIO.replace("tactical", "tiny").format(attacker_extra="", defender_extra=""),
        encoding="utf-8",
    )
    with tiny_rules(), pytest.raises(SourceError, match="tiny has no counting limits"):
        load_scenario(path)
    mapped = tmp_path / "mapped.toml"
    placed = SCENARIO.format(attacker_extra='hex = "0404"', defender_extra='hex = "0504"')
    mapped.write_text('map = "tutorial-14d2d"\n' + placed, encoding="utf-8")
    with tactical_rules(), pytest.raises(SourceError) as caught:
        load_scenario(mapped)
    said = sorted(p.message for p in caught.value.problems)
    assert each_says(
        said,
        dict(names=["Combat panel's counted ticks", "leave counted out"]),
        dict(names=["elevation", "leave elevation out"]),
        dict(names=["elevation", "leave elevation out"]),
        dict(names=["terrain", "leave terrain out"]),
        dict(names=["terrain", "leave terrain out"]),
    )


def test_a_scenario_laid_out_on_its_map_gives_each_counter_its_status(tmp_path: Path) -> None:
    text = SCENARIO.format(attacker_extra='hex = "0404"', defender_extra='hex = "0504"\n'
                           'state = "disrupted"')  # fmt: skip
    text = "\n".join(
        line
        for line in text.splitlines()
        if not line.startswith(("elevation", "terrain", "counted"))  # the map, the panel say
    )
    path = tmp_path / "laid.toml"
    path.write_text('map = "tutorial-14d2d"\n' + text + "\n", encoding="utf-8")
    with tactical_rules():
        scenario = load_scenario(path)
        from hexcombat.board.mapfile import find_map, load_map

        game = laid_out(scenario, load_map(find_map("tutorial-14d2d")))
    (guards,) = game.stack_at(game.hexmap.hex_at("0504"))
    assert guards.status == UnitStatus(state="disrupted")


# item 7: resolved at once ----------------------------------------------------------------------


def test_an_assault_resolved_at_once_is_applied_without_dice_and_logged_as_an_assault(
    state: GameState,
) -> None:
    model = AttackModel(state)
    assert model.start(target(state))
    assert not model.at_once()
    model.set_condition("give_up", True)  # TT3: no roll
    assert model.at_once() and model.dice_wanted() == []
    assert model.resolve_at_once(), model.apply_problem or model.roll_problem
    assert state.stack_at(target(state)) == []
    assert says(
        state.log[-1].text, figures=["0404", "0504"], names=["give up", "eliminated", "TT3"]
    )


def test_the_roll_of_an_assault_resolved_at_once_names_it_in_the_log(state: GameState) -> None:
    model = AttackModel(state)
    assert model.start(target(state))
    model.set_condition("give_up", True)
    assert model.roll() is not None
    assert says(
        state.log[-1].text,
        figures=["0504"],
        names=["Assault", "no roll", "give up", "eliminated", "TT3", "not applied yet"],
    )


def test_explain_resolves_an_assault_decided_at_once_without_dice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path)
    path.write_text(path.read_text() + "\n[conditions]\ngive_up = true\n", encoding="utf-8")
    with tactical_rules():
        assert explain_command(str(path)) == 0
        out = capsys.readouterr().out
        assert "Resolved at once, no roll: E" in out
        assert explain_command(str(path), rolls=[4]) == 1
    assert one_says(capsys.readouterr().err, names=["resolved at once", "leave out --roll"])


def test_a_saved_game_with_an_assault_resolved_at_once_waiting_reopens_and_explains(
    state: GameState, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = AttackModel(state)
    assert model.start(target(state))
    model.set_condition("give_up", True)
    assert model.roll() is not None  # resolved, not applied yet
    path = tmp_path / "at-once.hexcombat"
    save_game(state, path)
    assert json.loads(path.read_text())["pending_roll"]["rolls"] == []
    again = load_game(path)
    assert again.pending_roll is not None and again.pending_roll.rolls == ()
    assert explain_command(str(path)) == 0
    out = capsys.readouterr().out
    assert one_says(out, figures=["0504"], names=["resolved at once", "no dice", "not applied yet"])
    assert "Resolved at once, no roll: E" in out
