"""The outcome chart groups the results by whom they favour and sums what a player weighs
before rolling ("Attacker unharmed": no loss, no retreat), from the report's outcomes, in exact
figures."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from PySide6.QtWidgets import QScrollArea, QStyle
from uihelpers import combat_bench

from hexcombat.rulesets.europa.combat import load_crt
from hexcombat.rulesets.europa.results import outcome_list
from hexcombat.ui.outcome_bars import (
    MIN_BARS_WIDTH,
    OutcomeBars,
    cumulative_lines,
    favour_groups,
)

MAPS = Path(__file__).resolve().parents[2] / "maps"


def test_the_14d2d_attack_is_even_between_a_clean_win_and_an_exchange(bench) -> None:
    """3:1 with DRM +1 on the generic table (every entry assumed): rolls 2-7 give HX, EX, EX,
    DR, DR, DH; DR and DH cost the attacker nothing, HX and EX cost both sides."""
    panel = bench.combat_panel
    report = panel.report
    assert report.headline.startswith("3:1")
    chart = panel.bars
    assert chart.outcomes == report.outcome_list
    groups = {g.favours: g.chance for g in favour_groups(chart.outcomes)}
    assert groups == {"attacker": Fraction(1, 2), "neither": Fraction(1, 2)}
    assert dict(cumulative_lines(chart.outcomes)) == {
        "Attacker unharmed": Fraction(1, 2),
        "Defender unharmed": Fraction(0),
    }
    assert chart.lines()[0] == "For the attacker: 50%"
    assert "Attacker unharmed: 50%" in chart.lines()
    assert "For the attacker: 50%" in chart.toolTip()


def test_a_stall_spares_both_sides_and_an_exchange_harms_both(qtbot) -> None:
    """On the 1:1 column, die 1-6 with no DRM: AR, AR, AS, AS, HX, HX (generic table, assumed).
    Only AS spares the attacker; AR and AS spare the defender."""
    crt = load_crt()
    outcomes = outcome_list(crt, crt.outcome_distribution("1:1", {0: Fraction(1)}))
    chance = {o.code: o.probability for o in outcomes}
    assert chance == {"AR": Fraction(1, 3), "AS": Fraction(1, 3), "HX": Fraction(1, 3)}
    stall = next(o for o in outcomes if o.code == "AS")
    assert stall.favours == "neither" and stall.suffers == ()
    sums = dict(cumulative_lines(outcomes))
    assert sums["Attacker unharmed"] == Fraction(1, 3)
    assert sums["Defender unharmed"] == Fraction(2, 3)
    groups = [(g.favours, g.chance, [o.code for o in g.outcomes]) for g in favour_groups(outcomes)]
    assert groups == [("neither", Fraction(2, 3), ["AS", "HX"]),
                      ("defender", Fraction(1, 3), ["AR"])]  # fmt: skip
    chart = OutcomeBars()
    qtbot.addWidget(chart)
    chart.set_outcomes(outcomes, "AS")
    assert chart.lines()[-2:] == ["Attacker unharmed: 33.3%", "Defender unharmed: 66.7%"]
    # every row has its height (three results, two groups' chances, two sums): on a narrow
    # panel the notes go under the bars, on a wide one beside them; none drawn over another
    row = chart.fontMetrics().height()
    assert chart.heightForWidth(160) >= 7 * row
    assert 4 * row <= chart.heightForWidth(700) < 5 * (row + 5)


def test_lhy_3_chart_counts_a_vehicle_destruction_attempt_by_its_chance(qtbot) -> None:  # noqa: ANN001
    """Tutorial LHY 3 (Saint-Clair), assault DRM +1: the defenders come out unharmed only on
    the 2-5 row (40%), unless the attackers' vehicle destruction attempt (14.3.2) destroys the
    Sherman: 2/5 * (1 - 117/125 * 1/10) = 36.3% (worked out in
    tests/game/test_unharmed_chances.py); the attackers on 6-9 and 10-13 unless urban assault
    (14.3.1) or the defenders' attempt at the Pz IVH harms them: 37.7%. Not the 0% a row that
    only may harm a side gave."""
    bench = combat_bench(qtbot, MAPS / "tutorial-lhy-saint-clair-scenario.toml")
    if bench.combat_panel.report is None:
        bench.attack("0506")
    chart = bench.combat_panel.bars
    assert chart.lines()[-2:] == ["Attacker unharmed: 37.7%", "Defender unharmed: 36.3%"]
    assert "Defender unharmed: 36.3%" in chart.toolTip()


def test_the_notes_stay_put_when_the_scroll_bar_comes_and_goes(qtbot) -> None:  # noqa: ANN001
    """The chart scrolls on the Combat panel (a two-sided table has 25 results). Were the notes
    beside the bars at the area's width and under them once its scroll bar took its room, the
    taller chart would call the scroll bar, the narrower one drop it, without end (the panel
    crashed so on a dug-in assault-morale defender): the area's own width decides."""
    crt = load_crt()
    outcomes = outcome_list(crt, crt.outcome_distribution("1:1", {0: Fraction(1)}))
    chart = OutcomeBars()
    chart.set_outcomes(outcomes)
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(chart)
    qtbot.addWidget(area)
    fits = chart._notes_width() + MIN_BARS_WIDTH + chart._bars_label_width()
    area.resize(fits + 2, 1000)
    bar = area.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
    assert chart.heightForWidth(fits + 2) == chart.heightForWidth(fits + 2 - bar)
    loose = OutcomeBars()  # on its own, the width asked for decides
    qtbot.addWidget(loose)
    loose.set_outcomes(outcomes)
    assert loose.heightForWidth(fits + 2) < loose.heightForWidth(fits + 2 - bar)
