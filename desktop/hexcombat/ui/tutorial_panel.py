"""The tutorial dock: a tutorial's title, description and numbered steps, walked one at a time.

Next, Back and Restart walk the steps. The step the player is at is marked in the list, and
under it the panel shows the number the step names, computed now by the rules core from the
combat as it stands (a step never types its number: game/tutorial_steps.py), what the step asks
the player to do with a Show me that does it, and the reading of the rules hexcombat adopted
there. The window the panel sits in (its *host*: the map window or a calculator) supplies the
report, highlights what the step counts, does what Show me asks and puts the example back.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol

import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from hexcombat.game.conditions import vocabulary_of
from hexcombat.game.tutorial_steps import (
    EntryKey,
    ReportLike,
    Shown,
    TutorialStep,
    Wait,
    shown_now,
    step_index,
    wait_words,
)
from hexcombat.rules.vocabulary import Vocabulary

_STEP_NUMBER = re.compile(r"^\s*\d+[.)]\s+")
"""Steps in the scenario files may carry their own number ("1. ..."); the list numbers them."""


_LONG_WORD = re.compile(r"\S{60}")
"""A run of letters longer than any word: a file from someone else may hold one."""


CURRENT = "background-color: #F0E442; color: #000000; font-weight: bold"
"""The step the player is at: Okabe-Ito yellow behind black text."""
DONE_GREEN = "#009E73"
"""Okabe-Ito bluish green: what a step asked is done."""


def _breakable(text: str) -> str:
    """``text`` with a zero-width space after every 60 letters of a run without spaces: a word
    of 300,000 letters laid out as one unbreakable line held the window for half a minute."""
    return _LONG_WORD.sub(lambda m: m.group(0) + "\u200b", text)


def _paragraphs(text: str) -> list[str]:
    """``text`` as paragraphs: TOML strings break lines for the editor, not for the reader."""
    return [" ".join(part.split()) for part in re.split(r"\n\s*\n", text) if part.strip()]


NO_WORDS = Vocabulary()
"""A tutorial of a game with no glossary (or none known): a total read as its key's words."""


NOT_SHOWN = ("not worked out", "not in this combat now")
"""How :func:`shown_now` begins when it has no number to show."""


def shown_name(shown: Shown, vocabulary: Vocabulary | None = None) -> str:
    """What a step's number is, in words: ``attacking non-artillery REs``, ``DRM of 14D2a``;
    a total in the words of the tutorial's ruleset's glossary (``vocabulary``; None: its keys'
    words as they are)."""
    if shown.kind == "total":
        return (vocabulary or NO_WORDS).spelled(shown.key)
    if shown.kind == "step-drm":
        return f"DRM of {shown.key}"
    if shown.kind == "step-value":
        return f"{shown.key}: {shown.words}" if shown.words else f"value of {shown.key}"
    if shown.kind == "sum-drm":
        return f"{shown.side}'s {shown.key}" if shown.side else f"{shown.key} in all"
    if shown.kind == "chance-drm":
        return f"chance of DRM {shown.drm:+d}"
    if shown.kind == "chance":
        return f"chance of {shown.key}"
    if shown.kind == "fate":
        return f"chance {shown.side} {shown.nth} ends {shown.key}"
    return {"drm": "final DRM", "odds": "odds", "headline": "the combat"}[shown.kind]


class WalkHost(Protocol):
    """The window a walk runs in."""

    def walk_report(self) -> ReportLike | None:
        """The combat's report as it stands (None: no combat set up)."""

    def walk_wait_done(self, wait: Wait) -> bool | None:
        """Whether the player has done what ``wait`` asks; None when this window cannot wait
        for it (the calculator waits only for an entry removed)."""

    def walk_mark(self, step: TutorialStep | None, row: int | None) -> None:
        """Highlight what ``step`` counts, and the working's ``row`` (None: nothing)."""

    def walk_show_me(self, wait: Wait) -> None:
        """Do what ``wait`` asks, for the player."""

    def walk_wait_words(self, wait: Wait, done: bool = False) -> str:
        """What ``wait`` asks (``done``: once done), naming the units as the player sees
        them."""

    def walk_restart(self) -> None:
        """Put the example back as the file lays it out."""


