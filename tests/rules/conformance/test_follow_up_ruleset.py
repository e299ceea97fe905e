"""The conformance suite over the follow-up test ruleset (follow_up_ruleset.py): its results call
for follow-ups (2d6 morale checks, a rout roll they may call for, a pin on a defender the
attacker chooses), so check 7 runs: each follow-up's promised chances are exactly the
frequencies of its resolution over every die face, for each unit it may be chosen for."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

import pytest
from follow_up_ruleset import FollowUpRuleset
from hypothesis import given
from hypothesis import strategies as st
from test_conformance import GENERATED, check_follow_up, check_report
from tiny_strategies import situations, unit

from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.follow_ups import FollowUp
from hexcombat.rules.registry import Ruleset, register_ruleset
from hexcombat.rules.report import Outcome, Report
from hexcombat.rules.situation import CombatSituation, Participant
from hexcombat.rules.status import FRESH


@pytest.fixture(scope="module")
def ruleset() -> Iterator[Ruleset]:
    with register_ruleset("tiny-follow-ups", "follow_up_ruleset") as found:
        yield found


def follow_up_situations() -> st.SearchStrategy[CombatSituation]:
    return situations().map(lambda s: replace(s, ruleset="tiny-follow-ups"))


def test_each_generated_report_and_its_follow_ups_keep_their_promises(ruleset: Ruleset) -> None:
    @GENERATED
    @given(follow_up_situations(), st.integers(0, 10_000))
    def check(situation: CombatSituation, seed: int) -> None:
        check_report(ruleset, ruleset.evaluate(situation), seed)

    check()


class WrongChances(FollowUpRuleset):
    """A morale check that promises 7 or less holds half the time (it is 21/36, F1)."""

    def follow_up_chances(
        self, report: Report, follow_up: FollowUp, standing: object, choice: str | None = None
    ) -> tuple[Outcome, ...]:
        found = super().follow_up_chances(report, follow_up, standing, choice)  # type: ignore[arg-type]
        if follow_up.kind != "morale-check":
            return found
        half = Fraction(1, 2)
        return (
            Outcome("holds", half, "defender"),
            Outcome("disrupted", half - Fraction(1, 36), "attacker"),
            Outcome("routs", Fraction(1, 36), "attacker"),
        )


def test_the_check_refuses_chances_the_rolls_do_not_give(ruleset: Ruleset) -> None:
    situation = CombatSituation(
        "tiny-follow-ups",
        (Participant(unit("Rifles", 4, 1), id="r"),),
        (Participant(unit("Guards", 1, 2), id="g"),),
    )
    report = ruleset.evaluate(situation)
    result = ruleset.resolve(report, ScriptedDice([4]))  # 4 +1 = 5: a hit (T3)
    assert result.code == "L"
    standing = {"r": FRESH, "g": FRESH}
    (check, pin) = ruleset.follow_ups(report, result, standing)
    assert (check.key, pin.choices) == ("morale:g", ("g",))
    check_follow_up(ruleset, report, check, standing)  # the true chances pass
    with pytest.raises(AssertionError, match="rolled .* promised"):
        check_follow_up(WrongChances(), report, check, standing)  # type: ignore[arg-type]
