"""Specialized armour (14D1): combat or assault engineers against a major city or a -1/-2/-3
fortification; the engineer effect itself is an assumed chart, and the report says so."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tw_helpers import evaluate, inline, p

from hexcombat.rules.errors import RulesError
from hexcombat.rules.report import final_drm
from meaning import one_says, says, says_in

INF = p(inline("Inf XX", 3, attack=6, defence=6))
DEFENDER = p(inline("Def XX", 3, attack=4, defence=4))


@pytest.mark.parametrize(
    ("counter", "role"),
    [
        ("ge-eng-tank-ii", "a combat engineer"),
        ("ge-hv-eng-tank-ii", "a combat engineer"),
        ("su-flame-tank-x", "a combat engineer"),
        ("br-aslt-eng-tank-x", "an assault engineer"),
    ],
)
def test_specialized_armour_counts_as_engineer_against_a_major_city(
    counter: str, role: str
) -> None:
    report = evaluate([INF, p(counter)], [DEFENDER], terrain="major-city")
    (step,) = [s for s in report.steps if s.rule == "14D1" and "specialized armour" in s.text]
    assert says_in(step.text, names=["major city", f"counts as {role}"])


def test_the_engineer_effect_is_assumed_and_warned() -> None:
    report = evaluate([INF, p("su-flame-tank-x")], [DEFENDER], terrain="major-city")
    (effect,) = [s for s in report.steps if s.text.startswith("engineers (")]
    assert effect.provenance == "assumed"
    assert effect.value == Fraction(1, 4)  # 1 of 4 non-artillery REs
    assert effect.drm == 1  # assumed: at least 1/7 gives +1
    assert "the engineer rule is not in the texts" in effect.text
    assert one_says(report.warnings, partly=True, rules=["14D1"], names=["assumed", "engineers"])


def test_too_few_engineers_give_no_modifier() -> None:
    report = evaluate([p(INF.unit, 3), p("ge-eng-tank-ii")], [DEFENDER], fortification=-1)
    (effect,) = [s for s in report.steps if s.text.startswith("engineers (")]
    assert effect.value == Fraction(1, 19)  # 0.5 of 9.5
    assert effect.drm == 0
    assert "less than 1/7" in effect.text


def test_against_a_fortification_its_own_drm_is_applied() -> None:
    # forest forbids AEC, so the Eng Tank's AECA adds nothing here
    report = evaluate([INF, p("ge-eng-tank-ii")], [DEFENDER], fortification=-2, terrain="forest")
    fort = [s for s in report.steps if s.text.startswith("fortification")]
    assert [(s.rule, s.value, s.drm) for s in fort] == [("14D1", -2, -2)]
    fortified = [s for s in report.steps if s.rule == "14D1"][1].text
    assert says_in(fortified, figures=["-2"], names=["fortification"])
    assert final_drm(report) == -2 + 1  # the fortification, and the assumed engineer +1


def test_assault_engineers_double_their_attack_strength_as_assumed() -> None:
    report = evaluate([INF, p("br-aslt-eng-tank-x")], [DEFENDER], terrain="major-city")
    assert report.totals["attack_strength"] == 6 + 4 * 2
    (step,) = [s for s in report.steps if s.text.startswith("assault engineers")]
    assert step.provenance == "assumed"


def test_elsewhere_specialized_armour_is_just_armour() -> None:
    report = evaluate([INF, p("br-aslt-eng-tank-x")], [DEFENDER], terrain="clear")
    assert not [s for s in report.steps if s.rule == "14D1"]
    assert report.totals["attack_strength"] == 10


def test_an_inline_specialized_armour_type_counts_even_without_an_engineer_key() -> None:
    flame = p(inline("Flame Tank", 1, unit_type="flamethrower-tank"))
    report = evaluate([INF, flame], [DEFENDER], terrain="major-city")
    assert any("it counts as a combat engineer" in s.text for s in report.steps)


@pytest.mark.parametrize("value", [1, 2])
def test_a_fortification_never_helps_the_attacker(value: int) -> None:
    with pytest.raises(RulesError) as caught:
        evaluate([INF], [DEFENDER], fortification=value)
    assert says(
        str(caught.value),
        rules=["14D1"],
        figures=["-1", "-2", "-3", f"{value:+d}"],
        names=["fortification"],
    )


def test_against_a_minus_four_fortification_specialized_armour_is_not_an_engineer() -> None:
    # 14D1 names fortifications of -1, -2 and -3 only: a -4 one applies its own -4, and the
    # Eng Tank is ordinary armour there (no engineer +1), with a step and a warning saying why.
    report = evaluate([INF, p("ge-eng-tank-ii")], [DEFENDER], fortification=-4, terrain="forest")
    fort = [s for s in report.steps if s.text.startswith("fortification")]
    assert [(s.rule, s.value, s.drm) for s in fort] == [("14D1", -4, -4)]
    assert fort[0].provenance == "assumed"  # the player's chart value: 14D1 names -1..-3
    assert not [s for s in report.steps if s.text.startswith("engineers (")]
    (why,) = [s for s in report.steps if s.rule == "14D1" and "does not count" in s.text]
    assert says_in(why.text, names=["Eng Tank II"])
    assert one_says(why.text, figures=["-4"])
    assert one_says(
        report.warnings, rules=["14D1"], figures=["-4", "-1", "-2", "-3"], names=["Eng Tank II"]
    )
    assert final_drm(report) == -4  # forest forbids AEC: nothing else


def test_a_minus_four_fortification_of_a_major_city_still_has_engineers() -> None:
    # "a major city or any fortification with ... -1, -2, or -3": the city alone qualifies
    report = evaluate(
        [INF, p("ge-eng-tank-ii")], [DEFENDER], fortification=-4, terrain="major-city"
    )
    assert one_says(
        [s.text for s in report.steps], partly=True, names=["major city", "combat engineer"]
    )
    assert not any("does not count as engineers" in w for w in report.warnings)
