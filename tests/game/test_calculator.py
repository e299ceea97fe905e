"""The calculator's Qt-free model: a map-less combat set up by picking counters and conditions,
evaluated exactly as ``hexcombat explain`` evaluates the same units, saved and reopened."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexcombat.game.calculator import (
    CalculatorError,
    find_counters,
    new_combat,
    on_the_table,
    open_combat,
    roll_typed,
)
from hexcombat.game.evaluation import resolve_report
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.registry import get_ruleset, ruleset_ids
from hexcombat.rules.report import Report, final_drm
from hexcombat.rulesets.europa.air.scenario import AirReport
from hexcombat.rulesets.europa.units import europa
from hexcombat.sourcefile import SourceError
from hexcombat_cli import explain_json
from meaning import each_says, says

CASES = sorted((Path(__file__).parents[1] / "cases").glob("*.toml"))


def the_14d2d_force():
    """14D2d's units picked one by one, as a player picks them in the calculator."""
    combat = new_combat("total-war")
    for counter, count in [
        ("su-hv-tank-xx", 1), ("su-rifle-xx", 2), ("su-hv-tank-x", 1), ("su-tank-x", 2),
        ("su-art-iii", 2),
    ]:  # fmt: skip
        combat.add_counter("attacker", counter, count)
    for counter in ("ax-inf-xx", "ax-hv-mot-aa-ii", "ax-art-iii"):
        combat.add_counter("defender", counter)
    combat.set_condition("terrain", "woods")
    return combat


def test_picked_units_give_the_14d2d_net_plus_1_as_explain_does(tmp_path: Path) -> None:
    combat = the_14d2d_force()
    report = combat.evaluate()
    assert isinstance(report, Report)
    assert final_drm(report) == 1  # 14D2d: "an overall net effect of +1 for the Soviet attack"
    combat.save(tmp_path / "calc.toml")
    assert report.to_json() == explain_json(tmp_path / "calc.toml")
    # and the same units as the worked example's own scenario file state them
    case = explain_json(Path(__file__).parents[1] / "cases" / "tw-14d2d.toml")
    assert report.to_json()["steps"] == case["steps"]
    assert report.to_json()["outcomes"] == case["outcomes"]


def test_a_typed_roll_resolves_exactly_as_that_roll(tmp_path: Path) -> None:
    combat = the_14d2d_force()
    report = combat.evaluate()
    assert isinstance(report, Report)
    for face in range(1, 7):
        rolled = roll_typed(report, str(face))
        assert rolled.rolls == (face,)
        assert rolled.result == resolve_report(report, ScriptedDice([face]))
        roll = rolled.result.table_roll()
        assert roll.die == face and roll.modified_roll == face + 1
    combat.save(tmp_path / "calc.toml")
    assert (
        roll_typed(report, "4").result.to_json()
        == explain_json(tmp_path / "calc.toml", 4)["result"]
    )
    table = on_the_table(report, roll_typed(report, "4")).splitlines()
    assert table[0] == "Dice 4 (typed in): roll 4 +1 = 5 on 3:1: DR"  # said once, first
    assert not [line for line in table[1:] if line.startswith("Roll") or "on 3:1: DR" in line]
    assert table[1] == "On the counters:"  # what to do, before the working
    assert table.index("Working:") > 2


def test_a_typed_roll_that_is_no_die_says_what_to_type() -> None:
    report = the_14d2d_force().evaluate()
    assert isinstance(report, Report)
    with pytest.raises(
        CalculatorError, match=r"the combat die \(d6\) has no 7: type one number: the combat die"
    ):
        roll_typed(report, "7")
    with pytest.raises(CalculatorError, match="rolls 1 die, but 2 numbers were typed"):
        roll_typed(report, "3 4")


def test_the_chance_roll_of_10c_comes_first() -> None:
    combat = open_combat(Path(__file__).parents[1] / "cases" / "ar-10c-ratio-5-1.toml")
    report = combat.evaluate()
    assert isinstance(report, Report)
    # 10.C: "+3 ... with a 50% chance of a +4": the chance die picks the DRM, then the combat die
    low, high = roll_typed(report, "1 4").result, roll_typed(report, "6 4").result
    assert (low.table_roll().drm, high.table_roll().drm) == (3, 4)


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_every_ruleset_opens_in_the_calculator(ruleset: str) -> None:
    combat = new_combat(ruleset)
    assert combat.ruleset == ruleset
    assert each_says(combat.problems(), dict(names=["at least one attacker", "one defender"]))
    ground = find_counters(combat.library, "", game=ruleset, own=combat.own_ids)
    assert ground, "the shipped counter sets give counters to pick"
    # the counters offered are the ruleset's own game's (Europa divisions are no squads)
    assert all(combat.library.games.get(cid, ruleset) == ruleset for cid, _ in ground)
    attacker, defender = ground[0][0], ground[1][0]
    assert {attacker, defender} <= set(combat.own_ids), "the ruleset's own game's counters"
    combat.add_counter("attacker", attacker)
    combat.add_counter("defender", defender)
    for spec in get_ruleset(ruleset).vocabulary.conditions:
        combat.set_condition(spec.key, spec.default)
    assert combat.problems() == []
    assert isinstance(combat.evaluate(), Report)


