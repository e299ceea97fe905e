"""A tutorial names the totals its steps show in its own game's words: the ruleset declares its
glossary (rules/vocabulary.py, a ruleset file's ``[glossary]``) and the tutorial panel reads the
tutorial's ruleset's through the registry; a game with no glossary has its keys' words."""

from __future__ import annotations

from pathlib import Path

import pytest
from datafile_helpers import variant

from hexcombat.game.tutorial_steps import Shown, TutorialStep
from hexcombat.rules.registry import get_ruleset
from hexcombat.rulesets.datafile.engine import DataRuleset
from hexcombat.rulesets.datafile.loader import load_ruleset_file, ruleset_file_problems
from hexcombat.ui.tutorial_panel import TutorialPanel, shown_name


def total(key: str) -> Shown:
    return Shown("total", f"total {key}", key)


@pytest.mark.parametrize("ruleset", ["total-war", "armour-ratio"])
@pytest.mark.parametrize(
    ("key", "words"),
    [
        ("aeca_res", "AECA REs"),  # 14D2
        ("attack_non_artillery_res", "attack non artillery REs"),
        ("aeca_atec_ratio", "AECA:ATEC"),  # 10.C
        ("aecd_res_before_terrain", "AECD REs before terrain"),
        ("heavy_atec_defender", "heavy ATEC defender"),
    ],
)
def test_the_europa_rulesets_spell_their_totals_as_their_rules_write_them(
    ruleset: str, key: str, words: str
) -> None:
    assert get_ruleset(ruleset).vocabulary.spelled(key) == words


def test_the_assault_spells_its_drm_and_a_game_without_a_glossary_its_keys_words() -> None:
    assert get_ruleset("lhy-assault").vocabulary.spelled("drm_before_limit") == "DRM before limit"
    hill = get_ruleset("hill-and-ford").vocabulary  # an example game declaring none
    assert hill.glossary == {}
    assert hill.spelled("attack_strength") == "attack strength"
    assert hill.spelled("aeca_res") == "aeca res"  # no Europa word in another game


def test_a_ruleset_file_declares_its_glossary(tmp_path: Path) -> None:
    path = variant(
        tmp_path,
        "[[dice]]\n",
        '[glossary]\nsp = "SPs"\nattack_strength = "attack factors"\n\n[[dice]]\n',
    )
    vocabulary = DataRuleset(load_ruleset_file(path)).vocabulary
    assert vocabulary.spelled("attack_strength") == "attack factors"
    assert vocabulary.spelled("defence_sp") == "defence SPs"


def test_a_glossary_word_that_is_no_key_is_told_at_its_line(tmp_path: Path) -> None:
    path = variant(tmp_path, "[[dice]]\n", '[glossary]\n"Attack Strength" = "AF"\n\n[[dice]]\n')
    problems = ruleset_file_problems(path)
    assert [p.line for p in problems] == [
        next(i for i, t in enumerate(path.read_text().splitlines(), 1) if "Attack Strength" in t)
    ]
    assert "glossary" in problems[0].message


def steps() -> list[TutorialStep]:
    return [TutorialStep("Read the attacking armour.", show=total("aeca_res"))]


@pytest.mark.parametrize(
    ("ruleset", "name"),
    [("armour-ratio", "AECA REs"), ("lhy-assault", "aeca res"), ("hill-and-ford", "aeca res")],
)
def test_the_panel_names_a_total_in_the_tutorial_s_ruleset_s_words(
    qtbot, ruleset: str, name: str
) -> None:  # noqa: ANN001
    panel = TutorialPanel()
    qtbot.addWidget(panel)
    panel.show_tutorial("A tutorial", "", steps(), ruleset)
    step = panel.step()
    assert step is not None and step.show is not None
    assert shown_name(step.show, panel.vocabulary) == name
