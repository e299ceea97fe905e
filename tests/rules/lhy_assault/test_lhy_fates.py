"""Each unit's end state in a large assault stays quick to work out, exactly as before: fourteen
units with vehicles, in an urban building, where the urban assault (14.3.1) ties every attacking
combat unit and the defenders' vehicle destruction attempt (14.3.2) reads the units beside the
Pz IVH (its +3 and its collateral damage). The panel works this out each time a box is ticked."""

from __future__ import annotations

from fractions import Fraction

from lhy_strategies import assault, part, unit

from hexcombat.rulesets.lhy_assault.ruleset import LhyAssaultRuleset


def squad(nationality: str, cohesion: int, hex_: str, company: int = 1):  # type: ignore[no-untyped-def]
    return part(unit("squad", nationality, cohesion=cohesion, company=company), hex=hex_)


def test_a_large_assault_with_vehicles_is_worked_out_in_few_rolls() -> None:
    calls = 0

    class Counting(LhyAssaultRuleset):
        def resolve_follow_up(self, *args, **kw):  # type: ignore[no-untyped-def]
            nonlocal calls
            calls += 1
            return super().resolve_follow_up(*args, **kw)

    attackers = [
        *(squad("german", c, "0701") for c in (7, 6, 6)),
        part(unit("leader", "german", cohesion=8), hex="0701"),
        part(unit("latw", "german", cohesion=5, atv=3), hex="0701"),
        *(squad("german", c, "0601", company=2) for c in (6, 5)),
        part(unit("ft", "german", cohesion=5), hex="0601"),
        part(unit("mg", "german", cohesion=6), hex="0601"),
        part(unit("afv", "german", av=4, atv=5), hex="0601"),
    ]
    defenders = [
        part(unit("squad", "russian", cohesion=6), hex="0801"),
        part(unit("squad", "russian", cohesion=5), hex="0801"),
        part(unit("mg", "russian", cohesion=6), hex="0801"),
        part(unit("afv", "russian", av=4, atv=5), hex="0801"),
    ]
    situation = assault(attackers, defenders, terrain="urban-building", date="1944-06")
    report = Counting().evaluate(situation)
    assert len(report.unit_fates) == 14
    for fates in report.unit_fates.values():  # every unit ends somehow, exactly
        assert sum(fates.values()) == Fraction(1)
    # each roll is made once for each way the units it reads may stand: 1,204 rolls (13,010
    # when every way of every unit was multiplied out)
    assert calls < 2_000, calls
