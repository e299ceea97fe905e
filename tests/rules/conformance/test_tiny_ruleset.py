"""The tiny test ruleset (tiny_ruleset.py) on its own: a game with no odds and no strength
points, whose result rolls a 2d6 morale check inside the resolution, so scripted dice must say
which die they want next. The conformance suite (test_conformance.py) checks it beside every
registered ruleset."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from conformance_helpers import reference_problem
from dice_paths import every_roll

from hexcombat.game.explain_cli import explain_command
from hexcombat.rules.dice import DiceWanted, ScriptedDice
from hexcombat.rules.errors import RulesError
from hexcombat.rules.registry import Ruleset, get_ruleset, register_ruleset, ruleset_ids
from hexcombat.rules.report import final_drm
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import Unit
from meaning import each_says, says


@pytest.fixture(scope="module")
def tiny() -> Iterator[Ruleset]:
    with register_ruleset("tiny", "tiny_ruleset") as ruleset:
        yield ruleset


def unit(name: str, attack: int, defence: int) -> Unit:
    return Unit(name=name, attack=attack, defence=defence)


def fire(attack: int, defence: int, dug_in: bool = False) -> CombatSituation:
    return CombatSituation(
        "tiny",
        (Participant(unit("Squad", attack, 1)),),
        (Participant(unit("Rifles", 1, defence), id="c7"),),
        Conditions(dug_in=dug_in),
    )


def test_the_tiny_ruleset_is_known_only_while_registered(tiny: Ruleset) -> None:
    assert "tiny" in ruleset_ids() and get_ruleset("tiny") is tiny
    with pytest.raises(RulesError, match="already registered"):
        with register_ruleset("total-war", "tiny_ruleset"):
            pass  # pragma: no cover
    with register_ruleset("tiny-2", "tiny_ruleset"):
        assert "tiny-2" in ruleset_ids()
    assert "tiny-2" not in ruleset_ids()


def test_a_tiny_fire_gives_exact_chances_with_the_morale_check_in_them(tiny: Ruleset) -> None:
    report = tiny.evaluate(fire(4, 3))
    # T1 +1; T3 hits on 3-6 (4 of 6); T4 fails on 2d6 above 7: 15 of 36
    assert report.headline == "fire 4 against 3, DRM +1"
    assert report.outcomes == {
        "NE": Fraction(1, 3),
        "L": Fraction(2, 3) * Fraction(21, 36),
        "LD": Fraction(2, 3) * Fraction(15, 36),
    }
    assert [o.favours for o in report.outcome_list] == ["neither", "attacker", "attacker"]
    dug_in = tiny.evaluate(fire(4, 3, dug_in=True))
    assert final_drm(dug_in) == 0 and dug_in.outcomes["NE"] == Fraction(1, 2)


def test_a_hit_rolls_the_morale_check_and_a_failure_disrupts_by_id(tiny: Ruleset) -> None:
    report = tiny.evaluate(fire(4, 3))
    result = tiny.resolve(report, ScriptedDice([5, 6, 2]))
    assert result.code == "LD"
    assert [(e.kind, e.targets, e.amount, e.state) for e in result.effects] == [
        ("lose-steps", ("c7",), 1, ""),
        ("morale-check", ("c7",), 0, ""),
        ("set-state", ("c7",), 0, "disrupted"),
    ]
    assert [(r.purpose, r.faces) for r in result.rolls] == [
        ("fire die", (5,)),
        ("morale check", (6, 2)),
    ]
    assert tiny.resolve(report, ScriptedDice([5, 3, 4])).code == "L"  # 7 holds
    assert tiny.resolve(report, ScriptedDice([2])).effects == ()  # 2 +1 = 3: no effect


def test_typed_dice_that_stop_short_are_asked_for_the_morale_check(tiny: Ruleset) -> None:
    report = tiny.evaluate(fire(4, 3))
    with pytest.raises(DiceWanted) as wanted:
        tiny.resolve(report, ScriptedDice([5, 6]))
    assert (wanted.value.sides, wanted.value.purpose) == (6, "morale check")
    assert "a d6 for the morale check" in str(wanted.value)
    assert isinstance(wanted.value, RulesError)
    # a miss needs the fire die only: every roll sequence is 1 die or 3
    assert {len(r.faces) for r in every_roll(tiny, report)} == {1, 3}


def test_the_tiny_ruleset_cites_only_its_own_rules(tiny: Ruleset) -> None:
    refs = tiny.references  # type: ignore[attr-defined]
    assert reference_problem("T4", "tiny", refs) is None
    assert reference_problem("14D2a", "tiny", refs) is not None  # not a rule of this game


def test_explain_asks_for_the_morale_check_a_hit_calls_for(
    tiny: Ruleset, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "tiny.toml"
    scenario.write_text(
        'ruleset = "tiny"\ntitle = "A tiny fire"\n\n'
        '[[attacker]]\nname = "Squad"\nsize = "II"\nattack = 4\ndefence = 1\n\n'
        '[[defender]]\nname = "Rifles"\nsize = "II"\nattack = 1\ndefence = 3\n',
        encoding="utf-8",
    )
    assert explain_command(str(scenario), rolls=[5]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{scenario}: --roll: ") and err.count("\n") == 1
    assert says(
        err.removeprefix(f"{scenario}: "), figures=["1"], names=["--roll", "d6", "morale check"]
    )
    assert explain_command(str(scenario), rolls=[5, 6, 6]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "fire 4 against 3, DRM +1"  # the headline first, after the title
    assert "Odds:" not in "\n".join(out)  # a game without odds says nothing of them
    assert each_says(
        out[out.index("Effects:") + 1 :],
        dict(names=["T3", "defender", "loses a step", "Rifles"]),
        dict(names=["T4", "defender", "checks morale", "Rifles"]),
        dict(names=["T4", "defender", "is disrupted", "Rifles"]),
    )
