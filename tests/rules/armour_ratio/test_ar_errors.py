"""Illegal situations and unit data: named errors in a player's words, citing the rule."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from ar_helpers import MINIMAL_DEFENDER, REPO, evaluate, inline, p, situation, unit

from hexcombat.game.attack import AttackSetup, evaluate_attack
from hexcombat.game.explain_cli import explain_command
from hexcombat.game.opening import open_game
from hexcombat.rules.counters import counters_from_source
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.errors import IllegalAttackError, RulesError, UnitDataError
from hexcombat.rules.report import odds_column
from hexcombat.rules.situation import Participant
from hexcombat.rulesets.armour_ratio import RULESET, UnknownTerrainError
from hexcombat.sourcefile import TomlSource
from meaning import each_says, says


def test_an_unknown_capability_value_is_reported_with_its_line() -> None:
    text = (
        'game = "armour-ratio"\n\n[[counter]]\nid = "x"\nname = "Tank X"\nsize = "X"\n'
        'aeca = "triple"\n'
    )
    _, problems = counters_from_source(TomlSource.parse(text, "c.toml"))
    assert each_says(
        [str(x) for x in problems],
        dict(
            at=("c.toml", 7),
            rules=["10.B"],
            names=["'x'", "aeca", "double", "full", "half", "neutral", "none", "'triple'"],
        ),
    )


def test_an_unknown_terrain_is_named_with_the_known_ones() -> None:
    with pytest.raises(UnknownTerrainError) as caught:
        evaluate([p("su-tank-x")], MINIMAL_DEFENDER, terrain="jungle")
    assert says(
        str(caught.value),
        rules=["10.D"],
        names=["'jungle'", "clear", "woods", "rough", "forest", "swamp", "mountain", "city"],
    )
    assert caught.value.rule == "10.D"


def test_an_unknown_weather_is_named_with_the_known_ones() -> None:
    with pytest.raises(UnknownTerrainError) as caught:
        evaluate([p("su-tank-x")], MINIMAL_DEFENDER, weather="monsoon")
    assert says(
        str(caught.value),
        rules=["10.E"],
        names=["'monsoon'", "clear", "frost", "mud", "snow", "winter"],
    )
    assert caught.value.rule == "10.E"


def test_an_unknown_hexside_is_named_with_the_known_ones() -> None:
    with pytest.raises(UnknownTerrainError) as caught:
        evaluate([p("su-tank-x", across="canal")], MINIMAL_DEFENDER)
    assert says(str(caught.value), rules=["10.D"], names=["'canal'", "minor-river", "major-river"])
    assert caught.value.rule == "10.D"


def test_a_defender_does_not_attack_across_a_hexside() -> None:
    with pytest.raises(IllegalAttackError) as caught:
        evaluate([p("su-tank-x")], [p("ax-inf-xx", across="minor-river")])
    assert says(str(caught.value), rules=["10.D"], names=["`across`", "Inf XX", "defender"])
    assert caught.value.rule == "10.D"


def test_a_combat_needs_both_sides() -> None:
    with pytest.raises(IllegalAttackError, match="^a combat needs at least one attacking unit$"):
        evaluate([], MINIMAL_DEFENDER)
    with pytest.raises(IllegalAttackError, match="^a combat needs at least one defending unit$"):
        evaluate([p("su-tank-x")], [])


def test_an_attacker_without_attack_strength_gives_the_modifiers_but_no_odds() -> None:
    report = evaluate([p(unit("su-tank-x", attack=None))], MINIMAL_DEFENDER)
    assert odds_column(report) is None and report.outcomes == {}
    assert report.missing_strengths == (("Tank X", "attack"),)
    assert report.totals["aeca_res"] == 1  # 10.B.2: the Tank X's RE counts without a strength


def test_a_defender_without_a_combat_value_gives_no_odds_and_no_roll() -> None:
    report = evaluate([p("su-tank-x")], [p(unit("ax-inf-xx", attack=None, defence=None))])
    assert odds_column(report) is None
    assert report.missing_strengths == (("Inf XX", "defence"),)
    with pytest.raises(UnitDataError) as caught:
        RULESET.resolve(report, ScriptedDice([3]))
    assert says(str(caught.value), names=["cannot roll", "`defence`", "Inf XX"])


def test_an_attack_without_strength_has_no_odds() -> None:
    with pytest.raises(IllegalAttackError, match="^the attackers have no attack strength$"):
        evaluate([p(unit("su-tank-x", attack=0))], MINIMAL_DEFENDER)


def test_a_participant_count_must_be_at_least_one() -> None:
    with pytest.raises(UnitDataError) as caught:
        evaluate([Participant(unit("su-tank-x"), 0)], MINIMAL_DEFENDER)
    assert says(str(caught.value), figures=["1"], names=["Tank X"])


def test_a_unit_needs_an_re_size() -> None:
    with pytest.raises(UnitDataError) as caught:
        evaluate([p(inline("Tank X", 0))], MINIMAL_DEFENDER)
    assert says(str(caught.value), names=["`re`", "`size`", "Tank X"])


def test_a_combat_for_another_ruleset_is_refused() -> None:
    other = replace(situation([p("su-tank-x")], MINIMAL_DEFENDER), ruleset="total-war")
    with pytest.raises(RulesError) as caught:
        RULESET.evaluate(other)
    assert says(str(caught.value), names=["'total-war'", "armour-ratio", "cannot evaluate"])


def test_a_report_of_another_ruleset_is_not_resolved() -> None:
    report = evaluate([p("su-tank-x")], MINIMAL_DEFENDER)
    report.ruleset = "total-war"
    with pytest.raises(RulesError) as caught:
        RULESET.resolve(report, ScriptedDice([1]))
    assert says(str(caught.value), names=["'total-war'", "armour-ratio", "cannot be resolved"])


TWO_HEXES = (
    "LR Art III is 2 hexes from the defender: under rule 10 only adjacent units attack; fire "
    "from two hexes is Total War's long-range artillery, which the armour-ratio ruleset does "
    "not have"
)


def test_an_attacker_two_hexes_away_is_refused() -> None:
    # Rule 10 gives no fire at range: only Total War's 14A3 lets artillery fire from two hexes.
    lra = inline("LR Art III", size="III", unit_type="artillery", range=2)
    with pytest.raises(IllegalAttackError) as caught:
        evaluate([p("su-tank-x"), p(lra, range=2)], MINIMAL_DEFENDER)
    assert str(caught.value) == TWO_HEXES
    assert caught.value.rule == "10"  # rule 10's own: only adjacent units attack, not 14A3


def test_explain_names_the_line_of_an_attacker_two_hexes_away(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "lra.toml"
    scenario.write_text(
        'ruleset = "armour-ratio"\n\n[[attacker]]\ncounter = "su-tank-x"\n\n[[attacker]]\n'
        'name = "LR Art III"\nsize = "III"\ntype = "artillery"\nattack = 4\nrange = 2\n\n'
        '[[defender]]\ncounter = "ax-inf-xx"\n'
    )
    assert explain_command(str(scenario)) == 1
    assert capsys.readouterr().err.strip() == f"{scenario}:11: {TWO_HEXES}"


def test_on_the_map_long_range_artillery_two_hexes_away_is_refused() -> None:
    # the 14A3 tutorial's set-up (two Inf XX adjacent, the LR Art III in 0704 two hexes away)
    # played under rule 10: the panel shows the refusal instead of counting the artillery
    state = open_game(REPO / "maps" / "tutorial-14a3-lra-scenario.toml")
    state.ruleset = "armour-ratio"
    target = state.hexmap.hex_at("0504")
    uids = [c.uid for c in state.counters.values() if c.side == "Axis"]
    with pytest.raises(IllegalAttackError) as caught:
        evaluate_attack(state, AttackSetup(target, uids, state.conditions))
    # the game asks the ruleset's reach (reach_refusal) of each attacker on the map
    assert caught.value.rule == "10"  # rule 10's own, not 14A3
    assert "LR Art III in 0704 is 2 hexes from 0504" in str(caught.value)
    assert "only adjacent units attack" in str(caught.value)
    adjacent = [u for u in uids if state.counters[u].unit.name != "LR Art III"]
    assert odds_column(evaluate_attack(state, AttackSetup(target, adjacent, state.conditions)))


def test_the_reach_under_rule_10_is_adjacent_and_cites_rule_10() -> None:
    """Two-hex fire is Total War's 14A3: the armour-ratio ruleset neither offers it nor cites
    it; only adjacent units attack (10)."""
    from hexcombat.rulesets.armour_ratio import RULESET

    lra = inline("LR Art III", size="III", unit_type="artillery", range=2)
    assert RULESET.attack_range(lra) == 1
    refusal = RULESET.reach_refusal(lra, 2)
    assert refusal is not None and refusal.rule == "10"
    assert "only adjacent units attack" in str(refusal)
    assert RULESET.reach_refusal(lra, 1) is None
