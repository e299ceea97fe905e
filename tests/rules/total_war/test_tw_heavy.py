"""Heavy armour and heavy antitank effects, 14D2a, 14D2b and 14D2c, one path at a time."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tw_helpers import evaluate, inline, only, p, steps

from hexcombat.rules.report import final_drm
from hexcombat.rules.situation import Participant
from hexcombat.rules.units import Unit
from hexcombat.rulesets.europa.units import AecValue


def infantry(re: Fraction | int | str, name: str = "Inf") -> Participant:
    return p(inline(name, re))


def heavy_tank(re: Fraction | int | str = 1, name: str = "Hv Tank") -> Participant:
    return p(inline(name, re, heavy_armour=True, heavy_antitank=True, unit_type="heavy-armour"))


def heavy_at(re: Fraction | int | str = "1/2") -> Participant:
    return p(inline("Hv Mot AT", re, motorized=True, unit_type="heavy-anti-tank"))


# --- 14D2a ---------------------------------------------------------------------------------


def test_14d2a_exactly_one_tenth_gives_plus_one() -> None:
    report = evaluate([heavy_tank(), infantry(9)], [infantry(3)])
    step = steps(report, "14D2a")[1]
    assert step.value == Fraction(1, 10)
    assert step.drm == 1
    assert final_drm(report) == 1


def test_14d2a_just_below_one_tenth_gives_nothing() -> None:
    report = evaluate([heavy_tank(), infantry("19/2")], [infantry(3)])  # 1 of 10.5
    step = steps(report, "14D2a")[1]
    assert step.value == Fraction(2, 21)
    assert step.drm is None
    assert "less than 1/10" in step.text
    assert final_drm(report) == 0


def test_14d2a_a_heavy_unit_counts_one_re_whatever_its_size() -> None:
    big = evaluate([heavy_tank(3), infantry(7)], [infantry(3)])  # 1 of 10, not 3 of 10
    assert steps(big, "14D2a")[1].value == Fraction(1, 10)
    small = evaluate([heavy_tank("1/2"), infantry("19/2")], [infantry(3)])  # 1 of 10
    assert steps(small, "14D2a")[1].value == Fraction(1, 10)
    assert small.totals["attack_non_artillery_res"] == 10  # normal size for the total


def test_14d2a_artillery_is_left_out_of_the_non_artillery_res() -> None:
    art = p(inline("Art III", 1, artillery=True, unit_type="artillery"), 5)
    report = evaluate([heavy_tank(), infantry(9), art], [infantry(3)])
    assert report.totals["attack_non_artillery_res"] == 10
    assert steps(report, "14D2a")[1].drm == 1
    assert "artillery left out: Art III x5" in steps(report, "14D2a")[0].text


@pytest.mark.parametrize(
    ("terrain", "weather", "why"),
    [
        ("forest", "clear", "forest terrain does not allow AEC"),
        ("clear", "mud", "mud weather does not allow AEC"),
        ("swamp", "snow", "swamp terrain does not allow AEC and snow weather does not allow AEC"),
    ],
)
def test_14d2a_needs_terrain_and_weather_allowing_aec(terrain: str, weather: str, why: str) -> None:
    report = evaluate([heavy_tank(), infantry(4)], [infantry(3)], terrain=terrain, weather=weather)
    step = steps(report, "14D2a")[1]
    assert step.drm is None
    assert why in step.text


def test_14d2a_in_terrain_and_weather_allowing_aec() -> None:
    report = evaluate([heavy_tank(), infantry(4)], [infantry(3)], terrain="woods")
    assert steps(report, "14D2a")[1].drm == 1


# --- 14D2b ---------------------------------------------------------------------------------


def test_14d2b_heavy_armour_in_defence_gives_minus_one() -> None:
    report = evaluate([infantry(4)], [heavy_tank(), infantry(3)])
    step = steps(report, "14D2b")[1]
    assert step.value == Fraction(1, 4)
    assert step.drm == -1


def test_14d2b_works_in_terrain_that_forbids_aec() -> None:
    report = evaluate([infantry(4)], [heavy_tank(), infantry(3)], terrain="forest")
    step = steps(report, "14D2b")[1]
    assert step.drm == -1
    assert "even though the terrain forbids AEC" in step.text


def test_14d2b_needs_weather_allowing_aec() -> None:
    report = evaluate([infantry(4)], [heavy_tank(), infantry(3)], weather="mud")
    step = steps(report, "14D2b")[1]
    assert step.drm is None
    assert "mud weather does not allow AEC" in step.text


def test_14d2b_threshold_exactly_and_just_below_one_tenth() -> None:
    at = evaluate([infantry(4)], [heavy_tank(), infantry(9)])
    below = evaluate([infantry(4)], [heavy_tank(), infantry("19/2")])
    assert steps(at, "14D2b")[1].drm == -1
    assert steps(below, "14D2b")[1].drm is None


# --- 14D2c ---------------------------------------------------------------------------------


def test_14d2c_heavy_antitank_needs_the_attacker_s_plus_one() -> None:
    without = evaluate([infantry(4)], [heavy_at(), infantry(3)])
    step = only(without, "14D2c")
    assert step.drm is None
    assert "the attacker has no heavy armour +1" in step.text
    assert final_drm(without) == 0
    with_heavy = evaluate([heavy_tank(), infantry(4)], [heavy_at(), infantry(3)])
    assert only(with_heavy, "14D2c").drm == -1
    assert final_drm(with_heavy) == 0  # +1 (14D2a) - 1 (14D2c)


def test_14d2c_absent_when_terrain_denies_the_attacker_s_plus_one() -> None:
    report = evaluate([heavy_tank(), infantry(4)], [heavy_at(), infantry(3)], terrain="forest")
    assert steps(report, "14D2a")[1].drm is None
    assert only(report, "14D2c").drm is None


def test_14d2c_threshold_exactly_and_just_below_one_tenth() -> None:
    attack = [heavy_tank(), infantry(4)]
    at = evaluate(attack, [heavy_at(1), infantry(9)])
    below = evaluate(attack, [heavy_at(1), infantry("19/2")])
    assert only(at, "14D2c").drm == -1
    assert only(below, "14D2c").drm is None


def test_14d2c_heavy_armour_defenders_also_count_as_heavy_antitank() -> None:
    report = evaluate([heavy_tank(), infantry(4)], [heavy_tank(name="Hv Tank D"), infantry(3)])
    assert steps(report, "14D2b")[1].drm == -1
    assert only(report, "14D2c").drm == -1
    assert report.totals["heavy_antitank_defence_res"] == 1


def test_defending_artillery_is_left_out_too() -> None:
    art = p(inline("Art III", 1, artillery=True, atec=AecValue.FULL), 3)
    report = evaluate([heavy_tank(), infantry(4)], [heavy_at(1), infantry(9), art])
    assert report.totals["defence_non_artillery_res"] == 10
    assert report.totals["atec_res"] == 0  # the artillery's ATEC stays out with its REs
    assert only(report, "14D2c").drm == -1


# --- 14D2: qualifying by type ----------------------------------------------------------------


def by_type(name: str, re: Fraction | int | str, unit_type: str, **values: object) -> Unit:
    """A unit as a player writes it inline: its type, size and AEC values, no heavy flags."""
    return inline(name, re, unit_type=unit_type, **values)


def test_14d2d_with_units_that_give_only_their_types_is_still_net_plus_one() -> None:
    # 14D2d: "two REs of attacking units that qualify for heavy tank effects (1 RE each from the
    # Hv Tank XX and Hv Tank X) and 10 total non-artillery REs", "one RE of heavy antitank (the
    # Hv Mot AA II) and 3.5 REs total non-artillery REs", "an overall net effect of +1"
    full = AecValue.FULL
    art = by_type("Art III", 1, "artillery", artillery=True)
    attackers = [
        p(by_type("Hv Tank XX", 3, "heavy-armour", aeca=full)),
        p(by_type("Rifle XX", 2, "rifle"), 2),
        p(by_type("Hv Tank X", 1, "heavy-armour", aeca=full)),
        p(by_type("Tank X", 1, "armour", aeca=full), 2),
        p(art, 2),
    ]
    aa = by_type("Hv Mot AA II", "1/2", "heavy-anti-aircraft", motorized=True, atec=full)
    defenders = [p(by_type("Inf XX", 3, "infantry")), p(aa), p(art)]
    report = evaluate(attackers, defenders, terrain="woods")
    assert report.totals["heavy_armour_attack_res"] == 2
    assert report.totals["heavy_antitank_defence_res"] == 1
    assert steps(report, "14D2a")[1].value == Fraction(1, 5)
    assert steps(report, "14D2a")[1].drm == 1
    assert only(report, "14D2c").value == Fraction(2, 7)  # 1 : 3.5
    assert only(report, "14D2c").drm == -1
    assert final_drm(report) == 1


@pytest.mark.parametrize(
    "unit_type", ["heavy-armour", "heavy-assault-gun", "heavy-engineer", "heavy-engineer-tank"]
)
def test_14d2a_a_heavy_armour_type_attacks_with_plus_one_without_the_flag(unit_type: str) -> None:
    report = evaluate([p(by_type("Hv", 1, unit_type)), infantry(4)], [infantry(3)])
    assert steps(report, "14D2a")[1].value == Fraction(1, 5)
    assert steps(report, "14D2a")[1].drm == 1


@pytest.mark.parametrize("unit_type", ["heavy-anti-aircraft", "heavy-anti-tank"])
def test_14d2c_a_non_motorized_heavy_aa_or_at_gives_no_minus_one(unit_type: str) -> None:
    foot = p(inline("Hv AT", 1, unit_type=unit_type, heavy_antitank=True))
    report = evaluate([heavy_tank(), infantry(4)], [foot, infantry(3)])
    assert report.totals["heavy_antitank_defence_res"] == 0
    assert only(report, "14D2c").drm is None
    assert final_drm(report) == 1


def test_a_heavy_share_over_the_whole_says_why_it_can_be() -> None:
    """A lone 1/2 RE Hv Mot AT counts 1 RE of 0.5 (14D2): a share of 2, which the step says
    comes from counting it 1 RE whatever its size, not a slip."""
    report = evaluate([heavy_tank(), infantry(4)], [heavy_at()], terrain="woods")
    step = steps(report, "14D2c")[0]
    assert step.value == 2
    assert "1 of 0.5 defending non-artillery REs = 2" in step.text
    assert "each counts 1 RE whatever its size" in step.text
