"""The chart files: provenance of every entry, the known points from the texts, and every
problem reported with its line."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hexcombat.rulesets.armour_ratio import (
    check_armour_ratio_chart,
    is_armour_ratio_chart,
    load_armour_effects,
    load_special_unit_table,
    load_terrain_chart,
)
from hexcombat.rulesets.armour_ratio.tables import (
    ARMOUR_EFFECTS,
    SPECIAL_UNIT_COMBAT,
    armour_effects_from_source,
    parse_ratio,
    ratio_text,
    special_unit_from_source,
)
from hexcombat.rulesets.armour_ratio.terrain import TERRAIN_EFFECTS, terrain_chart_from_source
from hexcombat.sourcefile import SourceError, TomlSource
from hexcombat_cli import check
from meaning import each_says, says_in

AET = """\
chart = "armour-effects"
rule = "11.J"

[[aeca_atec]]
at_least = "1:1"
drm = 0
assumed = true

[[aeca_atec]]
at_least = "2.1:1"
drm = 1
{provenance}

[[aeca_aecd]]
at_most = "1:2"
drm = {aecd_drm}
assumed = true
"""


def problems(text: str, name: str = "aet.toml") -> list[str]:
    source = TomlSource.parse(text, name)
    return [str(p) for p in check_armour_ratio_chart(source)]


def aet(provenance: str = "assumed = true", aecd_drm: int = -1) -> str:
    return AET.format(provenance=provenance, aecd_drm=aecd_drm)


def test_a_sound_armour_effects_table_has_no_problems() -> None:
    assert problems(aet()) == []


def test_a_row_without_provenance_is_reported_at_its_line() -> None:
    assert each_says(
        problems(aet(provenance="")),
        dict(
            at=("aet.toml", 9),
            figures=["2.1:1"],
            names=['rule = "..."', "assumed = true", "aeca_atec"],
        ),
    )


def test_an_aeca_aecd_row_may_not_give_a_positive_modifier() -> None:
    assert each_says(
        problems(aet(aecd_drm=1)),
        dict(at=("aet.toml", 16), rules=["10.C.2"], figures=["1:2"], names=["aeca_aecd"]),
    )


def test_an_aeca_atec_row_may_not_give_a_negative_modifier() -> None:
    text = aet().replace("drm = 1\n", "drm = -1\n")
    assert each_says(
        problems(text),
        dict(at=("aet.toml", 11), rules=["10.C"], figures=["2.1:1"], names=["aeca_atec"]),
    )


def test_a_better_ratio_may_not_give_a_lower_modifier() -> None:
    text = aet().replace("drm = 0\nassumed", "drm = 2\nassumed", 1)
    assert each_says(
        problems(text),
        dict(
            at=("aet.toml", 4),
            rules=["10.C"],
            figures=["2.1:1", "1:1"],
            names=["aeca_atec", "attacker"],
        ),
    )


def test_a_ratio_must_be_two_positive_numbers() -> None:
    text = aet().replace('at_least = "2.1:1"', 'at_least = "2.1 to 1"')
    assert each_says(
        problems(text), dict(at=("aet.toml", 10), figures=["2:1"], names=["aeca_atec", "at_least"])
    )


def test_a_chance_needs_another_drm_and_a_probability_under_one() -> None:
    text = aet().replace("drm = 1\n", 'drm = 1\nchance = { drm = 2, probability = "3/2" }\n')
    # pins the wording a chart's author reads: how to write a chance a die can roll
    assert problems(text) == [
        "aet.toml:12: aeca_atec row 2.1:1: chance must be "
        '{ drm = <another whole number>, probability = "1/2" }: a probability between 0 and 1 '
        "that a d6, d10 or d100 can roll: sixths, tenths or hundredths, like "
        '"1/2", "1/6", 0.3 or 0.05'
    ]


def test_unknown_keys_and_duplicate_rows_are_reported() -> None:
    text = aet().replace('at_least = "2.1:1"', 'at_least = "1:1"\nodds = 3')
    assert problems(text) == [
        "aet.toml:11: unknown chart key 'odds'",
        "aet.toml:4: two aeca_atec rows for 1:1",
    ]


def test_a_chart_without_rows_is_reported() -> None:
    assert each_says(
        problems('chart = "armour-effects"\n'),
        dict(at=("aet.toml", 1), names=["aeca_atec"]),
        dict(at=("aet.toml", 1), names=["aeca_aecd"]),
    )


def test_the_special_unit_table_rows_are_checked_the_same_way() -> None:
    text = 'chart = "special-unit-combat"\n\n[[heavy]]\nat_least = "2:1"\ndrm = 1\n'
    assert each_says(
        problems(text, "sucat.toml"),
        dict(at=("sucat.toml", 3), figures=["2:1"], names=['rule = "..."', "assumed = true"]),
    )


TEC = """\
chart = "terrain-effects"
rule = "10.D"

