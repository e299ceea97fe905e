"""A combat, or the whole combat log, as a report a player keeps or prints: Markdown and HTML
with every step and its rule reference, the dice, and the result applied (losses by unit, each
retreat, the advance). Qt-free: the window copies, saves and prints what this writes."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from hexcombat.atomicfile import write_atomically
from hexcombat.game.combat_log import step_figures
from hexcombat.game.outcome_chart import UNHARMED, cumulative_lines, favour_groups
from hexcombat.game.state import CombatLogEntry
from hexcombat.rules.explain import Step, percent
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import (
    CombatResult,
    DrmChances,
    Report,
    exact,
    fate_chances,
    fate_columns,
    odds_column,
    unit_fate_list,
)


@dataclass(frozen=True)
class ReportStep:
    """One line of the working: its rule reference, what was done, the value and any DRM."""

    rule: str
    text: str
    value: str = ""
    drm: str = ""
    assumed: bool = False


@dataclass(frozen=True)
class CombatReport:
    """One combat as a report shows it."""

    title: str
    facts: tuple[tuple[str, str], ...] = ()
    """What a player reads first: odds, DRM, when the dice were rolled, the result."""
    steps: tuple[ReportStep, ...] = ()
    warnings: tuple[str, ...] = ()
    chances: tuple[tuple[str, str, str], ...] = ()
    """Each result, its chance and what it does."""
    applied: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    """What was done on the map: ``("Losses", ...)``, ``("Retreat", ...)``, ``("Advance", ...)``."""
    fate_header: tuple[str, ...] = ()
    """The end states of :attr:`fates`' columns after side and unit (``Good order``, ...)."""
    fates: tuple[tuple[str, ...], ...] = ()
    """Each unit's side, name (and hex) and its chance of each end state, defenders first."""
    drm_column: bool = True
    """Whether the steps table has a DRM column: not for a game read with no modifier."""


def reads_drm(report: Report) -> bool:
    """Whether the combat is read with a die roll modifier: the report declares one
    (:class:`DrmChances`) or a step gives one. A game without (odds on 2d6, attack minus
    defence, fire against columns) has no DRM to show, not a DRM of 0."""
    return report.feature(DrmChances) is not None or any(s.drm is not None for s in report.steps)


def headline_label(report: Report) -> str:
    """What the report's headline is said to be: its odds and DRM as far as the report
    declares them (an assault's DRM on a d10 has no odds), else just the combat."""
    said = [w for w, has in (("Odds", odds_column(report)), ("DRM", reads_drm(report))) if has]
    return " and ".join(said) or "Combat"


def _step(step: Step) -> ReportStep:
    value, drm = step_figures(step)
    return ReportStep(step.rule, step.text, value, drm, step.provenance == "assumed")


def from_report(
    report: Report,
    result: CombatResult | None = None,
    title: str = "Combat",
    rolled_at: str | None = None,
    typed: bool | None = None,
) -> CombatReport:
    """A combat as the ruleset worked it out (before the roll, or with ``result`` after it:
    when it was rolled and whether the dice were typed in, when known)."""
    facts = [("Ruleset", report.ruleset), (headline_label(report), report.headline)]
    steps = [_step(s) for s in report.steps]
    if result is not None:
        dice = "; ".join(f"{r.purpose} {' '.join(map(str, r.faces))}" for r in result.rolls)
        if typed is not None and result.rolls:
            dice += " (typed in)" if typed else " (the game's dice)"
        facts += [("Dice", dice)]
        if rolled_at:
            facts.append(("Rolled at", rolled_at))
        facts.append(("Result", result.headline or result.code))
        steps += [_step(s) for s in result.steps]
    header, fates = _fates(report)
    return CombatReport(
        title,
        tuple(facts),
        tuple(steps),
        tuple(report.warnings),
        chart_rows(report),
        (),
        header,
        fates,
        reads_drm(report) or any(s.drm for s in steps),  # a result's step may give one
    )


def chart_rows(report: Report) -> tuple[tuple[str, str, str], ...]:
    """Each result, its chance and what it does, in the Combat panel chart's order (grouped by
    whom it favours, each group with its summed chance), then each side's chance to come out
    unharmed, as the chart sums it."""
    rows: list[tuple[str, str, str]] = []
    for group in favour_groups(report.outcome_list):
        rows.append((group.title, percent(group.chance), ""))
        rows += [(o.code, percent(o.probability), o.text) for o in group.outcomes]
    rows += [
        (t, percent(c), UNHARMED.strip("()")) for t, c in cumulative_lines(report.outcome_list)
    ]
    return tuple(rows)


