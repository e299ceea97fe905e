"""NATO unit symbols and aircraft silhouettes drawn with QPainter, for the counter art.

Each symbol is drawn into the unit box of a counter (the frame around the symbol); marks that
NATO draws outside the frame (the HQ staff) reach below it. Airborne marks (parachute canopy,
glider, air-landing aircraft) sit on a patch of the counter colour over the infantry cross, so
the three kinds read apart at a glance.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from hexcombat.rules.units import MOTORIZED, Unit, symbol_marks

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
    elif kind == "motorized-infantry" or (kind == "infantry" and MOTORIZED in symbol_marks(unit)):
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


# -- tactical counters --------------------------------------------------------------------------

INFANTRY_KINDS = frozenset({"squad", "half-squad", "section"})
"""Tactical kinds drawn as the NATO infantry cross (a half-squad's frame half as wide)."""
WEAPON_LETTERS = {"hmg": "HMG", "mmg": "MMG", "mg": "MG", "latw": "AT", "ft": "FT"}
"""Support weapons drawn as their letters in the NATO frame, as tactical counters print them."""
VEHICLE_KINDS = frozenset(
    {"afv", "fv", "half-track", "carrier", "truck", "prime-mover", "wagon", "towed-gun"}
)
"""Tactical kinds drawn as a silhouette seen from the side, facing right."""
TYPE_KINDS = {
    "infantry": "squad", "rifle": "squad", "engineer": "squad", "cavalry": "squad",
    "machine-gun": "mmg", "mortar": "mortar", "anti-aircraft": "aa", "leader": "leader",
    "hq": "leader", "armour": "afv", "assault-gun": "afv", "tank-destroyer": "afv",
    "wagon": "wagon", "truck": "truck", "prime-mover": "prime-mover", "half-track": "half-track",
    "carrier": "carrier", "fighting-vehicle": "fv", "flamethrower": "ft",
    "fortified-position": "fp", "anti-tank": "towed-gun", "artillery": "towed-gun",
}  # fmt: skip
"""The kind drawn for a tactical counter that names no ``kind`` of its own, by its unit type."""


def tactical_kind(unit: Unit) -> str:
    """What a tactical counter is drawn as: its ``rules`` kind (squad, hmg, afv, leader, ...),
    else the kind its unit type stands for."""
    kind = unit.rule_value("kind")
    if isinstance(kind, str):
        return kind
    return TYPE_KINDS.get(unit.unit_type, "squad")


def draw_tactical_symbol(
    p: QPainter, area: QRectF, unit: Unit, ink: QColor, back: QColor, detail: bool = True
) -> None:
    """The symbol of a tactical counter inside ``area``: the NATO frame and mark of squads and
    weapons, a silhouette for vehicles and guns, a star for a leader. With ``detail`` the marks
    that set a unit apart within its kind are added (engineer, cavalry, Guard, a leader's
    modifier and arm)."""
    kind = tactical_kind(unit)
    p.save()
    pen = QPen(ink, max(1.0, area.width() * 0.055))
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    if kind in VEHICLE_KINDS:
        _silhouette(p, area, kind, unit, ink, back)
    elif kind == "leader":
        _leader(p, area, unit, ink, back, detail)
    elif kind == "fp":
        _bunker(p, area, ink)
    else:
        _framed(p, area, kind, unit, ink, back, detail)
    if detail and unit.rule_value("guard") is True:
        _guard(p, area, ink)
    p.restore()


def _frame(area: QRectF, half: bool = False) -> QRectF:
    """The NATO frame within ``area``: 3:2, a half-squad's half as wide."""
    w = area.width() * (0.4 if half else 0.8)
    h = area.width() * 0.5
    c = area.center()
    return QRectF(c.x() - w / 2, c.y() - h / 2 + area.height() * 0.06, w, h)


def _framed(
    p: QPainter, area: QRectF, kind: str, unit: Unit, ink: QColor, back: QColor, detail: bool
) -> None:
    """Squads, sections and weapons: the NATO frame with the cross, or the weapon's mark."""
    box = _frame(area, kind == "half-squad")
    p.drawRect(box)
    x0, t, r, b = box.left(), box.top(), box.right(), box.bottom()
    c = box.center()
    if kind in INFANTRY_KINDS:
        _echelon(p, box, ECHELON_DOTS.get(kind, 1), ink)
        p.drawLine(QPointF(x0, t), QPointF(r, b))
        if unit.rule_value("cavalry") is not True and unit.unit_type != "cavalry":
            p.drawLine(QPointF(x0, b), QPointF(r, t))  # cavalry: the one slash alone
        if unit.rule_value("engineer") is True or unit.unit_type == "engineer":
            p.save()
            p.fillRect(QRectF(x0 + box.width() * 0.2, t + box.height() * 0.22,
                              box.width() * 0.6, box.height() * 0.36), back)  # fmt: skip
            _engineer(p, box)
            p.restore()
    elif kind == "mortar":  # NATO: the weapon's round with its arrow up
        p.setBrush(ink)
        p.drawEllipse(QPointF(c.x(), b - box.height() * 0.28), box.height() * 0.12,
                      box.height() * 0.12)  # fmt: skip
        p.drawLine(QPointF(c.x(), b - box.height() * 0.28), QPointF(c.x(), t + box.height() * 0.2))
        bw, bh = box.width(), box.height()
        head = [QPointF(c.x() - bw * 0.1, t + bh * 0.3), QPointF(c.x(), t + bh * 0.1),
                QPointF(c.x() + bw * 0.1, t + bh * 0.3)]  # fmt: skip
        p.drawPolygon(QPolygonF(head))
    elif kind == "aa":  # NATO: the anti-aircraft arc
        arc = QPainterPath(QPointF(x0, b))
        top = t + box.height() * 0.2
        arc.cubicTo(QPointF(x0 + box.width() * 0.1, top), QPointF(r - box.width() * 0.1, top),
                    QPointF(r, b))  # fmt: skip
        p.drawPath(arc)
    else:
        _letters(p, box, WEAPON_LETTERS.get(kind, kind[:3].upper()), ink)


ECHELON_DOTS = {"squad": 1, "half-squad": 1, "section": 2}
"""NATO size marks above the frame: one dot a squad, two a section."""


def _echelon(p: QPainter, box: QRectF, dots: int, ink: QColor) -> None:
    """The NATO size mark of a squad or section: dots centred above the frame."""
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(ink)
    r = box.height() * 0.09
    gap = r * 2.8
    x = box.center().x() - gap * (dots - 1) / 2
    for i in range(dots):
        p.drawEllipse(QPointF(x + i * gap, box.top() - r * 1.8), r, r)
    p.restore()


def _letters(p: QPainter, box: QRectF, text: str, ink: QColor) -> None:
    """A weapon's letters, as large as fit in its frame."""
    font = QFont("Sans Serif")
    font.setBold(True)
    font.setPixelSize(max(1, round(box.height() * (0.62 if len(text) <= 2 else 0.5))))
    p.setFont(font)
    p.setPen(ink)
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def _leader(p: QPainter, area: QRectF, unit: Unit, ink: QColor, back: QColor, detail: bool) -> None:
    """A leader: a five-pointed star, his morale modifier on it and his arm below it."""
    c, rad = area.center(), area.height() * 0.42
    star = QPolygonF()
    for i in range(10):
        r = rad if i % 2 == 0 else rad * 0.45
        angle = math.radians(-90 + 36 * i)
        star.append(QPointF(c.x() + r * math.cos(angle), c.y() + r * math.sin(angle)))
    p.setBrush(ink)
    p.drawPolygon(star)
    modifier = unit.rule_value("leader_modifier")
    if detail and isinstance(modifier, int) and not isinstance(modifier, bool):
        font = QFont("Sans Serif")
        font.setBold(True)
        font.setPixelSize(max(1, round(rad * 0.72)))
        p.setFont(font)
        p.setPen(back)
        on_star = QRectF(c.x() - rad, c.y() - rad * 0.45, 2 * rad, rad)
        p.drawText(on_star, Qt.AlignmentFlag.AlignCenter, f"{modifier:+d}")
    arm = unit.rule_value("leader_of")
    if detail and isinstance(arm, str):
        font = QFont("Sans Serif")
        font.setPixelSize(max(1, round(area.height() * 0.2)))
        p.setFont(font)
        p.setPen(ink)
        w = area.width() * 0.32
        corner = QRectF(area.right() - w, area.top(), w, area.height() * 0.3)
        top_right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop
        p.drawText(corner, top_right, arm[:3].title())


def _bunker(p: QPainter, area: QRectF, ink: QColor) -> None:
    """A fortified position: a low dome of earth and concrete with its firing slit."""
    w, h = area.width(), area.height()
    base = area.bottom() - h * 0.2
    dome = QPainterPath(QPointF(area.left() + w * 0.1, base))
    dome.cubicTo(QPointF(area.left() + w * 0.15, area.top() + h * 0.05),
                 QPointF(area.right() - w * 0.15, area.top() + h * 0.05),
                 QPointF(area.right() - w * 0.1, base))  # fmt: skip
    dome.closeSubpath()
    p.setBrush(ink)
    p.drawPath(dome)
    p.fillRect(QRectF(area.center().x() - w * 0.2, area.top() + h * 0.42, w * 0.4, h * 0.09),
               QColor("#f4f0e0"))  # fmt: skip


def _guard(p: QPainter, area: QRectF, ink: QColor) -> None:
    """A Soviet Guard unit: ``Gds`` in the symbol's upper left corner."""
    font = QFont("Sans Serif")
    font.setBold(True)
    font.setPixelSize(max(1, round(area.height() * 0.24)))
    p.setFont(font)
    p.setPen(QColor("#b0101a") if ink.lightness() < 128 else ink)
    p.drawText(QRectF(area.left(), area.top() - area.height() * 0.08, area.width() * 0.5,
                      area.height() * 0.3), Qt.AlignmentFlag.AlignLeft, "Gds")  # fmt: skip


def _silhouette(
    p: QPainter, area: QRectF, kind: str, unit: Unit, ink: QColor, back: QColor
) -> None:
    """A vehicle or gun from the side, facing right, filled in the counter's ink."""
    w, h = area.width(), area.height()
    x0, t = area.left(), area.top()

    def pt(x: float, y: float) -> QPointF:
        return QPointF(x0 + x * w, t + y * h)

    def poly(*points: tuple[float, float]) -> None:
        p.drawPolygon(QPolygonF([pt(x, y) for x, y in points]))

    def wheel(x: float, y: float, r: float) -> None:
        p.drawEllipse(pt(x, y), r * w, r * w)

    def tracks(x1: float, x2: float, top: float, bottom: float) -> None:
        p.drawRoundedRect(QRectF(pt(x1, top), pt(x2, bottom)), (bottom - top) * h * 0.5,
                          (bottom - top) * h * 0.5)  # fmt: skip

    p.setPen(QPen(ink, max(1.0, w * 0.03)))
    p.setBrush(ink)
    if kind == "afv":
        tracks(0.08, 0.92, 0.62, 0.86)
        poly((0.06, 0.62), (0.14, 0.44), (0.86, 0.44), (0.95, 0.62))  # hull
        if unit.rule_value("closed_top") is False:  # open top: thin walls, no roof
            p.setPen(QPen(ink, max(1.0, w * 0.035)))
            p.drawLine(pt(0.3, 0.44), pt(0.36, 0.18))
            p.drawLine(pt(0.74, 0.44), pt(0.68, 0.18))
            p.drawLine(pt(0.36, 0.18), pt(0.44, 0.18))  # the gun shield's top, open behind
            p.setPen(QPen(ink, max(1.0, w * 0.06)))
            p.drawLine(pt(0.62, 0.3), pt(1.0, 0.3))  # the gun over the open top
        else:
            poly((0.3, 0.44), (0.36, 0.22), (0.7, 0.22), (0.74, 0.44))  # closed turret
            p.drawRect(QRectF(pt(0.7, 0.29), pt(1.0, 0.35)))  # gun
    elif kind == "fv":  # an armoured car: a wheeled hull and a small turret
        poly((0.06, 0.66), (0.12, 0.42), (0.88, 0.42), (0.95, 0.66))
        poly((0.38, 0.42), (0.42, 0.26), (0.64, 0.26), (0.68, 0.42))
        p.drawRect(QRectF(pt(0.64, 0.31), pt(0.9, 0.36)))
        for x in (0.22, 0.45, 0.78):
            wheel(x, 0.74, 0.09)
    elif kind == "half-track":
        poly((0.05, 0.62), (0.08, 0.36), (0.7, 0.36), (0.78, 0.46), (0.95, 0.5), (0.95, 0.62))
        wheel(0.82, 0.74, 0.08)
        tracks(0.08, 0.6, 0.64, 0.86)
    elif kind == "carrier":  # a low open tracked box
        tracks(0.08, 0.92, 0.58, 0.84)
        poly((0.08, 0.6), (0.12, 0.38), (0.88, 0.38), (0.94, 0.6))
        p.fillRect(QRectF(pt(0.3, 0.42), pt(0.7, 0.5)), back)  # the open top
    elif kind in ("truck", "prime-mover"):
        poly((0.05, 0.66), (0.05, 0.3), (0.62, 0.3), (0.62, 0.66))  # body
        poly((0.64, 0.66), (0.64, 0.4), (0.82, 0.4), (0.95, 0.52), (0.95, 0.66))  # cab
        p.fillRect(QRectF(pt(0.7, 0.44), pt(0.82, 0.52)), back)  # windscreen
        if kind == "prime-mover":  # half-tracked: a track under the body
            tracks(0.06, 0.6, 0.66, 0.88)
            wheel(0.84, 0.77, 0.08)
        else:
            for x in (0.2, 0.46, 0.84):
                wheel(x, 0.77, 0.08)
    elif kind == "wagon":
        poly((0.12, 0.56), (0.12, 0.34), (0.78, 0.34), (0.78, 0.56))
        p.drawLine(pt(0.78, 0.5), pt(1.0, 0.4))  # the shaft
        p.setBrush(Qt.BrushStyle.NoBrush)
        for x in (0.25, 0.65):
            wheel(x, 0.7, 0.11)
    elif kind == "towed-gun":
        p.setPen(QPen(ink, max(1.0, w * 0.06)))
        p.drawLine(pt(0.3, 0.5), pt(0.98, 0.32))  # barrel
        p.drawLine(pt(0.45, 0.55), pt(0.04, 0.82))  # trail
        poly((0.36, 0.26), (0.46, 0.26), (0.48, 0.6), (0.34, 0.6))  # shield
        p.setPen(QPen(ink, max(1.0, w * 0.045)))
        p.setBrush(back)
        wheel(0.45, 0.72, 0.1)
