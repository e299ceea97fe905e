"""A tutorial's steps as the scenario file writes them (``[[tutorial.steps]]``), and what each
step shows of a combat computed now.

A step never types a number: it names the report value it shows (``show = "drm 14D2a"``), and
the rules core computes that value from the combat as it stands, so when the player removes a
unit or changes the weather the number moves. A step also names what it highlights (hexes,
the counters of a scenario entry, a hexside, a two-hex range ring, the defender's terrain),
may wait for the player to do something (select a stack, tick a unit, set up the attack), and
may carry a note on a reading of the rules that hexcombat adopted. maps/README.md describes the
format. No Qt here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, Protocol

from hexcombat.board.hexes import Hex, distance
from hexcombat.board.hexside import Hexside
from hexcombat.board.mapfile import HexMap
from hexcombat.rules.explain import Step, Value, fmt, percent, signed
from hexcombat.rules.report import DrmChances, Report, odds_column
from hexcombat.sourcefile import Problem, TomlSource

STEP_KEYS = ("text", "show", "label", "row", "highlight", "wait", "reading")
"""The keys of a ``[[tutorial.steps]]`` table."""
TUTORIAL_KEYS = ("summary", "steps")
"""The keys of ``[tutorial]``: a one-line summary for the start page, and the steps."""
SIDES = ("attacker", "defender", "air")
"""The scenario entries a highlight or wait may name by their place (``attacker 2``)."""

SHOW_FORMS = (
    '"drm" (the final DRM), "odds", "headline" (what the report says first), '
    '"total KEY" (a total the report gives), "drm RULE" (a step\'s DRM by its rule, as the '
    'ruleset cites it), "sum \\"RULE\\" attacker" (the DRMs of a rule\'s steps added up), '
    '"value RULE attacker #2 \\"words\\"" (a step\'s value: rule, then optionally side, '
    'which one of them, words in it), "chance drm +4", "chance RESULT", "fate defender 1 '
    "STATE\" (the chance that entry's unit ends the combat in STATE)"
)
HIGHLIGHT_FORMS = (
    '"hex 0504", "terrain 0504" (the defender\'s terrain), "hexside 0403/0504", "ring 0504" '
    '(every hex two hexes away), "attacker 2" / "defender 1" / "air 1" (the counters of that '
    'scenario entry), "out attacker 5" (that entry\'s counters, left out of what is counted)'
)
WAIT_FORMS = (
    '"select 0504" (select the stack), "attack 0504" (the attack on it set up), '
    '"untick attacker 2" / "tick attacker 2" (that entry\'s counters out of / in the attack), '
    '"remove attacker 2" (taken off the map), "set first_round off" (a condition of the '
    'Combat panel turned on or off), "count attacker 1 2" (the calculator: that entry\'s '
    'count set to 2), "roll 6 3" (the dice rolled or typed; Show me types those), '
    '"date 1941-06" (the date set in the Combat panel)'
)

ShowKind = Literal[
    "drm",
    "odds",
    "headline",
    "total",
    "step-drm",
    "step-value",
    "sum-drm",
    "chance-drm",
    "chance",
    "fate",
]


class StepError(ValueError):
    """A step's ``show``, ``highlight`` or ``wait`` that cannot be read, in words to show."""


@dataclass(frozen=True)
class Shown:
    """A report value named by path: what a step shows (or which row it marks)."""

    kind: ShowKind
    written: str
    """As the scenario wrote it (for messages)."""
    key: str = ""
    """The total's key, the step's rule, the result's code or the end state (``fate``)."""
    side: str | None = None
    nth: int = 1
    """Which of the matching steps (1: the first); for ``fate``, the entry's place."""
    words: str = ""
    drm: int = 0
    """For ``chance drm``: the final DRM whose chance is shown."""