def _fates(report: Report) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The end-state chances of each unit as table rows, with the states' labels."""
    fates = unit_fate_list(report)
    if not fates:
        return (), ()
    vocabulary = get_ruleset(report.ruleset).vocabulary
    header = tuple(label for _key, label in fate_columns(vocabulary))
    rows = tuple(
        (
            fate.side,
            f"{fate.unit} ({fate.hex})" if fate.hex else fate.unit,
            *(f"{percent(p)} ({exact(p)})" for p in fate_chances(fate, vocabulary)),
        )
        for fate in fates
    )
    return header, rows


def from_log_entry(entry: CombatLogEntry, title: str | None = None) -> CombatReport:
    """A combat as the combat log keeps it: its summary, when it was rolled, its working and
    what was applied."""
    facts = [("Follow-up" if entry.changes else "Combat", entry.text)]  # a roll after a combat
    if entry.rolled_at:
        facts.append(("Rolled at", entry.rolled_at))
    steps = []
    for i, line in enumerate(entry.details):
        value, drm = entry.figures[i] if i < len(entry.figures) else ("", "")
        rule, sep, text = line.partition(": ")
        steps.append(
            ReportStep(rule, text, value, drm) if sep else ReportStep("", line, value, drm)
        )
    applied = [("Losses", loss) for loss in entry.losses]
    applied += [("Retreat", r) for r in entry.retreats] + [("Advance", a) for a in entry.advance]
    if (entry.rolled_at or applied) and not entry.losses and not entry.changes:
        applied.insert(0, ("Losses", "none"))
    applied += [("Changed", change) for change in entry.changes]  # a follow-up's roll
    drm_column = any(s.drm for s in steps) or not entry.figures  # figures say what it read
    return CombatReport(
        title or entry.text,
        tuple(facts),
        tuple(steps),
        (),
        (),
        tuple(applied),
        drm_column=drm_column,
    )


def last_combat(log: Sequence[CombatLogEntry]) -> list[CombatLogEntry]:
    """The last combat fought and the rolls logged after it (its follow-ups: morale or cohesion
    checks, vehicle destruction); a follow-up's entry says what it changed, a combat's does not.
    A log of such rolls alone gives its last one."""
    combats = [i for i, entry in enumerate(log) if not entry.changes]
    if not combats:
        return list(log[-1:])
    return list(log[combats[-1] :])


def last_combat_reports(log: Sequence[CombatLogEntry]) -> tuple[list[CombatReport], str]:
    """The last combat and its follow-ups as reports, and the document's title: the combat's."""
    entries = last_combat(log)
    if not entries:
        return [], ""
    return [from_log_entry(entry) for entry in entries], entries[0].text


def log_reports(log: Sequence[CombatLogEntry]) -> list[CombatReport]:
    """Every combat of the log, numbered in the order fought."""
    return [from_log_entry(e, f"Combat {i}: {e.text}") for i, e in enumerate(log, 1)]


def _titled(reports: Sequence[CombatReport], title: str) -> bool:
    """Whether the document's title is its one combat's (then not said twice)."""
    return len(reports) == 1 and reports[0].title == title


# Markdown ------------------------------------------------------------------------------------

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|&~#])")


