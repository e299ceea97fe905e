"""File > Export Combat..., Export Combat Log..., Copy Combat and Print...: the 14D2d attack
and the combat log saved as Markdown and HTML, copied, and printed to a PDF file; a path that
cannot be written is named and nothing is lost."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtPrintSupport import QPrinter
from uihelpers import start_attack

from hexcombat.game.combat_report import from_report, md
from hexcombat.ui.report_actions import write_pdf
from meaning import one_says, says_in


def menu_action(window, text: str):  # noqa: ANN001, ANN201
    (action,) = [a for a in window.menu_actions() if a.text().replace("&", "") == text]
    return action


def test_the_file_menu_exports_the_attack_in_the_panel(window, qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    start_attack(window, qtbot)
    window.reports.choose_path = lambda _caption: str(tmp_path / "attack")
    menu_action(window, "Export Combat...").trigger()
    text = (tmp_path / "attack.md").read_text(encoding="utf-8")
    assert text.startswith("# Attack on 0504")
    assert "**Odds and DRM:** 3:1, DRM +1" in text
    assert "| 14D2a | heavy armour" in text and "| 14D2c | heavy antitank" in text
    window.reports.choose_path = lambda _caption: str(tmp_path / "attack.html")
    menu_action(window, "Export Combat...").trigger()
    assert '<td class="rule">14D2d</td>' in (tmp_path / "attack.html").read_text("utf-8")
    assert window.errors == []


def test_copy_puts_markdown_and_html_on_the_clipboard(window, qtbot) -> None:  # noqa: ANN001
    start_attack(window, qtbot)
    menu_action(window, "Copy Combat").trigger()
    data = QGuiApplication.clipboard().mimeData()
    assert "| 14D2a | heavy armour" in data.text()
    assert data.hasHtml() and "14D2a" in data.html()


def test_print_writes_a_pdf(window, qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    start_attack(window, qtbot)
    pdf = tmp_path / "attack.pdf"

    def to_pdf(printer: QPrinter) -> bool:
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(pdf))
        return True

    window.reports.choose_printer = to_pdf
    assert menu_action(window, "Print...").shortcut().toString() == "Ctrl+P"
    menu_action(window, "Print...").trigger()
    assert pdf.read_bytes().startswith(b"%PDF") and pdf.stat().st_size > 2000
    window.reports.choose_printer = lambda _printer: False  # Cancel prints nothing
    pdf.unlink()
    menu_action(window, "Print...").trigger()
    assert not pdf.exists()


def test_write_pdf_offscreen(window, qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    start_attack(window, qtbot)
    write_pdf([from_report(window.combat_panel.report)], "14D2d", tmp_path / "a.pdf")
    assert (tmp_path / "a.pdf").read_bytes().startswith(b"%PDF")


def test_an_unwritable_export_is_named_and_loses_nothing(window, qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    start_attack(window, qtbot)
    blocker = tmp_path / "notes.txt"
    blocker.write_text("keep me", encoding="utf-8")
    window.reports.choose_path = lambda _caption: str(blocker / "attack.md")
    menu_action(window, "Export Combat...").trigger()
    ((title, text),) = window.errors
    assert title == "Cannot export" and str(blocker / "attack.md") in text
    assert blocker.read_text(encoding="utf-8") == "keep me"
    assert window.combat_panel.report is not None  # the attack set up stays as it was


def test_the_log_export_says_what_was_applied_and_when(window, qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    window.reports.choose_path = lambda _caption: str(tmp_path / "log.md")
    menu_action(window, "Export Combat Log...").trigger()
    assert window.errors and window.errors[0][0] == "Nothing to report"  # no combat fought yet
    assert not (tmp_path / "log.md").exists()
    window.errors.clear()
    start_attack(window, qtbot)
    panel = window.combat_panel
    panel.typed_roll.setText("4")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)  # 4 + 1 = 5 at 3:1: DR
    assert panel.resolution.result.code == "DR"
    state = window.session.state
    for start, ends in panel.retreat_ends.items():  # the first end offered, where there is one
        if ends:
            assert panel.pick_retreat(start, sorted(ends, key=state.hexmap.label)[0])
    assert panel.apply(), panel.problems.text()
    menu_action(window, "Export Combat Log...").trigger()
    text = (tmp_path / "log.md").read_text(encoding="utf-8")
    (entry,) = state.log
    assert f"**Rolled at:** {entry.rolled_at}" in text
    assert "**Losses:** none" in text
    assert entry.retreats and all(f"**Retreat:** {md(r)}" in text for r in entry.retreats)
    assert "| 14D2a | heavy armour" in text


def test_export_combat_with_no_attack_set_up_exports_the_last_combat_with_its_follow_ups(
    window, tmp_path: Path
) -> None:  # noqa: ANN001
    from hexcombat.game.state import CombatLogEntry

    log = window.session.state.log
    log += [
        CombatLogEntry("0302 -> 0303: assault DRM +1, roll 3 = 4: AM", ["Assault: roll 3"]),
        CombatLogEntry("0303 -> 0403: assault DRM +4, roll 7 = 11: DL", ["Assault: roll 7"]),
        CombatLogEntry("0403: cohesion check: US squad: roll 8: fails", ["10.5: check"]),
        CombatLogEntry("0403: casualty [US squad]: loses a step", ["Assault: casualty"]),
    ]
    log[2].changes = ["US squad in 0403: disrupted"]
    log[3].changes = ["US squad in 0403: loses 1 step"]
    window.combat_panel.stop()  # no attack in the panel
    assert window.combat_panel.target is None
    window.reports.choose_path = lambda _caption: str(tmp_path / "last.md")
    menu_action(window, "Export Combat...").trigger()
    text = (tmp_path / "last.md").read_text(encoding="utf-8")
    assert says_in(text, figures=["0303", "0403", "+4", "7", "11"], names=["DRM", "DL"])
    assert "0302" not in text  # the combat before is not this one
    assert "cohesion check: US squad: roll 8: fails" in text
    assert one_says(text, figures=["0403", "1"], names=["US"])
    assert "**Follow-up:** 0403: casualty" in text  # a roll after the combat, not a combat
    assert window.errors == []


def test_the_log_export_of_a_half_exchange_keeps_values_drms_and_the_points_lost(
    window, qtbot, tmp_path: Path
) -> None:  # noqa: ANN001
    """An HX at 3:1 (die 1 + 1 = 2): the defender must lose at least half of 11 = 6 points but
    loses the Inf XX (8); the exchange costs the attacker as many. The export keeps each step's
    value and DRM as the panel showed them and says what each side lost."""
    start_attack(window, qtbot)
    panel = window.combat_panel
    panel.typed_roll.setText("1")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.resolution.result.code == "HX"
    assert panel.apply(), panel.problems.text()
    window.reports.choose_path = lambda _caption: str(tmp_path / "log.md")
    menu_action(window, "Export Combat Log...").trigger()
    text = (tmp_path / "log.md").read_text(encoding="utf-8")
    assert text.splitlines()[0] == f"# Combat log: {md(window.game_title())}"
    assert "hexcombat 0." not in text and "[*]" not in text  # not the raw window title
    rows = [line for line in text.splitlines() if line.startswith("| 14D2")]
    (heavy,) = [r for r in rows if r.startswith("| 14D2a | heavy armour")]
    assert heavy.endswith("| 1/5 | +1 |")  # 2 of 10 REs (14D2a)
    (antitank,) = [r for r in rows if r.startswith("| 14D2c | heavy antitank")]
    assert antitank.endswith("| 2/7 | -1 |")  # 1 of 3.5 REs (14D2c)
    assert "**Losses:** Axis: Inf XX in 0504, 8 strength points" in text
    assert "| defender | 8 strength points lost, the result asks at least 6 |" in text
    assert "| attacker | 8 strength points lost, the result asks at least 8 |" in text
    assert "| dice | typed in |" in text


def test_the_combat_export_says_when_and_how_it_was_rolled_in_the_panels_order(
    window, qtbot, tmp_path: Path
) -> None:  # noqa: ANN001
    start_attack(window, qtbot)
    panel = window.combat_panel
    panel.typed_roll.setText("4")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    pending = window.session.state.pending_roll
    window.reports.choose_path = lambda _caption: str(tmp_path / "attack.md")
    menu_action(window, "Export Combat...").trigger()
    text = (tmp_path / "attack.md").read_text(encoding="utf-8")
    assert "**Dice:** combat die 4 (typed in)" in text
    assert f"**Rolled at:** {pending.entry.rolled_at}" in text
    results = [line.split(" | ")[0][2:] for line in text.splitlines() if " | " in line]
    chart = panel.bars.lines()  # the panel's chart, top to bottom
    shown = [line.strip().split(":")[0] for line in chart]
    assert [r for r in results if r in shown] == shown


def test_print_suggests_a_file_name_windows_accepts(window, qtbot) -> None:  # noqa: ANN001
    start_attack(window, qtbot)
    panel = window.combat_panel
    panel.typed_roll.setText("1")
    qtbot.keyClick(panel.typed_roll, Qt.Key.Key_Return)
    assert panel.apply(), panel.problems.text()  # no attack in the panel: the last combat's
    names = []
    window.reports.choose_printer = lambda printer: names.append(printer.docName()) and False
    menu_action(window, "Print...").trigger()
    (name,) = names
    assert name == "0403, 0404, 0503, 0603, 0604 - 0504 3-1, DRM +1, roll 1 = 2 HX"
    assert not set(name) & set('<>:"/\\|?*')
