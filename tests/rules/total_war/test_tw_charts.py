"""The Total War charts and data files: every problem located with its line, every unknown name
refused in words a player understands, and the shipped files sound."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from tw_helpers import REPO, evaluate, inline, p, situation

from hexcombat.rules.counters import counters_from_source
from hexcombat.rules.errors import RulesError
from hexcombat.rules.report import odds_column
from hexcombat.rulesets.europa.units import AecValue, europa
from hexcombat.rulesets.total_war import TotalWarRuleset
from hexcombat.rulesets.total_war.coast_defence import coast_defence_from_source
from hexcombat.rulesets.total_war.light_infantry import light_infantry_from_source
from hexcombat.rulesets.total_war.tables import (
    aec_chart_from_source,
    armour_chart_from_source,
    engineer_chart_from_source,
    load_tables,
)
from hexcombat.sourcefile import SourceError, TomlSource
from meaning import each_says, says, says_in


def problems(found: list[object]) -> list[str]:
    return [str(x) for x in found]


def test_the_shipped_charts_load_and_mark_only_14d2d_points_as_rule() -> None:
    tables = load_tables()
    rules = [b for b in (*tables.armour.aeca, *tables.armour.atec) if b.provenance == "rule"]
    assert [(b.rule, b.drm) for b in rules] == [("14D2d", 2), ("14D2d", -1)]
    known = [a.name for a in (*tables.aec.terrain.values(), *tables.aec.weather.values())
             if a.provenance == "rule"]  # fmt: skip
    assert known == ["woods", "clear"]
    assert tables.engineer.drm_provenance == "assumed"


def test_armour_chart_problems_have_their_lines() -> None:
    text = """rule = "10"
[[aeca]]
above = "one half"
drm = 2
rule = "14D2d"

[[aeca]]
at_least = "1/10"
drm = "plus one"
assumed = true

[[aeca]]
above = 0
drm = 0

[[aeca]]
at_least = 0
drm = 1
chance = { drm = 1, probability = "1/2" }
assumed = true
"""
    chart, found = armour_chart_from_source(TomlSource.parse(text, "armour.toml"))
    assert chart is None
    assert each_says(
        problems(found),
        dict(at=("armour.toml", 3), figures=["0", "0.5", "1/7"], names=["above", "'one half'"]),
        dict(at=("armour.toml", 9), figures=["-1", "2"], names=["drm", "whole number"]),
        dict(at=("armour.toml", 12), names=['rule = "..."', "assumed = true"]),
        dict(
            at=("armour.toml", 19),
            figures=["1/2", "0", "1", "1/2", "1/6", "0.3", "0.05"],
            names=["chance", "d6", "d10", "d100"],
        ),
        dict(at=("armour.toml", 1), names=["[[atec]] bands"]),
    )


def test_aec_chart_problems_have_their_lines() -> None:
    text = """[terrain.woods]
aec = "yes"
rule = "14D2d"

[terrain.clear]
aec = true
"""
    chart, found = aec_chart_from_source(TomlSource.parse(text, "aec.toml"))
    assert chart is None
    assert each_says(
        problems(found),
        dict(at=("aec.toml", 1), names=["woods", "aec", "true or false"]),
        dict(at=("aec.toml", 5), names=['rule = "..."', "assumed = true"]),
        dict(at=("aec.toml", 1), names=["[weather.NAME]"]),
    )


def test_engineer_chart_problems_have_their_lines() -> None:
    text = """[combat]
at_least = "1/7"
drm = 1
assumed = true

[assault]
attack_factor = 0
"""
    chart, found = engineer_chart_from_source(TomlSource.parse(text, "eng.toml"))
    assert chart is None
    assert each_says(
        problems(found),
        dict(at=("eng.toml", 7), figures=["1"], names=["attack_factor"]),
        dict(at=("eng.toml", 6), names=['rule = "..."', "assumed = true"]),
    )


def test_coast_defence_and_light_infantry_problems_have_their_lines() -> None:
    cda = """switch_phase = "initial"
[modes.artillery]
ground_attack = true
naval_hazard = false
rule = "14A4"