@dataclass(frozen=True)
class Highlight:
    """Something on the map (or in the calculator's lists) a step points at."""

    kind: Literal["hex", "terrain", "hexside", "ring", "entry", "out"]
    where: str
    """A hex label, a hexside ``A/B``, or an entry's side."""
    index: int = 0
    """For an entry: its place among its side's entries, from 1."""


@dataclass(frozen=True)
class Wait:
    """What a step waits for the player to do (``Show me`` does it)."""

    kind: Literal["select", "attack", "tick", "untick", "remove", "set", "count", "roll", "date"]
    hex: str = ""
    side: str = ""
    index: int = 0
    condition: str = ""
    """For ``set``: the condition's key (``first_round``) and whether it is to be on."""
    on: bool = False
    count: int = 0
    """For ``count`` (the calculator): how many the entry is to count."""
    dice: tuple[int, ...] = ()
    """For ``roll``: the dice Show me types (none: the game's own dice roll)."""


@dataclass(frozen=True)
class TutorialStep:
    """One step of a walkthrough."""

    text: str
    show: Shown | None = None
    row: Shown | None = None
    """The Combat panel's row to mark (default: the shown step's own row)."""
    highlight: tuple[Highlight, ...] = ()
    wait: Wait | None = None
    reading: str = ""
    """A reading of the rules hexcombat adopted here, and why."""
    line: int = 1
    label: str = ""
    """What the shown number is, in the step's own words (``REs converted to ATEC``)."""

    @property
    def marked_row(self) -> Shown | None:
        """The step of the working the Combat panel marks."""
        if self.row is not None:
            return self.row
        if self.show is not None and self.show.kind in ("step-drm", "step-value"):
            return self.show
        return None


# -- reading the file -------------------------------------------------------------------------


def read_tutorial(source: TomlSource, problems: list[Problem]) -> tuple[TutorialStep, ...]:
    """``[tutorial]``: its ``steps``, each a text (a plain step) or a table; every problem is
    added to ``problems`` at its line."""
    raw = source.data.get("tutorial")
    if raw is None:
        return ()
    if not isinstance(raw, Mapping):
        problems.append(source.problem(("tutorial",), "[tutorial] must be a table with steps"))
        return ()
    for key in raw:
        if key not in TUTORIAL_KEYS:
            problems.append(
                source.problem(
                    ("tutorial", key),
                    f"unknown tutorial key {key!r}; known: {', '.join(TUTORIAL_KEYS)}",
                )
            )
    if not isinstance(raw.get("summary", ""), str):
        problems.append(source.problem(("tutorial", "summary"), "summary must be a text"))
    steps = raw.get("steps")
    if not isinstance(steps, list) or not steps:
        problems.append(
            source.problem(
                ("tutorial", "steps") if "steps" in raw else ("tutorial",),
                'tutorial steps must be a list: steps = ["1. ...", "2. ..."] or '
                '[[tutorial.steps]] tables with text = "..."',
            )
        )
        return ()
    found = []
    for i, entry in enumerate(steps):
        step = _read_step(source, i, entry, problems)
        if step is not None:
            found.append(step)
    return tuple(found)


