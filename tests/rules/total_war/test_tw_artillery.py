"""Long-range artillery (14A3) and coast defence artillery (14A4)."""

from __future__ import annotations

import pytest
from tw_helpers import evaluate, inline, p, unit

from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.errors import IllegalAttackError, RulesError
from hexcombat.rules.report import CombatResult, odds_column
from hexcombat.rulesets.europa.features import NotSubject
from hexcombat.rulesets.total_war import (
    RULESET,
    CdMode,
    CoastDefenceArtillery,
    is_coast_defence,
    side_counter,
    switch_mode,
)
from meaning import says

INF = p(inline("Inf XX", 3, attack=6, defence=6))
DEFENDER = p(inline("Def XX", 3, attack=4, defence=4))


# --- 14A3 legality ---------------------------------------------------------------------------


def test_lra_alone_at_two_hexes_is_illegal() -> None:
    with pytest.raises(IllegalAttackError) as caught:
        evaluate([p("ge-lr-art-iii", range=2)], [DEFENDER])
    assert says(str(caught.value), rules=["14A3"], names=["long-range"])
    assert caught.value.rule == "14A3"


def test_two_lra_units_still_alone() -> None:
    with pytest.raises(IllegalAttackError, match=r"may not attack alone at two hexes \(14A3\)"):
        evaluate([p("ge-lr-art-iii", range=2), p("ge-lr-siege-art-iii", range=2)], [DEFENDER])


def test_ordinary_artillery_cannot_fire_at_two_hexes() -> None:
    with pytest.raises(IllegalAttackError) as caught:
        evaluate([INF, p("ge-art-iii", range=2)], [DEFENDER])
    assert says(str(caught.value), rules=["14A3"], names=["Art III", "long-range"])


def test_nothing_fires_from_three_hexes() -> None:
    with pytest.raises(IllegalAttackError) as caught:
        evaluate([INF, p("ge-lr-art-iii", range=3)], [DEFENDER])
    assert says(
        str(caught.value), rules=["14A3"], figures=["3"], names=["LR Art III", "long-range"]
    )


def test_a_defender_is_never_at_range_two() -> None:
    with pytest.raises(IllegalAttackError) as caught:
        evaluate([INF], [p("ge-lr-art-iii", range=2)])
    assert says(str(caught.value), rules=["14A3"], names=["LR Art III"])


def test_empty_sides_and_zero_counts_are_refused() -> None:
    with pytest.raises(IllegalAttackError, match="^an attack needs at least one attacking unit$"):
        evaluate([], [DEFENDER])
    with pytest.raises(IllegalAttackError, match="^there is no defending unit to attack$"):
        evaluate([INF], [])
    with pytest.raises(IllegalAttackError, match="^Inf XX: count must be at least 1, not 0$"):
        evaluate([p(INF.unit, 0)], [DEFENDER])


# --- 14A3 in the report and the result ------------------------------------------------------


def test_lra_at_two_hexes_adds_strength_and_a_step() -> None:
    report = evaluate([INF, p("ge-lr-art-iii", range=2)], [DEFENDER])
    assert report.totals["attack_strength"] == 9  # 6 + 3
    (step,) = [s for s in report.steps if s.rule == "14A3"]
    assert "LR Art III fires at two hexes" in step.text
    assert "may not advance" in step.text


def not_subject(result: CombatResult) -> tuple[str, ...]:
    """The attackers the result does not apply to (14A3), as the Europa result declares them."""
    found = result.feature(NotSubject)
    assert found is not None
    return found.attacker


def test_lra_at_two_hexes_is_exempt_and_out_of_the_exchange() -> None:
    report = evaluate([INF, p("ge-lr-art-iii", range=2)], [DEFENDER])
    assert odds_column(report) == "2:1"  # 9 to 4
    # generic CRT 2:1 column, modified roll 5: EX (defender eliminated, exchange)
    result = RULESET.resolve(report, ScriptedDice([5]))
    assert result.code == "EX"
    assert not_subject(result) == ("LR Art III",)
    assert result.defender.loss_points == 4
    assert result.attacker.loss_points == 4  # from the Inf XX's 6, not the LRA's 3
    assert not result.attacker.eliminated
    assert any(s.rule == "14A3" and "may not advance" in s.text for s in result.steps)


def test_lra_exempt_from_an_attacker_elimination() -> None:
    report = evaluate([INF, p("ge-lr-art-iii", range=2)], [p(inline("Fort", 3, defence=27))])
    assert odds_column(report) == "1:3"  # 9 to 27
    result = RULESET.resolve(report, ScriptedDice([1]))  # generic CRT 1:3, roll 1: AE
    assert result.code == "AE"
    assert result.attacker.eliminated
    assert not_subject(result) == ("LR Art III",)
    assert not result.advance


