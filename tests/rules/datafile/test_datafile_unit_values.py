"""Conditions over a value the player names on the units (``any-unit`` / ``every-unit``,
docs/ruleset-file.md): a whole-number value compared with ``at_least`` / ``at_most``, a choice
or a true-or-false value with ``is``; the step names the units and cites the modifier's rule; a
unit without the value is refused, never read as a guess; a file naming an undeclared value or
comparing one as another kind is refused at its line.

The skirmish file (data/skirmish.toml): morale (an int, S4), training (green, regular, elite,
S5); an attacker of morale 5 or more gives +1 (S6), every defender elite shifts one column left
(S7), every attacker green halves the attack (S8); woods -1 (S9); 1d6 against 1d6 read on the
difference, so the rows -5, -4..-2, -1..1, 2..4, 5 come up 1, 9, 16, 9, 1 in 36."""

from __future__ import annotations

import tempfile
from fractions import Fraction
from pathlib import Path

import pytest
from datafile_helpers import SKIRMISH, combat, ruleset, unit, variant
from hypothesis import given, settings
from hypothesis import strategies as st
from skirmish_strategies import unit_conditions
from test_datafile_loader import line_of, problems

from hexcombat.rules.errors import UnitDataError
from hexcombat.rules.report import drm_chances
from hexcombat.rulesets.datafile.loader import CHECKER_DEFECT, ruleset_file_problems

IN36 = Fraction(1, 36)


def soldier(name: str, attack: int = 1, defence: int = 1, **values: int | str):  # type: ignore[no-untyped-def]
    return unit(name, attack, defence, steps=2, **{"morale": 3, "training": "regular", **values})


def fight(attackers, defenders, terrain: str = "clear"):  # type: ignore[no-untyped-def]
    return combat(attackers, defenders, terrain, ruleset_id="skirmish")


def test_any_attacker_of_morale_at_least_five_gives_its_drm_naming_the_unit() -> None:
    """S6: Guards of morale 5 beside Rifles of 3: +1, the step naming the Guards; morale 4
    gives nothing. 6 against 4 is +2, the 2..3 column; with +1 a difference d reads d + 1:
    -5..-3 read the -4..-2 row, NE (1+2+3 = 6/36); -2..0 read -1..1, DR (4+5+6 = 15/36);
    1..3 read 2..4, DL (5+4+3 = 12/36); 4 and 5 read 5 (held), DL2 (2+1 = 3/36)."""
    r = ruleset(SKIRMISH)
    guards, rifles = soldier("Guards", 3, morale=5), soldier("Rifles", 3)
    report = r.evaluate(fight([guards, rifles], [soldier("Line", defence=4)]))
    assert drm_chances(report) == {1: 1}
    (step,) = [s for s in report.steps if s.rule == "S6"]
    assert step.drm == 1 and "Guards: morale 5" in step.text and "Rifles" not in step.text
    assert report.outcomes == {"NE": 6 * IN36, "DR": 15 * IN36, "DL": 12 * IN36, "DL2": 3 * IN36}
    steady = r.evaluate(
        fight([soldier("Guards", 3, morale=4), rifles], [soldier("Line", defence=4)])
    )
    assert drm_chances(steady) == {0: 1} and "S6" not in [s.rule for s in steady.steps]


def test_every_defender_elite_shifts_a_column_naming_each() -> None:
    """S7: two elite defenders: 5 against 4 is +1, 0..1, one column left to -2..-1; one of them
    regular: no shift."""
    r = ruleset(SKIRMISH)
    elite = [
        soldier("Old Guard", defence=2, training="elite"),
        soldier("Grenadiers", defence=2, training="elite"),
    ]
    report = r.evaluate(fight([soldier("A", 5)], elite))
    assert report.payload["column"] == "-2..-1" and report.payload["shift"] == -1
    (step,) = [s for s in report.steps if s.rule == "S7"]
    assert "Old Guard: training elite" in step.text and "Grenadiers: training elite" in step.text
    mixed = [elite[0], soldier("Line", defence=2, training="regular")]
    assert r.evaluate(fight([soldier("A", 5)], mixed)).payload["column"] == "0..1"


