"""Wargame counters drawn with QPainter: nationality colours, a NATO unit symbol, the size mark,
strengths, and markers for heavy armour and two-hex artillery.

One function draws a counter into any rectangle, so the map, the stack inspector and the palette
show the same counter; the level of detail (how many screen pixels the counter gets) decides how
much of it is drawn.
"""

from __future__ import annotations

import re
import zlib

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from hexcombat.rules.units import Unit

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
    "french": ("#6d8fc7", "#111111"),
    "polish": ("#c96d7f", "#111111"),
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


def counter_colours(unit: Unit, side: str = "") -> tuple[QColor, QColor]:
    """Background and ink of a counter: by the unit's nationality, else its side's name."""
    key = unit.nationality.lower()
    if key not in NATIONALITY_COLOURS:
        key = SIDE_HINTS.get(side.lower(), side.lower())
    if key in NATIONALITY_COLOURS:
        back, ink = NATIONALITY_COLOURS[key]
        return QColor(back), QColor(ink)
    hue = zlib.crc32((key or "other").encode()) % 360
    return QColor.fromHsv(hue, 90, 200), QColor("#111111")


def air_code(unit: Unit) -> str | None:
    """The air unit type letters (F, HF, AF, DF, B, A, D, T) for an air unit, else None."""
    match = _AIR_CODE.search(unit.name)
    if match:
        return match.group(1)
    return AIR_TYPES.get(unit.unit_type)


def strength_text(unit: Unit) -> str:
    """``16-10``: attack and movement as printed (a dash when unknown)."""
    attack = "-" if unit.attack is None else str(unit.attack)
    if unit.movement is None:
        return attack
    return f"{attack}-{unit.movement}"


def _symbol(p: QPainter, box: QRectF, unit: Unit, ink: QColor) -> None:
    """The NATO symbol of the unit's type inside ``box``."""
    x0, t, r, b = box.left(), box.top(), box.right(), box.bottom()
    w, h = box.width(), box.height()
    c = box.center()
    kind = unit.unit_type
    code = air_code(unit)
    if code is not None:
        font = QFont("Sans Serif")
        font.setBold(True)
        font.setPixelSize(max(1, round(h * 0.7)))
        p.setFont(font)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, code)
        return

    def cross() -> None:
        p.drawLine(QPointF(x0, t), QPointF(r, b))
        p.drawLine(QPointF(x0, b), QPointF(r, t))

    def track() -> None:
        p.drawRoundedRect(
            box.adjusted(w * 0.18, h * 0.22, -w * 0.18, -h * 0.22), h * 0.28, h * 0.28
        )

    armoured = {"armour", "heavy-armour", "assault-gun", "heavy-assault-gun", "tank-destroyer",
                "heavy-tank-destroyer", "flamethrower-tank", "engineer-tank",
                "heavy-engineer-tank", "assault-engineer-tank"}  # fmt: skip
    if kind in armoured:
        track()
        if "engineer" in kind:
            _engineer(p, box)
        if "tank-destroyer" in kind or "assault-gun" in kind:
            p.drawLine(QPointF(x0, b), QPointF(c.x(), t))
            p.drawLine(QPointF(c.x(), t), QPointF(r, b))
    elif kind in ("mechanized", "panzer-grenadier"):
        cross()
        track()
    elif kind == "motorized-infantry" or (kind == "infantry" and unit.motorized):
        cross()
        p.drawLine(QPointF(c.x(), t), QPointF(c.x(), b))
    elif kind in ("artillery", "mortar", "rocket", "coast-defence-artillery"):
        p.setBrush(ink)
        p.drawEllipse(c, h * 0.16, h * 0.16)
        p.setBrush(Qt.BrushStyle.NoBrush)
        if kind == "rocket":
            p.drawLine(QPointF(c.x(), t + h * 0.1), QPointF(c.x(), c.y()))
    elif kind in ("anti-tank", "heavy-anti-tank"):
        p.drawLine(QPointF(x0, b), QPointF(c.x(), t))
        p.drawLine(QPointF(c.x(), t), QPointF(r, b))
    elif kind in ("anti-aircraft", "heavy-anti-aircraft"):
        arc = QPainterPath(QPointF(x0, b))
        arc.cubicTo(QPointF(x0 + w * 0.1, t + h * 0.2), QPointF(r - w * 0.1, t + h * 0.2),
                    QPointF(r, b))  # fmt: skip
        p.drawPath(arc)
    elif kind in ("engineer", "heavy-engineer", "assault-engineer"):
        _engineer(p, box)
    elif kind == "hq":
        font = QFont("Sans Serif")
        font.setBold(True)
        font.setPixelSize(max(1, round(h * 0.55)))
        p.setFont(font)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, "HQ")
    elif kind == "cavalry":
        p.drawLine(QPointF(x0, b), QPointF(r, t))
    elif kind in ("parachute", "parachute-infantry", "air-landing", "glider"):
        cross()
        canopy = QPainterPath(QPointF(c.x() - w * 0.16, c.y() + h * 0.05))
        canopy.cubicTo(QPointF(c.x() - w * 0.16, c.y() - h * 0.32),
                       QPointF(c.x() + w * 0.16, c.y() - h * 0.32),
                       QPointF(c.x() + w * 0.16, c.y() + h * 0.05))  # fmt: skip
        p.setBrush(ink)
        p.drawPath(canopy)
        p.setBrush(Qt.BrushStyle.NoBrush)
    elif kind in ("light-infantry", "jager", "commando", "partisan"):
        cross()
        p.drawLine(QPointF(x0 + w * 0.3, t + h * 0.12), QPointF(r - w * 0.3, t + h * 0.12))
    elif kind in ("mountain", "high-mountain"):
        cross()
        p.setBrush(ink)
        p.drawPolygon(QPolygonF([QPointF(c.x() - w * 0.14, b), QPointF(c.x(), b - h * 0.35),
                                 QPointF(c.x() + w * 0.14, b)]))  # fmt: skip
        p.setBrush(Qt.BrushStyle.NoBrush)
    else:  # infantry, rifle and anything else on foot
        cross()


