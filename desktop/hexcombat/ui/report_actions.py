"""File > Export Combat..., Export Combat Log..., Copy Combat and Print...: the reports
game/combat_report.py writes, saved as Markdown or HTML, copied to the clipboard, printed or
saved as PDF through Qt's print dialog. Any window (the map's, the calculator) offers them by
giving the reports it has."""

from __future__ import annotations

import atexit
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QMimeData
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QTextDocument
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QFileDialog, QMenu, QWidget

from hexcombat.game.combat_report import (
    CombatReport,
    file_name,
    from_report,
    html_report,
    last_combat_reports,
    log_reports,
    markdown,
    save_export,
)

EXPORT_FILTER = "Markdown (*.md);;HTML (*.html)"

Reports = Callable[[], tuple[Sequence[CombatReport], str]]
"""What a window has to report now, and the document's title (no reports: nothing to do)."""


def choose_export_path(parent: QWidget, title: str) -> str:
    """Ask where to save an export; Markdown unless the player picks HTML."""
    name, chosen = QFileDialog.getSaveFileName(parent, title, "", EXPORT_FILTER)
    if name and not Path(name).suffix:
        name += ".html" if chosen.startswith("HTML") else ".md"
    return name


def copy_reports(reports: Sequence[CombatReport], title: str) -> None:
    """Put the report on the clipboard: Markdown as text, HTML for programs that take it."""
    data = QMimeData()
    data.setText(markdown(reports, title))
    data.setHtml(html_report(reports, title))
    QGuiApplication.clipboard().setMimeData(data)
    _CLIPBOARD_OURS.append(data)
    if len(_CLIPBOARD_OURS) == 1:
        atexit.register(_plain_text_at_exit)


_CLIPBOARD_OURS: list[QMimeData] = []
"""The combat reports put on the clipboard (their text and HTML)."""


def _plain_text_at_exit() -> None:
    """Leave the report on the clipboard as plain text when the program exits: PySide6 crashes
    the process at exit while the clipboard still holds MIME data the program made, so the
    HTML goes and the Markdown stays (what a clipboard manager keeps)."""
    clipboard = QGuiApplication.clipboard()
    if clipboard is not None and clipboard.mimeData() is not None:
        clipboard.setText(clipboard.text())
    _CLIPBOARD_OURS.clear()


def report_document(reports: Sequence[CombatReport], title: str) -> QTextDocument:
    """The report as a document Qt prints."""
    document = QTextDocument()
    document.setHtml(html_report(reports, title))
    return document


def print_reports(reports: Sequence[CombatReport], title: str, printer: QPrinter) -> None:
    """Print the report on ``printer`` (a PDF file when its output format is PDF)."""
    report_document(reports, title).print_(printer)


def write_pdf(reports: Sequence[CombatReport], title: str, path: str | Path) -> None:
    """Save the report as a PDF file at ``path``."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    printer.setDocName(title)
    print_reports(reports, title, printer)


class ReportActions:
    """The report commands of a window's File menu, over what the window has to report."""

    def __init__(
        self,
        parent: QWidget,
        combat: Reports,
        log: Reports,
        show_error: Callable[[str, str], None],
    ) -> None:
        self.parent = parent
        self.combat = combat
        self.log = log
        self.show_error = show_error
        self.choose_path: Callable[[str], str] = lambda title: choose_export_path(parent, title)
        """Where to save an export (tests replace it)."""
        self.choose_printer: Callable[[QPrinter], bool] = self._print_dialog
        """Set up the printer, or say no (tests replace it to print to a PDF file)."""

    def add_to(self, menu: QMenu) -> list[QAction]:
        """Add the commands to ``menu``."""
        made = []
        for text, slot, key, tip in (
            ("Export &Combat...", self.export_combat, "Ctrl+Shift+E", "Save it as Markdown, HTML"),
            ("Export Combat &Log...", self.export_log, "Ctrl+Shift+L", "Save every combat fought"),
            ("Cop&y Combat", self.copy_combat, "Ctrl+Shift+C", "Copy this combat's report"),
            ("&Print...", self.print, QKeySequence.StandardKey.Print, "Print or save as PDF"),
        ):
            action = QAction(text, self.parent)
            if key is not None:
                action.setShortcut(QKeySequence(key))
            action.setStatusTip(tip)
            action.setToolTip(tip)
            action.triggered.connect(lambda _checked=False, s=slot: s())
            menu.addAction(action)
            made.append(action)
        return made

    def _wanted(self, reports: Reports) -> tuple[Sequence[CombatReport], str] | None:
        found, title = reports()
        if not found:
            self.show_error("Nothing to report", "No combat has been set up or fought yet.")
            return None
        return found, title

    def export_combat(self) -> bool:
        """File > Export Combat...: the combat in the Combat panel (else the last fought)."""
        return self._export(self.combat, "Export combat")

    def export_log(self) -> bool:
        """File > Export Combat Log...: every combat fought, in order."""
        return self._export(self.log, "Export combat log")

    def _export(self, reports: Reports, caption: str) -> bool:
        wanted = self._wanted(reports)
        if wanted is None:
            return False
        name = self.choose_path(caption)
        if not name:
            return False
        if not Path(name).suffix:
            name += ".md"  # Markdown unless the name says HTML
        problem = save_export(*wanted, name)
        if problem is not None:
            self.show_error("Cannot export", problem)
            return False
        return True

    def copy_combat(self) -> bool:
        """Edit-free copy: the combat's report on the clipboard."""
        wanted = self._wanted(self.combat)
        if wanted is not None:
            copy_reports(*wanted)
        return wanted is not None

    def print(self) -> bool:
        """File > Print...: the combat (else the log), through Qt's print dialog, where a
        PDF file is one of the printers."""
        reports, title = self.combat()
        if not reports:
            reports, title = self.log()
        if not reports:
            return self._wanted(self.log) is not None
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(file_name(title))  # the print dialog's suggested PDF name
        if not self.choose_printer(printer):
            return False
        print_reports(reports, title, printer)
        return True

    def _print_dialog(self, printer: QPrinter) -> bool:
        dialog = QPrintDialog(printer, self.parent)
        dialog.setWindowTitle("Print combat")
        return dialog.exec() == QPrintDialog.DialogCode.Accepted


def panel_combat(window: QWidget) -> tuple[Sequence[CombatReport], str]:
    """The map window's combat: the attack in the Combat panel, rolled or not; when none is
    set up, the last combat fought with the follow-up rolls after it."""
    panel = getattr(window, "combat_panel", None)
    session = getattr(window, "session", None)
    if session is None:
        return [], ""
    state = session.state
    if panel is not None and panel.report is not None and panel.model.target is not None:
        title = f"{state.vocabulary.attack_name} on {state.hexmap.label(panel.model.target)}"
        result = panel.resolution.result if panel.resolution is not None else None
        pending = state.pending_roll
        rolled_at, typed = None, None
        if result is not None and pending is not None and pending.resolution is panel.resolution:
            rolled_at, typed = pending.entry.rolled_at, pending.typed
        return [from_report(panel.report, result, title, rolled_at, typed)], title
    return last_combat_reports(state.log)


def game_log(window: QWidget) -> tuple[Sequence[CombatReport], str]:
    """The map window's whole combat log."""
    session = getattr(window, "session", None)
    if session is None:
        return [], ""
    name = window.game_title() if hasattr(window, "game_title") else session.state.title
    return log_reports(session.state.log), f"Combat log: {name}"
