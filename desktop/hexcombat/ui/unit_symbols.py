"""NATO unit symbols and aircraft silhouettes drawn with QPainter, for the counter art.

Each symbol is drawn into the unit box of a counter (the frame around the symbol); marks that
NATO draws outside the frame (the HQ staff) reach below it. Airborne marks (parachute canopy,
glider, air-landing aircraft) sit on a patch of the counter colour over the infantry cross, so
the three kinds read apart at a glance.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF

from hexcombat.rules.units import Unit

ARMOURED = frozenset(
    {"armour", "heavy-armour", "assault-gun", "heavy-assault-gun", "tank-destroyer",
     "heavy-tank-destroyer", "flamethrower-tank", "engineer-tank", "heavy-engineer-tank",
     "assault-engineer-tank"}
)  # fmt: skip
PARACHUTE = frozenset({"parachute", "parachute-infantry"})
"""Para and Para-Inf (14F): the infantry cross with an open parachute canopy."""
GLIDER = frozenset({"glider"})
"""Glider infantry (14F): the infantry cross with a glider's long slender wings."""
AIR_LANDING = frozenset({"air-landing"})
"""Air landing infantry (14F): the infantry cross with a transport aircraft, landed by air."""
LIGHT = frozenset({"light-infantry", "jager", "commando", "partisan"})
TWIN_ENGINED = frozenset({"bomber", "transport"})
"""Air unit categories (16A1) drawn as twin-engined aircraft; fighters have one engine."""


def draw_symbol(
    p: QPainter, box: QRectF, unit: Unit, ink: QColor, back: QColor, foot: float
) -> None:
    """The NATO symbol of ``unit``'s type inside its unit ``box`` (frame already drawn); ``foot``
    is the lowest y a mark below the frame may reach."""
    x0, t, r, b = box.left(), box.top(), box.right(), box.bottom()
    w, h = box.width(), box.height()
    c = box.center()
    kind = unit.unit_type

    def cross() -> None:
        p.drawLine(QPointF(x0, t), QPointF(r, b))
        p.drawLine(QPointF(x0, b), QPointF(r, t))

    def track() -> None:
        p.drawRoundedRect(
            box.adjusted(w * 0.18, h * 0.22, -w * 0.18, -h * 0.22), h * 0.28, h * 0.28
        )

    if kind in ARMOURED:
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
        hq_staff(p, box, foot)
    elif kind == "cavalry":
        p.drawLine(QPointF(x0, b), QPointF(r, t))
    elif kind in PARACHUTE:
        cross()
        _canopy(p, box, ink, back)
    elif kind in GLIDER:
        cross()
        _glider(p, box, ink, back)
    elif kind in AIR_LANDING:
        cross()
        _air_landing(p, box, ink, back)
    elif kind in LIGHT:
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


def hq_staff(p: QPainter, box: QRectF, foot: float) -> None:
    """The NATO headquarters mark: a staff down from the frame's lower-left corner, the frame
    its flag."""
    p.drawLine(QPointF(box.left(), box.bottom()), QPointF(box.left(), foot))


def _patch(p: QPainter, area: QRectF, back: QColor) -> None:
    """Clear ``area`` to the counter colour so a mark drawn there stands out from the cross."""
    p.fillRect(area, back)


def _canopy(p: QPainter, box: QRectF, ink: QColor, back: QColor) -> None:
    """Parachute: an open canopy (a dome) with its shroud lines meeting below it."""
    w, h = box.width(), box.height()
    cx = box.center().x()
    left, right = cx - w * 0.24, cx + w * 0.24
    rim = box.bottom() - h * 0.3
    _patch(p, QRectF(left, rim - h * 0.34, right - left, box.bottom() - rim + h * 0.32), back)
    dome = QPainterPath(QPointF(left, rim))
    dome.cubicTo(QPointF(left, rim - h * 0.42), QPointF(right, rim - h * 0.42),
                 QPointF(right, rim))  # fmt: skip
    dome.closeSubpath()
    p.setBrush(ink)
    p.drawPath(dome)
    p.setBrush(Qt.BrushStyle.NoBrush)
    foot = QPointF(cx, box.bottom() - h * 0.04)
    for x in (left, cx, right):
        p.drawLine(QPointF(x, rim), foot)


