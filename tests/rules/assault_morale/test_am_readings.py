"""What three rules lawyers found in the assault-morale rules (issue 26): each reading that
changes a number is named, marked ``assumed``, in the step it changes; what the aid forbids is
refused at its line; what it allows is accepted; each step cites the aid's own heading."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from am_helpers import RULESET, side, situation, squad, unit

from hexcombat.game.explain_cli import explain_command
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.errors import UnitDataError
from hexcombat.rules.report import Report
from hexcombat.rules.situation import Participant
from hexcombat.rules.status import UnitStatus

RIDING = frozenset({"riding"})


def steps_of(report: Report, rule: str, words: str) -> list[tuple[object, str]]:
    """(value, provenance) of each ``rule`` step whose text holds ``words``."""
    return [
        (s.value, s.provenance)
        for s in report.explanation.steps
        if s.rule == rule and words in s.text
    ]


def test_an_entrenchment_on_a_later_round_names_its_reading_in_the_step() -> None:
    """'assaults against defending units occupying an entrenchment (1st fire)': read as the
    attackers' first fire, in the first round; on a later round the step says no shift, and
    that this is our reading (assumed)."""
    first = RULESET.evaluate(situation(side(squad()), side(squad()), "entrenchment"))
    assert steps_of(first, "ACT shift", "entrenchment (first fire)") == [(-1, "rule")]
    later = RULESET.evaluate(
        situation(side(squad()), side(squad()), "entrenchment", first_round=False)
    )
    assert steps_of(later, "ACT shift", "entrenchment, but on a later round") == [(0, "assumed")]
    assert later.payload["attacker"]["column_after_shifts"] == "9-12"  # type: ignore[index]
    assert later.payload["attacker"]["shifts"] == []  # type: ignore[index]


def test_a_demoralized_unit_that_fails_again_loses_a_step_by_a_named_reading() -> None:
    down = RULESET.evaluate(situation(side(squad()), side(squad(), state="demoralized")))
    assert steps_of(down, "Morale", "already demoralized: a failed morale check costs") == [
        (None, "assumed")
    ]
    good = RULESET.evaluate(situation(side(squad()), side(squad())))
    assert steps_of(good, "Morale", "already demoralized") == []


def test_a_unit_riding_with_no_afv_of_its_side_is_refused() -> None:
    with pytest.raises(UnitDataError, match="Squad is marked riding, but no AFV of its side"):
        RULESET.evaluate(situation(side(squad()), side(squad(), markers=RIDING)))
    with pytest.raises(UnitDataError, match="only infantry rides an AFV"):
        afv = unit("T-34", "afv", 8, 8, 2, "soviet")
        RULESET.evaluate(situation(side(squad()), side(afv, afv, markers=RIDING)))
    afv = Participant(unit("T-34", "afv", 8, 8, 2, "soviet"))
    riders = Participant(squad(), status=UnitStatus(markers=RIDING))
    report = RULESET.evaluate(situation(side(squad()), (afv, riders)))
    assert steps_of(report, "ACT shift", "enemy infantry riding an AFV") == [(1, "rule")]


def test_a_rider_without_its_afv_is_named_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "riding.toml"
    path.write_text(
        'ruleset = "assault-morale"\n[conditions]\nterrain = "clear"\n'
        '[[attacker]]\nname = "Grenadiers"\nsteps = 2\nnationality = "german"\n'
        'rules = { kind = "squad", fire = 5, morale = 8 }\n'
        '[[defender]]\nname = "Riflemen"\nsteps = 2\nnationality = "soviet"\n'
        'markers = ["riding"]\n'
        'rules = { kind = "squad", fire = 5, morale = 7 }\n',
        encoding="utf-8",
    )
    assert explain_command(str(path)) != 0
    said = capsys.readouterr()
    line = path.read_text().split("\n").index("[[defender]]") + 1  # the entry's line
    assert f"{path}:{line}: Riflemen is marked riding, but no AFV" in said.out + said.err


def test_a_leader_without_leader_of_leads_infantry_for_the_shift_too() -> None:
    """One reading for both: a leader with no ``leader_of`` may assault with infantry, and
    gives the undemoralized infantry leader's shift, the step naming the reading."""
    lt = unit("Lt", "leader", 0, 9, 1, "german", leader_modifier=1)
    report = RULESET.evaluate(situation(side(squad(), lt), side(squad())))
    assert steps_of(report, "ACT shift", "an undemoralized infantry leader (Lt has no") == [
        (1, "assumed")
    ]
    assert report.payload["attacker"]["column_after_shifts"] == "13-17"  # type: ignore[index]
    named = unit("Lt", "leader", 0, 9, 1, "german", leader_modifier=1, leader_of="infantry")
    report = RULESET.evaluate(situation(side(squad(), named), side(squad())))
    assert steps_of(report, "ACT shift", "an undemoralized infantry leader") == [(1, "rule")]


