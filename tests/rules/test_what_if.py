"""What-if odds (rules/what_if.py): each figure is checked by evaluating the combat again with
the changed strength or the changed condition, on the 14D2d worked example and a rule-10 one."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

from hexcombat.game.evaluation import evaluate_scenario
from hexcombat.game.scenario import load_scenario
from hexcombat.rules.registry import get_ruleset, register_ruleset
from hexcombat.rules.report import OddsColumn, Report, drm_chances, odds_column
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import Unit
from hexcombat.rules.vocabulary import Vocabulary
from hexcombat.rules.what_if import ColumnChange, strength_lever, what_if, with_attack

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL_14D2D = ROOT / "maps" / "tutorial-14d2d-scenario.toml"
HEAVY_ARMOUR_10I = ROOT / "tests" / "cases" / "ar-10i-heavy-armour.toml"


def report_of(path: Path) -> Report:
    return evaluate_scenario(load_scenario(path))


def check_column_change(report: Report, change: ColumnChange) -> None:
    """The change reaches its column, one factor less does not, and the chances are the
    re-evaluated combat's."""
    ruleset = get_ruleset(report.ruleset)
    lever = strength_lever(report, ruleset.evaluate)
    assert lever is not None
    index, counts = lever
    assert change.counted == change.factors * counts
    changed = ruleset.evaluate(with_attack(report.situation, index, change.factors))
    assert odds_column(changed) == change.column
    assert changed.outcome_list == change.outcomes
    assert changed.totals["attack_strength"] == report.totals["attack_strength"] + change.counted
    short = change.factors - (1 if change.factors > 0 else -1)
    short_of = ruleset.evaluate(with_attack(report.situation, index, short))
    assert odds_column(short_of) == odds_column(report)


def test_14d2d_eight_more_factors_reach_4_to_1_four_fewer_drop_to_2_to_1() -> None:
    report = report_of(TUTORIAL_14D2D)
    ruleset = get_ruleset(report.ruleset)
    figures = what_if(report, ruleset.evaluate, ruleset.vocabulary)
    assert figures is not None and figures.column == "3:1"
    # 36 to 11 is 3:1 (odds rounded in the defender's favour); 4:1 needs 44, below 33 is 2:1
    assert figures.up is not None and (figures.up.factors, figures.up.column) == (8, "4:1")
    assert figures.down is not None and (figures.down.factors, figures.down.column) == (-4, "2:1")
    check_column_change(report, figures.up)
    check_column_change(report, figures.down)
    assert sum(o.probability for o in figures.up.outcomes) == 1


def test_14d2d_without_the_heavy_antitank_unit_the_drm_is_plus_3() -> None:
    """14D2c and 14D2d: the Hv Mot AA II gives both the heavy antitank -1 and the ATEC -1;
    without it the attacker keeps +1 (14D2a) and +2 (14D2d)."""
    report = report_of(TUTORIAL_14D2D)
    ruleset = get_ruleset(report.ruleset)
    figures = what_if(report, ruleset.evaluate, ruleset.vocabulary)
    assert figures is not None
    changes = {c.change: c for c in figures.drm}
    without = changes["one Hv Mot AA II fewer defending"]
    assert without.drm_distribution == {3: Fraction(1)}
    defenders = tuple(p for p in report.situation.defenders if p.unit.name != "Hv Mot AA II")
    again = ruleset.evaluate(replace_defenders(report.situation, defenders))
    assert drm_chances(again) == without.drm_distribution
    assert again.outcome_list == without.outcomes
    # every change listed moves the DRM; declining AEC is no choice under Total War (14D2)
    assert all(c.drm_distribution != drm_chances(report) for c in figures.drm)
    assert not any("declines" in c.change for c in figures.drm)


def replace_defenders(
    situation: CombatSituation, defenders: tuple[Participant, ...]
) -> CombatSituation:
    return CombatSituation(situation.ruleset, situation.attackers, defenders, situation.conditions)


