"""Light infantry (14F): the category's member types and their terrain exceptions as data."""

from __future__ import annotations

import pytest
from tw_helpers import COUNTERS, evaluate, inline, p, unit

from hexcombat.rulesets.europa.units import europa
from hexcombat.rulesets.total_war import is_light_infantry, terrain_exception
from hexcombat.rulesets.total_war.light_infantry import load_light_infantry, member_type

NAMED_BY_14F = {
    "light-infantry": "Lt Inf/Jager",
    "jager": "Lt Inf/Jager",
    "commando": "Cmdo",
    "partisan": "Prtsn",
    "high-mountain": "High Mtn",
    "parachute": "Para",
    "parachute-infantry": "Para-Inf",
    "air-landing": "Air Lndng/Glider",
    "glider": "Air Lndng/Glider",
}


def test_every_type_14f_names_is_a_member_with_its_symbol() -> None:
    data = load_light_infantry()
    assert {t: m.symbol for t, m in data.members.items()} == NAMED_BY_14F
    assert all(m.rule == "14F" for m in data.members.values())


@pytest.mark.parametrize("unit_type", sorted(NAMED_BY_14F))
def test_an_inline_unit_of_a_member_type_is_light_infantry(unit_type: str) -> None:
    assert is_light_infantry(inline("X", 1, unit_type=unit_type))


def test_motorized_units_with_the_light_symbols_are_not_members() -> None:
    assert member_type(inline("Mot Cmdo", 1, unit_type="commando", motorized=True)) is None
    # parachute units belong whatever else they are
    assert member_type(inline("Para", 1, unit_type="parachute", motorized=True)) is not None


def test_the_counter_flag_wins_and_every_shipped_member_is_flagged() -> None:
    assert is_light_infantry(inline("Ski X", 1, unit_type="infantry", light_infantry=True))
    assert not is_light_infantry(inline("Inf", 1))
    for counter_id, u in COUNTERS.counters.items():
        assert europa(u).light_infantry == (member_type(u) is not None), counter_id


def test_terrain_exceptions_are_assumed_data() -> None:
    mountain = terrain_exception("mountain")
    assert mountain is not None
    assert mountain.provenance == "assumed"
    assert terrain_exception("clear") is None


def test_light_infantry_in_adverse_terrain_gets_a_step_and_no_invented_modifier() -> None:
    report = evaluate([p("ge-jager-xx")], [p(inline("Def", 3))], terrain="mountain")
    (step,) = [s for s in report.steps if s.rule == "14F"]
    assert step.drm is None
    assert "adverse terrain expertise" in step.text
    assert any("14G" in w for w in report.warnings)
    assert not [s for s in evaluate([p(unit("ge-jager-xx"))], [p(inline("D", 3))]).steps
                if s.rule == "14F"]  # fmt: skip
