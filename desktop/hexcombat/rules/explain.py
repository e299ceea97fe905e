"""Every number hexcombat shows, with the rule that grants it and where its value came from.

A :class:`Step` is one line of the combat panel: the rule reference as the rulebook prints it
(``14D2a``, ``10.C.1``, ``10.5.2.2``, ``T4``), what was done in words, and the value it
produced. A step whose value came from a chart entry the rules texts do not give is
``assumed``; the report then carries a warning so the player knows what to check against their
own rulebook.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

Provenance = Literal["rule", "assumed"]
"""``rule``: stated or implied by the rules text; ``assumed``: our placeholder chart value."""

Value = int | Fraction | str | None
"""A step's value: a die roll modifier, a strength total or proportion, a ratio or odds as
text."""

StepKind = Literal["drm", "shift", "strength", "limit", "roll", "result", "note"]
"""What a step does: adds a die roll modifier, shifts a column, sets or changes a strength,
limits a total (a clamped DRM), records a roll, states a result, or only explains."""

Favours = Literal["attacker", "defender", "neither"]
"""Whom an outcome favours, for the chances a player reads first."""


@dataclass(frozen=True)
class Step:
    """One line of working: what was computed, under which rule, giving which value."""

    rule: str
    """The rule reference exactly as the rulebook prints it, e.g. ``14D2a`` or ``10.C.1``."""
    text: str
    """What was done, in a player's words."""
    value: Value = None
    """The number this step produced, if any (exact: a proportion is a fraction)."""
    provenance: Provenance = "rule"
    """Whether the value is from the rules text or an assumed chart entry."""
    drm: int | None = None
    """The die roll modifier this step contributes to the final DRM, when it contributes one."""
    side: Literal["attacker", "defender"] | None = None
    """The side the step belongs to (None: the combat as a whole)."""
    kind: StepKind = "note"
    """What kind of effect the step has; a step with a ``drm`` is a ``drm`` step."""

    def to_json(self) -> dict[str, object]:
        """The step as JSON-ready data."""
        return {
            "rule": self.rule,
            "text": self.text,
            "value": json_number(self.value),
            "provenance": self.provenance,
            "drm": self.drm,
            "side": self.side,
            "kind": self.kind,
        }


@dataclass
class Explanation:
    """The ordered working of one evaluation: steps, and warnings a player must read."""

    steps: list[Step] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def add(
        self,
        rule: str,
        text: str,
        value: Value = None,
        *,
        provenance: Provenance = "rule",
        drm: int | None = None,
        side: Literal["attacker", "defender"] | None = None,
        kind: StepKind | None = None,
    ) -> Step:
        """Append a step; an assumed value also records a warning naming the rule."""
        if kind is None:
            kind = "drm" if drm is not None else "note"
        step = Step(rule, text, value, provenance, drm, side, kind)
        self.steps.append(step)
        if provenance == "assumed":
            self.warn(f"{rule}: assumed chart value used ({text}); check your rulebook")
        return step

    def warn(self, message: str) -> None:
        """Record a warning once (assumed values, waived rules)."""
        if message not in self.warnings:
            self.warnings.append(message)


def json_number(value: Value) -> object:
    """Fractions become floats for JSON (``1/7`` -> ``0.142857...``); other values pass through."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def fmt(value: Fraction | int) -> str:
    """A fraction as a player writes it: ``3``, ``0.5``, ``1/7``."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator in (2, 4, 5, 8, 10):
        return f"{float(value):g}"
    return f"{value.numerator}/{value.denominator}"


def signed(drm: int) -> str:
    """A DRM as a player writes it: ``+1``, ``0``, ``-2``."""
    return f"{drm:+d}" if drm else "0"


def percent(p: Fraction) -> str:
    """``50%``, ``33.3%``: a chance as a headline shows it."""
    value = float(p) * 100
    return f"{value:.0f}%" if value == round(value) else f"{value:.1f}%"


def drm_text(distribution: Mapping[int, Fraction]) -> str:
    """``DRM +1``; a DRM given as chances as ``DRM +3 (50%) or +4 (50%)``."""
    if len(distribution) == 1:
        return f"DRM {signed(next(iter(distribution)))}"
    return "DRM " + " or ".join(
        f"{signed(d)} ({percent(p)})" for d, p in sorted(distribution.items())
    )