def test_the_picker_offers_the_rulesets_own_game_first_in_its_file_order() -> None:
    combat = new_combat("lhy-assault")
    ids = [cid for cid, _ in find_counters(combat.library, "", own=combat.own_ids)]
    assert ids[:2] == ["lhy-ge-rifle-sqd", "lhy-ge-section"]  # counters/lhy.toml's first two
    assert len(ids) > len(combat.own_ids)  # the other games' counters follow
    squads = [cid for cid, _ in find_counters(combat.library, "sqd", own=combat.own_ids)]
    assert squads[0] == "lhy-ge-rifle-sqd"


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_every_mapless_scenario_opens_and_explains_as_explain_does(case: Path, capsys) -> None:
    from hexcombat.game.explain_cli import explain_command

    combat = open_combat(case)
    report = combat.evaluate()
    assert explain_command(str(case), as_json=True) == 0
    assert report.to_json() == json.loads(capsys.readouterr().out)
    assert isinstance(report, AirReport) == ("air" in combat.data)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_save_and_reopen_equal(case: Path, tmp_path: Path) -> None:
    combat = open_combat(case)
    combat.save(tmp_path / "again.toml")
    again = open_combat(tmp_path / "again.toml")
    assert again.data == combat.data
    assert again.evaluate().to_json() == combat.evaluate().to_json()


def test_a_picked_combat_saves_and_reopens_equal(tmp_path: Path) -> None:
    combat = the_14d2d_force()
    combat.add_inline("attacker", 'name = "Tank II", size = "II", type = "armour", attack = 1')
    combat.set_entry("attacker", 0, across="minor-river")
    combat.save(tmp_path / "calc.toml")
    again = open_combat(tmp_path / "calc.toml")
    assert again.data == combat.data
    assert says(
        again.entry_name("attacker", 0),
        names=["Hv Tank XX", "(su-hv-tank-xx)", "across minor-river"],
    )


def test_an_inline_unit_the_vocabulary_refuses_says_why() -> None:
    combat = new_combat("armour-ratio")
    with pytest.raises(CalculatorError, match="aeca"):
        combat.add_inline("attacker", 'name = "Tank II", aeca = "lots"')
    with pytest.raises(CalculatorError, match="not a unit"):
        combat.add_inline("attacker", "name = Tank")
    assert combat.entries("attacker") == []


def test_type_ahead_finds_counters_by_name_or_id() -> None:
    library = new_combat("total-war").library
    assert [c for c, _ in find_counters(library, "SU hv tank")] == ["su-hv-tank-x", "su-hv-tank-xx"]
    assert [c for c, _ in find_counters(library, "ax-inf-xx")] == ["ax-inf-xx"]


def test_a_bad_file_is_refused_with_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('ruleset = "total-war"\n\n[[attacker]]\ncounter = "no-such"\n\n[[defender]]\n'
                   'counter = "ax-inf-xx"\n')  # fmt: skip
    with pytest.raises(SourceError) as refused:
        open_combat(bad)
    assert str(refused.value).startswith(f"{bad}:4:")
    assert "unknown counter 'no-such'" in str(refused.value)


def test_a_scenario_with_a_map_belongs_on_the_map() -> None:
    tutorial = Path(__file__).parents[2] / "maps" / "tutorial-14d2d-scenario.toml"
    with pytest.raises(SourceError, match="this scenario has a map"):
        open_combat(tutorial)


def test_changing_the_ruleset_drops_what_it_does_not_read() -> None:
    combat = the_14d2d_force()
    combat.set_entry("attacker", 0, across="no-such-river")
    combat.set_ruleset("armour-ratio")
    assert "across" not in combat.entries("attacker")[0]
    assert set(combat.conditions()) <= {"terrain", "weather", "date"} | {
        s.key for s in get_ruleset("armour-ratio").vocabulary.conditions
    }


