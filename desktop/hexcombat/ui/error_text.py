"""What an error dialog shows of a refusal: at most a screenful, however many problems a file
from someone else holds (a dialog of millions of characters freezes the window for a minute)."""

from __future__ import annotations

MAX_LINES = 30
"""The most problems a dialog lists; ``hexcombat check FILE`` prints them all."""
MAX_LINE_CHARS = 500
"""The most characters of one problem shown (a value echoed from a file may be long)."""


def capped(text: str) -> str:
    """``text`` cut to :data:`MAX_LINES` lines of :data:`MAX_LINE_CHARS` characters, saying how
    many more problems there are and where to see them all."""
    lines = text.split("\n", MAX_LINES)
    more = lines.pop().count("\n") + 1 if len(lines) > MAX_LINES else 0
    shown = [
        line if len(line) <= MAX_LINE_CHARS else line[: MAX_LINE_CHARS - 3] + "..."
        for line in lines
    ]
    if more:
        shown.append(
            f"... and {more:,} more line(s): run hexcombat check on the file to see them all"
        )
    return "\n".join(shown)
