"""Game months (``YYYY-MM``), the dates scenarios and dated capabilities (10.H) are written in.

Months compare as text (``"1941-06" <= "1943-01"``), so a malformed one such as ``1943-13`` or
``1943-7`` would silently sort in the wrong place: it is refused where it is written.
"""

from __future__ import annotations

import re

_MONTH = re.compile(r"(\d{4})-(\d{2})")


def month_problem(value: object) -> str | None:
    """What is wrong with ``value`` as a game month, or None when it is one.

    >>> month_problem("1943-07") is None
    True
    >>> month_problem("1943-13")
    "'1943-13' has no month 13: write YYYY-MM with a month from 01 to 12"
    """
    match = _MONTH.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        return f"must be YYYY-MM, not {value!r}"
    month = int(match.group(2))
    if not 1 <= month <= 12:
        return f"{value!r} has no month {month}: write YYYY-MM with a month from 01 to 12"
    return None


def change_date_problem(date: str, previous: str, index: int) -> str | None:
    """What is wrong with the date of dated change ``index`` after the one before it
    (``previous``, ``""`` for the first), or None: a game month, later than the last."""
    if problem := month_problem(date):
        return f"changes[{index}] date {problem}"
    if date <= previous:
        return (
            f"changes[{index}] date {date} is not after changes[{index - 1}] date {previous}: "
            "list dated changes oldest first, one per month"
        )
    return None


ASSUMED_IN_A_CHANGE = (
    'assumed belongs to the counter, not to one dated change (list "changes" there to mark '
    "the dates, and the keys a change sets)"
)
"""Why ``assumed`` inside ``changes[i]`` is refused: the counter's list covers its changes."""
