"""Each side's chance to come out unharmed (no loss, no retreat: docs/rules.md), as the outcome
chart and the combat report sum it, read from each outcome's ``suffers``."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from hexcombat.game.evaluation import evaluate_scenario
from hexcombat.game.outcome_chart import unharmed_chance
from hexcombat.game.scenario import load_scenario

CASES = Path(__file__).resolve().parents[1] / "cases"


def test_lhy_winners_who_only_regroup_come_out_unharmed() -> None:
    # two squads and a section against a squad, d10 + 4 (docs/rules.md, LHY): 5 is AM (the
    # attackers lose, the defenders regroup), 6-9 DM (the defenders lose, the attackers
    # regroup), 10-13 DL, 14 DD. Regrouping costs no loss and no retreat: the defenders are
    # unharmed on AM alone, the attackers on every row but AM
    report = evaluate_scenario(load_scenario(CASES / "lhy-assault-squads.toml"))
    chances = {o.code: o.probability for o in report.outcome_list}
    assert chances == {
        "DD": Fraction(1, 10), "DL": Fraction(2, 5), "DM": Fraction(2, 5), "AM": Fraction(1, 10)
    }  # fmt: skip
    assert unharmed_chance(report.outcome_list, "defender") == Fraction(1, 10)
    assert unharmed_chance(report.outcome_list, "attacker") == Fraction(9, 10)


def test_an_exchange_harms_both_sides_and_a_retreat_only_the_loser() -> None:
    # 14D2d at 3:1, DRM +1 on the generic (assumed) table: the attacker is harmed only by an
    # exchange (HX on a modified 2) or worse; the defender by every result
    report = evaluate_scenario(load_scenario(CASES / "tw-14d2d.toml"))
    harmed_attacker = sum(
        (o.probability for o in report.outcome_list if "attacker" in (o.suffers or ())),
        Fraction(0),
    )
    assert unharmed_chance(report.outcome_list, "attacker") == 1 - harmed_attacker
    assert harmed_attacker > 0
    assert unharmed_chance(report.outcome_list, "defender") == Fraction(0)
