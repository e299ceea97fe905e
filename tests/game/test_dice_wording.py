"""Each die is asked for as its ruleset declares it (its ``DieSpec``), in the order the combat
rolls it, in one wording everywhere: the typed-dice prompt of the Combat panel and of the
calculator, the typed-dice refusals, and ``explain --roll``. A die is said by how it is asked
when its faces pick among choices (10.C's chance roll), else by its purpose and its dice.

- Total War, 14D2d tutorial: one combat die, a d6 (CRT).
- Armour ratio, 10.C tutorial: +3 with a 50% chance of +4, so a chance roll on a d6 (1-3: +3,
  4-6: +4, 10.C), then the combat die.
- Assault and morale, woods tutorial: each side's own table die, the attacker's then the
  defender's, both d6 (ACT).
- Last Hundred Yards, limits tutorial: the assault die, a d10 (Assault Results).
- A test-only ruleset (``duel_ruleset``) whose dice are "the attacker's d6" and "the
  defender's d6" gets those words, not Europa's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tiny_game import GUARDS, MAP, RIFLES

from hexcombat.board.mapfile import load_map
from hexcombat.game.attack_model import AttackModel
from hexcombat.game.calculator import dice_wanted as calculator_dice
from hexcombat.game.calculator import open_combat
from hexcombat.game.commands import AddCounter
from hexcombat.game.explain_cli import explain_command
from hexcombat.game.opening import open_game
from hexcombat.game.roll import dice_asked, read_typed_roll, typed_roll_help, typed_roll_prompt
from hexcombat.game.state import Counter, GameError, GameState
from hexcombat.game.tutorials import tutorial_target
from hexcombat.rules.registry import get_ruleset, register_ruleset
from hexcombat.rules.report import Report

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"
CHANCE = "the chance roll on a d6 that picks the DRM (1-3: +3, 4-6: +4)"

SHIPPED = [
    ("tutorial-14d2d-scenario.toml", "total-war", ["the combat die (d6)"], [6]),
    ("tutorial-10c-ratio-scenario.toml", "armour-ratio", [CHANCE, "the combat die (d6)"], [6, 6]),
    (
        "tutorial-assault-morale-woods-scenario.toml",
        "assault-morale",
        ["the attacker's table die (d6)", "the defender's table die (d6)"],
        [6, 6],
    ),
    ("tutorial-lhy-limits-scenario.toml", "lhy-assault", ["the assault die (d10)"], [10]),
]
EVERY_DIE = {word for _, _, words, _ in SHIPPED for word in words}


def report_of(state: GameState) -> Report:
    model = AttackModel(state)
    assert model.start(tutorial_target(state)), model.refusal
    assert model.report is not None, model.problem
    return model.report


@pytest.mark.parametrize(("scenario", "ruleset", "words", "sides"), SHIPPED)
def test_each_shipped_ruleset_asks_for_its_own_dice_in_the_order_rolled(
    scenario: str, ruleset: str, words: list[str], sides: list[int]
) -> None:
    state = open_game(MAPS / scenario)
    assert state.ruleset == ruleset
    report = report_of(state)
    dice = dice_asked(report)
    assert [d.sides for d in dice] == sides
    declared = {d.purpose for d in get_ruleset(ruleset).vocabulary.dice}
    assert {d.purpose for d in dice} <= declared  # each a die the ruleset declares
    said = ", then ".join(words)
    prompt = typed_roll_prompt(report)
    if len(sides) == 1:  # one die: said whole
        assert prompt.startswith("or type one number: ") and said in prompt
    else:  # the first die named, so the prompt fits its field; the tooltip names them all
        assert prompt == f"or type 2 numbers, the {dice[0].purpose} first"
    assert said in typed_roll_help(report)
    assert [w for w in EVERY_DIE - set(words) if w in prompt] == []  # no other game's dice
    # the calculator says the same
    assert said in calculator_dice(report)


@pytest.mark.parametrize(("scenario", "ruleset", "words", "sides"), SHIPPED)
def test_a_typed_die_that_is_no_face_of_it_is_refused_naming_the_die(
    scenario: str, ruleset: str, words: list[str], sides: list[int]
) -> None:
    report = report_of(open_game(MAPS / scenario))
    dice = dice_asked(report)
    faces = ["1"] * len(sides)
    faces[-1] = str(sides[-1] + 1)  # the last die one above its faces: a d6 has no 7
    with pytest.raises(GameError) as refused:
        read_typed_roll(" ".join(faces), dice)
    assert str(refused.value).startswith(f"{words[-1]} has no {sides[-1] + 1}: type ")
    assert ", then ".join(words) in str(refused.value)


@pytest.mark.parametrize(("scenario", "ruleset", "words", "sides"), SHIPPED)
def test_explain_says_the_dice_in_the_panels_words(
    scenario: str,
    ruleset: str,
    words: list[str],
    sides: list[int],
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = MAPS / scenario
    assert explain_command(str(path), rolls=[sides[0] + 1]) == 1
    err = capsys.readouterr().err.strip()
    if len(sides) == 1:  # a face the die has not
        assert err == f"{path}: --roll: {words[0]} has no {sides[0] + 1}"
    else:  # too few: every die it needs, in order
        assert err.startswith(f"{path}: --roll: this combat needs 2 dice, 1 given: ")
        assert ", then ".join(words) in err


def test_the_calculator_opens_a_case_with_the_same_words_as_the_map() -> None:
    case = REPO / "tests" / "cases" / "am-assault-woods.toml"
    report = open_combat(case).evaluate()
    assert isinstance(report, Report)
    assert "the attacker's table die (d6), then the defender's table die (d6)" in (
        typed_roll_help(report)
    )
    assert typed_roll_prompt(report) == "or type 2 numbers, the attacker's table die first"


# a test-only ruleset with two dice of its own names -------------------------------------------


@pytest.fixture
def duel() -> Iterator[GameState]:
    """The tiny ruleset's Rifles next to its Guards on the 14D2d map, under the duel rules."""
    with register_ruleset("duel", "duel_ruleset"):
        state = GameState(load_map(MAP), ruleset="duel")
        for unit, side, label in [(RIFLES, "Red", "0404"), (GUARDS, "Blue", "0504")]:
            counter = Counter(state.new_uid(), unit, side)
            state.execute(AddCounter(counter, state.hexmap.hex_at(label)))
        yield state