def test_a_wagon_its_only_step_lost_to_1m2_checks_no_morale() -> None:
    """ACT 1M2: 'All surviving enemy units in the assault hex must then check morale as M2'.
    Fire 30 on 30+, the die 3: 1M2. The one-step wagon takes the wagons' step: it is gone."""
    wagon = Participant(unit("Wagon", "wagon", 0, 5, 1, "soviet"), id="wagon")
    rifles = Participant(squad(4), id="rifles")
    report = RULESET.evaluate(situation((Participant(squad(30)),), (rifles, wagon)))
    result = RULESET.resolve(report, ScriptedDice([3, 1]))
    assert result.code == "defender: 1M2 / attacker: -"
    (check,) = [e for e in result.effects if e.kind == "morale-check"]
    assert check.targets == ("rifles",)


def test_every_a_t_fire_roll_and_its_assumed_target_is_a_step() -> None:
    """Assault: German infantry may A-T fire at Soviet vehicles, a 5 or 6: the chances take
    the first Soviet AFV listed as the target, which the step names as an assumption."""
    su76 = unit("SU-76M", "afv", 6, 7, 1, "soviet")
    truck = unit("Truck", "truck", 0, 5, 1, "soviet")
    report = RULESET.evaluate(
        situation(side(squad(5, 8, nationality="german")), side(truck, su76, squad(4)))
    )
    found = [s for s in report.explanation.steps if s.rule == "Assault" and "A-T fire" in s.text]
    assert [(s.value, s.provenance, s.side) for s in found] == [
        (Fraction(1, 3), "assumed", "attacker")
    ]
    assert "assume SU-76M" in found[0].text
    assert any("A-T fire" in w for w in report.warnings)
    soviet = RULESET.evaluate(situation(side(squad()), side(squad())))
    assert not [s for s in soviet.explanation.steps if "A-T fire" in s.text]


def test_the_fire_of_a_disrupted_or_demoralized_unit_cites_the_morale_heading() -> None:
    report = RULESET.evaluate(situation(side(squad(8)), side(squad(8), state="disrupted")))
    assert steps_of(report, "Morale", "disrupted: combat value halved") == [(Fraction(4), "rule")]
    assert steps_of(report, "ACT", "Squad: fire 8") == [
        (Fraction(8), "rule"),
        (Fraction(8), "rule"),
    ]
    down = RULESET.evaluate(situation(side(squad(8)), side(squad(8), state="demoralized")))
    assert steps_of(down, "Morale", "1/4 defense against assaults") == [(Fraction(2), "rule")]
    assert not [s for s in down.explanation.steps if s.rule == "ACT" and "demoralized" in s.text]


def test_an_assault_across_a_minor_river_is_accepted_with_no_shift(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "minor.toml"
    path.write_text(
        'ruleset = "assault-morale"\n[conditions]\nterrain = "clear"\n'
        '[[attacker]]\nname = "Grenadiers"\nsteps = 2\nnationality = "german"\n'
        'across = "minor-river"\nrules = { kind = "squad", fire = 9, morale = 7 }\n'
        '[[defender]]\nname = "Riflemen"\nsteps = 2\nnationality = "soviet"\n'
        'rules = { kind = "squad", fire = 9, morale = 7 }\n',
        encoding="utf-8",
    )
    assert explain_command(str(path)) == 0, capsys.readouterr()
    crossing = Participant(squad(), across="minor-river")
    report = RULESET.evaluate(situation((crossing,), side(squad())))
    assert steps_of(report, "ACT shift", "across a minor river") == [(0, "rule")]
    assert report.payload["attacker"]["column_after_shifts"] == "9-12"  # type: ignore[index]
