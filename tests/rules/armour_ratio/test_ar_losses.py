"""Required losses (10.F, 10.F.1, 10.F.2) and strength points lost per result."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ar_helpers import inline, only, p, situation, steps, unit
from hypothesis import given, settings
from hypothesis import strategies as st

from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.explain import Explanation
from hexcombat.rulesets.armour_ratio import RULESET, AecUse, loss_points, required_losses
from hexcombat.rulesets.armour_ratio.losses import who_takes_required_losses
from hexcombat.rulesets.europa.combat import load_crt
from hexcombat.rulesets.europa.features import required_of
from hexcombat.rulesets.europa.required_losses import _pooled_flow, usable_points
from meaning import one_says, says


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
    assert one_says(ex.steps[0].text, rules=["10.F.2"], names=["doubled", "defender", "AEC"])


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


def who_takes(attackers, defenders, attacker_loss, defender_loss, **conditions):  # type: ignore[no-untyped-def]
    """The required-loss rules of both sides for the given strength points lost, and the steps."""
    a = RULESET.analyse(situation(attackers, defenders, **conditions), Explanation())
    ex = Explanation()
    required = required_losses(a.use, attacker_loss, defender_loss, ex)
    strengths = (
        [p.unit.attack * p.count for p in a.situation.attackers],
        [p.unit.defence * p.count for p in a.situation.defenders],
    )
    rules = who_takes_required_losses(
        a.use,
        a.totals,
        a.situation.attackers,
        a.situation.defenders,
        strengths,
        required,
        (attacker_loss, defender_loss),
        ex,
    )
    return rules, ex


def test_converted_units_give_at_most_half_the_factors_eliminated() -> None:
    # Tank XXX (12) converts 1 RE of Mot Inf III (2): AECA 4 REs against ATEC 4 (10.F.1).
    # Losing 7 points, 4 are required; the Mot Inf III is a converted unit and may give at most
    # half the 7 factors eliminated: 3.
    (rule, _), ex = who_takes([p("su-tank-xxx"), p("su-mot-inf-iii")], [p("su-at-x", 4)], 7, 0)
    assert rule is not None
    assert (rule.required(), rule.capable, rule.converted) == (4, (0,), (1,))
    step = only(ex.steps, "10.F.1", "or from converted units")
    assert says(
        step.text,
        figures=["3", "7"],
        names=["Tank XXX", "Mot Inf III", "attacker", "at most", "half"],
    )
    assert step.value == 3
    # units are lost whole: the Mot Inf III alone (2 points lost) counts only 1, half of 2
    assert rule.counted({1: 2}) == 1
    assert rule.shortfall({1: 2}, {0: 12, 1: 2}) == 2
    assert rule.shortfall({0: 12}, {0: 12, 1: 2}) is None


def test_required_losses_stop_at_what_capable_and_converted_units_can_give() -> None:
    # Tank XX (3 REs, attack 1) converts 1 RE of a Mot Inf III (attack 5): AECA 4 against ATEC
    # 4; losing 3 of 6, 3 would be required, but the Tank XX has 1 point and the converted
    # unit may give at most 1 (half of 3): only 2 can be required (10.F.1).
    attackers = [p(unit("su-tank-xx", attack=1)), p(unit("su-mot-inf-iii", attack=5))]
    (rule, _), ex = who_takes(attackers, [p("su-at-x", 4)], 3, 0)
    assert rule is not None
    assert rule.required() == 2
    assert says(
        only(ex.steps, "10.F.1", "can give only").text, figures=["2", "3", "2"], names=["required"]
    )


def test_an_eliminated_division_counts_its_intrinsic_atec_as_required_losses() -> None:
    # 10.F.2 exception. StuG X 1941 (1 RE, half ATEC: 1/2 + its own 1/2 converted = 1 RE) with
    # a 4-8 Mot XX (1/2 RE intrinsic, not converted: the StuG's conversion went to itself):
    # ATEC 1 1/2 against AECA 3, so 2 points (1 1/2 rounded up) from the StuG. If the whole
    # division is eliminated its 1/2 RE counts: 1 1/2 - 1/2 = 1 point.
    defenders = [p("ge-stug-x"), p("su-mot-xx-4-8")]
    (_, rule), ex = who_takes([p("su-tank-xxx")], defenders, 0, 7)
    assert rule is not None
    assert rule.rule == "10.F.2"
    assert rule.intrinsic == ((1, Fraction(1, 2)),)
    assert (rule.required(), rule.required({1}), rule.required({0})) == (2, 1, 2)
    step = only(ex.steps, "10.F.2", "if the whole 4-8")
    assert says(step.text, figures=["4", "8", "4", "0.5", "1", "2"], names=["Mot XX", "RE", "ATEC"])
    # losing only the division is not enough: 1 point must still come from the StuG X
    assert rule.shortfall({1: 4}, {0: 3, 1: 4}) == 1
    assert rule.shortfall({0: 3, 1: 4}, {0: 3, 1: 4}) is None
    assert rule.shortfall({0: 3}, {0: 3, 1: 4}) is None  # the StuG's 3 points meet the 2


def test_without_the_whole_division_its_losses_do_not_count() -> None:
    (_, rule), _ = who_takes([p("su-tank-xxx")], [p("ge-stug-x"), p("su-mot-xx-4-8")], 0, 7)
    assert rule is not None
    assert rule.counted({1: 4}) == 0  # neither capable nor converted


def test_the_resolved_result_carries_the_converted_cap() -> None:
    report = RULESET.evaluate(situation([p("su-tank-xxx"), p("su-mot-inf-iii")], [p("su-at-x", 4)]))
    result = RULESET.resolve(report, ScriptedDice([1]))  # 14 against 16, 1:2: AH, 7 lost
    assert result.code == "AH"
    assert result.attacker.loss_points == 7
    assert required_of(result, "attacker").required_losses == 4
    assert required_of(result, "attacker").converted_max == 3
    assert required_of(result, "attacker").required_by is not None
    assert result.to_json()["attacker"]["converted_max"] == 3


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


PZ_X = inline("Pz X", 1, size="X", unit_type="armour", aecd="full", defence=2)
"""Armour with AECD and no ATEC: the only unit that may take the defender's AECD losses."""


