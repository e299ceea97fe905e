"""A player's own values in place of rule 10's: shown as the player's house rule in the steps
(provenance not ``rule``) and the warnings, or refused when the rules leave no room (10.C.1,
10.C.3, 10.I)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from ar_helpers import evaluate, inline, only, p, unit

from hexcombat.game.explain_cli import explain_command
from hexcombat.rules.errors import UnitDataError
from meaning import one_says


def test_a_brigade_converting_more_than_1_to_1_is_the_players_house_rule() -> None:
    # 10.C.1: "Brigades ... convert neutral types on a 1:1 basis": a 1 RE tank brigade converts
    # 1 RE. A counter saying conversion_re = 2 is honoured, but as the player's own value.
    tank = inline("Tank X", 1, size="X", unit_type="armour", aeca="full", conversion_re=2)
    report = evaluate([p(tank), p("su-mot-inf-iii", 2)], [p("su-at-x")])
    assert report.totals["aeca_res"] == 3  # 1 own + 2 converted, as the counter says
    step = only(report, "10.C.1", "converts 2 REs of")
    assert step.provenance == "assumed"
    assert "your own house rule; 10.C.1 gives 1 RE" in step.text
    assert only(report, "10.C.1", "AECA total").provenance == "assumed"
    assert one_says(
        report.warnings,
        rules=["10.C.1"],
        figures=["2", "1", "1:1", "10"],
        names=["Tank X", "conversion_re", "REs", "RE"],
    )
    assert only(report, "10.C", "final").provenance == "assumed"
    assert "10.C.1" in only(report, "10.C", "final").text


def test_a_conversion_re_equal_to_the_rules_is_the_rule() -> None:
    tank = inline("Tank X", 1, size="X", unit_type="armour", aeca="full", conversion_re=1)
    report = evaluate([p(tank), p("su-mot-inf-iii", 2)], [p("su-at-x")])
    assert report.totals["aeca_res"] == 2  # 10.C.1 example: a tank brigade makes 2 REs
    assert only(report, "10.C.1", "converts 1 RE of").provenance == "rule"
    assert not [w for w in report.warnings if w.startswith("house rule")]


def test_intrinsic_atec_on_a_unit_that_is_not_an_infantry_division_is_a_house_rule() -> None:
    # 10.C.3: "Infantry and motorized infantry divisions may have an intrinsic ATEC factor"
    cavalry = inline("Cav XX", 3, size="XX", unit_type="cavalry", intrinsic_atec=Fraction(1, 2))
    report = evaluate([p("su-tank-xx")], [p(cavalry)])
    assert report.totals["atec_res"] == Fraction(1, 2)  # counted, as the player's own value
    step = only(report, "10.C.3", "Cav XX:")
    assert step.provenance == "assumed"
    assert one_says(step.text, rules=["10.C.3"], names=["ATEC"])
    assert one_says(report.warnings, rules=["10.C.3"], figures=["10"], names=["Cav XX", "ATEC"])
    assert only(report, "10.C.3", "ATEC total").provenance == "assumed"
    assert only(report, "10.C.2", "AECD total").provenance == "rule"  # ATEC only
    assert only(report, "10.C", "final").provenance == "assumed"


def test_intrinsic_atec_on_a_motorized_infantry_division_is_the_rule() -> None:
    report = evaluate([p("su-tank-x")], [p("su-mot-xx-4-8")])  # 10.C.3's 4-8 motorized division
    assert only(report, "10.C.3", "4-8 Mot XX:").provenance == "rule"
    assert not [w for w in report.warnings if w.startswith("house rule")]


HEAVY_NONE = (
    "Hv Tank X qualifies for heavy antitank effects but heavy_atec_units = 0: each qualifying "
    "unit counts as one heavy ATEC unit whatever its size (10.I; the Axis 2-10 Hv AA X as two, "
    "10.I.3); give 1 or more"
)


def test_a_heavy_unit_counting_as_no_heavy_atec_unit_is_refused() -> None:
    # 10.I: "Each unit that qualifies ... regardless of size" counts; heavy armour units all
    # qualify for heavy antitank effects too, so none may count as zero
    with pytest.raises(UnitDataError) as caught:
        evaluate([p("su-hv-tank-x", 2)], [p(unit("su-hv-tank-x", heavy_atec_units=0))])
    assert str(caught.value) == HEAVY_NONE
    assert caught.value.rule == "10.I"


def test_explain_names_the_line_of_a_heavy_unit_counting_as_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "heavy.toml"
    scenario.write_text(
        'ruleset = "armour-ratio"\n\n[[attacker]]\ncounter = "su-tank-xxx"\n\n'
        '[[defender]]\ncounter = "su-hv-tank-x"\nheavy_atec_units = 0\n'
    )
    assert explain_command(str(scenario)) == 1
    assert capsys.readouterr().err.strip() == f"{scenario}:6: {HEAVY_NONE}"


def test_a_soviet_heavy_td_counting_as_three_heavy_atec_units_is_a_house_rule() -> None:
    """10.I.3: 'each Axis 2-10 Hv AAX counts as two heavy ATEC units'; any other heavy ATEC unit
    counts one (10.I). A Soviet Hv TD X with heavy_atec_units = 3 is the player's own value."""
    td = inline(
        "Hv TD X", 1, size="X", nationality="soviet", unit_type="tank-destroyer", atec="full",
        heavy_antitank=True, heavy_atec_units=3,
    )  # fmt: skip
    report = evaluate([p("ax-inf-xx")], [p("su-hv-tank-x", 2), p(td)])
    step = only(report, "10.I.3", "Hv TD X counts as 3")
    assert (step.value, step.provenance) == (3, "assumed")
    assert "house rule: 10.I.3 makes only each Axis 2-10 Hv AA X count two" in step.text
    assert (
        "house rule: Hv TD X counts as 3 heavy ATEC units (its heavy_atec_units); 10.I.3 gives "
        "1: your own value, not rule 10's"
    ) in report.warnings
    axis = evaluate([p("su-hv-tank-x", 2)], [p("ax-hv-aa-x-2-10")])
    assert only(axis, "10.I.3", "counts as 2").provenance == "rule"
    assert not [w for w in axis.warnings if w.startswith("house rule")]
