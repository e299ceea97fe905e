"""What a message means, for asserts that survive a rewording: its place (``file:line``), the
rule references it cites, the figures it gives and the names it mentions.

Most tests compare structured fields (a report's steps and totals, a problem's file and line).
Where a test can only see text (a message, a Qt label, a command's output), it asserts the
numbers and the rule references the text must contain, not the whole sentence, with these.
The few tests that pin the wording a player reads say so (``..._wording`` or a comment)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

_RULE_REF = re.compile(
    r"(?<![\w.:/])(?:"
    r"\d{1,2}(?:\.[A-Z]{1,2})(?:\.\d+)*[a-z]?"  # Europa-style sections: 10.C, 10.C.1, 10.F.2
    r"|\d{1,2}(?:\.\d+){2,}"  # numbered sections: 10.5.2.2, 14.3.1
    r"|\d{1,2}[A-H](?:\d+[a-z]?)?"  # Total War's: 14D2a, 23D1, 14A3, 14F, 7F5
    r")(?![\w/]|:\d|\.\d)"
)
_FIGURE = re.compile(
    r"(?<![\w.])[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?::\d+(?:\.\d+)?|/\d+)?%?(?![\w.]\w|\w)"
)
_PLACE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): ")


def rules_in(text: str) -> list[str]:
    """The rule references ``text`` cites, in order, each once.

    >>> rules_in("2.1:1 gives +1 (10.C.1); +1 more (14D2a, 10.5.2.2), see 10.C.1")
    ['10.C.1', '14D2a', '10.5.2.2']
    """
    seen: list[str] = []
    for ref in _RULE_REF.findall(text):
        if ref not in seen:
            seen.append(ref)
    return seen


def figures_in(text: str) -> list[str]:
    """The numbers ``text`` gives, as written and in order: whole numbers, signed modifiers,
    decimals, ratios and odds, fractions and percentages (``3,000,089`` is one number). Rule
    references are not figures, and a ``-`` between two numbers (``4-8``, ``3-4``) joins them:
    it is not a sign.

    >>> figures_in("3:1 odds at 2.1:1, DRM +1 (14D2a): 1/2 of 7 REs, 50%, 0.5 RE; 4-8 Mot XX")
    ['3:1', '2.1:1', '+1', '1/2', '7', '50%', '0.5', '4', '8']
    """
    without_rules = _RULE_REF.sub(" ", text)
    return _FIGURE.findall(without_rules)


def place(message: str) -> tuple[str, int]:
    """The ``file`` and ``line`` a ``file:line: message`` problem points at.

    >>> place("maps/x.toml:12: terrain 'jungle' is not on the chart (10.D)")
    ('maps/x.toml', 12)
    """
    found = _PLACE.match(message)
    assert found, f"no file:line in {message!r}"
    return found["file"], int(found["line"])


def mentions(text: str, *words: str) -> bool:
    """Whether ``text`` names every one of ``words`` (a unit, a key, a value), each as a whole
    word or phrase, not inside a longer one (``AT X`` is not in ``AT XX``).

    >>> mentions("Tank XX converts 1 RE of Mot Inf III", "Tank XX", "Mot Inf III")
    True
    >>> mentions("Tank XX converts", "Tank X")
    False
    """
    return all(re.search(rf"(?<![\w]){re.escape(w)}(?![\w])", text) is not None for w in words)


def says(
    text: str,
    *,
    rules: tuple[str, ...] | list[str] | None = None,
    figures: tuple[str, ...] | list[str] | None = None,
    names: tuple[str, ...] | list[str] = (),
    at: tuple[str, int] | None = None,
) -> bool:
    """Whether ``text`` cites exactly ``rules`` (in order), gives exactly ``figures`` (in
    order), names every one of ``names``, and (a ``file:line:`` problem) points at ``at``.
    Left out (None): not checked. On a mismatch the assert shows what the text does say.

    >>> says("aet.toml:16: aeca_aecd row 1:2 may only give a zero or negative modifier (10.C.2)",
    ...      at=("aet.toml", 16), rules=["10.C.2"], figures=["1:2"], names=["aeca_aecd"])
    True
    """
    if at is not None:
        assert place(text) == at, f"{text!r} is not at {at}"
        text = _PLACE.sub("", text, count=1)
    if rules is not None:
        assert rules_in(text) == list(rules), f"{text!r} cites {rules_in(text)}, not {rules}"
    if figures is not None:
        assert figures_in(text) == list(figures), (
            f"{text!r} gives {figures_in(text)}, not {list(figures)}"
        )
    missing = [w for w in names if not mentions(text, w)]
    assert not missing, f"{text!r} does not name {missing}"
    return True


def says_in(
    text: str,
    *,
    rules: tuple[str, ...] | list[str] = (),
    figures: tuple[str, ...] | list[str] = (),
    names: tuple[str, ...] | list[str] = (),
    at: tuple[str, int] | None = None,
) -> bool:
    r"""Whether a part of ``text`` (a longer output, a label, a step) says this: it cites each
    of ``rules``, gives ``figures`` in this order (others may come between), names every one
    of ``names``, and (when given) has a ``file:line:`` problem at ``at``.

    >>> says_in("DRM +1 (14D2a)\n3:1 odds, 50% DR", rules=["14D2a"], figures=["3:1", "50%"])
    True
    """
    if at is not None:
        assert re.search(rf"(?m)^{re.escape(at[0])}:{at[1]}: ", text), f"{text!r} not at {at}"
    cited = rules_in(text)
    assert all(r in cited for r in rules), f"{text!r} cites {cited}, not all of {list(rules)}"
    given = iter(figures_in(text))
    assert all(f in given for f in figures), (
        f"{text!r} gives {figures_in(text)}, not {list(figures)} in this order"
    )
    missing = [w for w in names if not mentions(text, w)]
    assert not missing, f"{text!r} does not name {missing}"
    return True


def each_says(texts: Iterable[object], *meanings: Mapping[str, Any]) -> bool:
    """Whether ``texts`` (problems, warnings, lines) are as many as ``meanings`` and each
    :func:`says` its own, in order.

    >>> each_says(["a.toml:3: no 'odds' (10.C)"], dict(at=("a.toml", 3), rules=["10.C"]))
    True
    """
    found = [str(t) for t in texts]
    assert len(found) == len(meanings), f"{found!r}: {len(found)}, not {len(meanings)}"
    return all(says(t, **m) for t, m in zip(found, meanings, strict=True))


def one_says(where: str | Iterable[object], *, partly: bool = False, **meaning: Any) -> bool:
    """Whether one of ``where`` (warnings, problems, lines) :func:`says` ``meaning`` (with
    ``partly``, whether a part of one does, :func:`says_in`); when ``where`` is one text,
    whether a part of it does.

    >>> one_says(["10.F: the attacker declines AEC: 3 REs unused"], rules=["10.F"],
    ...          figures=["3"], names=["attacker"])
    True
    """
    if isinstance(where, str):
        return says_in(where, **meaning)
    found = [str(t) for t in where]
    for text in found:
        try:
            if (says_in if partly else says)(text, **meaning):
                return True
        except AssertionError:
            continue
    raise AssertionError(f"none of {found!r} says {meaning}")
