"""The tutorial dock: a tutorial scenario's title, description and numbered walkthrough steps,
beside the map, so the player follows the steps while setting up the attack they describe."""

from __future__ import annotations

import html
import re

from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

_STEP_NUMBER = re.compile(r"^\s*\d+[.)]\s+")
"""Steps in the scenario files carry their own number ("1. ..."); the list numbers them."""


_LONG_WORD = re.compile(r"\S{60}")
"""A run of letters longer than any word: a file from someone else may hold one."""


def _breakable(text: str) -> str:
    """``text`` with a zero-width space after every 60 letters of a run without spaces: a word
    of 300,000 letters laid out as one unbreakable line held the window for half a minute."""
    return _LONG_WORD.sub(lambda m: m.group(0) + "\u200b", text)


def _paragraphs(text: str) -> list[str]:
    """``text`` as paragraphs: TOML strings break lines for the editor, not for the reader."""
    return [" ".join(part.split()) for part in re.split(r"\n\s*\n", text) if part.strip()]


class TutorialPanel(QWidget):
    """Shows the walkthrough of the open game (empty when it has none)."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("TutorialPanel")
        self.title = ""
        self.description = ""
        self.steps: list[str] = []
        self.text = QTextBrowser()
        self.text.setObjectName("TutorialText")
        self.text.setOpenLinks(False)
        self.text.setFrameShape(QTextBrowser.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text)

    def show_tutorial(self, title: str, description: str, steps: list[str]) -> None:
        """Show ``title``, ``description`` and ``steps`` (numbered in order)."""
        self.title = title
        self.description = description
        self.steps = [_STEP_NUMBER.sub("", step, count=1) for step in steps]
        parts = [f"<h3>{html.escape(_breakable(title))}</h3>"] if title else []
        parts += [f"<p>{html.escape(_breakable(p))}</p>" for p in _paragraphs(description)]
        if self.steps:
            items = "".join(
                f'<li style="margin-bottom: 6px">{html.escape(_breakable(step))}</li>'
                for step in self.steps
            )
            parts.append(f"<ol>{items}</ol>")
        self.text.setHtml("".join(parts))

    def document(self) -> QTextDocument:
        """The text as shown."""
        return self.text.document()
