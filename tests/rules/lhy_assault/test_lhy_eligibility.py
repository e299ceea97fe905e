"""Who may assault (Assault, 10.5.2.2), the Heroic markers kept, and the assaults the aid
resolves at once before any roll."""

from __future__ import annotations

from fractions import Fraction

import pytest
from lhy_strategies import assault, part, unit

from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import final_drm

LHY = get_ruleset("lhy-assault")


def squad(nationality: str = "us", *markers: str, **kw: object):  # type: ignore[no-untyped-def]
    return part(unit("squad", nationality, cohesion=5, company=1), *markers, **kw)


def refused(attackers, defenders, match: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalAttackError, match=match):
        LHY.evaluate(assault(attackers, defenders))


@pytest.mark.parametrize(
    ("markers", "state", "why"),
    [((), "disrupted", "disrupted"), (("regrouping",), "", "regrouping"),
     (("shocked",), "", "shocked")],
)  # fmt: skip
def test_disrupted_regrouping_or_shocked_units_do_not_assault(markers, state, why) -> None:  # type: ignore[no-untyped-def]
    refused([squad("us", *markers, state=state)], [squad()], f"is {why}")
    refusal = LHY.participant_refusal(squad("us", *markers, state=state), ())  # type: ignore[attr-defined]
    assert refusal is not None and refusal.rule == "Assault"


def test_fvs_and_hts_never_assault_an_afv_or_towed_gun() -> None:
    fv = part(unit("fv", "us", av=1))
    refused([squad(), fv], [part(unit("afv", "german", av=3))], "cannot assault an AFV")
    refused([squad(), fv], [part(unit("towed-gun", "german", cohesion=4))], "towed gun")
    assert LHY.evaluate(assault([squad(), fv], [squad("german")])).dice


def test_afvs_assault_without_riders() -> None:
    afv = unit("afv", "us", av=3)
    refused([squad(), part(afv, "riders")], [squad()], "riders")


def test_leaders_latws_and_fts_need_a_combat_unit() -> None:
    for kind in ("leader", "latw", "ft"):
        alone = part(unit(kind, "us", cohesion=6))
        refused([alone, part(unit("fp", "us", cohesion=4))], [squad()], "only with a combat unit")
        assert LHY.evaluate(assault([squad(), alone], [squad()])).dice


def test_fvs_and_hts_need_friendly_infantry_or_an_afv() -> None:
    ht = part(unit("half-track", "us", av=1))
    refused([ht], [squad()], "friendly infantry or an AFV")
    assert LHY.evaluate(assault([ht, part(unit("afv", "us", av=3))], [squad()])).dice


def test_russians_assault_neither_with_a_leader_nor_out_of_command_unless_heroic() -> None:
    leader = unit("leader", "russian", cohesion=7)
    refused([squad("russian"), part(leader)], [squad()], "Russian leader")
    refused([squad("russian", "out-of-command")], [squad()], "out of command")
    assert LHY.evaluate(assault([squad("russian"), part(leader, "heroic")], [squad()])).dice
    assert LHY.evaluate(assault([squad("russian", "out-of-command", "heroic")], [squad()])).dice
    assert LHY.evaluate(assault([squad("us", "out-of-command")], [squad()])).dice


def test_range_two_hexes_three_if_heroic_three_for_vehicles() -> None:
    afv = unit("afv", "us", av=3)
    assert LHY.attack_range(squad().unit) == 2 and LHY.attack_range(afv) == 3
    refused([squad(range=3)], [squad()], "3 hexes away")
    assert LHY.evaluate(assault([squad("us", "heroic", range=3)], [squad()])).dice
    assert LHY.evaluate(assault([squad(range=2), part(afv, range=3)], [squad()])).dice
    assert LHY.participant_refusal(squad("us", "heroic", range=3), ()) is None  # type: ignore[attr-defined]


def test_all_but_one_heroic_marker_per_nationality_are_removed() -> None:
    report = LHY.evaluate(assault([squad("us", "heroic"), squad("us", "heroic")], [squad()]))
    assert report.payload["heroic_removed"] == ["attacker-2"]
    assert final_drm(report) == 2 + 2 + 1 - 2  # one Heroic +1, not two
    result = LHY.resolve(report, ScriptedDice([5]))
    standing = {p.id: p.status for p in (*report.situation.attackers,
                                         *report.situation.defenders)}  # fmt: skip
    (heroic,) = [f for f in LHY.follow_ups(report, result, standing) if f.kind == "heroic-markers"]
    done = LHY.resolve_follow_up(report, heroic, standing, ScriptedDice([]))
    assert [(e.kind, e.state, e.targets) for e in done.effects] == [
        ("remove-marker", "heroic", ("attacker-2",))
    ]


# --- resolved at once ---------------------------------------------------------------------------


