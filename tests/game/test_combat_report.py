"""Reports (game/combat_report.py): a combat, or the whole log, as Markdown and HTML with every
step and its rule reference, the dice and what was applied; saved whole or not at all."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

from hexcombat.game.combat_report import (
    from_log_entry,
    from_report,
    html_report,
    log_reports,
    markdown,
    md,
    save_export,
)
from hexcombat.game.evaluation import evaluate_scenario, resolve_report
from hexcombat.game.scenario import load_scenario
from hexcombat.game.state import CombatLogEntry
from hexcombat.rules.dice import ScriptedDice
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import Report
from meaning import one_says

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL_14D2D = ROOT / "maps" / "tutorial-14d2d-scenario.toml"


def tutorial_report() -> Report:
    return evaluate_scenario(load_scenario(TUTORIAL_14D2D))


def test_the_14d2d_markdown_has_every_step_with_its_rule_and_the_plus_1() -> None:
    report = tutorial_report()
    text = markdown([from_report(report, title="Attack on 0504")], "14D2d")
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    for step in report.steps:
        assert any(row.startswith(f"| {step.rule} | {md(step.text)}") for row in rows), step
    # 14D2a: heavy armour +1; the net DRM +1 (the figure the rules text states)
    (heavy,) = [r for r in rows if r.startswith("| 14D2a | heavy armour")]
    assert heavy.endswith("| +1 |")
    (net,) = [r for r in rows if r.startswith("| CRT | combat die roll modifier")]
    assert "| 1 |" in net
    assert "**Odds and DRM:** 3:1, DRM +1" in text
    assert "*(assumed)*" in text  # the generic CRT's assumed chances are marked


def test_a_rolled_combat_reports_its_dice_and_result() -> None:
    report = tutorial_report()
    result = resolve_report(report, ScriptedDice([4]))
    text = markdown([from_report(report, result)], "14D2d")
    assert f"**Dice:** {result.rolls[0].purpose} 4" in text
    assert f"**Result:** {md(result.headline)}" in text
    for step in result.steps:
        assert f"| {step.rule} | {md(step.text)}" in text


def test_html_is_well_formed_and_a_unit_name_stays_text() -> None:
    report = tutorial_report()
    situation = report.situation
    first = situation.attackers[0]
    named = replace(first, unit=replace(first.unit, name="<b>&"))
    changed = replace(situation, attackers=(named, *situation.attackers[1:]))
    odd = get_ruleset(report.ruleset).evaluate(changed)
    page = html_report([from_report(odd, title="<b>& attacks")], "Combat <b>&")
    root = ET.fromstring(page.removeprefix("<!DOCTYPE html>\n"))
    assert root.tag == "html"
    texts = "".join(root.itertext())
    assert "<b>& attacks" in texts and "Combat <b>&" in texts
    assert "<b>&" in texts.split("14D2a")[1]  # the name inside the steps, as text
    assert not [b for b in root.iter("b") if "&" in "".join(b.itertext())]
    assert md("<b>&") == r"\<b\>\&"


def test_the_log_export_keeps_the_time_losses_retreats_and_advance() -> None:
    entry = CombatLogEntry(
        "0404, 0505 -> 0504: 5:1, DRM +3, roll 1 = 4: DH",
        ["10.C: AECA:ATEC 5.1:1 +3", "CRT: combat die 1 +3 = 4 on the 5:1 column"],
        rolled_at="2026-11-23T21:14:05+01:00",
        losses=["German: AT X ×2 in 0504"],
        retreats=["AT X ×3: 0504 -> 0605"],
        advance=["Tank XXX ×3 from 0505 into 0504"],
    )
    older = CombatLogEntry("0302 -> 0303: 2:1, DRM 0, roll 6 = 6: DE", ["CRT: odds 2:1"])
    text = markdown(log_reports([older, entry]), "Combat log")
    assert "## Combat 1: 0302 \\-\\> 0303" not in text  # only Markdown's own characters escaped
    # pins the wording a player reads in a saved combat report
    assert "## Combat 1: 0302 -\\> 0303: 2:1, DRM 0, roll 6 = 6: DE" in text
    assert "**Rolled at:** 2026-11-23T21:14:05+01:00" in text
    assert "| 10.C | AECA:ATEC 5.1:1 +3 |" in text
    assert "**Losses:** German: AT X ×2 in 0504" in text
    assert "**Retreat:** AT X ×3: 0504 -\\> 0605" in text
    assert one_says(text, figures=["3", "0505", "0504"], names=["Advance", "Tank XXX"])
    assert from_log_entry(older).applied == ()  # an old save's entry: nothing invented


def test_saving_writes_markdown_or_html_by_the_name(tmp_path: Path) -> None:
    reports = [from_report(tutorial_report())]
    assert save_export(reports, "14D2d", tmp_path / "a.md") is None
    assert (tmp_path / "a.md").read_text(encoding="utf-8").startswith("# 14D2d")
    assert save_export(reports, "14D2d", tmp_path / "a.html") is None
    assert (tmp_path / "a.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_an_unwritable_path_says_so_and_loses_nothing(tmp_path: Path) -> None:
    reports = [from_report(tutorial_report())]
    blocker = tmp_path / "notes.txt"
    blocker.write_text("keep me", encoding="utf-8")
    problem = save_export(reports, "14D2d", blocker / "combat.md")  # a file is no folder
    assert problem is not None and str(blocker / "combat.md") in problem
    assert blocker.read_text(encoding="utf-8") == "keep me"
    folder = tmp_path / "taken.md"
    folder.mkdir()
    (folder / "inside").write_text("kept", encoding="utf-8")
    problem = save_export(reports, "14D2d", folder)  # a folder by that name stays as it was
    assert problem is not None and str(folder) in problem
    assert (folder / "inside").read_text(encoding="utf-8") == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "taken.md"]


def test_the_last_combat_is_the_last_entry_changing_nothing_itself_with_the_rolls_after_it() -> (
    None
):
    from hexcombat.game.combat_report import last_combat

    combat = CombatLogEntry("0303 -> 0403: DL", [])
    check = CombatLogEntry("0403: cohesion check", [])
    check.changes = ["no change"]
    assert last_combat([]) == []
    assert last_combat([CombatLogEntry("before", []), combat, check]) == [combat, check]
    assert last_combat([combat]) == [combat]
    assert last_combat([check]) == [check]  # a roll with no combat logged before it


def test_a_tactical_assaults_report_says_its_drm_and_no_odds() -> None:
    from hexcombat.game.calculator import open_combat

    case = Path(__file__).parents[1] / "cases" / "lhy-assault-squads.toml"
    report = open_combat(case).evaluate()
    text = markdown([from_report(report, title="Assault on 0403")], "Assault on 0403")
    assert "**DRM:** assault DRM +4" in text
    assert "Odds" not in text  # the Assault table is read by the final DRM, no odds column
