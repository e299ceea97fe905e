"""Wargame counters drawn with QPainter: the side's colours (its nationality as a band when it
differs), a NATO unit symbol (or an air unit's aircraft), the size mark, strengths
(attack-defence-movement, an air rating and range), markers for heavy armour and two-hex
artillery, and the unit's status in play: a red stripe along its foot once it has lost steps,
and small tags for the steps lost, its morale or cohesion state and its markers.

A counter's colour says which force it fights for: the two sides of a game never share a colour,
even when a scenario borrows the other side's counter (the 10.C tutorial's German defenders are
the counter set's Soviet AT X).

One function draws a counter into any rectangle, so the map, the stack inspector and the palette
show the same counter; the level of detail (how many screen pixels the counter gets) decides how
much of it is drawn.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QIcon,
    QPainter,
    QPen,
    QPixmap,
    QPolygonF,
)

from hexcombat.rules.status import FRESH, UnitStatus
from hexcombat.rules.units import TACTICAL, Unit, type_letters
from hexcombat.rules.units import band as unit_band
from hexcombat.ui.unit_symbols import draw_aircraft, draw_symbol, draw_tactical_symbol

NATIONALITY_COLOURS: dict[str, tuple[str, str]] = {
    "soviet": ("#b5452f", "#fbe9c8"),
    "german": ("#8e9a86", "#111111"),
    "axis": ("#8e9a86", "#111111"),
    "italian": ("#6f9a5a", "#111111"),
    "finnish": ("#f2f2f2", "#1a3a7a"),
    "romanian": ("#d7c27a", "#111111"),
    "hungarian": ("#8a8a4a", "#111111"),
    "british": ("#c9a66b", "#111111"),
    "american": ("#7d8f4a", "#111111"),
    "us": ("#7d8f4a", "#111111"),
    "french": ("#6d8fc7", "#111111"),
    "polish": ("#c96d7f", "#111111"),
    "russian": ("#b5452f", "#fbe9c8"),
    "japanese": ("#e2bc4a", "#111111"),
}
"""Counter background and ink of each nationality, after the usual Europa counter colours."""

SIDE_HINTS = {"soviet": "soviet", "ussr": "soviet", "red": "soviet", "german": "german",
              "axis": "axis", "allied": "british", "allies": "british"}  # fmt: skip

AIR_TYPES = {"fighter": "F", "bomber": "B", "transport": "T"}
_AIR_CODE = re.compile(r"\d+(HF|AF|DF|F|B|A|D|T)\d+")

PLAIN_BELOW = 12.0
"""Below this many screen pixels a counter is a plain coloured square."""
SYMBOL_BELOW = 28.0
"""Below this many screen pixels a counter shows its colour and unit symbol only."""


SPARE_COLOURS: tuple[tuple[str, str], ...] = (
    ("#4a6fb5", "#ffffff"),
    ("#d7c27a", "#111111"),
    ("#6f9a5a", "#111111"),
    ("#8a5a9a", "#ffffff"),
    ("#e08a3a", "#111111"),
    ("#5a9aa0", "#111111"),
)
"""Colours for a side whose own would be too like another side's (two sides called German and
Axis, or two names that hash to near hues)."""
TOO_LIKE = 90.0
"""Two counter colours closer than this (red, green, blue distance) could be taken for one side."""
SAME = 30.0
"""A nationality this close to its side's colour needs no band of its own."""


def _apart(a: QColor, b: QColor) -> float:
    return ((a.red() - b.red()) ** 2 + (a.green() - b.green()) ** 2
            + (a.blue() - b.blue()) ** 2) ** 0.5  # fmt: skip


def _nationality_colours(key: str) -> tuple[QColor, QColor]:
    """The colours of a nationality (or a side name that names one); a stable colour of its
    own for any other name."""
    if key in NATIONALITY_COLOURS:
        back, ink = NATIONALITY_COLOURS[key]
        return QColor(back), QColor(ink)
    hue = zlib.crc32((key or "other").encode()) % 360
    return QColor.fromHsv(hue, 90, 200), QColor("#111111")


def side_key(side: str) -> str:
    """The nationality a side's name stands for (``Axis`` -> ``axis``, ``USSR`` -> ``soviet``),
    else the name itself in lower case."""
    name = side.strip().lower()
    return SIDE_HINTS.get(name, name)


