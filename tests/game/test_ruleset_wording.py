"""A combat is said in its ruleset's words wherever a player reads it in one line: the roll as it
is announced, the combat log's line, the Combat panel's heading and result (rules/wording.py).
The game knows no table's wording of its own: a ruleset that says a combat otherwise is read in
its words, and the Europa rulesets keep the words their players have always read."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction

import pytest
from tiny_game import guards, target, tiny_game, tiny_rules

from hexcombat.game.attack_model import AttackModel
from hexcombat.game.combat_log import report_words, words
from hexcombat.game.state import Command, GameError, GameState
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import CombatResult, DrmChances, ModifiedRoll, OddsColumn, Report
from hexcombat.rules.wording import PlainWording, ResultWords


class Announced(PlainWording):
    """A ruleset's own words, unlike any headline."""

    def report_words(self, report: Report) -> str:
        return f"volley of {report.payload['fire']}"

    def result_words(self, report: Report, result: CombatResult) -> ResultWords:
        return ResultWords(f"rolled {result.code}", f"logged {result.code}", ("shown", "more"))


def runner(state: GameState) -> Callable[[Command], str]:
    """Runs a command on the game as the window does: its refusal in words, else ""."""

    def run(command: Command) -> str:
        try:
            state.execute(command)
        except GameError as exc:
            return str(exc)
        return ""

    return run


@pytest.fixture
def state() -> Iterator[GameState]:
    with tiny_rules():
        yield tiny_game()


def test_the_roll_and_the_log_are_said_in_the_rulesets_words(
    state: GameState, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(get_ruleset("tiny"), "wording", Announced())
    model = AttackModel(state, runner(state))
    assert model.start(target(state))
    assert model.report is not None and report_words(model.report) == "volley of 3"
    assert model.roll([4, 1, 1]) is not None  # a hit, the morale check holds: L
    assert state.log[-1].text == "Roll 4 1 1 (typed in) for 0504: rolled L, not applied yet"
    resolution = model.resolution
    assert resolution is not None
    assert words(resolution.report, resolution.result).shown == ("shown", "more")
    model.set_losses([guards(state)])
    assert model.apply()
    assert state.log[-1].text == "0404 -> 0504: logged L"


def test_a_ruleset_that_says_nothing_of_its_own_is_read_in_its_headlines(
    state: GameState,
) -> None:
    model = AttackModel(state, runner(state))
    assert model.start(target(state))
    report = model.report
    assert report is not None and report_words(report) == "fire 3 against 2, DRM +1"
    assert model.roll([4, 5, 5]) is not None
    resolution = model.resolution
    assert resolution is not None
    said = words(report, resolution.result)
    assert said.rolled == said.logged == "fire die 4 +1 = 5: LD; morale check 5 + 5 = 10"
    assert said.shown == ("fire die 4 +1 = 5: LD", "Dice: fire die 4; morale check 5 + 5 = 10")


def test_a_table_ruleset_is_read_on_its_column_as_players_always_have() -> None:
    """A 3:1 with a DRM of +3 or +4 at even chances (10.C), rolled 4 with +4: 8, DR."""
    wording = get_ruleset("total-war").wording
    report = Report(
        ruleset="total-war",
        situation=None,  # type: ignore[arg-type]
        totals={},
        outcomes={},
        features=(OddsColumn("3:1"), DrmChances({3: Fraction(1, 2), 4: Fraction(1, 2)})),
    )
    assert wording.report_words(report) == "3:1   DRM +3 (+3: 50%, +4: 50%)"
    result = CombatResult("DR", None, None, False, features=(ModifiedRoll(4, 4, 8),))  # type: ignore[arg-type]
    assert wording.result_words(report, result) == ResultWords(
        "3:1, DRM +4 = 8: DR", "3:1, DRM +4, roll 4 = 8: DR", ("die 4, DRM +4 = 8",)
    )