[[unit]]
artillery = "x"
"""
    data, found = coast_defence_from_source(TomlSource.parse(cda, "cd.toml"))
    assert data is None
    assert each_says(
        problems(found),
        dict(at=("cd.toml", 1), names=["[modes.cd]"]),
        dict(at=("cd.toml", 7), names=["[[unit]]", "artillery", "cd counters"]),
    )
    light = """[[member]]
type = "jager"
rule = "14F"

[[exception]]
terrain = "mountain"
movement_cost = "3"
assumed = true
"""
    data, found = light_infantry_from_source(TomlSource.parse(light, "li.toml"))
    assert data is None
    assert each_says(
        problems(found),
        dict(at=("li.toml", 1), names=["member", "type", "non_motorized", "rule"]),
        dict(at=("li.toml", 5), names=["exception", "terrain", "movement_cost", "rule"]),
        dict(at=("li.toml", 1), names=["[[member]]"]),
    )


def test_a_broken_chart_file_stops_the_ruleset_with_file_and_line(tmp_path: Path) -> None:
    broken = tmp_path / "armour.toml"
    broken.write_text('[[aeca]]\nabove = 0\ndrm = 0\nassumed = true\n[[atec]]\nabove = "x"\n')
    # the missing drm and provenance are reported at the band's own line
    ruleset = TotalWarRuleset(armour_effects=broken)
    with pytest.raises(SourceError) as caught:
        ruleset.evaluate(situation([p(inline("A", 1))], [p(inline("D", 1))]))
    assert each_says(
        caught.value.problems,
        dict(at=(str(broken), 6), names=["above", "share", "'x'"]),
        dict(at=(str(broken), 5), names=["drm", "whole number"]),
        dict(at=(str(broken), 5), names=["chart entry", 'rule = "..."', "assumed = true"]),
    )


def test_a_chart_that_is_not_toml_reports_its_line(tmp_path: Path) -> None:
    broken = tmp_path / "aec.toml"
    broken.write_text("[terrain.woods]\naec = true\nrule = 14D2d\n")
    with pytest.raises(SourceError) as caught:
        TotalWarRuleset(aec_terrain=broken).data()
    (problem,) = caught.value.problems
    assert (problem.line, problem.message.startswith("not valid TOML")) == (3, True)


def test_a_share_no_band_covers_stops_the_chart_at_load(tmp_path: Path) -> None:
    # only shares above 1/2 have an AECA band: a Tank X among nine infantry (1/10) would have no
    # modifier at all, so the chart is refused before any combat, at the table's line
    gap = tmp_path / "armour.toml"
    gap.write_text(
        '[[aeca]]\nabove = "1/2"\ndrm = 2\nrule = "14D2d"\n'
        "[[atec]]\nabove = 0\ndrm = 0\nassumed = true\n"
    )
    tank = p(inline("Tank", 1, aeca=AecValue.FULL))
    with pytest.raises(SourceError) as caught:
        TotalWarRuleset(armour_effects=gap).evaluate(situation([tank, p(inline("I", 9))],
                                                               [p(inline("D", 3))]))  # fmt: skip
    assert each_says(
        caught.value.problems, dict(at=(str(gap), 1), figures=["0", "1/2"], names=["[[aeca]] band"])
    )


BANDS = """[[aeca]]
above = "1/2"
drm = 2
rule = "14D2d"

[[aeca]]
at_least = "1/10"
at_most = "1/2"
drm = 1
assumed = true

[[aeca]]
above = 0
below = "1/10"
drm = 0
assumed = true