@lru_cache(maxsize=64)
def _side_palette(sides: tuple[str, ...]) -> dict[str, tuple[QColor, QColor]]:
    taken: dict[str, tuple[QColor, QColor]] = {}
    for side in sides:
        colours = _nationality_colours(side_key(side))
        if any(_apart(colours[0], back) < TOO_LIKE for back, _ in taken.values()):
            spare = (
                (QColor(b), QColor(i))
                for b, i in SPARE_COLOURS
                if all(_apart(QColor(b), back) >= TOO_LIKE for back, _ in taken.values())
            )
            colours = next(spare, colours)
        taken[side] = colours
    return taken


def side_colours(side: str, sides: Sequence[str] = ()) -> tuple[QColor, QColor]:
    """Background and ink of ``side``'s counters: the nationality its name says (Soviet red,
    German and Axis field grey, ...), else a colour of its own name; never like the colour of a
    side before it in ``sides`` (the game's sides in order), so the forces always differ."""
    order = tuple(dict.fromkeys([*sides, side]))
    back, ink = _side_palette(order)[side]
    return QColor(back), QColor(ink)


def counter_colours(unit: Unit, side: str = "", sides: Sequence[str] = ()) -> tuple[QColor, QColor]:
    """Background and ink of a counter: its side's (:func:`side_colours`); a counter of no side
    yet (the palette) by its nationality."""
    if side:
        return side_colours(side, sides)
    return _nationality_colours(unit.nationality.lower())


def nationality_tint(unit: Unit, side: str, sides: Sequence[str] = ()) -> QColor | None:
    """The colour of the band that shows a counter's own nationality when it differs from its
    side's colour (an Italian unit among the Axis), or None. Never a colour like another
    side's: a borrowed counter of the enemy's nationality shows only its side."""
    key = unit.nationality.strip().lower()
    if not side or key not in NATIONALITY_COLOURS:
        return None
    tint = _nationality_colours(key)[0]
    order = tuple(dict.fromkeys([*sides, side]))
    palette = _side_palette(order)
    if _apart(tint, palette[side][0]) < SAME:
        return None
    if any(_apart(tint, back) < TOO_LIKE for other, (back, _) in palette.items() if other != side):
        return None
    return tint


def air_code(unit: Unit) -> str | None:
    """The air unit type letters (F, HF, AF, DF, B, A, D, T, 16A1) for an air unit, else None."""
    if letters := type_letters(unit):
        return letters
    match = _AIR_CODE.search(unit.name)
    if match:
        return match.group(1)
    return AIR_TYPES.get(unit.unit_type)


def is_air(unit: Unit) -> bool:
    """An air unit (16A): drawn with the aviation symbol and its rating."""
    return air_code(unit) is not None


def air_rating(unit: Unit) -> str:
    """``7F5``: air attack, type letters and air defence as the counter prints them (16A)."""
    code = air_code(unit) or ""
    attack = "" if unit.attack is None else str(unit.attack)
    defence = "" if unit.defence is None else str(unit.defence)
    return f"{attack}{code}{defence}"


RANGE_INKS = (QColor("#d0101a"), QColor("#ffe14a"))
"""Red, or yellow where red would not stand out: the small range number of long-range
artillery, printed "in a contrasting color" (14A3)."""
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def air_category(unit: Unit) -> str:
    """Fighter, bomber or transport (16A1), from the air type letters: the silhouette drawn."""
    code = air_code(unit) or ""
    if unit.unit_type in ("fighter", "bomber", "transport"):
        return unit.unit_type
    if code == "T":
        return "transport"
    return "fighter" if code.endswith("F") else "bomber"


def long_range(unit: Unit) -> bool:
    """Long-range artillery: an attack range of two hexes or more (14A3)."""
    return unit.range >= 2 and not is_air(unit)


def strength_parts(unit: Unit) -> list[str]:
    """The printed strengths, Europa style: attack, the defence when it differs from the attack
    (always for long-range artillery, whose range sits between the two, 14A3), movement."""
    attack = "-" if unit.attack is None else str(unit.attack)
    parts = [attack]
    if unit.defence is not None and (unit.defence != unit.attack or long_range(unit)):
        parts.append(str(unit.defence))
    if unit.movement is not None:
        parts.append(str(unit.movement))
    return parts