def test_aecd_required_losses_come_from_the_armour_even_beside_atec_losses() -> None:
    # Tank X (AECA 1) against Pz X (AECD 1) and two AT X (ATEC 2): AECA:ATEC 1:2 is under 1:1,
    # so AECD is compared too (10.C.2). Losing 4 points the defender owes 1 point for AECD from
    # its armour (10.F.1: "take required losses from the ... defending armour") and 1 for ATEC
    # from its anti-tank units (10.F.2): the AT X's points cannot pay the AECD part.
    (_, rule), ex = who_takes([p("su-tank-x")], [p(PZ_X), p("su-at-x", 2)], 0, 4)
    assert rule is not None
    assert (rule.fixed, rule.atec_res, rule.required()) == (1, 1, 2)
    assert (rule.aec_capable, rule.capable) == ((0,), (1,))
    strengths = {0: 2, 1: 8}
    assert rule.shortfall({1: 8}, strengths) == 2  # only anti-tank units: the AECD point missing
    assert rule.counted({1: 8}) == 1
    assert rule.shortfall({0: 2}, strengths) == 2  # only the armour: the ATEC point missing
    assert rule.shortfall({0: 2, 1: 8}, strengths) is None
    assert says(
        only(ex.steps, "10.F.2", "required losses:").text,
        rules=["10.F.1", "10.F.2"],
        figures=["1", "1", "2"],
        names=["Pz X", "AT X", "defender", "AECD", "ATEC"],
    )


def test_a_unit_with_aecd_and_atec_pays_either_part_but_each_point_once() -> None:
    # Tank XX (AECD and ATEC) with an AT X against a Tank X: AECA 1 against ATEC 4 (1:4), AECD
    # 3, each capped at the AECA of 1: 1 point for AECD and 1 for ATEC. The Tank XX's points may
    # pay both parts; the AT X, with no AECD, only the ATEC one.
    (_, rule), _ = who_takes([p("su-tank-x")], [p("su-tank-xx"), p("su-at-x")], 0, 6)
    assert rule is not None
    assert rule.required() == 2
    strengths = {0: 10, 1: 4}  # Tank XX defence 10 (assumed), AT X defence 4
    assert rule.shortfall({0: 10}, strengths) is None
    assert rule.shortfall({1: 4}, strengths) == 2  # the AT X alone has no AECD


