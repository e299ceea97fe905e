"""Each side's chance to come out unharmed (no loss, no retreat: docs/rules.md), as the outcome
chart and the combat report sum it, read from each outcome's ``suffers``."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from hexcombat.game.evaluation import evaluate_scenario
from hexcombat.game.outcome_chart import unharmed_chance
from hexcombat.game.scenario import load_scenario
from hexcombat.rules.report import Outcome

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


SAINT_CLAIR = (
    Path(__file__).resolve().parents[2] / "maps" / "tutorial-lhy-saint-clair-scenario.toml"
)


def saint_clair_rows() -> dict[str, Outcome]:
    """Tutorial LHY 3 (Saint-Clair): two grenadier squads (cohesion 6), a Panzerschreck
    (LATW, cohesion 6) and a Pz IVH assault a US rifle squad (cohesion 6) and an M4A3 Sherman
    in an urban building, assault DRM +1."""
    report = evaluate_scenario(load_scenario(SAINT_CLAIR))
    return {o.code: o for o in report.outcome_list}


def test_lhy_3_defenders_come_out_unharmed_unless_the_attackers_destroy_the_sherman() -> None:
    """d10 + 1 (Assault Results): 1-4 give 2-5, AM (40%); 5-8 give 6-9, DM (40%); 9-10 give
    10-11, DL (20%). The defenders lose and retreat on DM and DL: harmed. On AM the defenders
    win, lose nothing and stay; only the attackers' vehicle destruction attempt (14.3.2) can
    harm them, at the Sherman. The attackers check cohesion first (AM: all losing units; d10
    against cohesion, assumed: a squad or the Panzerschreck holds on 1-6, else disrupted), and
    attempt only with an undisrupted combat unit, LATW or FP: all three disrupted is
    (4/10)^3 = 8/125, so they attempt with 117/125. The Sherman has its rifle squad in good order
    beside it (no +3), is neither shocked nor in motion: destroyed on a 10 alone, 1/10.
    Defenders unharmed on AM: 1 - 117/125 * 1/10 = 1133/1250; overall 2/5 * 1133/1250 =
    1133/3125 (36.3%), not the 0 a "may harm" reading gives."""
    rows = saint_clair_rows()
    assert {c: o.probability for c, o in rows.items()} == {
        "AM": Fraction(2, 5), "DM": Fraction(2, 5), "DL": Fraction(1, 5)
    }  # fmt: skip
    assert rows["AM"].unharmed is not None
    assert rows["AM"].unharmed["defender"] == Fraction(1133, 1250)
    assert rows["AM"].unharmed["attacker"] == Fraction(0)  # the losers retreat
    assert unharmed_chance(list(rows.values()), "defender") == Fraction(1133, 3125)


def test_lhy_3_attackers_on_the_6_to_9_row_risk_urban_assault_and_their_pz_ivh() -> None:
    """DM, d10 5-8 (final 6-9): the defenders lose; on a final 6-7 (5 and 6) urban assault
    (14.3.1) gives the attackers' best-cohesion combat unit a casualty: harmed. On 8-9 (7 and
    8) only the defenders' vehicle destruction attempt at the Pz IVH can harm them. In order:
    the US squad checks cohesion (DM: all losing units), holding with 6/10; the attackers'
    attempt at the Sherman (destroyed on 10 with the squad in good order beside it, 1/10), whose
    collateral damage (assumed) makes the squad check again, holding 6/10. The defenders then
    attempt only with the squad undisrupted (the Sherman is no combat unit; a squad that failed
    its first check cannot try, whatever becomes of the Sherman): 6/10 * (9/10 + 1/10 * 6/10) =
    72/125. The Pz IVH has a grenadier squad in good order beside it: destroyed
    on 10, 1/10. Attackers unharmed on DM: (2 * 0 + 2 * (1 - 72/125 * 1/10)) / 4 = 589/1250.
    DL (9-10) is the same attempt with no urban assault: 589/625; AM (the attackers retreat) 0.
    Overall 2/5 * 589/1250 + 1/5 * 589/625 = 1178/3125 (37.7%)."""
    rows = saint_clair_rows()
    assert rows["DM"].unharmed is not None and rows["DL"].unharmed is not None
    assert rows["DM"].unharmed == {"attacker": Fraction(589, 1250), "defender": Fraction(0)}
    assert rows["DL"].unharmed["attacker"] == Fraction(589, 625)
    assert unharmed_chance(list(rows.values()), "attacker") == Fraction(1178, 3125)


def test_the_json_gives_each_sides_exact_unharmed_chance_where_a_later_roll_decides() -> None:
    """docs/report-schema.md: ``unharmed`` beside ``suffers``, each side's chance exact; null
    where ``suffers`` says it for certain (every result of the 14D2d attack: no roll follows)."""
    report = evaluate_scenario(load_scenario(SAINT_CLAIR))
    rows = {o["result"]: o for o in report.to_json()["outcome_list"]}  # type: ignore[index, union-attr]
    assert rows["AM"]["unharmed"] == {
        "attacker": {"probability": 0.0, "exact": "0"},
        "defender": {"probability": 1133 / 1250, "exact": "1133/1250"},
    }
    plain = evaluate_scenario(load_scenario(CASES / "tw-14d2d.toml")).to_json()
    assert all(o["unharmed"] is None for o in plain["outcome_list"])  # type: ignore[index, union-attr]