def strength_text(unit: Unit) -> str:
    """``16-10`` (attack-movement), ``6-8-3`` when the defence differs from the attack,
    ``4²1-2`` for long-range artillery (its range between attack and defence, 14A3), or an air
    unit's rating and range such as ``7F5 range 4``; a tactical counter's values, ``5-8`` or
    ``7 AV4 ATV5``."""
    if is_tactical(unit):
        return " ".join(t for t in (tactical_values(unit), armour_values(unit)) if t) or "-"
    if is_air(unit):
        rating = air_rating(unit)
        return rating if unit.movement is None else f"{rating} range {unit.movement}"
    parts = strength_parts(unit)
    if long_range(unit):
        return parts[0] + str(unit.range).translate(_SUPERSCRIPT) + "-".join(parts[1:])
    return "-".join(parts)


def range_ink(back: QColor, ink: QColor) -> QColor:
    """The range number's colour: of red and yellow, the one furthest from both the counter's
    colour and its printing (14A3: "a contrasting color")."""

    return max(RANGE_INKS, key=lambda c: min(_apart(c, back), _apart(c, ink)))


def unit_box(rect: QRectF, pixels: float) -> QRectF:
    """The frame of the unit symbol within a counter ``rect``: larger when the counter is too
    small on screen for strengths."""
    s = rect.width()
    if pixels < SYMBOL_BELOW:
        return QRectF(rect.left() + s * 0.18, rect.top() + s * 0.25, s * 0.64, s * 0.5)
    return QRectF(rect.left() + s * 0.25, rect.top() + s * 0.27, s * 0.5, s * 0.34)


def draw_counter(
    p: QPainter,
    rect: QRectF,
    unit: Unit,
    side: str = "",
    pixels: float = 100.0,
    sides: Sequence[str] = (),
    status: UnitStatus = FRESH,
    marks: Sequence[str] = (),
) -> None:
    """Draw ``unit`` as a counter of ``side`` (one of the game's ``sides``) filling ``rect``;
    ``pixels`` is its size on screen: below :data:`PLAIN_BELOW` a coloured square, below
    :data:`SYMBOL_BELOW` colour and symbol, else the whole counter with its ``status`` (the
    state's and the markers' ``marks``, as the ruleset declares them, state first)."""
    back, ink = counter_colours(unit, side, sides)
    if pixels < PLAIN_BELOW:
        p.fillRect(rect, back)
        return
    s = rect.width()
    p.setPen(QPen(back.darker(170), s * 0.03))
    p.setBrush(back)
    p.drawRoundedRect(rect, s * 0.07, s * 0.07)
    _nationality_band(p, rect, nationality_tint(unit, side, sides))
    if is_tactical(unit):
        _tactical(p, rect, unit, (back, ink), pixels >= SYMBOL_BELOW, status, marks)
        return
    pen = QPen(ink, s * 0.035)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    box = unit_box(rect, pixels)
    full = pixels >= SYMBOL_BELOW
    if is_air(unit):  # an air counter: its aircraft, no NATO frame (16A)
        area = box.adjusted(-s * 0.08, -s * 0.02, s * 0.08, s * 0.04) if full else box
        draw_aircraft(p, area, air_category(unit), ink)
    else:
        p.drawRect(box)
        foot = rect.bottom() - s * (0.06 if full else 0.04)
        draw_symbol(p, box, unit, ink, back, foot)
    if full:
        _size_mark(p, rect, unit)
        font = QFont("Sans Serif")
        font.setBold(True)
        long_text = len(strength_text(unit)) > 5 or unit.unit_type == "hq"
        long_text = long_text and not is_air(unit)
        font.setPixelSize(max(1, round(s * (0.2 if long_text else 0.24))))
        bottom = QRectF(rect.left(), rect.top() + s * 0.64, s, s * 0.32)
        if unit.unit_type == "hq":  # clear of the HQ staff
            bottom.setLeft(box.left() + s * 0.05)
        if is_air(unit):
            _air_strengths(p, bottom, unit, font)
        else:
            _strengths(p, bottom, unit, font, back, ink)
    _heavy_band(p, rect, unit)
    if full and not status.fresh:
        _status(p, rect, unit, status, marks)


STEP_LOST = QColor("#c0161c")
"""The stripe and tag of a unit that has lost steps: red, as a reduced side is marked."""
STATE_TAG = (QColor("#ffd21f"), QColor("#111111"))
"""A morale or cohesion state's tag: dark letters on yellow, a warning."""
MARKER_TAG = (QColor("#ffffff"), QColor("#111111"))
"""A marker's tag: dark letters on white."""
MAX_TAGS = 3
"""Tags shown down the counter's right edge; more are summed up in the last (``+2``)."""


