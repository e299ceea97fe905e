"""A combat is shown as its ruleset declares it, never in Europa's shape: a game read on an
odds column with no die roll modifier (odds on 2d6, rules O1-O5 of the test ruleset) or on
attack minus defence (rules D1-D5) has no "Final DRM", no DRM column and no "Odds and DRM"
headline, while the Europa tutorial of 14D2d still shows its odds, its DRM and its column."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from differential_strategies import unit as differential_unit
from family_games import known, opened_game
from odds2d6_strategies import unit as odds_unit

from hexcombat.board.hexes import Hex
from hexcombat.game.attack_model import AttackModel
from hexcombat.game.combat_report import from_report, html_report, markdown
from hexcombat.game.explain_cli import format_report
from hexcombat.game.state import Command, GameError, GameState
from hexcombat.game.tutorials import tutorial_target
from hexcombat.rules.report import Report, odds_column


def refused(state: GameState):  # noqa: ANN201
    def run(command: Command) -> str:
        try:
            state.execute(command)
        except GameError as exc:
            return str(exc)
        return ""

    return run


def attack_report(state: GameState, label: str | Hex) -> Report:
    """The report of an attack on the stack in ``label``, as the Combat panel starts it."""
    model = AttackModel(state, refused(state))
    target = state.hexmap.hex_at(label) if isinstance(label, str) else label
    assert model.start(target), model.refusal
    assert model.report is not None
    return model.report


@pytest.fixture
def odds_report(tmp_path: Path) -> Iterator[Report]:
    """6 against 2 in woods: 2:1 on 2d6 (O1, O2), no modifier at all."""
    infantry, guard = odds_unit("Infantry", 3, 1), odds_unit("Guard", 1, 2, steps=3)
    placed = [(infantry, "Red", "0101"), (infantry, "Red", "0101"), (guard, "Blue", "0201")]
    with known("odds-2d6"):
        yield attack_report(opened_game("odds-2d6", "cwcccc", placed, tmp_path), "0201")


@pytest.fixture
def differential_report(tmp_path: Path) -> Iterator[Report]:
    """Cavalry 5 against militia 3: a differential of +2 (D1), no odds, no modifier."""
    placed = [
        (differential_unit("Cavalry", 5, 1), "Red", "0501"),
        (differential_unit("Militia", 1, 3), "Blue", "0401"),
    ]
    with known("differential"):
        yield attack_report(opened_game("differential", "cccccccc", placed, tmp_path), "0401")


def test_explain_shows_the_odds_of_a_2d6_game_and_no_drm_it_does_not_have(
    odds_report: Report,
) -> None:
    assert odds_column(odds_report) == "2:1"
    lines = format_report(odds_report).splitlines()
    assert "Odds: 2:1" in lines
    assert not any("DRM" in line for line in lines)


def test_explain_shows_no_drm_for_a_differential_game(differential_report: Report) -> None:
    assert not any("DRM" in line for line in format_report(differential_report).splitlines())


@pytest.mark.parametrize("which", ["odds_report", "differential_report"])
def test_a_saved_report_has_no_drm_column_nor_drm_headline_without_a_drm(
    which: str, request: pytest.FixtureRequest
) -> None:
    report: Report = request.getfixturevalue(which)
    shown = from_report(report)
    assert shown.drm_column is False
    labels = [label for label, _ in shown.facts]
    assert not any("DRM" in label for label in labels)
    assert ("Odds" in labels) == (odds_column(report) is not None)
    assert "DRM" not in markdown([shown], "Combat")
    assert "DRM" not in html_report([shown], "Combat")


def test_the_europa_tutorial_keeps_its_final_drm_and_its_drm_column(state: GameState) -> None:
    """14D2d's worked example: the odds column and its DRM, as Europa's players read them."""
    target = tutorial_target(state)
    assert target is not None
    tutorial_report = attack_report(state, target)
    assert "Final DRM:" in format_report(tutorial_report)
    shown = from_report(tutorial_report)
    assert shown.drm_column is True
    assert ("Odds and DRM", tutorial_report.headline) in shown.facts
    assert "| Rule | Step | Value | DRM |" in markdown([shown], "Combat")
    assert "<th>DRM</th>" in html_report([shown], "Combat")


def test_a_misspelt_inline_unit_is_shown_an_example_every_game_reads() -> None:
    """The example names no Europa value (``aeca``, ``size``) a differential unit has not."""
    from hexcombat.game.calculator import CalculatorError, read_inline_unit

    with pytest.raises(CalculatorError) as refused_unit:
        read_inline_unit('name = "Cavalry" attack = 5')
    said = str(refused_unit.value)
    assert "e.g. name = " in said
    assert "aeca" not in said and "size" not in said


def test_a_tutorial_step_showing_the_final_drm_of_a_game_without_one_is_refused(
    odds_report: Report,
) -> None:
    """A tutorial of the 2d6 game that points at "drm" points at nothing: said, not read as
    a DRM of 0; its odds are read."""
    from hexcombat.game.tutorial_steps import MissingValue, read_shown, value_of

    with pytest.raises(MissingValue, match="no final DRM"):
        value_of(read_shown("drm"), odds_report)
    assert value_of(read_shown("odds"), odds_report) == "2:1"


def test_explain_says_a_2d6_roll_as_rolled_with_no_modifier(odds_report: Report) -> None:
    """6 + 5 = 11 on 2:1 is D2 (O3): the two dice and their sum, not "6 +0 = 6"."""
    from hexcombat.game.evaluation import resolve_report
    from hexcombat.game.explain_cli import format_result
    from hexcombat.rules.dice import ScriptedDice

    result = resolve_report(odds_report, ScriptedDice([6, 5]))  # the fixture knows the ruleset
    assert result.code == "D2"
    (roll,) = [line for line in format_result(result).splitlines() if line.startswith("Roll: ")]
    assert roll == "Roll: 6 + 5 = 11: D2"


def test_explain_says_a_differential_die_with_no_plus_0(differential_report: Report) -> None:
    """A 4 on the +2 column is DR (D2): the die as rolled."""
    from hexcombat.game.evaluation import resolve_report
    from hexcombat.game.explain_cli import format_result
    from hexcombat.rules.dice import ScriptedDice

    result = resolve_report(differential_report, ScriptedDice([4]))
    assert result.code == "DR"
    assert "Roll: 4: DR" in format_result(result).splitlines()