def _engineer(p: QPainter, box: QRectF) -> None:
    w, h = box.width(), box.height()
    y = box.center().y() - h * 0.1
    x0, x1 = box.left() + w * 0.25, box.right() - w * 0.25
    p.drawLine(QPointF(x0, y), QPointF(x1, y))
    for x in (x0, (x0 + x1) / 2, x1):
        p.drawLine(QPointF(x, y), QPointF(x, y + h * 0.25))


def draw_counter(
    p: QPainter, rect: QRectF, unit: Unit, side: str = "", pixels: float = 100.0
) -> None:
    """Draw ``unit`` as a counter filling ``rect``; ``pixels`` is its size on screen."""
    back, ink = counter_colours(unit, side)
    if pixels < PLAIN_BELOW:
        p.fillRect(rect, back)
        return
    s = rect.width()
    p.setPen(QPen(back.darker(170), s * 0.03))
    p.setBrush(back)
    p.drawRoundedRect(rect, s * 0.07, s * 0.07)
    pen = QPen(ink, s * 0.035)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    box = QRectF(rect.left() + s * 0.25, rect.top() + s * 0.27, s * 0.5, s * 0.34)
    if pixels < SYMBOL_BELOW:
        box = QRectF(rect.left() + s * 0.18, rect.top() + s * 0.25, s * 0.64, s * 0.5)
        p.drawRect(box)
        _symbol(p, box, unit, ink)
        return
    p.drawRect(box)
    _symbol(p, box, unit, ink)
    font = QFont("Sans Serif")
    font.setBold(True)
    if unit.size:
        font.setPixelSize(max(1, round(s * 0.16)))
        p.setFont(font)
        mark = QRectF(rect.left(), rect.top() + s * 0.06, s, s * 0.2)
        p.drawText(mark, Qt.AlignmentFlag.AlignCenter, unit.size)
    font.setPixelSize(max(1, round(s * 0.24)))
    p.setFont(font)
    bottom = QRectF(rect.left(), rect.top() + s * 0.64, s, s * 0.32)
    p.drawText(bottom, Qt.AlignmentFlag.AlignCenter, strength_text(unit))
    if unit.heavy_armour or unit.heavy_antitank:
        # a black band on the upper left corner: heavy armour / heavy antitank (14D2)
        band = QPolygonF([QPointF(rect.left() + s * 0.02, rect.top() + s * 0.3),
                          QPointF(rect.left() + s * 0.3, rect.top() + s * 0.02),
                          QPointF(rect.left() + s * 0.42, rect.top() + s * 0.02),
                          QPointF(rect.left() + s * 0.02, rect.top() + s * 0.42)])  # fmt: skip
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#111111") if unit.heavy_armour else QColor("#5a3a8a"))
        p.drawPolygon(band)
    if unit.range >= 2:
        # a ring with the range on the upper right: long-range artillery (14A3)
        centre = QPointF(rect.right() - s * 0.14, rect.top() + s * 0.15)
        p.setPen(QPen(ink, s * 0.025))
        p.setBrush(QColor("#fff6c8"))
        p.drawEllipse(centre, s * 0.1, s * 0.1)
        font.setPixelSize(max(1, round(s * 0.14)))
        p.setFont(font)
        p.setPen(QColor("#111111"))
        p.drawText(QRectF(centre.x() - s * 0.1, centre.y() - s * 0.1, s * 0.2, s * 0.2),
                   Qt.AlignmentFlag.AlignCenter, str(unit.range))  # fmt: skip


def counter_icon(unit: Unit, side: str = "", size: int = 40) -> QIcon:
    """A counter as an icon for lists (inspector, palette)."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    draw_counter(p, QRectF(1, 1, size - 2, size - 2), unit, side, float(size))
    p.end()
    return QIcon(pixmap)