def status_tags(
    unit: Unit, status: UnitStatus, marks: Sequence[str], steps: bool = True
) -> list[str]:
    """The tags down a counter's right edge: steps lost (``-1``, or ``1/2`` steps left when the
    unit's steps are known; none when ``steps`` is False, for a counter showing its steps as
    pips), the state's mark, each marker's; ``+N`` for those that do not fit."""
    tags = []
    if status.steps_lost and steps:
        left = None if unit.steps is None else unit.steps - status.steps_lost
        tags.append(f"-{status.steps_lost}" if left is None else f"{left}/{unit.steps}")
    tags += list(marks)
    if len(tags) > MAX_TAGS:
        tags = [*tags[: MAX_TAGS - 1], f"+{len(tags) - MAX_TAGS + 1}"]
    return tags


def _status(
    p: QPainter,
    rect: QRectF,
    unit: Unit,
    status: UnitStatus,
    marks: Sequence[str],
    tactical: bool = False,
) -> None:
    """A red stripe along the foot of a unit that has lost steps (its reduced side), and the
    status tags down the right edge, clear of the symbol and the strengths; a ``tactical``
    counter shows its steps as pips instead, and its tags start below its name."""
    s = rect.width()
    p.save()
    if status.steps_lost and not tactical:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(STEP_LOST)
        p.drawRect(QRectF(rect.left() + s * 0.05, rect.bottom() - s * 0.07, s * 0.9, s * 0.045))
    font = QFont("Sans Serif")
    font.setBold(True)
    font.setPixelSize(max(1, round(s * (0.13 if tactical else 0.15))))
    p.setFont(font)
    metrics = QFontMetricsF(font)
    high = s * (0.165 if tactical else 0.19)  # a tactical counter's three fit above its values
    kinds = ["steps"] * bool(status.steps_lost and not tactical) + ["state"] * bool(status.state)
    top = rect.top() + s * (0.2 if tactical else 0.04)
    for i, tag in enumerate(status_tags(unit, status, marks, steps=not tactical)):
        kind = kinds[i] if i < len(kinds) else "marker"
        back, ink = {
            "steps": (STEP_LOST, QColor("#ffffff")),
            "state": STATE_TAG,
        }.get(kind, MARKER_TAG)
        width = max(s * 0.19, metrics.horizontalAdvance(tag) + s * 0.06)
        box = QRectF(rect.right() - s * 0.03 - width, top, width, high)
        p.setPen(QPen(QColor("#111111"), max(1.0, s * 0.012)))
        p.setBrush(back)
        p.drawRoundedRect(box, s * 0.03, s * 0.03)
        p.setPen(ink)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, tag)
        top += high + s * 0.02
    p.restore()


def _strengths(
    p: QPainter, area: QRectF, unit: Unit, font: QFont, back: QColor, ink: QColor
) -> None:
    """The strengths line; long-range artillery prints a small range number in a contrasting
    colour between its attack and defence strengths (14A3)."""
    parts = strength_parts(unit)
    p.setFont(font)
    if not long_range(unit):
        p.drawText(area, Qt.AlignmentFlag.AlignCenter, "-".join(parts))
        return
    head, tail = parts[0], "-".join(parts[1:])
    small = QFont(font)
    small.setPixelSize(max(1, round(font.pixelSize() * 0.7)))
    big_m, small_m = QFontMetricsF(font), QFontMetricsF(small)
    mark = str(unit.range)
    gap = small_m.horizontalAdvance(mark) * 0.12
    width = big_m.horizontalAdvance(head) + 2 * gap + small_m.horizontalAdvance(mark)
    width += big_m.horizontalAdvance(tail)
    x = area.center().x() - width / 2
    base = area.center().y() + (big_m.ascent() - big_m.descent()) / 2
    p.drawText(QPointF(x, base), head)
    x += big_m.horizontalAdvance(head) + gap
    pen = p.pen()
    p.setPen(range_ink(back, ink))
    p.setFont(small)
    p.drawText(QPointF(x, base - big_m.ascent() * 0.32), mark)
    x += small_m.horizontalAdvance(mark) + gap
    p.setPen(pen)
    p.setFont(font)
    p.drawText(QPointF(x, base), tail)


