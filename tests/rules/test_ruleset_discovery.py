"""Rulesets are found, not listed: the folders of the rulesets package that provide ``RULESET``,
and installed packages declaring the entry point ``hexcombat.rulesets``. A broken folder or
plug-in is left out with a message naming it; the other rulesets play on."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from hexcombat.rules.errors import RulesError
from hexcombat.rules.references import rule_text
from hexcombat.rules.registry import (
    declarations,
    get_ruleset,
    left_out,
    register_ruleset,
    ruleset_ids,
)
from hexcombat.rules.report import final_drm
from hexcombat.rules.situation import CombatSituation, Conditions, Participant
from hexcombat.rules.units import unit_from_mapping
from ruleset_folders import ODDS_D6, copy_folder, installed, rulesets_path, write_distribution

EXAMPLE_GAMES = ("firefight", "hedgerow-line", "hill-and-ford")
"""The example games shipped as ruleset files (rulesets/), found after the folders."""
SHIPPED = {"total-war", "armour-ratio", "lhy-assault", "assault-morale", *EXAMPLE_GAMES}


def attack(ruleset: str, terrain: str = "clear") -> CombatSituation:
    """Rifles (attack 6) against Guards (defence 3): 2:1 under the odds-d6 rules (O1)."""
    rifles = unit_from_mapping({"name": "Rifles", "attack": 6, "steps": 2}, "t", tactical=True)
    guards = unit_from_mapping({"name": "Guards", "defence": 3, "steps": 2}, "t", tactical=True)
    return CombatSituation(
        ruleset, (Participant(rifles),), (Participant(guards),), Conditions(terrain=terrain)
    )


def test_the_shipped_rulesets_are_found_in_their_folders() -> None:
    assert set(ruleset_ids()) == SHIPPED
    assert left_out() == ()
    for rid in ruleset_ids():
        assert get_ruleset(rid).id == rid  # the id is the ruleset's own


def test_a_family_package_without_a_ruleset_is_passed_by() -> None:
    import hexcombat.rulesets.europa.air  # noqa: F401  (a folder of the rulesets package with no RULESET)

    assert "air" not in ruleset_ids() and left_out() == ()


def test_a_copied_folder_is_found_with_its_declarations(tmp_path: Path) -> None:
    copy_folder(ODDS_D6, tmp_path)
    with rulesets_path(tmp_path):
        # in the order of the folders' names, wherever each folder is
        assert ruleset_ids() == (
            "armour-ratio",
            "assault-morale",
            "lhy-assault",
            "odds-d6",
            "total-war",
            *EXAMPLE_GAMES,
        )
        assert left_out() == ()
        report = get_ruleset("odds-d6").evaluate(attack("odds-d6", terrain="woods"))
        # 2:1 (O1), woods -1 (O2): die 1..6 reads 1,1,2,3,4,5 on AL NE NE DL DL DL (O3)
        assert final_drm(report) == -1
        assert report.outcomes == {"AL": Fraction(1, 3), "NE": Fraction(1, 3), "DL": Fraction(1, 3)}
        declared = declarations("odds-d6")
        assert declared.game == "Classic odds (one d6)"
        assert [p.name for p in declared.tutorial_files()] == ["odds-d6-woods-scenario.toml"]
        assert [p.name for p in declared.counter_set_files()] == ["odds-d6.toml"]
        assert "woods" in (rule_text("O2", "odds-d6") or "")
    assert "odds-d6" not in ruleset_ids()


def test_a_folder_that_fails_to_import_is_left_out_and_the_others_play_on(
    tmp_path: Path,
) -> None:
    broken = tmp_path / "broken_game"
    broken.mkdir()
    (broken / "__init__.py").write_text("import no_such_module_here\n", encoding="utf-8")
    with rulesets_path(tmp_path):
        (said,) = left_out()
        assert str(broken) in said.where and "no_such_module_here" in said.reason
        assert set(ruleset_ids()) == SHIPPED
        with pytest.raises(RulesError) as refused:
            get_ruleset("broken-game")
        assert str(broken) in str(refused.value)  # why a scenario naming it is refused


def test_a_folder_taking_a_taken_id_is_left_out_naming_both(tmp_path: Path) -> None:
    copy_folder(ODDS_D6, tmp_path, "odds_a")
    copy_folder(ODDS_D6, tmp_path, "odds_b")
    with rulesets_path(tmp_path):
        (said,) = left_out()
        assert str(tmp_path / "odds_b") in said.where
        assert "'odds-d6'" in said.reason and str(tmp_path / "odds_a") in said.reason
        assert ruleset_ids().count("odds-d6") == 1


def test_an_installed_plug_in_is_found_by_its_entry_point(tmp_path: Path) -> None:
    site = tmp_path / "site-packages"
    copy_folder(ODDS_D6, site, "odds_plugin")
    write_distribution(site, "odds-plugin", "[hexcombat.rulesets]\nodds-d6 = odds_plugin\n")
    assert "odds-d6" not in ruleset_ids()
    with installed(site, "odds_plugin"):
        assert "odds-d6" in ruleset_ids() and left_out() == ()
        assert final_drm(get_ruleset("odds-d6").evaluate(attack("odds-d6"))) == 0
        assert [p.name for p in declarations("odds-d6").counter_set_files()] == ["odds-d6.toml"]
    assert "odds-d6" not in ruleset_ids()


def test_an_entry_point_may_name_the_ruleset_object_itself(tmp_path: Path) -> None:
    site = tmp_path / "site-packages"
    copy_folder(ODDS_D6, site, "odds_object")
    write_distribution(site, "odds-object", "[hexcombat.rulesets]\nx = odds_object:RULESET\n")
    with installed(site, "odds_object"):
        assert "odds-d6" in ruleset_ids()


def test_broken_plug_ins_are_left_out_each_with_why(tmp_path: Path) -> None:
    site = tmp_path / "site-packages"
    (site / "empty_plugin").mkdir(parents=True)
    (site / "empty_plugin" / "__init__.py").write_text('"""No ruleset here."""\n')
    (site / "taker").mkdir()
    (site / "taker" / "__init__.py").write_text(
        "class Taker:\n    id = 'total-war'\n    def evaluate(self, s): ...\nRULESET = Taker()\n"
    )
    write_distribution(
        site,
        "broken-plugins",
        "[hexcombat.rulesets]\na-missing = not_installed_anywhere\n"
        "b-empty = empty_plugin\nc-taker = taker\n",
    )
    with installed(site, "empty_plugin", "taker"):
        missing, empty, taker = left_out()
        assert "broken-plugins" in missing.where and "a-missing" in missing.where
        assert "not_installed_anywhere" in missing.reason
        assert "b-empty" in empty.where and "names no RULESET" in empty.reason
        assert "c-taker" in taker.where and "'total-war' is already taken" in taker.reason
        assert "total_war" in taker.reason  # by the folder that has it
        assert set(ruleset_ids()) == SHIPPED
        assert get_ruleset("total-war").title.startswith("Total War")


def test_a_registered_test_ruleset_cannot_shadow_a_found_one(tmp_path: Path) -> None:
    copy_folder(ODDS_D6, tmp_path)
    with rulesets_path(tmp_path):
        with pytest.raises(RulesError, match="already registered"):
            with register_ruleset("odds-d6", "tiny_ruleset"):
                pass  # pragma: no cover