[[atec]]
above = 0
drm = -1
assumed = true
"""


def test_the_band_edges_of_a_sound_chart_meet() -> None:
    _, found = armour_chart_from_source(TomlSource.parse(BANDS, "armour.toml"))
    assert found == []


@pytest.mark.parametrize(
    ("old", "new", "shares"),
    [
        # "below 1/2" under "above 1/2": a share of exactly one half has no band
        ('at_most = "1/2"', 'below = "1/2"', "exactly 1/2"),
        ('at_least = "1/10"', 'at_least = "1/5"', "at least 1/10 and below 1/5"),
        ('above = "1/2"\n', 'above = "1/2"\nat_most = 1\n', "more than 1"),
        ("above = 0\nbelow", 'above = "1/20"\nbelow', "more than 0 and at most 1/20"),
    ],
)
def test_a_gap_between_bands_is_reported(old: str, new: str, shares: str) -> None:
    text = BANDS.replace(old, new, 1)
    _, found = armour_chart_from_source(TomlSource.parse(text, "armour.toml"))
    assert each_says(
        problems(found),
        dict(at=("armour.toml", 1), names=["[[aeca]] band", shares]),
    )


def test_overlapping_bands_with_different_modifiers_are_reported() -> None:
    # the middle band reaches up to 3/5 (included): shares above 1/2 up to 3/5 fall in both the
    # +2 band (line 1) and the +1 band (line 6), and only their order would decide
    text = BANDS.replace('at_most = "1/2"', 'at_most = "3/5"', 1)
    _, found = armour_chart_from_source(TomlSource.parse(text, "armour.toml"))
    assert each_says(
        problems(found),
        dict(
            at=("armour.toml", 6),
            figures=["1/10", "3/5", "+1", "1", "1/2", "+2", "1/2", "3/5"],
            names=["[[aeca]] band", "overlaps"],
        ),
    )


def test_a_rule_point_inside_an_agreeing_band_is_no_overlap() -> None:
    # 14D2d: an ATEC share of exactly 1/7 gives -1; the assumed band around it agrees
    text = BANDS.replace(
        "[[atec]]",
        '[[atec]]\nat_least = "1/7"\nat_most = "1/7"\ndrm = -1\nrule = "14D2d"\n\n[[atec]]',
    )
    _, found = armour_chart_from_source(TomlSource.parse(text, "armour.toml"))
    assert found == []
    text = text.replace('drm = -1\nrule = "14D2d"', 'drm = -2\nrule = "14D2d"')
    _, found = armour_chart_from_source(TomlSource.parse(text, "armour.toml"))
    assert each_says(
        problems(found),
        dict(
            at=("armour.toml", 24),
            figures=["0", "-1", "18", "1/7", "-2", "1/7"],
            names=["[[atec]] band", "overlaps"],
        ),
    )


def test_unknown_terrain_and_weather_name_the_known_ones() -> None:
    with pytest.raises(RulesError) as caught:
        evaluate([p(inline("A", 1))], [p(inline("D", 1))], terrain="moon")
    message = str(caught.value)
    known = "clear forest glacier jungle major-city minor-city mountain rough swamp".split()
    known += ["wooded-mountain", "wooded-rough", "wooded-swamp", "woods"]
    assert says_in(message, names=["terrain 'moon'", "AEC chart", *known])
    with pytest.raises(RulesError, match=r"^weather 'fog' is not on the AEC chart"):
        evaluate([p(inline("A", 1))], [p(inline("D", 1))], weather="fog")


def test_a_unit_without_strength_gives_the_modifiers_but_no_odds() -> None:
    # the texts' worked examples give no strengths: the DRM is worked out, the odds wait
    report = evaluate([p(inline("A", 1, attack=None))], [p(inline("D", 1))])
    assert odds_column(report) is None and report.outcomes == {}
    assert report.missing_strengths == (("A", "attack"),)
    with pytest.raises(RulesError) as caught:
        report.require_strengths()
    assert says(str(caught.value), names=["cannot roll", "`attack`", "A"])


def test_a_combat_for_another_ruleset_is_refused() -> None:
    from dataclasses import replace

    other = replace(situation([p(inline("A", 1))], [p(inline("D", 1))]), ruleset="armour-ratio")
    with pytest.raises(
        RulesError, match="^this combat is for the armour-ratio rules, not total-war$"
    ):
        TotalWarRuleset().evaluate(other)


# --- the counter set ---------------------------------------------------------------------------


def test_the_counter_set_has_the_14d2d_sizes() -> None:
    source = TomlSource.load(REPO / "counters" / "total-war.toml")
    counters, found = counters_from_source(source)
    assert found == []
    sizes = {k: europa(counters[k]).re for k in ("su-hv-tank-xx", "su-rifle-xx", "su-hv-tank-x",
                                          "su-tank-x", "ax-inf-xx", "ax-hv-mot-aa-ii")}  # fmt: skip
    assert sizes == {
        "su-hv-tank-xx": 3,
        "su-rifle-xx": 2,
        "su-hv-tank-x": 1,
        "su-tank-x": 1,
        "ax-inf-xx": 3,
        "ax-hv-mot-aa-ii": Fraction(1, 2),
    }
    aa = europa(counters["ax-hv-mot-aa-ii"])
    assert aa.heavy_atec and not aa.heavy_armour
    assert europa(counters["br-aslt-eng-tank-x"]).engineer == "assault"
    assert counters["ge-lr-art-iii"].range == 2 and not europa(counters["ge-lr-art-iii"]).siege


def test_an_unknown_capability_value_is_refused_at_its_line() -> None:
    text = '[[counter]]\nid = "x"\nname = "X"\nsize = "X"\naeca = "triple"\n'
    _, found = counters_from_source(TomlSource.parse(text, "c.toml"))
    assert each_says(
        problems(found),
        dict(
            at=("c.toml", 5),
            rules=["10.B"],
            names=["'x'", "aeca", "double", "full", "half", "neutral", "none", "'triple'"],
        ),
    )
    text = '[[counter]]\nid = "x"\nname = "X"\nsize = "X"\nengineer = "sapper"\n'
    _, found = counters_from_source(TomlSource.parse(text, "c.toml"))
    assert each_says(
        problems(found), dict(at=("c.toml", 5), names=["'x'", "engineer", '"combat"', '"assault"'])
    )


NOT_SHARES = ["inf", "nan", '"1e99999"', '"99999999999/1"', '"1/0"', "-0.5", '"-1/2"', '"x/7"']
"""Bounds no combat can have: infinite, not a number, huge, a zero denominator, negative, text."""


@pytest.mark.parametrize("value", NOT_SHARES)
def test_a_band_bound_that_is_no_share_is_refused_at_its_line(value: str) -> None:
    text = BANDS.replace('above = "1/2"', f"above = {value}", 1)
    chart, found = armour_chart_from_source(TomlSource.parse(text, "armour.toml"))
    assert chart is None
    assert says_in(
        problems(found)[0], at=("armour.toml", 2), figures=["0", "0.5", "1/7"], names=["above"]
    )


@pytest.mark.parametrize("value", [*NOT_SHARES, '"1/7"', "0.142857", "1", "0"])
def test_a_chance_no_d6_d10_or_d100_can_roll_is_refused_at_its_line(value: str) -> None:
    """A chance is drawn on a d6, d10 or d100: 1/7 cannot be, nor an infinite one."""
    text = BANDS.replace("drm = 2\n", f"drm = 2\nchance = {{ drm = 3, probability = {value} }}\n")
    chart, found = armour_chart_from_source(TomlSource.parse(text, "armour.toml"))
    assert chart is None
    (problem,) = problems(found)
    assert problem.startswith("armour.toml:4: chance must be ")
    assert "that a d6, d10 or d100 can roll" in problem


@pytest.mark.parametrize(
    ("value", "chance"),
    [('"1/6"', Fraction(1, 6)), ("0.3", Fraction(3, 10)), ('"3/100"', Fraction(3, 100))],
)
def test_a_chance_a_d6_d10_or_d100_can_roll_is_read(value: str, chance: Fraction) -> None:
    text = BANDS.replace("drm = 2\n", f"drm = 2\nchance = {{ drm = 3, probability = {value} }}\n")
    chart, found = armour_chart_from_source(TomlSource.parse(text, "armour.toml"))
    assert found == [] and chart is not None
    assert chart.aeca[0].chances == {2: 1 - chance, 3: chance}


@pytest.mark.parametrize("value", NOT_SHARES)
def test_an_engineer_share_that_is_no_share_is_refused_at_its_line(value: str) -> None:
    text = f"""[combat]
at_least = {value}
drm = 1
assumed = true

[assault]
attack_factor = 2
assumed = true
"""
    chart, found = engineer_chart_from_source(TomlSource.parse(text, "eng.toml"))
    assert chart is None
    (problem,) = problems(found)
    assert says_in(problem, at=("eng.toml", 2), figures=["0", "0.5", "1/7"], names=["at_least"])