def _air_strengths(p: QPainter, area: QRectF, unit: Unit, font: QFont) -> None:
    """An air counter's foot: its rating (air attack, type, air defence, ``7F5``) on the left,
    its range in a smaller figure on the right, as Europa air counters print them (16A)."""
    s = area.width()
    p.setFont(font)
    rating = QRectF(area.left() + s * 0.04, area.top(), s * 0.66, area.height())
    p.drawText(rating, Qt.AlignmentFlag.AlignCenter, air_rating(unit))
    if unit.movement is None:
        return
    small = QFont(font)
    small.setPixelSize(max(1, round(font.pixelSize() * 0.75)))
    p.setFont(small)
    reach = QRectF(area.left() + s * 0.7, area.top(), s * 0.26, area.height())
    p.drawText(reach, Qt.AlignmentFlag.AlignCenter, str(unit.movement))


def _size_mark(p: QPainter, rect: QRectF, unit: Unit) -> None:
    """The size mark (II, III, X, XX, XXX) above the symbol; an air unit's name there instead."""
    s = rect.width()
    font = QFont("Sans Serif")
    font.setBold(True)
    text = unit.size or ""
    if is_air(unit):
        text = unit.name
        font.setBold(False)
        font.setPixelSize(max(1, round(s * 0.13)))
    else:
        font.setPixelSize(max(1, round(s * 0.16)))
    if not text:
        return
    p.setFont(font)
    mark = QRectF(rect.left(), rect.top() + s * 0.06, s, s * 0.2)
    p.drawText(mark, Qt.AlignmentFlag.AlignCenter, text)


BAND = 0.055
"""Height of the nationality band along a counter's top edge, as a share of its size (above the
size mark, which starts at 0.06)."""


def _nationality_band(p: QPainter, rect: QRectF, tint: QColor | None) -> None:
    """The counter's own nationality as a band along its top edge, when it differs from its
    side's colour."""
    if tint is None:
        return
    s = rect.width()
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(tint)
    inset = s * 0.05
    p.drawRect(QRectF(rect.left() + inset, rect.top() + s * 0.012, s - 2 * inset, s * BAND))
    p.restore()


# -- tactical counters --------------------------------------------------------------------------

MAIN_VALUES = ("fire", "morale", "cohesion")
"""A tactical counter's main values, printed large along its foot in this order (a fire value
and morale, ``5-8``; or a cohesion, ``6``), as its ruleset's ``rules`` give them."""
ARMOUR_VALUES = (("av", "AV"), ("atv", "ATV"))
"""A vehicle's or anti-tank weapon's armour and anti-tank values, printed above its foot."""
MAX_PIPS = 5
"""Steps shown as pips; a counter of more steps shows them as a number."""


def is_tactical(unit: Unit) -> bool:
    """A tactical counter (a squad, weapon or vehicle): its counter set is of a tactical game
    (``scale``), or its ruleset values name its kind. Drawn with its values, kind and step pips,
    not as a Europa counter."""
    return unit.scale == TACTICAL or unit.rule_value("kind") is not None


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def tactical_values(unit: Unit) -> str:
    """The main values as printed along the foot: ``5-8`` (fire value, morale) or ``6``
    (cohesion); empty when it has none."""
    found = [_whole(unit.rule_value(k)) for k in MAIN_VALUES]
    return "-".join(str(v) for v in found if v is not None)


def armour_values(unit: Unit) -> str:
    """``AV4 ATV5``: a vehicle's armour and anti-tank values (an ATV of -1 prints as is)."""
    found = [(label, _whole(unit.rule_value(k))) for k, label in ARMOUR_VALUES]
    return " ".join(f"{label}{v}" for label, v in found if v is not None)