def test_a_ruleset_with_dice_of_its_own_names_gets_its_own_words(duel: GameState) -> None:
    model = AttackModel(duel)
    assert model.start(duel.hexmap.hex_at("0504")), model.refusal
    report = model.report
    assert report is not None, model.problem
    prompt = typed_roll_prompt(report)
    assert prompt == "or type 2 numbers, the attacker's d6 first"
    assert "2 numbers: the attacker's d6, then the defender's d6, e.g." in typed_roll_help(report)
    for europa in ("chance roll", "combat die", "DRM"):
        assert europa not in prompt and europa not in typed_roll_help(report)
    with pytest.raises(GameError) as refused:
        read_typed_roll("3 7", dice_asked(report))
    assert str(refused.value).startswith("the defender's d6 has no 7: type 2 numbers: ")
    # 5 beats 2: the Guards lose a step and check morale (T4), a 2d6 the duel declares too
    assert model.roll([5, 2]) is None
    assert model.follow_up and model.follow_up[0].purpose == "morale check"
    assert typed_roll_prompt(report, model.follow_up) == "type 3 numbers, the attacker's d6 first"
    helped = typed_roll_help(report, model.follow_up)
    assert "3 numbers: the attacker's d6, then the defender's d6, then " in helped
    assert "the morale check (2d6)" in helped
    assert model.roll([5, 2, 6]) is None  # the second die of the 2d6
    said = typed_roll_help(report, model.follow_up)
    assert "then the morale check (2d6), 2 numbers, e.g. 4 2 5 3" in said  # said once
    resolution = model.roll([5, 2, 6, 3])  # 6 + 3 = 9, above 7: disrupted (T4)
    assert resolution is not None, model.roll_problem
    assert [(r.purpose, r.faces) for r in resolution.result.rolls] == [
        ("attacker's d6", (5,)),
        ("defender's d6", (2,)),
        ("morale check", (6, 3)),
    ]
    assert resolution.result.code == "LD"
