"""A capability waived shows in the report's warnings with its rule, so a player sees what was
given up: AEC/ATEC declined before combat (10.F), and a double-ATEC unit counted only full
because 10.B.1's conditions are not met."""

from __future__ import annotations

from ar_helpers import evaluate, p, unit

from meaning import one_says


def test_an_attacker_declining_aec_is_warned() -> None:
    report = evaluate([p("su-tank-xxx")], [p("su-at-x")], attacker_declines_aec=True)
    assert one_says(
        report.warnings, rules=["10.F"], figures=["3"], names=["attacker", "AEC", "AECA", "REs"]
    )


def test_a_defender_declining_aec_and_atec_is_warned() -> None:
    report = evaluate(
        [p("su-tank-x")], [p("su-at-x", 2), p("su-tank-x")], defender_declines_aec=True
    )
    # ATEC: 2 AT X + the Tank X's own 1 RE = 3; AECD: the Tank X's 1 RE
    assert one_says(
        report.warnings,
        rules=["10.F"],
        figures=["3", "1"],
        names=["defender", "AEC", "ATEC", "REs", "AECD", "RE"],
    )


def test_no_declaration_no_waiver_warning() -> None:
    report = evaluate([p("su-tank-xxx")], [p("su-at-x")])
    assert not [w for w in report.warnings if w.startswith(("10.F", "10.B.1"))]


def test_double_atec_counted_only_full_is_warned() -> None:
    at = p(unit("su-at-iii").on("1943-08"))  # double ATEC by date (10.B.1)
    report = evaluate([p("su-tank-x")], [at, p("ax-inf-xx")])
    assert one_says(report.warnings, rules=["10.B.1"], names=["AT III", "ATEC"])
    thin = evaluate([p("su-tank-x")], [at, p("su-mot-inf-iii", 2)], entrenched=True)
    assert one_says(
        thin.warnings, rules=["10.B.1"], figures=["2", "3"], names=["AT III", "ATEC", "REs"]
    )


def test_double_atec_that_qualifies_is_not_warned() -> None:
    at = p(unit("su-at-iii").on("1943-08"))
    report = evaluate([p("su-tank-x")], [at, p("ax-inf-xx")], fortified=True)
    assert report.totals["atec_res"] == 3  # double 2 + 1 converted
    assert not [w for w in report.warnings if w.startswith("10.B.1")]