def test_the_aeca_capping_the_defenders_required_losses_is_before_terrain() -> None:
    # Reading of 10.F.1/10.F.2: "the opposing player's AECA value" that caps the defender's
    # ATEC and AECD required losses is the AECA before terrain, the same figure 10.F.1 counts
    # the attacker's own required losses by. Tank XX across a minor river: AECA 3, halved to
    # 1 1/2 for the ratio (10.D); against 4 AT X (ATEC 4) both sides' required losses count 3.
    use = use_of([p("su-tank-xx", across="minor-river")], [p("su-at-x", 4)])
    assert (use.aeca_before_terrain, use.aeca) == (3, Fraction(3, 2))
    ex = Explanation()
    required = required_losses(use, 10, 10, ex)
    assert (required.attacker, required.defender) == (3, 3)
    step = only(ex.steps, "10.F.2", "against AECA")
    assert one_says(step.text, figures=["3"], names=["attacker", "AECA", "before terrain"])


@settings(max_examples=300, deadline=None)
@given(
    lost=st.dictionaries(st.integers(0, 6), st.integers(1, 6), min_size=1, max_size=7),
    membership=st.lists(st.sampled_from("cvn"), min_size=14, max_size=14),
    needs=st.tuples(
        st.one_of(st.none(), st.integers(0, 15)), st.one_of(st.none(), st.integers(0, 15))
    ),
    cap=st.integers(0, 20),
)
def test_the_best_split_of_the_converted_cap_is_found_without_trying_every_split(
    lost: dict[int, int], membership: list[str], needs: tuple[int | None, int | None], cap: int
) -> None:
    """10.F.1 with AECD and ATEC losses together: converted units give at most half the points
    lost over both parts. The count takes the best split of that cap (found by halving, since the
    flow is concave in the split); it must equal trying every split."""
    pools = [
        (
            frozenset(i for i in lost if membership[k * 7 + i] == "c"),
            frozenset(i for i in lost if membership[k * 7 + i] == "v"),
            needs[k],
        )
        for k in range(2)
    ]
    every_split = max(_pooled_flow(lost, pools, (x, cap - x)) for x in range(cap + 1))
    assert usable_points(lost, pools, cap) == every_split


def test_a_doubling_only_an_assumed_chart_value_gives_is_assumed() -> None:
    """10.F.2 doubles ATEC 'in a hex that modifies AEC'. Forest modifies AEC by 10.D (it halves
    AECA REs): the doubling is the rule. Rough modifies it only by the chart's assumed -1: the
    doubling, and the required loss it gives, are assumed (a value computed from an assumed
    value is assumed)."""
    forest = situation([p("su-tank-xx")], [p("su-at-x")], terrain="forest")
    rough = situation([p("su-tank-xx")], [p("su-at-x")], terrain="rough")
    for s, how in ((forest, "rule"), (rough, "assumed")):
        ex = Explanation()
        use = RULESET.analyse(s, ex).use
        assert use.atec_for_losses == 2
        assert only(ex.steps, "10.F.2", "counts 2 for the attacker's").provenance == how
        losses = Explanation()
        assert required_losses(use, 5, 0, losses).attacker == 2
        assert only(losses.steps, "10.F.1").provenance == how


def test_a_part_re_rounded_up_to_a_whole_point_is_named_as_a_reading() -> None:
    """10.F.1: 'at least one strength point per RE'. An anti-tank battalion of 1/2 RE, full
    ATEC, against the attacker's AECA of 1: 1/2 RE counts, and a part RE rounding up to 1
    strength point is hexcombat's reading, named in the step and marked assumed; a whole RE is
    the rule."""
    half = inline("AT II", Fraction(1, 2), size="II", unit_type="anti-tank", atec="full")
    use = use_of([p("su-tank-x")], [p(half)])
    ex = Explanation()
    assert required_losses(use, 5, 0, ex).attacker == 1
    step = only(ex.steps, "10.F.1")
    assert step.provenance == "assumed" and "a part RE rounds up" in step.text
    whole = Explanation()
    required_losses(use_of([p("su-tank-x")], [p("su-at-x")]), 5, 0, whole)
    assert only(whole.steps, "10.F.1").provenance == "rule"