def _read_step(
    source: TomlSource, i: int, entry: object, problems: list[Problem]
) -> TutorialStep | None:
    at = ("tutorial", "steps", i)
    line = source.line_of(*at)
    if isinstance(entry, str):
        return TutorialStep(entry, line=line)
    if not isinstance(entry, Mapping):
        problems.append(source.problem(at, f"tutorial step {i + 1} must be a text or a table"))
        return None
    before = len(problems)
    for key in entry:
        if key not in STEP_KEYS:
            problems.append(
                source.problem(
                    (*at, key),
                    f"unknown tutorial step key {key!r}; known: {', '.join(STEP_KEYS)}",
                )
            )
    text = entry.get("text")
    if not isinstance(text, str) or not text.strip():
        problems.append(source.problem(at, f'tutorial step {i + 1} needs its text = "..."'))
    reading = entry.get("reading", "")
    if not isinstance(reading, str):
        problems.append(source.problem((*at, "reading"), "reading must be a text"))
        reading = ""
    label = entry.get("label", "")
    if not isinstance(label, str):
        problems.append(source.problem((*at, "label"), "label must be a text"))
        label = ""
    show = _read_one(source, (*at, "show"), entry.get("show"), read_shown, problems)
    row = _read_one(source, (*at, "row"), entry.get("row"), read_shown, problems)
    wait = _read_one(source, (*at, "wait"), entry.get("wait"), read_wait, problems)
    highlight: list[Highlight] = []
    marks = entry.get("highlight", [])
    if isinstance(marks, str):
        marks = [marks]
    if not isinstance(marks, list):
        problems.append(source.problem((*at, "highlight"), "highlight must be a list of texts"))
        marks = []
    for j, mark in enumerate(marks):
        found = _read_one(source, (*at, "highlight", j), mark, read_highlight, problems)
        if found is not None:
            highlight.append(found)
    if len(problems) > before:
        return None
    return TutorialStep(str(text), show, row, tuple(highlight), wait, reading, line, label)


def _read_one(source: TomlSource, at: tuple, value: object, read: Any, problems: list) -> Any:
    if value is None:
        return None
    if not isinstance(value, str):
        problems.append(source.problem(at, f"{at[3]} must be a text, not {value!r}"))
        return None
    try:
        return read(value)
    except StepError as exc:
        problems.append(source.problem(at, str(exc)))
        return None


_TOKEN = re.compile(
    r"""(?P<plain>[^ \t\r\n"'\\]+)"""
    r"|\\(?P<escaped>.)"
    r'''|"(?P<double>[^"\\]*(?:\\.[^"\\]*)*)"'''
    r"|'(?P<single>[^']*)'"
    r"|(?P<space>[ \t\r\n]+)",
    re.DOTALL,
)
_IN_DOUBLE = re.compile(r'\\([\\"])')


def _words(text: str) -> list[str]:
    """The words of a step's ``show`` as a shell splits them (``shlex.split``: quotes group
    words, a backslash escapes), in time linear in the text: ``shlex`` takes quadratic time
    on one long word, and a received tutorial may hold one of millions of characters."""
    words: list[str] = []
    parts: list[str] | None = None
    at = 0
    while at < len(text):
        match = _TOKEN.match(text, at)
        if match is None:
            what = "No escaped character" if text[at] == "\\" else "No closing quotation"
            raise StepError(f"cannot read {_short(text)}: {what}")
        at = match.end()
        kind = match.lastgroup
        if kind == "space":
            if parts is not None:
                words.append("".join(parts))
            parts = None
            continue
        value = match.group(kind)
        if kind == "double":
            value = _IN_DOUBLE.sub(r"\1", value)
        if parts is None:
            parts = []
        parts.append(value)
    if parts is not None:
        words.append("".join(parts))
    return words


def _short(text: str) -> str:
    """``text`` quoted for a message, cut to a readable length."""
    return repr(text if len(text) <= 80 else text[:77] + "...")


_NTH = re.compile(r"#(\d+)")


