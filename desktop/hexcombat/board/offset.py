"""Offset coordinates and printed hex labels: the numbers people read off a paper map.

Only people use these. Everything else works in axial :class:`~hexcombat.board.hexes.Hex`.

An :class:`OffsetScheme` says how a printed map numbers its hexes:

- ``orientation``: ``"flat"`` (flat-topped hexes standing in columns, as on Europa maps) or
  ``"pointy"`` (pointy-topped hexes lying in rows).
- ``parity``: which columns (flat) or rows (pointy) are shoved by half a hex, counted from 0 at
  the top-left hex (Red Blob Games' "odd-q"/"even-q", "odd-r"/"even-r"). With ``"odd"`` on a
  flat map the 2nd, 4th, ... columns from the left edge sit half a hex lower than the 1st, 3rd,
  ...; with ``"even"`` they sit half a hex higher. On a pointy map ``"odd"`` shoves the 2nd, 4th,
  ... rows half a hex to the right.
- ``label``: a Python format string using ``{col}`` and ``{row}``, e.g. ``"{col:02d}{row:02d}"``
  prints column 4, row 12 as ``"0412"``.
- ``first``: the label of the top-left hex, e.g. ``"0101"``; it fixes the printed numbers of
  column and row 0.

Offset ``(col, row)`` below always count from 0 at the top-left hex, which is axial ``Hex(0, 0)``;
the printed numbers add the ``first`` label's numbers. Labels are always strings, never numbers
(``0412`` read as a number loses its leading zero, or worse).
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from typing import Literal

from hexcombat.board.hexes import Hex

Orientation = Literal["flat", "pointy"]
Parity = Literal["odd", "even"]
ORIENTATIONS: tuple[str, ...] = ("flat", "pointy")
PARITIES: tuple[str, ...] = ("odd", "even")

_SPEC = re.compile(r"^(0?)([1-9][0-9]*)?d?$")
MAX_LABEL_WIDTH = 9
"""The widest zero-padded number a label format may print. Printed maps number their hexes with
two to four digits a coordinate; every hex's label is printed at this width, so a format like
``{col:0100000000d}`` is refused rather than printed for each hex."""


@dataclass(frozen=True)
class _Field:
    name: str
    width: int
    fixed: bool
    """Read at exactly ``width`` digits, because another number follows with nothing between."""


def _compile_label(fmt: str) -> tuple[re.Pattern[str], dict[str, _Field]]:
    """A regular expression that reads back labels printed with ``fmt``.

    A number followed directly by another number (``{col:02d}{row:02d}``) must be read at its
    fixed width, or ``"0412"`` would be ambiguous; any other number may be as long as it needs.
    """
    try:
        parts = list(string.Formatter().parse(fmt))
    except ValueError as exc:
        raise ValueError(f"label format {fmt!r} is not a valid format string: {exc}") from None
    fields: dict[str, _Field] = {}
    pieces: list[str] = []
    for index, (literal, name, spec, conversion) in enumerate(parts):
        if literal:
            if "/" in literal or any(ch.isspace() for ch in literal):
                raise ValueError(
                    f"label format {fmt!r} may not contain '/' or spaces "
                    "('/' separates the two hexes of a hexside)"
                )
            pieces.append(re.escape(literal))
        if name is None:
            continue
        if name not in ("col", "row"):
            raise ValueError(
                f"label format {fmt!r} may only use {{col}} and {{row}}, not {{{name}}}"
            )
        if name in fields:
            raise ValueError(f"label format {fmt!r} uses {{{name}}} twice")
        match = _SPEC.match(spec or "")
        if conversion or match is None:
            raise ValueError(
                f"label format {fmt!r}: {{{name}}} must be a whole number such as "
                f"{{{name}:02d}} or {{{name}}}, not {{{name}:{spec}}}"
            )
        zero_pad = match.group(1) == "0"
        digits = match.group(2) or "0"
        if len(digits) > 2 or int(digits) > MAX_LABEL_WIDTH:
            raise ValueError(
                f"label format {fmt!r}: {{{name}}} may be padded to at most {MAX_LABEL_WIDTH} "
                f"digits, e.g. {{{name}:03d}}, not {{{name}:{spec}}}"
            )
        width = int(digits)
        if zero_pad != bool(width):
            raise ValueError(
                f"label format {fmt!r}: write {{{name}}} or a zero-padded width such as "
                f"{{{name}:02d}}, not {{{name}:{spec}}} (labels may not contain spaces)"
            )
        following = parts[index + 1] if index + 1 < len(parts) else None
        glued = following is not None and not following[0] and following[1] is not None
        fields[name] = _Field(name, width, glued)
        if glued:
            if not width:
                raise ValueError(
                    f"label format {fmt!r}: {{{name}}} runs straight into the next number, so it "
                    f"needs a fixed zero-padded width, e.g. {{{name}:02d}}"
                )
            pieces.append(f"(?P<{name}>[0-9]{{{width}}})")
        elif width:
            # exactly as printed: zero-padded to the width, longer only without a leading zero
            pieces.append(f"(?P<{name}>[0-9]{{{width}}}|[1-9][0-9]{{{width},}})")
        else:
            pieces.append(f"(?P<{name}>0|[1-9][0-9]*)")
    for name in ("col", "row"):
        if name not in fields:
            raise ValueError(f"label format {fmt!r} must contain {{{name}}}")
    return re.compile("".join(pieces) + r"\Z"), fields


def check_label_format(fmt: str) -> None:
    """``ValueError`` saying what is wrong when ``fmt`` cannot print and read back labels."""
    _compile_label(fmt)


@dataclass(frozen=True)
class OffsetScheme:
    """How a printed map numbers its hexes; converts between hexes and labels."""

    orientation: Orientation = "flat"
    parity: Parity = "odd"
    label_format: str = "{col:02d}{row:02d}"
    first: str = "0101"
    _pattern: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _fields: dict[str, _Field] = field(init=False, repr=False, compare=False)
    _col_base: int = field(init=False, repr=False, compare=False)
    _row_base: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.orientation not in ORIENTATIONS:
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {self.orientation!r}")
        if self.parity not in PARITIES:
            raise ValueError(f"offset parity must be 'odd' or 'even', not {self.parity!r}")
        pattern, fields = _compile_label(self.label_format)
        object.__setattr__(self, "_pattern", pattern)
        object.__setattr__(self, "_fields", fields)
        if not isinstance(self.first, str):
            raise ValueError(f"the first label must be a string, e.g. '0101', not {self.first!r}")
        match = pattern.match(self.first)
        if match is None:
            raise ValueError(
                f"first label {self.first!r} does not match the label format {self.label_format!r}"
            )
        object.__setattr__(self, "_col_base", int(match.group("col")))
        object.__setattr__(self, "_row_base", int(match.group("row")))

    # offset <-> axial -------------------------------------------------------------------------

    def hex_of(self, col: int, row: int) -> Hex:
        """The hex at offset ``(col, row)``, counted from 0 at the top-left hex."""
        if self.orientation == "flat":
            shove = (col + (col & 1)) // 2 if self.parity == "even" else (col - (col & 1)) // 2
            return Hex(col, row - shove)
        shove = (row + (row & 1)) // 2 if self.parity == "even" else (row - (row & 1)) // 2
        return Hex(col - shove, row)

    def hexes_of_row(self, row: int, columns: int) -> list[Hex]:
        """The hexes at offsets ``(0, row)`` to ``(columns - 1, row)``: :meth:`hex_of` for a
        whole row at once (reading a 50,000-hex map's terrain)."""
        if self.orientation == "flat":
            even = self.parity == "even"
            return [
                Hex(col, row - ((col + (col & 1)) // 2 if even else (col - (col & 1)) // 2))
                for col in range(columns)
            ]
        shove = (row + (row & 1)) // 2 if self.parity == "even" else (row - (row & 1)) // 2
        return [Hex(col - shove, row) for col in range(columns)]

    def offset_of(self, h: Hex) -> tuple[int, int]:
        """The offset ``(col, row)`` of ``h``, counted from 0 at the top-left hex."""
        q, r = h.q, h.r
        if self.orientation == "flat":
            shove = (q + (q & 1)) // 2 if self.parity == "even" else (q - (q & 1)) // 2
            return q, r + shove
        shove = (r + (r & 1)) // 2 if self.parity == "even" else (r - (r & 1)) // 2
        return q + shove, r

    # labels -----------------------------------------------------------------------------------

    def printed(self, h: Hex) -> tuple[int, int]:
        """The column and row numbers printed on ``h`` (offset plus the first label's)."""
        col, row = self.offset_of(h)
        return col + self._col_base, row + self._row_base

    def label(self, h: Hex) -> str:
        """The printed label of ``h``, e.g. ``"0412"``.

        ``ValueError`` when the label could not be read back: a negative number, or a number too
        wide for a fixed-width field (column 100 in ``{col:02d}{row:02d}``).
        """
        col, row = self.offset_of(h)
        if col < 0 or row < 0:
            which = "column" if col < 0 else "row"
            raise ValueError(f"{h} lies before the first {which} of the map; it has no label")
        col, row = col + self._col_base, row + self._row_base
        for name, value in (("col", col), ("row", row)):
            spec = self._fields[name]
            if spec.fixed and len(str(value)) > spec.width:
                raise ValueError(
                    f"{name} {value} does not fit the label format {self.label_format!r}"
                )
        return self.label_format.format(col=col, row=row)

    def fits(self, columns: int, rows: int) -> bool:
        """Whether a map of ``columns`` x ``rows`` hexes can label every hex unambiguously."""
        last_col = self._col_base + columns - 1
        last_row = self._row_base + rows - 1
        return all(
            not self._fields[name].fixed or len(str(value)) <= self._fields[name].width
            for name, value in (("col", last_col), ("row", last_row))
        )

    def parse_label(self, text: str) -> Hex:
        """The hex a printed label names; ``ValueError`` saying why when ``text`` is not one."""
        if not isinstance(text, str):
            raise ValueError(f"hex labels are strings in quotes, like {self.first!r}, not {text!r}")
        match = self._pattern.match(text)
        if match is None:
            raise ValueError(
                f"{text!r} is not a hex label: expected labels like {self.first!r} "
                f"(format {self.label_format!r})"
            )
        col = int(match.group("col")) - self._col_base
        row = int(match.group("row")) - self._row_base
        if col < 0 or row < 0:
            raise ValueError(f"{text!r} lies before the first hex {self.first!r}")
        return self.hex_of(col, row)