class TutorialPanel(QWidget):
    """Shows and walks the tutorial of the open game (empty when it has none)."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("TutorialPanel")
        self.title = ""
        self.description = ""
        self.steps: list[str] = []
        self.walk: list[TutorialStep] = []
        """The steps as the scenario wrote them (values, highlights, waits); a saved game keeps
        only their texts, and then this is empty."""
        self.current = -1
        """The step the player is at, -1 before the first (a tutorial opens at its first)."""
        self.vocabulary: Vocabulary | None = None
        """The tutorial's ruleset's declarations: its glossary names the totals a step shows."""
        self.host: WalkHost | None = None
        self.entries: Mapping[EntryKey, Sequence[str]] = {}
        """Each scenario entry's counters on the map (``("attacker", 2)`` -> ids)."""
        self.path: Path | None = None
        self.on_finished: Callable[[Path], object] = lambda _path: None
        """Told when the player reaches a tutorial's last step (the start page marks it)."""
        self.text = QTextBrowser()
        self.text.setObjectName("TutorialText")
        self.text.setOpenLinks(False)
        self.text.setFrameShape(QTextBrowser.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text, 1)
        layout.addWidget(self._build_step_box())

    def _build_step_box(self) -> QWidget:
        box = QWidget()
        box.setObjectName("TutorialStepBox")
        layout = QVBoxLayout(box)
        layout.setContentsMargins(6, 4, 6, 4)
        self.step_label = QLabel()
        self.step_label.setObjectName("TutorialStepNumber")
        self.value_label = QLabel()
        self.value_label.setObjectName("TutorialValue")
        self.value_label.setTextFormat(Qt.TextFormat.RichText)
        self.value_label.setWordWrap(True)
        self.todo_label = QLabel()
        self.todo_label.setObjectName("TutorialToDo")
        self.todo_label.setTextFormat(Qt.TextFormat.RichText)
        self.todo_label.setWordWrap(True)
        self.show_me_button = QPushButton("Show me")
        self.show_me_button.setObjectName("TutorialShowMe")
        self.show_me_button.setToolTip("Do what the step asks (M)")
        self.show_me_button.clicked.connect(self.show_me)
        todo = QHBoxLayout()
        todo.addWidget(self.todo_label, 1)
        todo.addWidget(self.show_me_button)
        self.reading_label = QLabel()
        self.reading_label.setObjectName("TutorialReading")
        self.reading_label.setTextFormat(Qt.TextFormat.RichText)
        self.reading_label.setWordWrap(True)
        buttons = QHBoxLayout()
        self.back_button = QPushButton("Back")
        self.back_button.setToolTip("The step before (Shift+S)")
        self.back_button.clicked.connect(lambda: self.next_step(-1))
        self.next_button = QPushButton("Next")
        self.next_button.setToolTip("The next step (S)")
        self.next_button.clicked.connect(lambda: self.next_step(1))
        self.restart_button = QPushButton("Restart")
        self.restart_button.setToolTip("Put the example back and start again (Ctrl+Shift+R)")
        self.restart_button.clicked.connect(self.restart)
        for button in (self.back_button, self.next_button, self.restart_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addWidget(self.value_label)
        layout.addLayout(todo)
        layout.addWidget(self.reading_label)
        # "Step 1 of 10" over the buttons, not beside them: a narrow dock (table mode) keeps
        # the map its room
        layout.addWidget(self.step_label, 0, Qt.AlignmentFlag.AlignRight)
        layout.addLayout(buttons)
        return box

    # what is shown --------------------------------------------------------------------------

    def show_tutorial(
        self,
        title: str,
        description: str,
        steps: Sequence[str | TutorialStep],
        ruleset: str = "",
    ) -> None:
        """Show ``title``, ``description`` and ``steps`` (numbered in order), at the first
        step; steps read from a scenario (:class:`TutorialStep`) walk with their numbers, the
        numbers they show named in the words of ``ruleset``'s glossary (read through the
        registry; none for a game without one)."""
        self.vocabulary = vocabulary_of(ruleset) if ruleset else None
        self.title = title
        self.description = description
        self.walk = [s for s in steps if isinstance(s, TutorialStep)]
        if len(self.walk) != len(steps):
            self.walk = []
        self.steps = [
            _STEP_NUMBER.sub("", s.text if isinstance(s, TutorialStep) else s, count=1)
            for s in steps
        ]
        self.current = 0 if self.steps else -1
        self._show()
        self.refresh()

    def attach(
        self,
        host: WalkHost | None,
        entries: Mapping[EntryKey, Sequence[str]] | None = None,
        path: Path | None = None,
    ) -> None:
        """Walk in ``host``: it gives the report and highlights (None: text only)."""
        self.host = host
        self.entries = entries or {}
        self.path = path
        self.refresh()

    def _show(self) -> None:
        """The text, the step the player is at marked (Okabe-Ito yellow) and scrolled to."""
        title, description = self.title, self.description
        parts = [f"<h3>{html.escape(_breakable(title))}</h3>"] if title else []
        parts += [f"<p>{html.escape(_breakable(p))}</p>" for p in _paragraphs(description)]
        if self.steps:
            items = "".join(
                f'<li style="margin-bottom: 6px"><a name="step{i}"></a>'
                + (f'<span style="{CURRENT}">' if i == self.current else "<span>")
                + f"{html.escape(_breakable(step))}</span></li>"
                for i, step in enumerate(self.steps)
            )
            parts.append(f"<ol>{items}</ol>")
        self.text.setHtml("".join(parts))
        if self.current >= 0:
            self.text.scrollToAnchor(f"step{self.current}")
            # once the dock has laid the text out at its width, the step may sit elsewhere
            anchor = f"step{self.current}"
            QTimer.singleShot(
                0, lambda: shiboken6.isValid(self) and self.text.scrollToAnchor(anchor)
            )

    def step(self) -> TutorialStep | None:
        """The step the player is at, when the tutorial walks."""
        return self.walk[self.current] if 0 <= self.current < len(self.walk) else None

    def shown_value(self) -> str:
        """The current step's number as the panel shows it now ("" when it shows none)."""
        step = self.step()
        if step is None or step.show is None:
            return ""
        report = self.host.walk_report() if self.host else None
        name = getattr(self.host, "walk_attack_name", lambda: "Attack")()
        return shown_now(step, report, self.entries, name)

    def waiting(self) -> bool:
        """Whether the current step waits for the player to do something not done yet."""
        step = self.step()
        if step is None or step.wait is None or self.host is None:
            return False
        return self.host.walk_wait_done(step.wait) is False

    def refresh(self) -> None:
        """The current step's number, what it asks and whether it is done, the buttons, and the
        host's highlights: called whenever the combat or the map changes."""
        total = len(self.steps)
        self.step_label.setText(f"Step {self.current + 1} of {total}" if total else "")
        step = self.step()
        waiting = self.waiting()
        self.back_button.setEnabled(self.current > 0)
        self.next_button.setEnabled(0 <= self.current < total - 1 and not waiting)
        self.restart_button.setEnabled(bool(self.walk) and self.host is not None)
        self._show_value(step)
        self._show_todo(step, waiting)
        reading = step.reading if step is not None else ""
        self.reading_label.setVisible(bool(reading))
        self.reading_label.setText(
            f"<i>Reading adopted:</i> {html.escape(_breakable(reading))}" if reading else ""
        )
        if self.host is not None:
            self.host.walk_mark(step, self.marked_row())

    def _show_value(self, step: TutorialStep | None) -> None:
        value = self.shown_value()
        self.value_label.setVisible(bool(value))
        if step is None or step.show is None or not value:
            self.value_label.setText("")
            return
        name = html.escape(step.label or shown_name(step.show, self.vocabulary))
        if value.startswith(NOT_SHOWN):  # why there is no number: words, not a headline
            self.value_label.setText(f"{name}: <i>{html.escape(value)}</i>")
            return
        size = self.font().pointSizeF() * 1.6
        self.value_label.setText(
            f"{name}: "
            f"<span style='font-size:{size:.1f}pt; font-weight:bold'>{html.escape(value)}</span>"
        )

    def _show_todo(self, step: TutorialStep | None, waiting: bool) -> None:
        wait = step.wait if step is not None else None
        shown = (
            wait is not None
            and self.host is not None
            and self.host.walk_wait_done(wait) is not None
        )
        self.todo_label.setVisible(shown)
        self.show_me_button.setVisible(shown)
        self.show_me_button.setEnabled(waiting)
        if not shown or wait is None:
            self.todo_label.setText("")
            return
        words = html.escape(
            self.host.walk_wait_words(wait, not waiting)
            if self.host
            else wait_words(wait, done=not waiting)
        )
        self.todo_label.setText(
            f"<b>To do:</b> {words}"
            if waiting
            else f"<span style='color:{DONE_GREEN}'>\u2713 Done:</span> {words}"
        )

    def marked_row(self) -> int | None:
        """The row of the working the current step marks, in the report as it stands."""
        step = self.step()
        shown = step.marked_row if step is not None else None
        report = self.host.walk_report() if self.host is not None else None
        if shown is None or report is None:
            return None
        return step_index(shown, report)

    # walking ----------------------------------------------------------------------------------

    def next_step(self, by: int = 1) -> bool:
        """Go to the next step (``by=-1``: the one before); False at either end, or while the
        step waits for the player (Show me does it)."""
        wanted = self.current + by
        if not self.steps or not 0 <= wanted < len(self.steps):
            return False
        if by > 0 and self.waiting():
            return False
        self.current = wanted
        self._show()
        self.refresh()
        if self.current == len(self.steps) - 1 and self.path is not None and self.walk:
            self.on_finished(self.path)
        return True

    def show_me(self) -> bool:
        """Do what the current step asks (select the stack, untick a unit, ...)."""
        step = self.step()
        if step is None or step.wait is None or self.host is None or not self.waiting():
            return False
        self.host.walk_show_me(step.wait)
        self.refresh()
        return not self.waiting()

    def restart(self) -> bool:
        """Put the example back and go to the first step."""
        if self.host is None or not self.walk:
            return False
        self.host.walk_restart()  # the host shows the tutorial again, at its first step
        return True

    def document(self) -> QTextDocument:
        """The text as shown."""
        return self.text.document()