def read_shown(text: str) -> Shown:
    """A value path: ``drm``, ``odds``, ``total <key>``, ``drm <rule> [side] [#n]``,
    ``value <rule> [side] [#n] ["words"]``, ``sum <rule> [side]``, ``chance drm <n>``,
    ``chance <result>``,
    ``fate <side> <n> <end state>``."""
    words = _words(text)
    bad = StepError(f"show {_short(text)} names no report value; write one of {SHOW_FORMS}")
    if words in (["drm"], ["odds"], ["headline"]):
        return Shown(words[0], text)  # type: ignore[arg-type]
    if len(words) == 2 and words[0] == "total":
        return Shown("total", text, key=words[1])
    if len(words) >= 2 and words[0] in ("drm", "value"):
        rule, rest = words[1], words[2:]
        side, nth, found = None, 1, ""
        for word in rest:
            match = _NTH.fullmatch(word)
            if word in ("attacker", "defender") and side is None:
                side = word
            elif match and int(match.group(1)) >= 1:
                nth = int(match.group(1))
            elif not found and not word.startswith("#"):  # words in its text: a unit's own DRM
                found = word
            else:
                raise bad
        kind: ShowKind = "step-drm" if words[0] == "drm" else "step-value"
        return Shown(kind, text, key=rule, side=side, nth=nth, words=found)
    if len(words) in (2, 3) and words[0] == "sum":  # a side's DRMs of one rule, added up
        if len(words) == 3 and words[2] not in ("attacker", "defender"):
            raise bad
        side_ = words[2] if len(words) == 3 else None
        return Shown("sum-drm", text, key=words[1], side=side_)
    if len(words) == 3 and words[:2] == ["chance", "drm"]:
        try:
            return Shown("chance-drm", text, drm=int(words[2]))
        except ValueError:
            raise bad from None
    if len(words) == 2 and words[0] == "chance":
        return Shown("chance", text, key=words[1])
    if len(words) == 4 and words[0] == "fate" and words[1] in SIDES[:2]:
        return Shown("fate", text, key=words[3], side=words[1], nth=_place(words[2], text))
    raise bad


def read_highlight(text: str) -> Highlight:
    """``hex 0504``, ``terrain 0504``, ``hexside 0403/0504``, ``ring 0504``, ``attacker 2``."""
    words = _words(text)
    if len(words) == 2 and words[0] in ("hex", "terrain", "ring", "hexside"):
        if words[0] == "hexside" and words[1].count("/") != 1:
            raise StepError(f"hexside {words[1]!r} must be two hexes, e.g. hexside 0403/0504")
        return Highlight(words[0], words[1])  # type: ignore[arg-type]
    if len(words) == 2 and words[0] in SIDES:
        return Highlight("entry", words[0], _place(words[1], text))
    if len(words) == 3 and words[0] == "out" and words[1] in SIDES:
        return Highlight("out", words[1], _place(words[2], text))
    raise StepError(f"highlight {_short(text)} is none of {HIGHLIGHT_FORMS}")


def read_wait(text: str) -> Wait:
    """``select 0504``, ``attack 0504``, ``untick attacker 2``, ``tick ...``, ``remove ...``,
    ``set first_round off``."""
    words = _words(text)
    if len(words) == 3 and words[0] == "set" and words[2] in ("on", "off"):
        return Wait("set", condition=words[1], on=words[2] == "on")
    if len(words) == 2 and words[0] in ("select", "attack"):
        return Wait(words[0], hex=words[1])  # type: ignore[arg-type]
    if len(words) == 2 and words[0] == "date" and re.fullmatch(r"\d{4}-\d{2}", words[1]):
        return Wait("date", condition=words[1])
    if words and words[0] == "roll" and all(w.isdigit() for w in words[1:]):
        return Wait("roll", dice=tuple(int(w) for w in words[1:]))
    if len(words) == 4 and words[0] == "count" and words[1] in SIDES[:2]:
        count = _place(words[3], text)
        return Wait("count", side=words[1], index=_place(words[2], text), count=count)
    if len(words) == 3 and words[0] in ("tick", "untick", "remove") and words[1] in SIDES[:2]:
        return Wait(words[0], side=words[1], index=_place(words[2], text))  # type: ignore[arg-type]
    raise StepError(f"wait {_short(text)} is none of {WAIT_FORMS}")


def _place(word: str, text: str) -> int:
    if not word.isdigit() or int(word) < 1:
        raise StepError(f"{_short(text)}: an entry is named by its place from 1, e.g. attacker 2")
    return int(word)


# -- what a step shows ------------------------------------------------------------------------


class ReportLike(Protocol):
    """A combat report (:class:`~hexcombat.rules.report.Report`) or an air report."""

    totals: Mapping[str, Value]

    @property
    def steps(self) -> list[Step]: ...