[terrain.forest]
aec_drm = {aec_drm}
aec_res = {{ value = "1/2", rule = "10.D" }}
cm_attack = {{ value = "{cm}", assumed = true }}

[hexside.minor-river]
aeca_res = {{ value = "1/2", rule = "10.D" }}
attack = {{ value = "1/2", assumed = true }}

[weather.clear]
aec_drm = {{ value = 0, assumed = true }}
"""


def tec(aec_drm: str = "{ value = 0, assumed = true }", cm: str = "1/2") -> str:
    return TEC.format(aec_drm=aec_drm, cm=cm)


def test_a_sound_terrain_chart_has_no_problems() -> None:
    assert problems(tec(), "tec.toml") == []


def test_a_terrain_value_without_provenance_is_reported_at_its_line() -> None:
    assert each_says(
        problems(tec(aec_drm="-1"), "tec.toml"),
        dict(at=("tec.toml", 5), figures=["-1", "-1"], names=["'forest'", "aec_drm"]),
    )
    assert each_says(
        problems(tec(aec_drm="{ value = -1 }"), "tec.toml"),
        dict(at=("tec.toml", 5), names=["'forest'", 'rule = "..."', "assumed = true", "aec_drm"]),
    )


def test_terrain_may_not_raise_armour_effects() -> None:
    assert each_says(
        problems(tec(aec_drm="{ value = 1, assumed = true }"), "tec.toml"),
        dict(at=("tec.toml", 5), rules=["10.D"], names=["'forest'", "aec_drm"]),
    )


def test_a_multiplier_must_be_above_zero_and_at_most_one() -> None:
    assert each_says(
        problems(tec(cm="2"), "tec.toml"),
        dict(at=("tec.toml", 7), figures=["0", "1", "1/2"], names=["'forest'", "cm_attack"]),
    )


def test_aec_res_may_not_exceed_the_attack_strength_multiplier() -> None:
    assert each_says(
        problems(tec(cm="1/4"), "tec.toml"),
        dict(at=("tec.toml", 6), rules=["10.D"], names=["'forest'", "AEC", "REs", "AECA"]),
    )


def test_missing_and_unknown_terrain_keys_are_reported() -> None:
    text = tec().replace('cm_attack = { value = "1/2", assumed = true }', "halves = true")
    assert each_says(
        problems(text, "tec.toml"),
        dict(at=("tec.toml", 7), names=["'halves'", "aec_drm", "aec_res", "cm_attack"]),
        dict(at=("tec.toml", 4), names=["cm_attack"]),
    )


def test_loading_a_bad_chart_raises_with_every_problem(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "aet.toml"
    path.write_text(aet(provenance="", aecd_drm=2))
    with pytest.raises(SourceError) as caught:
        load_armour_effects(path)
    assert [p.line for p in caught.value.problems] == [9, 16]


def test_the_shipped_charts_load_and_are_recognised() -> None:
    for path in (ARMOUR_EFFECTS, SPECIAL_UNIT_COMBAT, TERRAIN_EFFECTS):
        source = TomlSource.load(path)
        assert is_armour_ratio_chart(source)
        assert check_armour_ratio_chart(source) == []
    assert not is_armour_ratio_chart(TomlSource.parse('ruleset = "armour-ratio"\n'))


def test_only_the_10c_row_of_the_armour_effects_table_comes_from_the_text() -> None:
    table = load_armour_effects()
    known = [r for r in (*table.aeca_atec, *table.aeca_aecd) if r.provenance == "rule"]
    assert [(r.label, r.rule, dict(r.distribution)) for r in known] == [
        ("5.1:1", "10.C", {3: Fraction(1, 2), 4: Fraction(1, 2)})
    ]
    assert all(d <= 0 for r in table.aeca_aecd for d in r.distribution)  # 10.C.2


def test_only_the_2_to_1_row_of_the_special_unit_table_comes_from_the_text() -> None:
    table = load_special_unit_table()
    known = [r for r in table.heavy if r.provenance == "rule"]
    assert [(r.label, r.rule, dict(r.distribution)) for r in known] == [
        ("2:1", "10.I", {1: Fraction(1)})
    ]
    assert "4 heavy armour units" in known[0].note


def test_only_forest_and_minor_river_aec_values_come_from_the_text() -> None:
    chart = load_terrain_chart()
    known = []
    for section in (chart.terrain, chart.hexsides, chart.weather):
        for name, entry in section.items():
            for key, value in vars(entry).items():
                if key != "name" and value.provenance == "rule":
                    known.append((name, key, value.value, value.rule))
    assert known == [
        ("forest", "aec_res", Fraction(1, 2), "10.D"),
        ("minor-river", "aeca_res", Fraction(1, 2), "10.D"),
    ]


def test_ratio_lookup_and_text() -> None:
    table = load_armour_effects()
    assert table.aeca_atec_row(Fraction(1, 2)) is None
    assert table.aeca_atec_row(Fraction(51, 10)).label == "5.1:1"  # type: ignore[union-attr]
    assert table.aeca_atec_row(Fraction(5)).label == "4.1:1"  # type: ignore[union-attr]
    assert table.aeca_atec_row(None) is table.aeca_atec[-1]
    assert table.aeca_aecd_row(Fraction(0)) is table.aeca_aecd[0]
    assert table.aeca_aecd_row(Fraction(3, 2)) is None
    assert parse_ratio("5.1:1") == Fraction(51, 10)
    assert parse_ratio("1:0") is None
    assert ratio_text(Fraction(51, 2), Fraction(5)) == "5.1:1"
    assert ratio_text(Fraction(1), Fraction(3)) == "1:3"
    assert ratio_text(Fraction(4), Fraction(3)) == "1.33:1"
    # a ratio just under a row prints under it, never rounded onto it (10.C): 5.0967:1 is read
    # on the row below 5.1:1, 2.0967:1 below 2.1:1, 1:1.9967 above 1:2
    assert ratio_text(Fraction(50967, 10000), Fraction(1)) == "5.09:1"
    assert ratio_text(Fraction(20967, 10000), Fraction(1)) == "2.09:1"
    assert ratio_text(Fraction(10000), Fraction(19967)) == "1:1.99"
    assert ratio_text(Fraction(2), Fraction(3)) == "1:1.5"
    assert ratio_text(Fraction(3), Fraction(0)) == "unbounded"


def test_loaders_build_from_source_directly() -> None:
    table, found = armour_effects_from_source(TomlSource.parse(aet()))
    assert found == [] and table is not None and len(table.aeca_atec) == 2
    sucat, found = special_unit_from_source(TomlSource.load(SPECIAL_UNIT_COMBAT))
    assert found == [] and sucat is not None
    chart, found = terrain_chart_from_source(TomlSource.parse(tec()))
    assert found == [] and chart is not None and chart.terrain["forest"].halves_cm


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            'chart = "armour-effects"\naeca_atec = [1]\n\n[[aeca_aecd]]\nat_most = "1:1"\n'
            "drm = 0\nassumed = true\n",
            ["x.toml:2: each [[aeca_atec]] must be a table"],
        ),
        (
            'chart = "armour-effects"\n\n[[aeca_atec]]\nat_least = "1:1"\ndrm = 0.5\n'
            'assumed = true\n\n[[aeca_aecd]]\nat_most = "1:1"\ndrm = 0\nassumed = true\n',
            ["x.toml:5: aeca_atec row 1:1 needs a whole-number drm"],
        ),
        (
            'chart = "terrain-effects"\nterrain = { forest = 1 }\n'
            "[hexside.minor-river]\naeca_res = { value = 1, assumed = true }\n"
            'attack = { value = "1/2", assumed = true }\n'
            "[weather.clear]\naec_drm = { value = 0, assumed = true }\n",
            [
                "x.toml:2: [terrain.forest] must be a table",
                "x.toml:4: hexside 'minor-river' halves attack strength more than AECA REs; "
                "AECA REs are halved or quartered whenever attack strength is (10.D)",
            ],
        ),
        (
            'chart = "terrain-effects"\n',
            [
                "x.toml:1: the chart needs [terrain.<name>] tables",
                "x.toml:1: the chart needs [hexside.<name>] tables",
                "x.toml:1: the chart needs [weather.<name>] tables",
            ],
        ),
    ],
)
def test_other_chart_problems(text: str, expected: list[str]) -> None:
    assert problems(text, "x.toml") == expected


ROLLABLE = "that a d6, d10 or d100 can roll"


@pytest.mark.parametrize(
    "probability",
    ["inf", "nan", '"1/7"', "0.142857", '"1/0"', "-0.5", '"-1/2"', '"1e99999"', '"half"', "1"],
)
def test_a_chance_no_d6_d10_or_d100_can_roll_is_refused_at_its_line(probability: str) -> None:
    """10.C's chances are drawn on a d6, d10 or d100: 1/7, infinity or 1/0 cannot be."""
    text = aet().replace(
        "drm = 1\n", f"drm = 1\nchance = {{ drm = 2, probability = {probability} }}\n"
    )
    (problem,) = problems(text)
    assert says_in(problem, at=("aet.toml", 12), figures=["2.1:1"], names=["aeca_atec"])
    assert ROLLABLE in problem