def at_once(attackers, defenders, faces=()):  # type: ignore[no-untyped-def]
    report = LHY.evaluate(assault(attackers, defenders))
    return report, LHY.resolve(report, ScriptedDice(list(faces)))


@pytest.mark.parametrize("kind", ["towed-gun", "carrier", "fv"])
def test_towed_guns_carriers_and_fvs_defending_alone_against_an_afv_are_destroyed(kind) -> None:  # type: ignore[no-untyped-def]
    afv = part(unit("afv", "us", av=3))
    report, result = at_once([squad(), afv], [part(unit(kind, "german", cohesion=4, av=1))])
    assert report.dice == () and report.outcomes == {"DX": Fraction(1)}
    assert result.code == "DX" and result.rolls == ()
    assert [(e.kind, e.targets) for e in result.effects] == [("eliminate", ("defender-1",))]
    assert result.steps[0].rule == "Assault"


def test_shocked_afvs_defending_alone_against_a_non_shocked_afv_are_destroyed() -> None:
    afv = part(unit("afv", "us", av=3))
    shocked = part(unit("afv", "german", av=3), "shocked")
    assert at_once([afv], [shocked])[1].code == "DX"
    fresh = part(unit("afv", "german", av=3))
    assert LHY.evaluate(assault([afv], [fresh])).payload["immediate"] != "DX"


def test_no_destruction_when_a_squad_defends_with_them() -> None:
    afv = part(unit("afv", "us", av=3))
    towed = part(unit("towed-gun", "german", cohesion=4))
    report = LHY.evaluate(assault([squad(), afv], [towed, squad("german")]))
    assert report.payload["immediate"] is None and report.dice[0].sides == 10


def test_latws_defending_alone_are_destroyed() -> None:
    report, result = at_once([squad()], [part(unit("latw", "german", cohesion=6))])
    assert report.outcomes == {"LX": Fraction(1)} and result.code == "LX"


def test_only_non_combat_units_the_lesser_cohesion_retreats() -> None:
    fp = part(unit("fp", "us", cohesion=6))
    report, result = at_once([fp], [part(unit("leader", "german", cohesion=4))])
    assert report.outcomes == {"DR": Fraction(1)} and report.dice == ()
    (retreat,) = result.effects
    assert (retreat.kind, retreat.side, retreat.amount, retreat.most) == ("retreat", "defender",
                                                                          2, 4)  # fmt: skip
    report, result = at_once([fp], [part(unit("fp", "german", cohesion=8))])
    assert result.code == "AR" and result.effects[0].side == "attacker"


def test_a_tie_is_drawn_at_random_with_the_tie_die() -> None:
    fp = part(unit("fp", "us", cohesion=6))
    report = LHY.evaluate(assault([fp], [part(unit("fp", "german", cohesion=6))]))
    assert [d.purpose for d in report.dice] == ["tie die"]
    assert report.outcomes == {"AR": Fraction(1, 2), "DR": Fraction(1, 2)}
    assert LHY.resolve(report, ScriptedDice([5])).code == "AR"
    assert LHY.resolve(report, ScriptedDice([6])).code == "DR"


def test_an_afv_assaulting_a_lone_leader_the_lesser_cohesion_retreats() -> None:
    """Assault: 'if non-combat units only are fighting, the force with the lesser Cohesion
    must retreat': an AFV and a leader are both non-combat units (combat units are squads,
    sections and MGs), so it is resolved at once, not rolled."""
    tank = part(unit("afv", "us", av=3, atv=2, cohesion=7))
    report, result = at_once([tank], [part(unit("leader", "german", cohesion=8))])
    assert report.dice == () and report.outcomes == {"AR": Fraction(1)}
    assert result.code == "AR"
    report, result = at_once([tank], [part(unit("leader", "german", cohesion=6))])
    assert result.code == "DR"


def test_heroic_reach_is_checked_before_the_second_marker_goes() -> None:
    """10.5.2.2 before 'remove all but 1 Heroic marker per nationality': two Heroic squads,
    the second 3 hexes away, both assault (Heroic allows 3); then its marker is removed."""
    report = LHY.evaluate(
        assault([squad("us", "heroic"), squad("us", "heroic", range=3)], [squad()])
    )
    assert report.payload["heroic_removed"] == ["attacker-2"]
    assert any("after the reach (10.5.2.2)" in s.text for s in report.steps)
    refused([squad("us"), squad("us", range=3)], [squad()], "3 hexes away")


def test_only_afvs_the_lesser_atv_retreats() -> None:
    ours = part(unit("afv", "us", av=3, atv=2))
    theirs = part(unit("afv", "german", av=3, atv=4))
    assert at_once([ours], [theirs])[1].code == "AR"
    none = part(unit("afv", "german", av=3))  # no ATV: below every ATV
    assert at_once([ours], [none])[1].code == "DR"