def test_lra_at_two_hexes_is_in_no_effect_of_the_result() -> None:
    # 14A3: "not subject to combat results": the EX's loss and the advance address only the
    # Inf XX (attacker-1), never the LRA firing from two hexes (attacker-2)
    report = evaluate([INF, p("ge-lr-art-iii", range=2)], [DEFENDER])
    result = RULESET.resolve(report, ScriptedDice([5]))
    assert [(e.kind, e.side, e.targets, e.amount) for e in result.effects] == [
        ("eliminate", "defender", ("defender-1",), 0),
        ("lose-points", "attacker", ("attacker-1",), 4),
        ("advance", "attacker", ("attacker-1",), 0),
    ]
    assert result.headline == "roll 5 +0 = 5 on 2:1: EX"
    assert says(result.effects[1].text, figures=["4"], names=["attacker", "defender"])
    eliminated = RULESET.resolve(
        evaluate([INF, p("ge-lr-art-iii", range=2)], [p(inline("Fort", 3, defence=27))]),
        ScriptedDice([1]),
    )
    assert [(e.kind, e.targets) for e in eliminated.effects] == [("eliminate", ("attacker-1",))]


def test_adjacent_lra_is_an_ordinary_unit() -> None:
    report = evaluate([INF, p("ge-lr-art-iii", range=1)], [DEFENDER])
    assert not [s for s in report.steps if s.rule == "14A3"]
    result = RULESET.resolve(report, ScriptedDice([5]))
    assert result.code == "EX"
    assert not_subject(result) == ()
    assert result.attacker.loss_points == 4


def test_lra_alone_adjacent_may_attack() -> None:
    report = evaluate([p("ge-lr-art-iii")], [DEFENDER])
    assert report.totals["attack_strength"] == 3


# --- 14A4 coast defence artillery ------------------------------------------------------------


def test_all_long_range_siege_artillery_is_coast_defence() -> None:
    assert is_coast_defence(unit("ge-lr-siege-art-iii"))
    assert is_coast_defence(unit("ge-lr-siege-art-iii", coast_defence=False))
    assert is_coast_defence(unit("ge-cd-art-iii"))
    assert not is_coast_defence(unit("ge-lr-art-iii"))  # long-range field artillery
    assert not is_coast_defence(unit("ge-siege-art-iii"))


def test_cd_mode_switches_in_its_owner_s_initial_phase() -> None:
    cda = CoastDefenceArtillery("ge-cd-art-iii", owner="german")
    assert side_counter(cda) == "ge-cd-art-iii"
    cd = switch_mode(cda, "cd", phase="initial", phasing_player="german")
    assert cd.mode is CdMode.CD
    assert side_counter(cd) == "ge-cd-art-iii-cd"
    back = switch_mode(cd, CdMode.ARTILLERY, phase="initial", phasing_player="german")
    assert side_counter(back) == "ge-cd-art-iii"


@pytest.mark.parametrize(
    ("phase", "player", "now"),
    [("movement", "german", "german's movement"), ("initial", "allied", "allied's initial")],
)
def test_cd_mode_switch_outside_the_initial_phase_is_refused(
    phase: str, player: str, now: str
) -> None:
    cda = CoastDefenceArtillery("ge-cd-art-iii", owner="german")
    with pytest.raises(RulesError) as caught:
        switch_mode(cda, "cd", phase=phase, phasing_player=player)
    assert says(
        str(caught.value),
        rules=["14A4"],
        names=["coast defence artillery", "initial phase", f"{now} phase"],
    )
    assert caught.value.rule == "14A4"


def test_unknown_mode_and_unknown_unit_are_refused() -> None:
    cda = CoastDefenceArtillery("ge-cd-art-iii", owner="german")
    with pytest.raises(RulesError) as caught:
        switch_mode(cda, "naval", phase="initial", phasing_player="german")
    assert says(str(caught.value), rules=["14A4"], names=["'naval'", "CD"])
    with pytest.raises(RulesError, match=r"^'ge-art-iii' is not a coast defence artillery unit"):
        side_counter(CoastDefenceArtillery("ge-art-iii", owner="german"))


def test_cd_mode_side_cannot_attack_but_defends() -> None:
    with pytest.raises(IllegalAttackError) as caught:
        evaluate([INF, p("ge-cd-art-iii-cd")], [DEFENDER])
    assert says(str(caught.value), rules=["14A4"], names=["CD Art III"])
    report = evaluate([INF], [DEFENDER, p("ge-cd-art-iii-cd")])
    assert report.totals["defence_strength"] == 6
    assert report.totals["defence_non_artillery_res"] == 3