class MissingValue(LookupError):
    """The report has no value at a step's path (the message says what is missing)."""


def matching_steps(shown: Shown, steps: Sequence[Step]) -> list[int]:
    """The indices of the report steps a ``drm``/``value`` path picks from (rule, side,
    words; a ``drm`` path only the steps that add a DRM)."""
    return [
        i
        for i, s in enumerate(steps)
        if s.rule == shown.key
        and (shown.side is None or s.side == shown.side)
        and shown.words.lower() in s.text.lower()
        and (shown.kind not in ("step-drm", "sum-drm") or s.drm is not None)
    ]


def step_index(shown: Shown, report: ReportLike) -> int | None:
    """The row of the working a step path names, None when there is none now."""
    found = matching_steps(shown, report.steps)
    return found[shown.nth - 1] if len(found) >= shown.nth else None


def value_of(
    shown: Shown, report: ReportLike, entries: Mapping[EntryKey, Sequence[str]] | None = None
) -> Value:
    """The value ``shown`` names in ``report``; :class:`MissingValue` when it has none.
    ``entries``: each scenario entry's counters on the map (a ``fate`` names an entry)."""
    if shown.kind == "fate":
        return _fate(shown, report, entries or {})
    if shown.kind == "headline":
        headline = getattr(report, "headline", "")
        if not headline:
            raise MissingValue("the report has no headline")
        return str(headline)
    if shown.kind == "total":
        if shown.key not in report.totals:
            known = ", ".join(sorted(report.totals))
            raise MissingValue(f"the report has no total {_short(shown.key)}; its totals: {known}")
        return report.totals[shown.key]
    if shown.kind == "sum-drm":
        found = matching_steps(shown, report.steps)
        if not found:
            raise MissingValue(f"no step of rule {shown.key} adds a DRM now")
        return sum(report.steps[i].drm or 0 for i in found)
    if shown.kind in ("step-drm", "step-value"):
        index = step_index(shown, report)
        if index is None:
            what = "DRM" if shown.kind == "step-drm" else "value"
            raise MissingValue(
                f"no step of rule {shown.key} gives the {what} {_short(shown.written)}"
            )
        step = report.steps[index]
        return step.drm if shown.kind == "step-drm" else step.value
    # an air report has no DRM and no odds, nor has a game that declares none (not a DRM of 0)
    declared = report.feature(DrmChances) if isinstance(report, Report) else None
    distribution: Mapping[int, Fraction] = declared.distribution if declared else {}
    if shown.kind == "drm":
        if not distribution:
            raise MissingValue("the report has no final DRM")
        return min(distribution)
    if shown.kind == "chance-drm":
        if not distribution:
            raise MissingValue("the report has no final DRM")
        return distribution.get(shown.drm, Fraction(0))
    if shown.kind == "odds":
        odds = odds_column(report) if isinstance(report, Report) else None
        if odds is None:
            raise MissingValue("the report has no odds (a unit has no strength)")
        return str(odds)
    outcomes: Mapping[str, Fraction] = getattr(report, "outcomes", {})
    if not outcomes:
        raise MissingValue("the report has no outcomes (a unit has no strength)")
    if shown.key in outcomes:
        return outcomes[shown.key]
    # both sides fire at once (assault-morale): a result is "defender: 2M2 / attacker: M", and
    # one side's result is the sum of the results holding it
    return sum((p for k, p in outcomes.items() if shown.key in k.split(" / ")), Fraction(0))


