"""The Europa loss policy on its own, without a board: what a result requires of each side, by
participant id, through the LossPolicy API (10.F.1 and 10.F.2 worked examples, exchanges, 14A3
artillery out of the result)."""

from __future__ import annotations

import ar_helpers as ar
import tw_helpers as tw

from declared_rulesets import europa_family
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rulesets.europa.losses import EuropaLosses
from meaning import each_says


def policy(situation: CombatSituation, roll: int) -> tuple[str, EuropaLosses]:
    """The result code and loss policy of ``situation`` rolled ``roll`` (no chance roll)."""
    ruleset = get_ruleset(situation.ruleset)
    report = ruleset.evaluate(situation)
    result = ruleset.resolve(report, ScriptedDice([roll]))
    losses = ruleset.loss_policy(report, result)
    assert isinstance(losses, EuropaLosses)
    return result.code, losses


def example_12() -> EuropaLosses:
    # Worked example 12 (10.F.1): "if the attacker had 12 REs of AECA and the defender had 4
    # REs of ATEC, the maximum required AECA loss would be 4 strength points. If combat losses
    # totalled 8 strength points, the other four losses could be taken from other units." Four
    # Tank XXX (3 REs of full AECA each, 2 attack) and two Art XX without AEC (4 attack each)
    # against four AT X (1 RE of ATEC, 8 defence): 16 to 32, 1:2; a roll of 1 gives AH on the
    # generic (assumed) table, half of 16: 8 lost.
    tank = ar.unit("su-tank-xxx", attack=2)
    art = ar.inline("Art XX", 2, attack=4, aeca="none")
    at = ar.unit("su-at-x", defence=8)
    tanks = [ar.p(tank, id=uid) for uid in ("c41", "c7", "c19", "c3")]
    situation = ar.situation(
        [*tanks, ar.p(art, id="c88"), ar.p(art, id="c12")],
        [ar.p(at, id=uid) for uid in ("c5", "c60", "c2", "c31")],
    )
    code, losses = policy(situation, 1)
    assert code == "AH"
    return losses


def test_10f1_worked_example_4_required_of_8_lost_the_other_4_from_any_units() -> None:
    losses = example_12()
    assert losses.kind == "strength-points"
    assert losses.needed("attacker", []) == 8
    assert losses.attacker.required_aec == 4
    # the other four from other units: an Art XX and two Tank XXX
    assert losses.problems(["c88", "c41", "c7"]) == []
    # eight points, none from armour
    assert each_says(
        losses.problems(["c88", "c12"]),
        dict(rules=["10.F.1"], figures=["4", "0"], names=["attacker", "armour/antitank"]),
    )
    assert each_says(
        losses.problems(["c88", "c41"]),
        dict(figures=["8", "6"], names=["attacker must lose", "AH"]),
        dict(rules=["10.F.1"], figures=["4", "2"], names=["attacker", "armour/antitank"]),
    )
    suggested = losses.suggested()
    assert losses.problems(suggested) == []
    assert sum(losses.worth("attacker")[u] for u in suggested) == 8


def test_the_policy_names_participants_by_their_ids_not_their_places() -> None:
    losses = example_12()
    assert losses.offered("attacker") == ["c41", "c7", "c19", "c3", "c88", "c12"]
    assert losses.worth("attacker") == {"c41": 2, "c7": 2, "c19": 2, "c3": 2, "c88": 4, "c12": 4}
    assert losses.offered("defender") == []  # AH takes nothing from the defender
    assert each_says(
        losses.problems(["c2", "c88", "c41", "c7"]),
        dict(names=["AH", "no losses", "defender", "untick AT X"]),
    )
    assert each_says(
        losses.problems(["c41", "c7", "c19", "c3", "c99"]),
        dict(names=["taking part in the combat"]),
    )
    # one more than the result asks: any Tank XXX of the three could be unticked
    assert each_says(
        losses.problems(["c88", "c41", "c7", "c19"]),
        dict(figures=["8"], names=["more attacker losses", "AH", "Tank XXX", "unticked"]),
    )


def test_a_participant_lost_anyway_is_never_refused_as_too_many() -> None:
    losses = example_12()
    every = ["c88", "c41", "c7", "c19"]
    assert losses.problems(every, lost_anyway=["c41", "c7", "c19"]) == []