def test_a_follow_up_roll_is_asked_for_then_typed_with_the_rest(monkeypatch) -> None:  # noqa: ANN001
    """No shipped ruleset rolls a follow-up die yet: this one rolls a morale check after the
    combat die; the calculator asks for it by its purpose, then resolves with every die typed."""
    from hexcombat.game import calculator

    def with_morale_check(report, dice):  # noqa: ANN001, ANN202
        result = resolve_report(report, dice)
        dice.roll(6, "morale check")
        return result

    monkeypatch.setattr(calculator, "resolve_report", with_morale_check)
    report = the_14d2d_force().evaluate()
    assert isinstance(report, Report)
    with pytest.raises(calculator.MoreDice) as asked:
        roll_typed(report, "4")
    assert says(
        str(asked.value),
        figures=["2", "4", "2"],
        names=["one more die", "the combat die (d6)", "then the morale check (d6)"],
    )
    rolled = roll_typed(report, "4 2", asked.value.follow_up)
    assert rolled.rolls == (4, 2)
    assert rolled.result == resolve_report(report, ScriptedDice([4]))


def test_an_air_mission_typed_inline_is_flown_by_23d() -> None:
    combat = new_combat("total-war")
    combat.add_typed(
        "attacker",
        'name = "Attack-fighter", rating = "6AF5", tactical_bombing = 2, '
        'mission = "defensive-air-support"',
    )
    report = combat.evaluate()
    assert isinstance(report, AirReport)
    # 23D2: bombing 2 + 1 on defensive air support; 23D1: with bombs attack 6 - 2, defence 5 - 1
    assert report.totals == {"air_attack": 4, "air_defence": 4, "bombing": 3}
    with pytest.raises(CalculatorError, match="air missions are flown on their own"):
        the_14d2d_force().add_typed("attacker", 'name = "AF", rating = "6AF5", mission = "x"')


def test_an_air_counter_of_the_counter_sets_flies_its_mission() -> None:
    """23D1: the Me 109E (7F5) of counters/total-war-air.toml on a ground support mission
    carries bombs: air attack 7 - 2 = 5, air defence 5 - 1 = 4."""
    combat = new_combat("total-war")
    assert "ge-me-109e" in combat.air_library
    combat.add_air_counter("ge-me-109e", "ground-support")
    assert combat.data["air"] == [{"counter": "ge-me-109e", "mission": "ground-support"}]
    report, problems = combat.checked()
    assert problems == [] and report is not None
    assert (report.totals["air_attack"], report.totals["air_defence"]) == (5, 4)
    with pytest.raises(CalculatorError, match="separate"):
        combat.add_counter("attacker", "su-tank-x")
    combat.remove("air", 0)  # the last mission gone: a ground combat again
    combat.add_counter("attacker", "su-tank-x")
    assert combat.entries("attacker") == [{"counter": "su-tank-x"}] and not combat.is_air


def test_a_ruleset_without_air_rules_has_no_air_counter_to_fly() -> None:
    combat = new_combat("armour-ratio")
    assert combat.air_library == {}
    with pytest.raises(CalculatorError, match="no air missions"):
        combat.add_air_counter("ge-me-109e", "escort")


TACTICAL_INLINE = """
ruleset = "lhy-assault"
title = "Two German squads against a US squad in a rural building"

[conditions]
terrain = "rural-building"
date = "1944-06"

[[attacker]]
name = "German squad"
nationality = "german"
steps = 2
rules = { kind = "squad", cohesion = 7, company = 1, platoon = 1 }
count = 2

[[defender]]
name = "US squad"
nationality = "us"
steps = 2
rules = { kind = "squad", cohesion = 6, company = 1, platoon = 1 }
"""


def test_a_tactical_games_inline_units_need_no_size_nor_re(tmp_path: Path) -> None:
    """A ruleset whose units lose steps reads a scenario's inline units as squads and vehicles,
    as its counter sets are: no size or RE, no ``scale`` to write."""
    path = tmp_path / "squads.toml"
    path.write_text(TACTICAL_INLINE, encoding="utf-8")
    combat = open_combat(path)
    report = combat.evaluate()
    assert isinstance(report, Report)
    # Assault DRM: +2 squad and +1 German squad after 9/43 for each of two German squads, -2 the
    # US squad, best cohesion 7 against 6 +1, rural building -1: +4 (within the -4..+4 limit)
    assert final_drm(report) == 4
    everyone = (*report.situation.attackers, *report.situation.defenders)
    assert all(europa(p.unit).re == 0 for p in everyone)
    # the calculator's own inline units too
    combat.add_inline(
        "defender", 'name = "US section", steps = 1, rules = { kind = "section", cohesion = 5 }'
    )
    assert [p.unit.name for p in combat.evaluate().situation.defenders] == [
        "US squad",
        "US section",
    ]
    # rolled with no odds to find: die 7 + DRM 4 = 11, the 10-13 row (Assault Results)
    assert roll_typed(report, "7").result.code == "DL"
    # a ruleset whose units lose strength points still asks for a size
    with pytest.raises(CalculatorError, match="size"):
        new_combat("total-war").add_inline("attacker", 'name = "Inf", attack = 4, defence = 4')