def _fate(shown: Shown, report: ReportLike, entries: Mapping[EntryKey, Sequence[str]]) -> Value:
    """The chance the first unit of an entry ends the combat in the end state named, every
    follow-up roll counted (``Report.unit_fates``): its counter's id on a map, else the id the
    evaluation gives it by its place (``defender-1``)."""
    fates: Mapping[str, Mapping[str, Fraction]] = getattr(report, "unit_fates", {})
    if not fates:
        raise MissingValue("the report gives no unit's end-state chances (this ruleset has none)")
    assert shown.side is not None
    ids = [*entries.get((shown.side, shown.nth), ()), f"{shown.side}-{shown.nth}"]
    found = next((fates[i] for i in ids if i in fates), None)
    if found is None:
        raise MissingValue(f"{shown.side} {shown.nth} takes no part in the combat now")
    states = sorted({state for chances in fates.values() for state in chances})
    if shown.key not in states and shown.key not in ("good-order", "eliminated"):
        raise MissingValue(
            f"no unit ends in {_short(shown.key)}; the end states: {', '.join(states)}"
        )
    return found.get(shown.key, Fraction(0))


def shown_text(shown: Shown, value: Value) -> str:
    """The value as the rules texts write it: a DRM signed, REs as ``1.5`` or ``1/7``, a
    chance as a percentage."""
    if shown.kind in ("drm", "step-drm", "sum-drm") and isinstance(value, int):
        return signed(value)
    if shown.kind in ("chance", "chance-drm", "fate") and isinstance(value, Fraction | int):
        return percent(Fraction(value))
    if isinstance(value, bool) or value is None:
        return "none"
    if isinstance(value, int | Fraction):
        return fmt(value)
    return str(value)


def shown_now(
    step: TutorialStep,
    report: ReportLike | None,
    entries: Mapping[EntryKey, Sequence[str]] | None = None,
    attack_name: str = "Attack",
) -> str:
    """What the step's value reads now, or why it cannot be read (the situation changed);
    ``attack_name``: the game's word for an attack (Assault), as its button says."""
    if step.show is None:
        return ""
    if report is None:
        return (
            f"not worked out: no {attack_name.lower()} is set up (select the defenders and "
            f"press {attack_name}, A)"
        )
    try:
        return shown_text(step.show, value_of(step.show, report, entries))
    except MissingValue as exc:
        if step.show.kind == "step-drm":  # the rule adds no modifier in the combat as it is
            return "0 (the rule adds no modifier now)"
        return f"not in this combat now ({exc})"


# -- checking a tutorial against its combat ----------------------------------------------------


def tutorial_problems(
    steps: Sequence[TutorialStep],
    report: ReportLike | None,
    source: TomlSource,
    hexmap: HexMap | None,
    entries: Mapping[EntryKey, Sequence[str]] | None = None,
    flags: Sequence[str] = (),
) -> list[Problem]:
    """``hexcombat check`` of a tutorial: each value a step names is in the scenario's report,
    each hex it names is on the map, each entry it names is in the file, each condition a step
    sets is one of the ruleset's on/off conditions (``flags``)."""
    problems = []
    counts = {side: _entries(source, side) for side in SIDES}
    for i, step in enumerate(steps):
        at = ("tutorial", "steps", i)
        for key, shown in (("show", step.show), ("row", step.row)):
            if shown is None or report is None:
                continue
            try:
                value_of(shown, report, entries)
            except MissingValue as exc:
                problems.append(source.problem((*at, key), f"{key} {_short(shown.written)}: {exc}"))
        for j, mark in enumerate(step.highlight):
            why = _mark_problem(mark, hexmap, counts)
            if why:
                problems.append(source.problem((*at, "highlight", j), why))
        if step.wait is not None:
            why = _wait_problem(step.wait, hexmap, counts, flags)
            if why:
                problems.append(source.problem((*at, "wait"), why))
    return problems


def _entries(source: TomlSource, side: str) -> int:
    found = source.data.get(side, [])
    return len(found) if isinstance(found, list) else 0


def _hex_problem(label: str, hexmap: HexMap | None) -> str:
    if hexmap is None:
        return f"{label!r}: this scenario has no map to point at"
    try:
        hexmap.hex_at(label)
    except ValueError as exc:
        return str(exc)
    return ""


def _entry_problem(side: str, index: int, counts: Mapping[str, int]) -> str:
    if index > counts.get(side, 0):
        return f"there is no {side} {index}: the file has {counts.get(side, 0)} [[{side}]] entries"
    return ""