def test_10i_odds_and_declining_aec() -> None:
    report = report_of(HEAVY_ARMOUR_10I)
    ruleset = get_ruleset(report.ruleset)
    figures = what_if(report, ruleset.evaluate, ruleset.vocabulary)
    assert figures is not None and figures.up is not None and figures.down is not None
    # 52 to 9 is 5:1: 54 reach 6:1, 44 drop to 4:1
    assert (figures.up.factors, figures.up.column) == (2, "6:1")
    assert (figures.down.factors, figures.down.column) == (-8, "4:1")
    check_column_change(report, figures.up)
    check_column_change(report, figures.down)
    changes = {c.change: c for c in figures.drm}
    declined = changes["Attacker declines AEC"]
    cond = report.situation.conditions.with_choices(attacker_declines_aec=True)
    again = ruleset.evaluate(
        CombatSituation(
            report.ruleset, report.situation.attackers, report.situation.defenders, cond
        )
    )
    assert drm_chances(again) == declined.drm_distribution != drm_chances(report)


def test_a_ruleset_without_an_odds_column_has_no_what_if() -> None:
    with register_ruleset("tiny", "tiny_ruleset") as tiny:
        unit = Unit(name="Squad", attack=3, defence=2)
        situation = CombatSituation(
            "tiny", (Participant(unit),), (Participant(unit),), Conditions()
        )
        report = tiny.evaluate(situation)
        assert report.feature(OddsColumn) is None
        assert what_if(report, tiny.evaluate, tiny.vocabulary) is None


def test_10d_across_a_river_the_factors_count_half() -> None:
    """10.D: the attack across a minor river is halved, so each factor more counts 1/2: 6 to 7
    is 1:2; one more counted (two printed) makes 7, 1:1; below 3.5 the odds drop to 1:3."""
    report = report_of(ROOT / "tests" / "cases" / "ar-10d-river-same-side.toml")
    ruleset = get_ruleset(report.ruleset)
    figures = what_if(report, ruleset.evaluate, ruleset.vocabulary)
    assert figures is not None and figures.up is not None and figures.down is not None
    assert (figures.up.factors, figures.up.counted, figures.up.column) == (2, 1, "1:1")
    assert (figures.down.factors, figures.down.counted, figures.down.column) == (-6, -3, "1:3")
    check_column_change(report, figures.up)
    check_column_change(report, figures.down)


def test_beyond_the_table_fewer_factors_go_down_ratio_by_ratio() -> None:
    """Odds past the last column (9:1) all use it: dropping below 9:1 takes the factors of
    every ratio down to 8:1, found ratio by ratio."""
    report = report_of(TUTORIAL_14D2D)
    ruleset = get_ruleset(report.ruleset)
    lever = strength_lever(report, ruleset.evaluate)
    assert lever is not None
    strong = ruleset.evaluate(with_attack(report.situation, lever[0], 11 * 12 - 36))  # 12:1
    assert odds_column(strong) == "9:1"
    figures = what_if(strong, ruleset.evaluate, ruleset.vocabulary)
    assert figures is not None and figures.up is None  # no better column
    assert figures.down is not None and figures.down.column == "8:1"
    assert figures.down.factors == -(11 * 12 - 11 * 9 + 1)  # below 99, 9:1
    check_column_change(strong, figures.down)


def _differential(situation: CombatSituation) -> Report:
    """A table read by attack minus defence (a differential CRT): each point is a column."""
    attack = sum((p.unit.attack or 0) * p.count for p in situation.attackers)
    defence = sum((p.unit.defence or 0) * p.count for p in situation.defenders)

    def boundaries(a: Fraction, d: Fraction, direction: int) -> Iterator[Fraction]:
        for k in range(16):
            yield a + k + 1 if direction > 0 else a - k

    column = OddsColumn(f"{attack - defence:+d}", Fraction(attack), Fraction(defence), boundaries)
    return Report("diff", situation, {}, {"X": Fraction(1)}, features=(column,))


def test_the_what_if_moves_any_declared_odds_column() -> None:
    """The what-if asks the report's OddsColumn where its table's columns change: a
    differential table's +1 moves to +2 with one factor more and to +0 with one fewer."""
    situation = CombatSituation(
        "diff",
        (Participant(Unit(name="Rifles", attack=5)),),
        (Participant(Unit(name="Guards", defence=4)),),
        Conditions(),
    )
    figures = what_if(_differential(situation), _differential, Vocabulary())
    assert figures is not None and figures.column == "+1"
    assert figures.up is not None and (figures.up.factors, figures.up.column) == (1, "+2")
    assert figures.down is not None and (figures.down.factors, figures.down.column) == (-1, "+0")
    assert figures.drm == ()  # no DRM declared: none to move
