"""The Terrain Legend's counters section: what the markings on a counter mean (the heavy armour
and heavy antitank bands, the nationality band, the steps lost, step pips, the state and marker
tags), each drawn by the same code that draws the counters on the map."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap

from hexcombat.rules.registry import unit_capability_kinds
from hexcombat.rules.status import FRESH, UnitStatus
from hexcombat.rules.units import Unit, unit_from_mapping
from hexcombat.ui.counter_art import draw_counter

SAMPLE_PX = 96
"""A sample counter's size: drawn whole (every marking), shown as the legend's icon."""


@dataclass(frozen=True)
class CounterMark:
    """One marking of the counters, with a counter that shows it."""

    name: str
    how: str
    unit: Unit
    side: str = ""
    sides: tuple[str, ...] = ()
    status: UnitStatus = FRESH
    marks: tuple[str, ...] = ()


def _unit(**keys: object) -> Unit:
    data = {"name": "Tank X", "size": "X", "type": "armour", "nationality": "soviet"}
    return unit_from_mapping({**data, "attack": 4, "defence": 3, "movement": 6, **keys}, "legend")


def _squad() -> Unit:
    data = {"name": "Rifle Sqd", "type": "infantry", "nationality": "us", "steps": 2}
    return unit_from_mapping(
        {**data, "rules": {"kind": "squad", "cohesion": 6}}, "legend", tactical=True
    )


def _rule(key: str) -> str:
    """`` (rule)`` citing the rule a declared unit capability reads the marking ``key`` by
    (heavy armour's, from the ruleset that declares it); nothing when none declares it."""
    for kind in unit_capability_kinds():
        rule = getattr(kind, "key_rules", {}).get(key)
        if rule:
            return f" ({rule})"
    return ""


def counter_marks() -> list[CounterMark]:
    """Every marking a counter may carry, in the order a player meets them."""
    return [
        CounterMark(
            "Heavy armour band",
            f"black band across the upper left corner: heavy armour effects{_rule('heavy_armour')}",
            _unit(name="Hv Tank X", heavy_armour=True),
        ),
        CounterMark(
            "Heavy antitank band",
            "purple band across the upper left corner: heavy antitank effects"
            + _rule("heavy_antitank"),
            _unit(name="Hv Mot AA II", size="II", type="anti-aircraft", heavy_antitank=True),
        ),
        CounterMark(
            "Nationality band",
            "a band along the top in the unit's own nationality's colour, when it is not its "
            "side's (a Romanian unit of the Axis)",
            _unit(name="Inf XX", size="XX", type="infantry", nationality="romanian"),
            "Axis",
            ("Axis", "Soviet"),
        ),
        CounterMark(
            "Steps lost",
            "red stripe and tag down the right edge: the steps lost (-1), or the steps left of "
            "the unit's (1/2)",
            _unit(steps=2),
            status=UnitStatus(steps_lost=1),
        ),
        CounterMark(
            "Step pips",
            "tactical counters: a full pip down the left edge for each step left, a hollow red "
            "one for each step lost",
            _squad(),
            status=UnitStatus(steps_lost=1),
        ),
        CounterMark(
            "State tag",
            "yellow tag: its morale or cohesion state, as the ruleset names it (Dis: disrupted, "
            "Dem: demoralized)",
            _squad(),
            status=UnitStatus(state="disrupted"),
            marks=("Dis",),
        ),
        CounterMark(
            "Marker tag",
            "white tag: a marker on it (Heroic, Motion: in motion, Shock: shocked)",
            _squad(),
            status=UnitStatus(markers=frozenset({"heroic"})),
            marks=("Heroic",),
        ),
    ]


def counter_swatch(mark: CounterMark) -> QPixmap:
    """``mark``'s counter as the map draws it, whole."""
    pixmap = QPixmap(SAMPLE_PX, SAMPLE_PX)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = QRectF(2, 2, SAMPLE_PX - 4, SAMPLE_PX - 4)
    draw_counter(
        painter, rect, mark.unit, mark.side, float(SAMPLE_PX), mark.sides, mark.status, mark.marks
    )
    painter.end()
    return pixmap