def md(text: str) -> str:
    """``text`` as Markdown shows it literally: a unit named ``<b>&`` stays those characters."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text).replace("\n", " ")


def markdown(reports: Sequence[CombatReport], title: str) -> str:
    """The reports as one Markdown document."""
    out = [f"# {md(title)}", ""]
    for report in reports:
        out += _markdown_one(report)[2 if _titled(reports, title) else 0 :]
    return "\n".join(out).rstrip() + "\n"


def _markdown_one(report: CombatReport) -> list[str]:
    out = [f"## {md(report.title)}", ""]
    out += [f"- **{md(label)}:** {md(value)}" for label, value in report.facts]
    if report.facts:
        out.append("")
    if report.steps:
        drm = report.drm_column
        out += [
            "| Rule | Step | Value |" + (" DRM |" if drm else ""),
            "|---|---|---|" + "---|" * drm,
        ]
        for s in report.steps:
            text = md(s.text) + (" *(assumed)*" if s.assumed else "")
            row = f"| {md(s.rule)} | {text} | {md(s.value)} |"
            out.append(row + (f" {md(s.drm)} |" if drm else ""))
        out.append("")
    if report.warnings:
        out += ["Warnings:", ""] + [f"- {md(w)}" for w in report.warnings] + [""]
    if report.chances:
        out += ["| Result | Chance | What it does |", "|---|---|---|"]
        out += [f"| {md(c)} | {md(p)} | {md(t)} |" for c, p, t in report.chances]
        out.append("")
    if report.fates:
        head = ["Side", "Unit", *report.fate_header]
        out += ["| " + " | ".join(map(md, head)) + " |", "|" + "---|" * len(head)]
        out += ["| " + " | ".join(map(md, row)) + " |" for row in report.fates]
        out.append("")
    if report.applied:
        out += ["Applied:", ""] + [f"- **{md(k)}:** {md(v)}" for k, v in report.applied] + [""]
    return out


# HTML ----------------------------------------------------------------------------------------

_STYLE = (
    "body{font-family:sans-serif;font-size:11pt}"
    "table{border-collapse:collapse;margin:4px 0 10px}"
    "th,td{border:1px solid #999;padding:2px 6px;text-align:left;vertical-align:top}"
    "th{background:#e8e8e8}.rule{font-weight:bold;white-space:nowrap}"
    ".assumed{color:#9a5a00}.warn{color:#9a5a00}"
)


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def html_report(reports: Sequence[CombatReport], title: str) -> str:
    """The reports as one HTML document (well-formed, every name escaped)."""
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        f'<head><meta charset="utf-8"/><title>{_e(title)}</title><style>{_STYLE}</style></head>',
        "<body>",
        f"<h1>{_e(title)}</h1>",
    ]
    for report in reports:
        out += _html_one(report)[1 if _titled(reports, title) else 0 :]
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _html_one(report: CombatReport) -> list[str]:
    out = [f"<h2>{_e(report.title)}</h2>"]
    if report.facts:
        out.append("<ul>")
        out += [f"<li><b>{_e(k)}:</b> {_e(v)}</li>" for k, v in report.facts]
        out.append("</ul>")
    if report.steps:
        drm = report.drm_column
        out.append(
            "<table><tr><th>Rule</th><th>Step</th><th>Value</th>"
            + ("<th>DRM</th>" if drm else "")
            + "</tr>"
        )
        for s in report.steps:
            note = ' <span class="assumed">(assumed)</span>' if s.assumed else ""
            out.append(
                f'<tr><td class="rule">{_e(s.rule)}</td><td>{_e(s.text)}{note}</td>'
                f"<td>{_e(s.value)}</td>" + (f"<td>{_e(s.drm)}</td>" if drm else "") + "</tr>"
            )
        out.append("</table>")
    if report.warnings:
        out.append('<ul class="warn">')
        out += [f"<li>{_e(w)}</li>" for w in report.warnings]
        out.append("</ul>")
    if report.chances:
        out.append("<table><tr><th>Result</th><th>Chance</th><th>What it does</th></tr>")
        out += [
            f"<tr><td>{_e(c)}</td><td>{_e(p)}</td><td>{_e(t)}</td></tr>"
            for c, p, t in report.chances
        ]
        out.append("</table>")
    if report.fates:
        head = ["Side", "Unit", *report.fate_header]
        out.append("<table><tr>" + "".join(f"<th>{_e(h)}</th>" for h in head) + "</tr>")
        out += [
            "<tr>" + "".join(f"<td>{_e(cell)}</td>" for cell in row) + "</tr>"
            for row in report.fates
        ]
        out.append("</table>")
    if report.applied:
        out.append("<ul>")
        out += [f"<li><b>{_e(k)}:</b> {_e(v)}</li>" for k, v in report.applied]
        out.append("</ul>")
    return out


# saving --------------------------------------------------------------------------------------

_UNSAFE = re.compile(r'[<>:"/\\|?*\x00-\x1f]+')
"""What Windows (and so any disk a player shares) refuses in a file name."""


def file_name(title: str, limit: int = 80) -> str:
    """A file name a print dialog may suggest for ``title`` on any system: no ``:``, ``>`` or
    other character Windows refuses, no trailing dot or space (``0403, 0404 - 0504 3-1, DRM +1,
    roll 1 = 2 HX``)."""
    name = title.replace("->", "-").replace(": ", " ").replace(":", "-")
    name = _UNSAFE.sub(" ", name)
    name = re.sub(r"\s+", " ", name).strip(" .")[:limit].rstrip(" .")
    return name or "combat"


def export_text(reports: Sequence[CombatReport], title: str, path: str | Path) -> str:
    """The document for ``path``'s kind: HTML for ``.html``/``.htm``, else Markdown."""
    if Path(path).suffix.lower() in (".html", ".htm"):
        return html_report(reports, title)
    return markdown(reports, title)


def save_export(reports: Sequence[CombatReport], title: str, path: str | Path) -> str | None:
    """Write the report to ``path`` (whole or not at all: an old file there stays as it was
    on failure); None when written, else what went wrong, naming the file."""
    try:
        write_atomically(path, export_text(reports, title, path))
    except OSError as error:
        return f"could not write {path}: {error.strerror or error}"
    return None
