"""Required losses (10.F, 10.F.1, 10.F.2) and strength points lost per result."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ar_helpers import only, p, situation, steps, unit

from hexcombat.rules.armour_ratio import RULESET, AecUse, loss_points, required_losses
from hexcombat.rules.combat import load_crt
from hexcombat.rules.explain import Explanation


def use_of(attackers, defenders, **conditions) -> AecUse:  # type: ignore[no-untyped-def]
    return RULESET.analyse(situation(attackers, defenders, **conditions), Explanation()).use


def test_required_aeca_losses_are_capped_by_atec_and_by_the_loss() -> None:
    use = use_of([p("su-tank-xxx", 4)], [p("su-at-x", 4)])
    assert required_losses(use, 8, 0).attacker == 4  # 10.F.1 example
    assert required_losses(use, 3, 0).attacker == 3  # never more than the result calls for
    assert required_losses(use, 0, 0).attacker == 0


def test_required_losses_count_aeca_before_terrain() -> None:
    use = use_of([p("su-tank-xx", across="minor-river")], [p("su-at-x", 4)])
    assert use.aeca == Fraction(3, 2)
    assert required_losses(use, 10, 0).attacker == 3  # one per RE before terrain


def test_atec_doubles_for_required_losses_where_the_hex_modifies_aec() -> None:
    forest = use_of([p("su-tank-xx")], [p("su-at-x")], terrain="forest")
    mud = use_of([p("su-tank-xx")], [p("su-at-x")], weather="mud")
    clear = use_of([p("su-tank-xx")], [p("su-at-x")])
    assert (forest.atec_for_losses, mud.atec_for_losses, clear.atec_for_losses) == (2, 2, 1)
    ex = Explanation()
    assert required_losses(forest, 5, 0, ex).attacker == 2
    assert "doubled: the defender's hex modifies AEC, 10.F.2" in ex.steps[0].text


def test_declining_aec_removes_required_losses() -> None:
    attacker_declines = use_of([p("su-tank-xxx", 4)], [p("su-at-x", 4)], attacker_declines_aec=True)
    assert required_losses(attacker_declines, 8, 8).attacker == 0
    defender_declines = use_of([p("su-tank-xxx", 4)], [p("su-at-x", 4)], defender_declines_aec=True)
    both = required_losses(defender_declines, 8, 8)
    assert (both.attacker, both.defender) == (0, 0)


def test_defending_atec_takes_required_losses_capped_by_the_attackers_aeca() -> None:
    use = use_of([p("su-tank-x")], [p("su-at-x", 3)])
    ex = Explanation()
    assert required_losses(use, 0, 6, ex).defender == 1  # at most the attacker's AECA of 1
    assert only(ex.steps, "10.F.2").value == 1


def test_intrinsic_atec_alone_takes_no_required_losses() -> None:
    use = use_of([p("su-tank-x")], [p("su-mot-xx-4-8")])
    assert use.atec == Fraction(1, 2)
    assert required_losses(use, 0, 4).defender == 0


def test_aecd_required_losses_are_capped_by_the_attackers_aeca() -> None:
    use = use_of([p("su-tank-x")], [p("su-tank-xx"), p("su-at-x", 2)])
    assert use.aecd_compared
    ex = Explanation()
    result = required_losses(use, 0, 20, ex)
    assert [s.value for s in steps(ex.steps, "10.F.1")] == [1]  # AECD 3, capped at AECA 1
    assert result.defender == 2  # 1 for AECD + 1 for ATEC (capped at AECA 1)


def test_a_part_re_of_aec_rounds_up_to_a_whole_strength_point() -> None:
    use = use_of([p("su-tank-x")], [p("su-at-x")])
    half = replace(use, aeca_before_terrain=Fraction(1, 2))
    assert required_losses(half, 5, 0).attacker == 1


def test_converted_units_give_at_most_half_the_factors_eliminated() -> None:
    use = use_of([p("su-tank-xxx"), p("su-mot-inf-iii")], [p("su-at-x", 4)])
    ex = Explanation()
    required_losses(use, 7, 0, ex)
    step = only(ex.steps, "10.F.1", "converted units may give")
    assert step.value == 3


def test_required_losses_never_exceed_the_defenders_loss() -> None:
    use = use_of([p("su-tank-xxx", 2)], [p("su-tank-xx", 3)])
    ex = Explanation()
    assert required_losses(use, 0, 2, ex).defender == 2
    assert only(ex.steps, "10.F", "never more").value == 2


def test_loss_points_for_halves_and_exchanges() -> None:
    crt = load_crt()
    assert loss_points(crt.effects["AH"], 15, 10) == (8, 0)  # half of 15, rounded up
    assert loss_points(crt.effects["DH"], 15, 9) == (0, 5)
    assert loss_points(crt.effects["HX"], 15, 9) == (5, 5)  # the attacker loses as many
    assert loss_points(crt.effects["EX"], 4, 9) == (4, 9)  # never more than it has
    assert loss_points(crt.effects["AS"], 15, 9) == (0, 0)


def test_unit_counters_strengths_are_used_for_losses() -> None:
    attackers = [p(unit("su-tank-xxx", attack=4), 4)]
    analysis = RULESET.analyse(situation(attackers, [p("su-at-x")]), Explanation())
    assert analysis.strengths.printed_attack == 16
