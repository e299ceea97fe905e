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


CURRENT = "background-color: #F0E442; color: #000000; font-weight: bold"
"""The step the player is at: Okabe-Ito yellow behind black text."""


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
        self.current = -1
        """The step the player is at (Next Tutorial Step), -1 before the first."""
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
        self.current = -1
        self._show()

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

    def next_step(self, by: int = 1) -> bool:
        """Go to the next step (``by=-1``: the one before); False at either end."""
        wanted = self.current + by
        if not self.steps or not 0 <= wanted < len(self.steps):
            return False
        self.current = wanted
        self._show()
        return True

    def document(self) -> QTextDocument:
        """The text as shown."""
        return self.text.document()