def test_a_stack_retreating_one_hex_is_not_eliminated_instead() -> None:
    # generic CRT 1:1, roll 1: AR, the attacker retreats one hex and loses nothing
    inf = tw.p(tw.inline("Inf XX", 3, attack=4, defence=4), id="inf")
    defender = tw.p(tw.inline("Def XX", 3, attack=4, defence=4), id="def")
    code, losses = policy(tw.situation([inf], [defender]), 1)
    assert code == "AR"
    assert each_says(
        losses.problems(["inf"]),
        dict(figures=["1"], names=["AR", "no losses", "untick Inf XX", "retreats"]),
    )


def test_10f2_worked_example_atec_in_forest_counts_double_for_required_losses() -> None:
    # Worked example 13 (10.F.2): "an anti-tank brigade worth 1 RE of ATEC in a forest hex,
    # causes attacking armour units 2 REs of required losses." A Tank XX with an Art III
    # without AEC against an AT X in forest; a roll of 5 gives HX on the generic (assumed)
    # table: 2 points from each side, the attacker's from its armour.
    art = ar.inline("Art III", 1, attack=2, aeca="none")
    situation = ar.situation(
        [ar.p("su-tank-xx", id="tank"), ar.p(art, id="art")],
        [ar.p("su-at-x", id="at")],
        terrain="forest",
    )
    code, losses = policy(situation, 5)
    assert code == "HX"
    assert losses.attacker.required_aec == 2  # 1 RE doubled, one point per RE
    assert each_says(
        losses.problems(["at", "art"]),
        dict(figures=["4", "2"], names=["attacker must lose", "HX"]),
        dict(rules=["10.F.1"], figures=["2", "0"], names=["attacker", "armour/antitank"]),
    )
    assert losses.problems(["at", "tank"]) == []


def test_an_exchange_grows_with_the_defenders_losses_chosen() -> None:
    art = ar.inline("Art III", 1, attack=2, aeca="none")
    situation = ar.situation(
        [ar.p("su-tank-xx", id="tank"), ar.p(art, id="art")],
        [ar.p("su-at-x", id="at")],
        terrain="forest",
    )
    _code, losses = policy(situation, 5)
    assert losses.exchange  # HX, as the generic table says
    assert losses.needed("attacker", []) == 2
    assert losses.needed("attacker", ["at"]) == 4  # the whole AT X's 4 defence points


def test_long_range_artillery_at_two_hexes_is_out_of_the_result() -> None:
    # 14A3: generic CRT 2:1, roll 5: EX; the LR Art III at two hexes takes no loss
    inf = tw.p(tw.inline("Inf XX", 3, attack=6, defence=6), id="inf")
    lra = tw.p("ge-lr-art-iii", range=2, id="lra")
    defender = tw.p(tw.inline("Def XX", 3, attack=4, defence=4), id="def")
    code, losses = policy(tw.situation([inf, lra], [defender]), 5)
    assert code == "EX"
    assert losses.attacker.exempt == ["lra"]
    assert losses.offered("attacker") == ["inf"]
    assert losses.needed("attacker", ["def"]) == 4  # the defender's 4, from the Inf XX's 6
    assert each_says(
        losses.problems(["def", "inf", "lra"]), dict(names=["taking part in the combat"])
    )
    assert losses.suggested() == ["def", "inf"]


def test_participants_without_ids_are_named_by_side_and_place() -> None:
    inf = Participant(tw.inline("Inf XX", 3, attack=6, defence=6))
    defender = Participant(tw.inline("Def XX", 3, attack=4, defence=4))
    _code, losses = policy(tw.situation([inf, inf], [defender]), 5)
    assert losses.worth("attacker") == {"attacker-1": 6, "attacker-2": 6}
    assert losses.worth("defender") == {"defender-1": 4}


def test_every_ruleset_gives_a_loss_policy() -> None:
    for ruleset_id in europa_family():  # the Europa rulesets' strength points
        inf = Participant(tw.inline("Inf XX", 3, attack=6, defence=6), id="a")
        defender = Participant(tw.inline("Def XX", 3, attack=4, defence=4), id="d")
        situation = CombatSituation(ruleset_id, (inf,), (defender,))
        _code, losses = policy(situation, 6)
        assert losses.kind == "strength-points"
        assert losses.problems(losses.suggested()) == []
