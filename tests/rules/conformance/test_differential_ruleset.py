"""The differential test ruleset (differential_ruleset.py, rules D1-D5): its exact chances
against a hand computation, and a game of it played on the map. The conformance suite checks it
beside every registered ruleset.

The hand computation. One d6, each face 1/6, read on the difference's column (D3):

- attack 5 against defence 3 in the clear: +2. Faces 1-2 NE, 3-5 DR, 6 DE: 1/3, 1/2, 1/6.
- in woods, +1 defence (D2): +1. Face 1 AR, 2-3 NE, 4-6 DR: 1/6, 1/3, 1/2.
- in a city (+2) entrenched twice (+2) in rain (-1): 5 - 3 - 4 - 1 = -3, the column of -1
  or less. Faces 1-3 AR, 4-5 NE, 6 DR: 1/2, 1/3, 1/6.
- attack 7 against defence 1: +6, the column of +3 or more. Face 1 NE, 2-4 DR, 5-6 DE: 1/6,
  1/2, 1/3.
- attack 3 against defence 3: 0. Faces 1-2 AR, 3-4 NE, 5-6 DR: 1/3 each.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction as F
from pathlib import Path

import pytest
from differential_strategies import unit
from family_games import known, opened_game, uids_at, where

from hexcombat.game.attack_model import AttackModel
from hexcombat.rules.errors import IllegalAttackError
from hexcombat.rules.registry import Ruleset, get_ruleset
from hexcombat.rules.report import odds_column
from hexcombat.rules.situation import CombatSituation, Conditions, Participant


@pytest.fixture
def differential() -> Iterator[Ruleset]:
    with known("differential"):
        yield get_ruleset("differential")


def attack(attack: int, defence: int, conditions: Conditions | None = None) -> CombatSituation:
    return CombatSituation(
        "differential",
        (Participant(unit("Cavalry", attack, 1)),),
        (Participant(unit("Militia", 1, defence)),),
        conditions or Conditions(),
    )


@pytest.mark.parametrize(
    ("situation", "difference", "chances"),
    [
        (attack(5, 3), 2, {"NE": F(1, 3), "DR": F(1, 2), "DE": F(1, 6)}),
        (attack(5, 3, Conditions("woods")), 1, {"AR": F(1, 6), "NE": F(1, 3), "DR": F(1, 2)}),
        (
            attack(5, 3, Conditions("city", "rain", entrenchment=2)),
            -3,
            {"AR": F(1, 2), "NE": F(1, 3), "DR": F(1, 6)},
        ),
        (attack(7, 1), 6, {"NE": F(1, 6), "DR": F(1, 2), "DE": F(1, 3)}),
        (attack(3, 3), 0, {"AR": F(1, 3), "NE": F(1, 3), "DR": F(1, 3)}),
    ],
    ids=["+2", "woods +1", "city entrenched rain -3", "+6", "0"],
)
def test_the_chances_are_the_hand_computed_ones(
    differential: Ruleset, situation: CombatSituation, difference: int, chances: dict[str, F]
) -> None:
    report = differential.evaluate(situation)
    assert report.totals["difference"] == difference
    assert report.outcomes == chances
    assert odds_column(report) is None  # a differential game has no odds


def test_an_entrenchment_beyond_its_bounds_or_a_terrain_it_does_not_know_is_refused(
    differential: Ruleset,
) -> None:
    for bad, rule in (
        (Conditions(entrenchment=3), "D2"),
        (Conditions(entrenchment=-1), "D2"),
        (Conditions("moon"), "D2"),
        (Conditions(weather="fog"), "D2"),
        (Conditions(fortification=-1), "D2"),
    ):
        with pytest.raises(IllegalAttackError) as refused:
            differential.evaluate(attack(5, 3, bad))
        assert refused.value.rule == rule


def fight(state_row: str, tmp_path: Path, face: int) -> tuple[AttackModel, str, str]:
    """Cavalry (attack 5) in 0501 attacks militia (defence 3) in 0401 on ``state_row``; the
    die shows ``face``. The model, and the cavalry's and the militia's ids."""
    placed = [(unit("Cavalry", 5, 1), "Red", "0501"), (unit("Militia", 1, 3), "Blue", "0401")]
    state = opened_game("differential", state_row, placed, tmp_path)
    (cavalry,), (militia,) = uids_at(state, "0501"), uids_at(state, "0401")
    model = AttackModel(state)
    assert model.start(state.hexmap.hex_at("0401")), model.refusal
    assert model.report is not None
    assert model.rollable() and model.dice_wanted() == [6]
    assert model.roll([face]) is not None, model.roll_problem
    return model, cavalry, militia


def test_a_defender_beaten_retreats_two_hexes_on_the_map(
    differential: Ruleset, tmp_path: Path
) -> None:
    """+2 in the clear, a 4: DR, the militia retreats 2 hexes, away from the cavalry: from
    0401 to 0201 (D4)."""
    model, cavalry, militia = fight("cccccccc", tmp_path, 4)
    assert model.resolution is not None and model.resolution.result.code == "DR"
    state = model.state
    ends = {state.hexmap.label(s): [state.hexmap.label(e) for e in model.retreat_ends[s]]
            for s in model.retreat_ends}  # fmt: skip
    assert ends == {"0401": ["0201"]}  # 2 hexes, away from the cavalry
    model.set_retreat(state.hexmap.hex_at("0401"), state.hexmap.hex_at("0201"))
    assert model.apply(), model.apply_problem
    assert where(state, militia) == "0201" and where(state, cavalry) == "0501"


def test_a_defender_eliminated_leaves_the_map(differential: Ruleset, tmp_path: Path) -> None:
    """+2 in the clear, a 6: DE, the militia is eliminated (D4)."""
    model, cavalry, militia = fight("cccccccc", tmp_path, 6)
    assert model.resolution is not None and model.resolution.result.code == "DE"
    assert model.apply(), model.apply_problem
    assert where(model.state, militia) is None and where(model.state, cavalry) == "0501"


def test_an_attacker_beaten_retreats_one_hex(differential: Ruleset, tmp_path: Path) -> None:
    """The militia in a city (+2 defence): 5 - 5 = 0, a 1: AR, the cavalry retreats 1 hex,
    from 0501 to 0601 (D4)."""
    model, cavalry, militia = fight("ccctcccc", tmp_path, 1)
    assert model.report is not None and model.report.totals["difference"] == 0
    assert model.resolution is not None and model.resolution.result.code == "AR"
    state = model.state
    ends = {state.hexmap.label(s): [state.hexmap.label(e) for e in model.retreat_ends[s]]
            for s in model.retreat_ends}  # fmt: skip
    assert ends == {"0501": ["0601"]}  # 1 hex, away from the militia
    model.set_retreat(state.hexmap.hex_at("0501"), state.hexmap.hex_at("0601"))
    assert model.apply(), model.apply_problem
    assert where(state, cavalry) == "0601" and where(state, militia) == "0401"