@pytest.mark.parametrize(
    ("probability", "chance"),
    [('"1/6"', Fraction(1, 6)), ("0.3", Fraction(3, 10)), ('"1/4"', Fraction(1, 4)),
     ("0.05", Fraction(1, 20)), ('"0.5"', Fraction(1, 2))],
)  # fmt: skip
def test_a_chance_a_d6_d10_or_d100_can_roll_is_read(probability: str, chance: Fraction) -> None:
    text = aet().replace(
        "drm = 1\n", f"drm = 1\nchance = {{ drm = 2, probability = {probability} }}\n"
    )
    table, found = armour_effects_from_source(TomlSource.parse(text, "aet.toml"))
    assert found == [] and table is not None
    assert table.aeca_atec[1].distribution == {1: 1 - chance, 2: chance}


@pytest.mark.parametrize("ratio", ['"1e99999:1"', '"inf:1"', '"nan:1"', '"1/0:1"', '"-2:1"'])
def test_a_ratio_that_is_no_chart_number_is_refused_at_its_line(ratio: str) -> None:
    text = aet().replace('at_least = "2.1:1"', f"at_least = {ratio}")
    assert each_says(
        problems(text), dict(at=("aet.toml", 10), figures=["2:1"], names=["aeca_atec", "at_least"])
    )


@pytest.mark.parametrize("value", ["inf", "nan", '"1e99999"', '"1/0"'])
def test_a_terrain_multiplier_that_is_no_number_is_refused_at_its_line(value: str) -> None:
    text = tec().replace('cm_attack = { value = "1/2"', f"cm_attack = {{ value = {value}")
    assert each_says(
        problems(text, "tec.toml"),
        dict(at=("tec.toml", 7), figures=["0", "1", "1/2"], names=["'forest'", "cm_attack"]),
    )


def test_hexcombat_check_refuses_an_infinite_chance_at_its_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "aet.toml"
    path.write_text(
        aet().replace("drm = 1\n", "drm = 1\nchance = { drm = 2, probability = inf }\n")
    )
    run = check(path)
    assert run.returncode == 1
    assert "Traceback" not in run.stderr
    assert says_in(run.stdout, at=(str(path), 12), figures=["2.1:1"], names=["aeca_atec", "chance"])
    assert ROLLABLE in run.stdout