def _mark_problem(mark: Highlight, hexmap: HexMap | None, counts: Mapping[str, int]) -> str:
    if mark.kind in ("entry", "out"):
        return _entry_problem(mark.where, mark.index, counts)
    if mark.kind == "hexside":
        a, b = mark.where.split("/")
        why = _hex_problem(a, hexmap) or _hex_problem(b, hexmap)
        if why or hexmap is None:
            return why
        if distance(hexmap.hex_at(a), hexmap.hex_at(b)) != 1:
            return f"hexside {mark.where!r}: {a} and {b} are not adjacent"
        return ""
    return _hex_problem(mark.where, hexmap)


def _wait_problem(
    wait: Wait, hexmap: HexMap | None, counts: Mapping[str, int], flags: Sequence[str] = ()
) -> str:
    if wait.kind == "set" and hexmap is not None:
        if wait.condition not in flags:
            known = ", ".join(flags) or "none"
            return f"set {wait.condition!r}: not an on/off condition of this ruleset; its: {known}"
        return ""
    if hexmap is None and wait.kind not in ("remove", "count"):
        return (
            "a step of a scenario without a map (the calculator) waits only for "
            '"remove attacker 2" (that entry taken out of its list) or "count attacker 1 2" '
            "(its count set); drop its wait"
        )
    if hexmap is not None and wait.kind == "count":
        return 'a scenario on a map counts its counters: "count" is for the calculator'
    if wait.kind in ("select", "attack"):
        return _hex_problem(wait.hex, hexmap)
    return _entry_problem(wait.side, wait.index, counts)


# -- on the map --------------------------------------------------------------------------------


EntryKey = tuple[str, int]
"""A scenario entry by its side and its place among that side's entries, from 1."""


@dataclass(frozen=True)
class Marked:
    """What a step highlights on a map, resolved: hexes with their role, hexsides, counters."""

    hexes: dict[Hex, str]
    hexsides: tuple[Hexside, ...]
    counters: frozenset[str]
    left_out: frozenset[str] = frozenset()
    """Counters the step points at as left out of what it counts (artillery, 14D2a)."""


def marked_on_map(
    step: TutorialStep,
    hexmap: HexMap,
    entries: Mapping[EntryKey, Sequence[str]],
    where: Mapping[str, Hex],
) -> Marked:
    """The hexes (``counted``, ``out``, ``terrain``, ``ring`` roles), hexsides and counters
    ``step`` highlights, as the counters stand now (``where``: each counter's hex; one taken
    off the map is not highlighted)."""
    hexes: dict[Hex, str] = {}
    sides: list[Hexside] = []
    counters: set[str] = set()
    left_out: set[str] = set()
    for mark in step.highlight:
        if mark.kind in ("entry", "out"):
            for uid in entries.get((mark.where, mark.index), ()):
                if uid in where:
                    (counters if mark.kind == "entry" else left_out).add(uid)
                    role = "counted" if mark.kind == "entry" else "out"
                    if hexes.get(where[uid]) != "counted":
                        hexes[where[uid]] = role
        elif mark.kind == "hexside":
            a, b = (hexmap.hex_at(x) for x in mark.where.split("/"))
            sides.append(Hexside(a, b))
        elif mark.kind == "ring":
            centre = hexmap.hex_at(mark.where)
            for h in hexmap.terrain:
                if distance(centre, h) == 2:
                    hexes.setdefault(h, "ring")
        else:
            hexes[hexmap.hex_at(mark.where)] = "terrain" if mark.kind == "terrain" else "counted"
    return Marked(hexes, tuple(sides), frozenset(counters), frozenset(left_out))