def test_every_attacker_green_halves_the_attack() -> None:
    """S8: green attackers of 4 and 5: 9 halved is 4.5, rounded down 4 (S1); against 4, 0: the
    0..1 column. With one regular attacker the 9 stands: +5, 4..6."""
    r = ruleset(SKIRMISH)
    green = [soldier("Recruits", 4, training="green"), soldier("Levies", 5, training="green")]
    report = r.evaluate(fight(green, [soldier("D", defence=4)]))
    assert report.totals["attack_strength"] == 4 and report.payload["column"] == "0..1"
    (step,) = [s for s in report.steps if s.rule == "S8"]
    assert "Recruits: training green" in step.text and "Levies: training green" in step.text
    mixed = [green[0], soldier("Levies", 5)]
    assert r.evaluate(fight(mixed, [soldier("D", defence=4)])).payload["column"] == "4..6"


def test_a_value_condition_with_terrain_and_the_limits() -> None:
    """Morale 6 (+1, S6) in woods (-1, S9): DRM 0, both steps cited; every defender elite
    shifts left (S7) within the limit of one column (S9)."""
    r = ruleset(SKIRMISH)
    report = r.evaluate(
        fight(
            [soldier("Guards", 9, morale=6)], [soldier("D", defence=4, training="elite")], "woods"
        )
    )
    assert drm_chances(report) == {0: 1}
    assert {"S6", "S7", "S9"} <= {s.rule for s in report.steps}
    assert report.payload["column"] == "2..3"  # +5 is 4..6, one left


def test_a_unit_without_the_value_is_refused_naming_it_and_the_rule() -> None:
    """Morale is read for every attacker (S6): a counter that gives none is refused, citing
    S4; a training out of its choices likewise (S5)."""
    r = ruleset(SKIRMISH)
    bare = unit("Militia", 3, 1, steps=2, training="regular")
    with pytest.raises(UnitDataError) as refused:
        r.evaluate(fight([bare], [soldier("D", defence=4)]))
    assert "Militia" in str(refused.value) and "morale" in str(refused.value)
    assert refused.value.rule == "S4"
    with pytest.raises(UnitDataError) as odd:
        r.evaluate(fight([soldier("A", 3)], [soldier("D", defence=4, training="veteran")]))
    assert odd.value.rule == "S5" and "veteran" in str(odd.value)


WHEN = 'when = [{ kind = "any-unit", side = "attacker", value = "morale", at_least = 5 }]'


@pytest.mark.parametrize(
    ("new", "at", "words"),
    [
        ('when = [{ kind = "any-unit", side = "attacker", value = "courage", at_least = 5 }]',
         "courage", "'courage' is no value of [units.values]"),
        ('when = [{ kind = "any-unit", side = "attacker", value = "training", at_least = 5 }]',
         "training", "training is a choice value, no number"),
        ('when = [{ kind = "any-unit", side = "attacker", value = "morale", is = "high" }]',
         "high", "morale is a whole-number value"),
        ('when = [{ kind = "every-unit", side = "attacker", value = "training", is = "veteran" }]',
         "veteran", "'veteran' is not a choice of training"),
        ('when = [{ kind = "any-unit", side = "attacker", value = "training", is = 5 }]',
         "training", "training is one of its choices or a list of them, not 5"),
        ('when = [{ kind = "any-unit", side = "attacker", value = "morale" }]',
         "morale", "give at_least, at_most or both"),
        ('when = [{ kind = "any-unit", side = "attacker", value = "morale", at_least = 5, '
         'at_most = 2 }]', "at_most", "at_least 5 is above at_most 2"),
    ],
)  # fmt: skip
def test_a_value_condition_that_cannot_be_read_is_refused_at_its_line(
    tmp_path: Path, new: str, at: str, words: str
) -> None:
    path = variant(tmp_path, WHEN, new, SKIRMISH)
    found = problems(path)
    line = line_of(path, new)
    assert at in new
    assert any(where == line and words in said for where, said in found), (line, found)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_generated_value_conditions_are_taken_exactly_when_sound(data) -> None:  # type: ignore[no-untyped-def]
    """Any ``any-unit`` / ``every-unit`` condition (skirmish_strategies.unit_conditions: a
    declared or undeclared value, a number or a choice, of the right kind or the wrong one):
    the checker takes it exactly when the format allows it, else tells it at the modifier's
    line, never as a defect of the checker."""
    text, sound = data.draw(unit_conditions())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "generated.toml"
        path.write_text(SKIRMISH.read_text().replace(WHEN, f"when = [{text}]"))
        found = ruleset_file_problems(path)
        at = line_of(path, text)
    assert all(CHECKER_DEFECT not in p.message for p in found), found
    if sound:
        assert found == [], (text, found)
    else:
        assert found and all(p.line == at for p in found), (text, found)