def _tactical(
    p: QPainter,
    rect: QRectF,
    unit: Unit,
    colours: tuple[QColor, QColor],
    full: bool,
    status: UnitStatus,
    marks: Sequence[str],
) -> None:
    """A tactical counter: its kind's symbol or silhouette; with ``full`` detail its name, its
    steps as pips down the left edge, its armour values, its main values along the foot, its
    movement and company/platoon, and its state and markers as tags down the right edge."""
    back, ink = colours
    s = rect.width()
    x0, t = rect.left(), rect.top()
    if not full:
        area = QRectF(x0 + s * 0.1, t + s * 0.14, s * 0.8, s * 0.72)
        draw_tactical_symbol(p, area, unit, ink, back, detail=False)
        return
    draw_tactical_symbol(p, QRectF(x0 + s * 0.2, t + s * 0.21, s * 0.6, s * 0.4), unit, ink, back)
    font = QFont("Sans Serif")
    font.setPixelSize(max(1, round(s * 0.13)))
    p.setFont(font)
    p.setPen(ink)
    name = QFontMetricsF(font).elidedText(unit.name, Qt.TextElideMode.ElideRight, s * 0.9)
    p.drawText(QRectF(x0, t + s * 0.04, s, s * 0.16), Qt.AlignmentFlag.AlignCenter, name)
    _pips(p, rect, unit, status, ink)
    armour = armour_values(unit)
    if armour:
        font.setBold(True)
        font.setPixelSize(max(1, round(s * 0.125)))
        p.setFont(font)
        p.drawText(QRectF(x0, t + s * 0.6, s, s * 0.15), Qt.AlignmentFlag.AlignCenter, armour)
    values = tactical_values(unit)
    big = QFont("Sans Serif")
    big.setBold(True)
    big.setPixelSize(max(1, round(s * (0.22 if len(values) <= 4 else 0.18))))
    p.setFont(big)
    foot = QRectF(x0, t + s * 0.73, s, s * 0.24)
    p.drawText(foot, Qt.AlignmentFlag.AlignCenter, values)
    small = QFont("Sans Serif")
    small.setPixelSize(max(1, round(s * 0.12)))
    p.setFont(small)
    corner = QRectF(x0 + s * 0.05, t + s * 0.8, s * 0.25, s * 0.16)
    company, platoon = _whole(unit.rule_value("company")), _whole(unit.rule_value("platoon"))
    if company is not None:
        unit_of = f"{company}/{platoon}" if platoon is not None else str(company)
        p.drawText(corner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, unit_of)
    if unit.movement is not None:
        corner.moveRight(x0 + s * 0.95)
        p.drawText(corner, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                   f"{unit.movement}MP")  # fmt: skip
    if not status.fresh:
        _status(p, rect, unit, status, marks, tactical=True)


def _pips(p: QPainter, rect: QRectF, unit: Unit, status: UnitStatus, ink: QColor) -> None:
    """The unit's steps down the left edge: a full pip for each step left, a hollow red one for
    each lost (its reduced side shows at a glance); more than :data:`MAX_PIPS` as ``left/all``."""
    steps = unit.steps or 1
    lost = min(status.steps_lost, steps)
    s = rect.width()
    x, top = rect.left() + s * 0.1, rect.top() + s * 0.28
    p.save()
    if steps > MAX_PIPS:
        font = QFont("Sans Serif")
        font.setBold(True)
        font.setPixelSize(max(1, round(s * 0.12)))
        p.setFont(font)
        p.setPen(ink)
        p.drawText(QRectF(rect.left() + s * 0.02, top, s * 0.2, s * 0.14),
                   Qt.AlignmentFlag.AlignCenter, f"{steps - lost}/{steps}")  # fmt: skip
        p.restore()
        return
    r = s * 0.042
    for i in range(steps):
        centre = QPointF(x, top + i * s * 0.11)
        if i < steps - lost:
            p.setPen(QPen(ink, max(1.0, s * 0.015)))
            p.setBrush(ink)
        else:
            p.setPen(QPen(STEP_LOST, max(1.0, s * 0.03)))
            p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(centre, r, r)
    p.restore()


HEAVY_ARMOUR = QColor("#111111")
HEAVY_ANTITANK = QColor("#5a3a8a")


def _heavy_band(p: QPainter, rect: QRectF, unit: Unit) -> None:
    """A band across the upper left corner: black for heavy armour, purple for heavy antitank
    (14D2)."""
    marked = unit_band(unit)
    if marked not in ("heavy-armour", "heavy-antitank"):
        return
    s = rect.width()
    band = QPolygonF([QPointF(rect.left() + s * 0.02, rect.top() + s * 0.3),
                      QPointF(rect.left() + s * 0.3, rect.top() + s * 0.02),
                      QPointF(rect.left() + s * 0.42, rect.top() + s * 0.02),
                      QPointF(rect.left() + s * 0.02, rect.top() + s * 0.42)])  # fmt: skip
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(HEAVY_ARMOUR if marked == "heavy-armour" else HEAVY_ANTITANK)
    p.drawPolygon(band)


def counter_icon(
    unit: Unit,
    side: str = "",
    size: int = 40,
    sides: Sequence[str] = (),
    status: UnitStatus = FRESH,
    marks: Sequence[str] = (),
) -> QIcon:
    """A counter as an icon for lists (inspector, palette), in ``side``'s colours, with its
    status in play."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    draw_counter(p, QRectF(1, 1, size - 2, size - 2), unit, side, float(size), sides, status, marks)
    p.end()
    return QIcon(pixmap)
