"""Tactical counters (squads, weapons, vehicles, leaders) are drawn as tactical counters, not
Europa ones: their kind's symbol or silhouette, their values (fire value and morale; cohesion,
AV and ATV), their steps as pips and their state and markers as tags, at each level of detail.
The style follows the unit's own ``rules`` values, never the name of a ruleset."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap

from hexcombat.rules.counters import counters_from_source
from hexcombat.rules.status import FRESH, UnitStatus
from hexcombat.rules.units import Unit, unit_from_mapping
from hexcombat.sourcefile import TomlSource
from hexcombat.ui.counter_art import (
    NATIONALITY_COLOURS,
    PLAIN_BELOW,
    STEP_LOST,
    SYMBOL_BELOW,
    counter_colours,
    draw_counter,
    is_tactical,
    strength_text,
)

COUNTERS = Path(__file__).resolve().parents[2] / "counters"
SIZE = 100
LEVELS = {"plain": PLAIN_BELOW / 2, "symbol": (PLAIN_BELOW + SYMBOL_BELOW) / 2, "full": 100.0}
"""The three levels of detail, by the screen pixels a counter gets."""


def shipped(name: str) -> dict[str, Unit]:
    counters, found = counters_from_source(TomlSource.load(COUNTERS / name), lambda game: None)
    assert found == []
    return counters.counters


ALL = {**shipped("assault-morale.toml"), **shipped("lhy.toml")}


def render(
    u: Unit, pixels: float = 100.0, status: UnitStatus = FRESH, marks: tuple[str, ...] = ()
) -> QImage:
    """``u`` drawn into a 100-pixel pixmap as the map draws a counter ``pixels`` wide."""
    pixmap = QPixmap(SIZE, SIZE)
    pixmap.fill(Qt.GlobalColor.white)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    draw_counter(painter, QRectF(0, 0, SIZE, SIZE), u, "", pixels, (), status, marks)
    painter.end()
    return pixmap.toImage()


def colours_in(image: QImage) -> set[int]:
    return {image.pixel(x, y) for x in range(0, SIZE, 2) for y in range(0, SIZE, 2)}


def test_both_sets_are_drawn_as_tactical_counters() -> None:
    assert all(is_tactical(u) for u in ALL.values())
    europa = unit_from_mapping({"name": "Inf XX", "size": "XX", "attack": 5}, "test")
    assert not is_tactical(europa) and not is_tactical(replace(europa, steps=2))


@pytest.mark.parametrize("counter_id", sorted(ALL))
def test_every_counter_at_the_three_levels_of_detail(qapp, counter_id: str) -> None:
    u = ALL[counter_id]
    back, ink = counter_colours(u)
    plain, symbol, full = (render(u, LEVELS[k]) for k in ("plain", "symbol", "full"))
    assert colours_in(plain) == {back.rgb()}  # a plain square of its colour
    assert len(colours_in(symbol)) > 2 and symbol != plain  # its symbol on its colour
    assert full != symbol  # and its name, values and pips
    ink_shown = sum(
        abs(QColor(p).lightness() - ink.lightness()) < 40 for p in _pixels(symbol)
    )  # fmt: skip
    assert ink_shown > 150  # not a blank counter: the symbol is drawn in its ink


def _pixels(image: QImage) -> list[int]:
    return [image.pixel(x, y) for x in range(15, 85) for y in range(15, 85)]


def test_each_kind_has_a_symbol_of_its_own(qapp) -> None:
    by_kind: dict[str, QImage] = {}
    for u in ALL.values():
        if u.nationality == "german" or u.rule_value("kind") not in by_kind:
            by_kind.setdefault(str(u.rule_value("kind")), render(replace(u, nationality="us"), 20))
    kinds = sorted(by_kind)
    assert len(kinds) == 20  # 11 kinds of file 001, 12 of file 004; squad, leader, afv in both
    for i, a in enumerate(kinds):
        for b in kinds[i + 1 :]:
            assert by_kind[a] != by_kind[b], (a, b)


def test_the_marks_that_set_a_unit_apart_within_its_kind(qapp) -> None:
    t34, gds = ALL["su-t34"], ALL["su-gds-t34"]
    assert render(replace(gds, name=t34.name, rules=t34.rules)) != render(
        replace(gds, name=t34.name)
    )  # the Guard mark
    closed = ALL["ge-pz-iv"]
    open_top = replace(closed, rules=tuple((k, False if k == "closed_top" else v)
                                           for k, v in closed.rules))  # fmt: skip
    assert render(closed, 20) != render(open_top, 20)
    leader = ALL["ge-leader-inf"]
    better = replace(leader, rules=tuple((k, 2 if k == "leader_modifier" else v)
                                         for k, v in leader.rules))  # fmt: skip
    assert render(leader) != render(better)  # the modifier on the star
    squad, pioneers = ALL["ge-rifle-sqd"], ALL["ge-pioneer-sqd"]
    assert render(squad, 20) != render(
        replace(squad, rules=pioneers.rules, unit_type="engineer"), 20
    )


def test_the_values_a_tactical_counter_prints() -> None:
    assert strength_text(ALL["ge-rifle-sqd"]) == "5-8"  # fire value - morale
    assert strength_text(ALL["lhy-us-afv"]) == "7 AV3 ATV4"  # cohesion, AV, ATV
    assert strength_text(ALL["lhy-ge-half-track"]) == "5 AV1 ATV-1"


PIP_2 = (range(6, 15), range(35, 44))
"""Around the second step pip down the left edge (pips from y 28, one every 11 pixels)."""


def red_in(image: QImage, xs: range, ys: range) -> int:
    return sum(
        all(abs(a - b) < 50 for a, b in zip(image.pixelColor(x, y).getRgb()[:3],
                                              STEP_LOST.getRgb()[:3], strict=True))
        for x in xs for y in ys
    )  # fmt: skip


def test_steps_are_pips_and_a_lost_step_a_hollow_red_pip(qapp) -> None:
    squad = ALL["ge-rifle-sqd"]  # 2 steps
    fresh, reduced = render(squad), render(squad, status=UnitStatus(steps_lost=1))
    assert red_in(fresh, *PIP_2) == 0
    assert red_in(reduced, *PIP_2) > 8
    assert reduced != fresh


@pytest.mark.parametrize(
    ("status", "marks"),
    [
        (UnitStatus(state="disrupted"), ("Dis",)),
        (UnitStatus(state="demoralized"), ("Dem",)),
        (UnitStatus(markers=frozenset({"heroic"})), ("Heroic",)),
        (UnitStatus(markers=frozenset({"in-motion", "shocked"})), ("Motion", "Shock")),
    ],
)
def test_state_and_markers_show_as_tags(qapp, status: UnitStatus, marks: tuple[str, ...]) -> None:
    afv = ALL["lhy-ge-afv"]
    fresh, marked = render(afv), render(afv, status=status, marks=marks)
    assert marked != fresh
    tag_area = [
        marked.pixel(x, y) != fresh.pixel(x, y) for x in range(70, 98) for y in range(22, 40)
    ]
    assert sum(tag_area) > 40  # the first tag, down the right edge below the name
    assert render(afv, LEVELS["symbol"], status, marks) == render(afv, LEVELS["symbol"])


def test_the_five_nations_have_colours_of_their_own() -> None:
    nations = ("german", "soviet", "japanese", "us", "british")
    assert all(n in NATIONALITY_COLOURS for n in (*nations, "russian"))
    assert len({NATIONALITY_COLOURS[n][0] for n in nations}) == 5
    assert NATIONALITY_COLOURS["russian"] == NATIONALITY_COLOURS["soviet"]