def entry_uids(placements: Sequence[Any]) -> dict[EntryKey, list[str]]:
    """Each scenario entry's counters as a scenario lays them out on its map: counter ids
    ``c1``, ``c2``, ... given in file order to the entries with a hex, ``count`` each
    (:func:`hexcombat.game.scenario_game.laid_out`)."""
    found: dict[EntryKey, list[str]] = {}
    places: dict[str, int] = {}
    number = 0
    for placement in placements:
        places[placement.side] = places.get(placement.side, 0) + 1
        uids = found.setdefault((placement.side, places[placement.side]), [])
        if placement.hex is None:
            continue
        for _ in range(placement.count):
            number += 1
            uids.append(f"c{number}")
    return found


class Board(Protocol):
    """What a walk reads of the window: the player's selection and the attack set up."""

    def selected_hex(self) -> Hex | None: ...

    def attack_target(self) -> Hex | None: ...

    def attacking_uids(self) -> Sequence[str]: ...

    def counters_on_map(self) -> Mapping[str, Hex]: ...

    def condition_on(self, key: str) -> bool | None:
        """Whether the on/off condition ``key`` is on now; None when the combat has none."""
        ...

    def dice_rolled(self) -> bool:
        """Whether dice were rolled in this game (a result waiting, or one in the log)."""
        ...

    def date_now(self) -> str:
        """The game's date (``1941-06``; "" for none)."""
        ...


def wait_done(
    wait: Wait, hexmap: HexMap, entries: Mapping[EntryKey, Sequence[str]], board: Board
) -> bool:
    """Whether the player has done what ``wait`` asks."""
    if wait.kind == "select":
        return board.selected_hex() == hexmap.hex_at(wait.hex)
    if wait.kind == "attack":
        return board.attack_target() == hexmap.hex_at(wait.hex)
    if wait.kind == "set":
        return board.condition_on(wait.condition) is wait.on
    if wait.kind == "roll":
        return board.dice_rolled()
    if wait.kind == "date":
        return board.date_now() == wait.condition
    on_map = board.counters_on_map()
    uids = [u for u in entries.get((wait.side, wait.index), ()) if u in on_map]
    if wait.kind == "remove":
        return not uids
    attacking = set(board.attacking_uids())
    if board.attack_target() is None:
        return False
    if wait.kind == "untick":
        return not attacking.intersection(uids)
    return bool(uids) and attacking.issuperset(uids)


def wait_words(wait: Wait, units: str = "", done: bool = False, attack: str = "Attack") -> str:
    """What the step asks the player to do, in words; ``units``: the entry's counters as the
    player sees them (``the Tank X, Tank X in 0404``), else the entry by its place; ``done``:
    said once it is done; ``attack``: what the game calls an attack (``Assault``)."""
    if wait.kind == "select":
        return f"Select the stack in {wait.hex}"
    if wait.kind == "attack":
        if done:  # a tutorial opens with its attack set up: say so, and how to do it oneself
            return (
                f"the {attack.lower()} on {wait.hex} is set up in the Combat panel, as the "
                f"tutorial opens (to set it up yourself: select {wait.hex} and press {attack}, A)"
            )
        return f"Set up the {attack.lower()} on {wait.hex} (select it and press {attack}, A)"
    if wait.kind == "set":  # units: the condition as the Combat panel labels it
        words = units or wait.condition.replace("_", " ")
        return f"Turn '{words}' {'on' if wait.on else 'off'} in the Combat panel's conditions"
    if wait.kind == "count":
        return f"Set the count of {wait.side} {wait.index} to {wait.count}"
    if wait.kind == "date":
        return f"Set the date in the Combat panel's conditions to {wait.condition}"
    if wait.kind == "roll":
        typed = f", e.g. {' '.join(map(str, wait.dice))}" if wait.dice else ""
        return f"Roll the dice (Roll, R) or type them (D){typed}"
    entry = units or f"the counters of {wait.side} {wait.index}"
    return {
        "tick": f"Tick {entry} in the Combat panel",
        "untick": f"Untick {entry} in the Combat panel",
        "remove": f"Take {entry} off the map (select, Delete)",
    }[wait.kind]
