"""The combat log's words for an applied attack: a one-line summary, the full working, and who
was lost, retreated and advanced, by name and hex."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Protocol

from hexcombat.board.hexes import Hex
from hexcombat.game.attack_setup import AttackSetup
from hexcombat.game.state import CombatLogEntry, GameState
from hexcombat.rules.explain import Step, fmt
from hexcombat.rules.registry import get_ruleset
from hexcombat.rules.report import CombatResult, Report
from hexcombat.rules.wording import ResultWords, roll_words


class Resolved(Protocol):
    """What the log reads of a resolved attack (a ``Resolution``)."""

    @property
    def setup(self) -> AttackSetup: ...

    @property
    def report(self) -> Report: ...

    @property
    def result(self) -> CombatResult: ...


def units_in_words(state: GameState, uids: list[str]) -> str:
    """``Tank XXX ×2, Tank X``: the units by name, alike ones counted, in the order given."""
    counts: dict[str, int] = {}
    for uid in uids:
        name = state.counters[uid].unit.name
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} \u00d7{n}" for name, n in counts.items())


def _by_hex(state: GameState, uids: list[str]) -> dict[tuple[str, Hex], list[str]]:
    """``uids`` grouped by side and hex, in the order given."""
    groups: dict[tuple[str, Hex], list[str]] = {}
    for uid in uids:
        groups.setdefault((state.counters[uid].side, state.hex_of(uid)), []).append(uid)
    return groups


def lost_in_words(
    state: GameState, losses: list[str], worth: Mapping[str, int] | None = None
) -> list[str]:
    """The losses for the log: ``German: AT X ×2 in 0504``, one line per side and hex; with
    ``worth`` (the strength points each unit is worth to its side's losses), what they came
    to: ``German: AT X ×2 in 0504, 8 strength points``, the points actually lost, which may be
    more than the result's "at least"."""
    lines = []
    for (side, h), uids in _by_hex(state, losses).items():
        line = f"{side}: {units_in_words(state, uids)} in {state.hexmap.label(h)}"
        if worth is not None:
            points = sum(worth.get(u, 0) for u in uids)
            line += f", {points} strength point{'s' if points != 1 else ''}"
        lines.append(line)
    return lines


def steps_in_words(state: GameState, losses: list[str]) -> list[str]:
    """Steps lost for the log (an id once per step): ``Blue: Guards in 0504, 1 step``."""
    counts: dict[str, int] = {}
    for uid in losses:
        counts[uid] = counts.get(uid, 0) + 1
    return [
        f"{state.counters[uid].side}: {state.counters[uid].unit.name} in "
        f"{state.hexmap.label(state.hex_of(uid))}, {n} step{'s' if n != 1 else ''}"
        for uid, n in counts.items()
    ]


def advance_in_words(state: GameState, advance: list[str], target: Hex) -> list[str]:
    """The advance for the log: ``Tank XXX ×3 from 0404 into 0504``, one line per hex left."""
    into = state.hexmap.label(target)
    return [
        f"{units_in_words(state, uids)} from {state.hexmap.label(h)} into {into}"
        for (_side, h), uids in _by_hex(state, advance).items()
    ]


def report_words(report: Report) -> str:
    """What the Combat panel heads a report with, in the ruleset's words (``3:1   DRM +1``)."""
    return get_ruleset(report.ruleset).wording.report_words(report)


def words(report: Report, result: CombatResult) -> ResultWords:
    """The rolled result in the ruleset's words (on a table column, ``3:1, DRM +1 = 5: DR`` as
    the log has always said it; for another ruleset its own headline, then each follow-up
    roll)."""
    return get_ruleset(report.ruleset).wording.result_words(report, result)


def result_words(report: Report, result: CombatResult) -> str:
    """The rolled result in one line, as the roll is announced."""
    return words(report, result).rolled


def result_details(result: CombatResult) -> list[str]:
    """The result's working, then the dice by purpose and each effect with its rule, for the
    log's details."""
    details = [f"{s.rule}: {s.text}" for s in result.steps]
    if result.rolls:
        details.append("dice: " + "; ".join(roll_words(r) for r in result.rolls))
    details += [f"{e.rule}: {e.text}" if e.rule else e.text for e in result.effects]
    return details


def log_entry(
    state: GameState, resolution: Resolved, eliminated: list[str], notes: list[str]
) -> CombatLogEntry:
    """The combat log's record: a one-line summary and the full working."""
    result, report = resolution.result, resolution.report
    label = state.hexmap.label(resolution.setup.target)
    sources = sorted({state.hexmap.label(state.hex_of(u)) for u in resolution.setup.attacker_uids})
    said = words(report, result).logged
    text = f"{', '.join(sources)} -> {label}: {said}"
    details = [f"{s.rule}: {s.text}" for s in report.steps]
    figures = [step_figures(s) for s in (*report.steps, *result.steps)]
    details += result_details(result)
    if eliminated:
        names = ", ".join(state.counters[u].unit.name for u in eliminated)
        details.append(f"eliminated: {names}")
    details += notes
    return CombatLogEntry(text, details, figures=figures)


def step_figures(step: Step) -> tuple[str, str]:
    """A step's value and DRM as the Combat panel shows them (``2/7``, ``+1``; blank if none)."""
    return value_text(step.value, step.text), f"{step.drm:+d}" if step.drm else ""


def value_text(value: object, said: str = "") -> str:
    """A step's value as the rules texts write numbers (``3.5`` REs, ``1/7``); a share the
    step's words give as a fraction (``... = 1/5``) is shown so, not as ``0.2`` beside a
    ``2/7``."""
    if value is None or isinstance(value, bool):
        return "" if value is None else str(value)
    if isinstance(value, int | str):
        return str(value)
    try:
        share = Fraction(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return str(value)
    as_fraction = f"{share.numerator}/{share.denominator}"
    if share.denominator != 1 and f"= {as_fraction}" in said:
        return as_fraction
    return fmt(share)