def _glider(p: QPainter, box: QRectF, ink: QColor, back: QColor) -> None:
    """Glider: seen from above, long slender wings across the frame, a thin fuselage and a small
    tailplane, no engine."""
    w, h = box.width(), box.height()
    cx = box.center().x()
    top, bottom = box.center().y() + h * 0.06, box.bottom() - h * 0.04
    _patch(p, QRectF(box.left() + w * 0.03, top, w * 0.94, bottom - top), back)
    wing_y = top + (bottom - top) * 0.3
    span = w * 0.45
    thick = wing_y + h * 0.04
    wing = QPolygonF([QPointF(cx - span, wing_y), QPointF(cx, wing_y - h * 0.05),
                      QPointF(cx + span, wing_y), QPointF(cx + span, thick),
                      QPointF(cx, wing_y + h * 0.08), QPointF(cx - span, thick)])  # fmt: skip
    p.setBrush(ink)
    p.drawPolygon(wing)
    p.drawRect(QRectF(cx - w * 0.025, top + h * 0.02, w * 0.05, bottom - top - h * 0.04))
    tail_y = bottom - h * 0.07
    p.drawRect(QRectF(cx - w * 0.1, tail_y, w * 0.2, h * 0.035))
    p.setBrush(Qt.BrushStyle.NoBrush)


def _air_landing(p: QPainter, box: QRectF, ink: QColor, back: QColor) -> None:
    """Air landing: a twin-engined transport (the aircraft that lands the troops) on a patch at
    the foot of the cross."""
    w, h = box.width(), box.height()
    cx = box.center().x()
    area = QRectF(cx - w * 0.3, box.center().y() + h * 0.04, w * 0.6, h * 0.44)
    _patch(p, area, back)
    draw_aircraft(p, area.adjusted(w * 0.02, h * 0.02, -w * 0.02, -h * 0.02), "transport", ink)


def draw_aircraft(p: QPainter, area: QRectF, category: str, ink: QColor) -> None:
    """An aircraft seen from above, nose up, filling ``area``: fighters single-engined,
    bombers and transports with two engine nacelles on the wings (16A1 categories)."""
    w, h = area.width(), area.height()
    cx, top = area.center().x(), area.top()
    twin = category in TWIN_ENGINED
    span = w * (0.5 if twin else 0.44)
    body = w * (0.07 if twin else 0.055)
    root, tip = h * 0.26, h * 0.14
    wing_y = top + h * (0.32 if twin else 0.3)
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(ink)
    p.drawRoundedRect(QRectF(cx - body, top, 2 * body, h), body, body)
    p.drawPolygon(QPolygonF([QPointF(cx - span, wing_y + h * 0.04), QPointF(cx, wing_y),
                             QPointF(cx + span, wing_y + h * 0.04),
                             QPointF(cx + span, wing_y + h * 0.04 + tip),
                             QPointF(cx, wing_y + root),
                             QPointF(cx - span, wing_y + h * 0.04 + tip)]))  # fmt: skip
    tail_y = top + h * 0.82
    tail = w * (0.2 if twin else 0.17)
    p.drawPolygon(QPolygonF([QPointF(cx - tail, tail_y + h * 0.03), QPointF(cx, tail_y),
                             QPointF(cx + tail, tail_y + h * 0.03),
                             QPointF(cx + tail, tail_y + h * 0.1),
                             QPointF(cx - tail, tail_y + h * 0.1)]))  # fmt: skip
    if twin:
        for side in (-1, 1):
            x = cx + side * span * 0.45
            p.drawRoundedRect(QRectF(x - body * 0.8, wing_y - h * 0.12, body * 1.6, h * 0.34),
                              body * 0.8, body * 0.8)  # fmt: skip
    p.restore()


def _engineer(p: QPainter, box: QRectF) -> None:
    w, h = box.width(), box.height()
    y = box.center().y() - h * 0.1
    x0, x1 = box.left() + w * 0.25, box.right() - w * 0.25
    p.drawLine(QPointF(x0, y), QPointF(x1, y))
    for x in (x0, (x0 + x1) / 2, x1):
        p.drawLine(QPointF(x, y), QPointF(x, y + h * 0.25))
